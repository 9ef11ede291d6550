//! The question pane: one row per question, the current answer beside it, a
//! popup per row, and `<answer?>` where an answer is missing, as the original shows it.

use super::canvas::{Canvas, Ink, Surface};
use super::font::FontMetrics;
use super::layout::{
    LineMetrics, Rect, ANSWER_WIDTH, ANSWER_X, QUESTION_AREA, QUESTION_BAR, QUESTION_FRAME,
    QUESTION_TEXT_X,
};
use super::scroll::{BarGrip, Scroll};
use crate::engine::{Choice, Hand};

/// Width available to a question's text.
const QUESTION_WIDTH: i32 = 434;

/// Width available to an information row's text: it has no answer, so it
/// runs on over the answer column to the answers' right edge.
pub const INFO_WIDTH: i32 = ANSWER_X + ANSWER_WIDTH - QUESTION_TEXT_X;

/// How a question is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// A line of text: nothing to answer.
    Info,
    /// A popup menu of the options' labels.
    Menu,
    /// The 4×2 picture grid of one hand's gestures (charm gesture).
    Pictures(Hand),
}

/// One row of the pane.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuestionRow {
    /// The question (or information) text.
    pub text: String,
    /// How it is answered.
    pub form: Form,
    /// Menu labels, in the engine's option order.
    pub labels: Vec<String>,
    /// The engine's options, same order.
    pub choices: Vec<Choice>,
    /// For a spell-choice question, the hand it is about (for `[both hands]`).
    pub spell_hand: Option<Hand>,
    /// The chosen option.
    pub answer: Option<usize>,
}

impl QuestionRow {
    /// A row that only informs.
    pub fn info(text: &str) -> QuestionRow {
        QuestionRow {
            text: text.to_string(),
            form: Form::Info,
            labels: Vec::new(),
            choices: Vec::new(),
            spell_hand: None,
            answer: None,
        }
    }

    /// Whether the row asks something.
    pub fn is_question(&self) -> bool {
        self.form != Form::Info
    }
}

/// The question pane of one window.
#[derive(Debug, Clone)]
pub struct QuestionPane {
    rows: Vec<QuestionRow>,
    missing_shown: bool,
    scroll: Scroll,
    grip: BarGrip,
    dirty: bool,
}

impl QuestionPane {
    /// An empty pane sized for the font.
    pub fn new(m: &LineMetrics) -> QuestionPane {
        QuestionPane {
            rows: Vec::new(),
            missing_shown: false,
            scroll: Scroll::new(m.question_rows()),
            grip: BarGrip::new(QUESTION_BAR),
            dirty: true,
        }
    }

    /// Replaces every row.
    pub fn set_rows(&mut self, rows: Vec<QuestionRow>) {
        if rows == self.rows && !self.missing_shown {
            return;
        }
        self.rows = rows;
        self.missing_shown = false;
        self.scroll = Scroll {
            top: 0,
            len: self.rows.len(),
            visible: self.scroll.visible,
            jumped: 0,
        };
        self.dirty = true;
    }

    /// The rows.
    pub fn rows(&self) -> &[QuestionRow] {
        &self.rows
    }

    /// The row (index into [`QuestionPane::rows`]) at a point of the content area.
    pub fn row_at(&self, x: i32, y: i32, m: &LineMetrics) -> Option<usize> {
        if !QUESTION_AREA.contains(x, y) {
            return None;
        }
        let k = ((y - QUESTION_AREA.y) / m.question_row_height()) as usize;
        if k >= self.scroll.visible {
            return None;
        }
        let i = self.scroll.top + k;
        (i < self.rows.len()).then_some(i)
    }

