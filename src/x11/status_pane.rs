//! The status list: every living being with hit points and flags, the
//! done-star beside each wizard, and a scroll bar, as in the original.

use super::canvas::{Canvas, Ink, Surface};
use super::font::FontMetrics;
use super::layout::{
    LineMetrics, Rect, STATUS_AREA, STATUS_BAR, STATUS_FRAME, STATUS_HP_X, STATUS_MONSTER_X,
    STATUS_NAME_X, STATUS_STAR_X,
};
use super::scroll::{BarGrip, Scroll};
use crate::engine::{Duel, StatusRow};

/// One row as drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusLine {
    /// The wizard's player number, for the done-star; None for monsters.
    pub wizard: Option<usize>,
    /// Name as shown.
    pub name: String,
    /// Monsters are indented.
    pub indented: bool,
    /// Hit points, a space, and the flag letters (`12 IHb`).
    pub hp_flags: String,
}

impl StatusLine {
    /// The row the engine computed, in words.
    pub fn from_row(game: &Duel, row: &StatusRow) -> StatusLine {
        StatusLine::of_row(row, &game.being(row.being).name, game.players())
    }

    /// The row in words, given the being's name and how many wizards there are.
    pub fn of_row(row: &StatusRow, name: &str, players: usize) -> StatusLine {
        let index = row.being.index();
        let wizard = (index < players).then_some(index);
        let hp_flags = if row.flags.is_empty() {
            row.hp.to_string()
        } else {
            format!("{} {}", row.hp, row.flags)
        };
        StatusLine {
            wizard,
            name: name.to_string(),
            indented: row.indented,
            hp_flags,
        }
    }
}

/// The status list of one window.
#[derive(Debug, Clone)]
pub struct StatusPane {
    rows: Vec<StatusLine>,
    stars: Vec<bool>,
    scroll: Scroll,
    grip: BarGrip,
    dirty: bool,
    /// The star drawn on each row, to redraw only changed stars.
    drawn_stars: Vec<bool>,
}

impl StatusPane {
    /// An empty list sized for the font.
    pub fn new(m: &LineMetrics) -> StatusPane {
        StatusPane {
            rows: Vec::new(),
            stars: Vec::new(),
            scroll: Scroll::new(m.status_rows()),
            grip: BarGrip::new(STATUS_BAR),
            dirty: true,
            drawn_stars: Vec::new(),
        }
    }

    /// Replaces the rows (rebuilt at the start of every input phase).
    pub fn set_rows(&mut self, rows: Vec<StatusLine>) {
        if rows != self.rows {
            self.rows = rows;
            self.scroll.len = self.rows.len();
            self.scroll.set_top(self.scroll.top as i64);
            self.dirty = true;
        }
    }

    /// Which wizards show the done-star. Only the star cells are redrawn.
    pub fn set_stars(&mut self, stars: Vec<bool>) {
        self.stars = stars;
    }

    fn star(&self, row: &StatusLine) -> bool {
        row.wizard
            .is_some_and(|w| self.stars.get(w).copied().unwrap_or(false))
    }

    /// Redraws only the done-stars that changed; returns the strip to show.
    fn draw_stars(&mut self, c: &mut Canvas, font: &FontMetrics, m: &LineMetrics) -> Option<Rect> {
        let end = (self.scroll.top + self.scroll.visible).min(self.rows.len());
        let mut shown: Option<Rect> = None;
        for k in self.scroll.top.min(end)..end {
            let on = self.star(&self.rows[k]);
            if self.drawn_stars.get(k) == Some(&on) {
                continue;
            }
            let y = STATUS_AREA.y + m.line_height * ((k - self.scroll.top) as i32 + 1);
            let cell = Rect::new(
                STATUS_STAR_X - 1,
                y - m.line_height + m.descent + 1,
                STATUS_NAME_X - STATUS_STAR_X,
                m.line_height,
            );
            c.fill(Surface::Backing, cell, Ink::White);
            if on {
                c.text(Surface::Backing, STATUS_STAR_X, y, "*", font);
            }
            if let Some(d) = self.drawn_stars.get_mut(k) {
                *d = on;
            }
            shown = Some(shown.map_or(cell, |r| r.union(&cell)));
        }
        shown
    }

