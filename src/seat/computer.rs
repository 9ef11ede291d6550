//! The built-in computer as a seat: a [`ComputerSeat`] asks a [`Brain`] for
//! each decision. Brains come from one place, [`brain_for`], which hands out
//! the searching computer of `crate::computer` at the asked level.

use super::kind::{RoundInfo, Seat};
use super::program::SeatFailure;
use crate::computer::{Budget, Computer, Level};
use crate::engine::{Duel, Gesture, PlayerId};

/// How hard the built-in computer plays: the computer's own levels.
pub use crate::computer::Level as ComputerLevel;

/// What decides for a computer seat. It is handed the whole duel but reads
/// only what `duel.view(me)` shows; anything hidden from that seat it may
/// only sample (on a clone), never read.
pub trait Brain: Send {
    /// The wizard's two gestures (left, right) for the round about to be played.
    fn choose_move(&mut self, duel: &Duel, me: PlayerId) -> (Gesture, Gesture);

    /// One option index per question of `duel.open_questions(me)`.
    fn choose_answers(&mut self, duel: &Duel, me: PlayerId) -> Vec<usize>;
}

/// The brain of a computer seat of `level`, thinking at most `think_ms` per
/// decision when given (else the level's own budget), with its random
/// choices seeded by `seed`. The coordinator's hook for `crate::computer`.
pub fn brain_for(level: ComputerLevel, think_ms: Option<u64>, seed: u64) -> Box<dyn Brain> {
    let budget = match think_ms {
        Some(ms) => level.budget().capped(ms),
        None => level.budget(),
    };
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
    fn computer(&mut self, me: PlayerId) -> &mut Computer {
        let level = self.level;
        self.computer
            .get_or_insert_with(|| Computer::new(level, me.index()))
    }
}

impl Brain for SearchBrain {
    fn choose_move(&mut self, duel: &Duel, me: PlayerId) -> (Gesture, Gesture) {
        let (seed, budget) = (self.seed, self.budget);
        self.computer(me).decide_move(duel, seed, budget)
    }

    fn choose_answers(&mut self, duel: &Duel, me: PlayerId) -> Vec<usize> {
        let seed = self.seed;
        self.computer(me).decide_answers(duel, seed)
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
    pub fn at_level(level: ComputerLevel, think_ms: Option<u64>, seed: u64) -> ComputerSeat {
        ComputerSeat::new(level, brain_for(level, think_ms, seed))
    }
}

impl Seat for ComputerSeat {
    fn describe(&self) -> String {
        format!("computer ({})", self.level.name())
    }

    fn hello(&mut self, _duel: &Duel, _me: PlayerId) -> Result<(), SeatFailure> {
        Ok(())
    }

    fn choose_move(
        &mut self,
        duel: &Duel,
        me: PlayerId,
        _round: u32,
    ) -> Result<(Gesture, Gesture), SeatFailure> {
        Ok(self.brain.choose_move(duel, me))
    }

    fn choose_answers(
        &mut self,
        duel: &Duel,
        me: PlayerId,
        _round: u32,
    ) -> Result<Vec<usize>, SeatFailure> {
        let asked = duel.open_questions(me);
        let answers = self.brain.choose_answers(duel, me);
        // A brain's slip must not stop the duel: anything unusable becomes
        // the pre-filled answers.
        let usable = answers.len() == asked.len()
            && answers.iter().zip(asked).all(|(&a, q)| a < q.options.len());
        Ok(if usable {
            answers
        } else {
            asked.iter().map(|q| q.fallback()).collect()
        })
    }

    fn tell_round(&mut self, _: &Duel, _: PlayerId, _: RoundInfo) -> Result<(), SeatFailure> {
        Ok(())
    }

    fn tell_said(&mut self, _who: &str, _text: &str) -> Result<(), SeatFailure> {
        Ok(())
    }

    fn tell_end(&mut self, _duel: &Duel, _me: PlayerId) {}

    fn take_speech(&mut self) -> Option<String> {
        None
    }
}
