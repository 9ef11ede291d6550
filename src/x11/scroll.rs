//! The scroll bars of the text, status and question panes, with the
//! original's click and drag behaviour.

use super::canvas::{Canvas, Ink, Surface};
use super::layout::Rect;

/// How far a pane is scrolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Scroll {
    /// First line shown.
    pub top: usize,
    /// Lines in the pane.
    pub len: usize,
    /// Lines that fit.
    pub visible: usize,
    /// The furthest top the pane itself has jumped to (0 if it never
    /// jumps): the scroll bar may go back there, past its usual limit.
    pub jumped: usize,
}

impl Scroll {
    /// A pane showing `visible` lines.
    pub fn new(visible: usize) -> Scroll {
        Scroll {
            top: 0,
            len: 0,
            visible,
            jumped: 0,
        }
    }

    /// The original lets the top line go one past the last full page (or
    /// as far as the pane has jumped).
    pub fn max_top(&self) -> usize {
        (self.len + 1).saturating_sub(self.visible).max(self.jumped)
    }

    /// Sets the top line, clamped to 0 … len − visible + 1.
    pub fn set_top(&mut self, top: i64) {
        self.top = top.clamp(0, self.max_top() as i64) as usize;
    }

    /// New text arrived: if its last line is below the pane, the pane jumps
    /// down by half pages until that line shows, rather than creeping up a
    /// line at a time. (The jump was seen side by side with the original;
    /// half a page is our reading of it.)
    pub fn jump_to_end(&mut self) {
        let step = (self.visible / 2).max(1);
        while self.top + self.visible < self.len {
            self.top += step;
        }
        self.jumped = self.jumped.max(self.top);
    }

    /// The thumb inside the bar whose frame is `bar`: it spans
    /// [top·h/n, (top+visible)·h/n] of the bar, or all of it when empty.
    /// The frame covers `bar.w + 1` × `bar.h + 1`; the thumb keeps 1 px of
    /// white from it on every side but the left, where it keeps 2.
    pub fn thumb(&self, bar: Rect) -> Rect {
        let h = (bar.h - 3).max(0) as i64;
        let (a, b) = if self.len == 0 {
            (0, h)
        } else {
            let n = self.len as i64;
            let a = (self.top as i64 * h / n).min(h);
            let b = ((self.top + self.visible) as i64 * h / n).min(h);
            (a, b.max(a))
        };
        Rect::new(bar.x + 2, bar.y + 2 + a as i32, bar.w - 3, (b - a) as i32)
    }

    /// Draws the bar's frame and thumb into the backing pixmap.
    pub fn draw(&self, canvas: &mut Canvas, bar: Rect) {
        canvas.fill(Surface::Backing, bar, Ink::White);
        canvas.frame(Surface::Backing, bar, Ink::Black);
        canvas.fill(Surface::Backing, self.thumb(bar), Ink::Black);
    }
}

/// A mouse press on a scroll bar, followed until its release.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BarPress {
    /// Mouse button (1 left, 2 middle, 3 right).
    pub button: u8,
    /// Pointer y at the press.
    pub y: i32,
    /// Top line at the press.
    pub top: usize,
    /// Whether the press was inside the thumb (dragging scrolls).
    pub in_thumb: bool,
    /// Whether the press was above the thumb: the original ignores it.
    pub above_thumb: bool,
    /// Whether the pointer moved since the press.
    pub moved: bool,
}

impl BarPress {
    /// Starts following a press at `y` on `bar`.
    pub fn new(button: u8, y: i32, scroll: &Scroll, bar: Rect) -> BarPress {
        let t = scroll.thumb(bar);
        BarPress {
            button,
            y,
            top: scroll.top,
            in_thumb: y >= t.y && y < t.y + t.h.max(1),
            above_thumb: y < t.y,
            moved: false,
        }
    }

    /// Pointer motion: dragging the thumb scrolls in proportion.
    pub fn motion(&mut self, y: i32, scroll: &mut Scroll, bar: Rect) -> bool {
        if y != self.y {
            self.moved = true;
        }
        if !self.in_thumb {
            return false;
        }
        let h = (bar.h - 2).max(1) as i64;
        let before = scroll.top;
        scroll.set_top(self.top as i64 + (y - self.y) as i64 * scroll.len as i64 / h);
        scroll.top != before
    }

    /// The release: a click without motion scrolls by (y − bar top) / step
    /// lines (at least 1), forward with the left button, back with the right;
    /// a click above the thumb does nothing, as in the original.
    pub fn release(&self, scroll: &mut Scroll, bar: Rect, step: i32) -> bool {
        if self.moved || self.above_thumb {
            return false;
        }
        let k = ((self.y - bar.y) / step.max(1)).max(1) as i64;
        let before = scroll.top;
        match self.button {
            1 => scroll.set_top(scroll.top as i64 + k),
            3 => scroll.set_top(scroll.top as i64 - k),
            _ => {}
        }
        scroll.top != before
    }
}

