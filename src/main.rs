//! `spellcast`: wires the command line to the headless runner or the X11 game.
#![no_main]

mod arena;

use clap::Parser;
use spellcast::cli::{self, Args, Command};
use spellcast::script::{write_report, ScriptError};
use std::ffi::{c_char, c_int, OsString};
use std::io::{Read, Write};
use std::path::Path;
use std::process::ExitCode;

/// The C library's allocator, or a bump arena for a `--script` run.
#[global_allocator]
static ALLOCATOR: arena::Arena = arena::Arena::new();

/// Exit status for bad usage and bad scripts, as clap itself uses.
const USAGE_STATUS: u8 = 2;

/// Exit status when the report cannot be written.
const OUTPUT_STATUS: u8 = 1;

/// The C runtime's entry point, taken over from std (`no_main`).
///
/// Before calling a Rust `main`, std's start-up locates the main thread's stack
/// guard, which glibc does by parsing `/proc/self/maps` with `sscanf`: about
/// 100,000 instructions, a quarter of a short `--script` run's start-up. The
/// parts of that start-up this program relies on are done here instead:
/// SIGPIPE is ignored (a closed display or pipe must be an error to handle, not
/// a silent death), a panic ends the process with status 101, and standard
/// output is flushed at the end. What is lost: std's message on a stack
/// overflow (the process still dies, by SIGSEGV), and a panic message names
/// the thread `<unnamed>` instead of `main`.
#[unsafe(no_mangle)]
extern "C" fn main(_argc: c_int, _argv: *const *const c_char) -> c_int {
    ignore_sigpipe();
    let status = std::panic::catch_unwind(run).unwrap_or(ExitCode::from(PANIC_STATUS));
    let _ = std::io::stdout().flush();
    status_number(status)
}

/// Exit status after a panic, as std's own start-up gives it.
const PANIC_STATUS: u8 = 101;

/// The number behind an `ExitCode` (std offers only equality on it).
fn status_number(status: ExitCode) -> c_int {
    (0..=u8::MAX)
        .find(|&n| ExitCode::from(n) == status)
        .map_or(1, c_int::from)
}

/// Ignores SIGPIPE as std's start-up does: writes to a closed socket or pipe
/// then fail with EPIPE, which the X11 links and the report writer handle.
fn ignore_sigpipe() {
    const SIGPIPE: c_int = 13;
    const SIG_IGN: usize = 1;
    unsafe extern "C" {
        fn signal(signum: c_int, handler: usize) -> usize;
    }
    // SAFETY: `signal` is the C library's, with its C signature; setting
    // SIG_IGN for SIGPIPE touches no memory of ours and happens before any
    // thread is started.
    unsafe {
        signal(SIGPIPE, SIG_IGN);
    }
}

/// Parses the command line and runs what it asks for.
fn run() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == "match") {
        return spellcast::match_runner::run::run(&args[2..]);
    }
    let command = match cli::quick_script(&args) {
        Some(command) => command,
        None => match parse_with_clap(args) {
            Ok(command) => command,
            Err(status) => return status,
        },
    };
    match command {
        Command::Script { path, seed } => {
            ALLOCATOR.switch_on();
            run_script(&path, seed)
        }
        Command::Windows {
            displays,
            seats,
            seed,
        } => spellcast::x11::run(displays, seats, seed),
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
fn run_script(path: &Path, seed: Option<u64>) -> ExitCode {
    let text = match read_script(path) {
        Ok(text) => text,
        Err(e) => return fail(USAGE_STATUS, &e),
    };
    // A report is a few times the size of its script.
    let mut bytes = Vec::with_capacity(4 * text.len() + 4096);
    if let Err(e) = write_report(&text, seed, &mut bytes) {
        return fail(USAGE_STATUS, &e);
    }
    bytes.push(b'\n');
    let mut out = std::io::stdout().lock();
    match out.write_all(&bytes).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(OUTPUT_STATUS, &format!("cannot write the report: {e}")),
    }
}

/// The script's text, from the file or from standard input.
fn read_script(path: &Path) -> Result<String, ScriptError> {
    let text = if path == Path::new("-") {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map(|_| text)
    } else {
        std::fs::read_to_string(path)
    };
    text.map_err(|source| ScriptError::Read {
        path: path.display().to_string(),
        source,
    })
}

/// One error line on stderr and the given exit status.
fn fail(status: u8, error: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("spellcast: {error}");
    ExitCode::from(status)
}
