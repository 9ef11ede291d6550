//! The tally and summary of a free-for-all match (three to eight seats):
//! wins per seat, draws and duels in which a program failed. There is no
//! Elo here: a win among several wizards is not a score against one.

use super::args::SeatSpec;
use super::schedule::group_size;
use super::stats::DuelRecord;
use super::summary::shown_seat;
use serde::Serialize;
use std::collections::BTreeMap;

/// Everything counted over a free-for-all so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FreeForAll {
    seats: usize,
    wins: Vec<u32>,
    draws: u32,
    failed_duels: u32,
    group_count: usize,
    /// Games played, by group.
    groups: BTreeMap<usize, usize>,
}

impl FreeForAll {
    /// An empty tally for `seats` seats and `group_count` groups of
    /// `schedule::group_size(seats)` games each (one per seating).
    pub fn new(seats: usize, group_count: usize) -> FreeForAll {
        FreeForAll {
            seats,
            wins: vec![0; seats],
            draws: 0,
            failed_duels: 0,
            group_count,
            groups: BTreeMap::new(),
        }
    }

    /// Counts a duel of group `group`; returns true when that group is complete.
    pub fn add(&mut self, group: usize, record: &DuelRecord) -> bool {
        match record.winner.and_then(|w| self.wins.get_mut(w)) {
            Some(wins) => *wins += 1,
            None => self.draws += 1,
        }
        self.failed_duels += u32::from(record.failed.contains(&true));
        let played = self.groups.entry(group).or_default();
        *played += 1;
        *played == group_size(self.seats)
    }

    /// Duels played so far.
    pub fn played(&self) -> u32 {
        self.wins.iter().sum::<u32>() + self.draws
    }

    /// The summary as one JSON object.
    pub fn json(&self, seats: &[SeatSpec]) -> FreeForAllJson {
        FreeForAllJson {
            games: self.played(),
            seats: seats
                .iter()
                .zip(&self.wins)
                .map(|(seat, &wins)| super::summary::SeatWins {
                    seat: seat.to_string(),
                    wins,
                })
                .collect(),
            draws: self.draws,
            failures: self.failed_duels,
        }
    }

    /// The summary in words: the same facts as [`FreeForAll::json`].
    pub fn text(&self, seats: &[SeatSpec]) -> String {
        let mut out = String::new();
        for (i, seat) in seats.iter().enumerate() {
            out.push_str(&format!("Seat {}: {}\n", i + 1, shown_seat(seat)));
        }
        out.push_str(&format!("{} duels: {}\n", self.played(), self.counts()));
        out.push_str(&format!(
            "Duels in which a program failed: {}\n",
            self.failed_duels
        ));
        out
    }

    /// One line for standard error when a group of duels is done.
    pub fn progress_line(&self) -> String {
        let done = self
            .groups
            .values()
            .filter(|&&n| n == group_size(self.seats))
            .count();
        format!("rotation {done}/{}: {}", self.group_count, self.counts())
    }

    /// "seat 1 won 3, seat 2 won 1, seat 3 won 0, 2 drawn".
    fn counts(&self) -> String {
        let mut parts: Vec<String> = self
            .wins
            .iter()
            .enumerate()
            .map(|(i, w)| format!("seat {} won {w}", i + 1))
            .collect();
        parts.push(format!("{} drawn", self.draws));
        parts.join(", ")
    }
}

/// The JSON summary of a free-for-all, fields in the documented order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FreeForAllJson {
    /// Duels played.
    pub games: u32,
    /// Every seat as named, in order, with its wins.
    pub seats: Vec<super::summary::SeatWins>,
    /// Duels nobody won.
    pub draws: u32,
    /// Duels in which a program seat failed.
    pub failures: u32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::match_runner::args::ComputerLevel;
    use crate::match_runner::stats::Ending;

    fn record(winner: Option<usize>, failed: Vec<bool>) -> DuelRecord {
        DuelRecord {
            winner,
            ending: Ending::Kill,
            failed,
        }
    }

    #[test]
    fn counts_wins_draws_and_failures_and_says_them_alike() {
        let seats = [
            SeatSpec::Computer(ComputerLevel::Hard),
            SeatSpec::Computer(ComputerLevel::Easy),
            SeatSpec::Program("python3 p.py".into()),
        ];
        let mut t = FreeForAll::new(3, 2);
        assert!(!t.add(0, &record(Some(0), vec![false; 3])));
        assert!(!t.add(0, &record(None, vec![false, false, true])));
        assert!(!t.add(0, &record(Some(2), vec![false; 3])));
        let json = serde_json::to_string(&t.json(&seats)).unwrap();
        assert_eq!(
            json,
            "{\"games\":3,\"seats\":[{\"seat\":\"computer:hard\",\"wins\":1},\
             {\"seat\":\"computer:easy\",\"wins\":0},\
             {\"seat\":\"program:python3 p.py\",\"wins\":1}],\"draws\":1,\"failures\":1}"
        );
        assert_eq!(
            t.text(&seats),
            "Seat 1: computer:hard\nSeat 2: computer:easy\nSeat 3: program:python3 p.py\n\
             3 duels: seat 1 won 1, seat 2 won 0, seat 3 won 1, 1 drawn\n\
             Duels in which a program failed: 1\n"
        );
        // Three seats: a rotation is all six orders.
        assert!(!t.add(0, &record(None, vec![false; 3])));
        assert!(!t.add(0, &record(None, vec![false; 3])));
        assert!(t.add(0, &record(None, vec![false; 3])));
        assert_eq!(
            t.progress_line(),
            "rotation 1/2: seat 1 won 1, seat 2 won 0, seat 3 won 1, 4 drawn"
        );
    }
}
