//! Where everything sits in the window, in pixels, exactly as the original
//! laid it out (tests/x11_pixels.rs compares the pixels).
//! Pure numbers: no X here, so
//! the maths is unit-tested on its own.

/// A rectangle in window pixels. Plain `i32` so that arithmetic never wraps;
/// the X layer converts at the boundary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Rect {
    /// Left edge.
    pub x: i32,
    /// Top edge.
    pub y: i32,
    /// Width in pixels.
    pub w: i32,
    /// Height in pixels.
    pub h: i32,
}

impl Rect {
    /// A rectangle from its corner and size.
    pub const fn new(x: i32, y: i32, w: i32, h: i32) -> Rect {
        Rect { x, y, w, h }
    }

    /// Whether the point lies inside (right and bottom edges excluded).
    pub fn contains(&self, x: i32, y: i32) -> bool {
        x >= self.x && y >= self.y && x < self.x + self.w && y < self.y + self.h
    }

    /// Whether the two rectangles share at least one pixel.
    pub fn overlaps(&self, o: &Rect) -> bool {
        self.x < o.x + o.w && o.x < self.x + self.w && self.y < o.y + o.h && o.y < self.y + self.h
    }

    /// The smallest rectangle holding both.
    pub fn union(&self, o: &Rect) -> Rect {
        let x = self.x.min(o.x);
        let y = self.y.min(o.y);
        let r = (self.x + self.w).max(o.x + o.w);
        let b = (self.y + self.h).max(o.y + o.h);
        Rect::new(x, y, r - x, b - y)
    }

    /// The pixels a frame of this rectangle covers (one more each way).
    pub fn outlined(&self) -> Rect {
        Rect::new(self.x, self.y, self.w + 1, self.h + 1)
    }

    /// What a popup occupying this rectangle covers with its drop shadow.
    pub fn with_shadow(&self) -> Rect {
        Rect::new(self.x, self.y, self.w + 3, self.h + 3)
    }

    /// The same rectangle grown by `d` pixels on every side (shrunk if negative).
    pub fn grow(&self, d: i32) -> Rect {
        Rect::new(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)
    }
}

/// Window height; the window is never resized.
pub const WINDOW_HEIGHT: i32 = 750;
/// Window width for up to three players.
pub const BASE_WIDTH: i32 = 832;
/// Where the window is created, as the original did.
pub const WINDOW_ORIGIN: (i32, i32) = (100, 100);

/// How far each further window on the same screen is moved right and down,
/// so that a one-display duel does not stack its windows exactly.
pub const WINDOW_CASCADE: i32 = 40;

/// Where each player's window goes: [`WINDOW_ORIGIN`], moved by
/// [`WINDOW_CASCADE`] for every earlier window on the same screen.
/// `screens` names each player's screen (see [`screen_key`]).
pub fn window_origins(screens: &[String]) -> Vec<(i32, i32)> {
    screens
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let earlier = screens[..i].iter().filter(|t| *t == s).count() as i32;
            (
                WINDOW_ORIGIN.0 + WINDOW_CASCADE * earlier,
                WINDOW_ORIGIN.1 + WINDOW_CASCADE * earlier,
            )
        })
        .collect()
}

/// A display name reduced to the screen it means: `host:display.screen`
/// with the screen made explicit and a local host (`""`, `unix`) written as
/// nothing, so `:0`, `unix:0` and `:0.0` compare equal.
pub fn screen_key(display: &str) -> String {
    let (host, rest) = display.rsplit_once(':').unwrap_or(("", display));
    let host = if host == "unix" { "" } else { host };
    let (number, screen) = rest.split_once('.').unwrap_or((rest, "0"));
    format!("{host}:{number}.{screen}")
}

/// The window grows by one gesture column per player beyond three.
pub fn window_width(players: usize) -> i32 {
    BASE_WIDTH + COLUMN_PITCH * (players as i32 - 3).max(0)
}

/// Text pane: the message log.
pub const TEXT_AREA: Rect = Rect::new(32, 32, 400, 512);
/// Text pane frame.
pub const TEXT_FRAME: Rect = Rect::new(29, 30, 404, 515);
/// Text pane scroll bar frame.
pub const TEXT_BAR: Rect = Rect::new(16, 30, 13, 515);

/// Gesture grid origin: the left picture of column 0, row 0.
pub const GRID_X: i32 = 476;
/// Top of row 0 of the gesture grid.
pub const GRID_Y: i32 = 33;
/// Horizontal distance between two players' columns.
pub const COLUMN_PITCH: i32 = 116;
/// Offset of the right-hand picture inside a column.
pub const RIGHT_HAND_OFFSET: i32 = 50;
/// Vertical distance between rows of pictures.
pub const ROW_PITCH: i32 = 50;
/// Side of a gesture picture.
pub const PICTURE: i32 = 48;
/// Rows of pictures in the grid; the bottom one is where gestures are entered.
pub const GRID_ROWS: usize = 8;

