//! One player's window: the seven panes, the phase it is in, and what the
//! mouse and keyboard do to it. Pure state and drawing ops; no X calls, so
//! the whole interaction is unit-tested without a server.

use super::bitmaps::Picture;
use super::canvas::{Canvas, Ink, Op, Surface};
use super::end_button::{end_label, Button, Stage, QUIT_DELAY};
use super::font::FontMetrics;
use super::gesture_grid::{column_rows, GestureGrid};
use super::input::Input;
use super::keys::Key;
use super::layout::{window_width, LineMetrics, Rect, END_BUTTON, SPELL_BUTTON, WINDOW_HEIGHT};
use super::popup::Popup;
use super::question_pane::{QuestionPane, QuestionRow};
use super::scene::Source;
use super::speech_line::{Edit, SpeechLine};
use super::status_pane::StatusPane;
use super::text_pane::TextPane;
use crate::engine::{Gesture, Hand, RuleSet};
use std::time::Instant;

/// What the game loop must do after an input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// The player said something.
    Say(String),
    /// The player closed the window: he leaves the duel.
    Leave,
}

/// How the gesture grid shows the newest rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GridMode {
    /// Gesture phase: the bottom row is being entered.
    Entering,
    /// The rows as the source gives them (the seat's view: a row not yet
    /// revealed is fog there, so nothing here hides or shows more).
    Revealed,
}

mod pointer;
#[cfg(test)]
mod reveal_tests;
#[cfg(test)]
mod tests;

use pointer::Grab;

/// One player's window.
#[derive(Debug)]
pub struct PlayerWindow {
    player: usize,
    width: i32,
    font: FontMetrics,
    m: LineMetrics,
    text: TextPane,
    grid: GestureGrid,
    status: StatusPane,
    speech: SpeechLine,
    end: Button,
    spells: Button,
    questions: QuestionPane,
    /// Batch index of each question row (None for information rows).
    row_questions: Vec<Option<usize>>,
    stage: Stage,
    ended: bool,
    chosen: [Gesture; 2],
    grid_mode: GridMode,
    held: u8,
    grab: Grab,
    popup: Option<Popup>,
    /// Until when a press on Quit is ignored (see [`QUIT_DELAY`]).
    quit_from: Option<Instant>,
    /// Where this window's narration stands in the duel's log.
    narration_cursor: usize,
    canvas: Canvas,
    full_redraw: bool,
    /// The learner's helper is on (see [`super::helper`]).
    helper: bool,
    /// The book the duel plays by: its gestures and its Spell List.
    rules: &'static RuleSet,
    /// The player holds an Onyx not yet used (Death Match's `--onyx`).
    onyx: bool,
    /// The helper key was pressed: the table owes a suggestion.
    suggestion_asked: bool,
}

impl PlayerWindow {
    /// A window for `player` of a duel between `names`.
    pub fn new(player: usize, names: Vec<String>, font: FontMetrics) -> PlayerWindow {
        let m = font.line_metrics();
        let width = window_width(names.len());
        PlayerWindow {
            player,
            width,
            text: TextPane::new(&m),
            grid: GestureGrid::new(names),
            status: StatusPane::new(&m),
            speech: SpeechLine::new(),
            end: Button::new(END_BUTTON, end_label(Stage::Waiting, true)),
            spells: Button::new(SPELL_BUTTON, "Spell List"),
            questions: QuestionPane::new(&m),
            row_questions: Vec::new(),
            stage: Stage::Waiting,
            ended: true,
            chosen: [Gesture::Nothing; 2],
            grid_mode: GridMode::Revealed,
            held: 0,
            grab: Grab::None,
            popup: None,
            quit_from: None,
            narration_cursor: 0,
            canvas: Canvas::new(),
            full_redraw: true,
            helper: false,
            rules: RuleSet::original(),
            onyx: false,
            suggestion_asked: false,
            font,
            m,
        }
    }

    /// Gives the player an Onyx to use once (or takes it away).
    pub fn set_onyx(&mut self, holds: bool) {
        self.onyx = holds;
    }

    /// Whether the player still holds an unused Onyx.
    pub fn holds_onyx(&self) -> bool {
        self.onyx
    }

    /// The gestures the popup offers for `hand`: the book's, the Onyx beam
    /// only while the player holds an unused Onyx.
    pub fn offered(&self, hand: Hand) -> Vec<Gesture> {
        self.rules.gestures[hand.index()]
            .iter()
            .copied()
            .filter(|&g| g != Gesture::Onyx || self.onyx)
            .collect()
    }

    /// Switches the learner's helper on or off.
    pub fn set_helper(&mut self, on: bool) {
        self.helper = on;
    }

    /// The player this window belongs to.
    pub fn player(&self) -> usize {
        self.player
    }

    /// Whether the player has ended the current phase (or has nothing to do).
    pub fn ended(&self) -> bool {
        self.ended
    }

