//! Gesticulation's rules, with hit points worked out by hand from the
//! Gesticulation text and spellcast-rules(7), GESTICULATION (never read off the engine).

use super::test_play::{self, duel, hp};
use super::RULES;
use crate::engine::question::{Choice, QuestionKind};
use crate::engine::{Duel, Spell};

/// Plays rounds of `"LR LR"`, answering a crowded hand with `prefer` when
/// offered and everything else with the pre-filled answer.
fn play(duel: &mut Duel, rounds: &[&str], prefer: Spell) {
    test_play::play(duel, rounds, |q| match q.kind {
        QuestionKind::SpellChoice { .. } => q
            .options
            .iter()
            .find(|o| matches!(o, Choice::Spell { spell, .. } if *spell == prefer))
            .copied(),
        _ => None,
    });
}

/// Iceball: "5 points of cold damage unless under Resist Cold"; Resist
/// Heat does not help. A's S-D inside F-S-S-D-D is a Missile (1) at B, the
/// Iceball 5 more: 15 - 1 - 5 = 9.
#[test]
fn iceball_goes_through_resist_heat() {
    let mut d = duel();
    play(
        &mut d,
        &["F- --", "S- W-", "S- W-", "D- F-", "D- P-"],
        Spell::Iceball,
    );
    assert_eq!(hp(&d, 1), 9);
    assert_eq!(hp(&d, 0), 15);
}

/// Charm Person: next turn B may not aim a spell at A (her Missile's
/// menu has no A, and the pre-filled answer skips him), but stabs stay
/// allowed (GESTICULATION): A loses only the stab's 1 point.
#[test]
fn a_charmed_wizard_cannot_aim_at_her_charmer_but_may_stab_him() {
    let mut d = duel();
    play(
        &mut d,
        &["P- --", "S- --", "D- --", "F- S-", "-- Dk"],
        Spell::CharmPerson,
    );
    assert_eq!(hp(&d, 0), 14);
    assert!(d.outcome().is_none());
}

/// The book lists only its spells: Summon Elemental and Protection from
/// Evil are not in it, and W-W-P casts Protection from Harm.
#[test]
fn the_book_has_its_own_spells() {
    assert!(!RULES.has(Spell::SummonElemental));
    assert!(!RULES.has(Spell::ProtectionFromEvil));
    assert_eq!(RULES.info(Spell::ProtectionFromHarm).gestures, "WWP");
    assert_eq!(RULES.info(Spell::Iceball).gestures, "FSSDD");
    assert!(
        !RULES.info(Spell::Haste).extendable,
        "Haste no longer Permanency-able"
    );
    assert!(
        RULES.info(Spell::Disease).extendable,
        "Disease is Permanency-able"
    );
}

/// W-W-P is Protection from Harm in this book, which has no Protection
/// from Evil: the view's effects, the narration and the ending of the
/// enchantment all name it so (spellcast-rules(7), GESTICULATION).
#[test]
fn protection_from_harm_is_named_as_the_book_names_it() {
    use crate::engine::{PlayerId, Viewer};
    let mut d = duel();
    play(
        &mut d,
        &["W- --", "W- --", "P- --"],
        Spell::ProtectionFromHarm,
    );
    let view = d.seat_view(PlayerId::new(1)).view();
    let effects: Vec<Spell> = view.beings[0].effects.iter().map(|e| e.spell).collect();
    assert_eq!(effects, [Spell::ProtectionFromHarm]);
    play(&mut d, &["-- --", "-- --", "-- --", "-- --"], Spell::Shield);
    let (lines, _) = d.narration_since(Viewer::Observer, 0);
    let text = lines.join("\n");
    assert!(
        text.contains("A Protection from Harm springs up around A."),
        "{text}"
    );
    assert!(
        text.contains("The Protection from Harm around A fades away."),
        "{text}"
    );
    assert!(!text.contains("Evil"), "{text}");
}
