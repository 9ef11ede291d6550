//! The options of `spellcast match` and the seats it pits against each other.
//!
//! [`MatchArgs`] is a clap parser of its own, so it can hang under the main
//! command line as the `match` subcommand (`Match(MatchArgs)` in a
//! `#[command(subcommand)]` enum) or be parsed from `args[1..]` when the
//! first argument is `match`. Its checks give one-line [`MatchUsageError`]s
//! (exit status 2).

use clap::Parser;
use std::path::PathBuf;
use std::time::Duration;
use thiserror::Error;

/// Duels in a match unless `--games` says otherwise.
pub const DEFAULT_GAMES: u32 = 100;

/// A program seat's reply limit unless `--limit-ms` says otherwise.
pub const DEFAULT_LIMIT_MS: u64 = 10_000;

/// `spellcast match [OPTIONS] A B`, as typed.
#[derive(Debug, Clone, Parser)]
#[command(
    name = "spellcast match",
    about = "Play many duels between two seats without X and print the score",
    after_help = "A seat is computer, computer:LEVEL (easy, medium, hard) or program:COMMAND.\n\
                  Games come in pairs on the same seed with the seats swapped."
)]
pub struct MatchArgs {
    /// How many duels to play.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_GAMES)]
    pub games: u32,

    /// The number every duel's seed is drawn from: each pair of duels plays on
    /// a seed made from S and the pair's number (default: from the clock).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Duels played at once (default: the machine's cores).
    #[arg(long, value_name = "J")]
    pub jobs: Option<usize>,

    /// Caps the computer's time per decision (default: each level's own).
    #[arg(long = "think-ms", value_name = "MS")]
    pub think_ms: Option<u64>,

    /// How long a program seat may take for each reply.
    #[arg(long = "limit-ms", value_name = "MS", default_value_t = DEFAULT_LIMIT_MS)]
    pub limit_ms: u64,

    /// Write every duel there as a script that `spellcast --script` replays:
    /// DIR/duel-1.json, duel-2.json, ..., each a new file readable only by
    /// you. DIR is made if missing; a DIR that already holds duel-N.json
    /// files is refused (exit 2), never overwritten.
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,

    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,

    /// The first seat (A, whose score is reported).
    #[arg(value_name = "A")]
    pub a: String,

    /// The second seat (B).
    #[arg(value_name = "B")]
    pub b: String,
}

pub use crate::seat::spec::{ComputerLevel, SeatSpec, SeatSpecError};

/// A match's options, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchConfig {
    /// Seat A (its score is reported) and seat B.
    pub seats: [SeatSpec; 2],
    /// Duels to play, at least 1.
    pub games: u32,
    /// The number every pair's seed is drawn from (see `pool::pair_seed`).
    pub seed: u64,
    /// Duels at once, at least 1.
    pub jobs: usize,
    /// The computer's time per decision, if capped.
    pub think: Option<Duration>,
    /// A program seat's reply limit.
    pub limit: Duration,
    /// Where to write the duels as scripts.
    pub save: Option<PathBuf>,
    /// Summary as JSON.
    pub json: bool,
}

/// Options that parse but cannot make a match; one line each.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MatchUsageError {
    /// A seat that is not one.
    #[error(transparent)]
    Seat(#[from] SeatSpecError),
    /// `--games 0`.
    #[error("--games must be at least 1")]
    NoGames,
    /// `--jobs 0`.
    #[error("--jobs must be at least 1")]
    NoJobs,
    /// `--limit-ms 0` or `--think-ms 0`.
    #[error("{0} must be at least 1")]
    ZeroTime(&'static str),
}

impl MatchArgs {
    /// Checks the options; `clock_seed` is used when no `--seed` is given.
    pub fn into_config(self, clock_seed: u64) -> Result<MatchConfig, MatchUsageError> {
        let seats = [self.a.parse()?, self.b.parse()?];
        if self.games == 0 {
            return Err(MatchUsageError::NoGames);
        }
        if self.jobs == Some(0) {
            return Err(MatchUsageError::NoJobs);
        }
        if self.limit_ms == 0 {
            return Err(MatchUsageError::ZeroTime("--limit-ms"));
        }
        if self.think_ms == Some(0) {
            return Err(MatchUsageError::ZeroTime("--think-ms"));
        }
        let jobs = self.jobs.unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1)
        });
        Ok(MatchConfig {
            seats,
            games: self.games,
            seed: self.seed.unwrap_or(clock_seed),
            jobs,
            think: self.think_ms.map(Duration::from_millis),
            limit: Duration::from_millis(self.limit_ms),
            save: self.save,
            json: self.json,
        })
    }
}

