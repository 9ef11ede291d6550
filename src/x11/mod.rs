//! The X11 front end: one window per display, all driven by one engine.

use std::process::ExitCode;

/// Opens one window per display and plays the duel.
pub fn run(displays: Vec<Option<String>>, seed: Option<u64>) -> ExitCode {
    let _ = (displays, seed);
    eprintln!("spellcast: the X11 front end is not implemented yet");
    ExitCode::from(1)
}
