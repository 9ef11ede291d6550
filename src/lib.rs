//! spellcast: a game of duelling wizards.
//!
//! The crate is split the way the game is: a pure rules [`engine`] that knows
//! nothing about X11 or files, a headless [`script`] runner that drives it from
//! JSON, and an [`x11`] front end that opens one window per player.

#![warn(missing_docs)]

pub mod cli;
pub mod computer;
mod decimal;
pub mod engine;
pub mod game;
pub mod match_runner;
pub mod outside_text;
pub mod script;
pub mod seat;
pub mod transcript_file;
pub mod x11;
