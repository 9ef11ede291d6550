//! `spellcast --script`: a whole duel from JSON, without X, reported as JSON
//! (the format: man/spellcast-script.5).
//!
//! The runner is just another front end: it gives the script's moves to
//! the [`Driver`] and answers the questions it asks from the script, or
//! with each question's own pre-filled answer. The script is read into
//! typed structs (`input.rs`) and the report is written straight into a byte
//! buffer as the duel goes (`report.rs`): a script run is a short process, and
//! building JSON trees used to cost more than the duel itself.

mod answers;
mod escapes;
mod input;
mod report;

pub use input::{
    ByPlayer, PlayerEntry, Script, ScriptAnswer, ScriptRound, Text, MAX_ANSWERS, MAX_NAME_CHARS,
    MAX_ROUNDS, MAX_TEXT_CHARS,
};

use crate::driver::Driver;
use crate::engine::{Duel, Gesture, Hand, PlayerId, PlayerSpec, RoundKind, RuleSet, MAX_PLAYERS};
use crate::outside_text::{one_line, MAX_LINE_CHARS, MAX_QUOTED_CHARS};
use answers::{Answerer, Asked, Misfit};
use report::Report;
use serde_json::Value;
use thiserror::Error;

/// A script that cannot be played, with where the problem is: always one
/// line, whatever the script held ([`one_line`]).
#[derive(Debug, Error)]
pub enum ScriptError {
    /// The file could not be read.
    #[error("cannot read {}: {source}", one_line(path, MAX_QUOTED_CHARS))]
    Read {
        /// The script's path.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// Not JSON, or not the script's shape, outside the rounds.
    #[error("malformed script: {}", one_line(&.0.to_string(), MAX_LINE_CHARS))]
    Json(#[from] serde_json::Error),
    /// A round is not JSON or not a round's shape.
    #[error("round {round}: {}", one_line(&error.to_string(), MAX_LINE_CHARS))]
    RoundShape {
        /// 1-based round number.
        round: usize,
        /// What the JSON reader found.
        error: serde_json::Error,
    },
    /// The player list is wrong.
    #[error("players: {}", one_line(.0, MAX_LINE_CHARS))]
    Players(String),
    /// No rule book has this name.
    #[error("rules: no rule book is called {} (try {})", one_line(&format!("{:?}", .0), MAX_QUOTED_CHARS), RuleSet::names())]
    Rules(String),
    /// `"onyx"` names someone who is not playing, or comes under a book
    /// without the Onyx beam.
    #[error("onyx: {}", one_line(.0, MAX_LINE_CHARS))]
    Onyx(String),
    /// A round's field is wrong.
    #[error(
        "round {round}: {}: {}",
        one_line(field, MAX_QUOTED_CHARS),
        one_line(message, MAX_LINE_CHARS)
    )]
    Round {
        /// 1-based round number.
        round: usize,
        /// The offending field.
        field: String,
        /// What is wrong.
        message: String,
    },
}

/// Plays a script given as JSON text and appends the JSON report (without
/// a final newline) to `out`. On an error `out` may hold part of a report.
pub fn write_report(text: &str, seed: Option<u64>, out: &mut Vec<u8>) -> Result<(), ScriptError> {
    play_into(&parse(text)?, seed, out).map(drop)
}

/// As [`write_report`], with `rules` (the `--rules` option) overriding
/// the script's own `"rules"`, as `seed` overrides its seed.
pub fn write_report_under(
    text: &str,
    seed: Option<u64>,
    rules: Option<&str>,
    out: &mut Vec<u8>,
) -> Result<(), ScriptError> {
    play_into(&parse_under(text, rules)?, seed, out).map(drop)
}

/// The script, with `rules` (the `--rules` option) in place of its own.
fn parse_under<'a>(text: &'a str, rules: Option<&str>) -> Result<Script<'a>, ScriptError> {
    let mut script = parse(text)?;
    if let Some(rules) = rules {
        script.rules = Some(rules.to_string());
    }
    Ok(script)
}

