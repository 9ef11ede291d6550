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
use super::stop::{Alive, Stopper};
use super::{Msg, LAG_LIMIT};
use crate::x11::canvas::Op;

/// Work for a writer thread.
#[derive(Debug)]
enum Batch {
    /// Draw these ops, then flush.
    Draw(Vec<Op>),
    /// Ask the server something cheap and wait for the answer: a display
    /// that cannot answer is frozen (see [`Link::keep_alive`]).
    Probe,
}

/// How long a display everyone waits for may stay silent before it is
/// probed. Busy turns never reach it, so they carry no extra traffic.
pub const QUIET_LIMIT: Duration = Duration::from_secs(2);

/// The game loop's handle on a display's writer: sends batches of ops and
/// notices when the display stops keeping up.
#[derive(Debug)]
pub struct Link {
    tx: Sender<Batch>,
    done: Arc<AtomicU64>,
    sent: u64,
    pending: VecDeque<(u64, Instant)>,
    /// When the display last showed signs of life or was last given work.
    last_activity: Instant,
    stopper: Stopper,
}

/// Starts the writer thread of player `player`'s display.
pub(super) fn spawn(
    conn: Arc<RustConnection>,
    ids: Ids,
    tx: Sender<Msg>,
    player: usize,
    mut stopper: Stopper,
    alive: Alive,
) -> Link {
    let (wtx, wrx) = channel::<Batch>();
    let done = Arc::new(AtomicU64::new(0));
    {
        let done = Arc::clone(&done);
        stopper.add(std::thread::spawn(move || {
            run(conn, ids, wrx, done, tx, player);
            drop(alive);
        }));
    }
    Link {
        tx: wtx,
        done,
        sent: 0,
        pending: VecDeque::new(),
        last_activity: Instant::now(),
        stopper,
    }
}

impl Link {
    /// Queues a batch; false if the writer has stopped (the display is gone).
    pub fn send(&mut self, ops: Vec<Op>) -> bool {
        if ops.is_empty() {
            return true;
        }
        self.queue(Batch::Draw(ops), Instant::now())
    }

    fn queue(&mut self, batch: Batch, now: Instant) -> bool {
        self.sent += 1;
        self.pending.push_back((self.sent, now));
        self.last_activity = now;
        self.tx.send(batch).is_ok()
    }

    /// Takes the window down (the player left or the game is over): the
    /// connection is cut and both display threads have ended on return.
    pub fn close(self) {
        let Link { tx, stopper, .. } = self;
        drop(tx);
        stopper.stop();
    }

    /// The display sent an event: it is alive.
    pub fn heard(&mut self, now: Instant) {
        self.last_activity = now;
    }

    /// Watches a display that the phase is `waited_on` for: once it has been
    /// quiet for [`QUIET_LIMIT`] with nothing in flight, sends one probe,
    /// which [`Link::lagging`] then times like any batch. Returns when to
    /// call again (None: nothing to watch now).
    pub fn keep_alive(&mut self, now: Instant, waited_on: bool) -> Option<Instant> {
        if !waited_on || !self.pending.is_empty() {
            return None;
        }
        let due = self.last_activity + QUIET_LIMIT;
        if now < due {
            return Some(due);
        }
        self.queue(Batch::Probe, now);
        None
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

    /// When [`Link::lagging`] should next be asked, if a batch is still
    /// being drawn (a finished one never wakes the table).
    pub fn next_check(&self) -> Option<Instant> {
        let done = self.done.load(Ordering::Acquire);
        self.pending
            .iter()
            .find(|(seq, _)| *seq > done)
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
        let ok = match batch {
            Batch::Draw(ops) => ops
                .iter()
                .try_for_each(|op| execute(&conn, &ids, op))
                .and_then(|_| conn.flush())
                .is_ok(),
            Batch::Probe => conn
                .get_input_focus()
                .map(|cookie| cookie.reply().is_ok())
                .unwrap_or(false),
        };
        if !ok {
            let _ = tx.send(Msg::Gone(player));
            return;
        }
        done.fetch_add(1, Ordering::Release);
        if tx.send(Msg::Drawn(player)).is_err() {
            return;
        }
    }
}
