//! `spellcast --script`: a whole duel from JSON, without X, reported as JSON.

use std::path::Path;
use std::process::ExitCode;

/// Runs the script at `path` (`-` = stdin) and prints the report.
pub fn run_file(path: &Path, seed: Option<u64>) -> ExitCode {
    let _ = (path, seed);
    eprintln!("spellcast: --script is not implemented yet");
    ExitCode::from(2)
}