    /// The rows (for tests).
    pub fn rows(&self) -> &[StatusLine] {
        &self.rows
    }

    /// Forces a redraw.
    pub fn invalidate(&mut self) {
        self.dirty = true;
    }

    /// Draws the list if it changed; returns the area to show.
    pub fn draw(&mut self, c: &mut Canvas, font: &FontMetrics, m: &LineMetrics) -> Option<Rect> {
        if !std::mem::take(&mut self.dirty) {
            return self.draw_stars(c, font, m);
        }
        self.drawn_stars = self.rows.iter().map(|r| self.star(r)).collect();
        c.fill(Surface::Backing, STATUS_FRAME, Ink::White);
        c.frame(Surface::Backing, STATUS_FRAME, Ink::Black);
        let end = (self.scroll.top + self.scroll.visible).min(self.rows.len());
        for (k, row) in self.rows[self.scroll.top.min(end)..end].iter().enumerate() {
            let y = STATUS_AREA.y + m.line_height * (k as i32 + 1);
            if self.drawn_stars[self.scroll.top + k] {
                c.text(Surface::Backing, STATUS_STAR_X, y, "*", font);
            }
            let x = if row.indented {
                STATUS_MONSTER_X
            } else {
                STATUS_NAME_X
            };
            c.text(Surface::Backing, x, y, &row.name, font);
            c.text(Surface::Backing, STATUS_HP_X, y, &row.hp_flags, font);
        }
        self.scroll.draw(c, STATUS_BAR);
        Some(STATUS_BAR.union(&STATUS_FRAME).outlined())
    }

    /// A press on the scroll bar; false when the press is elsewhere.
    pub fn press(&mut self, button: u8, x: i32, y: i32) -> bool {
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
        if self.grip.release(&mut self.scroll, m.line_height) {
            self.dirty = true;
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
    use crate::engine::{PlayerId, PlayerSpec};

    #[test]
    fn rows_from_engine_and_stars() {
        let game = Duel::new(&[PlayerSpec::parse("A"), PlayerSpec::parse("B:f")], 1)
            .expect("two good names");
        let rows: Vec<StatusLine> = game
            .status(PlayerId::new(1))
            .iter()
            .map(|r| StatusLine::from_row(&game, r))
            .collect();
        assert_eq!(rows[0].name, "B");
        assert_eq!(rows[0].hp_flags, "15");
        assert_eq!(rows[1].wizard, Some(0));
        let font = FontMetrics::monospace(6, 10, 3);
        let m = font.line_metrics();
        let mut p = StatusPane::new(&m);
        p.set_rows(rows);
        p.set_stars(vec![true, false]);
        let mut c = Canvas::new();
        p.draw(&mut c, &font, &m);
        let stars = c
            .ops()
            .iter()
            .filter(|op| matches!(op, super::super::canvas::Op::Text { x: STATUS_STAR_X, bytes, .. } if bytes == b"*"))
            .count();
        assert_eq!(stars, 1);
    }

    #[test]
    fn a_new_star_redraws_only_its_cell() {
        let game = Duel::new(&[PlayerSpec::parse("A"), PlayerSpec::parse("B")], 1)
            .expect("two good names");
        let rows: Vec<StatusLine> = game
            .status(PlayerId::new(0))
            .iter()
            .map(|r| StatusLine::from_row(&game, r))
            .collect();
        let font = FontMetrics::monospace(6, 10, 3);
        let m = font.line_metrics();
        let mut p = StatusPane::new(&m);
        p.set_rows(rows.clone());
        p.set_stars(vec![false, false]);
        p.draw(&mut Canvas::new(), &font, &m);
        p.set_rows(rows);
        p.set_stars(vec![false, true]);
        let mut c = Canvas::new();
        let shown = p.draw(&mut c, &font, &m).expect("the star is shown");
        assert_eq!(c.ops().len(), 2, "clear the cell, draw the star");
        assert!(shown.w < 20 && shown.h == m.line_height);
        assert!(p.draw(&mut Canvas::new(), &font, &m).is_none());
    }
}
