//! Everything without a window: the command line, the pages, scripts, program seats, matches and untrusted input.
//!
//! One test binary for a group of test files (each file a module), so that
//! `cargo test` links a few binaries instead of one per file. A new test
//! file goes into the group it belongs to; tests/docs.rs checks none is left out.

#[path = "analyse.rs"]
mod analyse;
mod common;

#[path = "claps_shown.rs"]
mod claps_shown;
#[path = "cli.rs"]
mod cli;
#[path = "docs.rs"]
mod docs;
#[path = "fuzz_untrusted.rs"]
mod fuzz_untrusted;
#[path = "fuzz_ways_in.rs"]
mod fuzz_ways_in;
#[path = "match_interrupt.rs"]
mod match_interrupt;
#[path = "match_rules.rs"]
mod match_rules;
#[path = "match_save.rs"]
mod match_save;
#[path = "match_shares.rs"]
mod match_shares;
#[path = "questions_asked.rs"]
mod questions_asked;
#[path = "script_limits.rs"]
mod script_limits;
#[path = "seat_match.rs"]
mod seat_match;
#[path = "seat_program.rs"]
mod seat_program;
#[path = "seat_untrusted.rs"]
mod seat_untrusted;
#[path = "strangers_smoke.rs"]
mod strangers_smoke;
#[path = "ways_in.rs"]
mod ways_in;
