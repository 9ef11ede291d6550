//! The rules: spells, questions, interactions, self-play under every book, the recorded duels of the original and the variant examples.
//!
//! One test binary for a group of test files (each file a module), so that
//! `cargo test` links a few binaries instead of one per file. A new test
//! file goes into the group it belongs to; tests/docs.rs checks none is left out.

mod common;
mod engine_support;
#[path = "engine_support/oracle_files.rs"]
mod oracle_files;
#[path = "engine_support/report_compare.rs"]
mod report_compare;

#[path = "deathmatch_selfplay.rs"]
mod deathmatch_selfplay;
#[path = "engine_driving.rs"]
mod engine_driving;
#[path = "engine_interactions.rs"]
mod engine_interactions;
#[path = "engine_questions.rs"]
mod engine_questions;
#[path = "engine_reveal.rs"]
mod engine_reveal;
#[path = "engine_selfplay.rs"]
mod engine_selfplay;
#[path = "engine_spells.rs"]
mod engine_spells;
#[path = "gesticulation_selfplay.rs"]
mod gesticulation_selfplay;
#[path = "oracle.rs"]
mod oracle;
#[path = "oracle_events.rs"]
mod oracle_events;
#[path = "variants.rs"]
mod variants;
