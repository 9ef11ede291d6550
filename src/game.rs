//! The loop between the players and the engine: gestures in, questions out,
//! round after round until the duel is over.
//!
//! It knows nothing about X: a [`Front`] (the X windows, or a test double)
//! collects moves and answers and shows the results, so the order of the
//! phases is tested here without a display.

use crate::engine::{Answerer, Game, Gesture, Question};

/// How the players left the duel once it was over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Finish {
    /// The first player asked for a transcript (issue 5 writes it).
    pub save_transcript: bool,
}

/// What the game loop needs from the players' side.
pub trait Front {
    /// Runs the gesture phase of the next round and returns every player's
    /// (left, right) gestures once all active players have ended their move;
    /// None when nobody is left to play.
    fn moves(&mut self, game: &mut Game) -> Option<Vec<(Gesture, Gesture)>>;

    /// Shows one batch of questions and returns one answer per question, in
    /// order, once every asked player has ended his answers.
    fn answers(&mut self, game: &Game, batch: &[Question]) -> Vec<usize>;

    /// Lines typed while the last batch of questions was open, as (player,
    /// text), handed to the engine so they are logged where they were said.
    fn take_speech(&mut self) -> Vec<(usize, String)> {
        Vec::new()
    }

    /// Players who left while the last batch of questions was open; their
    /// wizards surrender at the end of the turn.
    fn take_departures(&mut self) -> Vec<usize> {
        Vec::new()
    }

    /// Shows what the round did (and says what was typed while the engine held the game).
    fn after_round(&mut self, game: &mut Game);

    /// The duel is over: waits until every player has pressed Quit.
    fn finish(&mut self, game: &mut Game) -> Finish;
}

/// Lends a front end to the engine as its [`Answerer`].
struct Asker<'a, F: Front>(&'a mut F);

impl<F: Front> Answerer for Asker<'_, F> {
    fn answer(&mut self, game: &Game, batch: &[Question]) -> Vec<usize> {
        self.0.answers(game, batch)
    }

    fn take_speech(&mut self) -> Vec<(usize, String)> {
        self.0.take_speech()
    }

    fn take_departures(&mut self) -> Vec<usize> {
        self.0.take_departures()
    }
}

/// Plays the duel to its end. Returns None if every player left before the end.
pub fn play<F: Front>(game: &mut Game, front: &mut F) -> Option<Finish> {
    while game.outcome().is_none() {
        let moves = front.moves(game)?;
        game.play_round(&moves, &mut Asker(front));
        front.after_round(game);
    }
    Some(front.finish(game))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::PlayerSpec;

    /// Plays a fixed number of rounds, then leaves.
    struct Script {
        rounds_left: usize,
        log: Vec<&'static str>,
    }

    impl Front for Script {
        fn moves(&mut self, _game: &mut Game) -> Option<Vec<(Gesture, Gesture)>> {
            self.log.push("moves");
            if self.rounds_left == 0 {
                return None;
            }
            self.rounds_left -= 1;
            Some(vec![(Gesture::Nothing, Gesture::Nothing); 2])
        }
        fn answers(&mut self, _game: &Game, batch: &[Question]) -> Vec<usize> {
            self.log.push("answers");
            batch.iter().map(Question::fallback).collect()
        }
        fn after_round(&mut self, _game: &mut Game) {
            self.log.push("after");
        }
        fn finish(&mut self, _game: &mut Game) -> Finish {
            self.log.push("finish");
            Finish::default()
        }
    }

    #[test]
    fn rounds_until_nobody_is_left() {
        let mut game = Game::new(&[PlayerSpec::parse("A"), PlayerSpec::parse("B")], 5);
        let mut front = Script {
            rounds_left: 2,
            log: Vec::new(),
        };
        assert_eq!(play(&mut game, &mut front), None);
        let phases: Vec<_> = front
            .log
            .iter()
            .filter(|s| **s != "answers")
            .copied()
            .collect();
        assert_eq!(phases, ["moves", "after", "moves", "after", "moves"]);
    }
}
