//! Popups drawn inside the window while a mouse button is held, as the
//! original does: composed in a scratch pixmap, copied over the window, and
//! taken away by copying the backing pixmap back (no extra window, no grab,
//! no round trip).

use super::bitmaps::Picture;
use super::canvas::{Canvas, Ink, Surface};
use super::font::FontMetrics;
use super::layout::{
    grid_cell, grid_cell_at, popup_at, LineMetrics, Rect, CHARM_POPUP, GESTURE_POPUP,
};
use super::spell_list::{self, SpellOrder};
use crate::engine::{Gesture, Hand, RuleSet};

/// What a popup offers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PopupKind {
    /// The gestures one of the player's own hands can make next, as the
    /// duel's book offers them (at most eight, in popup order).
    Gesture(Hand, Vec<Gesture>),
    /// The charm-gesture picture grid for a question row.
    Charm {
        /// The question row.
        row: usize,
        /// Whose pictures (left or right hand).
        hand: Hand,
        /// The gestures the question offers, in its order.
        gestures: Vec<Gesture>,
    },
    /// A menu of answers for a question row.
    Menu {
        /// The question row.
        row: usize,
        /// The answers.
        labels: Vec<String>,
    },
    /// The spell list of the duel's book, shown while the button is held.
    SpellList(SpellOrder, &'static RuleSet),
}

/// An open popup and the item under the pointer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Popup {
    /// What it offers.
    pub kind: PopupKind,
    /// Where it is in the window.
    pub rect: Rect,
    /// The highlighted item.
    pub selected: Option<usize>,
    /// Where the press that opened it was.
    pressed_at: (i32, i32),
    /// Whether the pointer has left the press point since.
    moved: bool,
}

/// How far (in pixels, either way) the pointer may wander and still make
/// a click: a mouse held still jitters.
const CLICK_SLACK: i32 = 2;

/// Where a menu's first item starts below its top edge: 5 of the 11 spare
/// pixels are above the items, so a menu centred on a quick click puts the
/// second of two items under the pointer, as the original does.
const ITEMS_TOP: i32 = 5;

/// The strip of the gesture popup below its pictures (the second row's
/// double highlight ends at 159, the frame is at 179) where the name of the
/// gesture under the pointer is shown, so that nobody takes the clap for the
/// snap. The original leaves it blank, and it stays blank while
/// the pointer is on no picture.
const NAME_STRIP: Rect = Rect::new(1, 161, GESTURE_POPUP.0 - 2, 18);

/// The words under a gesture's picture: its name, and the letter the spell
/// list and the manual write it with.
fn gesture_label(g: Gesture) -> String {
    match g {
        Gesture::Nothing | Gesture::Stab => g.name().to_string(),
        _ => format!("{} ({})", g.name(), g.script_letter()),
    }
}

/// The picture grid's places: two rows of four.
const PLACES: usize = 8;

/// Each gesture in its own place of the grid, as the original's popup has
/// them (nothing, palm, digit, fingers; wave, clap, snap, stab), whatever
/// the book leaves out, so a picture is always where the hand expects it
/// (Death Match, without F, leaves that place blank). A gesture with no
/// place of its own (the Onyx) takes the first place left blank.
fn places(offered: &[Gesture]) -> [Option<Gesture>; PLACES] {
    let mut out = [None; PLACES];
    let own = |g: Gesture| Gesture::ALL.iter().position(|&a| a == g);
    for &g in offered {
        if let Some(i) = own(g) {
            out[i] = Some(g);
        }
    }
    for &g in offered.iter().filter(|&&g| own(g).is_none()) {
        if let Some(free) = out.iter().position(Option::is_none) {
            out[free] = Some(g);
        }
    }
    out
}

/// Height of one menu item.
fn item_height(m: &LineMetrics) -> i32 {
    m.line_height + 4
}

impl Popup {
    /// Opens a popup for a press at (x, y) in a window `window_w` wide.
    pub fn open(kind: PopupKind, x: i32, y: i32, window_w: i32, font: &FontMetrics) -> Popup {
        let m = font.line_metrics();
        let rect = match &kind {
            PopupKind::Gesture(..) => popup_at(x, y, GESTURE_POPUP, window_w),
            PopupKind::Charm { .. } => popup_at(x, y, CHARM_POPUP, window_w),
            PopupKind::Menu { labels, .. } => {
                let w = labels.iter().map(|l| font.width(l)).max().unwrap_or(0) + 35;
                let h = labels.len() as i32 * item_height(&m) + 11;
                popup_at(x, y, (w, h), window_w)
            }
            PopupKind::SpellList(_, book) => spell_list::popup_rect(book),
        };
        let mut p = Popup {
            kind,
            rect,
            selected: None,
            pressed_at: (x, y),
            moved: false,
        };
        p.selected = p.item_at(x, y, &m);
        p
    }

