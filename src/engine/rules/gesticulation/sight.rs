//! Gesticulation's Invisibility against monsters (spellcast-rules(7), GESTICULATION): it
//! starts the turn after the spell and lasts three turns, and elementals
//! cannot attack the invisible either. (Its wizards' spells and stabs land:
//! the book's `sight_stops_spells`.)

use super::Zaps;
use crate::engine::duel::Duel;
use crate::engine::rules::BookZaps;

impl Duel {
    /// Once the round's zaps are fresh, before the enchantments: monsters
    /// cannot see, this round, whoever was invisible when it began.
    pub(crate) fn hide_the_invisible(&mut self) {
        for id in self.being_ids() {
            self.round.zaps[id].book = BookZaps::Gesticulation(Zaps {
                seized: [0; 2],
                unseen: Some(self.beings[id].invisible()),
            });
        }
    }
}
