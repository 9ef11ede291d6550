//! `spellcast`: wires the command line to the headless runner or the X11 game.
#![forbid(unsafe_code)]

use clap::Parser;
use spellcast::cli::{self, Args, Command};
use spellcast::input_file::{read_capped, read_text, InputFileError, MAX_SCRIPT_BYTES};
use spellcast::script::write_report_before_exit;
use std::ffi::OsString;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

/// Exit status for bad usage and bad scripts, as clap itself uses.
const USAGE_STATUS: u8 = 2;

/// Exit status when the report cannot be written.
const OUTPUT_STATUS: u8 = 1;

/// Parses the command line and runs what it asks for. std's start-up has
/// already set SIGPIPE to be ignored, so a closed display or pipe is an error
/// the X11 links and the report writer handle, not a silent death.
fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == "match") {
        return spellcast::match_runner::run::run(&args[2..]);
    }
    if args.get(1).is_some_and(|a| a == "analyse") {
        return spellcast::analyse::run(&args[2..]);
    }
    let command = match cli::quick_script(&args) {
        Some(command) => command,
        None => match parse_with_clap(args) {
            Ok(command) => command,
            Err(status) => return status,
        },
    };
    match command {
        Command::Seat { display, helper } => spellcast::far_seat::run(display, helper),
        Command::Replay {
            path,
            display,
            helper,
        } => spellcast::replay::run(&path, display, helper),
        Command::Script { path, seed, rules } => run_script(&path, seed, rules.as_deref()),
        Command::Windows {
            displays,
            seats,
            seed,
            watch,
            pace_ms,
            helper,
            rules,
            onyx,
        } => {
            let watch = spellcast::x11::Watch {
                displays: watch,
                pace: std::time::Duration::from_millis(pace_ms),
                helper,
            };
            let book = spellcast::x11::BookChoice { rules, onyx };
            spellcast::x11::run(displays, seats, seed, watch, book)
        }
    }
}

/// The full command line through clap: help and version succeed, anything
/// else that cannot make a duel is one error line and exit status 2.
fn parse_with_clap(args: Vec<OsString>) -> Result<Command, ExitCode> {
    let error = match Args::try_parse_from(args) {
        Ok(args) => match args.into_command() {
            Ok(command) => return Ok(command),
            Err(e) => e.to_string(),
        },
        // --help and --version are "errors" to clap but succeed for the user.
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return Err(ExitCode::SUCCESS);
        }
        Err(e) => cli::clap_error_line(&e),
    };
    eprintln!("spellcast: {error}");
    Err(ExitCode::from(USAGE_STATUS))
}

/// Plays a script file (`-` = standard input) and writes the JSON report to
/// standard output in one write, not line by line through stdout's buffer.
fn run_script(path: &Path, seed: Option<u64>, rules: Option<&str>) -> ExitCode {
    let text = match read_script(path) {
        Ok(text) => text,
        Err(e) => return fail(USAGE_STATUS, &e),
    };
    // A report is a few times the size of its script.
    let mut bytes = Vec::with_capacity(4 * text.len() + 4096);
    if let Err(e) = write_report_before_exit(&text, seed, rules, &mut bytes) {
        return fail(USAGE_STATUS, &e);
    }
    bytes.push(b'\n');
    let mut out = std::io::stdout().lock();
    match out.write_all(&bytes).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(OUTPUT_STATUS, &format!("cannot write the report: {e}")),
    }
}

/// The script's text, from the file (a regular one) or from standard
/// input, at most [`MAX_SCRIPT_BYTES`] either way.
fn read_script(path: &Path) -> Result<String, InputFileError> {
    if path == Path::new("-") {
        read_capped(std::io::stdin().lock(), "-", MAX_SCRIPT_BYTES)
    } else {
        read_text(path, MAX_SCRIPT_BYTES)
    }
}

/// One error line on stderr and the given exit status.
fn fail(status: u8, error: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("spellcast: {error}");
    ExitCode::from(status)
}
