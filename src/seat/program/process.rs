//! A program seat's process: how it is let go at the end of a duel (its
//! input closed, a bounded wait for its exit, then its whole group killed),
//! what a closed pipe means (an exit or a closed output), and the kill on
//! drop that never leaves a program running.

use super::{remaining, Exit, ProgramSeat, SeatFailure};
use crate::seat::message::{End, Message};
use crate::seat::pipes::FromProgram;
use crate::seat::processes::kill_all;
use std::process::ExitStatus;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// How long a closed output may take to show up as an exit, so the failure
/// can say which it was.
const EXIT_GRACE: Duration = Duration::from_millis(200);

/// How often the exit of a program is checked while waiting for it.
const EXIT_POLL: Duration = Duration::from_millis(5);

impl ProgramSeat {
    /// Sends `end` (if the seat is still in good standing), closes the
    /// program's input, and waits at most the limit for it to exit before
    /// killing it.
    pub fn finish(mut self, end: Option<End>) -> Exit {
        self.close(end)
    }

    /// [`ProgramSeat::finish`] through a reference, for owners that keep the
    /// seat (a `Box<dyn Seat>`); the seat is ended afterwards.
    pub fn close(&mut self, end: Option<End>) -> Exit {
        if self.reaped {
            return Exit::Killed;
        }
        if let (None, Some(end)) = (&self.failure, end) {
            let _ = self.send(Message::End(end).to_line());
        }
        self.to_program = None;
        let deadline = Instant::now() + self.limit;
        // The output closes when the program exits (or closes it).
        loop {
            match self.events.recv_timeout(remaining(deadline)) {
                Ok(FromProgram::Closed) | Err(_) => break,
                Ok(_) => {}
            }
        }
        let exit = match self.wait_exit(deadline) {
            Some(status) => Exit::Exited(status),
            None => Exit::Killed,
        };
        // Also ends whatever it left behind in its group.
        self.kill_group();
        // Let the last lines of standard error through, but never wait long.
        let _ = self
            .stderr_done
            .recv_timeout(remaining(deadline).max(EXIT_GRACE));
        exit
    }

    /// [`ProgramSeat::finish`] on a thread of its own, so a given-up seat
    /// never holds the duel up; join it before the process ends.
    pub fn finish_in_background(self, end: Option<End>) -> JoinHandle<Exit> {
        thread::spawn(move || self.finish(end))
    }

    /// The failure a pipe event means; a closed pipe is an exit if the
    /// program ends soon after.
    pub(super) fn failure_of(&mut self, event: FromProgram) -> SeatFailure {
        match event {
            FromProgram::Line(_) => SeatFailure::Flood,
            FromProgram::TooLong => SeatFailure::LineTooLong,
            FromProgram::NotText => SeatFailure::NotText,
            FromProgram::Closed | FromProgram::InputClosed => {
                let grace = Instant::now() + EXIT_GRACE.min(self.limit);
                match (self.wait_exit(grace), event) {
                    (Some(status), _) => SeatFailure::Exited(status),
                    (None, FromProgram::Closed) => SeatFailure::ClosedOutput,
                    (None, _) => SeatFailure::InputClosed,
                }
            }
        }
    }

    /// Waits until the deadline for the program to exit.
    fn wait_exit(&mut self, deadline: Instant) -> Option<ExitStatus> {
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < deadline => thread::sleep(EXIT_POLL),
                _ => return None,
            }
        }
    }

    /// Kills the program and every process it started (`processes.rs`),
    /// and reaps the program.
    fn kill_group(&mut self) {
        if self.reaped {
            return;
        }
        kill_all(self.child.id(), &self.mark);
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.reaped = true;
    }
}

impl Drop for ProgramSeat {
    /// A seat dropped without [`ProgramSeat::finish`] (an early return, a
    /// panic elsewhere) never leaves its program running.
    fn drop(&mut self) {
        self.kill_group();
    }
}
