//! Narration: what happened, recorded as small events and turned into words
//! only when someone reads them, each wizard in the second person about himself.

use super::game::{Game, Outcome};
use super::BeingId;

/// Who is reading: a player's window, or the transcript's outside observer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    /// The wizard with this index.
    Player(usize),
    /// Nobody in particular: what the transcript records.
    Observer,
}

/// One thing that happened in the duel.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// A wizard enters the arena at the start.
    Enters {
        /// The wizard.
        wizard: BeingId,
    },
    /// A player spoke.
    Speech {
        /// The speaker.
        wizard: BeingId,
        /// What was said.
        text: String,
    },
    /// The duel ended.
    GameOver(Outcome),
}

impl Event {
    /// The text `viewer` reads, or None when this event is not shown to that viewer.
    pub fn text(&self, game: &Game, viewer: Viewer) -> Option<String> {
        let name = |b: BeingId| game.being(b).name.as_str();
        let me = |b: BeingId| viewer == Viewer::Player(b);
        Some(match self {
            Event::Enters { wizard } => {
                if me(*wizard) {
                    "You advance into the arena. The referee casts the formal Dispel Magic and Anti-spell on you."
                        .to_string()
                } else {
                    format!(
                        "{} advances into the arena. The referee casts the formal Dispel Magic and Anti-spell on {}.",
                        name(*wizard),
                        game.being(*wizard).gender.object()
                    )
                }
            }
            Event::Speech { wizard, text } => {
                if me(*wizard) {
                    format!("You say \"{text}\"")
                } else {
                    format!("{} says \"{text}\"", name(*wizard))
                }
            }
            Event::GameOver(Outcome::Draw) => "\n+++ The game is a draw +++".to_string(),
            Event::GameOver(Outcome::Winner(w)) => format!("\n+++ {} has won +++", name(*w)),
        })
    }
}
