//! Replays every duel recorded from the 1993 original (tests/oracle, never
//! edited) through the engine, in process, and compares round types, active
//! players, questions, hit points and the result exactly as
//! ../shared/tools/compare.py does. Duels marked non-deterministic (Confusion
//! drew a random gesture or a random monster target) are compared up to the
//! round before their first random event: the round in which the first
//! Confusion is cast is the last one that cannot depend on it.
//!
//! So that partial work can land, the test fails only when fewer duels match
//! than tests/oracle/PASSING records (deterministic duels, then random ones);
//! raise those numbers with every improvement.

#[path = "engine_support/oracle_files.rs"]
mod oracle_files;

use serde_json::Value;
use spellcast::script::{play, Script};
use std::collections::BTreeMap;
use std::path::Path;

/// A question as a comparable string (spell names without regard to case).
fn question_key(q: &Value) -> String {
    let mut key = BTreeMap::new();
    for field in ["kind", "spell", "hand", "about", "answer"] {
        let mut v = q.get(field).cloned().unwrap_or(Value::Null);
        let spellish = field == "spell"
            || (field == "answer"
                && matches!(
                    q.get("kind").and_then(Value::as_str),
                    Some("spell" | "delay" | "permanent")
                ));
        if let (true, Some(s)) = (spellish, v.as_str()) {
            v = Value::String(s.to_lowercase());
        }
        key.insert(field, v);
    }
    serde_json::to_string(&key).expect("serialisable")
}

fn questions(round: &Value) -> BTreeMap<String, Vec<String>> {
    let mut out = BTreeMap::new();
    if let Some(map) = round.get("questions").and_then(Value::as_object) {
        for (player, list) in map {
            let mut keys: Vec<String> = list
                .as_array()
                .map(|l| l.iter().map(question_key).collect())
                .unwrap_or_default();
            keys.sort();
            if !keys.is_empty() {
                out.insert(player.clone(), keys);
            }
        }
    }
    out
}

fn hit_points(round: &Value) -> BTreeMap<String, i64> {
    round["beings"]
        .as_array()
        .map(|l| {
            l.iter()
                .map(|b| {
                    let label = match b.get("monster").and_then(Value::as_u64) {
                        Some(n) => format!("#{n}"),
                        None => b["name"].as_str().unwrap_or_default().to_string(),
                    };
                    (label, b["hp"].as_i64().unwrap_or(i64::MIN))
                })
                .collect()
        })
        .unwrap_or_default()
}

