//! The plain reader against serde: on every recorded script, written
//! compactly and spread over lines, and on many broken copies of some of
//! them, the plain reader either gives up or returns what serde returns.

use super::read;
use crate::script::input::parse_with_serde;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::path::{Path, PathBuf};

/// Every script part of the recorded duels (tests/oracle, tests/variants).
fn recorded_scripts() -> Vec<(PathBuf, serde_json::Value)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut files = Vec::new();
    let mut dirs = vec![root.join("oracle"), root.join("variants")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("a test folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "json") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
        .into_iter()
        .filter_map(|path| {
            let text = std::fs::read_to_string(&path).expect("a recorded duel");
            let duel: serde_json::Value = serde_json::from_str(&text).expect("JSON");
            let script = duel.get("script")?.clone();
            Some((path, script))
        })
        .collect()
}

/// What serde reads from `text`, or its error, as text.
fn serde_reading(text: &str) -> Result<String, String> {
    parse_with_serde(text)
        .map(|script| format!("{script:?}"))
        .map_err(|failure| failure.error.to_string())
}

#[test]
fn every_recorded_script_is_read_as_serde_reads_it() {
    let scripts = recorded_scripts();
    assert!(scripts.len() > 400, "{} scripts", scripts.len());
    let mut plain = 0;
    for (path, script) in &scripts {
        for text in [
            serde_json::to_string(script).expect("a script"),
            serde_json::to_string_pretty(script).expect("a script"),
        ] {
            let theirs = serde_reading(&text).expect("a recorded script reads");
            if let Some(ours) = read(&text) {
                assert_eq!(format!("{ours:?}"), theirs, "{}", path.display());
                plain += 1;
            }
        }
    }
    // Only scripts naming Onyx holders are left to serde.
    let onyx = scripts
        .iter()
        .filter(|(_, s)| s.get("onyx").is_some())
        .count();
    assert_eq!(plain, 2 * (scripts.len() - onyx));
}

#[test]
fn broken_scripts_are_left_to_serde_or_read_as_serde_reads_them() {
    let scripts = recorded_scripts();
    let mut rng = StdRng::seed_from_u64(33);
    let pieces = [
        "\"",
        "\\",
        "{",
        "}",
        "[",
        "]",
        ",",
        ":",
        "0",
        "07",
        "-1",
        "1e3",
        "1.5",
        "null",
        " ",
        "\n",
        "é",
        "\u{7f}",
        "\u{1}",
        "\"moves\"",
        "\"onyx\":\"A\",",
        "\"x\"",
        "true",
        "18446744073709551616",
        "\"withdraw\":{\"A\":1},",
        "\"spell\":null,",
    ];
    let (mut read_plain, mut refused) = (0, 0);
    for (_, script) in scripts.iter().step_by(7) {
        let text = serde_json::to_string(script).expect("a script");
        for _ in 0..200 {
            let mut broken: Vec<char> = text.chars().collect();
            for _ in 0..rng.gen_range(1..4) {
                let at = rng.gen_range(0..=broken.len());
                match rng.gen_range(0..3) {
                    0 if at < broken.len() => {
                        broken.remove(at);
                    }
                    1 => {
                        let end = (at + rng.gen_range(1..20)).min(broken.len());
                        let copy: Vec<char> = broken[at..end].to_vec();
                        broken.splice(at..at, copy);
                    }
                    _ => {
                        let piece = pieces[rng.gen_range(0..pieces.len())];
                        broken.splice(at..at, piece.chars());
                    }
                }
            }
            let broken: String = broken.into_iter().collect();
            let theirs = serde_reading(&broken);
            match read(&broken) {
                Some(ours) => {
                    assert_eq!(Ok(format!("{ours:?}")), theirs, "{broken}");
                    read_plain += 1;
                }
                None => refused += 1,
            }
        }
    }
    // Both ways out are exercised.
    assert!(read_plain > 100 && refused > 1000, "{read_plain} {refused}");
}

#[test]
fn limits_are_left_to_serde() {
    let long = "x".repeat(65);
    let wide = "é".repeat(64);
    for text in [
        format!(r#"{{"players":["A","B"],"rounds":[{{"moves":{{"A":"{long}"}}}}]}}"#),
        format!(r#"{{"players":["{long}","B"]}}"#),
        r#"{"players":["A","B","C","D","E","F","G","H","I"]}"#.to_string(),
        r#"{"players":["A","B"],"rounds":[{"moves":{"A":"PP","A":"PP"}}]}"#.to_string(),
        r#"{"players":["A","B"],"seed":1,"seed":2}"#.to_string(),
        r#"{"players":["A","B"],"rounds":[{"answers":{"A":[{"kind":"target"}]}}]}"#.to_string(),
        r#"{"players":["A\u0042","B"]}"#.to_string(),
        r#"{"players":["A","B"]} x"#.to_string(),
    ] {
        assert!(read(&text).is_none(), "{text}");
    }
    // Sixty-four characters of two bytes each are within the limit.
    let text = format!(r#"{{"players":["A","B"],"rounds":[{{"moves":{{"A":"{wide}"}}}}]}}"#);
    assert_eq!(
        read(&text).map(|s| format!("{s:?}")),
        serde_reading(&text).ok()
    );
}
