//! A program seat: an outside program playing one wizard over the seat
//! protocol, as a child process (started directly, or by `sh -c COMMAND`
//! when the command needs the shell: `command_words.rs`).
//!
//! The game never waits on the program longer than the reply limit: its
//! pipes are served by threads (`pipes.rs`) and every reply is awaited
//! with a deadline. Whatever goes wrong (exit, closed output, garbage, a
//! timeout, a flood of lines, a bad move or answer) becomes one
//! [`SeatFailure`]; the caller then withdraws the wizard, writes
//! [`failure_line`] to standard error and lets the seat go with
//! [`ProgramSeat::finish_in_background`]. After a failure the seat answers
//! every request with that same failure. How the process is let go,
//! killed and reaped is in `program/process.rs`.

use super::command_words::program_command;
use super::message::{Hello, Message, MoveRequest, QuestionsRequest, ViewJson};
use super::pipes::{spawn_reader, spawn_stderr, spawn_writer, FromProgram, LogSink, WritingSince};
use super::processes::{kill_all, new_mark, spawn_listed, SEAT_MARK};
use super::reply::{
    check_in_book, is_reply, parse_answers, parse_move, parse_ready, refused_by_engine,
    AnswersReply, Expected, MoveReply, Ready, ReplyError, ANSWERS, MOVE, READY,
};
use super::view_map::AskedQuestion;
use crate::engine::{Gesture, MoveError, RuleSet};
use crate::outside_text::quoted;
use std::os::unix::process::CommandExt;
use std::process::{Child, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::sync::{Arc, Mutex};

use std::time::{Duration, Instant};
use thiserror::Error;

mod process;

/// The longest reply line taken, in bytes; a reply is a few dozen.
pub const MAX_REPLY_LINE: usize = 64 * 1024;

/// How many lines nobody asked for a program may write per message the
/// game sends it; more counts as flooding.
pub const MAX_UNSOLICITED_LINES: usize = 64;

/// The most unasked lines a program may save up by writing fewer: enough
/// that lines written after one message but read after the next (the game
/// cannot see when the program reads) never count twice against it.
const UNASKED_ALLOWANCE_CAP: usize = 4 * MAX_UNSOLICITED_LINES;

/// How to start a program seat.
#[derive(Clone)]
pub struct ProgramConfig {
    /// The command: words run directly, or anything else by `sh -c`.
    pub command: String,
    /// The seat's name (its wizard's), prefixed to its standard error lines.
    pub seat: String,
    /// How long each reply may take, and how long the program gets to exit.
    pub limit: Duration,
    /// Where its standard error goes.
    pub stderr: LogSink,
}

/// Why a program seat is given up. Each reads after the seat's name
/// ("Barbara did not reply within 10000 ms").
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SeatFailure {
    /// The program (or `sh`) could not be started.
    #[error("could not be started: {0}")]
    Start(String),
    /// The program ended.
    #[error("exited ({0})")]
    Exited(ExitStatus),
    /// The program closed its standard output but still runs.
    #[error("closed its output")]
    ClosedOutput,
    /// The program closed its standard input but still runs.
    #[error("stopped reading its input")]
    InputClosed,
    /// The program left its input unread (the pipe to it full) for longer
    /// than the limit.
    #[error("did not read its input for {0} ms")]
    NotReading(u128),
    /// No reply within the limit.
    #[error("did not reply within {0} ms")]
    Timeout(u128),
    /// Too many lines nobody asked for.
    #[error("wrote more than {MAX_UNSOLICITED_LINES} lines nobody asked for per message")]
    Flood,
    /// Lines that are not the reply, and then no reply.
    #[error("wrote {line} instead of {expected}, then {then}")]
    NoReply {
        /// The last line that came instead, quoted and shortened.
        line: String,
        /// The reply's shape.
        expected: &'static str,
        /// How the wait for the reply ended.
        then: Box<SeatFailure>,
    },
    /// A line longer than [`MAX_REPLY_LINE`].
    #[error("wrote a line longer than {MAX_REPLY_LINE} bytes")]
    LineTooLong,
    /// A line that is not UTF-8.
    #[error("wrote a line that is not UTF-8")]
    NotText,
    /// A reply of the wrong shape, or a move or answer outside the rules.
    #[error("{0}")]
    Reply(#[from] ReplyError),
    /// Answers the engine refused (a seat's bug: programs' replies are checked first).
    #[error("gave answers the rules refuse: {0}")]
    Refused(String),
    /// The seat's own thread stopped unexpectedly (a bug, never the program's doing).
    #[error("stopped unexpectedly")]
    Crashed,
}

/// How a program ended when its seat was let go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// It exited by itself within the limit.
    Exited(ExitStatus),
    /// It was killed after the limit.
    Killed,
}

/// The one line written to standard error when a program seat is given up.
pub fn failure_line(seat: &str, command: &str, failure: &SeatFailure) -> String {
    super::seat_trait::failure_line(
        seat,
        &format!("program {}", quoted(command)),
        failure,
        false,
    )
}

/// How long a seat played by a person (its `ready` says `"person": true`)
/// may take over each reply after `hello`: a person thinks for minutes, and
/// a link that is cut ends the seat at once anyway (its output closes).
pub const PERSON_REPLY_LIMIT: Duration = Duration::from_secs(3600);

/// A running program seat.
pub struct ProgramSeat {
    seat: String,
    command: String,
    /// Where this seat's text pane has got to, for the next `round`.
    pub(super) cursor: usize,
    /// The seed its `hello` carries, if any.
    pub(super) seed: Option<u64>,
    limit: Duration,
    /// How long a reply may take: `limit`, or [`PERSON_REPLY_LIMIT`] once
    /// the seat has said a person plays it.
    reply_limit: Duration,
    child: Child,
    to_program: Option<Sender<String>>,
    events: Receiver<FromProgram>,
    stderr_done: Receiver<()>,
    failure: Option<SeatFailure>,
    name: Option<String>,
    /// The name its `ready` asked for its wizard, if any.
    wizard: Option<String>,
    reaped: bool,
    /// How many more unasked lines may come before it is a flood.
    unasked_allowance: usize,
    /// Whether a message has been sent: the first one's share of unasked
    /// lines is the allowance it starts with (lines written before `hello`
    /// count against it), so `hello` too allows 64, not twice that.
    sent_any: bool,
    /// The value of [`SEAT_MARK`] in its processes' environment.
    mark: String,
    /// The rule book its `hello` named, which its moves must keep to.
    rules: &'static RuleSet,
    /// Since when the writer thread has been stuck writing to the program
    /// (its input pipe full), if it is.
    writing_since: WritingSince,
}

impl ProgramSeat {
    /// Starts the command with its three pipes served by threads.
    pub fn start(config: ProgramConfig) -> Result<ProgramSeat, SeatFailure> {
        let mark = new_mark();
        let mut command = program_command(&config.command);
        let program = quoted(&command.get_program().to_string_lossy());
        command
            // A group of its own and a mark in its environment, so that
            // ending the seat also ends what the command started
            // (`processes.rs`).
            .process_group(0)
            .env(SEAT_MARK, &mark)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = match spawn_listed(&mut command, &mark) {
            Some(spawned) => spawned.map_err(|e| SeatFailure::Start(format!("{program}: {e}")))?,
            None => return Err(SeatFailure::Start("the match is ending".into())),
        };
        let (Some(input), Some(output), Some(errors)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            kill_all(child.id(), &mark);
            let _ = child.wait();
            return Err(SeatFailure::Start("its pipes could not be opened".into()));
        };
        let (event_tx, events) = mpsc::sync_channel(MAX_UNSOLICITED_LINES + 1);
        let (line_tx, lines) = mpsc::channel();
        let (done_tx, stderr_done) = mpsc::sync_channel(1);
        spawn_reader(output, event_tx.clone(), MAX_REPLY_LINE);
        let writing_since = Arc::new(Mutex::new(None));
        spawn_writer(input, lines, event_tx, writing_since.clone());
        spawn_stderr(
            errors,
            config.seat.clone(),
            config.stderr,
            MAX_REPLY_LINE,
            done_tx,
        );
        Ok(ProgramSeat {
            seat: config.seat,
            command: config.command,
            cursor: 0,
            seed: None,
            limit: config.limit,
            reply_limit: config.limit,
            child,
            to_program: Some(line_tx),
            events,
            stderr_done,
            failure: None,
            name: None,
            wizard: None,
            reaped: false,
            unasked_allowance: MAX_UNSOLICITED_LINES,
            sent_any: false,
            mark,
            writing_since,
            rules: RuleSet::original(),
        })
    }

    /// The seat's name.
    pub fn seat(&self) -> &str {
        &self.seat
    }

    /// The command it runs.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// How long each reply may take.
    pub fn limit(&self) -> Duration {
        self.limit
    }

    /// The name the program gave itself in its `ready`, if any.
    pub fn program_name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// Why the seat was given up, if it was.
    pub fn failure(&self) -> Option<&SeatFailure> {
        self.failure.as_ref()
    }

    /// The name its `ready` asked for its wizard (`NAME` or `NAME:f`), if any.
    pub fn asked_name(&self) -> Option<&str> {
        self.wizard.as_deref()
    }

    /// Sends `hello` and waits for `ready`.
    pub fn hello(&mut self, hello: Hello) -> Result<Ready, SeatFailure> {
        self.rules = RuleSet::by_name(&hello.rules).unwrap_or(RuleSet::original());
        let line = self.request(&Message::Hello(hello), READY)?;
        let ready = parse_ready(&line).map_err(|e| self.fail(e.into()))?;
        self.name = ready.name.clone();
        self.wizard = ready.wizard.clone();
        if ready.person {
            self.reply_limit = self.reply_limit.max(PERSON_REPLY_LIMIT);
        }
        Ok(ready)
    }

    /// Sends `move` and waits for the two gestures.
    pub fn ask_move(&mut self, request: MoveRequest) -> Result<MoveReply, SeatFailure> {
        let line = self.request(&Message::Move(request), MOVE)?;
        parse_move(&line)
            .and_then(|reply| check_in_book(&reply, self.rules).map(|()| reply))
            .map_err(|e| self.fail(e.into()))
    }

    /// [`ProgramSeat::ask_move`], then the engine's word on the move
    /// (`engine`: the seat's [`crate::engine::SeatView::check_move`]).
    pub fn ask_move_taken(
        &mut self,
        request: MoveRequest,
        engine: impl FnOnce((Gesture, Gesture)) -> Result<(), MoveError>,
    ) -> Result<MoveReply, SeatFailure> {
        let reply = self.ask_move(request)?;
        match engine((reply.left, reply.right)) {
            Ok(()) => Ok(reply),
            Err(why) => Err(self.fail(refused_by_engine(&reply, why).into())),
        }
    }

    /// Sends `questions` and waits for one legal answer per question,
    /// returned as the engine's option indices.
    pub fn ask_answers(
        &mut self,
        round: u32,
        view: ViewJson,
        asked: &[AskedQuestion],
    ) -> Result<AnswersReply, SeatFailure> {
        let questions = asked.iter().map(|q| q.json.clone()).collect();
        let request = QuestionsRequest {
            round,
            view,
            questions,
        };
        let line = self.request(&Message::Questions(request), ANSWERS)?;
        parse_answers(&line, asked).map_err(|e| self.fail(e.into()))
    }

    /// Sends a message that wants no reply (`round`, `said`). Fails if the
    /// program has meanwhile ended, flooded or written garbage.
    pub fn tell(&mut self, message: &Message) -> Result<(), SeatFailure> {
        self.check()?;
        self.drain_unsolicited()?;
        self.send(message.to_line())
    }

    /// Writes a message and waits for its reply: the first line after it
    /// that is a JSON object holding `key` (`ready`, `move`, `answers`).
    ///
    /// The game cannot see when the program reads a message, so a line that
    /// arrives after the request went out may still be one the program wrote
    /// before reading it (an extra line after its last reply, or after a
    /// `round`). Such lines are unasked whatever their timing: read, counted
    /// against the flood limit and thrown away; the reply is told apart by
    /// what it says. If none comes, the failure quotes the last line that
    /// came instead.
    fn request(&mut self, message: &Message, reply: Expected) -> Result<String, SeatFailure> {
        self.check()?;
        self.drain_unsolicited()?;
        self.send(message.to_line())?;
        let deadline = Instant::now() + self.reply_limit;
        let mut instead: Option<String> = None;
        let failure = loop {
            match self.events.recv_timeout(remaining(deadline)) {
                Ok(FromProgram::Line(line)) if is_reply(&line, reply.key) => return Ok(line),
                Ok(FromProgram::Line(line)) => {
                    self.note_unasked()?;
                    instead = Some(line);
                }
                Ok(event) => break self.failure_of(event),
                Err(RecvTimeoutError::Timeout) => {
                    break SeatFailure::Timeout(self.reply_limit.as_millis())
                }
                Err(RecvTimeoutError::Disconnected) => break self.failure_of(FromProgram::Closed),
            }
        };
        let failure = match instead {
            Some(line) => SeatFailure::NoReply {
                line: quoted(&line),
                expected: reply.shape,
                then: Box::new(failure),
            },
            None => failure,
        };
        Err(self.fail(failure))
    }

    /// Counts one line nobody asked for against the flood allowance.
    fn note_unasked(&mut self) -> Result<(), SeatFailure> {
        match self.unasked_allowance.checked_sub(1) {
            Some(left) => {
                self.unasked_allowance = left;
                Ok(())
            }
            None => Err(self.fail(SeatFailure::Flood)),
        }
    }

    /// Discards lines written since the last reply, and notices an ended
    /// program, before the next message goes out.
    fn drain_unsolicited(&mut self) -> Result<(), SeatFailure> {
        loop {
            match self.events.try_recv() {
                Ok(FromProgram::Line(_)) => self.note_unasked()?,
                Ok(event) => return Err(self.fail_on(event)),
                Err(TryRecvError::Empty) => return Ok(()),
                Err(TryRecvError::Disconnected) => return Err(self.fail_on(FromProgram::Closed)),
            }
        }
    }

    /// Queues a line for the program; each message sent adds to the
    /// allowance of unasked lines.
    fn send(&mut self, line: String) -> Result<(), SeatFailure> {
        match &self.to_program {
            Some(tx) if tx.send(line).is_ok() => {
                if std::mem::replace(&mut self.sent_any, true) {
                    self.unasked_allowance =
                        (self.unasked_allowance + MAX_UNSOLICITED_LINES).min(UNASKED_ALLOWANCE_CAP);
                }
                Ok(())
            }
            _ => Err(self.fail_on(FromProgram::InputClosed)),
        }
    }

    /// The seat's failure, if it failed, or a program that has left its
    /// input unread for longer than the limit (so it is given up rather
    /// than sent messages nobody reads).
    fn check(&mut self) -> Result<(), SeatFailure> {
        if let Some(f) = &self.failure {
            return Err(f.clone());
        }
        let stuck = self
            .writing_since
            .lock()
            .ok()
            .and_then(|since| *since)
            .is_some_and(|since| since.elapsed() > self.limit);
        if stuck {
            return Err(self.fail(SeatFailure::NotReading(self.limit.as_millis())));
        }
        Ok(())
    }

    /// The failure a pipe event means, recorded.
    fn fail_on(&mut self, event: FromProgram) -> SeatFailure {
        let failure = self.failure_of(event);
        self.fail(failure)
    }

    fn fail(&mut self, failure: SeatFailure) -> SeatFailure {
        self.failure.get_or_insert(failure).clone()
    }
}

fn remaining(deadline: Instant) -> Duration {
    deadline.saturating_duration_since(Instant::now())
}
