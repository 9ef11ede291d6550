//! The windows' side of a duel, phase by phase: each round's gesture phase,
//! its answer phases, the news, until the duel is over. The [`Driver`]
//! says who owes what; a [`Front`] (the X table, or a test double) runs
//! each phase in every window and seat at once and gives the driver what
//! was decided. Speech and departures are not part of the loop: the front
//! tells the driver at once, whatever the phase.
//!
//! A person who leaves (closes his window, or his display dies)
//! surrenders, whoever the others are: when nobody is left at a window the
//! duel is still played on, with the seats at no window, until the
//! leavers' surrender has taken effect (the end of the next normal turn at
//! the latest), so that a program is told the true result.

use crate::driver::{Driver, Phase, RoundInfo};

/// How the players left the duel once it was over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Finish {
    /// The first player asked for a transcript.
    pub save_transcript: bool,
}

/// What the phase loop needs from the players' side.
pub trait Front {
    /// Runs the gesture phase of the round the driver has begun, and gives
    /// the driver every move (and charm answer) it waits for.
    fn moves(&mut self, driver: &mut Driver);

    /// Shows the open questions to the players asked and gives the driver
    /// their answers once each has ended his answers.
    fn answers(&mut self, driver: &mut Driver);

    /// Shows what the round did, and tells the seats.
    fn after_round(&mut self, driver: &mut Driver, round: RoundInfo);

    /// Whether someone is still at a window.
    fn watched(&self) -> bool;

    /// The duel is over: waits until every player has pressed Quit.
    fn finish(&mut self, driver: &mut Driver) -> Finish;
}

/// Plays the duel to its end. Returns None if everyone at a window left
/// and the duel was still undecided once their surrender was due.
pub fn play<F: Front>(driver: &mut Driver, front: &mut F) -> Option<Finish> {
    let mut left_in_turn = None;
    while !driver.is_over() {
        if !front.watched() {
            let turn = driver.duel().turn();
            let left = *left_in_turn.get_or_insert(turn);
            if turn > left + 1 {
                return None;
            }
        }
        driver.begin_round();
        front.moves(driver);
        while driver.phase() == Phase::Answers {
            front.answers(driver);
        }
        if let Phase::RoundDone(round) = driver.phase() {
            front.after_round(driver, round);
        }
    }
    Some(front.finish(driver))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Duel, Gesture, PlayerId, PlayerSpec};

    /// Plays a fixed number of rounds at windows, then everyone leaves.
    struct Script {
        rounds_left: usize,
        log: Vec<&'static str>,
    }

    impl Front for Script {
        fn moves(&mut self, driver: &mut Driver) {
            self.log.push("moves");
            if self.rounds_left == 0 {
                for p in 0..driver.duel().players() {
                    driver.withdraw(PlayerId::new(p));
                }
            } else {
                self.rounds_left -= 1;
            }
            let owed: Vec<_> = driver.requests().collect();
            for r in owed {
                let _ = driver.give_move(r.player, (Gesture::Stab, Gesture::Nothing));
            }
        }
        fn answers(&mut self, driver: &mut Driver) {
            self.log.push("answers");
            let owed: Vec<_> = driver.requests().collect();
            for r in owed {
                let a = driver.duel().default_answers(r.player);
                driver
                    .give_answers(r.player, a)
                    .expect("default answers fit");
            }
        }
        fn after_round(&mut self, _: &mut Driver, _: RoundInfo) {
            self.log.push("after");
        }
        fn watched(&self) -> bool {
            self.rounds_left > 0
        }
        fn finish(&mut self, _: &mut Driver) -> Finish {
            self.log.push("finish");
            Finish::default()
        }
    }

    #[test]
    fn everyone_leaving_ends_the_duel_once_their_surrender_is_due() {
        let specs = [PlayerSpec::parse("A"), PlayerSpec::parse("B")];
        let mut driver = Driver::new(Duel::new(&specs, 5).expect("two good names"));
        let mut front = Script {
            rounds_left: 2,
            log: Vec::new(),
        };
        // Both leave in the third turn: both surrender at its end, a draw.
        let finish = play(&mut driver, &mut front);
        assert_eq!(finish, Some(Finish::default()));
        assert_eq!(driver.duel().outcome(), Some(crate::engine::Outcome::Draw));
        assert_eq!(front.log.iter().filter(|&&s| s == "moves").count(), 3);
        assert_eq!(front.log.last(), Some(&"finish"));
    }
}
