//! Runs a match's duels on a few threads, in seat-swapped pairs.
//!
//! Game `2k` and game `2k+1` form pair `k`: both are played on the pair's
//! seed, with seat A as player 0 in the first and as player 1 in the second,
//! so neither seat profits from a seed or from sitting first. Games are
//! handed out in order, so the two games of a pair finish close together and
//! progress can be shown per pair.

use super::stats::{DuelRecord, Tally};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

/// One duel of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameSpec {
    /// 0-based game number.
    pub index: usize,
    /// Its pair.
    pub pair: usize,
    /// The engine's seed (the same for both games of a pair).
    pub seed: u64,
    /// Whether seat A sits second (player 1) in this game.
    pub swapped: bool,
}

impl GameSpec {
    /// The player index of a seat in this game: A is player 0 unless swapped.
    pub fn player_of(&self, side: super::stats::Side) -> usize {
        usize::from((side == super::stats::Side::B) != self.swapped)
    }
}

/// SplitMix64: spreads consecutive numbers over all seeds, so two matches
/// with nearby `--seed`s share no duels.
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seed of pair `pair` in a match seeded with `base`.
pub fn pair_seed(base: u64, pair: usize) -> u64 {
    splitmix64(splitmix64(base) ^ pair as u64)
}

/// The games of a match of `games` duels.
pub fn game_specs(games: u32, base_seed: u64) -> Vec<GameSpec> {
    (0..games as usize)
        .map(|index| GameSpec {
            index,
            pair: index / 2,
            seed: pair_seed(base_seed, index / 2),
            swapped: index % 2 == 1,
        })
        .collect()
}

/// Plays `specs` on `jobs` threads with `play`, calling `done` on the
/// calling thread as each duel ends (in the order they end). The first
/// error stops the handing out of games and is returned once the running
/// ones are over.
pub fn run_games<E: Send>(
    specs: &[GameSpec],
    jobs: usize,
    play: impl Fn(&GameSpec) -> Result<DuelRecord, E> + Sync,
    mut done: impl FnMut(&GameSpec, &DuelRecord),
) -> Result<(), E> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel();
    thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, specs.len().max(1)) {
            let tx = tx.clone();
            let (next, stop, play) = (&next, &stop, &play);
            scope.spawn(move || {
                while !stop.load(Ordering::SeqCst) {
                    let Some(spec) = specs.get(next.fetch_add(1, Ordering::SeqCst)) else {
                        return;
                    };
                    let result = play(spec);
                    if result.is_err() {
                        stop.store(true, Ordering::SeqCst);
                    }
                    if tx.send((spec, result)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let mut first_error = None;
        for (spec, result) in rx {
            match result {
                Ok(record) => done(spec, &record),
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        first_error.map_or(Ok(()), Err)
    })
}

/// Plays a whole match: the games of `games` duels from `base_seed` on
/// `jobs` threads, a progress line per finished pair on `progress`, and the
/// final tally.
pub fn run_match<E: Send>(
    games: u32,
    base_seed: u64,
    jobs: usize,
    play: impl Fn(&GameSpec) -> Result<DuelRecord, E> + Sync,
    progress: &mut dyn Write,
) -> Result<Tally, E> {
    let specs = game_specs(games, base_seed);
    let mut tally = Tally::new(games);
    run_games(&specs, jobs, play, |spec, record| {
        if tally.add(spec.pair, record) {
            let _ = writeln!(progress, "{}", super::summary::progress_line(&tally));
        }
    })?;
    Ok(tally)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::match_runner::stats::{Ending, Side};
    use std::collections::HashSet;
    use std::sync::Mutex;

    /// A stand-in duel: the seed decides, and player 0 wins even seeds.
    fn seeded_duel(spec: &GameSpec) -> Result<DuelRecord, String> {
        let first_wins = spec.seed.is_multiple_of(2);
        let winner_player = usize::from(!first_wins);
        let winner = if spec.player_of(Side::A) == winner_player {
            Side::A
        } else {
            Side::B
        };
        Ok(DuelRecord {
            winner: Some(winner),
            ending: Ending::Kill,
            failed: [false, false],
        })
    }

    #[test]
    fn pairs_share_a_seed_and_swap_seats() {
        let specs = game_specs(5, 42);
        assert_eq!(specs.len(), 5);
        assert_eq!(specs[0].seed, specs[1].seed);
        assert_ne!(specs[1].seed, specs[2].seed);
        assert_eq!(specs[4].pair, 2);
        assert_eq!(
            (specs[0].player_of(Side::A), specs[0].player_of(Side::B)),
            (0, 1)
        );
        assert_eq!(
            (specs[1].player_of(Side::A), specs[1].player_of(Side::B)),
            (1, 0)
        );
        // Nearby base seeds give unrelated duels.
        let other: HashSet<u64> = game_specs(100, 43).iter().map(|g| g.seed).collect();
        assert!(game_specs(100, 42).iter().all(|g| !other.contains(&g.seed)));
    }

    #[test]
    fn every_game_is_played_once_on_several_threads() {
        let played = Mutex::new(Vec::new());
        let specs = game_specs(37, 1);
        let mut seen = Vec::new();
        run_games(
            &specs,
            4,
            |spec| {
                played.lock().unwrap().push(spec.index);
                seeded_duel(spec)
            },
            |spec, _| seen.push(spec.index),
        )
        .unwrap();
        let mut played = played.into_inner().unwrap();
        played.sort_unstable();
        seen.sort_unstable();
        assert_eq!(played, (0..37).collect::<Vec<_>>());
        assert_eq!(seen, played);
    }

    #[test]
    fn a_seat_that_only_wins_by_sitting_first_scores_even() {
        let mut progress = Vec::new();
        let tally = run_match(20, 9, 3, seeded_duel, &mut progress).unwrap();
        assert_eq!(tally.played(), 20);
        assert_eq!(tally.wins(Side::A), 10);
        let elo = tally.elo();
        assert_eq!((elo.elo, elo.low, elo.high), (0.0, 0.0, 0.0));
        let progress = String::from_utf8(progress).unwrap();
        assert_eq!(progress.lines().count(), 10);
        assert!(progress
            .lines()
            .last()
            .unwrap()
            .starts_with("pair 10/10: A 10 - B 10"));
    }

    #[test]
    fn an_error_stops_the_match() {
        let specs = game_specs(50, 3);
        let result = run_games(
            &specs,
            2,
            |spec| {
                if spec.index == 3 {
                    Err(format!("game {} could not start", spec.index))
                } else {
                    seeded_duel(spec)
                }
            },
            |_, _| {},
        );
        assert_eq!(result, Err("game 3 could not start".to_string()));
    }
}
