//! What a mouse press, drag and release do to a player's window: which
//! control the press grabbed, the popup it follows, and the choice made on
//! release. Kept apart from the panes' layout and drawing in `window.rs`.

use super::{PlayerWindow, Stage};
use crate::engine::{Choice, Gesture, Hand};
use crate::x11::bitmaps::Picture;
use crate::x11::canvas::Canvas;
use crate::x11::layout::{bottom_square_at, GRID_ROWS};
use crate::x11::popup::{Popup, PopupKind};
use crate::x11::question_pane::Form;
use crate::x11::spell_list::SpellOrder;
use std::time::Instant;

/// What the current mouse press is following.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Grab {
    None,
    Popup,
    EndButton,
    SpellButton,
    Bar,
    Nothing,
}

impl PlayerWindow {
    pub(super) fn press(&mut self, button: u8, x: i32, y: i32, now: Instant) {
        self.grab = Grab::Nothing;
        if self.end.contains(x, y) {
            if self.quit_too_soon(now) {
                return;
            }
            self.grab = Grab::EndButton;
            self.end.set_lit(self.may_end());
        } else if self.spells.contains(x, y) {
            self.grab = Grab::SpellButton;
            self.spells.set_lit(true);
            let order = SpellOrder::for_button(button);
            self.open(PopupKind::SpellList(order, self.rules), x, y);
        } else if let Some(hand) = bottom_square_at(self.player, x, y) {
            if button == 1 && self.stage == Stage::Gestures && !self.ended {
                let hand = Hand::BOTH[hand];
                self.open(PopupKind::Gesture(hand, self.offered(hand)), x, y);
            }
        } else if let Some(row) = self.questions.row_at(x, y, &self.m) {
            let r = &self.questions.rows()[row];
            let answering = matches!(self.stage, Stage::Questions | Stage::Over) && !self.ended;
            if answering && r.is_question() {
                let kind = match r.form {
                    Form::Pictures(hand) => PopupKind::Charm {
                        row,
                        hand,
                        gestures: r
                            .choices
                            .iter()
                            .filter_map(|c| match c {
                                Choice::Gesture(g) => Some(*g),
                                _ => None,
                            })
                            .collect(),
                    },
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

    /// Whether the button reads Quit and has only just appeared, so a press
    /// on it is the tail of a double click on End rather than a wish to quit.
    fn quit_too_soon(&self, now: Instant) -> bool {
        self.stage == Stage::Over && !self.ended && self.quit_from.is_some_and(|t| now < t)
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

    pub(super) fn motion(&mut self, x: i32, y: i32) {
        match self.grab {
            Grab::Popup | Grab::SpellButton => {
                if let Some(p) = self.popup.as_mut() {
                    p.motion(&mut self.canvas, x, y, &self.font);
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

    pub(super) fn release(&mut self, _button: u8, x: i32, y: i32) {
        match std::mem::replace(&mut self.grab, Grab::None) {
            Grab::Popup | Grab::SpellButton => {
                self.spells.set_lit(false);
                if let Some(mut p) = self.popup.take() {
                    p.motion(&mut Canvas::new(), x, y, &self.font);
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
        let Some(i) = p.picked() else {
            return;
        };
        match &p.kind {
            PopupKind::Gesture(hand, _) => {
                let Some(g) = p.picture_at(i) else {
                    return;
                };
                if self.stage == Stage::Gestures && !self.ended {
                    self.chosen[hand.index()] = g;
                    // One Onyx, one beam: it leaves the other hand.
                    let other = &mut self.chosen[hand.other().index()];
                    if g == Gesture::Onyx && *other == Gesture::Onyx {
                        *other = Gesture::Nothing;
                    }
                    self.set_bottom_row();
                }
            }
            PopupKind::Menu { row, .. } => self.questions.set_answer(*row, i),
            PopupKind::Charm { row, .. } => {
                // The answer is the option holding that gesture.
                let Some(g) = p.picture_at(i) else {
                    return;
                };
                let Some(r) = self.questions.rows().get(*row) else {
                    return;
                };
                if let Some(opt) = r.choices.iter().position(|c| *c == Choice::Gesture(g)) {
                    self.questions.set_answer(*row, opt);
                }
            }
            PopupKind::SpellList(..) => {}
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
}
