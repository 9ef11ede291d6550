//! What a window receives from its display, in the front end's own words
//! (x11rb's event types stay in the reader).

use super::keys::Key;
use super::layout::Rect;

/// One input event of one window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    /// A mouse button went down at a window point.
    Press {
        /// 1 left, 2 middle, 3 right.
        button: u8,
        /// Window x.
        x: i32,
        /// Window y.
        y: i32,
    },
    /// A mouse button came up (the implicit grab sends it here even outside).
    Release {
        /// 1 left, 2 middle, 3 right.
        button: u8,
        /// Window x.
        x: i32,
        /// Window y.
        y: i32,
    },
    /// The pointer moved with a button held.
    Motion {
        /// Window x.
        x: i32,
        /// Window y.
        y: i32,
    },
    /// A key was typed.
    Key(Key),
    /// Part of the window must be shown again.
    Expose(Rect),
    /// The window manager's close button (WM_DELETE_WINDOW).
    Close,
}
