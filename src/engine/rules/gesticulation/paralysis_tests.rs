//! Gesticulation's Paralysis, with hit points worked out by hand from the
//! Paralysis text (spellcast-rules(7), GESTICULATION), never read off the engine.

use super::test_play::{self, duel, hp};
use crate::engine::question::{CastHand, Choice, QuestionKind};
use crate::engine::{BeingId, Duel, Hand, Spell};

/// Plays rounds of `"LR LR"`: each Paralysis names the hand it is cast
/// from; a spell of `aims` is aimed as it says; a crowded hand casts
/// `prefer`; everything else takes its pre-filled answer.
fn play(duel: &mut Duel, rounds: &[&str], aims: &[(Spell, Choice)], prefer: Spell) {
    test_play::play(duel, rounds, |q| match q.kind {
        QuestionKind::ParalyzeHand { hand, .. } => {
            Some(Choice::Hand(if hand == Some(CastHand::Right) {
                Hand::Right
            } else {
                Hand::Left
            }))
        }
        QuestionKind::Target { spell, .. } => {
            aims.iter().find(|(s, _)| *s == spell).map(|&(_, c)| c)
        }
        QuestionKind::SpellChoice { .. } => Some(Choice::Spell {
            spell: prefer,
            both: false,
        }),
        _ => None,
    });
}

/// "If a wizard is hit by a paralysis spell to both hands, neither will
/// affect him": A's left-hand Paralysis names B's left, his right-hand one
/// her right. Her right waved, so a working Paralysis there would make a
/// P, a Shield against A's stab next turn; free, she takes it: 15 - 1.
#[test]
fn paralyses_at_both_hands_leave_the_wizard_free() {
    let mut d = duel();
    let b = BeingId::new(1);
    play(
        &mut d,
        &["FF --", "FF --", "FF -W", "-k --"],
        &[(Spell::Paralysis, Choice::Being(b))],
        Spell::Paralysis,
    );
    assert_eq!(hp(&d, 1), 14);
}

/// "Exception: Elementals are immune": B's Paralysis at A's fire
/// elemental does not stop its attack. The elemental hits both wizards
/// for 3 in each of rounds 5 to 8: 15 - 12 = 3 each (a paralysed one
/// would have spared round 8: 6).
#[test]
fn an_elemental_is_immune_to_paralysis() {
    let mut d = duel();
    let elemental = BeingId::new(2);
    play(
        &mut d,
        &[
            "CC --", "S- --", "W- --", "W- --", "S- --", "-- F-", "-- F-", "-- F-",
        ],
        &[(Spell::Paralysis, Choice::Being(elemental))],
        Spell::SummonFireElemental,
    );
    assert_eq!(
        d.being(elemental).kind,
        crate::engine::BeingKind::FireElemental
    );
    assert_eq!(hp(&d, 1), 3);
    assert_eq!(hp(&d, 0), 3);
}

/// A target may be "the elemental he is about to create" (the text's own
/// example; `#N`, spellcast-script(5)): A's Missile at monster #1, which B's
/// Summon Goblin makes that turn, kills it (1 point). "A dying monster
/// will attack in the turn it is destroyed": its attack on A lands, 15 - 1.
#[test]
fn a_spell_at_a_monster_about_to_be_made_hits_it() {
    let mut d = duel();
    play(
        &mut d,
        &["-- S-", "S- F-", "D- W-"],
        &[(Spell::Missile, Choice::NewMonster(1))],
        Spell::Missile,
    );
    let goblin = d.being(BeingId::new(2));
    assert_eq!(goblin.kind, crate::engine::BeingKind::Goblin);
    assert!(!goblin.alive());
    assert_eq!(hp(&d, 0), 14);
}

/// "The two-handed gesture is the clap(C), and must be performed with
/// both hands or else is counted as (idle)": B claps with her right hand
/// alone while A finishes a Paralysis (F-F-F, his right hand) naming her right. Her
/// row keeps nothing there, so next turn the paralysed hand repeats
/// nothing, not the D a clap becomes under Paralysis.
#[test]
fn a_one_handed_clap_is_idle_even_under_paralysis() {
    use crate::engine::Gesture;
    let mut d = duel();
    let b = BeingId::new(1);
    play(
        &mut d,
        &["-F --", "-F --", "-F -C", "-- -S"],
        &[(Spell::Paralysis, Choice::Being(b))],
        Spell::Paralysis,
    );
    let rows = &d.being(b).history;
    let right = |turn: usize| rows[rows.len() - 5 + turn].gesture(Hand::Right);
    assert_eq!(right(3), Some(Gesture::Nothing), "the lone clap is idle");
    assert_eq!(
        right(4),
        Some(Gesture::Nothing),
        "the paralysed hand repeats idle"
    );
}
