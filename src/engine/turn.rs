//! One round: gestures in, questions out, spells resolved.

use super::game::Game;
use super::gesture::Gesture;
use super::question::{Answerer, CastHand};
use super::spellbook::Spell;
use super::BeingId;

/// Where a cast is aimed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Aim {
    /// Up into the air.
    Nobody,
    /// Over the whole arena (storms).
    Arena,
    /// A being.
    At(BeingId),
}

/// One spell (or stab) on the cast list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cast {
    pub caster: BeingId,
    pub spell: Spell,
    pub hand: CastHand,
    pub aim: Aim,
    pub permanent: bool,
}

impl Game {
    /// Plays one round with each wizard's (left, right) gestures, indexed by
    /// player; moves of inactive wizards are ignored. Questions go to `answerer`.
    pub fn play_round(&mut self, moves: &[(Gesture, Gesture)], answerer: &mut dyn Answerer) {
        let _ = (moves, answerer);
        self.rounds_played += 1;
    }
}
