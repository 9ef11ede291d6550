//! The options of `spellcast match` and the seats it pits against each other
//! (two, or three to eight in a free-for-all), or the result files it merges.
//!
//! [`MatchArgs`] is a clap parser of its own, so it can hang under the main
//! command line as the `match` subcommand (`Match(MatchArgs)` in a
//! `#[command(subcommand)]` enum) or be parsed from `args[1..]` when the
//! first argument is `match`. Its checks give one-line [`MatchUsageError`]s
//! (exit status 2).

use super::schedule::{group_count, group_size, Shard, ShardError};
use crate::computer::Effort;
use crate::engine::RuleSet;
use crate::outside_text::quoted;
use clap::Parser;
use std::path::PathBuf;
use std::time::Duration;
use thiserror::Error;

/// Duels in a match unless `--games` says otherwise.
pub const DEFAULT_GAMES: u32 = 100;

/// A program seat's reply limit unless `--limit-ms` says otherwise.
pub const DEFAULT_LIMIT_MS: u64 = 10_000;

/// Opening rounds unless `--opening` says otherwise: two rounds, four
/// random gestures a wizard, enough that no two pairs start alike.
pub const DEFAULT_OPENING_ROUNDS: u32 = 2;

/// The longest opening taken: a duel should stay the seats' to play.
pub const MAX_OPENING_ROUNDS: u32 = 20;

/// The most seats a duel takes (the engine's player limit).
pub const MAX_SEATS: usize = 8;

/// The options `--merge` cannot be given with: the files say them.
const NOT_WITH_MERGE: [&str; 13] = [
    "games", "seed", "jobs", "think_ms", "rollouts", "limit_ms", "save", "opening", "shard",
    "results", "a", "more", "rules",
];

/// `spellcast match [OPTIONS] A B`, as typed.
#[derive(Debug, Clone, Parser)]
#[command(
    name = "spellcast match",
    override_usage = "spellcast match [OPTIONS] <A> <B> [SEAT]...\n       \
                      spellcast match --merge <FILE>... [--json]",
    about = "Play many duels between two seats (or free-for-alls of up to eight) \
             without X and print the score",
    after_help = "A seat is computer, computer:LEVEL (easy, medium, hard) or program:COMMAND.\n\
                  Games come in pairs on the same seed with the seats swapped; with three or \
                  more seats, in rotations: groups of seatings on one seed in which every seat \
                  sits in every place, and just after every other seat, equally often.\n\
                  spellcast match --merge FILE... prints the summary of shares' --results.\n\
                  Control-C prints the summary of the duels finished and exits with status 130."
)]
pub struct MatchArgs {
    /// How many duels to play (default 100; with three or more seats, 100
    /// rounded up to a whole number of rotations, so 102 for 3 seats).
    #[arg(long, value_name = "N")]
    pub games: Option<u32>,

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

    /// Fixed work instead of a clock: every computer seat plays at most N
    /// rollouts a decision (a level keeps its own count if smaller) and
    /// never looks at the time, so a match plays the same duels on any
    /// machine at any load.
    #[arg(long, value_name = "N", conflicts_with = "think_ms")]
    pub rollouts: Option<u32>,

    /// How long a program seat may take for each reply.
    #[arg(long = "limit-ms", value_name = "MS", default_value_t = DEFAULT_LIMIT_MS)]
    pub limit_ms: u64,

    /// Write every duel there as a script that `spellcast --script` replays:
    /// DIR/duel-1.json, duel-2.json, ..., each a new file readable only by
    /// you. DIR is made if missing; a DIR that already holds duel-N.json
    /// files is refused (exit 2), never overwritten.
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,

    /// Start each pair (or rotation) from an opening of this many rounds of
    /// random gestures that complete no spell, the same for every duel of
    /// the pair; 0 for none.
    #[arg(long, value_name = "ROUNDS", default_value_t = DEFAULT_OPENING_ROUNDS)]
    pub opening: u32,

    /// Play only the I-th of N disjoint shares of the match (the same
    /// duels, seeds and openings as in the whole).
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,

    /// The rule book every duel is played by: spellcast (the default),
    /// gesticulation or deathmatch (two seats only).
    #[arg(long, value_name = "NAME")]
    pub rules: Option<String>,

    /// Write one JSON line per duel into FILE (made anew), for --merge.
    #[arg(long, value_name = "FILE")]
    pub results: Option<PathBuf>,

    /// Print the summary of the whole match from its shares' --results
    /// files instead of playing.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = NOT_WITH_MERGE)]
    pub merge: Vec<PathBuf>,

    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,

    /// The first seat (A, whose score is reported).
    #[arg(value_name = "A", required_unless_present = "merge")]
    pub a: Option<String>,

    /// The second seat (B).
    #[arg(value_name = "B", required_unless_present = "merge")]
    pub b: Option<String>,

    /// Up to six more seats, for a free-for-all.
    #[arg(value_name = "SEAT")]
    pub more: Vec<String>,
}

pub use crate::seat::spec::{ComputerLevel, SeatSpec, SeatSpecError};

