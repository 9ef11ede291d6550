//! `spellcast --script`: a whole duel from JSON, without X, reported as JSON
//! (format: docs in the README and `man spellcast`).
//!
//! The runner is just another front end: it feeds the script's moves to
//! [`Duel::start_round`] and answers the engine's questions from the script,
//! or with each question's own pre-filled answer.

use crate::engine::{
    BeingId, Choice, Duel, Gesture, Outcome, PlayerId, PlayerSpec, Question, QuestionKind, Spell,
    Step,
};
use serde::Deserialize;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;
use std::process::ExitCode;
use thiserror::Error;

/// A script that cannot be played, with where the problem is.
#[derive(Debug, Error)]
pub enum ScriptError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The script's path.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// Not JSON, or not the script's shape.
    #[error("malformed script: {0}")]
    Json(#[from] serde_json::Error),
    /// The player list is wrong.
    #[error("players: {0}")]
    Players(String),
    /// A top-level field has the wrong shape.
    #[error("malformed script: {0}")]
    Shape(String),
    /// A round's field is wrong.
    #[error("round {round}: {field}: {message}")]
    Round {
        /// 1-based round number.
        round: usize,
        /// The offending field.
        field: String,
        /// What is wrong.
        message: String,
    },
}

/// The script as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Script {
    /// `name[:g]` of each player, player 0 first.
    pub players: Vec<String>,
    /// Seeds every random choice.
    #[serde(default)]
    pub seed: u64,
    /// One entry per round.
    #[serde(default)]
    pub rounds: Vec<ScriptRound>,
}

/// One round of a script.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScriptRound {
    /// Player name → two-letter move.
    #[serde(default)]
    pub moves: BTreeMap<String, String>,
    /// Player name → answers to that player's questions this round.
    #[serde(default)]
    pub answers: BTreeMap<String, Vec<ScriptAnswer>>,
}

/// An answer, with the fields that pick the question it answers.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScriptAnswer {
    /// Question kind (`target`, `spell`, `monster`, ...).
    pub kind: String,
    /// For target and release questions.
    #[serde(default)]
    pub spell: Option<String>,
    /// For target and spell questions.
    #[serde(default)]
    pub hand: Option<String>,
    /// For monster, paralyze and charm questions.
    #[serde(default)]
    pub about: Option<String>,
    /// The answer itself.
    pub answer: String,
}

/// Reads and plays the script at `path` (`-` = stdin), prints the report,
/// and returns the exit status (2 for a bad script).
pub fn run_file(path: &Path, seed: Option<u64>) -> ExitCode {
    let text = if path == Path::new("-") {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).map(|_| s)
    } else {
        std::fs::read_to_string(path)
    };
    let result = text
        .map_err(|source| ScriptError::Read {
            path: path.display().to_string(),
            source,
        })
        .and_then(|t| run_text(&t, seed));
    match result {
        Ok(report) => {
            println!("{report}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("spellcast: {e}");
            ExitCode::from(2)
        }
    }
}

/// Plays a script given as JSON text and returns the JSON report.
pub fn run_text(text: &str, seed: Option<u64>) -> Result<Value, ScriptError> {
    play(&parse(text)?, seed)
}

/// Parses a script, naming the round whose shape is wrong.
pub fn parse(text: &str) -> Result<Script, ScriptError> {
    let mut value: Value = serde_json::from_str(text)?;
    // Rounds are read one by one so that an error can say which.
    let rounds = match value.as_object_mut().and_then(|o| o.remove("rounds")) {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(list)) => list,
        Some(_) => return Err(ScriptError::Shape("rounds must be a list".into())),
    };
    let mut script: Script = serde_json::from_value(value)?;
    for (i, round) in rounds.into_iter().enumerate() {
        let round = serde_json::from_value(round).map_err(|e| ScriptError::Round {
            round: i + 1,
            field: "round".into(),
            message: e.to_string(),
        })?;
        script.rounds.push(round);
    }
    Ok(script)
}

