//! Determinisation, for a computer player's search. It must decide from its seat's
//! view alone: it may *sample* what it cannot see, never read it. So it
//! takes a [`Duel::determinised`] copy (no log, no real future random draws,
//! nobody else's open answers), asks which rows are hidden from its seat
//! ([`Duel::hidden_rows`]) and overwrites them with sampled gestures
//! ([`Duel::set_gesture`]) before playing rounds forward.
//!
//! What a determinised copy still holds, and why it may:
//! - every being's hit points, effects, counters, controllers and monster
//!   names: all announced to every seat (the view lists them);
//! - the others' banked Delayed Effect spells and Permanency picks: the
//!   banking and the "Permanent" casts are announced to every seat;
//! - every row the seat saw, and the gestures its text pane named for a
//!   fogged row (a frozen, charmed, confused or amnesiac hand): the copy
//!   keeps the true gestures of fogged rows until the caller overwrites
//!   them, so a caller that samples must overwrite every hidden row, and
//!   may keep the hands the narration named;
//! - whether another wizard has used the short Lightning Bolt (the cast is
//!   announced, its short form is not when cast from fogged rows);
//! - during the questions asked before the reveal (the book's reveal point,
//!   [`Duel::before_reveal`]), the others' newest rows and the casts
//!   they complete: those rows are recorded and already resolved into the
//!   round's cast list, so [`Duel::set_gesture`] refuses them and
//!   [`Duel::hidden_rows`] leaves them out. A computer that wants to search
//!   there should determinise the copy it took when its moves were asked
//!   and play its own moves and answers again.
//!
//! What it does not hold: the random draws of the real duel (reseeded), the
//! answers other players gave to the open batch (asked again), the others'
//! moves of a round whose charm questions are open (listed as hidden rows
//! one past the history's end), and the narration log.

use super::duel::Duel;
use super::errors::SampleError;
use super::gesture::{Gesture, Hand, Mark, Seen};
use super::ids::PlayerId;
use super::round::Stage;
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::sync::Arc;

/// A row of another wizard's gestures that a seat could not see.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HiddenRow {
    /// Whose row.
    pub player: PlayerId,
    /// Its index in his history, oldest first; the history's length for
    /// the moves of the round whose charm questions are open.
    pub row: usize,
    /// Which hands (left, right) are hidden.
    pub hands: [bool; 2],
}

impl Duel {
    /// A copy for search from `viewer`'s seat: no narration log (and none
    /// recorded), random draws from `seed`, and the answers other players
    /// gave to the open batch forgotten, so that the search asks them
    /// again. See the module notes for what it still holds.
    pub fn determinised(&self, viewer: PlayerId, seed: u64) -> Duel {
        let mut copy = Duel {
            beings: self.beings.clone(),
            players: self.players,
            rng: StdRng::seed_from_u64(seed),
            turn: self.turn,
            round_kind: self.round_kind,
            active: self.active,
            haste_casts: self.haste_casts.clone(),
            events: Arc::default(),
            outcome: self.outcome,
            narrating: false,
            rounds_played: self.rounds_played,
            leaving: self.leaving,
            round: self.round.clone(),
            rules: self.rules,
            onyx: self.onyx,
        };
        copy.round.batch.forget_answers_but(viewer, &self.leaving);
        copy
    }

    /// Draws the duel's future random choices (confusion, monster names)
    /// from `seed` instead, so that a copy does not carry the real ones.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = StdRng::seed_from_u64(seed);
    }

    /// The rows of the other wizards that `viewer` could not see and that
    /// may still be sampled: fogged rows of gestures of living wizards, and
    /// the others' moves of a round whose charm questions are open.
    pub fn hidden_rows(&self, viewer: PlayerId) -> Vec<HiddenRow> {
        let mut out = Vec::new();
        let me = viewer.index();
        for (w, b) in self.beings[..self.players].iter().enumerate() {
            if w == me || !b.alive() {
                continue;
            }
            let player = PlayerId::new(w);
            for (row, r) in b.history.iter().enumerate() {
                let made = r.marks.iter().all(|m| matches!(m, Mark::Made(_)));
                if made && r.seen_by(w, Some(me)) == [Seen::Fog; 2] && !self.in_resolution(w, row) {
                    out.push(HiddenRow {
                        player,
                        row,
                        hands: [true; 2],
                    });
                }
            }
            if self.round.stage == Stage::Charm && self.round.active[w] {
                out.push(HiddenRow {
                    player,
                    row: b.history.len(),
                    hands: [true; 2],
                });
            }
        }
        out
    }

    /// Overwrites one hand of a recorded row of `player` (or of his move
    /// of a round whose charm questions are open, at the history's length)
    /// with a sampled gesture. Meant for determinised copies: nothing
    /// checks that the row was hidden from anyone.
    pub fn set_gesture(
        &mut self,
        player: PlayerId,
        row: usize,
        hand: Hand,
        gesture: Gesture,
    ) -> Result<(), SampleError> {
        let w = player.index();
        let no_row = SampleError::NoSuchRow { player, row };
        let history = &self
            .beings
            .get(w)
            .filter(|_| w < self.players)
            .ok_or(no_row.clone())?
            .history;
        if row == history.len() && self.round.stage == Stage::Charm && self.round.active[w] {
            let (l, r) = &mut self.round.moves[w];
            *[l, r][hand.index()] = gesture;
            return Ok(());
        }
        let mark = history.get(row).ok_or(no_row)?.marks[hand.index()];
        if mark == Mark::AntiSpell {
            return Err(SampleError::AntiSpellRow { player, row });
        }
        if self.in_resolution(w, row) {
            return Err(SampleError::InResolution { player, row });
        }
        self.beings[w].history[row].marks[hand.index()] = Mark::Made(gesture);
        Ok(())
    }

    /// Whether `row` of wizard `w` is his newest, recorded this round and
    /// already turned into casts while questions before the reveal are open.
    fn in_resolution(&self, w: usize, row: usize) -> bool {
        self.newest_row_unrevealed(w) && row + 1 == self.beings[w].history.len()
    }
}

#[cfg(test)]
mod tests;
