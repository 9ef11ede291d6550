//! `spellcast --seat` with the test as its host: lines written to its
//! standard input, its standard error read line by line as it comes, and
//! its window (when it opened one) closed as a window manager's close
//! button does, so that every run ends without a sleep.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use x11rb::connection::Connection;
use x11rb::protocol::xproto::{ClientMessageEvent, ConnectionExt as _, EventMask};

use crate::common::xvfb::XClient;

/// A `hello` for `you` among `players`, under the original book.
pub fn hello(you: &str, players: &[&str]) -> String {
    serde_json::json!({"type": "hello", "protocol": 1, "rules": "spellcast",
        "you": you, "players": players, "limit_ms": 10000})
    .to_string()
}

/// A running far seat.
pub struct FarSeat {
    child: Child,
    /// Lines for the writer thread: a seat that stops reading (its link
    /// broken) while its window waits for its person must not block the
    /// test, which then closes the window.
    input: Option<Sender<Vec<u8>>>,
    errors: Receiver<String>,
    reader: Option<JoinHandle<Vec<String>>>,
}

/// Writes what comes on `lines` to `input` until either ends.
fn write_lines(mut input: ChildStdin, lines: Receiver<Vec<u8>>) {
    for bytes in lines {
        if input.write_all(&bytes).is_err() {
            return;
        }
    }
}

/// How a far seat ended: its status, every line of its standard error, and
/// whether it ended by itself (else its window was closed).
pub struct Ended {
    /// The exit status.
    pub status: ExitStatus,
    /// Standard error, line by line (lossily decoded).
    pub errors: Vec<String>,
    /// It exited before the test closed any window of its.
    pub by_itself: bool,
}

impl FarSeat {
    /// Starts `spellcast --seat DISPLAY` as ssh would (no `$DISPLAY`).
    pub fn start(display: &str) -> FarSeat {
        let mut child = Command::new(env!("CARGO_BIN_EXE_spellcast"))
            .args(["--seat", display])
            .env_remove("DISPLAY")
            .env("XENVIRONMENT", "/nonexistent")
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start spellcast --seat");
        let stderr = child.stderr.take().expect("its standard error");
        let (tx, errors) = mpsc::channel();
        let reader = std::thread::spawn(move || {
            let mut all = Vec::new();
            let mut lines = BufReader::new(stderr);
            let mut line = Vec::new();
            while lines.read_until(b'\n', &mut line).is_ok_and(|n| n > 0) {
                let text = String::from_utf8_lossy(&line);
                let text = text.strip_suffix('\n').unwrap_or(&text).to_string();
                let _ = tx.send(text.clone());
                all.push(text);
                line.clear();
            }
            all
        });
        let stdin = child.stdin.take().expect("its standard input");
        let (lines, queued) = mpsc::channel();
        std::thread::spawn(move || write_lines(stdin, queued));
        FarSeat {
            input: Some(lines),
            child,
            errors,
            reader: Some(reader),
        }
    }

    /// Writes `line` and a line break (on a thread of its own); false once
    /// the seat has exited.
    pub fn send(&mut self, line: &[u8]) -> bool {
        let mut bytes = line.to_vec();
        bytes.push(b'\n');
        self.send_raw(&bytes)
    }

    /// Writes `bytes` as they are (no line break added).
    pub fn send_raw(&mut self, bytes: &[u8]) -> bool {
        let Some(input) = self.input.as_ref() else {
            return false;
        };
        if input.send(bytes.to_vec()).is_err() {
            self.input = None;
        }
        self.input.is_some()
    }

    /// Closes its standard input once what was sent is written: the host
    /// has gone.
    pub fn close_input(&mut self) {
        self.input = None;
    }

    /// The next line of standard error, waiting at most `wait`.
    pub fn next_error(&self, wait: Duration) -> Option<String> {
        self.errors.recv_timeout(wait).ok()
    }

    /// Waits until the seat exits by itself or shows a window whose title
    /// begins with `title` on `x` (then closes it and waits for the exit);
    /// panics with `case` if neither happens within `bound`.
    pub fn end(mut self, x: &XClient, title: &str, bound: Duration, case: &str) -> Ended {
        let deadline = Instant::now() + bound;
        let mut by_itself = true;
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("the seat's status") {
                break status;
            }
            if by_itself {
                if let Some(w) = window_titled(x, title) {
                    close_window(x, w);
                    by_itself = false;
                }
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!("{case}: the seat neither ended nor showed its window");
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        let errors = self
            .reader
            .take()
            .and_then(|r| r.join().ok())
            .unwrap_or_default();
        Ended {
            status,
            errors,
            by_itself,
        }
    }
}

impl Drop for FarSeat {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A window whose title begins with `title`.
fn window_titled(x: &XClient, title: &str) -> Option<u32> {
    let mut stack = vec![x.root];
    while let Some(w) = stack.pop() {
        if w != x.root && x.title(w).is_some_and(|t| t.starts_with(title)) {
            return Some(w);
        }
        if let Ok(Ok(tree)) = x.conn.query_tree(w).map(|c| c.reply()) {
            stack.extend(tree.children);
        }
    }
    None
}

/// Sends WM_DELETE_WINDOW to `w`.
fn close_window(x: &XClient, w: u32) {
    let c = &x.conn;
    let atom = |n: &[u8]| {
        c.intern_atom(false, n)
            .expect("InternAtom")
            .reply()
            .expect("its reply")
            .atom
    };
    let (protocols, delete) = (atom(b"WM_PROTOCOLS"), atom(b"WM_DELETE_WINDOW"));
    let ev = ClientMessageEvent::new(32, w, protocols, [delete, 0, 0, 0, 0]);
    c.send_event(false, w, EventMask::NO_EVENT, ev)
        .expect("SendEvent");
    c.flush().expect("flush");
}