    /// Top-left of the picture grid, in window coordinates.
    fn grid_origin(&self) -> Option<(i32, i32)> {
        match self.kind {
            PopupKind::Gesture(..) => Some((self.rect.x + 20, self.rect.y + 60)),
            PopupKind::Charm { .. } => Some((self.rect.x + 20, self.rect.y + 20)),
            _ => None,
        }
    }

    /// The menu item or picture under the point.
    pub fn item_at(&self, x: i32, y: i32, m: &LineMetrics) -> Option<usize> {
        if let Some(origin) = self.grid_origin() {
            return grid_cell_at(origin, x, y).filter(|&i| self.picture_at(i).is_some());
        }
        match &self.kind {
            PopupKind::Menu { labels, .. } => {
                let top = self.rect.y + ITEMS_TOP;
                if !self.rect.contains(x, y) || y < top {
                    return None;
                }
                let i = ((y - top) / item_height(m)) as usize;
                (i < labels.len()).then_some(i)
            }
            _ => None,
        }
    }

    /// The outlines that mark item `i`, in window coordinates.
    fn highlight(&self, i: usize, m: &LineMetrics) -> Vec<Rect> {
        if let Some(origin) = self.grid_origin() {
            let cell = grid_cell(origin, i);
            let inner = |d: i32| {
                Rect::new(
                    cell.x - d,
                    cell.y - d,
                    cell.w + 2 * d - 1,
                    cell.h + 2 * d - 1,
                )
            };
            return vec![inner(1), inner(2)];
        }
        match self.kind {
            PopupKind::Menu { .. } => vec![Rect::new(
                self.rect.x + 4,
                self.rect.y + ITEMS_TOP + i as i32 * item_height(m),
                self.rect.w - 9,
                item_height(m) - 1,
            )],
            _ => Vec::new(),
        }
    }

    /// Composes the popup in the scratch pixmap and shows it with its highlight.
    pub fn show(&self, c: &mut Canvas, font: &FontMetrics) {
        let m = font.line_metrics();
        let local = Rect::new(0, 0, self.rect.w, self.rect.h);
        let (ox, oy) = (self.rect.x, self.rect.y);
        match &self.kind {
            PopupKind::SpellList(order, book) => spell_list::draw(c, *order, book, font),
            kind => {
                c.fill(Surface::Scratch, local, Ink::White);
                c.frame(
                    Surface::Scratch,
                    Rect::new(0, 0, local.w - 1, local.h - 1),
                    Ink::Black,
                );
                match kind {
                    PopupKind::Gesture(hand, _) => {
                        let lines = [
                            "What gesture do you want".to_string(),
                            format!("your {} hand to make?", hand.name()),
                        ];
                        for (k, line) in lines.iter().enumerate() {
                            c.text(
                                Surface::Scratch,
                                (local.w - font.width(line)) / 2,
                                10 + m.ascent + k as i32 * m.line_height,
                                line,
                                font,
                            );
                        }
                        self.pictures(c, *hand, (20, 60));
                    }
                    PopupKind::Charm { hand, .. } => self.pictures(c, *hand, (20, 20)),
                    PopupKind::Menu { labels, .. } => {
                        for (i, l) in labels.iter().enumerate() {
                            let top = ITEMS_TOP + i as i32 * item_height(&m);
                            c.text(Surface::Scratch, 16, top + 2 + m.ascent, l, font);
                        }
                    }
                    PopupKind::SpellList(..) => {}
                }
            }
        }
        c.copy(Surface::Scratch, Surface::Window, local, ox, oy);
        c.shadow(self.rect);
        if let Some(i) = self.selected {
            for r in self.highlight(i, &m) {
                c.frame(Surface::Window, r, Ink::Black);
            }
        }
        self.show_name(c, font);
    }

