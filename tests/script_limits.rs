//! Scripts from anyone (issue 21): every limit the script format sets is
//! enforced with one clear line, reading costs stay linear, and a malformed
//! round is an error. Valid duels are untouched (tests/oracle.rs).

use spellcast::script::{run_text, MAX_ANSWERS, MAX_NAME_CHARS, MAX_ROUNDS, MAX_TEXT_CHARS};

/// The error a script gets; panics if it plays.
fn error(script: &str) -> String {
    match run_text(script, None) {
        Ok(_) => panic!("played: {}", &script[..script.len().min(200)]),
        Err(e) => e.to_string(),
    }
}

/// An error line fit for a terminal: no control characters, bounded.
fn assert_clean(line: &str) {
    assert!(!line.chars().any(char::is_control), "{line:?}");
    assert!(
        line.chars().count() <= 500,
        "{} characters",
        line.chars().count()
    );
}

fn with_rounds(rounds: &str) -> String {
    format!(r#"{{"players": ["Arnold", "Barbara:f"], "rounds": [{rounds}]}}"#)
}

#[test]
fn a_round_must_be_an_object() {
    for round in ["[]", "[{}]", "1", "\"moves\"", "null"] {
        let line = error(&with_rounds(&format!("{{}}, {round}")));
        assert!(line.starts_with("round 2: invalid type"), "{round}: {line}");
    }
    assert!(run_text(&with_rounds("{}, {}"), None).is_ok());
}

#[test]
fn objects_keyed_by_player_stop_at_the_ninth_key() {
    // 200,000 keys used to be compared each with all before it.
    for field in ["moves", "answers", "withdraw"] {
        let value = match field {
            "moves" => "\"PP\"",
            "answers" => "[]",
            _ => "0",
        };
        let keys: Vec<String> = (0..200_000).map(|i| format!("\"k{i}\": {value}")).collect();
        let line = error(&with_rounds(&format!(
            r#"{{"{field}": {{{}}}}}"#,
            keys.join(",")
        )));
        assert!(
            line.starts_with("round 1: more than 8 players given"),
            "{field}: {line}"
        );
    }
}

#[test]
fn rounds_are_limited() {
    let rounds = vec!["{}"; MAX_ROUNDS].join(",");
    let report = run_text(&with_rounds(&rounds), None).expect("the most rounds play");
    assert_eq!(report["rounds"].as_array().map(Vec::len), Some(MAX_ROUNDS));
    let line = error(&with_rounds(&format!("{rounds}, {{}}")));
    assert!(
        line.starts_with(&format!("round {}: a script holds at most", MAX_ROUNDS + 1)),
        "{line}"
    );
}

#[test]
fn names_and_players_are_limited() {
    let long = "N".repeat(MAX_NAME_CHARS);
    let script = format!(r#"{{"players": ["{long}:f", "B"], "rounds": [{{}}]}}"#);
    assert!(run_text(&script, None).is_ok());
    // A 1 MB name used to be printed in every round of the report.
    let huge = "N".repeat(1 << 20);
    for players in [
        format!(r#"["{long}x", "B"]"#),
        format!(r#"["A", "{huge}"]"#),
        format!(r#"["A", "B:{huge}"]"#),
    ] {
        let line = error(&format!(r#"{{"players": {players}}}"#));
        assert!(line.contains("players: player "), "{line}");
        assert!(line.contains(&format!("at most {MAX_NAME_CHARS} characters")));
        assert_clean(&line);
    }
    let line = error(r#"{"players": ["A", "B\u001b[2J"]}"#);
    assert!(
        line.contains("player 2: a name may not hold control characters"),
        "{line}"
    );
    let nine: Vec<String> = (1..=9).map(|i| format!("\"P{i}\"")).collect();
    let line = error(&format!(r#"{{"players": [{}]}}"#, nine.join(",")));
    assert!(
        line.contains("players: a duel needs 2 to 8 players"),
        "{line}"
    );
    let eight: Vec<String> = (1..=8).map(|i| format!("\"P{i}\"")).collect();
    assert!(run_text(&format!(r#"{{"players": [{}]}}"#, eight.join(",")), None).is_ok());
}

#[test]
fn answers_and_strings_in_rounds_are_limited() {
    let answer = r#"{"kind": "target", "answer": "Barbara"}"#;
    let many = vec![answer; MAX_ANSWERS + 1].join(",");
    let line = error(&with_rounds(&format!(
        r#"{{"answers": {{"Arnold": [{many}]}}}}"#
    )));
    assert!(
        line.contains(&format!("more than {MAX_ANSWERS} answers")),
        "{line}"
    );
    let long = "x".repeat(MAX_TEXT_CHARS + 1);
    for round in [
        format!(r#"{{"moves": {{"Arnold": "{long}"}}}}"#),
        format!(r#"{{"moves": {{"{long}": "PP"}}}}"#),
        format!(r#"{{"answers": {{"Arnold": [{{"kind": "{long}", "answer": "x"}}]}}}}"#),
    ] {
        let line = error(&with_rounds(&round));
        assert!(line.contains("a string longer than"), "{line}");
        assert_clean(&line);
    }
}

#[test]
fn errors_quoting_the_script_are_one_clean_line() {
    let nasty = r#"\n\u001b[31m\r\u0000\u2028\u202e"#;
    let scripts = [
        with_rounds(&format!(r#"{{"moves": {{"{nasty}": "PP"}}}}"#)),
        with_rounds(&format!(r#"{{"moves": {{"Arnold": "{nasty}"}}}}"#)),
        with_rounds(&format!(r#"{{"{nasty}": 1}}"#)),
        with_rounds(&format!(
            r#"{{"answers": {{"Arnold": [{{"kind": "{nasty}", "answer": "{nasty}"}}]}}}}"#
        )),
        with_rounds(&format!(
            r#"{{"withdraw": {{"Arnold": 0, "Arnold": 0, "{nasty}": 0}}}}"#
        )),
        format!(r#"{{"players": ["A", "B"], "{nasty}": 1}}"#),
        format!(
            r#"{{"players": ["A", "A"], "seed": "{}{nasty}"}}"#,
            "s".repeat(1 << 20)
        ),
        format!(r#"{{"players": ["{nasty}", "B"]}}"#),
        format!(r#"{{"players": ["nobody{nasty}", "B"]}}"#),
    ];
    for script in scripts {
        assert_clean(&error(&script));
    }
}
