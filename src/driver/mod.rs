//! The one way a duel is driven: a [`Driver`] over an [`engine::Duel`]
//! says which seats it waits on and takes their decisions as they come.
//! Every front end uses it: the windows (event by event, several displays
//! at once), the match runner and the script runner (synchronously), and
//! the computer's simulations (synchronously, on copies it owns by `&mut`).
//!
//! A round goes: [`Driver::begin_round`] opens the moves; the driver waits
//! on each active wizard's move ([`Ask::Move`]) and, for seats that speak
//! the seat protocol, on a charmer's gesture question open since the last
//! round ([`Ask::Answers`] before the moves: the *charm rule*, below). Once
//! all are given the round starts in the engine; each batch of questions
//! then waits on the players it asks, until the round is done
//! ([`Phase::RoundDone`]) or the duel over.
//!
//! The charm rule, held here once: a seat of the protocol is asked a
//! Charm Person gesture *before* its moves, as the seat protocol
//! (man/spellcast-protocol.5) orders
//! it. The engine asks that question only after the moves are in, so the
//! answer is held and given when the engine asks the same questions; if it
//! asks others, the seat is asked again. People at windows, scripts and
//! simulations answer when the engine asks.
//!
//! [`engine::Duel`]: crate::engine::Duel

mod round;
mod sync;
#[cfg(test)]
mod tests;

pub use round::{RoundInfo, RoundMoves};
pub use sync::answer_all;

use crate::engine::{
    check_answers, AnswerError, Duel, Gesture, MoveError, PlayerId, Question, Step, MAX_PLAYERS,
};
use std::borrow::{BorrowMut, Cow};
use thiserror::Error;

/// What the driver waits for from a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    /// Its wizard's two gestures for the round.
    Move,
    /// Answers to its open questions ([`crate::engine::SeatView::open_questions`]).
    Answers,
}

/// One thing the driver waits for: player `player` owes `ask`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Request {
    /// Who owes it.
    pub player: PlayerId,
    /// What.
    pub ask: Ask,
    /// Rounds played before the round it is for (the protocol's `round`).
    pub round: u32,
}

/// Where the driver stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Between rounds: call [`Driver::begin_round`] (unless the duel is over).
    Between,
    /// Waiting on the moves (and the charm answers asked before them).
    Moves,
    /// Waiting on answers to the open batch.
    Answers,
    /// A round has been played: tell the seats, then begin the next.
    RoundDone(RoundInfo),
}

/// A decision the driver could not take; nothing of it was applied.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Refused {
    /// The driver did not ask this player for this.
    #[error("{player} was not asked for {what}")]
    NotAsked {
        /// Who gave it.
        player: PlayerId,
        /// `a move` or `answers`.
        what: &'static str,
    },
    /// The answers do not fit the questions.
    #[error("{0}")]
    Answers(#[from] AnswerError),
    /// The engine does not take this move (an Onyx beam without an Onyx).
    #[error("{0}")]
    Move(#[from] MoveError),
}

/// The engine refused the moves of a round (a bug in a front end).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("the engine refused the round's moves: {0}")]
pub struct DriveError(#[from] pub MoveError);

/// Answers asked before the moves, held until the engine asks the same questions.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Held {
    questions: Vec<Question>,
    answers: Vec<usize>,
}

/// A duel being driven; see the module notes. `D` is the duel itself or
/// a `&mut` borrow of it (the computer's simulations).
#[derive(Debug)]
pub struct Driver<D = Duel> {
    duel: D,
    /// Seats asked for a charmer's gesture before their moves.
    early: [bool; MAX_PLAYERS],
    phase: Phase,
    /// The round being played, once begun.
    round: RoundInfo,
    moves: RoundMoves,
    owes_move: [bool; MAX_PLAYERS],
    owes_early: [bool; MAX_PLAYERS],
    held: [Option<Held>; MAX_PLAYERS],
    /// Applied decisions, kept when a front end wants to write them down.
    journal: Option<Vec<Applied>>,
    /// Decisions and departures taken so far (a stuck front end shows as
    /// a request asked again with this unchanged).
    taken: u64,
}

/// A decision the engine took, for a front end that records the duel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Applied {
    /// The round's moves, one per player (`None` for wizards not moving).
    Moves(RoundMoves),
    /// A player's answers to these questions.
    Answers {
        /// Who answered.
        player: PlayerId,
        /// The questions answered.
        questions: Vec<Question>,
        /// One option index per question.
        answers: Vec<usize>,
    },
}

impl<D: BorrowMut<Duel>> Driver<D> {
    /// Drives `duel`, which may be between rounds or in the middle of one
    /// (a simulation's copy taken while questions are open). No seat is
    /// asked the charm gesture early; see [`Driver::ask_charm_early`].
    pub fn new(duel: D) -> Driver<D> {
        let d: &Duel = duel.borrow();
        let round = RoundInfo::of(d);
        let phase = if d.mid_round() {
            Phase::Answers
        } else {
            Phase::Between
        };
        Driver {
            duel,
            early: [false; MAX_PLAYERS],
            phase,
            round,
            moves: RoundMoves::default(),
            owes_move: [false; MAX_PLAYERS],
            owes_early: [false; MAX_PLAYERS],
            held: Default::default(),
            journal: None,
            taken: 0,
        }
    }