    /// Whether a mouse button is down in this window.
    pub fn busy(&self) -> bool {
        self.held > 0
    }

    /// The gestures chosen for this round.
    pub fn chosen(&self) -> (Gesture, Gesture) {
        (self.chosen[0], self.chosen[1])
    }

    /// The End button's label (for tests).
    pub fn end_label(&self) -> &str {
        self.end.label()
    }

    /// The text pane (for tests).
    pub fn text(&self) -> &TextPane {
        &self.text
    }

    /// The question pane (for tests).
    pub fn questions(&self) -> &QuestionPane {
        &self.questions
    }

    /// The answer to each question of the current batch, by batch index.
    pub fn answers(&self) -> Vec<(usize, Option<usize>)> {
        self.row_questions
            .iter()
            .zip(self.questions.rows())
            .filter_map(|(q, r)| q.map(|q| (q, r.answer)))
            .collect()
    }

    /// Starts the gesture phase of a round.
    pub fn begin_gestures(&mut self, game: &dyn Source, active: bool, info: &str) {
        self.stage = if active {
            Stage::Gestures
        } else {
            Stage::Waiting
        };
        self.ended = !active;
        self.chosen = [Gesture::Nothing; 2];
        let mut rows = vec![QuestionRow::info(info)];
        rows.extend(self.helper_rows(game));
        self.row_questions = vec![None; rows.len()];
        self.questions.set_rows(rows);
        self.grid_mode = GridMode::Entering;
        self.refresh(game);
    }

    /// Starts a question phase showing this player's `rows`, each tagged with
    /// its index in the engine's batch.
    pub fn begin_questions(&mut self, game: &dyn Source, rows: Vec<(usize, QuestionRow)>) {
        let asked = !rows.is_empty();
        self.stage = if asked {
            Stage::Questions
        } else {
            Stage::Waiting
        };
        self.ended = !asked;
        self.row_questions = rows.iter().map(|(i, _)| Some(*i)).collect();
        let mut rows: Vec<QuestionRow> = rows.into_iter().map(|(_, r)| r).collect();
        let help = self.helper_rows(game);
        self.row_questions.extend(help.iter().map(|_| None));
        rows.extend(help);
        self.questions.set_rows(rows);
        self.grid_mode = GridMode::Revealed;
        self.refresh(game);
    }

    /// The phase is over for everyone: wait for the engine, showing what is on
    /// screen now (the gestures stay hidden until the engine says otherwise).
    pub fn hold(&mut self) {
        self.stage = Stage::Waiting;
        self.ended = true;
        self.update_labels();
    }

    /// After a round: nothing to do until the next phase begins.
    pub fn wait(&mut self, game: &dyn Source) {
        self.stage = Stage::Waiting;
        self.ended = true;
        self.grid_mode = GridMode::Revealed;
        self.refresh(game);
    }

    /// The duel is over: the button reads Quit, from `now` on (presses on it
    /// count only [`QUIT_DELAY`] later); `rows` holds the end questions.
    pub fn begin_end(&mut self, game: &dyn Source, rows: Vec<(usize, QuestionRow)>, now: Instant) {
        self.stage = Stage::Over;
        self.ended = false;
        self.quit_from = Some(now + QUIT_DELAY);
        self.row_questions = rows.iter().map(|(i, _)| Some(*i)).collect();
        self.questions
            .set_rows(rows.into_iter().map(|(_, r)| r).collect());
        self.grid_mode = GridMode::Revealed;
        self.refresh(game);
    }

    /// Rebuilds everything that comes from the engine: new messages, the
    /// status list and the gesture grid.
    pub fn refresh(&mut self, game: &dyn Source) {
        self.rules = game.rules();
        self.sync_messages(game);
        let me = self.player;
        let mut status = game.status_lines(me);
        if self.helper {
            status = super::helper::with_effects(status, &game.lasting(me));
        }
        self.status.set_rows(status);
        for col in 0..game.columns() {
            let history = game.history(col, me);
            let mine = col == self.player;
            let column = match self.grid_mode {
                GridMode::Entering => {
                    let bottom = if mine {
                        [
                            Picture::Hand(Hand::Left, self.chosen[0]),
                            Picture::Hand(Hand::Right, self.chosen[1]),
                        ]
                    } else {
                        [Picture::Fog, Picture::Fog]
                    };
                    column_rows(&history, Some(bottom))
                }
                GridMode::Revealed => column_rows(&history, None),
            };
            self.grid.set_column(col, column);
        }
        self.update_labels();
    }

    /// The helper's lines for the question pane (none when it is off).
    fn helper_rows(&self, game: &dyn Source) -> Vec<QuestionRow> {
        if !self.helper {
            return Vec::new();
        }
        let columns: Vec<_> = (0..game.columns())
            .map(|c| game.history(c, self.player))
            .collect();
        let fits = |line: &str| self.font.width(line) <= super::question_pane::INFO_WIDTH;
        super::helper::progress_lines(game.rules(), self.grid.names(), &columns, &fits)
            .iter()
            .map(|l| QuestionRow::info(l))
            .collect()
    }

