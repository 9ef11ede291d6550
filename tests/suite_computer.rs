//! The computer: its levels, decisions, tactics and self-play under every book.
//!
//! One test binary for a group of test files (each file a module), so that
//! `cargo test` links a few binaries instead of one per file. A new test
//! file goes into the group it belongs to; tests/docs.rs checks none is left out.

#[path = "common/random_play.rs"]
mod random_play;
#[path = "tactics/mod.rs"]
mod tactics;

#[path = "computer_books.rs"]
mod computer_books;
#[path = "computer_decisions.rs"]
mod computer_decisions;
#[path = "computer_easy.rs"]
mod computer_easy;
#[path = "computer_fit_data.rs"]
mod computer_fit_data;
#[path = "computer_match.rs"]
mod computer_match;
#[path = "computer_selfplay.rs"]
mod computer_selfplay;
#[path = "computer_tactics.rs"]
mod computer_tactics;
#[path = "computer_tactics_rules.rs"]
mod computer_tactics_rules;
#[path = "computer_weights.rs"]
mod computer_weights;
