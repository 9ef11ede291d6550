//! Drawing as data: panes describe what to draw as a list of [`Op`]s, and the
//! display's writer thread turns them into X requests.
//!
//! Keeping the X calls out of the panes has two uses: the game loop never
//! blocks on a display (a frozen remote server only stalls its own writer),
//! and pane drawing can be unit-tested by looking at the ops.

use super::bitmaps::Picture;
use super::layout::Rect;

/// Where an op draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Surface {
    /// The window itself (what the player sees).
    Window,
    /// The window-size backing pixmap every pane is drawn into first.
    Backing,
    /// A popup-size scratch pixmap where popups are composed before being shown.
    Scratch,
}

/// The two colours of a 1993 window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ink {
    /// Foreground.
    Black,
    /// Background.
    White,
}

/// One drawing request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Op {
    /// Fill a rectangle.
    Fill {
        /// Target.
        on: Surface,
        /// Area filled.
        rect: Rect,
        /// Colour.
        ink: Ink,
    },
    /// A one-pixel outline as XDrawRectangle draws it: it covers
    /// `rect.w + 1` × `rect.h + 1` pixels, like every frame of the original.
    Frame {
        /// Target.
        on: Surface,
        /// Outer bounds of the outline.
        rect: Rect,
        /// Colour.
        ink: Ink,
    },
    /// Connected line segments.
    Lines {
        /// Target.
        on: Surface,
        /// Points joined in order.
        points: Vec<(i32, i32)>,
        /// Colour.
        ink: Ink,
    },
    /// Black Latin-1 text on a white box, baseline at `y`.
    Text {
        /// Target.
        on: Surface,
        /// Left edge.
        x: i32,
        /// Baseline.
        y: i32,
        /// Latin-1 bytes (at most 255 per op; longer text is split by [`Canvas::text`]).
        bytes: Vec<u8>,
    },
    /// One of the built-in pictures, black on white.
    Picture {
        /// Target.
        on: Surface,
        /// Left edge.
        x: i32,
        /// Top edge.
        y: i32,
        /// Which picture.
        picture: Picture,
    },
    /// Copy pixels between surfaces (e.g. backing → window after a redraw).
    Copy {
        /// Source.
        from: Surface,
        /// Destination.
        to: Surface,
        /// Area of the source.
        src: Rect,
        /// Destination x of the area's corner.
        x: i32,
        /// Destination y of the area's corner.
        y: i32,
    },
}

/// A growing list of ops, sent to the writer in one batch per event.
#[derive(Debug, Default, Clone)]
pub struct Canvas {
    ops: Vec<Op>,
}

impl Canvas {
    /// An empty batch.
    pub fn new() -> Canvas {
        Canvas::default()
    }

    /// Fills `rect`.
    pub fn fill(&mut self, on: Surface, rect: Rect, ink: Ink) {
        if rect.w > 0 && rect.h > 0 {
            self.ops.push(Op::Fill { on, rect, ink });
        }
    }

    /// Outlines `rect`.
    pub fn frame(&mut self, on: Surface, rect: Rect, ink: Ink) {
        if rect.w > 0 && rect.h > 0 {
            self.ops.push(Op::Frame { on, rect, ink });
        }
    }

    /// Draws a polyline.
    pub fn lines(&mut self, on: Surface, points: Vec<(i32, i32)>, ink: Ink) {
        if points.len() >= 2 {
            self.ops.push(Op::Lines { on, points, ink });
        }
    }

    /// Draws text with its baseline at `y`; characters outside Latin-1 become `?`.
    pub fn text(
        &mut self,
        on: Surface,
        x: i32,
        y: i32,
        text: &str,
        font: &super::font::FontMetrics,
    ) {
        let bytes = super::font::latin1(text);
        let mut x = x;
        for chunk in bytes.chunks(255) {
            self.ops.push(Op::Text {
                on,
                x,
                y,
                bytes: chunk.to_vec(),
            });
            x += font.width_of_bytes(chunk);
        }
    }

    /// Draws a picture with its top-left corner at (x, y).
    pub fn picture(&mut self, on: Surface, x: i32, y: i32, picture: Picture) {
        self.ops.push(Op::Picture { on, x, y, picture });
    }

    /// Draws a 48×48 gesture picture; its square notched frame is part of
    /// the bitmap (see [`super::bitmaps::Bitmap::with_frame`]), so this is
    /// one request.
    pub fn framed(&mut self, on: Surface, x: i32, y: i32, picture: Picture) {
        self.picture(on, x, y, picture);
    }

    /// A popup's outline and its 3-pixel drop shadow (right and bottom), for
    /// a popup occupying `rect` of the window; the shadow lies outside it.
    pub fn shadow(&mut self, rect: Rect) {
        let (r, b) = (rect.x + rect.w, rect.y + rect.h);
        self.fill(
            Surface::Window,
            Rect::new(r, rect.y + 3, 3, rect.h),
            Ink::Black,
        );
        self.fill(
            Surface::Window,
            Rect::new(rect.x + 3, b, rect.w - 3, 3),
            Ink::Black,
        );
    }

    /// Copies `src` of `from` to (x, y) of `to`.
    pub fn copy(&mut self, from: Surface, to: Surface, src: Rect, x: i32, y: i32) {
        if src.w > 0 && src.h > 0 {
            self.ops.push(Op::Copy {
                from,
                to,
                src,
                x,
                y,
            });
        }
    }

    /// Shows an area of the backing pixmap in the window.
    pub fn show(&mut self, rect: Rect) {
        self.copy(Surface::Backing, Surface::Window, rect, rect.x, rect.y);
    }

    /// Whether nothing has been drawn since the last [`Canvas::take`].
    pub fn is_empty(&self) -> bool {
        self.ops.is_empty()
    }

    /// The ops so far, leaving the canvas empty.
    pub fn take(&mut self) -> Vec<Op> {
        std::mem::take(&mut self.ops)
    }

    /// The ops so far (for tests).
    pub fn ops(&self) -> &[Op] {
        &self.ops
    }
}
