//! The loop between the players and the engine: gestures in, questions out,
//! round after round until the duel is over.
//!
//! It knows nothing about X: a [`Front`] (the X windows, or a test double)
//! collects moves and answers and shows the results, so the order of the
//! phases is tested here without a display. Speech and departures are not
//! part of the loop: the front tells the duel at once ([`Duel::say`],
//! [`Duel::withdraw`]), whatever the phase.

use crate::engine::{Duel, Gesture, MoveError, Step};

/// How the players left the duel once it was over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Finish {
    /// The first player asked for a transcript (issue 5 writes it).
    pub save_transcript: bool,
}

/// What the game loop needs from the players' side.
pub trait Front {
    /// Runs the gesture phase of the next round and returns the moves, one
    /// per player (`Some` for each active wizard, `None` for the others),
    /// once all active players have ended their move; None when nobody is
    /// left to play.
    fn moves(&mut self, duel: &mut Duel) -> Option<Vec<Option<(Gesture, Gesture)>>>;

    /// Shows the open questions to the players asked, gives their answers to
    /// the duel once each has ended his answers, and returns the step that
    /// follows.
    fn answers(&mut self, duel: &mut Duel) -> Step;

    /// Shows what the round did.
    fn after_round(&mut self, duel: &mut Duel);

    /// The duel is over: waits until every player has pressed Quit.
    fn finish(&mut self, duel: &mut Duel) -> Finish;
}

/// Plays the duel to its end. Returns None if every player left before the end.
pub fn play<F: Front>(duel: &mut Duel, front: &mut F) -> Result<Option<Finish>, MoveError> {
    while duel.outcome().is_none() {
        let Some(moves) = front.moves(duel) else {
            return Ok(None);
        };
        let mut step = duel.start_round(&moves)?;
        while step == Step::Questions {
            step = front.answers(duel);
        }
        front.after_round(duel);
    }
    Ok(Some(front.finish(duel)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{PlayerId, PlayerSpec};

    /// Plays a fixed number of rounds, then leaves.
    struct Script {
        rounds_left: usize,
        log: Vec<&'static str>,
    }

    impl Front for Script {
        fn moves(&mut self, duel: &mut Duel) -> Option<Vec<Option<(Gesture, Gesture)>>> {
            self.log.push("moves");
            if self.rounds_left == 0 {
                return None;
            }
            self.rounds_left -= 1;
            let stab = (Gesture::Stab, Gesture::Nothing);
            Some(
                (0..duel.players())
                    .map(|p| duel.is_active(PlayerId::new(p)).then_some(stab))
                    .collect(),
            )
        }
        fn answers(&mut self, duel: &mut Duel) -> Step {
            self.log.push("answers");
            let mut step = Step::Questions;
            let waiting: Vec<PlayerId> = duel.waiting_on().collect();
            for p in waiting {
                let a: Vec<usize> = duel.default_answers(p);
                step = duel.answer(p, &a).expect("default answers are legal");
            }
            step
        }
        fn after_round(&mut self, _duel: &mut Duel) {
            self.log.push("after");
        }
        fn finish(&mut self, _duel: &mut Duel) -> Finish {
            self.log.push("finish");
            Finish::default()
        }
    }

    #[test]
    fn rounds_until_nobody_is_left() {
        let specs = [PlayerSpec::parse("A"), PlayerSpec::parse("B")];
        let mut duel = Duel::new(&specs, 5).expect("two good names");
        let mut front = Script {
            rounds_left: 2,
            log: Vec::new(),
        };
        assert_eq!(play(&mut duel, &mut front), Ok(None));
        assert_eq!(
            front.log,
            ["moves", "answers", "after", "moves", "answers", "after", "moves"]
        );
        assert_eq!(duel.being(crate::engine::BeingId::new(1)).hp, 13);
    }
}
