//! Real windows under Xvfb: duels, pixels, the far seat, replay, watchers, the helper.
//!
//! One test binary for a group of test files (each file a module), so that
//! `cargo test` links a few binaries instead of one per file. A new test
//! file goes into the group it belongs to; tests/docs.rs checks none is left out.

mod common;
mod x11_ui;

#[path = "fuzz_far_seat.rs"]
mod fuzz_far_seat;
#[path = "x11_books.rs"]
mod x11_books;
#[path = "x11_computer.rs"]
mod x11_computer;
#[path = "x11_deathmatch.rs"]
mod x11_deathmatch;
#[path = "x11_duel.rs"]
mod x11_duel;
#[path = "x11_helper.rs"]
mod x11_helper;
#[path = "x11_pixels.rs"]
mod x11_pixels;
#[path = "x11_players.rs"]
mod x11_players;
#[path = "x11_replay.rs"]
mod x11_replay;
#[path = "x11_resilience.rs"]
mod x11_resilience;
#[path = "x11_seat.rs"]
mod x11_seat;
#[path = "x11_transcript.rs"]
mod x11_transcript;
#[path = "x11_watch.rs"]
mod x11_watch;
#[path = "xvfb_harness.rs"]
mod xvfb_harness;
