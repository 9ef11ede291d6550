//! The transcript: a title, then every turn's gestures and all the text an
//! outside observer saw, speech included.

use super::duel::Duel;
use super::narrate::Viewer;

/// Builds the whole transcript text.
pub(crate) fn write(game: &Duel) -> String {
    let mut out = String::from("Spellcast Game Transcript\n\n");
    for e in &game.events {
        if let Some(t) = e.text(game, Viewer::Observer) {
            out.push_str(&t);
            out.push('\n');
        }
    }
    out
}