/// A seed from the clock, for matches without `--seed`.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(args: &[&str]) -> Result<MatchConfig, MatchUsageError> {
        let mut v = vec!["spellcast match"];
        v.extend_from_slice(args);
        MatchArgs::try_parse_from(v)
            .expect("clap accepts")
            .into_config(99)
    }

    #[test]
    fn defaults() {
        let c = config(&["computer", "program:python3 p.py --fast"]).unwrap();
        assert_eq!(
            c.seats,
            [
                SeatSpec::Computer(ComputerLevel::Medium),
                SeatSpec::Program("python3 p.py --fast".into())
            ]
        );
        assert_eq!(c.games, 100);
        assert_eq!(c.seed, 99);
        assert!(c.jobs >= 1);
        assert_eq!(c.think, None);
        assert_eq!(c.limit, Duration::from_millis(10_000));
        assert_eq!((c.save, c.json), (None, false));
    }

    #[test]
    fn every_option() {
        let c = config(&[
            "--games",
            "20",
            "--seed",
            "5",
            "--jobs",
            "3",
            "--think-ms",
            "50",
            "--limit-ms",
            "700",
            "--save",
            "out",
            "--json",
            "computer:hard",
            "computer:easy",
        ])
        .unwrap();
        assert_eq!(
            c,
            MatchConfig {
                seats: [
                    SeatSpec::Computer(ComputerLevel::Hard),
                    SeatSpec::Computer(ComputerLevel::Easy)
                ],
                games: 20,
                seed: 5,
                jobs: 3,
                think: Some(Duration::from_millis(50)),
                limit: Duration::from_millis(700),
                save: Some("out".into()),
                json: true,
            }
        );
    }

    #[test]
    fn bad_seats_and_counts_are_one_line_errors() {
        let cases: [(&[&str], MatchUsageError); 7] = [
            (
                &["human", "computer"],
                MatchUsageError::Seat(SeatSpecError::BadSeat("human".into())),
            ),
            (
                &["computer:", "computer"],
                MatchUsageError::Seat(SeatSpecError::BadLevel(String::new())),
            ),
            (
                &["computer:wizardly", "computer"],
                MatchUsageError::Seat(SeatSpecError::BadLevel("wizardly".into())),
            ),
            (
                &["computer", "program: "],
                MatchUsageError::Seat(SeatSpecError::EmptyCommand),
            ),
            (
                &["--games", "0", "computer", "computer"],
                MatchUsageError::NoGames,
            ),
            (
                &["--jobs", "0", "computer", "computer"],
                MatchUsageError::NoJobs,
            ),
            (
                &["--limit-ms", "0", "computer", "computer"],
                MatchUsageError::ZeroTime("--limit-ms"),
            ),
        ];
        for (args, expected) in cases {
            let got = config(args);
            assert_eq!(got, Err(expected), "{args:?}");
            assert!(!got.unwrap_err().to_string().contains('\n'));
        }
    }

    #[test]
    fn seats_print_as_written() {
        for s in ["computer:easy", "program:./bot --x", "program:a:b"] {
            assert_eq!(s.parse::<SeatSpec>().unwrap().to_string(), s);
        }
        assert_eq!(
            "computer".parse::<SeatSpec>().unwrap().to_string(),
            "computer:medium"
        );
    }

    #[test]
    fn clap_rejects_a_missing_seat() {
        assert!(MatchArgs::try_parse_from(["spellcast match", "computer"]).is_err());
    }
}
