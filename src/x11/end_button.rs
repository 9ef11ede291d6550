//! The two buttons under the text pane: End (whose label follows the phase)
//! and Spell List, as in the original.

use super::canvas::{Canvas, Ink, Surface};
use super::font::FontMetrics;
use super::layout::{LineMetrics, Rect};
use std::time::Duration;

/// How long Quit ignores presses after it appears. At the last turn End
/// becomes Quit in the same place, so without it the second click of a
/// double click on End Answers quits before the final screen is seen.
/// Half a second covers a double click (desktops allow 400 to
/// 500 ms between its clicks) and is too short for someone who has read the
/// final screen and means to leave to notice.
pub const QUIT_DELAY: Duration = Duration::from_millis(500);

/// The phase of the game as the End button sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Nothing to do for this player now.
    Waiting,
    /// Entering gestures.
    Gestures,
    /// Answering questions.
    Questions,
    /// The duel is over.
    Over,
}

/// The End button's label for a stage and whether the player has ended it.
pub fn end_label(stage: Stage, ended: bool) -> &'static str {
    match (stage, ended) {
        (Stage::Waiting, _) => "please wait....",
        (Stage::Gestures, false) => "End Move",
        (Stage::Gestures, true) => "Move ENDED.",
        (Stage::Questions, false) => "End Answers",
        (Stage::Questions, true) => "Answers ENDED.",
        (Stage::Over, false) => "Quit",
        (Stage::Over, true) => "Wait....",
    }
}

/// A labelled button with a bevelled outline and a press highlight.
#[derive(Debug, Clone)]
pub struct Button {
    cell: Rect,
    label: String,
    lit: bool,
    dirty: bool,
}

impl Button {
    /// A button whose 150×32 cell starts at `cell`.
    pub fn new(cell: Rect, label: &str) -> Button {
        Button {
            cell,
            label: label.to_string(),
            lit: false,
            dirty: true,
        }
    }

    /// Whether the point is on the button.
    pub fn contains(&self, x: i32, y: i32) -> bool {
        self.cell.contains(x, y)
    }

    /// Changes the label.
    pub fn set_label(&mut self, label: &str) {
        if self.label != label {
            self.label = label.to_string();
            self.dirty = true;
        }
    }

    /// The label (for tests).
    pub fn label(&self) -> &str {
        &self.label
    }

    /// Shows or hides the press highlight.
    pub fn set_lit(&mut self, lit: bool) {
        if self.lit != lit {
            self.lit = lit;
            self.dirty = true;
        }
    }

    /// Whether the highlight is on.
    pub fn lit(&self) -> bool {
        self.lit
    }

    /// Forces a redraw.
    pub fn invalidate(&mut self) {
        self.dirty = true;
    }

    /// Draws the button if it changed; returns the area to show.
    pub fn draw(&mut self, c: &mut Canvas, font: &FontMetrics, m: &LineMetrics) -> Option<Rect> {
        if !std::mem::take(&mut self.dirty) {
            return None;
        }
        let area = Rect::new(self.cell.x - 1, self.cell.y - 1, self.cell.w, self.cell.h);
        c.fill(Surface::Backing, area, Ink::White);
        let (x0, y0) = (self.cell.x, self.cell.y);
        // The outline spans 146 × 28 pixels' distance, corner to corner.
        let (x1, y1) = (x0 + 146, y0 + 28);
        c.lines(
            Surface::Backing,
            vec![
                (x0 + 3, y0),
                (x1 - 3, y0),
                (x1, y0 + 3),
                (x1, y1 - 3),
                (x1 - 3, y1),
                (x0 + 3, y1),
                (x0, y1 - 3),
                (x0, y0 + 3),
                (x0 + 3, y0),
            ],
            Ink::Black,
        );
        if self.lit {
            c.frame(
                Surface::Backing,
                Rect::new(x0 - 1, y0 - 1, 148, 30),
                Ink::Black,
            );
        }
        let w = font.width(&self.label);
        c.text(
            Surface::Backing,
            // Centred in the cell, odd pixel to the right, as the original.
            x0 + (self.cell.w + 1 - w) / 2,
            m.button_baseline(),
            &self.label,
            font,
        );
        Some(area)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_label() {
        assert_eq!(end_label(Stage::Gestures, false), "End Move");
        assert_eq!(end_label(Stage::Gestures, true), "Move ENDED.");
        assert_eq!(end_label(Stage::Questions, false), "End Answers");
        assert_eq!(end_label(Stage::Questions, true), "Answers ENDED.");
        assert_eq!(end_label(Stage::Over, false), "Quit");
        assert_eq!(end_label(Stage::Over, true), "Wait....");
        assert_eq!(end_label(Stage::Waiting, true), "please wait....");
    }

    #[test]
    fn redraws_only_on_change() {
        let font = FontMetrics::monospace(6, 10, 3);
        let m = font.line_metrics();
        let mut b = Button::new(super::super::layout::END_BUTTON, "End Move");
        let mut c = Canvas::new();
        assert!(b.draw(&mut c, &font, &m).is_some());
        b.set_label("End Move");
        assert!(b.draw(&mut c, &font, &m).is_none());
        b.set_lit(true);
        assert!(b.draw(&mut c, &font, &m).is_some());
    }
}
