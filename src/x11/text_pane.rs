//! The text window: the duel's narration, word-wrapped, with a scroll bar.

use super::canvas::{Canvas, Ink, Surface};
use super::font::FontMetrics;
use super::layout::{LineMetrics, Rect, TEXT_AREA, TEXT_BAR, TEXT_FRAME};
use super::scroll::{BarGrip, Scroll};

/// Usable width for a line of text.
const WRAP_WIDTH: i32 = TEXT_AREA.w - 4;
/// Left edge of the text.
const TEXT_X: i32 = TEXT_AREA.x + 1;

/// Splits `text` into lines no wider than `width`. Lines break at spaces and
/// the continuation keeps its leading space, so it looks indented as in the
/// original; a word too long for a line is cut. Newlines start new lines.
pub fn wrap(text: &str, width: i32, measure: impl Fn(&str) -> i32) -> Vec<String> {
    let mut out = Vec::new();
    for para in text.split('\n') {
        let mut rest = para;
        while measure(rest) > width {
            // Longest prefix ending before a space that still fits.
            let mut cut = None;
            for (i, c) in rest.char_indices() {
                if c == ' ' && i > 0 {
                    if measure(&rest[..i]) <= width {
                        cut = Some(i);
                    } else {
                        break;
                    }
                }
            }
            let cut = cut.unwrap_or_else(|| {
                // No space to break at: cut the word at the last character that fits.
                let mut end = rest.chars().next().map_or(rest.len(), char::len_utf8);
                for (i, c) in rest.char_indices().skip(1) {
                    if measure(&rest[..i + c.len_utf8()]) > width {
                        break;
                    }
                    end = i + c.len_utf8();
                }
                end
            });
            out.push(rest[..cut].to_string());
            rest = &rest[cut..];
        }
        out.push(rest.to_string());
    }
    out
}

