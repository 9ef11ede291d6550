//! What the table needs from a display and from time, as two small traits,
//! so the phases, done-stars, departures and the lag rule are tested without
//! X (with a scripted clock and screens that freeze on cue).

use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Instant;

use crate::x11::canvas::Op;
use crate::x11::display::{Link, Msg};

/// One player's display as the table drives it: drawing goes out, and the
/// display is watched for falling behind.
pub trait Screen {
    /// Queues a batch of drawing; false if the display is gone.
    fn send(&mut self, ops: Vec<Op>) -> bool;
    /// Takes the window down.
    fn close(self);
    /// The display sent an event: it is alive.
    fn heard(&mut self, now: Instant);
    /// Probes a quiet display the phase waits on; when to call again.
    fn keep_alive(&mut self, now: Instant, waited_on: bool) -> Option<Instant>;
    /// Whether the display has fallen hopelessly behind.
    fn lagging(&mut self, now: Instant) -> bool;
    /// When [`Screen::lagging`] should next be asked, if ever.
    fn next_check(&self) -> Option<Instant>;
}

impl Screen for Link {
    fn send(&mut self, ops: Vec<Op>) -> bool {
        Link::send(self, ops)
    }
    fn close(self) {
        Link::close(self)
    }
    fn heard(&mut self, now: Instant) {
        Link::heard(self, now)
    }
    fn keep_alive(&mut self, now: Instant, waited_on: bool) -> Option<Instant> {
        Link::keep_alive(self, now, waited_on)
    }
    fn lagging(&mut self, now: Instant) -> bool {
        Link::lagging(self, now)
    }
    fn next_check(&self) -> Option<Instant> {
        Link::next_check(self)
    }
}

/// What waiting for the next message gave.
#[derive(Debug)]
pub enum Waited {
    /// A message from a display or a seat.
    Msg(Msg),
    /// The deadline passed first.
    Timeout,
    /// Nothing can ever arrive again.
    Closed,
}

/// The table's time: what time it is, and waiting (without polling) for
/// the next message or a deadline, whichever comes first.
pub trait Clock {
    /// The time now.
    fn now(&self) -> Instant;
    /// The next message, waiting until `deadline` at most (None: for ever).
    fn wait(&mut self, deadline: Option<Instant>) -> Waited;
}

/// The real clock, waiting on the channel every display and seat sends to.
pub struct Inbox {
    rx: Receiver<Msg>,
}

impl Inbox {
    /// Waits on `rx`.
    pub fn new(rx: Receiver<Msg>) -> Inbox {
        Inbox { rx }
    }
}

impl Clock for Inbox {
    fn now(&self) -> Instant {
        Instant::now()
    }

    fn wait(&mut self, deadline: Option<Instant>) -> Waited {
        match deadline {
            Some(t) => match self
                .rx
                .recv_timeout(t.saturating_duration_since(Instant::now()))
            {
                Ok(m) => Waited::Msg(m),
                Err(RecvTimeoutError::Timeout) => Waited::Timeout,
                Err(RecvTimeoutError::Disconnected) => Waited::Closed,
            },
            None => match self.rx.recv() {
                Ok(m) => Waited::Msg(m),
                Err(_) => Waited::Closed,
            },
        }
    }
}
