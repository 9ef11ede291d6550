//! The three threads around a program seat's pipes.
//!
//! Reading and writing a child's pipes can block for as long as the child
//! likes, so the game never touches them itself: a reader thread turns the
//! program's output into [`FromProgram`] events on a bounded channel (a
//! flooding program then blocks on its own pipe instead of filling our
//! memory), a writer thread feeds its input, and a third passes its standard
//! error through line by line.

use crate::outside_text::{one_line, MAX_QUOTED_CHARS};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{ChildStderr, ChildStdin, ChildStdout};
use std::sync::mpsc::{Receiver, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Instant;

/// How much of one line of a program's standard error is passed on, in
/// characters; control characters in it are escaped.
pub const MAX_STDERR_CHARS: usize = 1000;

/// Where a program's standard error goes, prefixed with its seat's name.
pub type LogSink = Arc<Mutex<dyn Write + Send>>;

/// The game's own standard error, the usual [`LogSink`].
pub fn stderr_sink() -> LogSink {
    Arc::new(Mutex::new(io::stderr()))
}

/// Since when the writer has been writing one line, if it is: a write that
/// lasts means the program is not reading.
pub(crate) type WritingSince = Arc<Mutex<Option<Instant>>>;

/// What the pipe threads report to the seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum FromProgram {
    /// One line of output, without its line break.
    Line(String),
    /// A line longer than the cap; nothing more is read.
    TooLong,
    /// A line that is not UTF-8.
    NotText,
    /// The program closed its output (or it could not be read).
    Closed,
    /// Writing to the program's input failed: it stopped reading.
    InputClosed,
}

/// How reading one capped line ended.
enum LineRead {
    Line(Vec<u8>),
    /// Over the cap; `ended` tells whether its line break was read too.
    TooLong {
        ended: bool,
    },
    Eof,
}

/// Reads one line of at most `max` bytes (line break not counted).
fn read_capped_line(reader: &mut impl BufRead, max: usize) -> io::Result<LineRead> {
    let mut buf = Vec::new();
    let n = reader
        .by_ref()
        .take(max as u64 + 2)
        .read_until(b'\n', &mut buf)?;
    if n == 0 {
        return Ok(LineRead::Eof);
    }
    let ended = buf.last() == Some(&b'\n');
    if ended {
        buf.pop();
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
    }
    if buf.len() > max {
        return Ok(LineRead::TooLong { ended });
    }
    Ok(LineRead::Line(buf))
}

/// Skips the rest of an over-long line.
fn skip_rest_of_line(reader: &mut impl BufRead) -> io::Result<()> {
    loop {
        let buf = reader.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        match buf.iter().position(|&b| b == b'\n') {
            Some(i) => {
                reader.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = buf.len();
                reader.consume(n);
            }
        }
    }
}

/// Starts the thread that turns the program's output into events. It ends
/// at the end of the output, at the first unreadable line, or when the seat
/// is gone.
pub(crate) fn spawn_reader(out: ChildStdout, events: SyncSender<FromProgram>, max_line: usize) {
    thread::spawn(move || {
        let mut reader = BufReader::new(out);
        loop {
            let event = match read_capped_line(&mut reader, max_line) {
                Ok(LineRead::Line(bytes)) => match String::from_utf8(bytes) {
                    Ok(line) => FromProgram::Line(line),
                    Err(_) => FromProgram::NotText,
                },
                Ok(LineRead::TooLong { .. }) => FromProgram::TooLong,
                Ok(LineRead::Eof) | Err(_) => FromProgram::Closed,
            };
            let last = !matches!(event, FromProgram::Line(_));
            if events.send(event).is_err() || last {
                return;
            }
        }
    });
}

/// Starts the thread that writes lines to the program's input. Dropping the
/// sender of `lines` closes the input once the queued lines are written.
/// While it is writing it keeps the time it started in `since`, so the seat
/// can tell a program that does not read its input.
pub(crate) fn spawn_writer(
    mut input: ChildStdin,
    lines: Receiver<String>,
    events: SyncSender<FromProgram>,
    since: WritingSince,
) {
    let mark = move |when: Option<Instant>| {
        if let Ok(mut since) = since.lock() {
            *since = when;
        }
    };
    thread::spawn(move || {
        for mut line in lines {
            line.push('\n');
            mark(Some(Instant::now()));
            let written = input
                .write_all(line.as_bytes())
                .and_then(|()| input.flush());
            mark(None);
            if written.is_err() {
                let _ = events.send(FromProgram::InputClosed);
                return;
            }
        }
    });
}

/// Starts the thread that passes standard error through, each line
/// prefixed with `seat: ` and made safe for a terminal ([`one_line`]).
/// Over-long lines are cut; it signals `done` at the
/// end of the program's standard error.
pub(crate) fn spawn_stderr(
    err: ChildStderr,
    seat: String,
    sink: LogSink,
    max_line: usize,
    done: SyncSender<()>,
) {
    thread::spawn(move || {
        let mut reader = BufReader::new(err);
        loop {
            let line = match read_capped_line(&mut reader, max_line) {
                Ok(LineRead::Line(bytes)) => {
                    one_line(&String::from_utf8_lossy(&bytes), MAX_STDERR_CHARS)
                }
                Ok(LineRead::TooLong { ended }) => {
                    if !ended && skip_rest_of_line(&mut reader).is_err() {
                        break;
                    }
                    "[an over-long line]".to_string()
                }
                Ok(LineRead::Eof) | Err(_) => break,
            };
            if let Ok(mut out) = sink.lock() {
                let seat = one_line(&seat, MAX_QUOTED_CHARS);
                let _ = writeln!(out, "{seat}: {line}");
            }
        }
        let _ = done.send(());
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<String> {
        let mut reader = BufReader::new(input);
        let mut out = Vec::new();
        loop {
            match read_capped_line(&mut reader, max).unwrap() {
                LineRead::Line(l) => out.push(String::from_utf8(l).unwrap()),
                LineRead::TooLong { ended } => {
                    out.push("<too long>".into());
                    if !ended {
                        skip_rest_of_line(&mut reader).unwrap();
                    }
                }
                LineRead::Eof => return out,
            }
        }
    }

    #[test]
    fn lines_are_capped_and_crlf_is_one_break() {
        assert_eq!(
            lines(b"abc\r\n12345\nxyz", 4),
            vec!["abc", "<too long>", "xyz"]
        );
        assert_eq!(lines(b"123456789\nxyz\n", 4), vec!["<too long>", "xyz"]);
        assert_eq!(lines(b"abcd\n\n", 4), vec!["abcd", ""]);
        assert_eq!(lines(b"abcd\r\n", 4), vec!["abcd"]);
    }
}