/// Tabs as spaces to the next multiple of eight characters: the
/// transcript's turn headers start with one (as the original's file did),
/// and a font draws a tab as a box.
fn expand_tabs(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('\t') {
        return text.into();
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut column = 0;
    for c in text.chars() {
        match c {
            '\t' => {
                let to = (column / 8 + 1) * 8;
                out.extend(std::iter::repeat_n(' ', to - column));
                column = to;
            }
            '\n' => {
                out.push(c);
                column = 0;
            }
            _ => {
                out.push(c);
                column += 1;
            }
        }
    }
    out.into()
}

/// The message log as one window shows it.
#[derive(Debug, Clone)]
pub struct TextPane {
    lines: Vec<String>,
    scroll: Scroll,
    grip: BarGrip,
    dirty: bool,
    /// Top line and line count when last drawn; None forces a full redraw.
    drawn: Option<(usize, usize)>,
}

impl TextPane {
    /// An empty pane sized for the font.
    pub fn new(m: &LineMetrics) -> TextPane {
        TextPane {
            lines: Vec::new(),
            scroll: Scroll::new(m.text_lines()),
            grip: BarGrip::new(TEXT_BAR),
            dirty: true,
            drawn: None,
        }
    }

    /// Appends one message and brings it into view (see [`Scroll::jump_to_end`]).
    pub fn push(&mut self, text: &str, font: &FontMetrics) {
        let text = expand_tabs(text);
        self.lines
            .extend(wrap(&text, WRAP_WIDTH, |s| font.width(s)));
        self.scroll.len = self.lines.len();
        self.scroll.jump_to_end();
        self.dirty = true;
    }

    /// The wrapped lines (for tests).
    pub fn lines(&self) -> &[String] {
        &self.lines
    }

    /// The lines currently on screen.
    pub fn visible(&self) -> &[String] {
        let end = (self.scroll.top + self.scroll.visible).min(self.lines.len());
        &self.lines[self.scroll.top.min(end)..end]
    }

    /// Forces a redraw.
    pub fn invalidate(&mut self) {
        self.dirty = true;
        self.drawn = None;
    }

    /// Draws the pane if it changed; returns the area to show. New text at
    /// the bottom is drawn alone, after moving the old lines up with one copy.
    pub fn draw(&mut self, c: &mut Canvas, font: &FontMetrics, m: &LineMetrics) -> Option<Rect> {
        if !std::mem::take(&mut self.dirty) {
            return None;
        }
        let (top, vis, len) = (self.scroll.top, self.scroll.visible, self.lines.len());
        let drawn = self.drawn.replace((top, len));
        let lh = m.line_height;
        let row_top = |k: usize| TEXT_AREA.y + 1 + k as i32 * lh;
        match drawn {
            Some((old_top, old_len)) if top >= old_top && top - old_top < vis && len >= old_len => {
                let shift = top - old_top;
                let rows = Rect::new(TEXT_AREA.x, row_top(0), TEXT_AREA.w, vis as i32 * lh);
                if shift > 0 {
                    let kept = Rect::new(rows.x, row_top(shift), rows.w, (vis - shift) as i32 * lh);
                    c.copy(Surface::Backing, Surface::Backing, kept, rows.x, rows.y);
                    c.fill(
                        Surface::Backing,
                        Rect::new(rows.x, row_top(vis - shift), rows.w, shift as i32 * lh),
                        Ink::White,
                    );
                }
                let first = old_len.min(old_top + vis).max(top);
                for i in first..len.min(top + vis) {
                    c.text(
                        Surface::Backing,
                        TEXT_X,
                        row_top(i - top) + m.ascent,
                        &self.lines[i],
                        font,
                    );
                }
                self.scroll.draw(c, TEXT_BAR);
                return Some(TEXT_BAR.outlined().union(&rows));
            }
            _ => {}
        }
        c.fill(Surface::Backing, TEXT_FRAME, Ink::White);
        c.frame(Surface::Backing, TEXT_FRAME, Ink::Black);
        let mut y = m.text_first_baseline();
        for line in self.visible() {
            c.text(Surface::Backing, TEXT_X, y, line, font);
            y += m.line_height;
        }
        self.scroll.draw(c, TEXT_BAR);
        Some(TEXT_BAR.union(&TEXT_FRAME).outlined())
    }

    /// A press on the scroll bar; false when the press is elsewhere.
    pub fn press(&mut self, button: u8, x: i32, y: i32) -> bool {
        self.grip.press(button, x, y, &self.scroll)
    }

    /// Pointer motion during a press on the bar.
    pub fn motion(&mut self, y: i32) {
        if self.grip.motion(y, &mut self.scroll) {
            self.invalidate();
        }
    }

    /// The end of a press on the bar.
    pub fn release(&mut self, m: &LineMetrics) {
        if self.grip.release(&mut self.scroll, m.line_height) {
            self.invalidate();
        }
    }

    /// Whether a press on the bar is being followed.
    pub fn pressed(&self) -> bool {
        self.grip.pressed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str) -> i32 {
        s.chars().count() as i32 * 10
    }

    #[test]
    fn tabs_become_spaces_to_the_next_stop() {
        assert_eq!(
            expand_tabs("\n\tTurn 1:\nAn\tn"),
            "\n        Turn 1:\nAn      n"
        );
    }

    #[test]
    fn short_text_is_one_line() {
        assert_eq!(wrap("Hello", 100, w), ["Hello"]);
        assert_eq!(wrap("", 100, w), [""]);
    }

    #[test]
    fn breaks_at_spaces_keeping_the_space() {
        assert_eq!(wrap("aaa bbb ccc ddd", 80, w), ["aaa bbb", " ccc ddd"]);
        assert_eq!(
            wrap("aaa bbb ccc ddd", 40, w),
            ["aaa", " bbb", " ccc", " ddd"]
        );
    }

    #[test]
    fn long_words_are_cut() {
        assert_eq!(wrap("abcdefghij", 40, w), ["abcd", "efgh", "ij"]);
    }

    #[test]
    fn newlines_start_lines() {
        assert_eq!(wrap("\n+++ won +++", 200, w), ["", "+++ won +++"]);
    }

    #[test]
    fn new_text_scrolls_into_view() {
        let font = FontMetrics::monospace(6, 10, 3);
        let m = font.line_metrics();
        let mut p = TextPane::new(&m);
        for i in 0..100 {
            p.push(&format!("line {i}"), &font);
        }
        assert_eq!(p.visible().last().map(String::as_str), Some("line 99"));
        let mut c = Canvas::new();
        assert!(p.draw(&mut c, &font, &m).is_some());
        assert!(p.draw(&mut c, &font, &m).is_none(), "nothing changed");
    }

    #[test]
    fn appended_text_draws_only_new_lines() {
        let font = FontMetrics::monospace(6, 10, 3);
        let m = font.line_metrics();
        let mut p = TextPane::new(&m);
        let vis = m.text_lines();
        for i in 0..vis - 1 {
            p.push(&format!("line {i}"), &font);
        }
        p.draw(&mut Canvas::new(), &font, &m);
        // One more line still fits: just that line and the scroll bar.
        p.push("fits", &font);
        let mut c = Canvas::new();
        p.draw(&mut c, &font, &m);
        let texts = |c: &Canvas| {
            c.ops()
                .iter()
                .filter(|o| matches!(o, super::super::canvas::Op::Text { .. }))
                .count()
        };
        assert_eq!(texts(&c), 1);
        // Two more scroll the pane: one copy moves the old lines up.
        p.push("a", &font);
        p.push("b", &font);
        let mut c = Canvas::new();
        p.draw(&mut c, &font, &m);
        assert_eq!(texts(&c), 2);
        assert!(c.ops().iter().any(|o| matches!(
            o,
            super::super::canvas::Op::Copy {
                from: Surface::Backing,
                to: Surface::Backing,
                ..
            }
        )));
        assert_eq!(p.visible().last().map(String::as_str), Some("b"));
    }
}