    /// Sets an answer; a `[both hands]` spell also answers the other hand's
    /// spell question when it offers the same spell.
    pub fn set_answer(&mut self, row: usize, option: usize) {
        let Some(r) = self.rows.get_mut(row) else {
            return;
        };
        if option >= r.choices.len().max(r.labels.len()) {
            return;
        }
        r.answer = Some(option);
        let forced = match (r.spell_hand, r.choices.get(option)) {
            (Some(hand), Some(&c @ Choice::Spell { both: true, .. })) => Some((hand.other(), c)),
            _ => None,
        };
        if let Some((other, c)) = forced {
            for o in self.rows.iter_mut() {
                if o.spell_hand == Some(other) {
                    if let Some(i) = o.choices.iter().position(|&x| x == c) {
                        o.answer = Some(i);
                    }
                }
            }
        }
        self.dirty = true;
    }

    /// Whether every question has an answer.
    pub fn all_answered(&self) -> bool {
        self.rows
            .iter()
            .all(|r| !r.is_question() || r.answer.is_some())
    }

    /// Marks the unanswered questions with `<answer?>`.
    pub fn show_missing(&mut self) {
        self.missing_shown = true;
        self.dirty = true;
    }

    /// Forces a redraw.
    pub fn invalidate(&mut self) {
        self.dirty = true;
    }

    /// Draws the pane if it changed; returns the area to show.
    pub fn draw(&mut self, c: &mut Canvas, font: &FontMetrics, m: &LineMetrics) -> Option<Rect> {
        if !std::mem::take(&mut self.dirty) {
            return None;
        }
        c.fill(Surface::Backing, QUESTION_FRAME, Ink::White);
        c.frame(Surface::Backing, QUESTION_FRAME, Ink::Black);
        let rh = m.question_row_height();
        for k in 1..self.scroll.visible as i32 {
            let y = QUESTION_AREA.y + k * rh;
            c.lines(
                Surface::Backing,
                vec![
                    (QUESTION_AREA.x, y),
                    // Up to the frame, which lies at x + w + 1, as in the original.
                    (QUESTION_AREA.x + QUESTION_AREA.w, y),
                ],
                Ink::Black,
            );
        }
        let end = (self.scroll.top + self.scroll.visible).min(self.rows.len());
        for (k, row) in self.rows[self.scroll.top.min(end)..end].iter().enumerate() {
            let y = QUESTION_AREA.y + k as i32 * rh + m.line_height;
            let text = match row.is_question() {
                true => fit(&row.text, QUESTION_WIDTH, font),
                false => fit_words(&row.text, INFO_WIDTH, font),
            };
            c.text(Surface::Backing, QUESTION_TEXT_X, y, &text, font);
            let answer = match row.answer {
                Some(a) => row.labels.get(a).cloned().unwrap_or_default(),
                None if row.is_question() && self.missing_shown => "<answer?>".to_string(),
                None => String::new(),
            };
            c.text(
                Surface::Backing,
                ANSWER_X,
                y,
                &fit(&answer, ANSWER_WIDTH, font),
                font,
            );
        }
        self.scroll.draw(c, QUESTION_BAR);
        Some(QUESTION_BAR.union(&QUESTION_FRAME).outlined())
    }

    /// A press on the scroll bar; false when the press is elsewhere.
    pub fn press_bar(&mut self, button: u8, x: i32, y: i32) -> bool {
        self.grip.press(button, x, y, &self.scroll)
    }

    /// Pointer motion during a press on the bar.
    pub fn motion(&mut self, y: i32) {
        if self.grip.motion(y, &mut self.scroll) {
            self.dirty = true;
        }
    }

    /// The end of a press on the bar.
    pub fn release(&mut self, m: &LineMetrics) {
        if self.grip.release(&mut self.scroll, m.question_row_height()) {
            self.dirty = true;
        }
    }

    /// Whether a press on the bar is being followed.
    pub fn pressed(&self) -> bool {
        self.grip.pressed()
    }
}

/// `text` cut so that it fits in `width` pixels.
pub fn fit(text: &str, width: i32, font: &FontMetrics) -> String {
    if font.width(text) <= width {
        return text.to_string();
    }
    let mut out = String::new();
    let mut w = 0;
    for ch in text.chars() {
        let cw = font.width(ch.encode_utf8(&mut [0; 4]));
        if w + cw > width {
            break;
        }
        w += cw;
        out.push(ch);
    }
    out
}

