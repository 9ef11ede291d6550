//! The words of the question pane that are the window's own: the
//! informational line of each phase and the end-of-game question. Questions
//! and answers are worded by the engine (`Question::prompt`, `Choice::label`).

use crate::engine::RoundKind;

/// The line shown in the question pane during the gesture phase.
pub fn gesture_phase_line(kind: RoundKind, active: bool) -> &'static str {
    match (kind, active) {
        (RoundKind::Normal, true) => {
            "Enter your gestures for this move, at the bottom of your gesture list."
        }
        (RoundKind::Haste, true) => {
            "Enter the gestures for your Hastened move, at the bottom of your gesture list."
        }
        (RoundKind::TimeStop, true) => {
            "Enter the gestures for your Time-Stopped move, at the bottom of your gesture list."
        }
        (RoundKind::Haste, false) => "Other people are Hastened this turn.",
        (RoundKind::TimeStop, false) => "You are frozen in time.",
        (RoundKind::Normal, false) => "You are out of the game.",
    }
}

/// The line a spectator's window (`--watch`) shows while the wizards
/// choose their gestures: it plays no wizard, so nothing is asked of it.
pub fn watching_line(kind: RoundKind) -> &'static str {
    match kind {
        RoundKind::Normal => "You are watching: the wizards are choosing their gestures.",
        RoundKind::Haste => "You are watching: the Hastened wizards are choosing their gestures.",
        RoundKind::TimeStop => "You are watching: a wizard is moving in stopped time.",
    }
}

/// The end-of-game question for the first player (the file is
/// written by `transcript_file`).
pub const SAVE_TRANSCRIPT: &str = "Do you want to save a transcript of this game?";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_per_round_kind() {
        assert!(gesture_phase_line(RoundKind::Haste, true).contains("Hastened"));
        assert!(gesture_phase_line(RoundKind::TimeStop, true).contains("Time-Stopped"));
        assert_eq!(
            gesture_phase_line(RoundKind::TimeStop, false),
            "You are frozen in time."
        );
    }
}