fn sorted_names(v: &Value) -> Vec<String> {
    let mut names: Vec<String> = v
        .as_array()
        .map(|l| {
            l.iter()
                .filter_map(|n| n.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// How many rounds of a non-deterministic duel cannot depend on chance:
/// those up to the first in which Confusion is aimed (its effect, random,
/// comes a round later at the earliest). None when no Confusion is cast.
fn rounds_before_chance(expected: &Value) -> Option<usize> {
    let rounds = expected["rounds"].as_array()?;
    rounds
        .iter()
        .position(|r| {
            r["questions"].as_object().is_some_and(|map| {
                map.values()
                    .flat_map(|l| l.as_array().into_iter().flatten())
                    .any(|q| {
                        q["kind"] == "target"
                            && q["spell"]
                                .as_str()
                                .is_some_and(|s| s.eq_ignore_ascii_case("confusion"))
                    })
            })
        })
        .map(|r| r + 1)
}

/// The first `n` rounds of a recorded duel: its script, and the expected
/// report without a result.
fn first_rounds(duel: &Value, n: usize) -> (Value, Value) {
    let mut script = duel["script"].clone();
    let mut expected = duel["expected"].clone();
    for rounds in [&mut script["rounds"], &mut expected["rounds"]] {
        if let Some(list) = rounds.as_array_mut() {
            list.truncate(n);
        }
    }
    expected["result"] = Value::Null;
    (script, expected)
}

/// None when the report matches what the original did, else the first
/// difference. An expected result of null is not compared.
fn difference(expected: &Value, report: &Value) -> Option<String> {
    let exp = expected["rounds"].as_array()?;
    let got = report["rounds"].as_array()?;
    for (i, e) in exp.iter().enumerate() {
        let Some(g) = got.get(i) else {
            return Some(format!(
                "round {}: report has only {} rounds",
                i + 1,
                got.len()
            ));
        };
        if e["type"] != g["type"] {
            return Some(format!(
                "round {}: type {} expected {}",
                i + 1,
                g["type"],
                e["type"]
            ));
        }
        if sorted_names(&e["active"]) != sorted_names(&g["active"]) {
            return Some(format!(
                "round {}: active {} expected {}",
                i + 1,
                g["active"],
                e["active"]
            ));
        }
        if hit_points(e) != hit_points(g) {
            return Some(format!(
                "round {}: hit points {:?} expected {:?}",
                i + 1,
                hit_points(g),
                hit_points(e)
            ));
        }
        if questions(e) != questions(g) {
            return Some(format!(
                "round {}: questions {:?} expected {:?}",
                i + 1,
                questions(g),
                questions(e)
            ));
        }
    }
    if got.len() > exp.len() {
        return Some(format!(
            "report has {} rounds, expected {}",
            got.len(),
            exp.len()
        ));
    }
    if !expected["result"].is_null() && report["result"] != expected["result"] {
        return Some(format!(
            "result {} expected {}",
            report["result"], expected["result"]
        ));
    }
    None
}

#[test]
fn recorded_duels_of_the_original_replay_exactly() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracle");
    let files = oracle_files::duel_files(&root);
    let (mut total, mut matched) = (0, 0);
    let (mut random_total, mut random_matched) = (0, 0);
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable duel");
        let duel: Value = serde_json::from_str(&text).expect("duel is JSON");
        let name = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .display()
            .to_string();
        let deterministic = duel["notes"]["deterministic"] == Value::Bool(true);
        let (script, expected) = if deterministic {
            total += 1;
            (duel["script"].clone(), duel["expected"].clone())
        } else {
            let Some(n) = rounds_before_chance(&duel["expected"]) else {
                failures.push(format!("{name}: random, but nobody casts Confusion"));
                continue;
            };
            random_total += 1;
            first_rounds(&duel, n)
        };
        // A Script borrows its strings from the text it is read from.
        let text = script.to_string();
        let script: Script = serde_json::from_str(&text).expect("the script parses");
        let outcome = match play(&script, None) {
            Err(e) => Some(format!("error: {e}")),
            Ok(report) => difference(&expected, &report),
        };
        match (outcome, deterministic) {
            (None, true) => matched += 1,
            (None, false) => random_matched += 1,
            (Some(d), _) => failures.push(format!("{name}: {d}")),
        }
    }
    for f in &failures {
        println!("{f}");
    }
    println!("{matched}/{total} recorded duels match");
    println!(
        "{random_matched}/{random_total} random ones match up to the round before their first random event"
    );
    let floors: Vec<usize> = std::fs::read_to_string(root.join("PASSING"))
        .expect("tests/oracle/PASSING exists")
        .split_whitespace()
        .map(|n| n.parse().expect("PASSING holds numbers"))
        .collect();
    let floor = floors.first().copied().unwrap_or(usize::MAX);
    let random_floor = floors.get(1).copied().unwrap_or(0);
    assert!(
        total > 400,
        "the recorded duels are missing ({total} found)"
    );
    assert!(
        matched >= floor,
        "{matched}/{total} recorded duels match, fewer than the {floor} in tests/oracle/PASSING"
    );
    assert!(
        random_matched >= random_floor,
        "{random_matched}/{random_total} random duels match up to their first random event, \
         fewer than the {random_floor} in tests/oracle/PASSING"
    );
}
