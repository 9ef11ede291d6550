//! Gesticulation's Invisibility against monsters (spellcast-rules(7), GESTICULATION): it
//! starts the turn after the spell and lasts three turns, and elementals
//! cannot attack the invisible either. (Its wizards' spells and stabs land:
//! the book's `sight_stops_spells`.)

use super::Zaps;
use crate::engine::being::Being;
use crate::engine::rules::BookZaps;

/// A being's notes as the round's zaps are made, before the enchantments:
/// monsters cannot see it, this round, if it was invisible when the round
/// began.
pub(super) fn as_the_round_began(b: &Being) -> BookZaps {
    BookZaps::Gesticulation(Zaps {
        seized: [0; 2],
        unseen: Some(b.invisible()),
    })
}
