//! `spellcast match`: many headless duels between two seats, as chess and Go
//! engines are compared (cutechess-cli, fastchess): games in pairs on one
//! seed with the seats swapped, a job pool, and the score with an Elo
//! interval.
//!
//! - [`run`]: the subcommand from its words to its summary;
//! - [`args`]: the subcommand's options and seats, checked into a [`args::MatchConfig`];
//! - [`duel`]: one duel between seats, played to its end;
//! - [`script_record`]: that duel written down as a replayable script;
//! - [`pool`]: runs the games on a few threads and reports each as it ends;
//! - [`stats`]: the tally and the Elo difference with its 95 % interval;
//! - [`summary`]: progress lines, the human summary and the JSON one.

pub mod args;
pub mod duel;
pub mod pool;
pub mod run;
pub mod script_record;
pub mod stats;
pub mod summary;
