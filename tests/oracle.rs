//! Replays every duel recorded from the 1993 original (tests/oracle, never
//! edited) through the engine, in process, and compares round types, active
//! players, questions, hit points and the result exactly as
//! tests/oracle/README.md describes. Duels marked non-deterministic (Confusion
//! drew a random gesture or a random monster target) are compared up to the
//! round before their first random event: the round in which the first
//! Confusion is cast is the last one that cannot depend on it.
//!
//! So that partial work can land, the test fails only when fewer duels match
//! than tests/oracle/PASSING records (deterministic duels, then random ones);
//! raise those numbers with every improvement.

use crate::oracle_files;
use crate::report_compare;

use serde_json::Value;
use spellcast::script::{play, Script};
use std::path::Path;

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
            Ok(report) => report_compare::difference(&expected, &report),
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
