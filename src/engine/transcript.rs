//! The transcript: a title, then every turn's gestures and all the text an
//! outside observer saw, speech included.

use super::duel::Duel;
use super::narrate::Viewer;
use std::fmt;

/// Builds the whole transcript text.
pub(crate) fn write(game: &Duel) -> String {
    let mut out = String::new();
    // Writing into a String cannot fail.
    let _ = game.write_transcript(&mut out);
    out
}

impl Duel {
    /// Writes the transcript (the text of [`Duel::transcript`]) into `out`
    /// piece by piece, so a caller can stream it (the script report escapes
    /// it straight into its buffer) instead of holding a copy.
    pub fn write_transcript(&self, out: &mut impl fmt::Write) -> fmt::Result {
        out.write_str("Spellcast Game Transcript\n\n")?;
        for e in self.events.iter() {
            if e.write_text(self, Viewer::Observer, out)? {
                out.write_str("\n")?;
            }
        }
        Ok(())
    }
}
