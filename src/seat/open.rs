//! Seats from their command-line form: a computer at a level, or a program
//! started now. Shared by `spellcast match` and the window game's
//! `--computer` and `--program` seats.

use super::program::{ProgramConfig, ProgramSeat};
use super::spec::SeatSpec;
use super::{ComputerSeat, LogSink, Seat, SeatFailure};
use crate::computer::Effort;
use crate::engine::{Duel, PlayerId, PlayerSpec, RuleSet};
use crate::outside_text::{one_line, MAX_LINE_CHARS};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A seat as the match runner and the window game hold it.
pub type BoxedSeat = Box<dyn Seat + Send>;

/// What a seat needs besides its spec.
#[derive(Clone)]
pub struct SeatOptions {
    /// What the computer may spend on each decision.
    pub effort: Effort,
    /// A program's reply limit.
    pub limit: Duration,
    /// Where programs' standard error goes.
    pub stderr: LogSink,
}

/// Opens the seat `spec` for the wizard `name`; `seed` seeds a computer's
/// choices, and a program is given it in `hello`.
pub fn open_seat(
    spec: &SeatSpec,
    name: &str,
    options: &SeatOptions,
    seed: u64,
) -> Result<BoxedSeat, SeatFailure> {
    Ok(match spec {
        SeatSpec::Computer(level) => Box::new(ComputerSeat::at_level(*level, options.effort, seed)),
        SeatSpec::Program(command) => {
            let mut seat = ProgramSeat::start(ProgramConfig {
                command: command.clone(),
                seat: name.to_string(),
                limit: options.limit,
                stderr: options.stderr.clone(),
            })?;
            seat.seed = Some(seed);
            Box::new(seat)
        }
    })
}

/// Starts a program seat once and greets it, to tell a command that cannot
/// start (or cannot even say `ready`) before any duel is played, and to
/// learn the name it asks for its wizard (`ready`'s `wizard`). On failure,
/// returns the reason and, ready to append to it, the program's last line
/// of standard error, if any (` (sh: 1: ./player: not found)`), made safe
/// by [`one_line`], so one error line can say it all.
pub fn probe_program(
    command: &str,
    limit: Duration,
    rules: &'static RuleSet,
) -> Result<Option<String>, (SeatFailure, String)> {
    const SEAT: &str = "probe";
    let players = [PlayerSpec::parse("Arnold"), PlayerSpec::parse("Barbara:f")];
    // The book the match will play, so the `hello` (its `rules` and
    // `book`) is the one the program will get.
    let duel = Duel::with_rules(&players, 0, rules)
        .map_err(|e| (SeatFailure::Start(e.to_string()), String::new()))?;
    let captured = Arc::new(Mutex::new(Vec::new()));
    let mut seat = ProgramSeat::start(ProgramConfig {
        command: command.to_string(),
        seat: SEAT.to_string(),
        limit,
        stderr: captured.clone(),
    })
    .map_err(|e| (e, String::new()))?;
    let greeted = Seat::hello(&mut seat, duel.seat_view(PlayerId::new(0)));
    let asked = seat.asked_name().map(str::to_string);
    seat.close(None);
    greeted.map(|_| asked).map_err(|failure| {
        let errors = captured.lock().map(|b| b.clone()).unwrap_or_default();
        let errors = String::from_utf8_lossy(&errors).into_owned();
        let last = errors
            .lines()
            .map(|l| {
                l.strip_prefix(SEAT)
                    .unwrap_or(l)
                    .trim_start_matches([':', ' '])
            })
            .rfind(|l| !l.is_empty())
            .map(|l| format!(" ({})", one_line(l, MAX_LINE_CHARS / 2)))
            .unwrap_or_default();
        (failure, last)
    })
}
