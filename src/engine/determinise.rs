//! Determinisation, for a computer player's search. It must decide from its
//! seat's view alone: it may *sample* what it cannot see, never read it. So
//! the engine makes its copy, a [`Determinised`] duel, from the seat's view
//! ([`SeatView::determinise`]): the others' rows are built from what the
//! seat saw, and every row it could not see is filled by the caller's
//! sampler, handed the seat's [`View`]. The true gestures of those rows
//! are never put in the copy, so nothing that holds one can read them.
//!
//! Which rows are hidden follows the one reveal point
//! ([`Duel::before_reveal`]): fogged rows (made invisibly, in a time stop,
//! or while the seat was blind), the others' moves of a round whose charm
//! questions are open, and, before the reveal, the others' rows of the
//! round being played. The last are already resolved into the round's cast
//! list: a copy made then keeps the seat's questions and view but none of
//! the round's resolution, so it is read (its view, its questions), not
//! played on; the computer plans such answers with its move.
//!
//! What a copy still holds, and why it may:
//! - every being's hit points, effects, counters, controllers and monster
//!   names: all announced to every seat (the view lists them);
//! - the others' banked Delayed Effect spells and Permanency picks: the
//!   banking and the "Permanent" casts are announced to every seat;
//! - which rows were made invisibly or seen blind (announced with the
//!   spells), and rows an Anti-spell wiped (announced, no gesture left);
//! - whether another wizard has used the short Lightning Bolt (the cast is
//!   announced, its short form is not when cast from fogged rows);
//! - the Onyx's holders and their beams (a game option, the beam announced);
//! - after the reveal, the round's casts (announced as they resolve).
//!
//! What it does not hold: the random draws of the real duel (reseeded), the
//! answers other players gave to the open batch (asked again), any hidden
//! row, and the narration log.

use super::duel::Duel;
use super::gesture::{Gesture, Mark, Seen};
use super::history::Row;
use super::ids::PlayerId;
use super::round::Stage;
#[cfg(doc)]
use super::seat_view::SeatView;
use super::view::View;
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

/// What fills a hidden row: given the seat's view (with the rows filled so
/// far) and the row, a pair of gestures (left, right).
pub type Sampler<'a> = dyn FnMut(&View, HiddenRow) -> (Gesture, Gesture) + 'a;

/// A duel as one seat may imagine it, made by the engine from that seat's
/// view (see the module notes): it holds no row the seat could not see.
#[derive(Debug, Clone)]
pub struct Determinised {
    duel: Duel,
}

impl Determinised {
    /// The imagined duel.
    pub fn duel(&self) -> &Duel {
        &self.duel
    }

    /// The imagined duel, to play on.
    pub fn into_duel(self) -> Duel {
        self.duel
    }
}

impl Duel {
    /// [`SeatView::determinise`] for seat `me`.
    pub(super) fn determinise_for(
        &self,
        me: PlayerId,
        seed: u64,
        fill: &mut Sampler,
    ) -> Determinised {
        let hidden = self.hidden_rows(me);
        let mut seen = self.view(me);
        let mut beings = self.beings.clone();
        let clap = [Seen::Mark(Mark::Made(Gesture::Clap)); 2];
        for (w, b) in beings[..self.players].iter_mut().enumerate() {
            if w != me.index() {
                b.history = self.rows_as_seen(w, me);
                // Death Match's announcements: only those the seat's columns
                // show (none for a clap not revealed yet or in fog).
                let columns = &seen.gestures[w];
                b.marks
                    .book
                    .retain_announced(|&(row, _)| columns.get(row as usize) == Some(&clap));
            }
        }
        // Before the reveal the round's resolution is built on the others'
        // new rows: the copy keeps only what the seat may read of the round.
        let unrevealed =
            (0..self.players).any(|w| w != me.index() && self.newest_row_unrevealed(w));
        let mut round = if unrevealed {
            self.round.between()
        } else {
            self.round.clone()
        };
        for (w, m) in round.moves.iter_mut().enumerate() {
            if w != me.index() {
                *m = (Gesture::Nothing, Gesture::Nothing);
            }
        }
        round.batch.forget_answers_but(me, &self.leaving);
        let mut duel = Duel {
            beings,
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
            round,
            rules: self.rules,
            onyx: self.onyx,
        };
        for h in hidden {
            let (w, i) = (h.player.index(), h.row);
            let (l, r) = fill(&seen, h);
            duel.fill_row(h, [l, r]);
            if let Some(row) = seen.gestures[w].get_mut(i) {
                *row = [Seen::Mark(Mark::Made(l)), Seen::Mark(Mark::Made(r))];
            }
        }
        Determinised { duel }
    }

    /// Wizard `w`'s rows as seat `me` saw them, for a copy: the marks the
    /// seat saw, an Anti-spell's wiped rows (announced), and "nothing"
    /// where it saw nothing (fog, or a row not revealed yet), to be filled.
    fn rows_as_seen(&self, w: usize, me: PlayerId) -> Vec<Row> {
        let history = &self.beings[w].history;
        history
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let unrevealed = i + 1 == history.len() && self.newest_row_unrevealed(w);
                let marks = match r.seen_by(w, Some(me.index())) {
                    [Seen::Mark(l), Seen::Mark(r)] if !unrevealed => [l, r],
                    _ if r.marks == [Mark::AntiSpell; 2] => r.marks,
                    _ => [Mark::Made(Gesture::Nothing); 2],
                };
                Row { marks, ..*r }
            })
            .collect()
    }

    /// Puts a sampled pair in a hidden row of the copy (or in the pending
    /// move of a round whose charm questions are open).
    fn fill_row(&mut self, h: HiddenRow, pair: [Gesture; 2]) {
        let w = h.player.index();
        let len = self.beings[w].history.len();
        for (hand, g) in pair.into_iter().enumerate().filter(|&(i, _)| h.hands[i]) {
            if h.row == len {
                let (l, r) = &mut self.round.moves[w];
                *[l, r][hand] = g;
            } else if let Some(row) = self.beings[w].history.get_mut(h.row) {
                row.marks[hand] = Mark::Made(g);
            }
        }
    }

    /// Draws the duel's future random choices (confusion, monster names)
    /// from `seed` instead, so that a copy does not carry the real ones.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = StdRng::seed_from_u64(seed);
    }

    /// The rows of the other wizards that `viewer` could not see and that
    /// a determinisation fills: fogged rows of gestures of living wizards,
    /// and the others' moves of a round whose charm questions are open.
    pub(crate) fn hidden_rows(&self, viewer: PlayerId) -> Vec<HiddenRow> {
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

    /// Whether `row` of wizard `w` is his newest, recorded this round and
    /// already turned into casts while questions before the reveal are open.
    fn in_resolution(&self, w: usize, row: usize) -> bool {
        self.newest_row_unrevealed(w) && row + 1 == self.beings[w].history.len()
    }
}

#[cfg(test)]
mod tests;
