//! The seat as the game drives it: one trait for every player that is not a
//! person at a window (the built-in computer, an outside program).
//!
//! A seat is asked for its wizard's move and answers and told what happened,
//! in the order the seat protocol fixes. It is handed a [`SeatView`], which
//! shows only what its wizard sees (and, for the computer's search, a
//! determinised copy of the duel), and returns what its wizard says with
//! each decision, as the protocol's replies carry `say`.

use super::program::SeatFailure;
use crate::driver::RoundInfo;
use crate::engine::{Gesture, SeatView};
use crate::outside_text::{one_line, MAX_LINE_CHARS, MAX_QUOTED_CHARS};

/// A seat's decision and what its wizard says with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision<T> {
    /// What the seat decided.
    pub value: T,
    /// A line of speech, if any.
    pub say: Option<String>,
}

impl<T> Decision<T> {
    /// A decision without speech.
    pub fn silent(value: T) -> Decision<T> {
        Decision { value, say: None }
    }

    /// The same speech with the value made into another.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Decision<U> {
        Decision {
            value: f(self.value),
            say: self.say,
        }
    }
}

/// One wizard's player, driven synchronously: each call returns when the
/// seat has decided (a program seat never takes longer than its reply
/// limit). After a failure the seat answers every call with that failure;
/// the caller withdraws the wizard and lets the seat go.
pub trait Seat {
    /// How failure lines name the seat: `program "python3 p.py"`, `computer (easy)`.
    fn describe(&self) -> String;

    /// The duel is about to start.
    fn hello(&mut self, seat: SeatView) -> Result<Decision<()>, SeatFailure>;

    /// The wizard's two gestures (left, right) for round `round` (rounds
    /// played so far).
    fn choose_move(
        &mut self,
        seat: SeatView,
        round: u32,
    ) -> Result<Decision<(Gesture, Gesture)>, SeatFailure>;

    /// One answer per question of `seat.open_questions()`, as indices into
    /// each question's options.
    fn choose_answers(
        &mut self,
        seat: SeatView,
        round: u32,
    ) -> Result<Decision<Vec<usize>>, SeatFailure>;

    /// A round has been played (also one this wizard did not move in).
    fn tell_round(&mut self, seat: SeatView, round: RoundInfo) -> Result<(), SeatFailure>;

    /// Another player said something.
    fn tell_said(&mut self, who: &str, text: &str) -> Result<(), SeatFailure>;

    /// The duel is over: the seat says goodbye and ends (a program is given
    /// at most its reply limit to exit).
    fn tell_end(&mut self, seat: SeatView);
}

/// The one line written to standard error when a seat fails. Before the
/// duel is decided its wizard surrenders:
/// `spellcast: Barbara (program "p.py") did not reply within 10000 ms; Barbara surrenders`;
/// after, the result stands and the line says so. Every part is passed
/// through [`one_line`], so it is one line whatever the names, the command
/// or the program wrote.
pub fn failure_line(name: &str, seat: &str, failure: &SeatFailure, decided: bool) -> String {
    let name = one_line(name, MAX_QUOTED_CHARS);
    let seat = one_line(seat, MAX_QUOTED_CHARS + 10);
    let failure = one_line(&failure.to_string(), MAX_LINE_CHARS);
    if decided {
        format!(
            "spellcast: {name} ({seat}) {failure} after the duel was decided; the result stands"
        )
    } else {
        format!("spellcast: {name} ({seat}) {failure}; {name} surrenders")
    }
}
