//! Ids of players and beings: small copyable numbers that front ends keep
//! across turns. Newtypes, so a player can never be passed where a being (or
//! an option index) is meant.

use std::fmt;
use std::ops::{Index, IndexMut};

/// A player, and so his wizard: 0 for the first player (the one at
/// `$DISPLAY`), up to 7.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlayerId(u8);

impl PlayerId {
    /// The player with this index. Indices past the eighth player saturate;
    /// a duel rejects ids of players it does not have.
    pub fn new(index: usize) -> PlayerId {
        PlayerId(u8::try_from(index).unwrap_or(u8::MAX))
    }

    /// The index in player order.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.0)
    }
}

/// A being: wizards first (being i is player i's wizard), then monsters in
/// creation order. It never changes while the duel lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BeingId(u16);

impl BeingId {
    /// The being with this index.
    pub fn new(index: usize) -> BeingId {
        BeingId(u16::try_from(index).unwrap_or(u16::MAX))
    }

    /// The index among all beings that ever existed.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl From<PlayerId> for BeingId {
    fn from(p: PlayerId) -> BeingId {
        BeingId(u16::from(p.0))
    }
}

impl From<usize> for BeingId {
    fn from(index: usize) -> BeingId {
        BeingId::new(index)
    }
}

impl BeingId {
    /// The player of this wizard (being i is player i's wizard); only
    /// meaningful for a wizard's id.
    pub(crate) fn as_player(self) -> PlayerId {
        PlayerId::new(self.index())
    }
}

/// A run of being ids in order (wizards, monsters, or all).
pub(crate) type BeingIds = std::iter::Map<std::ops::Range<usize>, fn(usize) -> BeingId>;

/// Lists kept per being (the beings themselves, what landed on each this
/// round) are indexed by the being's id, so the engine never converts.
macro_rules! indexed_by_being {
    ($($t:ty),+) => {$(
        impl Index<BeingId> for Vec<$t> {
            type Output = $t;
            fn index(&self, id: BeingId) -> &$t {
                &self[id.index()]
            }
        }

        impl IndexMut<BeingId> for Vec<$t> {
            fn index_mut(&mut self, id: BeingId) -> &mut $t {
                &mut self[id.index()]
            }
        }
    )+};
}

indexed_by_being!(super::being::Being, super::being::Zaps);