/// As [`write_report_under`], for a process that ends once the report is
/// written (`spellcast --script`): the parsed script and the finished duel
/// are left whole rather than taken apart piece by piece (a free for every
/// round's lists and every event), since the process's end returns all of
/// their memory at once.
pub fn write_report_before_exit(
    text: &str,
    seed: Option<u64>,
    rules: Option<&str>,
    out: &mut Vec<u8>,
) -> Result<(), ScriptError> {
    let script = parse_under(text, rules)?;
    let duel = play_into(&script, seed, out)?;
    std::mem::forget(duel);
    std::mem::forget(script);
    Ok(())
}

/// The rule book a script names (`spellcast` when it names none).
pub fn rule_book(script: &Script) -> Result<&'static RuleSet, ScriptError> {
    match script.rules.as_deref() {
        None => Ok(RuleSet::original()),
        Some(name) => RuleSet::by_name(name).ok_or_else(|| ScriptError::Rules(name.to_string())),
    }
}

/// Plays a script given as JSON text and returns the report as a JSON value
/// (for tests; the program writes the report with [`write_report`]).
pub fn run_text(text: &str, seed: Option<u64>) -> Result<Value, ScriptError> {
    play(&parse(text)?, seed)
}

/// Parses a script, naming the round whose shape is wrong.
pub fn parse(text: &str) -> Result<Script<'_>, ScriptError> {
    input::parse(text).map_err(|failure| match failure.round {
        0 => ScriptError::Json(failure.error),
        round => ScriptError::RoundShape {
            round,
            error: failure.error,
        },
    })
}

/// Plays a parsed script and returns the report as a JSON value (for tests).
pub fn play(script: &Script, seed: Option<u64>) -> Result<Value, ScriptError> {
    let mut out = Vec::new();
    play_into(script, seed, &mut out)?;
    Ok(serde_json::from_slice(&out)?)
}

/// Turns the player list into engine specs. The engine checks the list
/// itself (count, empty, `nobody`, taken); the script format adds that a
/// name may not start with `#` (monsters are written `#N`) nor be `nobody`
/// in any case (answers name `nobody` without regard to case), and that a
/// gender after the colon is one of its four letters: the X resource reads
/// anything else as male, as the original did, but a script's author means
/// something by every field.
pub fn player_specs(players: &[String]) -> Result<Vec<PlayerSpec>, ScriptError> {
    let specs: Vec<PlayerSpec> = players.iter().map(|p| PlayerSpec::parse(p)).collect();
    crate::engine::check_players(&specs).map_err(|e| ScriptError::Players(e.to_string()))?;
    for (p, spec) in players.iter().zip(&specs) {
        if let Some((_, suffix)) = p.split_once(':') {
            if !matches!(suffix, "m" | "f" | "n" | "x" | "M" | "F" | "N" | "X") {
                let shown: String = suffix.chars().take(20).collect();
                return Err(ScriptError::Players(format!(
                    "{:?}: {shown:?} after the colon is not a gender (m, f, n or x)",
                    spec.name.chars().take(40).collect::<String>()
                )));
            }
        }
        if spec.name.eq_ignore_ascii_case("nobody") {
            return Err(ScriptError::Players(format!("{p:?} is not a usable name")));
        }
        if spec.name.starts_with('#') {
            return Err(ScriptError::Players(format!(
                "{p:?}: names starting with # are kept for monsters"
            )));
        }
    }
    Ok(specs)
}

/// Plays a parsed script and returns the duel as it stands at the end
/// (for tests that read more than the report, such as the narration).
pub fn play_duel(script: &Script, seed: Option<u64>) -> Result<Duel, ScriptError> {
    let (duel, names) = start(script, seed)?;
    play_rounds(script, duel, &names, |_, _, _, _| ())
}

/// Plays a parsed script, calling `seen` with the duel before the first
/// round and after each round played (the frames of `--replay`).
pub fn play_watching(
    script: &Script,
    seed: Option<u64>,
    mut seen: impl FnMut(&Duel),
) -> Result<Duel, ScriptError> {
    let (duel, names) = start(script, seed)?;
    seen(&duel);
    play_rounds(script, duel, &names, |duel, _, _, _| seen(duel))
}

