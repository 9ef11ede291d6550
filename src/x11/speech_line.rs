//! The speech line: what the player types (anywhere in the window) before
//! sending it to everyone, with the original's Emacs keys
//! (listed in man/spellcast.6, THE WINDOW).

use super::canvas::{Canvas, Ink, Surface};
use super::font::FontMetrics;
use super::keys::Key;
use super::layout::{LineMetrics, Rect, SPEECH_WIDTH, SPEECH_X, SPEECH_Y};

/// What a key did to the line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edit {
    /// Nothing changed.
    None,
    /// The line changed and must be redrawn.
    Changed,
    /// The line was sent (and cleared): say this.
    Send(String),
    /// Ctrl-L: redraw the whole window.
    RedrawAll,
}

/// The line being typed and its cursor.
#[derive(Debug, Clone, Default)]
pub struct SpeechLine {
    text: Vec<char>,
    cursor: usize,
    dirty: bool,
}

impl SpeechLine {
    /// An empty line.
    pub fn new() -> SpeechLine {
        SpeechLine {
            dirty: true,
            ..SpeechLine::default()
        }
    }

    /// The text typed so far.
    pub fn text(&self) -> String {
        self.text.iter().collect()
    }

    /// Cursor position in characters.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Applies one key. `width` measures text; a character is refused once the
    /// line is at least `limit` pixels wide.
    pub fn key(&mut self, key: Key, width: impl Fn(&str) -> i32, limit: i32) -> Edit {
        let changed = match key {
            Key::Char(c) => {
                if width(&self.text()) >= limit {
                    false
                } else {
                    self.text.insert(self.cursor, c);
                    self.cursor += 1;
                    true
                }
            }
            Key::Return | Key::Ctrl('s') => {
                if self.text.is_empty() {
                    return Edit::None;
                }
                let said = self.text();
                self.text.clear();
                self.cursor = 0;
                self.dirty = true;
                return Edit::Send(said);
            }
            Key::BackSpace | Key::Delete if self.cursor > 0 => {
                self.cursor -= 1;
                self.text.remove(self.cursor);
                true
            }
            Key::Ctrl('k') => {
                let had = self.text.len() > self.cursor;
                self.text.truncate(self.cursor);
                had
            }
            Key::Ctrl('b') => self.move_to(self.cursor.saturating_sub(1)),
            Key::Ctrl('f') => self.move_to((self.cursor + 1).min(self.text.len())),
            Key::Ctrl('a') => self.move_to(0),
            Key::Ctrl('e') => self.move_to(self.text.len()),
            Key::Ctrl('l') => return Edit::RedrawAll,
            _ => false,
        };
        if changed {
            self.dirty = true;
            Edit::Changed
        } else {
            Edit::None
        }
    }

    fn move_to(&mut self, c: usize) -> bool {
        let moved = c != self.cursor;
        self.cursor = c;
        moved
    }

    /// Forces a redraw.
    pub fn invalidate(&mut self) {
        self.dirty = true;
    }

    /// Draws the line if it changed; returns the area to show.
    pub fn draw(&mut self, c: &mut Canvas, font: &FontMetrics, m: &LineMetrics) -> Option<Rect> {
        if !std::mem::take(&mut self.dirty) {
            return None;
        }
        let frame = m.speech_frame();
        c.fill(Surface::Backing, frame, Ink::White);
        c.frame(Surface::Backing, frame, Ink::Black);
        let baseline = SPEECH_Y + m.line_height;
        c.text(Surface::Backing, SPEECH_X, baseline, &self.text(), font);
        let before: String = self.text[..self.cursor].iter().collect();
        let cx = SPEECH_X + font.width(&before);
        // The caret's base sits 4 px below the baseline, its tip 3 px above.
        let y = baseline + 4;
        c.lines(
            Surface::Backing,
            vec![(cx - 2, y), (cx, y - 3), (cx + 2, y)],
            Ink::Black,
        );
        Some(frame.outlined())
    }

    /// The original's pixel limit on a speech line, for the given font.
    pub fn limit(m: &LineMetrics) -> i32 {
        SPEECH_WIDTH - m.line_height
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(line: &mut SpeechLine, s: &str) {
        for c in s.chars() {
            line.key(Key::Char(c), |t| t.len() as i32 * 10, 1000);
        }
    }

    fn key(line: &mut SpeechLine, k: Key) -> Edit {
        line.key(k, |t| t.len() as i32 * 10, 1000)
    }

    #[test]
    fn emacs_editing() {
        let mut l = SpeechLine::new();
        typed(&mut l, "helo");
        key(&mut l, Key::Ctrl('b'));
        typed(&mut l, "l");
        assert_eq!(l.text(), "hello");
        key(&mut l, Key::Ctrl('a'));
        typed(&mut l, ">");
        key(&mut l, Key::Ctrl('e'));
        typed(&mut l, "!");
        assert_eq!(l.text(), ">hello!");
        key(&mut l, Key::Ctrl('a'));
        key(&mut l, Key::Ctrl('f'));
        key(&mut l, Key::Ctrl('k'));
        assert_eq!(l.text(), ">");
        key(&mut l, Key::BackSpace);
        key(&mut l, Key::BackSpace);
        assert_eq!(l.text(), "");
        assert_eq!(key(&mut l, Key::Delete), Edit::None);
    }

    #[test]
    fn sending_clears_and_empty_lines_are_not_sent() {
        let mut l = SpeechLine::new();
        assert_eq!(key(&mut l, Key::Return), Edit::None);
        typed(&mut l, "hi");
        assert_eq!(key(&mut l, Key::Return), Edit::Send("hi".into()));
        assert_eq!(l.text(), "");
        typed(&mut l, "yo");
        assert_eq!(key(&mut l, Key::Ctrl('s')), Edit::Send("yo".into()));
        assert_eq!(key(&mut l, Key::Ctrl('l')), Edit::RedrawAll);
        assert_eq!(key(&mut l, Key::Ctrl('q')), Edit::None);
    }

    #[test]
    fn full_line_refuses_characters() {
        let mut l = SpeechLine::new();
        for _ in 0..10 {
            l.key(Key::Char('x'), |t| t.len() as i32 * 10, 50);
        }
        assert_eq!(l.text().len(), 5);
    }
}