/// `text` cut at a space so that it fits in `width` pixels: whole words
/// only (a single word wider than `width` is cut as [`fit`] cuts).
pub fn fit_words(text: &str, width: i32, font: &FontMetrics) -> String {
    if font.width(text) <= width {
        return text.to_string();
    }
    let cut = fit(text, width, font);
    let whole = match text[cut.len()..].starts_with(' ') {
        true => cut.as_str(),
        false => cut.rfind(' ').map_or(cut.as_str(), |at| &cut[..at]),
    };
    whole.trim_end_matches([' ', ',', ';']).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Spell;

    fn spell_row(hand: Hand, choices: Vec<Choice>) -> QuestionRow {
        QuestionRow {
            text: "which?".into(),
            form: Form::Menu,
            labels: choices.iter().map(|c| format!("{c:?}")).collect(),
            choices,
            spell_hand: Some(hand),
            answer: None,
        }
    }

    #[test]
    fn both_hands_answer_forces_the_other_hand() {
        let both = Choice::Spell {
            spell: Spell::MagicMirror,
            both: true,
        };
        let shield = Choice::Spell {
            spell: Spell::Shield,
            both: false,
        };
        let font = FontMetrics::monospace(6, 10, 3);
        let mut p = QuestionPane::new(&font.line_metrics());
        p.set_rows(vec![
            spell_row(Hand::Left, vec![shield, both]),
            spell_row(Hand::Right, vec![both, shield]),
        ]);
        assert!(!p.all_answered());
        p.set_answer(0, 1);
        assert_eq!(p.rows()[1].answer, Some(0));
        assert!(p.all_answered());
        p.set_answer(1, 1);
        assert_eq!(
            p.rows()[0].answer,
            Some(1),
            "a one-hand answer forces nothing"
        );
    }

    #[test]
    fn rows_under_the_pointer() {
        let font = FontMetrics::monospace(6, 10, 3);
        let m = font.line_metrics(); // line height 15, rows of 23
        let mut p = QuestionPane::new(&m);
        p.set_rows(vec![QuestionRow::info("a"), QuestionRow::info("b")]);
        assert_eq!(p.row_at(100, 621, &m), Some(0));
        assert_eq!(p.row_at(100, 620 + 23, &m), Some(1));
        assert_eq!(p.row_at(100, 620 + 46, &m), None);
        assert_eq!(p.row_at(10, 621, &m), None);
        assert!(p.all_answered(), "information rows need no answer");
    }

    #[test]
    fn missing_answers_are_marked() {
        let font = FontMetrics::monospace(6, 10, 3);
        let m = font.line_metrics();
        let mut p = QuestionPane::new(&m);
        p.set_rows(vec![spell_row(Hand::Left, vec![Choice::Nobody])]);
        p.show_missing();
        let mut c = Canvas::new();
        p.draw(&mut c, &font, &m);
        assert!(c.ops().iter().any(
            |op| matches!(op, super::super::canvas::Op::Text { bytes, .. } if bytes == b"<answer?>")
        ));
    }

    #[test]
    fn long_text_is_cut() {
        let font = FontMetrics::monospace(10, 10, 3);
        assert_eq!(fit("abcdef", 35, &font), "abc");
        assert_eq!(fit("ab", 35, &font), "ab");
    }

    #[test]
    fn information_is_cut_at_words() {
        let font = FontMetrics::monospace(10, 10, 3);
        assert_eq!(fit_words("Cure Light Wounds 2", 120, &font), "Cure Light");
        assert_eq!(fit_words("Fear 2, Cure Light", 80, &font), "Fear 2");
        assert_eq!(fit_words("Fear 2", 60, &font), "Fear 2");
        assert_eq!(fit_words("Paralysis", 50, &font), "Paral");
    }
}
