//! Death Match's rules checked against the text (spellcast-rules(7), DEATH MATCH), each
//! expected value worked out from the rule quoted.

use super::RULES;
use crate::engine::test_support::{duel_under, hp, play};
use crate::engine::{Duel, PlayerSpec};

fn duel() -> Duel {
    duel_under(&RULES)
}

#[test]
fn wizards_start_with_twenty() {
    let d = duel();
    assert_eq!((hp(&d, 0), hp(&d, 1)), (20, 20));
}

/// "The spell deals 1 damage for every Snap gesture performed": S S S D is 3.
#[test]
fn missile_swarm_counts_the_snaps() {
    let mut d = duel();
    play(&mut d, &["S- --", "S- --", "S- --", "D- --"]);
    assert_eq!(hp(&d, 1), 17);
}

/// "You can only stab with your right hand": a left stab is nothing, a right one hurts 1.
#[test]
fn only_the_right_hand_stabs() {
    let mut d = duel();
    play(&mut d, &["k- --"]);
    assert_eq!(hp(&d, 1), 20);
    play(&mut d, &["-k --"]);
    assert_eq!(hp(&d, 1), 19);
}

/// Unannounced clap spells do not work: c-W (Fear) with the pre-filled
/// announcement `nothing`, then the same with no effect on B's next digit.
#[test]
fn a_clap_spell_needs_its_announcement() {
    let mut d = duel();
    play(&mut d, &["CC --", "W- --", "-- D-", "-- S-"]);
    // Had Fear worked, B's digit would be nothing and no Missile Swarm could follow;
    // here D-S is no spell either, so check the history instead: B's digit stands.
    let row = d.beings()[1].history[2];
    assert_eq!(
        row.gesture(crate::engine::Hand::Left),
        Some(crate::engine::Gesture::Digit)
    );
}

/// "The holder of an Onyx may beam it once a duel, with one hand": the
/// engine itself refuses a beam from a wizard without one, a second beam,
/// and two beams at once; the one beam taken costs 3.
#[test]
fn the_onyx_beams_once_for_its_holder_only() {
    use crate::engine::{Gesture, MoveError, PlayerId};
    let beam = Some((Gesture::Onyx, Gesture::Nothing));
    let idle = Some((Gesture::Nothing, Gesture::Nothing));
    let (a, b) = (PlayerId::new(0), PlayerId::new(1));
    let mut d = duel();
    assert_eq!(d.start_round(&[beam, idle]), Err(MoveError::NoOnyx(a)));
    assert_eq!(d.give_onyx(a), Ok(()));
    assert!(d.holds_onyx(a) && !d.holds_onyx(b));
    let both = Some((Gesture::Onyx, Gesture::Onyx));
    assert_eq!(d.start_round(&[both, idle]), Err(MoveError::TwoBeams(a)));
    assert_eq!(d.start_round(&[idle, beam]), Err(MoveError::NoOnyx(b)));
    play(&mut d, &["O- --"]);
    assert_eq!(hp(&d, 1), 17);
    assert!(!d.holds_onyx(a));
    for _ in 0..2 {
        assert_eq!(d.start_round(&[beam, idle]), Err(MoveError::NoOnyx(a)));
    }
    assert_eq!(hp(&d, 1), 17);
}

/// Only a book with the beam hands out an Onyx.
#[test]
fn no_onyx_under_a_book_without_the_beam() {
    use crate::engine::{OnyxError, PlayerId, RuleSet};
    let specs = [PlayerSpec::parse("A"), PlayerSpec::parse("B")];
    let mut d = Duel::with_rules(&specs, 1, RuleSet::original()).expect("two players");
    assert_eq!(
        d.give_onyx(PlayerId::new(0)),
        Err(OnyxError::NotInBook("spellcast"))
    );
    assert_eq!(
        duel().give_onyx(PlayerId::new(2)),
        Err(OnyxError::NoSuchPlayer(PlayerId::new(2)))
    );
}

