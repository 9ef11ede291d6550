//! The players of a window game who sit at no window: the built-in computer
//! and outside programs. Each runs on a [`SeatWorker`] thread, so the table
//! only sends requests and folds the replies into its own event channel;
//! nothing here ever waits for a seat to decide.
//!
//! Whom to ask for what comes from the [`Driver`]; a seat's answers to a
//! Charm Person gesture asked before the moves go straight back to it,
//! which holds them (the charm rule lives there, once).

use std::thread::JoinHandle;

use crate::driver::{Ask, Driver, Phase, RoundInfo};
use crate::engine::{Duel, Gesture, PlayerId};
use crate::seat::{failure_line, SeatFailure, SeatReply, SeatWorker};

/// What the table waits for from a seat.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Asked {
    /// Nothing.
    Nothing,
    /// Answers asked before the moves (the driver holds them).
    Early,
    /// The move of the round.
    Move,
    /// Answers to the open batch.
    Answers,
}

/// One computer or program player.
struct ThreadedSeat {
    /// None once the seat has failed or been let go.
    worker: Option<SeatWorker>,
    /// How failure lines name the seat.
    describe: String,
    asked: Asked,
    gestures: Option<(Gesture, Gesture)>,
    answers: Option<Vec<usize>>,
    /// Whether the seat moves in the round being played.
    moving: bool,
}

/// What a seat's reply means to the table.
#[derive(Debug, PartialEq, Eq)]
pub enum Heard {
    /// Nothing visible (a stale reply).
    Nothing,
    /// Answers asked before the moves: for the driver to hold.
    Early(Vec<usize>),
    /// The seat has decided what it was asked: its done-star may show.
    Decided,
    /// The wizard says this.
    Said(String),
    /// The seat failed (its line is on standard error): withdraw its wizard.
    Failed,
}

/// The computer and program players, numbered from `first` on.
pub struct SeatThreads {
    first: usize,
    seats: Vec<ThreadedSeat>,
    /// Threads of seats let go, joined at the end.
    leaving: Vec<JoinHandle<()>>,
    /// The round being played (rounds played before it), to tell stale replies.
    round: u32,
}

impl SeatThreads {
    /// Seats for players `first`, `first + 1`, …, each with its description.
    pub fn new(first: usize, workers: Vec<(SeatWorker, String)>) -> SeatThreads {
        let seats = workers
            .into_iter()
            .map(|(worker, describe)| ThreadedSeat {
                worker: Some(worker),
                describe,
                asked: Asked::Nothing,
                gestures: None,
                answers: None,
                moving: false,
            })
            .collect();
        SeatThreads {
            first,
            seats,
            leaving: Vec::new(),
            round: 0,
        }
    }

    /// No machine players (a game of people only).
    pub fn none(first: usize) -> SeatThreads {
        SeatThreads::new(first, Vec::new())
    }

    /// How many machine players there are.
    pub fn len(&self) -> usize {
        self.seats.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.seats.is_empty()
    }

    fn seat(&self, p: usize) -> Option<&ThreadedSeat> {
        p.checked_sub(self.first).and_then(|i| self.seats.get(i))
    }

    fn seat_mut(&mut self, p: usize) -> Option<&mut ThreadedSeat> {
        p.checked_sub(self.first)
            .and_then(|i| self.seats.get_mut(i))
    }

    fn players(&self) -> impl Iterator<Item = usize> {
        self.first..self.first + self.seats.len()
    }

    /// Whether player `p` is a machine whose seat still plays.
    pub fn present(&self, p: usize) -> bool {
        self.seat(p).is_some_and(|m| m.worker.is_some())
    }

    /// Whether player `p` (a machine) is not waited for.
    pub fn ended(&self, p: usize) -> bool {
        self.seat(p)
            .is_none_or(|m| m.worker.is_none() || m.asked == Asked::Nothing)
    }

    /// Greets every seat.
    pub fn hello(&self, duel: &Duel) {
        for m in &self.seats {
            if let Some(w) = &m.worker {
                w.hello(duel);
            }
        }
    }

    /// The gesture phase begins: each seat is asked what the driver waits
    /// for from it (a charmer's gesture first, then its move).
    pub fn begin_gestures(&mut self, driver: &Driver) {
        self.round = driver.round().number;
        let round = self.round;
        let duel = driver.duel();
        for p in self.players().collect::<Vec<_>>() {
            let me = PlayerId::new(p);
            let asked: Vec<Ask> = driver
                .requests()
                .filter(|r| r.player == me)
                .map(|r| r.ask)
                .collect();
            let Some(m) = self.seat_mut(p) else { continue };
            m.gestures = None;
            m.asked = Asked::Nothing;
            m.moving = asked.contains(&Ask::Move);
            let Some(w) = &m.worker else { continue };
            if m.moving {
                m.asked = Asked::Move;
            }
            if asked.contains(&Ask::Answers) {
                m.asked = Asked::Early;
                w.request_answers(duel, round);
            }
            if m.moving {
                w.request_move(duel, round);
            }
        }
    }

