//! `spellcast analyse` as a user meets it: a position in (a script), the
//! computer's move and its reasons out, the same twice at fixed rollouts,
//! bad input one line and exit status 2.
//!
//! The positions and what saves in them come from the rule text
//! (man/spellcast.6, "Counter-spell": "Any other spell cast upon the
//! subject in the same turn has no effect whatever"; "Lightning Bolt":
//! 5 points of damage, "a 'shield' spell offers no defence"; a wizard dies
//! at his fifteenth point of damage, two P at once surrender).

use serde_json::Value;
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

fn analyse(args: &[&str], script: &str) -> Output {
    // A folder per call, removed after it, so the run leaves no trace.
    let n = NEXT_FILE.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("spellcast-analyse-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join("script.json");
    std::fs::write(&path, script).expect("the script written");
    let path = path.to_string_lossy().into_owned();
    let mut words = vec!["analyse", path.as_str()];
    words.extend_from_slice(args);
    let out = Command::new(env!("CARGO_BIN_EXE_spellcast"))
        .args(&words)
        .stdin(Stdio::null())
        .output()
        .expect("run the spellcast binary");
    let _ = std::fs::remove_dir_all(&dir);
    out
}

/// A file per call, so tests running at once never share one.
static NEXT_FILE: AtomicUsize = AtomicUsize::new(0);

fn script(rounds: &[(&str, &str)]) -> String {
    let rounds: Vec<String> = rounds
        .iter()
        .map(|(w, b)| format!(r#"{{"moves":{{"White":"{w}","Black":"{b}"}}}}"#))
        .collect();
    format!(
        r#"{{"players":["White","Black"],"seed":11,"rounds":[{}]}}"#,
        rounds.join(",")
    )
}

/// Ten stabs leave White 5 of his 15 hit points; Black's left hand then
/// makes D F F D (a Lightning Bolt needs one more D: 5 damage, White's
/// death), while White's right hand makes W P (one more P completes the
/// Counter-spell W-P-P on himself, which the bolt cannot pass). Nothing
/// else White can complete this turn stops a bolt (a Shield does not), and
/// P with both hands is a surrender.
fn bolt_against_a_ready_counter() -> String {
    let mut rounds = vec![("--", "-k"); 10];
    rounds.extend_from_slice(&[("--", "D-"), ("--", "F-"), ("-W", "F-"), ("-P", "D-")]);
    script(&rounds)
}

fn json_of(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

#[test]
fn the_counter_spell_that_lands_with_the_bolt_is_the_move() {
    let out = analyse(
        &["--as", "White", "--rollouts", "300", "--json"],
        &bolt_against_a_ready_counter(),
    );
    let report = json_of(&out);
    let m = report["move"].as_str().expect("a move");
    assert!(m.ends_with('P') && !m.starts_with('P'), "{report}");
    assert_eq!(report["wizard"], "White");
    assert_eq!(report["enemy"], "Black");
    assert_eq!(report["rules"], "spellcast");
    assert!(report["rollouts"].as_u64().is_some_and(|n| n <= 300));
    let candidates = report["candidates"].as_array().expect("candidates");
    assert!(!candidates.is_empty() && candidates.len() <= 8);
    for c in candidates {
        assert!(c["move"].as_str().is_some_and(|m| m.chars().count() == 2));
        assert!(c["share"]
            .as_f64()
            .is_some_and(|s| (0.0..=1.0).contains(&s)));
    }
    assert!(report["replies"].as_array().is_some_and(|r| !r.is_empty()));
}

#[test]
fn the_same_position_at_fixed_rollouts_gets_the_same_answer() {
    let position = bolt_against_a_ready_counter();
    for level in ["medium", "hard"] {
        let args = ["--as", "White", "--level", level, "--rollouts", "120"];
        let first = analyse(&args, &position);
        let again = analyse(&args, &position);
        assert!(first.status.success());
        assert_eq!(first.stdout, again.stdout, "{level}");
    }
}

#[test]
fn the_text_names_the_move_and_the_candidates() {
    let out = analyse(
        &["--as", "Black", "--level", "medium", "--rollouts", "60"],
        &bolt_against_a_ready_counter(),
    );
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let first = text.lines().next().unwrap_or_default();
    assert!(first.starts_with("Black to move, turn 15"), "{text}");
    assert!(text.contains("\nmove: "), "{text}");
    assert!(text.contains("candidates"), "{text}");
    assert!(text.contains("White's replies expected:"), "{text}");
}

#[test]
fn easy_gives_its_move_without_a_search() {
    let out = analyse(
        &["--as", "White", "--level", "easy", "--json"],
        &bolt_against_a_ready_counter(),
    );
    let report = json_of(&out);
    assert_eq!(report["rollouts"], 0);
    assert!(report["candidates"].as_array().is_some_and(Vec::is_empty));
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    let good = bolt_against_a_ready_counter();
    let over = script(&[("PP", "--")]);
    let cases: [(&[&str], &str, &str); 6] = [
        (&["--as", "Nobody"], &good, "not a player"),
        (&["--as", "White", "--seed", "3"], &good, "--seed"),
        (
            &["--as", "White", "--level", "exploit-hard"],
            &good,
            "exploit-hard",
        ),
        (
            &["--as", "White", "--rollouts", "5", "--think-ms", "9"],
            &good,
            "cannot be used",
        ),
        (&["--as", "White"], "{\"players\": 3}", "malformed"),
        (&["--as", "White"], &over, "over"),
    ];
    for (args, text, says) in cases {
        let out = analyse(args, text);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"));
    }
}