    /// Seat `p` speaks the seat protocol: it is asked a charmer's gesture
    /// before its moves (the charm rule in the module notes).
    pub fn ask_charm_early(&mut self, p: PlayerId) {
        if let Some(e) = self.early.get_mut(p.index()) {
            *e = true;
        }
    }

    /// Keeps every applied decision for [`Driver::take_applied`].
    pub fn keep_journal(&mut self) {
        self.journal.get_or_insert_with(Vec::new);
    }

    /// The decisions applied since the last call (empty without a journal).
    pub fn take_applied(&mut self) -> Vec<Applied> {
        self.journal
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }

    /// The duel, for reading (front ends show each seat its
    /// [`Duel::seat_view`]; referees and reports read it whole).
    pub fn duel(&self) -> &Duel {
        self.duel.borrow()
    }

    /// Gives the duel back.
    pub fn into_inner(self) -> D {
        self.duel
    }

    /// How many decisions and departures the driver has taken: a front
    /// end that asks again with this unchanged has given nothing.
    pub fn taken(&self) -> u64 {
        self.taken
    }

    /// Where the driver stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The round being played (or just played).
    pub fn round(&self) -> RoundInfo {
        self.round
    }

    /// Whether the duel is over.
    pub fn is_over(&self) -> bool {
        self.duel().outcome().is_some()
    }

    /// Opens the next round's moves. Does nothing once the duel is over
    /// or while a round is being played.
    pub fn begin_round(&mut self) {
        if self.is_over() || !matches!(self.phase, Phase::Between | Phase::RoundDone(_)) {
            return;
        }
        let duel: &Duel = self.duel.borrow();
        self.round = RoundInfo::of(duel);
        self.moves = RoundMoves::default();
        self.held = Default::default();
        for p in 0..duel.players() {
            let me = PlayerId::new(p);
            self.owes_move[p] = duel.is_active(me);
            self.owes_early[p] = self.early[p] && !duel.open_questions(me).is_empty();
        }
        self.phase = Phase::Moves;
        // A round nobody moves in (a haste round for a monster) starts at once.
        self.progress();
    }

    /// Whether the driver waits on player `p` now.
    pub fn waits_on(&self, p: PlayerId) -> bool {
        self.requests().any(|r| r.player == p)
    }