/// Plays a parsed script, writing the report into `out`; returns the duel
/// at its end.
fn play_into(script: &Script, seed: Option<u64>, out: &mut Vec<u8>) -> Result<Duel, ScriptError> {
    let (duel, names) = start(script, seed)?;
    let mut report = Report::new(&names);
    let duel = play_rounds(script, duel, &names, |duel, kind, active, asked| {
        report.round(duel, kind, active, asked)
    })?;
    report.finish(&duel, out);
    Ok(duel)
}

/// The duel a script sets up, and its players' names in player order.
fn start(script: &Script, seed: Option<u64>) -> Result<(Duel, Vec<String>), ScriptError> {
    let rules = rule_book(script)?;
    let specs = player_specs(&script.players)?;
    let duel = Duel::with_rules(&specs, seed.unwrap_or(script.seed), rules)
        .map_err(|e| ScriptError::Players(e.to_string()))?;
    let names: Vec<String> = specs.into_iter().map(|s| s.name).collect();
    let duel = give_onyxes(script, duel, &names)?;
    Ok((duel, names))
}

/// Hands an Onyx to each holder `"onyx"` names; the engine refuses one
/// under a book without the beam, and keeps count of its use.
fn give_onyxes(script: &Script, mut duel: Duel, names: &[String]) -> Result<Duel, ScriptError> {
    for h in script.onyx.iter().flatten() {
        let p = names
            .iter()
            .position(|n| n == h)
            .ok_or_else(|| ScriptError::Onyx(format!("{h:?} is not a player")))?;
        duel.give_onyx(PlayerId::new(p))
            .map_err(|e| ScriptError::Onyx(e.to_string()))?;
    }
    Ok(duel)
}

/// The one loop that plays a script's rounds through the driver, calling
/// `after_round` with the duel, the round's kind, who was active and what was
/// asked after each round played; returns the duel at the end.
fn play_rounds(
    script: &Script,
    duel: Duel,
    names: &[String],
    mut after_round: impl FnMut(&Duel, RoundKind, &[bool], &[Asked]),
) -> Result<Duel, ScriptError> {
    let mut driver = Driver::new(duel);
    let mut answerer = Answerer::new();
    for (i, round) in script.rounds.iter().enumerate() {
        if driver.is_over() {
            break;
        }
        let kind = driver.duel().round_kind();
        let active = play_round(&mut driver, script, round, names, &mut answerer).map_err(
            |(field, message)| ScriptError::Round {
                round: i + 1,
                field,
                message,
            },
        )?;
        let duel = driver.duel();
        after_round(duel, kind, &active[..duel.players()], answerer.asked());
    }
    Ok(driver.into_inner())
}

