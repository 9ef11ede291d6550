//! `spellcast match` from its command line to its summary: checks the
//! options and seats, plays the duels (of the share asked for) on the job
//! pool, writes a results line per duel when asked, and prints the summary;
//! or, with `--merge`, prints the summary of the results files given.

use super::args::{clock_seed, MatchArgs, SeatSpec};
use super::game::{play_game, save_folder};
use super::interrupt::{self, listen};
use super::pool::{run_match, Event};
use super::results::{merge, merge_error, ResultLine};
use super::schedule::{game_specs, GameSpec};
use super::scoreboard::Scoreboard;
use crate::outside_text::{one_line, MAX_LINE_CHARS, MAX_QUOTED_CHARS};
use crate::seat::{probe_program, stderr_sink, SeatOptions};
use clap::Parser;
use std::collections::BTreeSet;
use std::ffi::OsString;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

/// Exit status for bad usage: bad options, bad seats, a command that cannot
/// start, result files that cannot be read or merged.
const USAGE_STATUS: u8 = 2;

/// Runs `spellcast match`; `args` are the words after `match`.
pub fn run(args: &[OsString]) -> ExitCode {
    let mut words = vec![OsString::from("spellcast match")];
    words.extend_from_slice(args);
    let parsed = match MatchArgs::try_parse_from(words) {
        Ok(parsed) => parsed,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => return usage(&crate::cli::clap_error_line(&e)),
    };
    if !parsed.merge.is_empty() {
        return match merge(&parsed.merge) {
            Ok((seats, board)) => print_summary(&seats, &board, parsed.json),
            Err(e) => usage(&merge_error(&e)),
        };
    }
    let config = match parsed.into_config(clock_seed()) {
        Ok(config) => config,
        Err(e) => return usage(&e),
    };
    let options = SeatOptions {
        effort: config.effort,
        limit: config.limit,
        stderr: stderr_sink(),
    };
    // Each command once: a free-for-all may name the same program twice.
    let mut probed = BTreeSet::new();
    for (i, spec) in config.seats.iter().enumerate() {
        let side = seat_label(i, config.seats.len());
        if let SeatSpec::Program(command) = spec {
            if !probed.insert(command) {
                continue;
            }
            if let Err((failure, said)) = probe_program(command, options.limit, config.rules) {
                let spec = one_line(&spec.to_string(), MAX_QUOTED_CHARS);
                let line = format!("seat {side} ({spec}) cannot start: {failure}{said}");
                return usage(&one_line(&line, MAX_LINE_CHARS));
            }
        }
    }
    if let Some(dir) = &config.save {
        if let Err(e) = save_folder(dir) {
            return usage(&one_line(&e, MAX_LINE_CHARS));
        }
    }
    let mut results = match &config.results {
        Some(path) => match std::fs::File::create(path) {
            Ok(file) => Some((file, path.clone())),
            Err(e) => return usage(&results_error(path, &e)),
        },
        None => None,
    };
    let n = config.seats.len();
    let specs = config
        .shard
        .select(&game_specs(config.games, n, config.seed));
    let groups = specs.iter().map(|g| g.group).collect::<BTreeSet<_>>().len();
    let mut board = Scoreboard::new(n, config.games, groups);
    let mut write_error = None;
    let play = |game: &GameSpec| play_game(&config, &options, game);
    let total = specs.len();
    let (seats, json) = (&config.seats, config.json);
    let played = run_match(
        &specs,
        config.jobs,
        play,
        &mut board,
        &mut std::io::stderr(),
        listen,
        |event, board| match event {
            Event::Done(game, record) => {
                if let Some((file, path)) = results.as_mut() {
                    let line = ResultLine::new(&config, game, record).to_line();
                    if let Err(e) = file.write_all(line.as_bytes()) {
                        write_error.get_or_insert_with(|| results_error(path, &e));
                    }
                }
            }
            Event::Interrupted => interrupt::stop(seats, board, total, |seats, board| {
                let _ = print_summary(seats, board, json);
            }),
        },
    );
    if let Err(e) = played {
        eprintln!("spellcast: {e}");
        return ExitCode::from(1);
    }
    let status = print_summary(&config.seats, &board, config.json);
    match write_error {
        Some(line) => {
            eprintln!("spellcast: {line}");
            ExitCode::from(1)
        }
        None => status,
    }
}

/// How the one-line messages name a seat: A and B in a two-seat match,
/// else its number from 1.
fn seat_label(i: usize, seats: usize) -> String {
    match (seats, i) {
        (2, 0) => "A".to_string(),
        (2, _) => "B".to_string(),
        _ => (i + 1).to_string(),
    }
}

fn results_error(path: &Path, e: &std::io::Error) -> String {
    one_line(
        &format!("cannot write --results {}: {e}", path.display()),
        MAX_LINE_CHARS,
    )
}

/// Prints the summary on standard output.
fn print_summary(seats: &[SeatSpec], board: &Scoreboard, json: bool) -> ExitCode {
    let summary = if json {
        board.json(seats)
    } else {
        board.text(seats)
    };
    let mut out = std::io::stdout().lock();
    match out.write_all(summary.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("spellcast: cannot write the summary: {e}");
            ExitCode::from(1)
        }
    }
}

fn usage(error: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("spellcast: {error}");
    ExitCode::from(USAGE_STATUS)
}
