//! Replays every deterministic duel recorded from the 1993 original
//! (tests/oracle, never edited) through the engine, in process, and compares
//! round types, active players, questions, hit points and the result exactly
//! as ../shared/tools/compare.py does.
//!
//! So that partial work can land, the test fails only when fewer duels match
//! than tests/oracle/PASSING records; raise that number with every improvement.

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

/// None when the report matches what the original did, else the first difference.
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
    if report["result"] != expected["result"] {
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
    let mut total = 0;
    let mut matched = 0;
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable duel");
        let duel: Value = serde_json::from_str(&text).expect("duel is JSON");
        if duel["notes"]["deterministic"] != Value::Bool(true) {
            continue;
        }
        total += 1;
        let name = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .display()
            .to_string();
        let script: Script =
            serde_json::from_value(duel["script"].clone()).expect("the script parses");
        match play(&script, None) {
            Err(e) => failures.push(format!("{name}: error: {e}")),
            Ok(report) => match difference(&duel["expected"], &report) {
                None => matched += 1,
                Some(d) => failures.push(format!("{name}: {d}")),
            },
        }
    }
    for f in &failures {
        println!("{f}");
    }
    println!("{matched}/{total} recorded duels match");
    let floor: usize = std::fs::read_to_string(root.join("PASSING"))
        .expect("tests/oracle/PASSING exists")
        .trim()
        .parse()
        .expect("PASSING holds a number");
    assert!(
        total > 400,
        "the recorded duels are missing ({total} found)"
    );
    assert!(
        matched >= floor,
        "{matched}/{total} recorded duels match, fewer than the {floor} in tests/oracle/PASSING"
    );
}
