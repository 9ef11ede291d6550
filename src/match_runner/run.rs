//! `spellcast match` from its command line to its summary: checks the
//! options and seats, plays the duels on the job pool, saves each as a
//! script when asked, and prints the summary.

use super::args::{clock_seed, MatchArgs, MatchConfig, SeatSpec};
use super::duel::{play_duel, Played};
use super::pool::{run_match, GameSpec};
use super::stats::{DuelRecord, Side};
use super::summary::{json_summary, text_summary};
use crate::engine::{Outcome, PlayerSpec};
use crate::outside_text::{one_line, MAX_LINE_CHARS, MAX_QUOTED_CHARS};
use crate::seat::{open_seat, probe_program, stderr_sink, SeatOptions};
use clap::Parser;
use std::ffi::OsString;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

/// Exit status for bad usage: bad options, bad seats, a command that cannot start.
const USAGE_STATUS: u8 = 2;

/// The wizards' names, seat A's then seat B's (whichever player they are).
const NAMES: [&str; 2] = ["Arnold", "Barbara:f"];

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
    let config = match parsed.into_config(clock_seed()) {
        Ok(config) => config,
        Err(e) => return usage(&e),
    };
    let options = SeatOptions {
        think: config.think,
        limit: config.limit,
        stderr: stderr_sink(),
    };
    for (side, spec) in ["A", "B"].iter().zip(&config.seats) {
        if let SeatSpec::Program(command) = spec {
            if let Err((failure, said)) = probe_program(command, options.limit) {
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
    let play = |game: &GameSpec| play_game(&config, &options, game);
    let tally = match run_match(
        config.games,
        config.seed,
        config.jobs,
        play,
        &mut std::io::stderr(),
    ) {
        Ok(tally) => tally,
        Err(e) => {
            eprintln!("spellcast: {e}");
            return ExitCode::from(1);
        }
    };
    let summary = if config.json {
        let json = serde_json::to_string(&json_summary(&config.seats, &tally));
        json.map(|j| j + "\n").unwrap_or_else(|e| {
            debug_assert!(false, "a summary that cannot be written: {e}");
            String::new()
        })
    } else {
        text_summary(&config.seats, &tally)
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

/// Plays one game of the match and saves it if asked.
fn play_game(
    config: &MatchConfig,
    options: &SeatOptions,
    game: &GameSpec,
) -> Result<DuelRecord, String> {
    // Player i is seat A or B; the same seat's computer gets the same seed in
    // both games of a pair.
    let side_of = |player: usize| {
        if game.player_of(Side::A) == player {
            Side::A
        } else {
            Side::B
        }
    };
    let index = |side: Side| usize::from(side == Side::B);
    let mut players = Vec::new();
    let mut seats = Vec::new();
    for player in 0..2 {
        let side = index(side_of(player));
        let spec = PlayerSpec::parse(NAMES[side]);
        let seed = game.seed ^ (0x5eed_0000 + side as u64);
        let seat = open_seat(&config.seats[side], &spec.name, options, seed)
            .map_err(|e| format!("{} ({}) {e}", spec.name, config.seats[side]))?;
        players.push(spec);
        seats.push(seat);
    }
    let played = play_duel(&players, game.seed, seats, stderr_sink()).map_err(|e| e.to_string())?;
    if let Some(dir) = &config.save {
        save(dir, game.index, &played)?;
    }
    let winner = match played.outcome {
        Some(Outcome::Winner(p)) => Some(side_of(p.index())),
        _ => None,
    };
    Ok(DuelRecord {
        winner,
        ending: played.ending,
        failed: [
            played.failed[game.player_of(Side::A)],
            played.failed[game.player_of(Side::B)],
        ],
    })
}

/// Makes the `--save` folder if needed, and refuses one that already
/// holds duel files: a match never overwrites an earlier one's duels.
fn save_folder(dir: &Path) -> Result<(), String> {
    let shown = dir.display();
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {shown}: {e}"))?;
    let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read {shown}: {e}"))?;
    for entry in entries.flatten() {
        let name = entry.file_name();
        if is_duel_file(&name.to_string_lossy()) {
            return Err(format!(
                "--save {shown} already holds duel files ({}); name an empty or new folder",
                name.to_string_lossy()
            ));
        }
    }
    Ok(())
}

/// Whether a file name is one `--save` writes: `duel-N.json`.
fn is_duel_file(name: &str) -> bool {
    name.strip_prefix("duel-")
        .and_then(|rest| rest.strip_suffix(".json"))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Writes game `index` (0-based) as `DIR/duel-N.json`, N from 1: a new
/// file (never one already there, nor through a link planted in its place),
/// readable only by its owner, like the transcript.
fn save(dir: &Path, index: usize, played: &Played) -> Result<(), String> {
    use std::os::unix::fs::OpenOptionsExt;
    let path = dir.join(format!("duel-{}.json", index + 1));
    let text = serde_json::to_string_pretty(&played.script).map_err(|e| e.to_string())?;
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&path)
        .and_then(|mut file| file.write_all((text + "\n").as_bytes()))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}
