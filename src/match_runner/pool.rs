//! Runs a match's duels on a few threads. Games are handed out in order
//! (see `schedule.rs` for which they are), so the games of a pair or
//! rotation finish close together and progress can be shown per group.

use super::schedule::GameSpec;
use super::scoreboard::Scoreboard;
use super::stats::DuelRecord;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

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

/// Plays the games `specs` on `jobs` threads, counting each on `board`
/// as it ends, handing it to `each` (for `--results`), and writing a
/// progress line per finished group on `progress`.
pub fn run_match<E: Send>(
    specs: &[GameSpec],
    jobs: usize,
    play: impl Fn(&GameSpec) -> Result<DuelRecord, E> + Sync,
    board: &mut Scoreboard,
    mut each: impl FnMut(&GameSpec, &DuelRecord),
    progress: &mut dyn Write,
) -> Result<(), E> {
    run_games(specs, jobs, play, |spec, record| {
        each(spec, record);
        if board.add(spec.group, record) {
            let _ = writeln!(progress, "{}", board.progress_line());
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::match_runner::schedule::game_specs;
    use crate::match_runner::stats::{Ending, Side};
    use std::sync::Mutex;

    /// A stand-in duel: the seed decides, and player 0 wins even seeds.
    fn seeded_duel(spec: &GameSpec) -> Result<DuelRecord, String> {
        let winner_player = usize::from(!spec.seed.is_multiple_of(2));
        Ok(DuelRecord {
            winner: Some(spec.seat_at(winner_player)),
            ending: Ending::Kill,
            failed: vec![false; spec.seats],
        })
    }

    #[test]
    fn every_game_is_played_once_on_several_threads() {
        let played = Mutex::new(Vec::new());
        let specs = game_specs(37, 2, 1);
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
        let specs = game_specs(20, 2, 9);
        let mut board = Scoreboard::new(2, 20, 10);
        let mut each = 0;
        run_match(
            &specs,
            3,
            seeded_duel,
            &mut board,
            |_, _| each += 1,
            &mut progress,
        )
        .unwrap();
        assert_eq!(each, 20);
        let Scoreboard::Pairs(tally) = board else {
            panic!("two seats keep a tally");
        };
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
    fn in_a_free_for_all_the_first_place_wins_each_seat_the_same() {
        let mut progress = Vec::new();
        let specs = game_specs(12, 3, 9);
        let mut board = Scoreboard::new(3, 12, 2);
        let first_wins = |spec: &GameSpec| -> Result<DuelRecord, String> {
            Ok(DuelRecord {
                winner: Some(spec.seat_at(0)),
                ending: Ending::Kill,
                failed: vec![false; 3],
            })
        };
        run_match(&specs, 2, first_wins, &mut board, |_, _| {}, &mut progress).unwrap();
        let progress = String::from_utf8(progress).unwrap();
        assert_eq!(progress.lines().count(), 2);
        assert_eq!(
            progress.lines().last(),
            Some("rotation 2/2: seat 1 won 4, seat 2 won 4, seat 3 won 4, 0 drawn")
        );
    }

    #[test]
    fn an_error_stops_the_match() {
        let specs = game_specs(50, 2, 3);
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
