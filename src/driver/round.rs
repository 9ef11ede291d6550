//! A round as the driver counts it, and the moves collected for it.

use crate::engine::{Duel, Gesture, PlayerId, RoundKind, MAX_PLAYERS};

/// A round being (or just) played, as seats are told of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RoundInfo {
    /// Rounds played before it, extra rounds included (from 0), as the
    /// script report and the seat protocol count them.
    pub number: u32,
    /// Its kind.
    pub kind: RoundKind,
    /// The turn it belonged to, as [`Duel::turn`] counts (from 0).
    pub turn: u32,
}

impl RoundInfo {
    /// The round `duel` plays next.
    pub fn of(duel: &Duel) -> RoundInfo {
        RoundInfo {
            number: duel.rounds_played(),
            kind: duel.round_kind(),
            turn: duel.turn(),
        }
    }
}

/// The moves of one round, per player: `Some` for each wizard that moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RoundMoves([Option<(Gesture, Gesture)>; MAX_PLAYERS]);

impl RoundMoves {
    /// Player `p`'s gestures.
    pub fn set(&mut self, p: PlayerId, gestures: (Gesture, Gesture)) {
        if let Some(slot) = self.0.get_mut(p.index()) {
            *slot = Some(gestures);
        }
    }

    /// Player `p`'s gestures, if he moved.
    pub fn get(&self, p: PlayerId) -> Option<(Gesture, Gesture)> {
        self.0.get(p.index()).copied().flatten()
    }

    /// The moves of the first `players` players, as [`Duel::start_round`] takes them.
    pub fn for_engine(&self, players: usize) -> Vec<Option<(Gesture, Gesture)>> {
        self.0[..players.min(MAX_PLAYERS)].to_vec()
    }
}
