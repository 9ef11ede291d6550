//! The count a match keeps: a two-seat match's [`Tally`] (score and Elo,
//! summary as it always was) or a free-for-all's [`FreeForAll`]; the same
//! calls for both, so playing, sharing and merging need not tell them apart.

use super::args::SeatSpec;
use super::free_for_all::FreeForAll;
use super::stats::{DuelRecord, Tally};
use super::summary::{json_summary, progress_line, text_summary};

/// A match's count so far.
#[derive(Debug, Clone, PartialEq)]
pub enum Scoreboard {
    /// Two seats, in seat-swapped pairs.
    Pairs(Tally),
    /// Three to eight seats, in rotations.
    FreeForAll(FreeForAll),
}

impl Scoreboard {
    /// An empty count for a match of `games` duels between `seats` seats,
    /// of which `groups` groups (pairs, rotations) are to be played here.
    pub fn new(seats: usize, games: u32, groups: usize) -> Scoreboard {
        if seats == 2 {
            Scoreboard::Pairs(Tally::for_share(games, groups))
        } else {
            Scoreboard::FreeForAll(FreeForAll::new(seats, groups))
        }
    }

    /// Counts a duel of group `group`; returns true when the group is complete.
    pub fn add(&mut self, group: usize, record: &DuelRecord) -> bool {
        match self {
            Scoreboard::Pairs(tally) => tally.add(group, record),
            Scoreboard::FreeForAll(tally) => tally.add(group, record),
        }
    }

    /// Duels counted so far.
    pub fn played(&self) -> u32 {
        match self {
            Scoreboard::Pairs(tally) => tally.played(),
            Scoreboard::FreeForAll(tally) => tally.played(),
        }
    }

    /// The progress line for standard error.
    pub fn progress_line(&self) -> String {
        match self {
            Scoreboard::Pairs(tally) => progress_line(tally),
            Scoreboard::FreeForAll(tally) => tally.progress_line(),
        }
    }

    /// The summary in words.
    pub fn text(&self, seats: &[SeatSpec]) -> String {
        match (self, seats) {
            (Scoreboard::Pairs(tally), [a, b]) => text_summary(&[a.clone(), b.clone()], tally),
            (Scoreboard::FreeForAll(tally), _) => tally.text(seats),
            (Scoreboard::Pairs(_), _) => {
                debug_assert!(false, "a two-seat tally for {} seats", seats.len());
                String::new()
            }
        }
    }

    /// The summary as one line of JSON, with its line break.
    pub fn json(&self, seats: &[SeatSpec]) -> String {
        let json = match (self, seats) {
            (Scoreboard::Pairs(tally), [a, b]) => {
                serde_json::to_string(&json_summary(&[a.clone(), b.clone()], tally))
            }
            (Scoreboard::FreeForAll(tally), _) => serde_json::to_string(&tally.json(seats)),
            (Scoreboard::Pairs(_), _) => Ok(String::new()),
        };
        // Numbers, strings and lists always serialize: a failure is a bug.
        json.map(|j| j + "\n").unwrap_or_else(|e| {
            debug_assert!(false, "a summary that cannot be written: {e}");
            String::new()
        })
    }
}
