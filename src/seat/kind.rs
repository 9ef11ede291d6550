//! The seat as the game drives it: one trait for every player that is not a
//! person at a window (the built-in computer, an outside program).
//!
//! A seat is asked for its wizard's move and answers and told what happened,
//! in the order the seat protocol fixes; it is handed the whole [`Duel`] but
//! promises to use only what `duel.view(me)` and
//! `duel.narration_since(Viewer::Player(me), ..)` show that seat. The
//! computer needs the duel itself to search over copies of it, sampling
//! whatever its seat cannot see; a program seat writes the view as JSON.

use super::program::SeatFailure;
use crate::engine::{Duel, Gesture, PlayerId, RoundKind};
use crate::outside_text::{one_line, MAX_LINE_CHARS, MAX_QUOTED_CHARS};

/// A round that has just been played, for [`Seat::tell_round`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundInfo {
    /// Rounds played before it, extra rounds included (from 0), as the
    /// script report counts them.
    pub number: u32,
    /// Its kind.
    pub kind: RoundKind,
    /// The turn it belonged to, as [`Duel::turn`] counts (from 0).
    pub turn: u32,
}

/// One wizard's player, driven synchronously: each call returns when the
/// seat has decided (a program seat never takes longer than its reply
/// limit). After a failure the seat answers every call with that failure;
/// the caller withdraws the wizard and lets the seat go.
pub trait Seat {
    /// How failure lines name the seat: `program "python3 p.py"`, `computer (easy)`.
    fn describe(&self) -> String;

    /// The duel is about to start; `me` is this seat's wizard.
    fn hello(&mut self, duel: &Duel, me: PlayerId) -> Result<(), SeatFailure>;

    /// The wizard's two gestures (left, right) for round `round` (rounds
    /// played so far), which `duel.is_active(me)` says it moves in.
    fn choose_move(
        &mut self,
        duel: &Duel,
        me: PlayerId,
        round: u32,
    ) -> Result<(Gesture, Gesture), SeatFailure>;

    /// One answer per question of `duel.open_questions(me)`, as indices into
    /// each question's options.
    fn choose_answers(
        &mut self,
        duel: &Duel,
        me: PlayerId,
        round: u32,
    ) -> Result<Vec<usize>, SeatFailure>;

    /// A round has been played (also one this wizard did not move in).
    fn tell_round(
        &mut self,
        duel: &Duel,
        me: PlayerId,
        round: RoundInfo,
    ) -> Result<(), SeatFailure>;

    /// Another player said something.
    fn tell_said(&mut self, who: &str, text: &str) -> Result<(), SeatFailure>;

    /// The duel is over: the seat says goodbye and ends (a program is given
    /// at most its reply limit to exit).
    fn tell_end(&mut self, duel: &Duel, me: PlayerId);

    /// What the wizard wants to say, once, after any call that may have
    /// produced speech.
    fn take_speech(&mut self) -> Option<String>;
}

/// The wizards' names as `name[:g]`, in player order, as `hello` lists them.
pub fn player_list(duel: &Duel) -> Vec<String> {
    use crate::engine::Gender;
    duel.beings()[..duel.players()]
        .iter()
        .map(|b| match b.gender {
            Gender::Male => b.name.to_string(),
            Gender::Female => format!("{}:f", b.name),
            Gender::Neuter => format!("{}:n", b.name),
            Gender::None => format!("{}:x", b.name),
        })
        .collect()
}

/// The one line written to standard error when a seat is given up:
/// `spellcast: Barbara (program "p.py") did not reply within 10000 ms; Barbara surrenders`.
/// Every part is passed through [`one_line`], so it is one line whatever
/// the names, the command or the program wrote.
pub fn failure_line(name: &str, seat: &str, failure: &SeatFailure) -> String {
    let name = one_line(name, MAX_QUOTED_CHARS);
    let seat = one_line(seat, MAX_QUOTED_CHARS + 10);
    let failure = one_line(&failure.to_string(), MAX_LINE_CHARS);
    format!("spellcast: {name} ({seat}) {failure}; {name} surrenders")
}