    /// Whether the helper key asked for a suggestion since the last call
    /// (it asks only with the helper on, in the gesture phase).
    pub fn take_suggestion_request(&mut self) -> bool {
        std::mem::take(&mut self.suggestion_asked)
    }

    /// Shows the computer's suggestion as the line under the phase's own,
    /// in place of an earlier one.
    pub fn show_suggestion(&mut self, line: &str) {
        let mut rows = self.questions.rows().to_vec();
        let earlier = rows
            .iter()
            .position(|r| r.text.starts_with(super::suggestion::PREFIX));
        let at = rows.len().min(1);
        match earlier {
            Some(i) => rows[i] = QuestionRow::info(line),
            None => {
                rows.insert(at, QuestionRow::info(line));
                self.row_questions.insert(at, None);
            }
        }
        self.questions.set_rows(rows);
    }

    /// Appends the lines the duel narrated to this player since the last call.
    pub fn sync_messages(&mut self, duel: &dyn Source) {
        let (lines, cursor) = duel.narration_since(self.player, self.narration_cursor);
        for line in lines {
            self.text.push(&line, &self.font);
        }
        self.narration_cursor = cursor;
    }

    /// Sets which wizards show the done-star.
    pub fn set_stars(&mut self, stars: Vec<bool>) {
        self.status.set_stars(stars);
    }

    fn update_labels(&mut self) {
        self.end.set_label(end_label(self.stage, self.ended));
    }

    fn may_end(&self) -> bool {
        self.stage != Stage::Waiting
    }

    /// Handles one input event, arriving at `now`.
    pub fn handle(&mut self, input: Input, now: Instant) -> Vec<Action> {
        let mut actions = Vec::new();
        match input {
            Input::Press { button, x, y } => {
                self.held += 1;
                if self.held == 1 {
                    self.press(button, x, y, now);
                }
            }
            Input::Motion { x, y } => self.motion(x, y),
            Input::Release { button, x, y } => {
                self.held = self.held.saturating_sub(1);
                if self.held == 0 {
                    self.release(button, x, y);
                }
            }
            Input::Key(Key::Help) => {
                self.suggestion_asked = self.helper && self.stage == Stage::Gestures;
            }
            Input::Key(k) => {
                let limit = SpeechLine::limit(&self.m);
                let font = &self.font;
                match self.speech.key(k, |s| font.width(s), limit) {
                    Edit::Send(text) => actions.push(Action::Say(text)),
                    Edit::RedrawAll => self.full_redraw = true,
                    Edit::Changed | Edit::None => {}
                }
            }
            Input::Expose(r) => {
                // The server has already repainted the area from the backing
                // pixmap (the window's background); only a popup is missing.
                if let Some(p) = &self.popup {
                    if p.area().overlaps(&r) {
                        p.show(&mut self.canvas, &self.font);
                    }
                }
            }
            Input::Close => actions.push(Action::Leave),
        }
        self.update_labels();
        actions
    }

    /// Draws every pane that changed into the backing pixmap and records the
    /// areas to copy to the window.
    fn draw_panes(&mut self) -> Vec<Rect> {
        let c = &mut self.canvas;
        let (f, m) = (&self.font, &self.m);
        if std::mem::take(&mut self.full_redraw) {
            c.fill(
                Surface::Backing,
                Rect::new(0, 0, self.width, WINDOW_HEIGHT),
                Ink::White,
            );
            self.text.invalidate();
            self.grid.invalidate();
            self.status.invalidate();
            self.speech.invalidate();
            self.end.invalidate();
            self.spells.invalidate();
            self.questions.invalidate();
            self.text.draw(c, f, m);
            self.grid.draw(c, f, m);
            self.status.draw(c, f, m);
            self.speech.draw(c, f, m);
            self.end.draw(c, f, m);
            self.spells.draw(c, f, m);
            self.questions.draw(c, f, m);
            return vec![Rect::new(0, 0, self.width, WINDOW_HEIGHT)];
        }
        let mut areas: Vec<Rect> = Vec::new();
        areas.extend(self.text.draw(c, f, m));
        areas.extend(self.grid.draw(c, f, m));
        areas.extend(self.status.draw(c, f, m));
        areas.extend(self.speech.draw(c, f, m));
        areas.extend(self.end.draw(c, f, m));
        areas.extend(self.spells.draw(c, f, m));
        areas.extend(self.questions.draw(c, f, m));
        areas
    }

    /// Brings the window up to date and returns the ops to send to the display.
    pub fn render(&mut self) -> Vec<Op> {
        let areas = self.draw_panes();
        for a in &areas {
            self.canvas.show(*a);
        }
        if let Some(p) = &self.popup {
            if areas.iter().any(|a| a.overlaps(&p.area())) {
                p.show(&mut self.canvas, &self.font);
            }
        }
        self.canvas.take()
    }
}