/// Plays one round of the script; returns which players were active.
fn play_round<'s>(
    driver: &mut Driver,
    script: &'s Script<'s>,
    round: &ScriptRound,
    names: &[String],
    answerer: &mut Answerer<'s>,
) -> Result<[bool; MAX_PLAYERS], Misfit> {
    let player = |who: &str| names.iter().position(|n| n == who);
    let rules = driver.duel().rules();
    let mut moves = [(Gesture::Nothing, Gesture::Nothing); MAX_PLAYERS];
    for (i, (who, mv)) in script.moves_of(round).iter().enumerate() {
        // Moves are mostly written in the players' order: that player first.
        let p = match names.get(i) {
            Some(name) if name == &**who => Some(i),
            _ => player(who),
        };
        let p = p.ok_or_else(|| (format!("moves.{who}"), "no such player".to_string()))?;
        let mut letters = mv.chars().map(Gesture::from_script_letter);
        let misfit = |message: String| (format!("moves.{who}"), message);
        match (letters.next(), letters.next(), letters.next()) {
            (Some(Some(l)), Some(Some(r)), None) => moves[p] = (l, r),
            _ => {
                return Err(misfit(format!(
                    "{mv:?} is not two of {}",
                    letters_of(rules)
                )))
            }
        }
        let (l, r) = moves[p];
        for (hand, g) in [(Hand::Left, l), (Hand::Right, r)] {
            // A stab is recorded as nothing in a hand that cannot stab
            // (Death Match's left hand); any other letter the book lacks is an error.
            let lacking = !rules.allows(hand, g) && g != Gesture::Stab;
            if lacking && rules == RuleSet::original() {
                return Err(misfit(format!(
                    "{mv:?} is not two of {}",
                    letters_of(rules)
                )));
            }
            if lacking {
                return Err(misfit(format!(
                    "{mv:?}: {} is not a gesture of the {} rules",
                    g.script_letter(),
                    rules.name
                )));
            }
        }
        // Only a move that counts is asked (a frozen wizard's is ignored).
        let p = PlayerId::new(p);
        if driver.duel().is_active(p) {
            driver
                .duel()
                .check_move(p, (l, r))
                .map_err(|e| misfit(format!("{mv:?}: {e} (holders: \"onyx\")")))?;
        }
    }
    answerer.start(script, round, player)?;
    // Moves of inactive players are ignored; a missing move is `--`.
    let mut active = [false; MAX_PLAYERS];
    for (p, a) in active.iter_mut().enumerate().take(names.len()) {
        *a = driver.duel().is_active(PlayerId::new(p));
    }
    let mut leaving = Leaving::new(script.withdrawals_of(round), names)?;
    driver.begin_round();
    leaving.before_moves(driver);
    for (p, &m) in moves.iter().enumerate().take(names.len()) {
        if active[p] {
            driver
                .give_move(PlayerId::new(p), m)
                .map_err(|e| ("moves".to_string(), e.to_string()))?;
        }
    }
    while let Some(request) = driver.next_request() {
        let p = request.player;
        if leaving.before_answers(driver, p) {
            continue;
        }
        let duel = driver.duel();
        let indices = answerer.answer(duel, duel.open_questions(p), names)?;
        leaving.answered(p, indices.len());
        driver
            .give_answers_from(p, indices)
            .map_err(|e| (format!("answers.{}", names[p.index()]), e.to_string()))?;
    }
    if let Some((p, a)) = answerer.unused() {
        return Err((
            format!("answers.{}", names[p]),
            format!(
                "the {} answer {:?} fits no question asked",
                a.kind, a.answer
            ),
        ));
    }
    Ok(active)
}

/// The move letters a book allows, for messages (`P D F W S C k -`).
fn letters_of(rules: &RuleSet) -> String {
    if rules == RuleSet::original() {
        return "P D F W S C k -".to_string();
    }
    let mut letters: Vec<char> = Vec::new();
    for g in rules.gestures.iter().flat_map(|hand| hand.iter()) {
        if !letters.contains(&g.script_letter()) && *g != Gesture::Nothing {
            letters.push(g.script_letter());
        }
    }
    let mut out: String = letters.iter().flat_map(|c| [*c, ' ']).collect();
    out.push('-');
    out
}

/// The players a round's `withdraw` entry says left, and when: after how
/// many of their answers that round (0: before the moves).
struct Leaving {
    /// (player, answers to use before he leaves, answers used so far).
    players: Vec<(PlayerId, usize, usize)>,
}

impl Leaving {
    fn new(withdrawals: &[(Text, usize)], names: &[String]) -> Result<Leaving, Misfit> {
        let mut players = Vec::new();
        for (who, after) in withdrawals {
            let p = names
                .iter()
                .position(|n| *n == **who)
                .ok_or_else(|| (format!("withdraw.{who}"), "no such player".to_string()))?;
            players.push((PlayerId::new(p), *after, 0));
        }
        Ok(Leaving { players })
    }

    /// Withdraws those who left before the round's moves.
    fn before_moves(&mut self, driver: &mut Driver) {
        for &(p, after, _) in &self.players {
            if after == 0 {
                driver.withdraw(p);
            }
        }
    }

    /// Withdraws `p`, asked again after his last answer, if he left by
    /// now; whether he did.
    fn before_answers(&mut self, driver: &mut Driver, p: PlayerId) -> bool {
        let Some(&(_, after, used)) = self.players.iter().find(|(who, ..)| *who == p) else {
            return false;
        };
        if used < after || driver.duel().has_withdrawn(p) {
            return false;
        }
        driver.withdraw(p);
        true
    }

    /// Counts answers `p` gave.
    fn answered(&mut self, p: PlayerId, count: usize) {
        for (who, _, used) in &mut self.players {
            if *who == p {
                *used += count;
            }
        }
    }
}