    /// In the gesture popup, writes the name of the gesture under the
    /// pointer in the strip below the pictures, or blanks the strip. A font
    /// too tall for the strip gets no name: the popup keeps its size.
    fn show_name(&self, c: &mut Canvas, font: &FontMetrics) {
        if !matches!(self.kind, PopupKind::Gesture(..)) {
            return;
        }
        let m = font.line_metrics();
        let strip = Rect::new(
            self.rect.x + NAME_STRIP.x,
            self.rect.y + NAME_STRIP.y,
            NAME_STRIP.w,
            NAME_STRIP.h,
        );
        let tall = m.ascent + m.descent;
        if tall > strip.h {
            return;
        }
        c.fill(Surface::Window, strip, Ink::White);
        if let Some(g) = self.selected.and_then(|i| self.picture_at(i)) {
            let label = gesture_label(g);
            let x = self.rect.x + (self.rect.w - font.width(&label)) / 2;
            let baseline = strip.y + (strip.h - tall) / 2 + m.ascent;
            c.text(Surface::Window, x, baseline, &label, font);
        }
    }

    /// The gesture shown in place `i` of a picture grid (none for a menu,
    /// or for a place the book or the question leaves blank).
    pub fn picture_at(&self, i: usize) -> Option<Gesture> {
        match &self.kind {
            PopupKind::Gesture(_, offered) => places(offered).get(i).copied().flatten(),
            PopupKind::Charm { gestures, .. } => places(gestures).get(i).copied().flatten(),
            _ => None,
        }
    }

    fn pictures(&self, c: &mut Canvas, hand: Hand, origin: (i32, i32)) {
        for i in 0..PLACES {
            if let Some(g) = self.picture_at(i) {
                let cell = grid_cell(origin, i);
                c.framed(Surface::Scratch, cell.x, cell.y, Picture::Hand(hand, g));
            }
        }
    }

    /// Follows the pointer: moves the highlight (and the gesture's name)
    /// when the item under it changes.
    pub fn motion(&mut self, c: &mut Canvas, x: i32, y: i32, font: &FontMetrics) {
        let (px, py) = self.pressed_at;
        self.moved |= (x - px).abs() > CLICK_SLACK || (y - py).abs() > CLICK_SLACK;
        let m = &font.line_metrics();
        let now = self.item_at(x, y, m);
        if now == self.selected {
            return;
        }
        if let Some(old) = self.selected {
            for r in self.highlight(old, m) {
                c.frame(Surface::Window, r, Ink::White);
            }
        }
        if let Some(new) = now {
            for r in self.highlight(new, m) {
                c.frame(Surface::Window, r, Ink::Black);
            }
        }
        self.selected = now;
        self.show_name(c, font);
    }

    /// The item the release picks. A question's menu (or pictures) opens
    /// centred on the pointer, as the original's does, so a click without
    /// moving would pick whatever lies in the middle: it picks nothing and
    /// the answer stays as it was (a click only looks at the choices).
    pub fn picked(&self) -> Option<usize> {
        match self.kind {
            PopupKind::Menu { .. } | PopupKind::Charm { .. } if !self.moved => None,
            _ => self.selected,
        }
    }

    /// Takes the popup away: the backing pixmap holds what it covered.
    pub fn close(&self, c: &mut Canvas) {
        c.show(self.area());
    }