/// Turns the player list into engine specs. The engine checks the list
/// itself (count, empty, `nobody`, taken); the script format adds that a
/// name may not start with `#` (monsters are written `#N`) nor be `nobody`
/// in any case (answers name `nobody` without regard to case).
pub fn player_specs(players: &[String]) -> Result<Vec<PlayerSpec>, ScriptError> {
    let specs: Vec<PlayerSpec> = players.iter().map(|p| PlayerSpec::parse(p)).collect();
    crate::engine::check_players(&specs).map_err(|e| ScriptError::Players(e.to_string()))?;
    for (p, spec) in players.iter().zip(&specs) {
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

/// Plays a parsed script.
pub fn play(script: &Script, seed: Option<u64>) -> Result<Value, ScriptError> {
    let specs = player_specs(&script.players)?;
    let names: Vec<String> = specs.iter().map(|s| s.name.clone()).collect();
    let mut duel = Duel::new(&specs, seed.unwrap_or(script.seed))
        .map_err(|e| ScriptError::Players(e.to_string()))?;
    let mut rounds = Vec::new();
    for (i, round) in script.rounds.iter().enumerate() {
        if duel.outcome().is_some() {
            break;
        }
        let number = i + 1;
        let err = |field: String, message: String| ScriptError::Round {
            round: number,
            field,
            message,
        };
        let mut moves = vec![(Gesture::Nothing, Gesture::Nothing); names.len()];
        for (who, mv) in &round.moves {
            let p = names
                .iter()
                .position(|n| n == who)
                .ok_or_else(|| err(format!("moves.{who}"), "no such player".into()))?;
            let letters: Vec<Option<Gesture>> =
                mv.chars().map(Gesture::from_script_letter).collect();
            match letters.as_slice() {
                [Some(l), Some(r)] => moves[p] = (*l, *r),
                _ => {
                    return Err(err(
                        format!("moves.{who}"),
                        format!("{mv:?} is not two of P D F W S C k -"),
                    ))
                }
            }
        }
        for who in round.answers.keys() {
            if !names.contains(who) {
                return Err(err(format!("answers.{who}"), "no such player".into()));
            }
        }
        let kind = duel.round_kind();
        // Moves of inactive players are ignored; a missing move is `--`.
        let moves: Vec<Option<(Gesture, Gesture)>> = moves
            .into_iter()
            .enumerate()
            .map(|(p, m)| duel.is_active(PlayerId::new(p)).then_some(m))
            .collect();
        let active: Vec<String> = (0..names.len())
            .filter(|&p| moves[p].is_some())
            .map(|p| names[p].clone())
            .collect();
        let mut answerer = ScriptAnswerer::new(&names, round);
        let mut step = duel
            .start_round(&moves)
            .map_err(|e| err("moves".into(), e.to_string()))?;
        while step == Step::Questions {
            let Some(p) = duel.waiting_on().next() else {
                break;
            };
            let answers = answerer.answer(&duel, duel.open_questions(p));
            step = duel
                .answer(p, &answers)
                .map_err(|e| err(format!("answers.{}", names[p.index()]), e.to_string()))?;
        }
        if let Some((field, message)) = answerer.error {
            return Err(err(field, message));
        }
        if let Some((who, a)) = answerer.unused() {
            return Err(err(
                format!("answers.{who}"),
                format!(
                    "the {} answer {:?} fits no question asked",
                    a.kind, a.answer
                ),
            ));
        }
        rounds.push(json!({
            "type": kind.script_name(),
            "active": active,
            "questions": answerer.asked,
            "beings": round_beings(&duel),
        }));
    }
    Ok(report(&duel, &names, rounds))
}

/// How a being is written in a report: wizards by name, monsters as `#N`.
fn being_label(game: &Duel, b: BeingId) -> String {
    let being = game.being(b);
    if being.is_wizard() {
        being.name.clone()
    } else {
        format!("#{}", being.monster_number)
    }
}

/// The living beings after a round. A wizard who surrendered leaves at the
/// end of his surrender turn, unless the duel ends then: the original keeps
/// him alive at the end.
fn round_beings(game: &Duel) -> Vec<Value> {
    game.beings()
        .iter()
        .filter(|b| b.alive)
        .map(|b| {
            if b.is_wizard() {
                json!({ "name": b.name, "hp": b.hp })
            } else {
                json!({ "name": b.name, "monster": b.monster_number, "hp": b.hp })
            }
        })
        .collect()
}

fn report(game: &Duel, names: &[String], rounds: Vec<Value>) -> Value {
    let result = match game.outcome() {
        Some(Outcome::Winner(w)) => json!({ "winner": names[w.index()] }),
        Some(Outcome::Draw) => json!({ "draw": true }),
        None => json!({ "unfinished": true }),
    };
    let beings: Vec<Value> = game
        .beings()
        .iter()
        .map(|b| {
            let mut v = Map::new();
            v.insert("name".into(), json!(b.name));
            v.insert("kind".into(), json!(b.kind.name()));
            if !b.is_wizard() {
                v.insert("monster".into(), json!(b.monster_number));
            }
            v.insert("hp".into(), json!(b.hp));
            v.insert("alive".into(), json!(b.alive));
            v.insert("surrendered".into(), json!(b.surrendered));
            v.insert("flags".into(), json!(b.flags()));
            v.insert(
                "controller".into(),
                json!(b.controller().map(|o| names[o.index()].clone())),
            );
            Value::Object(v)
        })
        .collect();
    json!({
        "players": names,
        "rounds": rounds,
        "result": result,
        "beings": beings,
        "transcript": game.transcript(),
    })
}

/// Answers questions from one round of a script and records what was asked.
struct ScriptAnswerer<'a> {
    names: &'a [String],
    answers: Vec<(String, ScriptAnswer, bool)>,
    asked: BTreeMap<String, Vec<Value>>,
    error: Option<(String, String)>,
}

impl<'a> ScriptAnswerer<'a> {
    fn new(names: &'a [String], round: &ScriptRound) -> ScriptAnswerer<'a> {
        let answers = round
            .answers
            .iter()
            .flat_map(|(who, list)| list.iter().map(move |a| (who.clone(), a.clone(), false)))
            .collect();
        ScriptAnswerer {
            names,
            answers,
            asked: BTreeMap::new(),
            error: None,
        }
    }

    fn unused(&self) -> Option<(&str, &ScriptAnswer)> {
        self.answers
            .iter()
            .find(|(_, _, used)| !used)
            .map(|(w, a, _)| (w.as_str(), a))
    }
}

/// The fields of a question as a script names them: (spell, hand, about).
fn question_fields(game: &Duel, q: &Question) -> (Option<String>, Option<String>, Option<String>) {
    match &q.kind {
        QuestionKind::SpellChoice { hand } => (None, Some(hand.name().into()), None),
        QuestionKind::Target { spell, hand } => (
            Some(spell.name().into()),
            Some(hand.script_name().into()),
            None,
        ),
        QuestionKind::Monster { monster, .. } => (None, None, Some(being_label(game, *monster))),
        QuestionKind::ParalyzeHand { victim }
        | QuestionKind::CharmHand { victim }
        | QuestionKind::CharmGesture { victim, .. } => {
            (None, None, Some(being_label(game, *victim)))
        }
        QuestionKind::Release { spell } => (Some(spell.name().into()), None, None),
        QuestionKind::Elemental | QuestionKind::Delay | QuestionKind::Permanent => {
            (None, None, None)
        }
    }
}

/// How a choice is written in a script or report.
fn choice_text(game: &Duel, c: Choice) -> String {
    match c {
        Choice::Nobody => "nobody".into(),
        Choice::Being(b) => being_label(game, b),
        Choice::Spell { spell, .. } => spell.name().into(),
        Choice::Hand(h) => h.name().into(),
        Choice::Fire(true) => "fire".into(),
        Choice::Fire(false) => "ice".into(),
        Choice::Yes(true) => "yes".into(),
        Choice::Yes(false) => "no".into(),
        Choice::Gesture(g) => g.script_letter().to_string(),
    }
}

/// Whether a script's answer text names this choice.
fn names_choice(game: &Duel, c: Choice, text: &str) -> bool {
    match c {
        Choice::Being(b) if !game.being(b).is_wizard() => {
            text == being_label(game, b) || text == game.being(b).name
        }
        Choice::Spell { spell, .. } => {
            Spell::by_name(text).is_some_and(|s| s.name() == spell.name())
        }
        Choice::Gesture(_) => choice_text(game, c) == text,
        _ => choice_text(game, c).eq_ignore_ascii_case(text),
    }
}

fn same_field(given: &Option<String>, actual: &Option<String>, spell: bool) -> bool {
    match (given, actual) {
        (None, _) => true,
        (Some(g), Some(a)) if spell => g.eq_ignore_ascii_case(a),
        (Some(g), Some(a)) => g == a,
        (Some(_), None) => false,
    }
}

impl ScriptAnswerer<'_> {
    /// Answers one player's open questions: from the script where an answer
    /// fits, else with the question's own pre-filled answer.
    fn answer(&mut self, game: &Duel, batch: &[Question]) -> Vec<usize> {
        let mut out = Vec::with_capacity(batch.len());
        for q in batch {
            let who = &self.names[q.player.index()];
            let (spell, hand, about) = question_fields(game, q);
            let about_matches = |given: &Option<String>| match (&q.kind, given) {
                (QuestionKind::Monster { monster, .. }, Some(g)) => {
                    *g == being_label(game, *monster) || *g == game.being(*monster).name
                }
                _ => same_field(given, &about, false),
            };
            let found = self.answers.iter().position(|(w, a, used)| {
                !used
                    && w == who
                    && a.kind == q.kind.script_kind()
                    && same_field(&a.spell, &spell, true)
                    && same_field(&a.hand, &hand, false)
                    && about_matches(&a.about)
            });
            let mut index = q.fallback();
            if let Some(i) = found {
                self.answers[i].2 = true;
                let text = &self.answers[i].1.answer;
                match q.options.iter().position(|&c| names_choice(game, c, text)) {
                    Some(k) => index = k,
                    None => {
                        if self.error.is_none() {
                            self.error = Some((
                                format!("answers.{who}"),
                                format!(
                                    "{text:?} is not a legal answer to the {} question",
                                    q.kind.script_kind()
                                ),
                            ));
                        }
                    }
                }
            }
            let mut entry = Map::new();
            entry.insert("kind".into(), json!(q.kind.script_kind()));
            if let Some(s) = spell {
                entry.insert("spell".into(), json!(s));
            }
            if let Some(h) = hand {
                entry.insert("hand".into(), json!(h));
            }
            if let Some(a) = about {
                entry.insert("about".into(), json!(a));
            }
            entry.insert("answer".into(), json!(choice_text(game, q.options[index])));
            self.asked
                .entry(who.clone())
                .or_default()
                .push(Value::Object(entry));
            out.push(index);
        }
        out
    }
}
