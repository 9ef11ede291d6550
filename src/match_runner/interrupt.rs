//! Control-C during `spellcast match`: the duels finished so far are
//! summed up as at the match's end, every program seat's processes are
//! killed, and the match exits at once with 130 (128 + SIGINT, as shells
//! report a command ended by it), the duels still running abandoned.
//!
//! Catching the signal needs the operating system's signal calls, which
//! this crate (no `unsafe`) does not make itself: the `ctrlc` crate runs
//! the handler on a thread of its own, where it only wakes the pool.

use super::pool::Waker;
use super::scoreboard::Scoreboard;
use crate::seat::processes::end_every_seat;
use crate::seat::SeatSpec;

/// The exit status of an interrupted match.
pub const INTERRUPTED_STATUS: i32 = 130;

/// Arranges for Control-C to call `wake`; if it cannot, says so on
/// standard error and the match goes on (Control-C then ends it without
/// a summary).
pub fn listen(wake: Waker) {
    if let Err(e) = ctrlc::set_handler(wake) {
        eprintln!("spellcast: Control-C will end the match without a summary: {e}");
    }
}

/// Ends the interrupted match: kills every seat's processes, writes what
/// was played (a line on standard error, the summary of the finished duels
/// on standard output, in the form asked for) and exits.
pub fn stop(
    seats: &[SeatSpec],
    board: &Scoreboard,
    total: usize,
    summary: impl FnOnce(&[SeatSpec], &Scoreboard),
) -> ! {
    end_every_seat();
    eprintln!(
        "spellcast: interrupted after {} of {total} duels; the summary is of those",
        board.played()
    );
    summary(seats, board);
    std::process::exit(INTERRUPTED_STATUS)
}
