//! The far seat's link to the game that hosts it: the seat protocol on
//! standard input and output (through ssh, typically). Lines from the host
//! arrive on the same channel as the window's input, so one loop waits on
//! both; a closed or failed input is the link lost.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;

use crate::x11::display::Msg;

/// The longest line taken from the host; a longer one ends the link.
const MAX_HOST_LINE: usize = 1 << 20;

/// Set when the host broke the protocol's framing (a line too long or not
/// UTF-8): the link was closed for it and the seat's status says so.
static BROKEN: AtomicBool = AtomicBool::new(false);

/// Whether the host broke the link (and a line has said so).
pub fn was_broken() -> bool {
    BROKEN.load(Ordering::SeqCst)
}

/// The exit status the link leaves: 1 if the host broke it, else success.
pub fn status() -> ExitCode {
    match was_broken() {
        true => ExitCode::from(1),
        false => ExitCode::SUCCESS,
    }
}

/// Says on standard error why the link was closed, once, and marks it broken.
fn broken(why: &str) {
    if !BROKEN.swap(true, Ordering::SeqCst) {
        tell(&format!("{why}: the link to the game is closed"));
    }
}

/// Writes `spellcast --seat: ` and `line` on standard error in one write,
/// so that the seat's end on another thread never leaves half a line.
pub fn tell(line: &str) {
    let whole = format!("spellcast --seat: {line}\n");
    let _ = std::io::stderr().lock().write_all(whole.as_bytes());
}

/// Reads the host's lines on a thread of its own until the link closes.
pub fn spawn_reader(tx: Sender<Msg>) {
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        let mut line = String::new();
        loop {
            line.clear();
            let read =
                std::io::Read::take(&mut input, MAX_HOST_LINE as u64 + 1).read_line(&mut line);
            match read {
                Ok(n) if n > 0 && n <= MAX_HOST_LINE && line.ends_with('\n') => {
                    let text = line.trim_end_matches(['\n', '\r']).to_string();
                    if tx.send(Msg::Host(Some(text))).is_err() {
                        return;
                    }
                }
                Ok(0) => {
                    let _ = tx.send(Msg::Host(None));
                    return;
                }
                Ok(n) if n > MAX_HOST_LINE => {
                    broken("a line from the game is longer than 1 MiB");
                    let _ = tx.send(Msg::Host(None));
                    return;
                }
                Ok(_) => {
                    // The last line, cut off by the end of the input.
                    broken("the game's last line has no line break");
                    let _ = tx.send(Msg::Host(None));
                    return;
                }
                Err(e) => {
                    broken(&format!("cannot read the game's lines: {e}"));
                    let _ = tx.send(Msg::Host(None));
                    return;
                }
            }
        }
    });
}

/// Writes one reply line to the host; false if the link is gone.
pub fn reply(value: &serde_json::Value) -> bool {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{value}").and_then(|()| out.flush()).is_ok()
}
