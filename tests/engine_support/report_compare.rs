//! The comparison tests/oracle/README.md describes (with questions), shared by
//! the tests that replay recorded duels (tests/oracle.rs) and the rule-book
//! scenarios (tests/variants.rs): round types, active players, hit points of
//! every living being (monsters by creation number), the questions each player
//! was asked (as multisets of kind, spell, hand, about and answer), then the
//! result.

use serde_json::Value;
use std::collections::BTreeMap;

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

/// None when the report matches the expected one, else the first
/// difference. An expected result of null is not compared.
pub fn difference(expected: &Value, report: &Value) -> Option<String> {
    let Some(exp) = expected["rounds"].as_array() else {
        return Some("the expected report has no rounds".to_string());
    };
    let Some(got) = report["rounds"].as_array() else {
        return Some("the report has no rounds".to_string());
    };
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