/// A match's options, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchConfig {
    /// The seats: A (its score is reported) and B, then any more.
    pub seats: Vec<SeatSpec>,
    /// Duels in the whole match, at least 1 (a whole number of rotations
    /// when there are three or more seats).
    pub games: u32,
    /// The number every pair's seed is drawn from (see `pool::pair_seed`).
    pub seed: u64,
    /// Duels at once, at least 1.
    pub jobs: usize,
    /// What the computer may spend on each decision.
    pub effort: Effort,
    /// A program seat's reply limit.
    pub limit: Duration,
    /// Where to write the duels as scripts.
    pub save: Option<PathBuf>,
    /// Summary as JSON.
    pub json: bool,
    /// Opening rounds.
    pub opening: u32,
    /// The share of the match to play.
    pub shard: Shard,
    /// Where to write a line per duel.
    pub results: Option<PathBuf>,
    /// The rule book of every duel.
    pub rules: &'static RuleSet,
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
    /// `--limit-ms 0`, `--think-ms 0` or `--rollouts 0`.
    #[error("{0} must be at least 1")]
    ZeroTime(&'static str),
    /// More than eight seats.
    #[error("a duel takes at most {MAX_SEATS} seats, not {0}")]
    TooManySeats(usize),
    /// A free-for-all whose games are not whole rotations.
    #[error(
        "--games {games} is not a whole number of rotations of {seats} seats \
         (every seat plays every place equally often): use a multiple of {unit}"
    )]
    PartRotation {
        /// `--games`.
        games: u32,
        /// Seats in the match.
        seats: usize,
        /// Games in a rotation (`schedule::group_size`).
        unit: usize,
    },
    /// An opening too long.
    #[error("--opening takes at most {MAX_OPENING_ROUNDS} rounds, not {0}")]
    LongOpening(u32),
    /// A bad `--shard`.
    #[error(transparent)]
    Shard(#[from] ShardError),
    /// `--rules` naming no book.
    #[error("--rules: no rule book is called {} (try {})", quoted(.0), RuleSet::names())]
    UnknownRules(String),
    /// More seats than the book's duels take (Death Match: two).
    #[error("the {rules} rules take at most {most} seats, not {seats}")]
    SeatsForRules {
        /// The book's name.
        rules: &'static str,
        /// The most wizards it allows.
        most: usize,
        /// Seats named.
        seats: usize,
    },
}

impl MatchArgs {
    /// Checks the options; `clock_seed` is used when no `--seed` is given.
    pub fn into_config(self, clock_seed: u64) -> Result<MatchConfig, MatchUsageError> {
        let named = self.a.iter().chain(&self.b).chain(&self.more);
        let seats = named
            .map(|s| s.parse())
            .collect::<Result<Vec<SeatSpec>, _>>()?;
        if seats.len() > MAX_SEATS {
            return Err(MatchUsageError::TooManySeats(seats.len()));
        }
        let rules = match &self.rules {
            None => RuleSet::original(),
            Some(name) => {
                RuleSet::by_name(name).ok_or_else(|| MatchUsageError::UnknownRules(name.clone()))?
            }
        };
        if seats.len() > rules.players.1 {
            return Err(MatchUsageError::SeatsForRules {
                rules: rules.name,
                most: rules.players.1,
                seats: seats.len(),
            });
        }
        let n = seats.len().max(1);
        let games = match self.games {
            Some(games) => games,
            None if n == 2 => DEFAULT_GAMES,
            None => DEFAULT_GAMES.div_ceil(group_size(n) as u32) * group_size(n) as u32,
        };
        if games == 0 {
            return Err(MatchUsageError::NoGames);
        }
        if n > 2 && games % group_size(n) as u32 != 0 {
            return Err(MatchUsageError::PartRotation {
                games,
                seats: n,
                unit: group_size(n),
            });
        }
        if self.opening > MAX_OPENING_ROUNDS {
            return Err(MatchUsageError::LongOpening(self.opening));
        }
        let shard = match &self.shard {
            Some(text) => text.parse::<Shard>()?,
            None => Shard::WHOLE,
        };
        let groups = group_count(games, n);
        if shard.count > groups {
            return Err(ShardError::TooMany {
                shard: shard.to_string(),
                groups,
                unit: if n == 2 { "pairs" } else { "rotations" },
            }
            .into());
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
        if self.rollouts == Some(0) {
            return Err(MatchUsageError::ZeroTime("--rollouts"));
        }
        let effort = match (self.think_ms, self.rollouts) {
            (Some(ms), _) => Effort::ThinkMs(ms),
            (None, Some(n)) => Effort::Rollouts(n),
            (None, None) => Effort::Own,
        };
        let jobs = self.jobs.unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1)
        });
        Ok(MatchConfig {
            seats,
            games,
            seed: self.seed.unwrap_or(clock_seed),
            jobs,
            effort,
            limit: Duration::from_millis(self.limit_ms),
            save: self.save,
            json: self.json,
            opening: self.opening,
            shard,
            results: self.results,
            rules,
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
mod tests;
