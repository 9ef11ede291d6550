//! The built-in computer as a seat: a [`ComputerSeat`] asks a [`Brain`] for
//! each decision. Brains come from one place, [`brain_for`], which hands out
//! the searching computer of `crate::computer` at the asked level.

use super::program::SeatFailure;
use super::seat_trait::{Decision, Seat};
use crate::computer::{Budget, Computer, Effort, Level};
use crate::driver::RoundInfo;
use crate::engine::{Duel, Gesture, SeatView};

/// How hard the built-in computer plays: the computer's own levels.
pub use crate::computer::Level as ComputerLevel;

/// What decides for a computer seat. It sees what its seat's view shows;
/// anything hidden from that seat it may only sample on the view's
/// determinised copy, never read.
pub trait Brain: Send {
    /// The wizard's two gestures (left, right) for the round about to be played.
    fn choose_move(&mut self, seat: SeatView) -> (Gesture, Gesture);

    /// One option index per question of `seat.open_questions()`.
    fn choose_answers(&mut self, seat: SeatView) -> Vec<usize>;
}

/// The brain of a computer seat of `level`, spending `effort` on each
/// decision, with its random choices seeded by `seed`. The coordinator's
/// hook for `crate::computer`.
pub fn brain_for(level: ComputerLevel, effort: Effort, seed: u64) -> Box<dyn Brain> {
    let budget = level.budget_for(effort);
    Box::new(SearchBrain {
        level,
        budget,
        seed,
        computer: None,
    })
}

/// `crate::computer` behind the [`Brain`] face. The [`Computer`] keeps the
/// answers it planned with its move, so one lives per seat, made when the
/// seat's wizard is first known.
struct SearchBrain {
    level: Level,
    budget: Budget,
    seed: u64,
    computer: Option<Computer>,
}

impl SearchBrain {
    fn computer(&mut self, me: crate::engine::PlayerId) -> &mut Computer {
        let level = self.level;
        self.computer
            .get_or_insert_with(|| Computer::new(level, me.index()))
    }
}

/// The computer is handed the engine's determinised copy of its seat's
/// view (`SeatView::determinised`): a duel that holds no row the seat
/// could not see, from which it imagines its own.
fn searchable(seat: SeatView) -> Duel {
    seat.determinised(0).into_duel()
}

impl Brain for SearchBrain {
    fn choose_move(&mut self, seat: SeatView) -> (Gesture, Gesture) {
        let (seed, budget) = (self.seed, self.budget);
        let duel = searchable(seat);
        self.computer(seat.me()).decide_move(&duel, seed, budget)
    }

    fn choose_answers(&mut self, seat: SeatView) -> Vec<usize> {
        let seed = self.seed;
        let duel = searchable(seat);
        self.computer(seat.me()).decide_answers(&duel, seed)
    }
}

/// A seat played by the built-in computer.
pub struct ComputerSeat {
    level: ComputerLevel,
    brain: Box<dyn Brain>,
}

impl ComputerSeat {
    /// A computer seat of `level` deciding with `brain`.
    pub fn new(level: ComputerLevel, brain: Box<dyn Brain>) -> ComputerSeat {
        ComputerSeat { level, brain }
    }

    /// The level's usual brain, see [`brain_for`].
    pub fn at_level(level: ComputerLevel, effort: Effort, seed: u64) -> ComputerSeat {
        ComputerSeat::new(level, brain_for(level, effort, seed))
    }
}

impl Seat for ComputerSeat {
    fn describe(&self) -> String {
        format!("computer ({})", self.level.name())
    }

    fn hello(&mut self, _seat: SeatView) -> Result<Decision<()>, SeatFailure> {
        Ok(Decision::silent(()))
    }

    fn choose_move(
        &mut self,
        seat: SeatView,
        _round: u32,
    ) -> Result<Decision<(Gesture, Gesture)>, SeatFailure> {
        Ok(Decision::silent(self.brain.choose_move(seat)))
    }

    fn choose_answers(
        &mut self,
        seat: SeatView,
        _round: u32,
    ) -> Result<Decision<Vec<usize>>, SeatFailure> {
        let asked = seat.open_questions();
        let answers = self.brain.choose_answers(seat);
        // A brain's slip must not stop the duel: anything unusable becomes
        // the pre-filled answers (and is a bug, loud in debug builds).
        let usable = answers.len() == asked.len()
            && answers.iter().zip(asked).all(|(&a, q)| a < q.options.len());
        debug_assert!(usable, "the computer answered {answers:?} to {asked:?}");
        Ok(Decision::silent(if usable {
            answers
        } else {
            asked.iter().map(|q| q.fallback()).collect()
        }))
    }

    fn tell_round(&mut self, _: SeatView, _: RoundInfo) -> Result<(), SeatFailure> {
        Ok(())
    }

    fn tell_said(&mut self, _who: &str, _text: &str) -> Result<(), SeatFailure> {
        Ok(())
    }

    fn tell_end(&mut self, _seat: SeatView) {}
}
