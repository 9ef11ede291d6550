//! The gesture history grid: one pair of picture columns per player, newest
//! row at the bottom, where the player also enters his own gestures.

use super::bitmaps::Picture;
use super::canvas::{Canvas, Ink, Surface};
use super::font::FontMetrics;
use super::layout::{
    picture_origin, LineMetrics, Rect, COLUMN_PITCH, GRID_ROWS, GRID_X, GRID_Y, PICTURE,
};
use crate::engine::{Gesture, Hand, Mark, Seen};

/// The eight rows of one column, top first, each left then right hand.
pub type Column = [[Picture; 2]; GRID_ROWS];

/// The picture for what a viewer sees of one hand.
pub fn picture_of(seen: Seen, hand: Hand) -> Picture {
    match seen {
        Seen::Fog | Seen::Unrevealed => Picture::Fog,
        Seen::Mark(Mark::Made(g)) => Picture::Hand(hand, g),
        Seen::Mark(Mark::AntiSpell) => Picture::AntiSpell(hand),
    }
}

/// The pictures of a pair of hands in one row.
pub fn row_pictures(row: [Seen; 2]) -> [Picture; 2] {
    [
        picture_of(row[0], Hand::Left),
        picture_of(row[1], Hand::Right),
    ]
}

/// What a column shows, from its history as the viewer sees it (oldest first).
///
/// In the gesture phase `bottom` holds the pictures of the row being entered
/// (the viewer's choice, or fog for the others) and the history fills the
/// seven rows above it; otherwise the eight newest rows are shown, as the
/// seat's view gives them (a row not revealed yet is fog there). Rows that
/// do not exist yet show "nothing".
pub fn column_rows(history: &[[Seen; 2]], bottom: Option<[Picture; 2]>) -> Column {
    let empty = [
        Picture::Hand(Hand::Left, Gesture::Nothing),
        Picture::Hand(Hand::Right, Gesture::Nothing),
    ];
    let mut col = [empty; GRID_ROWS];
    let history_rows = if bottom.is_some() {
        GRID_ROWS - 1
    } else {
        GRID_ROWS
    };
    let shown = &history[history.len().saturating_sub(history_rows)..];
    let first = history_rows - shown.len();
    for (i, row) in shown.iter().enumerate() {
        col[first + i] = row_pictures(*row);
    }
    if let Some(b) = bottom {
        col[GRID_ROWS - 1] = b;
    }
    col
}

/// The grid as one window shows it, redrawing only the pictures that changed.
#[derive(Debug, Clone)]
pub struct GestureGrid {
    names: Vec<String>,
    columns: Vec<Column>,
    drawn: Vec<Option<Column>>,
    names_drawn: bool,
}

impl GestureGrid {
    /// The players' names, one per column.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// A grid with one column per player, every picture blank.
    pub fn new(names: Vec<String>) -> GestureGrid {
        let n = names.len();
        let blank = column_rows(&[], None);
        GestureGrid {
            names,
            columns: vec![blank; n],
            drawn: vec![None; n],
            names_drawn: false,
        }
    }

    /// Sets what a column should show.
    pub fn set_column(&mut self, column: usize, rows: Column) {
        if let Some(c) = self.columns.get_mut(column) {
            *c = rows;
        }
    }

    /// What a column shows (for tests).
    pub fn column(&self, column: usize) -> Option<&Column> {
        self.columns.get(column)
    }

    /// Forces a full redraw.
    pub fn invalidate(&mut self) {
        self.names_drawn = false;
        self.drawn.iter_mut().for_each(|d| *d = None);
    }