/// Status list content area.
pub const STATUS_AREA: Rect = Rect::new(476, 449, 324, 104);
/// Status list frame.
pub const STATUS_FRAME: Rect = Rect::new(473, 447, 328, 107);
/// Status list scroll bar frame.
pub const STATUS_BAR: Rect = Rect::new(460, 447, 13, 107);
/// Column of the done-star.
pub const STATUS_STAR_X: i32 = 480;
/// Column of a wizard's name.
pub const STATUS_NAME_X: i32 = 492;
/// Column of a monster's (indented) name.
pub const STATUS_MONSTER_X: i32 = 500;
/// Column of hit points and flags.
pub const STATUS_HP_X: i32 = 720;

/// The End button's cell.
pub const END_BUTTON: Rect = Rect::new(32, 576, 150, 32);
/// The Spell List button's cell.
pub const SPELL_BUTTON: Rect = Rect::new(182, 576, 150, 32);

/// Left edge of the speech text.
pub const SPEECH_X: i32 = 348;
/// Top of the speech line.
pub const SPEECH_Y: i32 = 576;
/// Width the speech text may use.
pub const SPEECH_WIDTH: i32 = 448;

/// Question pane content area.
pub const QUESTION_AREA: Rect = Rect::new(32, 620, 736, 100);
/// Question pane frame.
pub const QUESTION_FRAME: Rect = Rect::new(29, 618, 740, 103);
/// Question pane scroll bar frame.
pub const QUESTION_BAR: Rect = Rect::new(16, 618, 13, 103);
/// Column of the question text.
pub const QUESTION_TEXT_X: i32 = 48;
/// Column of the answer.
pub const ANSWER_X: i32 = 482;
/// Width of the answer column.
pub const ANSWER_WIDTH: i32 = 286;

/// Gesture popup size.
pub const GESTURE_POPUP: (i32, i32) = (240, 180);
/// Charm-gesture picture grid size.
pub const CHARM_POPUP: (i32, i32) = (240, 140);
/// Spell list popup: fixed place and size.
pub const SPELL_POPUP: Rect = Rect::new(10, 10, 620, 420);
/// The tallest the spell list may grow for a longer book: down to the
/// window's bottom margin (the scratch pixmap is this big).
pub const SPELL_POPUP_MAX: Rect = Rect::new(10, 10, 620, WINDOW_HEIGHT - 20);
/// How close a popup may come to the window edge.
pub const POPUP_MARGIN: i32 = 8;

/// Text measures that every pane derives its rows from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineMetrics {
    /// Height above the baseline of the string "pl".
    pub ascent: i32,
    /// Depth below the baseline of the string "pl".
    pub descent: i32,
    /// Distance between two baselines.
    pub line_height: i32,
}

impl LineMetrics {
    /// The original's rule: ascent+descent of "pl", plus 2 if that is at most 12,
    /// otherwise times 1.17 (truncated).
    pub fn from_extents(ascent: i32, descent: i32) -> LineMetrics {
        let h = ascent + descent;
        let line_height = if h <= 12 { h + 2 } else { h * 117 / 100 };
        LineMetrics {
            ascent,
            descent,
            line_height: line_height.max(1),
        }
    }

    /// Lines of text that fit in the text pane.
    pub fn text_lines(&self) -> usize {
        ((TEXT_AREA.h - 2) / self.line_height).max(1) as usize
    }

    /// Baseline of the first line of the text pane.
    pub fn text_first_baseline(&self) -> i32 {
        TEXT_AREA.y + self.ascent + 1
    }

    /// Rows of the status list that fit.
    pub fn status_rows(&self) -> usize {
        ((STATUS_AREA.h - 2) / self.line_height).max(1) as usize
    }

    /// Height of one question row.
    pub fn question_row_height(&self) -> i32 {
        self.line_height + 8
    }

    /// Question rows that fit.
    pub fn question_rows(&self) -> usize {
        (QUESTION_AREA.h / self.question_row_height()).max(1) as usize
    }

    /// Speech line frame: it is as tall as one line plus a margin.
    pub fn speech_frame(&self) -> Rect {
        Rect::new(345, 574, 454, self.line_height + 12)
    }

    /// Baseline of the names above the gesture columns.
    pub fn name_baseline(&self) -> i32 {
        GRID_Y - self.line_height + self.ascent
    }

    /// Baseline of the labels on the two buttons.
    pub fn button_baseline(&self) -> i32 {
        END_BUTTON.y + self.line_height + 1
    }
}

/// Top-left corner of one picture of the gesture grid.
pub fn picture_origin(column: usize, hand: usize, row: usize) -> (i32, i32) {
    (
        GRID_X + COLUMN_PITCH * column as i32 + RIGHT_HAND_OFFSET * hand as i32,
        GRID_Y + ROW_PITCH * row as i32,
    )
}

/// Which hand's bottom-row square of `column` the point is on, if any
/// (x offset 0–49 left, 50–99 right, the rest of the column is a dead zone).
pub fn bottom_square_at(column: usize, x: i32, y: i32) -> Option<usize> {
    let (cx, top) = picture_origin(column, 0, GRID_ROWS - 1);
    if y < top || y >= top + ROW_PITCH {
        return None;
    }
    match x - cx {
        0..=49 => Some(0),
        50..=99 => Some(1),
        _ => None,
    }
}

