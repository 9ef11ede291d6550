//! Gesticulation's timing rules beyond the scenarios of tests/variants
//! (Delayed Effect's `delay`, Invisibility against monsters), with hit
//! points worked out by hand from the text and spellcast-rules(7), GESTICULATION.

use super::test_play::{duel, hp, play};
use crate::engine::question::{Choice, Question, QuestionKind};
use crate::engine::{BeingId, Spell};

fn a() -> BeingId {
    BeingId::new(0)
}

/// GESTICULATION: "A spell aimed at `delay` whose Delayed Effect fails that
/// turn is lost." A completes Delayed Effect (left) and a Missile (right)
/// in round 6 and aims the Missile at `delay`; B's Counter-spell on A
/// stops the Delayed Effect. The Missile neither hits B nor is banked:
/// B keeps 15, A holds nothing and is asked no `release` next turn.
#[test]
fn a_spell_aimed_at_a_countered_delayed_effect_is_lost() {
    let mut d = duel();
    let pick = |q: &Question| match q.kind {
        QuestionKind::SpellChoice { .. } => q.options.iter().copied().find(|o| {
            matches!(o, Choice::Spell { spell, .. }
                if matches!(spell, Spell::DelayedEffect | Spell::CounterSpell))
        }),
        QuestionKind::Target {
            spell: Spell::Missile,
            ..
        } => Some(Choice::Delay),
        QuestionKind::Target {
            spell: Spell::CounterSpell | Spell::DelayedEffect,
            ..
        } => Some(Choice::Being(a())),
        _ => None,
    };
    let rounds = [
        "D- --", "W- --", "S- --", "S- W-", "SS P-", "PD P-", "-- --",
    ];
    let asked = play(&mut d, &rounds, pick);
    assert!(asked.iter().any(|q| matches!(
        q.kind,
        QuestionKind::Target {
            spell: Spell::Missile,
            ..
        }
    ) && q.options.contains(&Choice::Delay)));
    assert!(!asked
        .iter()
        .any(|q| matches!(q.kind, QuestionKind::Release { .. })));
    assert_eq!(d.being(a()).fx.bank, None);
    assert_eq!(hp(&d, 1), 15);
}

/// `delay` is a target answer only with a Delayed Effect running or cast
/// that turn: A's plain Missile offers B and nobody, not `delay`, and hits.
#[test]
fn delay_is_no_answer_without_a_delayed_effect() {
    let mut d = duel();
    let asked = play(&mut d, &["S- --", "D- --"], |_| None);
    let missile = asked
        .iter()
        .find(|q| {
            matches!(
                q.kind,
                QuestionKind::Target {
                    spell: Spell::Missile,
                    ..
                }
            )
        })
        .expect("the Missile is aimed");
    assert!(!missile.options.contains(&Choice::Delay));
    assert_eq!(hp(&d, 1), 14);
}

/// Invisibility: "On the three turns after this spell is cast ...
/// Monsters may not attack the target." A's goblin (S-F-W, round 3)
/// attacks B at once (14); B's Invisibility (P-P-w-s) of round 4 does not
/// stop that round's attack (13); rounds 5-7 it cannot see her; in round
/// 8 it hits again (12). A is never hurt.
#[test]
fn a_monster_cannot_see_the_invisible_for_three_turns_after_the_spell() {
    let mut d = duel();
    let mut seen = Vec::new();
    let rounds = [
        "S- P-", "F- P-", "W- WW", "-- SS", "-- --", "-- --", "-- --", "-- --",
    ];
    for r in rounds {
        play(&mut d, &[r], |_| None);
        seen.push(hp(&d, 1));
    }
    assert_eq!(seen, [15, 15, 14, 13, 13, 13, 13, 12]);
    assert_eq!(hp(&d, 0), 15);
}