/// A pane's scroll bar as the mouse sees it: where it is, and the press
/// being followed, if any. Each scrolled pane holds one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BarGrip {
    bar: Rect,
    press: Option<BarPress>,
}

impl BarGrip {
    /// A grip on the bar at `bar`, not pressed.
    pub const fn new(bar: Rect) -> BarGrip {
        BarGrip { bar, press: None }
    }

    /// A button press at (x, y): followed if it is on the bar (true).
    pub fn press(&mut self, button: u8, x: i32, y: i32, scroll: &Scroll) -> bool {
        if !self.bar.contains(x, y) {
            return false;
        }
        self.press = Some(BarPress::new(button, y, scroll, self.bar));
        true
    }

    /// Pointer motion; true when the pane scrolled.
    pub fn motion(&mut self, y: i32, scroll: &mut Scroll) -> bool {
        let bar = self.bar;
        self.press
            .as_mut()
            .is_some_and(|p| p.motion(y, scroll, bar))
    }

    /// The release, scrolling by `step`-pixel lines; true when the pane scrolled.
    pub fn release(&mut self, scroll: &mut Scroll, step: i32) -> bool {
        self.press
            .take()
            .is_some_and(|p| p.release(scroll, self.bar, step))
    }

    /// Whether a press on the bar is being followed.
    pub fn pressed(&self) -> bool {
        self.press.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BAR: Rect = Rect::new(16, 30, 13, 515);

    #[test]
    fn clamping_allows_one_past_the_page() {
        let mut s = Scroll {
            top: 0,
            len: 40,
            visible: 30,
            jumped: 0,
        };
        s.set_top(100);
        assert_eq!(s.top, 11);
        s.set_top(-3);
        assert_eq!(s.top, 0);
        let mut short = Scroll {
            top: 0,
            len: 3,
            visible: 30,
            jumped: 0,
        };
        short.set_top(5);
        assert_eq!(short.top, 0);
    }

    #[test]
    fn thumb_spans_visible_share() {
        let s = Scroll {
            top: 0,
            len: 0,
            visible: 30,
            jumped: 0,
        };
        assert_eq!(s.thumb(BAR), Rect::new(18, 32, 10, 512));
        let s = Scroll {
            top: 10,
            len: 60,
            visible: 30,
            jumped: 0,
        };
        let t = s.thumb(BAR);
        assert_eq!((t.y, t.h), (32 + 85, 341 - 85));
    }

    #[test]
    fn new_text_past_the_bottom_jumps_half_pages() {
        let mut s = Scroll::new(30);
        s.len = 30;
        s.jump_to_end();
        assert_eq!(s.top, 0, "still fits");
        s.len = 31;
        s.jump_to_end();
        assert_eq!(s.top, 15, "half a page");
        for len in 32..=45 {
            s.len = len;
            s.jump_to_end();
            assert_eq!(s.top, 15, "room left below: no jump");
        }
        s.len = 46;
        s.jump_to_end();
        assert_eq!(s.top, 30);
        // Scrolled back, the bar may come forward to the jumped top again.
        s.set_top(0);
        s.set_top(100);
        assert_eq!(s.top, 30);
        // Scrolled back when text arrives: back to the end in half pages.
        s.set_top(2);
        s.len = 50;
        s.jump_to_end();
        assert_eq!(s.top, 32);
    }

    #[test]
    fn clicks_scroll_by_pointer_depth() {
        let mut s = Scroll {
            top: 5,
            len: 100,
            visible: 30,
            jumped: 0,
        };
        let thumb = s.thumb(BAR);
        let y = thumb.y + thumb.h + 20; // below the thumb
        let p = BarPress::new(1, y, &s, BAR);
        assert!(!p.in_thumb);
        p.release(&mut s, BAR, 16);
        assert_eq!(s.top, 5 + ((y - 30) / 16) as usize);
        // Above the thumb (now well down the bar): the original does nothing.
        let p = BarPress::new(3, 31, &s, BAR);
        let before = s.top;
        assert!(!p.release(&mut s, BAR, 16));
        assert_eq!(s.top, before, "a click above the thumb");
        // At the very top of a thumb at the top: at least one line.
        s.set_top(0);
        let p = BarPress::new(1, 32, &s, BAR);
        assert!(p.in_thumb);
        p.release(&mut s, BAR, 16);
        assert_eq!(s.top, 1, "at least one line");
        let p = BarPress::new(2, 200, &s, BAR);
        assert!(!p.release(&mut s, BAR, 16));
    }

    #[test]
    fn dragging_the_thumb_is_proportional() {
        let mut s = Scroll {
            top: 0,
            len: 513,
            visible: 30,
            jumped: 0,
        };
        let mut p = BarPress::new(1, 40, &s, BAR);
        assert!(p.in_thumb);
        p.motion(140, &mut s, BAR);
        assert_eq!(s.top, 100);
        assert!(!p.release(&mut s, BAR, 16), "a drag is not a click");
    }
}
