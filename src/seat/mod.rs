//! Seats: who plays a wizard besides a person at a window.
//!
//! Every such player is a [`Seat`] (`seat_trait.rs`): handed a
//! [`crate::engine::SeatView`] of its wizard only, asked for moves and answers,
//! told the news, driven synchronously by the headless match driver or on a
//! thread of its own by a [`SeatWorker`] ([`worker`]) in the window game.
//! The built-in computer is a [`ComputerSeat`] over a [`Brain`]
//! ([`computer`]; [`brain_for`] picks the brain). [`spec`] reads a seat
//! from the command line and [`open`] starts it.
//!
//! A *program seat* is an outside program that speaks the seat protocol
//! (version 1: one JSON object per line on its standard input and output).
//! This module keeps the protocol's concerns apart:
//!
//! - [`message`]: what the game writes, as typed serde structs, including the
//!   seat's `VIEW`;
//! - [`view_map`]: how the engine's per-seat view and questions become those
//!   structs (beings as names or `#N`, options as the script format writes them);
//! - [`reply`]: strict parsing of what the program writes back;
//! - [`program`]: the child process itself, which never holds the game up
//!   longer than the reply limit and turns every misbehaviour into one
//!   [`program::SeatFailure`]; it plays as a [`Seat`] like the computer;
//! - `command_words`: starting the command without a shell when it is plain
//!   words; [`processes`]: ending every process a program started.

mod command_words;
pub mod computer;
pub mod message;
pub mod open;
mod pipes;
pub mod processes;
pub mod program;
mod program_seat;
pub mod reply;
mod seat_trait;
pub mod spec;
pub mod view_map;
pub mod worker;

pub use pipes::{stderr_sink, LogSink};

/// The protocol version this game speaks (`"protocol"` in `hello`).
pub const PROTOCOL_VERSION: u32 = 1;
pub use computer::{brain_for, Brain, ComputerLevel, ComputerSeat};
pub use open::{open_seat, probe_program, BoxedSeat, SeatOptions};
pub use program::SeatFailure;
pub use program_seat::duel_result;
pub use seat_trait::{failure_line, Decision, Seat};
pub use spec::{SeatSpec, SeatSpecError};
pub use worker::{ReplySink, SeatReply, SeatRequest, SeatWorker};
