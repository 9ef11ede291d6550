//! `spellcast`: wires the command line to the headless runner or the X11 game.

use clap::Parser;
use spellcast::cli::{Args, Command};
use std::process::ExitCode;

/// Exit status for bad usage and bad scripts, as clap itself uses.
const USAGE_STATUS: u8 = 2;

fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(args) => args,
        Err(e) => {
            // --help and --version are "errors" to clap but succeed for the user.
            let status = if e.use_stderr() { USAGE_STATUS } else { 0 };
            let _ = e.print();
            return ExitCode::from(status);
        }
    };
    match args.into_command() {
        Err(e) => {
            eprintln!("spellcast: {e}");
            ExitCode::from(USAGE_STATUS)
        }
        Ok(Command::Script { path, seed }) => spellcast::script::run_file(&path, seed),
        Ok(Command::Windows { displays, seed }) => spellcast::x11::run(displays, seed),
    }
}
