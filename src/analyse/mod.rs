//! `spellcast analyse FILE --as NAME`: the computer as an analyst. The
//! script (man/spellcast-script.5) is played to its end, where the position
//! is wanted; the computer then decides the move of the wizard NAME exactly
//! as it would at that seat in a game with the script's seed (from the
//! seat's view only), and the report shows the move, its answers, the
//! options it weighed with their values and the replies it feared.
//!
//! Values are the search's, from -1 (a sure loss) to 1 (a sure win).

mod args;
mod report;

pub use args::{AnalyseArgs, Request};
pub use report::{json, text};

use crate::computer::{Computer, Examination, Level};
use crate::engine::{Duel, PlayerId, View};
use crate::input_file::{read_text, MAX_SCRIPT_BYTES};
use crate::outside_text::{one_line, MAX_QUOTED_CHARS};
use crate::script::{self, ScriptError};
use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;
use thiserror::Error;

/// Exit status for bad usage and bad input.
const USAGE_STATUS: u8 = 2;

/// Exit status when the report cannot be written.
const OUTPUT_STATUS: u8 = 1;

/// Why a position cannot be analysed: one line each.
#[derive(Debug, Error)]
pub enum AnalyseError {
    /// The script cannot be read or played.
    #[error(transparent)]
    Script(#[from] ScriptError),
    /// `--as` names nobody in the script.
    #[error("--as: {} is not a player of the script", one_line(&format!("{:?}", .0), MAX_QUOTED_CHARS))]
    NoSuchWizard(String),
    /// The duel ended within the script.
    #[error("the duel is over at the end of the script: there is no move to analyse")]
    Over,
    /// The wizard does not move in the next round (dead, surrendered, or
    /// left out of a haste or time-stop round).
    #[error("{} does not move in the next round", one_line(.0, MAX_QUOTED_CHARS))]
    NotToMove(String),
}

/// A position analysed: whose move, under what, and the examination.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// The wizard to move.
    pub wizard: PlayerId,
    /// What that wizard's seat sees (names, turn, book).
    pub view: View,
    /// The level that decided.
    pub level: Level,
    /// The decision opened up.
    pub examination: Examination,
}

/// Plays the script `text` and analyses the move of `request.wizard`.
pub fn analyse(text: &str, request: &Request) -> Result<Analysis, AnalyseError> {
    let script = script::parse(text)?;
    let seed = script.seed;
    let names: Vec<String> = script::player_specs(&script.players)?
        .into_iter()
        .map(|s| s.name)
        .collect();
    let duel = script::play_duel(&script, None)?;
    let wizard = names
        .iter()
        .position(|n| *n == request.wizard)
        .map(PlayerId::new)
        .ok_or_else(|| AnalyseError::NoSuchWizard(request.wizard.clone()))?;
    examine(&duel, wizard, seed, request)
}

/// Analyses the move of `wizard` in `duel`, between rounds.
pub fn examine(
    duel: &Duel,
    wizard: PlayerId,
    seed: u64,
    request: &Request,
) -> Result<Analysis, AnalyseError> {
    if duel.outcome().is_some() {
        return Err(AnalyseError::Over);
    }
    if !duel.is_active(wizard) {
        return Err(AnalyseError::NotToMove(request.wizard.clone()));
    }
    // As a computer seat does: a determinised copy of the seat's view.
    let seen = duel.seat_view(wizard).determinised(0).into_duel();
    let budget = request.level.budget_for(request.effort);
    let examination = Computer::new(request.level, wizard.index()).examine(&seen, seed, budget);
    Ok(Analysis {
        wizard,
        view: duel.view(wizard),
        level: request.level,
        examination,
    })
}

/// Runs `spellcast analyse`; `args` are the words after `analyse`.
pub fn run(args: &[OsString]) -> ExitCode {
    let request = match args::parse(args) {
        Ok(Some(request)) => request,
        Ok(None) => return ExitCode::SUCCESS,
        Err(line) => return fail(USAGE_STATUS, &line),
    };
    // A regular file, read to a cap: never a device or FIFO without end.
    let script_text = match read_text(&request.path, MAX_SCRIPT_BYTES) {
        Ok(script_text) => script_text,
        Err(e) => return fail(USAGE_STATUS, &e),
    };
    let analysis = match analyse(&script_text, &request) {
        Ok(analysis) => analysis,
        Err(e) => return fail(USAGE_STATUS, &e),
    };
    let out = if request.json {
        json(&analysis).to_string() + "\n"
    } else {
        text(&analysis)
    };
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(out.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(OUTPUT_STATUS, &format!("cannot write the analysis: {e}")),
    }
}

/// One error line on stderr and the given exit status.
fn fail(status: u8, error: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("spellcast analyse: {error}");
    ExitCode::from(status)
}
