//! Runs a match's duels on a few threads. Games are handed out in order
//! (see `schedule.rs` for which they are), so the games of a pair or
//! rotation finish close together and progress can be shown per group.

use super::schedule::GameSpec;
use super::scoreboard::Scoreboard;
use super::stats::DuelRecord;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Sender};
use std::thread;

/// Wakes the pool from outside (Ctrl-C's handler): it stops handing out
/// games and says so at once, without waiting for the running ones.
pub type Waker = Box<dyn Fn() + Send + 'static>;

/// What the pool hears on its one channel.
enum Note<E> {
    /// Game `index` of the specs ended.
    Finished(usize, Result<DuelRecord, E>),
    /// A worker thread is gone (after its last game, or a panic).
    WorkerGone,
    /// The match was interrupted.
    Interrupted,
}

/// What the pool tells its caller, on the calling thread.
pub enum Event<'a> {
    /// A duel ended (in the order they end).
    Done(&'a GameSpec, &'a DuelRecord),
    /// The match was interrupted: no more games are handed out. A caller
    /// that returns from this waits for the running ones.
    Interrupted,
}

/// Says a worker is gone however it ends, a panic included, so the pool
/// never waits for a thread that is no more.
struct Farewell<E>(Sender<Note<E>>);

impl<E> Drop for Farewell<E> {
    fn drop(&mut self) {
        let _ = self.0.send(Note::WorkerGone);
    }
}

/// Plays `specs` on `jobs` threads with `play`, telling `event` on the
/// calling thread as each duel ends. The first error stops the handing
/// out of games and is returned once the running ones are over. `listen`
/// is handed a [`Waker`] for an interrupt.
pub fn run_games<E: Send + 'static>(
    specs: &[GameSpec],
    jobs: usize,
    play: impl Fn(&GameSpec) -> Result<DuelRecord, E> + Sync,
    listen: impl FnOnce(Waker),
    mut event: impl FnMut(Event),
) -> Result<(), E> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel();
    let waker = tx.clone();
    listen(Box::new(move || {
        let _ = waker.send(Note::Interrupted);
    }));
    let workers = jobs.clamp(1, specs.len().max(1));
    thread::scope(|scope| {
        for _ in 0..workers {
            let farewell = Farewell(tx.clone());
            let (next, stop, play) = (&next, &stop, &play);
            scope.spawn(move || {
                while !stop.load(Ordering::SeqCst) {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    let Some(spec) = specs.get(index) else {
                        return;
                    };
                    let result = play(spec);
                    if result.is_err() {
                        stop.store(true, Ordering::SeqCst);
                    }
                    if farewell.0.send(Note::Finished(index, result)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let mut first_error = None;
        let mut gone = 0;
        // The waker keeps a sender, so the workers' farewells end the wait.
        while gone < workers {
            let Ok(note) = rx.recv() else {
                break;
            };
            match note {
                Note::Finished(index, Ok(record)) => {
                    if let Some(spec) = specs.get(index) {
                        event(Event::Done(spec, &record));
                    }
                }
                Note::Finished(_, Err(e)) => {
                    first_error.get_or_insert(e);
                }
                Note::WorkerGone => gone += 1,
                Note::Interrupted => {
                    stop.store(true, Ordering::SeqCst);
                    event(Event::Interrupted);
                }
            }
        }
        first_error.map_or(Ok(()), Err)
    })
}

/// Plays the games `specs` on `jobs` threads, counting each on `board`
/// as it ends, writing a progress line per finished group on `progress`,
/// and telling `each` of every event with the board as it then stands
/// (a duel for `--results`; an interrupt, with the duels finished so far).
pub fn run_match<E: Send + 'static>(
    specs: &[GameSpec],
    jobs: usize,
    play: impl Fn(&GameSpec) -> Result<DuelRecord, E> + Sync,
    board: &mut Scoreboard,
    progress: &mut dyn Write,
    listen: impl FnOnce(Waker),
    mut each: impl FnMut(Event, &Scoreboard),
) -> Result<(), E> {
    let on_event = |event: Event| {
        if let Event::Done(spec, record) = event {
            if board.add(spec.group, record) {
                let _ = writeln!(progress, "{}", board.progress_line());
            }
        }
        each(event, board);
    };
    run_games(specs, jobs, play, listen, on_event)
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
            |_| {},
            |event| {
                if let Event::Done(spec, _) = event {
                    seen.push(spec.index);
                }
            },
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
            &mut progress,
            |_| {},
            |event, _| each += usize::from(matches!(event, Event::Done(..))),
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
        run_match(
            &specs,
            2,
            first_wins,
            &mut board,
            &mut progress,
            |_| {},
            |_, _| {},
        )
        .unwrap();
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
            |_| {},
            |_| {},
        );
        assert_eq!(result, Err("game 3 could not start".to_string()));
    }

    #[test]
    fn an_interrupt_is_told_at_once_and_hands_out_no_more_games() {
        let specs = game_specs(50, 2, 3);
        let waker: Mutex<Option<Waker>> = Mutex::new(None);
        let told = AtomicBool::new(false);
        let played = Mutex::new(Vec::new());
        let mut events = Vec::new();
        let result = run_games(
            &specs,
            1,
            |spec| {
                played.lock().unwrap().push(spec.index);
                if spec.index == 2 {
                    // Ctrl-C during game 2: the pool hears of it while the
                    // game still runs.
                    (waker.lock().unwrap().as_ref().unwrap())();
                    while !told.load(Ordering::SeqCst) {
                        thread::yield_now();
                    }
                }
                seeded_duel(spec)
            },
            |wake| *waker.lock().unwrap() = Some(wake),
            |event| {
                events.push(match event {
                    Event::Done(spec, _) => format!("done {}", spec.index),
                    Event::Interrupted => "interrupted".to_string(),
                });
                if matches!(event, Event::Interrupted) {
                    told.store(true, Ordering::SeqCst);
                }
            },
        );
        assert_eq!(result, Ok(()));
        assert_eq!(*played.lock().unwrap(), vec![0, 1, 2]);
        assert_eq!(events, ["done 0", "done 1", "interrupted", "done 2"]);
    }
}