/// A popup of size `(w, h)` centred on the pointer, then pushed back so it
/// stays at least [`POPUP_MARGIN`] pixels inside a window `window_w` wide.
pub fn popup_at(x: i32, y: i32, (w, h): (i32, i32), window_w: i32) -> Rect {
    let clamp =
        |v: i32, size: i32, limit: i32| v.min(limit - POPUP_MARGIN - size).max(POPUP_MARGIN);
    Rect::new(
        clamp(x - w / 2, w, window_w),
        clamp(y - h / 2, h, WINDOW_HEIGHT),
        w,
        h,
    )
}

/// Cell `index` (0–7) of a 4×2 picture grid whose first picture is at `origin`.
pub fn grid_cell(origin: (i32, i32), index: usize) -> Rect {
    Rect::new(
        origin.0 + ROW_PITCH * (index % 4) as i32,
        origin.1 + ROW_PITCH * (index / 4) as i32,
        PICTURE,
        PICTURE,
    )
}

/// Which cell of a 4×2 picture grid the point is on.
pub fn grid_cell_at(origin: (i32, i32), x: i32, y: i32) -> Option<usize> {
    (0..8).find(|&i| grid_cell(origin, i).contains(x, y))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn further_windows_on_a_screen_are_offset() {
        assert_eq!(screen_key(":0"), screen_key("unix:0.0"));
        assert_ne!(screen_key(":0"), screen_key(":0.1"));
        assert_ne!(screen_key(":0"), screen_key("far:0"));
        let screens: Vec<String> = [":0", ":1", "unix:0.0", ":0"].map(screen_key).to_vec();
        assert_eq!(
            window_origins(&screens),
            vec![(100, 100), (100, 100), (140, 140), (180, 180)]
        );
    }

    #[test]
    fn width_grows_per_player_beyond_three() {
        assert_eq!(window_width(2), 832);
        assert_eq!(window_width(3), 832);
        assert_eq!(window_width(4), 948);
        assert_eq!(window_width(8), 832 + 5 * 116);
    }

    #[test]
    fn line_height_rule() {
        assert_eq!(LineMetrics::from_extents(9, 2).line_height, 13);
        assert_eq!(LineMetrics::from_extents(10, 2).line_height, 14);
        assert_eq!(LineMetrics::from_extents(11, 3).line_height, 16);
        assert_eq!(LineMetrics::from_extents(13, 4).line_height, 19);
    }

    #[test]
    fn pane_rows() {
        let m = LineMetrics::from_extents(11, 3); // 16
        assert_eq!(m.text_lines(), 510 / 16);
        assert_eq!(m.status_rows(), 6);
        assert_eq!(m.question_row_height(), 24);
        assert_eq!(m.question_rows(), 4);
        assert_eq!(m.text_first_baseline(), 44);
    }

    #[test]
    fn grid_geometry() {
        assert_eq!(picture_origin(0, 0, 0), (476, 33));
        assert_eq!(picture_origin(1, 1, 7), (476 + 116 + 50, 33 + 350));
        assert_eq!(bottom_square_at(0, 476, 383), Some(0));
        assert_eq!(bottom_square_at(0, 525, 432), Some(0));
        assert_eq!(bottom_square_at(0, 526, 400), Some(1));
        assert_eq!(bottom_square_at(0, 580, 400), None);
        assert_eq!(bottom_square_at(0, 500, 382), None);
        assert_eq!(bottom_square_at(1, 592, 400), Some(0));
    }

    #[test]
    fn popups_stay_inside() {
        assert_eq!(
            popup_at(400, 300, (240, 180), 832),
            Rect::new(280, 210, 240, 180)
        );
        assert_eq!(popup_at(5, 5, (240, 180), 832), Rect::new(8, 8, 240, 180));
        assert_eq!(
            popup_at(830, 745, (240, 180), 832),
            Rect::new(832 - 248, 750 - 188, 240, 180)
        );
    }

    #[test]
    fn picture_grid_cells() {
        assert_eq!(grid_cell((20, 60), 0), Rect::new(20, 60, 48, 48));
        assert_eq!(grid_cell((20, 60), 7), Rect::new(170, 110, 48, 48));
        assert_eq!(grid_cell_at((20, 60), 71, 111), Some(5));
        assert_eq!(grid_cell_at((20, 60), 69, 111), None);
    }

    #[test]
    fn rect_helpers() {
        let a = Rect::new(0, 0, 10, 10);
        assert!(a.contains(9, 9) && !a.contains(10, 0));
        assert!(a.overlaps(&Rect::new(9, 9, 5, 5)));
        assert!(!a.overlaps(&Rect::new(10, 0, 5, 5)));
        assert_eq!(a.union(&Rect::new(5, 5, 10, 10)), Rect::new(0, 0, 15, 15));
    }
}
