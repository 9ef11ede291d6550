//! What a new book must bring, checked over every book listed (the
//! fixture book included), so that forgetting it fails here rather than
//! silently: every spell of its table does something when cast, and the
//! computer knows the element of each of its bolts.

use super::RuleSet;
use crate::computer::{element, Element};
use crate::engine::gesture::{Gesture, Hand};
use crate::engine::narrate::{CastingEvent, CourseEvent, Event};
use crate::engine::question::Choice;
use crate::engine::spellbook::{Group, SpellInfo};
use crate::engine::test_support::{duel_under, p};
use crate::engine::{Duel, Step};

/// Answers every open question, taking the option that names `row`'s
/// spell where one does (a crowded hand's choice, Death Match's clap
/// announcement) and the pre-filled answer elsewhere.
fn answer_for(duel: &mut Duel, row: &SpellInfo, mut step: Step) -> Step {
    while step == Step::Questions {
        let who = duel.waiting_on().next().expect("someone is waited on");
        let mut answers = duel.default_answers(who);
        for (q, a) in duel.open_questions(who).iter().zip(&mut answers) {
            let names =
                |o: &Choice| matches!(o, Choice::Spell { spell, .. } if *spell == row.spell);
            if let Some(i) = q.options.iter().position(names) {
                *a = i;
            }
        }
        step = duel.answer(who, &answers).expect("legal answers");
    }
    step
}

/// A makes the row's gestures (a one-handed step with the right hand if
/// the book lets it make every one of them, else the left; an Onyx given
/// first if the row needs one), or all but the last, while B's right hand
/// ends a Missile (S-D) at A on the same round; returns what the last
/// round told but A's casting and the round's heading, and what lasts on
/// each being, or why the spell was not cast.
fn cast_at_missile(
    rules: &'static RuleSet,
    row: &SpellInfo,
    complete: bool,
) -> Result<(Vec<Event>, Vec<String>), String> {
    let mut d = duel_under(rules);
    let mut steps: Vec<(Gesture, bool)> = row.steps().collect();
    if steps.iter().any(|&(g, _)| g == Gesture::Onyx) {
        d.give_onyx(p(0)).map_err(|e| e.to_string())?;
    }
    let right = steps
        .iter()
        .all(|&(g, both)| both || rules.allows(Hand::Right, g));
    if !complete {
        steps.pop();
        steps.push((Gesture::Nothing, true));
    }
    let rounds = steps.len().max(2);
    let mut theirs = vec![Gesture::Nothing; rounds - 2];
    theirs.extend([Gesture::Snap, Gesture::Digit]);
    let mut since = 0;
    for (i, &b) in theirs.iter().enumerate() {
        let (g, both) = match (i + steps.len()).checked_sub(rounds) {
            Some(k) => steps[k],
            None => (Gesture::Nothing, true),
        };
        let mine = match (both, right) {
            (true, _) => (g, g),
            (false, true) => (Gesture::Nothing, g),
            (false, false) => (g, Gesture::Nothing),
        };
        since = d.events().len();
        let moves = [Some(mine), Some((Gesture::Nothing, b))];
        let step = d.start_round(&moves).map_err(|e| e.to_string())?;
        if let Step::Over(_) = answer_for(&mut d, row, step) {
            break;
        }
    }
    let mut told = d.events()[since..].to_vec();
    let before = told.len();
    told.retain(|e| match e {
        Event::Casting(CastingEvent::Casts(c)) => c.caster.index() != 0,
        Event::Course(CourseEvent::TurnHeader { .. }) => false,
        _ => true,
    });
    let casts = before - told.len() - 1;
    if complete && casts == 0 {
        return Err(format!("not cast: {told:?}"));
    }
    // What lasts without being told (Gesticulation's Charm Person marks
    // its subject): each being's hit points, enchantments and marks.
    let lasting = d
        .beings
        .iter()
        .map(|b| format!("{} {:?} {:?}", b.hp, b.fx, b.marks))
        .collect();
    Ok((told, lasting))
}

/// Every spell of every book, cast at its pre-filled target on the round
/// the other wizard's Missile lands, changes what the round tells or what
/// lasts on a being: a spell
/// a book lists but no stage of its resolver handles would be cast and do
/// nothing, silently. (The Missile gives the shields and mirrors something
/// to stop.)
#[test]
fn every_spell_of_every_book_acts_when_cast() {
    for rules in RuleSet::ALL {
        for row in rules.spells {
            if matches!(row.group, Group::Stab | Group::NotCast) {
                continue;
            }
            let run = |complete| {
                cast_at_missile(rules, row, complete)
                    .unwrap_or_else(|e| panic!("{} {:?}: {e}", rules.name, row.spell))
            };
            let (with, without) = (run(true), run(false));
            assert_ne!(with, without, "{} {:?} did nothing", rules.name, row.spell);
        }
    }
}

/// Each book's bolts carry the element the computer gives them, so that
/// it resists and counters them as the engine deals them.
#[test]
fn the_computer_knows_every_bolts_element() {
    for rules in RuleSet::ALL {
        for bolt in rules.bolts {
            let expected = if bolt.cold {
                Element::Cold
            } else {
                Element::Fire
            };
            assert_eq!(
                element(bolt.spell),
                Some(expected),
                "{} {:?}",
                rules.name,
                bolt.spell
            );
        }
    }
}