/// "Everything else, ... the monsters' orders included, is asked before
/// [the reveal]" (spellcast-rules(7), DEATH MATCH): while A orders the
/// goblin he summons (W-W-S), B's newest row is still hidden from him.
#[test]
fn monster_orders_are_asked_before_the_reveal() {
    use crate::engine::{Gesture, PlayerId, QuestionKind, Seen, Step};
    let (a, b) = (PlayerId::new(0), PlayerId::new(1));
    let mut d = duel();
    play(&mut d, &["W- --", "W- --"]);
    let moves = [
        Some((Gesture::Snap, Gesture::Nothing)),
        Some((Gesture::Digit, Gesture::Nothing)),
    ];
    let mut step = d.start_round(&moves).expect("legal");
    let mut ordered = false;
    while step == Step::Questions {
        let who = d.waiting_on().next().expect("someone is waited on");
        if who == a
            && d.open_questions(a)
                .iter()
                .any(|q| matches!(q.kind, QuestionKind::Monster { .. }))
        {
            ordered = true;
            let view = d.view(a);
            assert!(view.before_reveal);
            assert_eq!(
                view.gestures[b.index()].last(),
                Some(&[Seen::Unrevealed; 2])
            );
        }
        let answers = d.default_answers(who);
        step = d.answer(who, &answers).expect("legal answers");
    }
    assert!(ordered, "A orders his new goblin");
    // The default order sends the goblin at B: 1 damage (goblin: 1).
    assert_eq!(hp(&d, 1), 19);
}

/// "A one-handed C is nothing" holds for the row as the charm leaves it:
/// B claps with both hands on the turn after A's Charm (P-W-W-P) seized
/// one of them, A makes that hand a palm, so B's other hand claps alone
/// and counts as nothing; no announcement is asked, the row is no clap.
#[test]
fn a_clap_the_charm_leaves_alone_is_nothing() {
    use crate::engine::{Choice, Gesture, Mark, Question, QuestionKind, Spell, Step};
    /// Answers `who`'s open questions: pre-filled, but a palm for the
    /// charmed hand; notes the seized hand and any announcement asked.
    fn answer(d: &mut Duel, seized: &mut Option<Hand>, announced: &mut bool) -> Step {
        let who = d.waiting_on().next().expect("someone is waited on");
        let open: Vec<Question> = d.open_questions(who).to_vec();
        let mut answers = d.default_answers(who);
        for (q, a) in open.iter().zip(&mut answers) {
            match q.kind {
                QuestionKind::CharmGesture { hand, .. } => {
                    *seized = Some(hand);
                    let palm = Choice::Gesture(Gesture::Palm);
                    *a = q.options.iter().position(|&o| o == palm).expect("a palm");
                }
                QuestionKind::Announce => *announced = true,
                QuestionKind::SpellChoice { .. } => {
                    let charm = |o: &Choice| matches!(o, Choice::Spell { spell, .. } if *spell == Spell::Charm);
                    *a = q.options.iter().position(charm).expect("Charm offered");
                }
                _ => {}
            }
        }
        d.answer(who, &answers).expect("legal answers")
    }
    use crate::engine::Hand;
    let mut d = duel();
    play(&mut d, &["P- --", "W- --", "W- --"]);
    let (mut seized, mut announced) = (None, false);
    let idle = Some((Gesture::Nothing, Gesture::Nothing));
    let palm = Some((Gesture::Palm, Gesture::Nothing));
    let clap = Some((Gesture::Clap, Gesture::Clap));
    for moves in [[palm, idle], [idle, clap]] {
        while d.waiting_on().next().is_some() {
            answer(&mut d, &mut seized, &mut announced);
        }
        let mut step = d.start_round(&moves).expect("legal moves");
        while step == Step::Questions {
            step = answer(&mut d, &mut seized, &mut announced);
        }
    }
    let seized = seized.unwrap_or_else(|| panic!("{}", d.transcript()));
    let row = *d.beings()[1].history.last().expect("B's row");
    assert_eq!(row.marks[seized.index()], Mark::Made(Gesture::Palm));
    assert_eq!(
        row.marks[seized.other().index()],
        Mark::Made(Gesture::Nothing)
    );
    assert!(!announced, "no two-handed clap, no announcement");
}