    /// What the driver waits for now, in the order a synchronous front end
    /// asks: the charm answers before the moves, then the moves, in player
    /// order; then the players the open batch asks, in player order.
    pub fn requests(&self) -> impl Iterator<Item = Request> + '_ {
        let round = self.round.number;
        let players = self.duel().players();
        let (early, moves) = if self.phase == Phase::Moves {
            (&self.owes_early[..players], &self.owes_move[..players])
        } else {
            (&[][..], &[][..])
        };
        let early = early
            .iter()
            .enumerate()
            .filter(|(_, &f)| f)
            .map(move |(p, _)| Request {
                player: PlayerId::new(p),
                ask: Ask::Answers,
                round,
            });
        let moves = moves
            .iter()
            .enumerate()
            .filter(|(_, &f)| f)
            .map(move |(p, _)| Request {
                player: PlayerId::new(p),
                ask: Ask::Move,
                round,
            });
        let answers = (self.phase == Phase::Answers)
            .then(|| self.duel().waiting_on())
            .into_iter()
            .flatten()
            .map(move |p| Request {
                player: p,
                ask: Ask::Answers,
                round,
            });
        early.chain(moves).chain(answers)
    }

    /// The first request, as a synchronous front end takes them one by one.
    pub fn next_request(&self) -> Option<Request> {
        self.requests().next()
    }

    /// Player `p`'s move for the round, if the engine takes it
    /// ([`Duel::check_move`]). When it is the last thing the moves wait
    /// for, the round starts in the engine.
    pub fn give_move(&mut self, p: PlayerId, gestures: (Gesture, Gesture)) -> Result<(), Refused> {
        let owed = self.phase == Phase::Moves && self.owes_move.get(p.index()) == Some(&true);
        if !owed {
            return Err(Refused::NotAsked {
                player: p,
                what: "a move",
            });
        }
        self.duel().check_move(p, gestures)?;
        self.owes_move[p.index()] = false;
        self.taken += 1;
        self.moves.set(p, gestures);
        self.progress();
        Ok(())
    }

    /// Player `p`'s answers to its open questions (one option index per
    /// question, in order). Before the moves they are held (the charm
    /// rule); during the round the engine takes them at once.
    pub fn give_answers(&mut self, p: PlayerId, answers: Vec<usize>) -> Result<(), Refused> {
        self.take_answers(p, Cow::Owned(answers))
    }

    /// As [`Driver::give_answers`], from a borrowed list: the list is copied
    /// only when the driver keeps it (answers held before the moves, or a
    /// journal), so a caller answering batch after batch (`--script`) can
    /// reuse one list.
    pub fn give_answers_from(&mut self, p: PlayerId, answers: &[usize]) -> Result<(), Refused> {
        self.take_answers(p, Cow::Borrowed(answers))
    }

    /// Both of the above: `answers` is made an owned list only where kept.
    fn take_answers(&mut self, p: PlayerId, answers: Cow<'_, [usize]>) -> Result<(), Refused> {
        let not_asked = Refused::NotAsked {
            player: p,
            what: "answers",
        };
        match self.phase {
            Phase::Moves if self.owes_early.get(p.index()) == Some(&true) => {
                let questions = self.duel().open_questions(p).to_vec();
                check_answers(p, &questions, &answers)?;
                self.owes_early[p.index()] = false;
                self.taken += 1;
                self.held[p.index()] = Some(Held {
                    questions,
                    answers: answers.into_owned(),
                });
                self.progress();
                Ok(())
            }
            // Between rounds only a charm batch can be open; the engine
            // takes its answers (a simulation's copy answers it so).
            Phase::Answers | Phase::Between | Phase::RoundDone(_) => {
                if self.duel().open_questions(p).is_empty() {
                    return Err(not_asked);
                }
                // Copied only for a journal: simulations answer millions of times.
                let questions =
                    (self.journal.is_some()).then(|| self.duel().open_questions(p).to_vec());
                let step = self.duel.borrow_mut().answer(p, &answers)?;
                self.taken += 1;
                if let Some(questions) = questions {
                    self.note(Applied::Answers {
                        player: p,
                        questions,
                        answers: answers.into_owned(),
                    });
                }
                self.after(step);
                Ok(())
            }
            _ => Err(not_asked),
        }
    }

    /// Player `p` has gone (a window closed, a seat failed, a script's
    /// `withdraw`): the engine is told (his wizard surrenders at the end of
    /// the turn, his questions take their pre-filled answers) and nothing
    /// more is asked of him but his move of a round whose moves are open,
    /// which the front end still gives (the gestures it has, or none).
    pub fn withdraw(&mut self, p: PlayerId) {
        let step = self.duel.borrow_mut().withdraw(p);
        self.taken += 1;
        if let Some(owed) = self.owes_early.get_mut(p.index()) {
            *owed = false;
        }
        if let Some(held) = self.held.get_mut(p.index()) {
            *held = None;
        }
        match (self.phase, step) {
            (Phase::Answers, Some(step)) => self.after(step),
            (Phase::Moves, _) => self.progress(),
            // Between rounds the engine settles a charm batch itself.
            _ => {}
        }
    }

    /// Records a line player `p` said.
    pub fn say(&mut self, p: PlayerId, text: &str) {
        self.duel.borrow_mut().say(p, text);
    }

    /// Starts the round once nothing more is owed before it.
    fn progress(&mut self) {
        let players = self.duel().players();
        let owed = self.owes_move[..players]
            .iter()
            .chain(&self.owes_early[..players])
            .any(|&o| o);
        if self.phase != Phase::Moves || owed {
            return;
        }
        let moves = self.moves.for_engine(players);
        match self.duel.borrow_mut().start_round(&moves) {
            Ok(step) => {
                self.note(Applied::Moves(self.moves));
                self.phase = Phase::Answers;
                self.after(step);
            }
            Err(e) => self.broken(DriveError(e)),
        }
    }

    /// After the engine moved on: held answers go in where they answer the
    /// questions asked; the round ends when the engine says so.
    fn after(&mut self, mut step: Step) {
        while step == Step::Questions {
            let duel: &Duel = self.duel.borrow();
            let fits = duel.waiting_on().find(|p| {
                self.held[p.index()]
                    .as_ref()
                    .is_some_and(|h| h.questions == duel.open_questions(*p))
            });
            let Some(p) = fits else {
                if duel.waiting_on().next().is_some() {
                    self.phase = Phase::Answers;
                    return;
                }
                // Questions nobody is asked: nothing can answer them.
                debug_assert!(false, "a batch that waits on nobody");
                break;
            };
            let Some(held) = self.held[p.index()].take() else {
                return;
            };
            match self.duel.borrow_mut().answer(p, &held.answers) {
                Ok(next) => {
                    self.note(Applied::Answers {
                        player: p,
                        questions: held.questions,
                        answers: held.answers,
                    });
                    step = next;
                }
                // Checked against the same questions when given.
                Err(e) => {
                    debug_assert!(false, "held answers refused: {e}");
                    return;
                }
            }
        }
        self.held = Default::default();
        self.phase = Phase::RoundDone(self.round);
    }

    /// A front end gave moves the engine refused: loud in debug builds; in
    /// release the round is abandoned as if over, so that no front end
    /// waits for ever.
    fn broken(&mut self, e: DriveError) {
        debug_assert!(false, "{e}");
        self.phase = Phase::RoundDone(self.round);
    }

    fn note(&mut self, applied: Applied) {
        if let Some(journal) = &mut self.journal {
            journal.push(applied);
        }
    }
}
