//! The cast list's entries: who casts what, from which hand, at whom.

use super::gesture::Hand;
use super::ids::BeingId;
use super::question::CastHand;
use super::spellbook::Spell;

/// Where a cast is aimed; narration shows it in announcements.
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aim {
    /// Up into the air.
    Nobody,
    /// Over the whole arena (storms).
    Arena,
    /// A being.
    At(BeingId),
    /// The monster of this creation number, to be made this turn (Death Match).
    NewMonster(usize),
    /// Into the caster's Delayed Effect, to be banked (Gesticulation).
    Delay,
}

impl Aim {
    pub(crate) fn being(self) -> Option<BeingId> {
        match self {
            Aim::At(b) => Some(b),
            _ => None,
        }
    }
}

/// One spell (or stab) on the cast list, as announced to everyone.
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cast {
    pub caster: BeingId,
    pub spell: Spell,
    pub hand: CastHand,
    pub aim: Aim,
    pub permanent: bool,
    /// The hand a Paralysis freezes when its caster names it before the
    /// reveal (Gesticulation); `None` under the original, which asks after.
    pub seize: Option<Hand>,
}
