//! Stopping a display's two threads for good: the game loop shuts the
//! socket down (which wakes a reader blocked in `wait_for_event` and a
//! writer blocked on a frozen server alike), then waits for both to end.

use std::os::fd::AsFd;
use std::os::unix::net::UnixStream;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use x11rb::rust_connection::RustConnection;

/// How long [`Stopper::stop`] waits for the threads once the socket is shut.
/// They end within microseconds; the bound only keeps a surprise from hanging the game.
const STOP_WAIT: Duration = Duration::from_secs(2);

/// A token every display thread holds while it runs; dropping it says "ended".
pub(super) type Alive = Sender<()>;

/// What it takes to stop one display's threads.
#[derive(Debug)]
pub(super) struct Stopper {
    /// A second handle on the connection's socket, used only for `shutdown`.
    socket: Option<UnixStream>,
    handles: Vec<JoinHandle<()>>,
    alive: Receiver<()>,
}

impl Stopper {
    /// A stopper for the threads about to be started on `conn`, and the
    /// token each of them must hold.
    pub(super) fn new(conn: &RustConnection) -> (Stopper, Alive) {
        // shutdown(2) works on any socket, whatever std type wraps the descriptor.
        let socket = conn
            .stream()
            .as_fd()
            .try_clone_to_owned()
            .ok()
            .map(UnixStream::from);
        let (tx, alive) = channel();
        let stopper = Stopper {
            socket,
            handles: Vec::new(),
            alive,
        };
        (stopper, tx)
    }

    /// Remembers a started thread, to join it when stopping.
    pub(super) fn add(&mut self, handle: JoinHandle<()>) {
        self.handles.push(handle);
    }

    /// Cuts the connection (the server then destroys the window) and waits
    /// for the threads to end.
    pub(super) fn stop(mut self) {
        if let Some(s) = self.socket.take() {
            let _ = s.shutdown(std::net::Shutdown::Both);
        }
        let deadline = Instant::now() + STOP_WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.alive.recv_timeout(left) {
                Ok(()) => continue,
                Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => return,
            }
        }
        for h in self.handles.drain(..) {
            let _ = h.join();
        }
    }
}
