//! The rule-book value: the default book, books found by name, each book's
//! table holding only its spells, and gestures read through the book.

use super::*;
use crate::engine::test_support::{duel, play};
use crate::engine::Outcome;

/// Rules under which no gesture completes anything: an empty table.
static NO_SPELLS: RuleSet = RuleSet::new(Book {
    spells: &[],
    ..original::BOOK
});

#[test]
fn a_duel_plays_by_the_original_unless_told_otherwise() {
    let d = duel(&["A", "B"]);
    assert_eq!(d.rules(), RuleSet::original());
    assert_eq!(d.rules().name, "spellcast");
    assert_ne!(d.rules(), &NO_SPELLS);
}

#[test]
fn books_are_found_by_name() {
    assert_eq!(RuleSet::by_name("spellcast"), Some(RuleSet::original()));
    assert_eq!(
        RuleSet::by_name("gesticulation").map(|r| r.name),
        Some("gesticulation")
    );
    assert_eq!(RuleSet::by_name("chess"), None);
}

/// The original's book (its manual page): 42 spells plus the stab;
/// Gesticulation's text replaces Summon Elemental and Protection from
/// Evil and adds Iceball.
#[test]
fn each_book_lists_only_its_spells() {
    let o = RuleSet::original();
    assert_eq!(o.spells.len(), 43);
    assert!(!o.has(Spell::Iceball));
    let g = RuleSet::by_name("gesticulation").expect("book");
    for s in [
        Spell::Iceball,
        Spell::SummonFireElemental,
        Spell::SummonIceElemental,
        Spell::ProtectionFromHarm,
    ] {
        assert!(g.has(s), "{s:?}");
    }
    assert!(!g.has(Spell::SummonElemental));
    assert!(!g.has(Spell::ProtectionFromEvil));
    assert_eq!(g.info(Spell::ProtectionFromEvil).target, TargetKind::None);
    for r in RuleSet::ALL {
        for (i, row) in r.spells.iter().enumerate() {
            let found = r.info(row.spell);
            assert_eq!(found.gestures, r.spells[i].gestures, "{:?}", row.spell);
            assert_eq!(found.group, r.spells[i].group, "{:?}", row.spell);
        }
    }
}

#[test]
fn the_duel_reads_gestures_through_its_rule_set() {
    let mut original = duel(&["A", "B"]);
    play(&mut original, &["PP --"]);
    assert_eq!(
        original.outcome(),
        Some(Outcome::Winner(crate::engine::PlayerId::new(1)))
    );
    let mut other = duel(&["A", "B"]);
    other.rules = &NO_SPELLS;
    play(&mut other, &["PP --"]);
    assert_eq!(other.outcome(), None, "no surrender without its spell");
}
