//! One player's X display: opening it with a handful of round trips, the
//! window and its pixmaps, and the two threads that talk to it afterwards —
//! a reader that turns events into [`Input`](super::input::Input) and a
//! writer that turns drawing [`Op`](super::canvas::Op)s into requests. The
//! game loop only sends and receives messages, so a slow or frozen display
//! never blocks it.
//!
//! One job per file: [`connect`] (open and query), [`setup`] (window,
//! pixmaps, pictures), [`writer`] (the writer thread and the game loop's
//! [`Link`] to it), [`execute`] (one op → requests) and [`reader`] (events →
//! input); [`hint`] says what to try when one cannot be opened.

pub mod connect;
pub mod execute;
mod handshake;
pub mod hint;
pub mod reader;
pub mod setup;
mod stop;
pub mod writer;

use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::time::Duration;

use x11rb::rust_connection::RustConnection;

use super::font::FontMetrics;
use super::input::Input;
use super::keys::Keymap;
pub use connect::{connect_all, Connected};
use setup::Ids;
pub use writer::Link;

/// A display that falls this far behind with drawing counts as gone, so one
/// frozen X server never holds up the others.
pub const LAG_LIMIT: Duration = Duration::from_secs(3);

/// What went wrong with a display, in one line for standard error.
#[derive(Debug, thiserror::Error)]
pub enum DisplayError {
    /// The display could not be opened at all.
    #[error("cannot open display {display}: {reason}")]
    Open {
        /// The display as named on the command line (or `$DISPLAY`).
        display: String,
        /// Why.
        reason: String,
    },
    /// None of the fonts could be loaded.
    #[error("no usable font on display {display} (tried {tried})")]
    NoFont {
        /// The display.
        display: String,
        /// The names tried.
        tried: String,
    },
    /// The connection failed during start-up.
    #[error("display {display} failed during start-up: {reason}")]
    Setup {
        /// The display.
        display: String,
        /// Why.
        reason: String,
    },
}

/// A message from a display thread to the game loop.
#[derive(Debug)]
pub enum Msg {
    /// Input for player `.0`'s window.
    Input(usize, Input),
    /// Player `.0`'s display is gone (closed, dead, or hopelessly behind).
    Gone(usize),
    /// Player `.0`'s writer has drawn a batch, so the table forgets it
    /// and does not wake later to check on it.
    Drawn(usize),
    /// A reply from player `.0`'s seat (a computer or a program, no display).
    Seat(usize, crate::seat::SeatReply),
    /// A line from the game that hosts this seat (`spellcast --seat`);
    /// None once the link is closed.
    Host(Option<String>),
}

/// A player's display with its window up, ready to be handed to the threads.
pub struct Display {
    conn: Arc<RustConnection>,
    ids: Ids,
    label: String,
    keymap: Keymap,
    wm_delete: u32,
    /// Text metrics of the font in use.
    pub font: FontMetrics,
}

impl Display {
    /// Starts the reader and writer threads of player `player`; input arrives on `tx`.
    pub fn start(self, player: usize, tx: Sender<Msg>) -> Link {
        let (mut stopper, alive) = stop::Stopper::new(&self.conn);
        stopper.add(reader::spawn(
            Arc::clone(&self.conn),
            self.ids.window,
            self.keymap.clone(),
            self.wm_delete,
            tx.clone(),
            player,
            alive.clone(),
        ));
        writer::spawn(self.conn, self.ids, tx, player, stopper, alive)
    }

    /// The display's name, for messages.
    pub fn label(&self) -> &str {
        &self.label
    }
}