    /// Everything the popup covers, its shadow included.
    pub fn area(&self) -> Rect {
        self.rect.with_shadow()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn font() -> FontMetrics {
        FontMetrics::monospace(6, 10, 3)
    }

    #[test]
    fn gesture_popup_picks_under_pointer() {
        let f = font();
        let m = f.line_metrics();
        let p = Popup::open(
            PopupKind::Gesture(Hand::Left, Gesture::ALL.to_vec()),
            400,
            300,
            832,
            &f,
        );
        assert_eq!(p.rect, Rect::new(280, 210, 240, 180));
        // nothing (0) at (300,270), stab (7) at (450,320)
        assert_eq!(p.item_at(300, 270, &m), Some(0));
        assert_eq!(p.item_at(451, 321, &m), Some(7));
        assert_eq!(p.item_at(285, 215, &m), None);
        assert_eq!(p.selected, Some(2), "the popup opens under the pointer");
    }

    #[test]
    fn a_click_on_a_question_picks_nothing_a_drag_picks() {
        let f = font();
        let m = f.line_metrics();
        let labels = vec!["nobody".to_string(), "White".into(), "Black".into()];
        let mut p = Popup::open(PopupKind::Menu { row: 0, labels }, 400, 650, 832, &f);
        assert!(p.selected.is_some(), "the middle item is lit");
        p.motion(&mut Canvas::new(), 401, 650, &f);
        assert_eq!(p.picked(), None, "a click leaves the answer");
        let last = p.rect.y + ITEMS_TOP + 2 * item_height(&m) + 2;
        p.motion(&mut Canvas::new(), 400, last, &f);
        assert_eq!(p.picked(), Some(2));
    }

    #[test]
    fn pictures_keep_their_places_and_the_onyx_takes_a_blank_one() {
        use Gesture::*;
        let death_match_left = [Nothing, Palm, Digit, Wave, Clap, Snap, Onyx];
        assert_eq!(
            places(&death_match_left),
            [
                Some(Nothing),
                Some(Palm),
                Some(Digit),
                Some(Onyx),
                Some(Wave),
                Some(Clap),
                Some(Snap),
                None
            ]
        );
        assert_eq!(places(&Gesture::ALL), Gesture::ALL.map(Some));
    }

    #[test]
    fn menu_size_and_items() {
        let f = font();
        let m = f.line_metrics(); // 15
        let labels = vec![
            "nobody".to_string(),
            "Merlin".into(),
            "Frilep the Goblin".into(),
        ];
        let p = Popup::open(PopupKind::Menu { row: 0, labels }, 300, 650, 832, &f);
        assert_eq!(p.rect.w, 17 * 6 + 35);
        assert_eq!(p.rect.h, 3 * 19 + 11);
        let first = p.rect.y + ITEMS_TOP + 1;
        assert_eq!(p.item_at(p.rect.x + 20, first, &m), Some(0));
        assert_eq!(p.item_at(p.rect.x + 20, first + 19, &m), Some(1));
        assert_eq!(p.item_at(p.rect.x + 20, first + 3 * 19, &m), None);
        assert_eq!(p.item_at(p.rect.x - 1, first, &m), None);
    }

    #[test]
    fn highlight_moves_with_the_pointer() {
        let f = font();
        let mut p = Popup::open(
            PopupKind::Charm {
                row: 0,
                hand: Hand::Right,
                gestures: Gesture::ALL.to_vec(),
            },
            400,
            300,
            832,
            &f,
        );
        let mut c = Canvas::new();
        let o = (p.rect.x + 20, p.rect.y + 20);
        assert_eq!(p.selected, Some(6));
        p.motion(&mut c, o.0 + 1, o.1 + 1, &f);
        assert_eq!(p.selected, Some(0));
        assert_eq!(c.ops().len(), 4, "old highlight off, new on");
        p.motion(&mut c, o.0 + 2, o.1 + 2, &f);
        assert_eq!(c.ops().len(), 4, "same item: nothing drawn");
        p.motion(&mut c, o.0 + 49, o.1 + 49, &f);
        assert_eq!(p.selected, None);
        assert_eq!(c.ops().len(), 6);
    }

    /// The text ops drawn on the window, as strings.
    fn window_texts(c: &Canvas) -> Vec<String> {
        c.ops()
            .iter()
            .filter_map(|op| match op {
                crate::x11::canvas::Op::Text {
                    on: Surface::Window,
                    bytes,
                    ..
                } => Some(String::from_utf8_lossy(bytes).into_owned()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_gesture_under_the_pointer_is_named_below_the_pictures() {
        let f = font();
        let mut p = Popup::open(
            PopupKind::Gesture(Hand::Left, Gesture::ALL.to_vec()),
            400,
            300,
            832,
            &f,
        );
        let mut c = Canvas::new();
        p.show(&mut c, &f);
        assert_eq!(window_texts(&c), ["digit (D)"], "opened on the digit");
        // The clap is the second picture of the second row.
        let clap = grid_cell((p.rect.x + 20, p.rect.y + 60), 5);
        let mut c = Canvas::new();
        p.motion(&mut c, clap.x + 10, clap.y + 10, &f);
        assert_eq!(window_texts(&c), ["clap (C)"]);
        // Off the pictures the strip is blank again, as in the original.
        let mut c = Canvas::new();
        p.motion(&mut c, p.rect.x + 5, p.rect.y + 5, &f);
        assert!(window_texts(&c).is_empty());
        assert!(c.ops().iter().any(|op| matches!(
            op,
            crate::x11::canvas::Op::Fill { on: Surface::Window, ink: Ink::White, rect }
                if rect.y == p.rect.y + NAME_STRIP.y
        )));
    }
}
