//! The learner's helper key (F1, only with the helper on): the computer's
//! suggestion for the player's own move, shown as one more helper line.
//!
//! The computer decides on the engine's determinised copy of the player's
//! seat view, as a computer seat does, so it never reads a row the player
//! could not see. It runs on the window's event loop, so its work is
//! small and capped by the clock: the window answers again within
//! [`THINK_MS`] whatever the machine's load.

use crate::computer::{Budget, Computer, Level};
use crate::engine::{Gesture, SeatView};

/// The line's opening words (the rest names the two gestures).
pub const PREFIX: &str = "Suggestion (computer):";

/// The most a suggestion may keep the window waiting, in milliseconds.
pub const THINK_MS: u64 = 100;

/// Rollouts at most: what `hard` spends in about [`THINK_MS`] on an idle
/// core, so the clock rarely cuts it short.
const ROLLOUTS: u32 = 600;

/// The computer's move for the seat `seat` belongs to, as the helper's line:
/// `Suggestion (computer): left hand wave, right hand palm`.
pub fn suggestion_line(seat: SeatView) -> String {
    let duel = seat.determinised(0).into_duel();
    let budget = Budget {
        iterations: ROLLOUTS,
        think_ms: Some(THINK_MS),
    };
    let mut computer = Computer::new(Level::Hard, seat.me().index());
    let seed = 0x5EED ^ duel.turn() as u64;
    let (left, right) = computer.decide_move(&duel, seed, budget);
    line(left, right)
}

fn line(left: Gesture, right: Gesture) -> String {
    format!(
        "{PREFIX} left hand {}, right hand {}",
        left.name(),
        right.name()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Duel, PlayerId, PlayerSpec};

    #[test]
    fn the_line_names_both_hands() {
        assert_eq!(
            line(Gesture::Wave, Gesture::Palm),
            "Suggestion (computer): left hand wave, right hand palm"
        );
    }

    #[test]
    fn a_suggestion_is_a_move_for_the_first_turn() {
        let specs = [PlayerSpec::parse("Alice"), PlayerSpec::parse("Bob")];
        let duel = Duel::new(&specs, 3).expect("a duel of two");
        let shown = suggestion_line(duel.seat_view(PlayerId::new(0)));
        assert!(shown.starts_with(PREFIX), "{shown}");
        assert!(shown.contains("left hand ") && shown.contains(", right hand "));
    }
}
