//! The writer thread of one display, and the game loop's [`Link`] to it:
//! batches of ops go in, and the link notices when the display stops
//! keeping up.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

use x11rb::connection::Connection;
use x11rb::protocol::xproto::ConnectionExt as _;
use x11rb::rust_connection::RustConnection;

use super::execute::execute;
use super::setup::Ids;
use super::{Msg, LAG_LIMIT};
use crate::x11::canvas::Op;

/// Work for a writer thread.
#[derive(Debug)]
enum Batch {
    /// Draw these ops, then flush.
    Draw(Vec<Op>),
    /// Destroy the window, flush and stop.
    Close,
}

/// The game loop's handle on a display's writer: sends batches of ops and
/// notices when the display stops keeping up.
#[derive(Debug)]
pub struct Link {
    tx: Sender<Batch>,
    done: Arc<AtomicU64>,
    sent: u64,
    pending: VecDeque<(u64, Instant)>,
}

/// Starts the writer thread of player `player`'s display.
pub(super) fn spawn(conn: Arc<RustConnection>, ids: Ids, tx: Sender<Msg>, player: usize) -> Link {
    let (wtx, wrx) = channel::<Batch>();
    let done = Arc::new(AtomicU64::new(0));
    {
        let done = Arc::clone(&done);
        std::thread::spawn(move || run(conn, ids, wrx, done, tx, player));
    }
    Link {
        tx: wtx,
        done,
        sent: 0,
        pending: VecDeque::new(),
    }
}

impl Link {
    /// Queues a batch; false if the writer has stopped (the display is gone).
    pub fn send(&mut self, ops: Vec<Op>) -> bool {
        if ops.is_empty() {
            return true;
        }
        self.sent += 1;
        self.pending.push_back((self.sent, Instant::now()));
        self.tx.send(Batch::Draw(ops)).is_ok()
    }

    /// Takes the window down (the player left); the writer then stops.
    pub fn close(&self) {
        let _ = self.tx.send(Batch::Close);
    }

    /// Whether the oldest unfinished batch is older than [`LAG_LIMIT`].
    pub fn lagging(&mut self, now: Instant) -> bool {
        let done = self.done.load(Ordering::Acquire);
        while self.pending.front().is_some_and(|(seq, _)| *seq <= done) {
            self.pending.pop_front();
        }
        self.pending
            .front()
            .is_some_and(|(_, t)| now.duration_since(*t) > LAG_LIMIT)
    }

    /// When [`Link::lagging`] should next be asked, if anything is pending.
    pub fn next_check(&self) -> Option<Instant> {
        self.pending
            .front()
            .map(|(_, t)| *t + LAG_LIMIT + Duration::from_millis(10))
    }
}

fn run(
    conn: Arc<RustConnection>,
    ids: Ids,
    rx: Receiver<Batch>,
    done: Arc<AtomicU64>,
    tx: Sender<Msg>,
    player: usize,
) {
    for batch in rx {
        let batch = match batch {
            Batch::Draw(ops) => ops,
            Batch::Close => {
                let _ = conn.destroy_window(ids.window);
                let _ = conn.flush();
                return;
            }
        };
        let result = batch
            .iter()
            .try_for_each(|op| execute(&conn, &ids, op))
            .and_then(|_| conn.flush());
        if result.is_err() {
            let _ = tx.send(Msg::Gone(player));
            return;
        }
        done.fetch_add(1, Ordering::Release);
    }
}
