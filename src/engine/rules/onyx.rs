//! Death Match's Onyx (spellcast-rules(7), DEATH MATCH): a wizard named
//! before the duel holds one, and may beam it once a duel, with one hand.
//! The engine keeps the holders, so no caller can beam twice or beam
//! without holding one; front ends ask it ([`Duel::holds_onyx`],
//! [`Duel::check_move`]) instead of keeping their own count.

use crate::engine::duel::Duel;
use crate::engine::errors::{MoveError, OnyxError};
use crate::engine::gesture::Gesture;
use crate::engine::ids::PlayerId;
use crate::engine::spellbook::Spell;

/// Who holds an Onyx not yet used: one bit per player.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct OnyxHolders(u8);

impl OnyxHolders {
    fn holds(self, p: usize) -> bool {
        self.0 & (1 << p) != 0
    }

    fn set(&mut self, p: usize, holds: bool) {
        if holds {
            self.0 |= 1 << p;
        } else {
            self.0 &= !(1 << p);
        }
    }
}

/// How many hands of a move beam the Onyx.
fn beams((l, r): (Gesture, Gesture)) -> usize {
    usize::from(l == Gesture::Onyx) + usize::from(r == Gesture::Onyx)
}

impl Duel {
    /// Hands wizard `p` an Onyx before the first round, under a book that
    /// has the beam.
    pub fn give_onyx(&mut self, p: PlayerId) -> Result<(), OnyxError> {
        if !self.rules.has(Spell::OnyxBeam) {
            return Err(OnyxError::NotInBook(self.rules.name));
        }
        if p.index() >= self.players {
            return Err(OnyxError::NoSuchPlayer(p));
        }
        self.onyx.set(p.index(), true);
        Ok(())
    }

    /// Whether wizard `p` holds an Onyx not yet used.
    pub fn holds_onyx(&self, p: PlayerId) -> bool {
        p.index() < self.players && self.onyx.holds(p.index())
    }

    /// Whether the engine takes `gestures` as wizard `p`'s move: an Onyx
    /// beam needs an Onyx not yet used, and one Onyx makes one beam.
    pub fn check_move(&self, p: PlayerId, gestures: (Gesture, Gesture)) -> Result<(), MoveError> {
        match beams(gestures) {
            0 => Ok(()),
            1 if self.holds_onyx(p) => Ok(()),
            1 => Err(MoveError::NoOnyx(p)),
            _ => Err(MoveError::TwoBeams(p)),
        }
    }

    /// The round's moves are taken: each beam spends its Onyx.
    pub(crate) fn spend_onyxes(&mut self, moves: &[Option<(Gesture, Gesture)>]) {
        for (p, m) in moves.iter().enumerate() {
            if m.is_some_and(|m| beams(m) > 0) {
                self.onyx.set(p, false);
            }
        }
    }
}
