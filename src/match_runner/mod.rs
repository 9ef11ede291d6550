//! `spellcast match`: many headless duels between two seats, as chess and Go
//! engines are compared (cutechess-cli, fastchess): games in pairs on one
//! seed with the seats swapped, each pair from its own opening, a job pool,
//! and the score with an Elo interval; or free-for-alls of three to eight
//! seats, rotated through the places; a match split into shares played
//! anywhere and merged.
//!
//! - [`run`]: the subcommand from its words to its summary;
//! - [`args`]: the subcommand's options and seats, checked into a [`args::MatchConfig`];
//! - [`schedule`]: which games, on which seeds, with whom where; `--shard`;
//! - [`game`]: one game: seats opened in their places, played, saved;
//! - [`opening`]: the random first rounds a pair starts from;
//! - [`duel`]: one duel between seats, played to its end;
//! - [`script_record`]: that duel written down as a replayable script;
//! - [`pool`]: runs the games on a few threads and reports each as it ends;
//! - [`interrupt`]: Control-C: the summary of the duels played, then exit;
//! - [`scoreboard`]: the count, two-seat ([`stats`]) or free-for-all ([`free_for_all`]);
//! - [`stats`]: the two-seat tally and the Elo difference with its 95 % interval;
//! - [`free_for_all`]: wins per seat among three or more;
//! - [`summary`]: progress lines, the human summary and the JSON one (two seats);
//! - [`results`]: `--results` lines and `--merge`.

pub mod args;
pub mod duel;
pub mod free_for_all;
pub mod game;
pub mod interrupt;
pub mod opening;
pub mod pool;
pub mod results;
pub mod run;
pub mod schedule;
pub mod scoreboard;
pub mod script_record;
pub mod stats;
pub mod summary;
