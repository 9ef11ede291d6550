//! One player's window: the seven panes, the phase it is in, and what the
//! mouse and keyboard do to it. Pure state and drawing ops; no X calls, so
//! the whole interaction is unit-tested without a server.

use super::bitmaps::Picture;
use super::canvas::{Canvas, Ink, Op, Surface};
use super::end_button::{end_label, Button, Stage};
use super::font::FontMetrics;
use super::gesture_grid::{column_rows, GestureGrid};
use super::input::Input;
use super::layout::{
    bottom_square_at, window_width, LineMetrics, Rect, END_BUTTON, GRID_ROWS, SPELL_BUTTON,
    WINDOW_HEIGHT,
};
use super::popup::{Popup, PopupKind};
use super::question_pane::{Form, QuestionPane, QuestionRow};
use super::speech_line::{Edit, SpeechLine};
use super::spell_list::SpellOrder;
use super::status_pane::{StatusLine, StatusPane};
use super::text_pane::TextPane;
use crate::engine::{Duel, Gesture, Hand, PlayerId, Viewer};

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
    /// Questions before the gestures are revealed: others' newest row fogged.
    Hidden,
    /// Everything the viewer may see.
    Revealed,
}

/// What the current mouse press is following.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Grab {
    None,
    Popup,
    EndButton,
    SpellButton,
    Bar,
    Nothing,
}

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
    /// Where this window's narration stands in the duel's log.
    narration_cursor: usize,
    canvas: Canvas,
    full_redraw: bool,
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
            narration_cursor: 0,
            canvas: Canvas::new(),
            full_redraw: true,
            font,
            m,
        }
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
    pub fn begin_gestures(&mut self, game: &Duel, active: bool, info: &str) {
        self.stage = if active {
            Stage::Gestures
        } else {
            Stage::Waiting
        };
        self.ended = !active;
        self.chosen = [Gesture::Nothing; 2];
        self.questions.set_rows(vec![QuestionRow::info(info)]);
        self.row_questions = vec![None];
        self.grid_mode = GridMode::Entering;
        self.refresh(game);
    }

    /// Starts a question phase showing this player's `rows`, each tagged with
    /// its index in the engine's batch.
    pub fn begin_questions(&mut self, game: &Duel, rows: Vec<(usize, QuestionRow)>, hidden: bool) {
        let asked = !rows.is_empty();
        self.stage = if asked {
            Stage::Questions
        } else {
            Stage::Waiting
        };
        self.ended = !asked;
        self.row_questions = rows.iter().map(|(i, _)| Some(*i)).collect();
        self.questions
            .set_rows(rows.into_iter().map(|(_, r)| r).collect());
        self.grid_mode = if hidden {
            GridMode::Hidden
        } else {
            GridMode::Revealed
        };
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
    pub fn wait(&mut self, game: &Duel) {
        self.stage = Stage::Waiting;
        self.ended = true;
        self.grid_mode = GridMode::Revealed;
        self.refresh(game);
    }

    /// The duel is over: the button reads Quit; `rows` holds the end questions.
    pub fn begin_end(&mut self, game: &Duel, rows: Vec<(usize, QuestionRow)>) {
        self.stage = Stage::Over;
        self.ended = false;
        self.row_questions = rows.iter().map(|(i, _)| Some(*i)).collect();
        self.questions
            .set_rows(rows.into_iter().map(|(_, r)| r).collect());
        self.grid_mode = GridMode::Revealed;
        self.refresh(game);
    }

    /// Rebuilds everything that comes from the engine: new messages, the
    /// status list and the gesture grid.
    pub fn refresh(&mut self, game: &Duel) {
        self.sync_messages(game);
        let me = PlayerId::new(self.player);
        let rows = game
            .status(me)
            .iter()
            .map(|r| StatusLine::from_row(game, r))
            .collect();
        self.status.set_rows(rows);
        for col in 0..game.players() {
            let history = game.seen_history(PlayerId::new(col), Viewer::Player(me));
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
                    column_rows(&history, Some(bottom), false)
                }
                GridMode::Hidden => column_rows(&history, None, !mine),
                GridMode::Revealed => column_rows(&history, None, false),
            };
            self.grid.set_column(col, column);
        }
        self.update_labels();
    }

    /// Appends the lines the duel narrated to this player since the last call.
    pub fn sync_messages(&mut self, duel: &Duel) {
        let reader = Viewer::Player(PlayerId::new(self.player));
        let (lines, cursor) = duel.narration_since(reader, self.narration_cursor);
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

    /// Handles one input event.
    pub fn handle(&mut self, input: Input) -> Vec<Action> {
        let mut actions = Vec::new();
        match input {
            Input::Press { button, x, y } => {
                self.held += 1;
                if self.held == 1 {
                    self.press(button, x, y);
                }
            }
            Input::Motion { x, y } => self.motion(x, y),
            Input::Release { button, x, y } => {
                self.held = self.held.saturating_sub(1);
                if self.held == 0 {
                    self.release(button, x, y);
                }
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
                self.canvas.show(r);
                if let Some(p) = &self.popup {
                    if p.rect.overlaps(&r) {
                        p.show(&mut self.canvas, &self.font);
                    }
                }
            }
            Input::Close => actions.push(Action::Leave),
        }
        self.update_labels();
        actions
    }

    fn press(&mut self, button: u8, x: i32, y: i32) {
        self.grab = Grab::Nothing;
        if self.end.contains(x, y) {
            self.grab = Grab::EndButton;
            self.end.set_lit(self.may_end());
        } else if self.spells.contains(x, y) {
            self.grab = Grab::SpellButton;
            self.spells.set_lit(true);
            self.open(PopupKind::SpellList(SpellOrder::for_button(button)), x, y);
        } else if let Some(hand) = bottom_square_at(self.player, x, y) {
            if button == 1 && self.stage == Stage::Gestures && !self.ended {
                self.open(PopupKind::Gesture(Hand::BOTH[hand]), x, y);
            }
        } else if let Some(row) = self.questions.row_at(x, y, &self.m) {
            let r = &self.questions.rows()[row];
            let answering = matches!(self.stage, Stage::Questions | Stage::Over) && !self.ended;
            if answering && r.is_question() {
                let kind = match r.form {
                    Form::Pictures(hand) => PopupKind::Charm { row, hand },
                    _ => PopupKind::Menu {
                        row,
                        labels: r.labels.clone(),
                    },
                };
                self.open(kind, x, y);
            }
        } else if self.text.press(button, x, y)
            || self.status.press(button, x, y)
            || self.questions.press_bar(button, x, y)
        {
            self.grab = Grab::Bar;
        }
    }

    fn open(&mut self, kind: PopupKind, x: i32, y: i32) {
        let p = Popup::open(kind, x, y, self.width, &self.font);
        // Anything pending must reach the window before the popup covers it.
        for a in self.draw_panes() {
            self.canvas.show(a);
        }
        p.show(&mut self.canvas, &self.font);
        self.popup = Some(p);
        if self.grab != Grab::SpellButton {
            self.grab = Grab::Popup;
        }
    }

    fn motion(&mut self, x: i32, y: i32) {
        match self.grab {
            Grab::Popup | Grab::SpellButton => {
                if let Some(p) = self.popup.as_mut() {
                    p.motion(&mut self.canvas, x, y, &self.m);
                }
            }
            Grab::EndButton => {
                let lit = self.may_end() && self.end.contains(x, y);
                self.end.set_lit(lit);
            }
            Grab::Bar => {
                self.text.motion(y);
                self.status.motion(y);
                self.questions.motion(y);
            }
            Grab::None | Grab::Nothing => {}
        }
    }

    fn release(&mut self, _button: u8, x: i32, y: i32) {
        match std::mem::replace(&mut self.grab, Grab::None) {
            Grab::Popup | Grab::SpellButton => {
                self.spells.set_lit(false);
                if let Some(mut p) = self.popup.take() {
                    p.motion(&mut Canvas::new(), x, y, &self.m);
                    p.close(&mut self.canvas);
                    self.choose(&p);
                }
            }
            Grab::EndButton => {
                self.end.set_lit(false);
                if self.may_end() && self.end.contains(x, y) {
                    self.toggle_end();
                }
            }
            Grab::Bar => {
                self.text.release(&self.m);
                self.status.release(&self.m);
                self.questions.release(&self.m);
            }
            Grab::None | Grab::Nothing => {}
        }
    }

    fn choose(&mut self, p: &Popup) {
        let Some(i) = p.selected else {
            return;
        };
        match p.kind {
            PopupKind::Gesture(hand) => {
                if self.stage == Stage::Gestures && !self.ended {
                    self.chosen[hand.index()] = Gesture::ALL[i];
                    self.set_bottom_row();
                }
            }
            PopupKind::Menu { row, .. } => self.questions.set_answer(row, i),
            PopupKind::Charm { row, .. } => {
                // The answer is the option holding that gesture.
                let r = &self.questions.rows()[row];
                let g = Gesture::ALL[i];
                if let Some(opt) = r
                    .choices
                    .iter()
                    .position(|c| *c == crate::engine::Choice::Gesture(g))
                {
                    self.questions.set_answer(row, opt);
                }
            }
            PopupKind::SpellList(_) => {}
        }
    }

    fn set_bottom_row(&mut self) {
        if let Some(col) = self.grid.column(self.player) {
            let mut col = *col;
            col[GRID_ROWS - 1] = [
                Picture::Hand(Hand::Left, self.chosen[0]),
                Picture::Hand(Hand::Right, self.chosen[1]),
            ];
            self.grid.set_column(self.player, col);
        }
    }

    fn toggle_end(&mut self) {
        if self.ended {
            self.ended = false;
        } else if self.stage == Stage::Gestures || self.questions.all_answered() {
            self.ended = true;
        } else {
            self.questions.show_missing();
        }
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
            if areas.iter().any(|a| a.overlaps(&p.rect)) {
                p.show(&mut self.canvas, &self.font);
            }
        }
        self.canvas.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{CastHand, Choice, PlayerSpec, Question, QuestionKind, Spell};
    use crate::x11::layout::picture_origin;

    fn setup() -> (Duel, PlayerWindow) {
        let game = Duel::new(&[PlayerSpec::parse("Ann"), PlayerSpec::parse("Bob")], 1)
            .expect("two good names");
        let font = FontMetrics::monospace(6, 10, 3);
        let w = PlayerWindow::new(0, vec!["Ann".into(), "Bob".into()], font);
        (game, w)
    }

    fn click(w: &mut PlayerWindow, button: u8, (x, y): (i32, i32), to: (i32, i32)) {
        w.handle(Input::Press { button, x, y });
        w.handle(Input::Motion { x: to.0, y: to.1 });
        w.handle(Input::Release {
            button,
            x: to.0,
            y: to.1,
        });
    }

    #[test]
    fn first_render_shows_the_whole_window_and_the_log() {
        let (game, mut w) = setup();
        w.begin_gestures(&game, true, "Enter");
        let ops = w.render();
        assert!(
            matches!(ops.last(), Some(Op::Copy { src, .. }) if *src == Rect::new(0, 0, 832, 750))
        );
        assert!(w.text().lines().len() >= 2);
        assert!(w.render().is_empty(), "nothing changed, nothing sent");
    }

    #[test]
    fn gesture_popup_and_end_move() {
        let (game, mut w) = setup();
        w.begin_gestures(&game, true, "Enter");
        w.render();
        assert_eq!(w.end_label(), "End Move");
        // Left hand square, choose palm (index 1 of the grid).
        let (x, y) = picture_origin(0, 0, 7);
        let p = Popup::open(
            PopupKind::Gesture(Hand::Left),
            x + 10,
            y + 10,
            832,
            &FontMetrics::monospace(6, 10, 3),
        );
        let palm = crate::x11::layout::grid_cell((p.rect.x + 20, p.rect.y + 60), 1);
        click(&mut w, 1, (x + 10, y + 10), (palm.x + 5, palm.y + 5));
        assert_eq!(w.chosen(), (Gesture::Palm, Gesture::Nothing));
        // Right hand: release outside the grid leaves the old choice.
        let (rx, ry) = picture_origin(0, 1, 7);
        click(&mut w, 1, (rx + 5, ry + 5), (0, 0));
        assert_eq!(w.chosen().1, Gesture::Nothing);
        // Button 3 does not open the gesture popup.
        w.handle(Input::Press {
            button: 3,
            x: x + 10,
            y: y + 10,
        });
        w.handle(Input::Release {
            button: 3,
            x: palm.x + 5,
            y: palm.y + 5,
        });
        assert_eq!(w.chosen(), (Gesture::Palm, Gesture::Nothing));
        click(&mut w, 1, (40, 590), (40, 590));
        assert!(w.ended());
        assert_eq!(w.end_label(), "Move ENDED.");
        // Once ended, the popup no longer opens.
        click(&mut w, 1, (x + 10, y + 10), (palm.x + 60, palm.y + 5));
        assert_eq!(w.chosen().0, Gesture::Palm);
        // Pressing again takes the end back; moving off before release does nothing.
        click(&mut w, 1, (40, 590), (400, 400));
        assert!(w.ended());
        click(&mut w, 1, (40, 590), (41, 591));
        assert!(!w.ended());
    }

    #[test]
    fn answers_are_required_before_ending() {
        let (game, mut w) = setup();
        let q = Question {
            player: PlayerId::new(0),
            kind: QuestionKind::Target {
                spell: Spell::Missile,
                hand: CastHand::Left,
            },
            options: vec![
                Choice::Nobody,
                Choice::Being(crate::engine::BeingId::new(1)),
            ],
            default: None,
            before_reveal: true,
        };
        let row = QuestionRow {
            text: "Who?".into(),
            form: Form::Menu,
            labels: vec!["nobody".into(), "Bob".into()],
            choices: q.options.clone(),
            spell_hand: None,
            answer: q.default,
        };
        w.begin_questions(&game, vec![(3, row)], true);
        w.render();
        assert_eq!(w.end_label(), "End Answers");
        click(&mut w, 1, (40, 590), (40, 590));
        assert!(!w.ended(), "unanswered");
        // Open the menu on the row and pick "Bob".
        let m = FontMetrics::monospace(6, 10, 3).line_metrics();
        let (px, py) = (300, 625);
        w.handle(Input::Press {
            button: 1,
            x: px,
            y: py,
        });
        let menu = w.popup.clone().unwrap();
        let bob_y = menu.rect.y + 6 + (m.line_height + 4) + 2;
        w.handle(Input::Motion {
            x: menu.rect.x + 20,
            y: bob_y,
        });
        w.handle(Input::Release {
            button: 1,
            x: menu.rect.x + 20,
            y: bob_y,
        });
        assert_eq!(w.answers(), vec![(3, Some(1))]);
        click(&mut w, 2, (40, 590), (40, 590));
        assert!(w.ended());
        assert_eq!(w.end_label(), "Answers ENDED.");
    }

    #[test]
    fn speech_and_close() {
        let (_game, mut w) = setup();
        use crate::x11::keys::Key;
        for c in "hi".chars() {
            assert!(w.handle(Input::Key(Key::Char(c))).is_empty());
        }
        assert_eq!(
            w.handle(Input::Key(Key::Return)),
            vec![Action::Say("hi".into())]
        );
        assert_eq!(w.handle(Input::Close), vec![Action::Leave]);
    }

    #[test]
    fn spell_list_shows_while_held_and_restores() {
        let (game, mut w) = setup();
        w.begin_gestures(&game, true, "Enter");
        w.render();
        w.handle(Input::Press {
            button: 2,
            x: 200,
            y: 590,
        });
        let ops = w.render();
        assert!(w.busy());
        assert!(ops.iter().any(|o| matches!(
            o,
            Op::Copy {
                from: Surface::Scratch,
                to: Surface::Window,
                ..
            }
        )));
        w.handle(Input::Release {
            button: 2,
            x: 700,
            y: 700,
        });
        let ops = w.render();
        assert!(ops.iter().any(|o| matches!(o, Op::Copy { from: Surface::Backing, to: Surface::Window, src, .. } if *src == crate::x11::layout::SPELL_POPUP)));
        assert!(!w.busy());
    }

    #[test]
    fn charm_gesture_is_answered_through_the_picture_grid() {
        let (game, mut w) = setup();
        let options: Vec<Choice> = Gesture::ALL.iter().map(|g| Choice::Gesture(*g)).collect();
        let row = QuestionRow {
            text: "Which gesture?".into(),
            form: Form::Pictures(Hand::Right),
            labels: Gesture::ALL.iter().map(|g| g.name().to_string()).collect(),
            choices: options,
            spell_hand: None,
            answer: None,
        };
        w.begin_questions(&game, vec![(0, row)], false);
        w.render();
        w.handle(Input::Press {
            button: 3,
            x: 300,
            y: 625,
        });
        let grid = w.popup.clone().expect("the picture grid opens");
        assert!(matches!(
            grid.kind,
            PopupKind::Charm {
                hand: Hand::Right,
                ..
            }
        ));
        assert_eq!((grid.rect.w, grid.rect.h), (240, 140));
        // Stab is the last picture of the second row.
        let stab = crate::x11::layout::grid_cell((grid.rect.x + 20, grid.rect.y + 20), 7);
        w.handle(Input::Motion {
            x: stab.x + 3,
            y: stab.y + 3,
        });
        w.handle(Input::Release {
            button: 3,
            x: stab.x + 3,
            y: stab.y + 3,
        });
        assert_eq!(w.answers(), vec![(0, Some(7))]);
        assert_eq!(w.questions().rows()[0].labels[7], "stab");
    }
}