    /// Draws the names (once) and every picture that differs from what is
    /// already drawn; returns the areas to show.
    pub fn draw(&mut self, c: &mut Canvas, font: &FontMetrics, m: &LineMetrics) -> Vec<Rect> {
        let mut shown = Vec::new();
        if !self.names_drawn {
            self.names_drawn = true;
            let area = Rect::new(
                GRID_X - 8,
                0,
                COLUMN_PITCH * self.names.len() as i32,
                GRID_Y - 1,
            );
            c.fill(Surface::Backing, area, Ink::White);
            for (i, name) in self.names.iter().enumerate() {
                let centre = GRID_X + COLUMN_PITCH * i as i32 + PICTURE;
                c.text(
                    Surface::Backing,
                    centre - font.width(name) / 2,
                    m.name_baseline(),
                    name,
                    font,
                );
            }
            shown.push(area);
        }
        for (col, rows) in self.columns.iter().enumerate() {
            let old = self.drawn[col];
            for (r, row) in rows.iter().enumerate() {
                for (hand, pic) in row.iter().enumerate() {
                    if old.is_some_and(|o| o[r][hand] == *pic) {
                        continue;
                    }
                    let (x, y) = picture_origin(col, hand, r);
                    c.framed(Surface::Backing, x, y, *pic);
                    shown.push(Rect::new(x, y, PICTURE, PICTURE));
                }
            }
            self.drawn[col] = Some(*rows);
        }
        merge_rows(shown)
    }
}

/// Joins the two hands of a row into one area to show, so a changed row costs
/// one copy rather than two.
fn merge_rows(mut rects: Vec<Rect>) -> Vec<Rect> {
    let mut out: Vec<Rect> = Vec::with_capacity(rects.len());
    rects.sort_by_key(|r| (r.y, r.x));
    for r in rects {
        match out.last_mut() {
            Some(last)
                if last.y == r.y
                    && last.h == r.h
                    && r.x - (last.x + last.w) <= 2
                    && r.x >= last.x =>
            {
                *last = last.union(&r);
            }
            _ => out.push(r),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn made(l: Gesture, r: Gesture) -> [Seen; 2] {
        [Seen::Mark(Mark::Made(l)), Seen::Mark(Mark::Made(r))]
    }

    #[test]
    fn empty_history_is_all_nothing() {
        let col = column_rows(&[], None);
        assert!(col
            .iter()
            .all(|r| r[0] == Picture::Hand(Hand::Left, Gesture::Nothing)));
        assert_eq!(col[7][1], Picture::Hand(Hand::Right, Gesture::Nothing));
    }

    #[test]
    fn gesture_phase_puts_the_choice_at_the_bottom() {
        let hist = vec![made(Gesture::Palm, Gesture::Wave)];
        let col = column_rows(&hist, Some([Picture::Fog, Picture::Fog]));
        assert_eq!(
            col[6],
            [
                Picture::Hand(Hand::Left, Gesture::Palm),
                Picture::Hand(Hand::Right, Gesture::Wave)
            ]
        );
        assert_eq!(col[7], [Picture::Fog, Picture::Fog]);
        assert_eq!(col[5][0], Picture::Hand(Hand::Left, Gesture::Nothing));
    }

    #[test]
    fn newest_rows_at_the_bottom_and_unrevealed_ones_fogged() {
        let hist: Vec<_> = (0..10)
            .map(|i| made(Gesture::ALL[i % 8], Gesture::Nothing))
            .chain([[Seen::Mark(Mark::AntiSpell), Seen::Fog]])
            .collect();
        let col = column_rows(&hist, None);
        assert_eq!(col[7], [Picture::AntiSpell(Hand::Left), Picture::Fog]);
        assert_eq!(col[6][0], Picture::Hand(Hand::Left, Gesture::ALL[9 % 8]));
        let mut hist = hist;
        hist.push([Seen::Unrevealed; 2]);
        let col = column_rows(&hist, None);
        assert_eq!(col[7], [Picture::Fog, Picture::Fog]);
        assert_eq!(col[6], [Picture::AntiSpell(Hand::Left), Picture::Fog]);
    }

    #[test]
    fn only_changes_are_redrawn() {
        let font = FontMetrics::monospace(6, 10, 3);
        let m = font.line_metrics();
        let mut g = GestureGrid::new(vec!["A".into(), "B".into()]);
        let mut c = Canvas::new();
        let first = g.draw(&mut c, &font, &m);
        assert_eq!(first.len(), 1 + 2 * 8, "names plus one area per row");
        let mut col = *g.column(0).unwrap();
        col[7][1] = Picture::Hand(Hand::Right, Gesture::Snap);
        g.set_column(0, col);
        let mut c = Canvas::new();
        let again = g.draw(&mut c, &font, &m);
        assert_eq!(again, vec![Rect::new(476 + 50, 33 + 350, 48, 48)]);
        assert_eq!(c.ops().len(), 1, "the picture, its frame included");
    }
}
