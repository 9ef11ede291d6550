//! A seat on a thread of its own, for the window game: the X table sends
//! requests that return at once and gets each reply through a callback it
//! supplies, so it can fold them into its own event channel. The person can
//! go on clicking (End Move included) while the computer thinks or a program
//! takes its time.

use super::program::SeatFailure;
use super::seat_trait::{Decision, Seat};
use crate::driver::RoundInfo;
use crate::engine::{Duel, Gesture, PlayerId};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::{self, JoinHandle};

/// What the table asks of a worker's seat. Each request carries a copy of
/// the duel as it stands, so the seat never shares the table's.
#[derive(Debug, Clone)]
pub enum SeatRequest {
    /// The duel starts.
    Hello(Duel),
    /// The wizard's move for round `round`; answered by [`SeatReply::Move`].
    Move {
        /// The duel before the round.
        duel: Duel,
        /// Rounds played so far.
        round: u32,
    },
    /// Answers to `duel.open_questions(me)`; answered by [`SeatReply::Answers`].
    Answers {
        /// The duel waiting for the answers.
        duel: Duel,
        /// The round being played.
        round: u32,
    },
    /// A round has been played.
    Round {
        /// The duel after the round.
        duel: Duel,
        /// Which round it was.
        round: RoundInfo,
    },
    /// Another player said something.
    Said {
        /// The speaker's name.
        who: String,
        /// What was said.
        text: String,
    },
    /// The duel is over; the worker ends its seat and stops.
    End(Duel),
}

/// What a worker's seat sends back, through the table's callback.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatReply {
    /// The move asked for round `round`.
    Move {
        /// The round it is for.
        round: u32,
        /// Left and right hand.
        gestures: (Gesture, Gesture),
    },
    /// The answers asked during round `round`, one per open question.
    Answers {
        /// The round they are for.
        round: u32,
        /// Option indices.
        answers: Vec<usize>,
    },
    /// The wizard says this (sent before the reply that carried it).
    Say(String),
    /// The seat failed, once: withdraw its wizard. Later requests get no reply.
    Failed(SeatFailure),
}

/// The callback a worker replies through; called on the worker's thread.
pub type ReplySink = Box<dyn Fn(SeatReply) + Send>;

/// One seat running on its own thread; see the module doc.
pub struct SeatWorker {
    me: PlayerId,
    requests: Sender<SeatRequest>,
    thread: JoinHandle<()>,
}

impl SeatWorker {
    /// Starts `seat` as player `me`'s on a new thread, replying through `reply`.
    pub fn spawn(seat: Box<dyn Seat + Send>, me: PlayerId, reply: ReplySink) -> SeatWorker {
        let (requests, inbox) = mpsc::channel();
        let thread = thread::spawn(move || serve(seat, me, inbox, reply));
        SeatWorker {
            me,
            requests,
            thread,
        }
    }

    /// The player this worker plays.
    pub fn player(&self) -> PlayerId {
        self.me
    }

    /// Sends a request; returns at once. Requests to a worker that has
    /// stopped are dropped (its failure was already reported).
    pub fn send(&self, request: SeatRequest) {
        let _ = self.requests.send(request);
    }

    /// Sends `hello`.
    pub fn hello(&self, duel: &Duel) {
        self.send(SeatRequest::Hello(duel.clone()));
    }

    /// Asks for the move of round `round`.
    pub fn request_move(&self, duel: &Duel, round: u32) {
        self.send(SeatRequest::Move {
            duel: duel.clone(),
            round,
        });
    }

    /// Asks for answers to the seat's open questions.
    pub fn request_answers(&self, duel: &Duel, round: u32) {
        self.send(SeatRequest::Answers {
            duel: duel.clone(),
            round,
        });
    }

    /// Tells the seat a round has been played.
    pub fn tell_round(&self, duel: &Duel, round: RoundInfo) {
        self.send(SeatRequest::Round {
            duel: duel.clone(),
            round,
        });
    }

    /// Tells the seat another player spoke.
    pub fn tell_said(&self, who: &str, text: &str) {
        self.send(SeatRequest::Said {
            who: who.to_string(),
            text: text.to_string(),
        });
    }

    /// Ends the seat after the duel: returns the thread, which finishes once
    /// the seat has said goodbye (a program gets its reply limit to exit).
    /// Join it before the process exits so no program is left behind.
    pub fn end(self, duel: &Duel) -> JoinHandle<()> {
        self.send(SeatRequest::End(duel.clone()));
        self.thread
    }

    /// Lets the seat go without an `end` (its wizard was withdrawn): the
    /// thread ends the seat (a program is killed) once pending requests are
    /// done. Returns the thread to join.
    pub fn dismiss(self) -> JoinHandle<()> {
        drop(self.requests);
        self.thread
    }
}

/// The worker's loop: one request at a time, until `End` or the table
/// drops its sender. The seat is dropped at the end, which ends a program.
fn serve(
    mut seat: Box<dyn Seat + Send>,
    me: PlayerId,
    inbox: Receiver<SeatRequest>,
    reply: ReplySink,
) {
    let mut failed = false;
    for request in inbox {
        if let SeatRequest::End(duel) = &request {
            if !failed {
                let _ = catch_unwind(AssertUnwindSafe(|| seat.tell_end(duel.seat_view(me))));
            }
            return;
        }
        if failed {
            continue;
        }
        let outcome = catch_unwind(AssertUnwindSafe(|| handle(seat.as_mut(), me, request)))
            .unwrap_or(Err(SeatFailure::Crashed));
        let outcome = outcome.map(|decision| {
            if let Some(text) = decision.say {
                reply(SeatReply::Say(text));
            }
            decision.value
        });
        match outcome {
            Ok(Some(answer)) => reply(answer),
            Ok(None) => {}
            Err(failure) => {
                failed = true;
                reply(SeatReply::Failed(failure));
            }
        }
    }
}

/// Runs one request on the seat; the reply it calls for, if any, with
/// what the wizard said.
fn handle(
    seat: &mut dyn Seat,
    me: PlayerId,
    request: SeatRequest,
) -> Result<Decision<Option<SeatReply>>, SeatFailure> {
    Ok(match request {
        SeatRequest::Hello(duel) => Decision {
            value: None,
            say: seat.hello(duel.seat_view(me))?.say,
        },
        SeatRequest::Move { duel, round } => seat
            .choose_move(duel.seat_view(me), round)?
            .map(|gestures| Some(SeatReply::Move { round, gestures })),
        SeatRequest::Answers { duel, round } => seat
            .choose_answers(duel.seat_view(me), round)?
            .map(|answers| Some(SeatReply::Answers { round, answers })),
        SeatRequest::Round { duel, round } => {
            seat.tell_round(duel.seat_view(me), round)?;
            Decision::silent(None)
        }
        SeatRequest::Said { who, text } => {
            seat.tell_said(&who, &text)?;
            Decision::silent(None)
        }
        SeatRequest::End(_) => Decision::silent(None),
    })
}

#[cfg(test)]
mod tests;