    /// The seat's move, or no gestures if it gave none (it failed).
    pub fn chosen(&mut self, p: usize) -> (Gesture, Gesture) {
        self.seat_mut(p)
            .and_then(|m| m.gestures.take())
            .unwrap_or((Gesture::Nothing, Gesture::Nothing))
    }

    /// A batch of questions is open: each seat the driver waits on is asked.
    pub fn begin_questions(&mut self, driver: &Driver) {
        let round = self.round;
        let duel = driver.duel();
        let answers = driver.phase() == Phase::Answers;
        for p in self.players().collect::<Vec<_>>() {
            let asked = answers && driver.waits_on(PlayerId::new(p));
            let Some(m) = self.seat_mut(p) else { continue };
            m.asked = Asked::Nothing;
            m.answers = None;
            let Some(w) = &m.worker else { continue };
            if asked {
                m.asked = Asked::Answers;
                w.request_answers(duel, round);
            }
        }
    }

    /// Player `p`'s answers to the open batch, if it gave them.
    pub fn answers(&mut self, p: usize) -> Option<Vec<usize>> {
        self.seat_mut(p).and_then(|m| m.answers.take())
    }

    /// Nothing is asked any more (the duel is over): every seat is told
    /// the end now, not once the people have pressed Quit, so a person at
    /// the far end of the protocol (`spellcast --seat`) sees it at once.
    pub fn stand_down(&mut self, duel: &Duel) {
        for m in &mut self.seats {
            m.asked = Asked::Nothing;
            if let Some(w) = m.worker.take() {
                self.leaving.push(w.end(duel));
            }
        }
    }

    /// Folds a reply from player `p`'s seat into its state.
    pub fn heard(&mut self, p: usize, reply: SeatReply, duel: &Duel) -> Heard {
        let round = self.round;
        let Some(m) = self.seat_mut(p) else {
            return Heard::Nothing;
        };
        if m.worker.is_none() {
            return Heard::Nothing;
        }
        match reply {
            SeatReply::Say(text) => Heard::Said(text),
            SeatReply::Failed(failure) => {
                self.give_up(p, &failure, duel);
                Heard::Failed
            }
            SeatReply::Move { round: r, gestures } if r == round && m.asked == Asked::Move => {
                m.gestures = Some(gestures);
                m.asked = Asked::Nothing;
                Heard::Decided
            }
            SeatReply::Answers { round: r, answers } if r == round => match &m.asked {
                Asked::Early => {
                    m.asked = if m.moving {
                        Asked::Move
                    } else {
                        Asked::Nothing
                    };
                    Heard::Early(answers)
                }
                Asked::Answers => {
                    m.answers = Some(answers);
                    m.asked = Asked::Nothing;
                    Heard::Decided
                }
                _ => Heard::Nothing,
            },
            _ => Heard::Nothing,
        }
    }

    /// Lets player `p`'s seat go with one line on standard error; the table
    /// withdraws the wizard unless the duel is decided (then the line says
    /// the result stands).
    pub fn give_up(&mut self, p: usize, failure: &SeatFailure, duel: &Duel) {
        let decided = duel.outcome().is_some();
        let name = duel.being(PlayerId::new(p).into()).name.clone();
        let Some(m) = self.seat_mut(p) else { return };
        let Some(worker) = m.worker.take() else {
            return;
        };
        m.asked = Asked::Nothing;
        eprintln!("{}", failure_line(&name, &m.describe, failure, decided));
        self.leaving.push(worker.dismiss());
    }

    /// Tells the seats other than `speaker` what was said.
    pub fn tell_said(&self, duel: &Duel, speaker: usize, text: &str) {
        let who = &duel.being(PlayerId::new(speaker).into()).name;
        for p in self.players().filter(|&p| p != speaker) {
            if let Some(w) = self.seat(p).and_then(|m| m.worker.as_ref()) {
                w.tell_said(who, text);
            }
        }
    }

    /// Tells every seat a round has been played.
    pub fn tell_round(&self, duel: &Duel, round: RoundInfo) {
        for m in &self.seats {
            if let Some(w) = &m.worker {
                w.tell_round(duel, round);
            }
        }
    }

    /// Ends every seat (goodbye to those still playing) and waits for their
    /// threads, so no thread or program outlives the game.
    pub fn end_all(&mut self, duel: &Duel) {
        let mut threads = std::mem::take(&mut self.leaving);
        for m in &mut self.seats {
            if let Some(w) = m.worker.take() {
                threads.push(w.end(duel));
            }
        }
        for t in threads {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
#[path = "seat_threads_tests.rs"]
mod tests;
