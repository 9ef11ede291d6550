//! Seats as the command line names them: `computer`, `computer:LEVEL`,
//! `program:COMMAND` (`spellcast match`), and the window game's
//! `--computer[=LEVEL]` and `--program=COMMAND`.

use std::fmt;
use std::str::FromStr;
use thiserror::Error;

pub use super::computer::ComputerLevel;

/// A seat's words that name no seat; one line each.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SeatSpecError {
    /// Neither `computer...` nor `program:...`.
    #[error("{0:?} is not a seat: write computer, computer:LEVEL or program:COMMAND")]
    BadSeat(String),
    /// A level other than easy, medium, hard.
    #[error("{0:?} is not a computer level: write easy, medium or hard")]
    BadLevel(String),
    /// `program:` with nothing after it.
    #[error("program: needs a command to run")]
    EmptyCommand,
}

impl FromStr for ComputerLevel {
    type Err = SeatSpecError;

    fn from_str(s: &str) -> Result<ComputerLevel, SeatSpecError> {
        ComputerLevel::parse(s).ok_or_else(|| SeatSpecError::BadLevel(s.to_string()))
    }
}

/// Who plays a wizard besides a person at a window.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SeatSpec {
    /// The built-in computer at a level.
    Computer(ComputerLevel),
    /// An outside program speaking the seat protocol, run by `sh -c`.
    Program(String),
}

impl FromStr for SeatSpec {
    type Err = SeatSpecError;

    /// `computer`, `computer:LEVEL` or `program:COMMAND`.
    fn from_str(s: &str) -> Result<SeatSpec, SeatSpecError> {
        match s.split_once(':') {
            None if s == "computer" => Ok(SeatSpec::Computer(ComputerLevel::default())),
            Some(("computer", level)) => Ok(SeatSpec::Computer(level.parse()?)),
            Some(("program", command)) if !command.trim().is_empty() => {
                Ok(SeatSpec::Program(command.to_string()))
            }
            Some(("program", _)) => Err(SeatSpecError::EmptyCommand),
            _ => Err(SeatSpecError::BadSeat(s.to_string())),
        }
    }
}

impl fmt::Display for SeatSpec {
    /// The seat as it is written on the command line.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            SeatSpec::Computer(level) => write!(f, "computer:{}", level.name()),
            SeatSpec::Program(command) => write!(f, "program:{command}"),
        }
    }
}
