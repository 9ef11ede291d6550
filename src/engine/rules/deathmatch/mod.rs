//! Death Match (`--rules deathmatch`): a two-player remake of the duel
//! read as spellcast-rules(7), DEATH MATCH says: twenty spells, 20 hit points, no F,
//! announced claps, a right-hand stab and the Onyx beam. The table is in
//! `table.rs`, the announcements in `claps.rs`, the resolution in
//! `resolve.rs` (with the shared stages it keeps).

mod claps;
mod marks;
mod monsters;
mod resolve;
mod table;
mod zaps;

use super::original::{BOOK, FIREBALL};
use super::{Announcing, Bolt, Book, Quirks, RuleSet};
use crate::engine::duel::Duel;
use crate::engine::gesture::Gesture;
use crate::engine::narrate::Harm;
use crate::engine::round::Stage;
use crate::engine::spellbook::Spell;
pub(crate) use marks::Marks;
pub(crate) use table::TABLE;
pub(crate) use zaps::Zaps;

/// Either hand: no F ("Gestures C D P S W only"); the onyx (`O`) for its holder.
static LEFT: [Gesture; 7] = [
    Gesture::Nothing,
    Gesture::Palm,
    Gesture::Digit,
    Gesture::Wave,
    Gesture::Clap,
    Gesture::Snap,
    Gesture::Onyx,
];

/// The right hand also stabs ("You can only stab with your right hand").
static RIGHT: [Gesture; 8] = [
    Gesture::Nothing,
    Gesture::Palm,
    Gesture::Digit,
    Gesture::Wave,
    Gesture::Clap,
    Gesture::Snap,
    Gesture::Stab,
    Gesture::Onyx,
];

/// A `static`, so that it has one address and rule sets compare by it.
pub(crate) static RULES: RuleSet = RuleSet::new(Book {
    name: "deathmatch",
    title: "Death Match",
    spells: &TABLE,
    gestures: [&LEFT, &RIGHT],
    hit_points: 20,
    players: (2, 2),
    after_reveal: AFTER_REVEAL,
    resolve: resolve::resolve_deathmatch,
    // DEATH MATCH Frost Bolt: 5 cold damage (and the subject frozen: `resolve.rs`).
    bolts: &[
        FIREBALL,
        Bolt {
            spell: Spell::FrostBolt,
            harm: Harm::FrostBolt,
            damage: 5,
            cold: true,
        },
    ],
    quirks: Quirks {
        announcing: Some(Announcing {
            ask: Duel::ask_announcements,
            record: Duel::record_announcements,
            narrow: claps::keep_announced,
        }),
        // "A one-handed C is nothing."
        lone_clap_is_nothing: true,
        // "Remove Enchantment removes Shield, resistances and leeches."
        remove_enchantment_strips_shield: true,
        // Charm on a wizard: the caster picks a hand.
        charm_person_seizes_hand: true,
        charm_resist_cost: Some(3),
        new_monster_targets: true,
        // "cannot make C, D and W gestures on their next turn".
        fear_forbids: &[Gesture::Clap, Gesture::Digit, Gesture::Wave],
        settle_end: Some(resolve::settle_end),
        // "5 damage to every being not resistant and not countered".
        storm_spares_bolt_subject: false,
    },
    // "Surrender and death the same turn: both lost → draw" (DEATH MATCH).
    lone_surrenderer_wins: false,
    ..BOOK
});

/// "After the reveal: only the charmed hand" (the monsters' orders come
/// before it: spellcast-rules(7), DEATH MATCH).
const AFTER_REVEAL: &[Stage] = &[Stage::ControlHands];

#[cfg(test)]
mod tests;
