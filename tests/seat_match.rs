//! `spellcast match` as a bot writer meets it: the built binary with real
//! child processes, its summary, its saved duels replayed by `--script`, and
//! its one-line errors.

use serde_json::Value;
use std::path::{Path, PathBuf};

use crate::common;
use common::match_run::{fresh_dir, spellcast, text, usage_error};

const RANDOM_PLAYER: &str = "program:python3 tests/players/random_player.py";

/// Runs a match with `--json --save DIR` and returns the summary.
fn json_match(a: &str, b: &str, games: &str, dir: &Path) -> (Value, String) {
    let dir = dir.to_str().expect("a UTF-8 path");
    let out = spellcast(&[
        "match", a, b, "--games", games, "--seed", "11", "--jobs", "2", "--json", "--save", dir,
    ]);
    let errors = text(&out.stderr);
    assert!(out.status.success(), "{errors}");
    let summary = serde_json::from_slice(&out.stdout).expect("one JSON object");
    (summary, errors)
}

/// Replays every saved duel with `--script` and counts the results: wins of
/// seat A's wizard (Arnold), of seat B's (Barbara), and draws.
fn replayed_tally(dir: &Path) -> (u64, u64, u64) {
    let mut tally = (0, 0, 0);
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("saved duels")
        .map(|e| e.expect("an entry").path())
        .collect();
    files.sort();
    for file in files {
        let out = spellcast(&["--script", file.to_str().expect("a UTF-8 path")]);
        assert!(
            out.status.success(),
            "{}: {}",
            file.display(),
            text(&out.stderr)
        );
        let report: Value = serde_json::from_slice(&out.stdout).expect("a report");
        match report["result"]["winner"].as_str() {
            Some("Arnold") => tally.0 += 1,
            Some("Barbara") => tally.1 += 1,
            _ if report["result"]["draw"] == true => tally.2 += 1,
            _ => panic!(
                "{}: not played to the end: {}",
                file.display(),
                report["result"]
            ),
        }
    }
    tally
}

fn summary_tally(summary: &Value) -> (u64, u64, u64) {
    let n = |v: &Value| v.as_u64().expect("a count");
    (
        n(&summary["a"]["wins"]),
        n(&summary["b"]["wins"]),
        n(&summary["draws"]),
    )
}

#[test]
fn a_program_against_the_computer_plays_every_duel_and_the_saves_replay() {
    let dir = fresh_dir("program-vs-computer");
    let (summary, errors) = json_match(RANDOM_PLAYER, "computer:easy", "20", &dir);
    assert_eq!(summary["games"], 20);
    assert_eq!(summary["failures"], 0, "{errors}");
    assert_eq!(summary["a"]["seat"], RANDOM_PLAYER);
    let (a, b, draws) = summary_tally(&summary);
    assert_eq!(a + b + draws, 20);
    assert_eq!(replayed_tally(&dir), (a, b, draws));
    // Progress: a line per finished pair.
    assert_eq!(
        errors.lines().filter(|l| l.starts_with("pair ")).count(),
        10
    );
}

#[test]
fn two_computers_play_every_duel_and_the_saves_replay() {
    let dir = fresh_dir("computer-vs-computer");
    let (summary, _) = json_match("computer:easy", "computer", "6", &dir);
    assert_eq!(summary["games"], 6);
    assert_eq!(summary["b"]["seat"], "computer:medium");
    assert_eq!(replayed_tally(&dir), summary_tally(&summary));
}

#[test]
fn a_program_that_crashes_surrenders_and_the_match_goes_on() {
    let dir = fresh_dir("crashing-program");
    let crashing = "program:python3 tests/players/misbehaving_player.py crash 2";
    let (summary, errors) = json_match(crashing, "computer:easy", "4", &dir);
    assert_eq!(summary["games"], 4);
    assert_eq!(summary["failures"], 4);
    assert_eq!(summary["b"]["wins"], 4);
    let failures: Vec<&str> = errors.lines().filter(|l| !l.starts_with("pair ")).collect();
    assert_eq!(failures.len(), 4, "{errors}");
    assert!(failures
        .iter()
        .all(|l| l.starts_with("spellcast: Arnold (program ") && l.ends_with("Arnold surrenders")));
    // Each saved duel says when Arnold left, and replays to the same end.
    assert_eq!(replayed_tally(&dir), (0, 4, 0));
    for entry in std::fs::read_dir(&dir).expect("saved duels") {
        let script: Value = serde_json::from_str(
            &std::fs::read_to_string(entry.expect("an entry").path()).expect("a file"),
        )
        .expect("JSON");
        let rounds = script["rounds"].as_array().expect("rounds");
        assert!(rounds.iter().any(|r| r["withdraw"].get("Arnold").is_some()));
    }
}

/// Asserts one error line, no panic, exit status 2; returns the line.
#[test]
fn bad_seats_and_counts_are_one_line_and_status_2() {
    assert!(usage_error(&["match", "robot", "computer"]).contains("\"robot\" is not a seat"));
    assert!(usage_error(&["match", "computer:expert", "computer"]).contains("expert"));
    assert!(usage_error(&["match", "computer", "program:"]).contains("needs a command"));
    assert!(usage_error(&["match", "computer", "computer", "--games", "0"]).contains("--games"));
    assert!(usage_error(&["match", "computer"]).contains("try --help"));
    let line = usage_error(&["match", "program:/nonexistent/player", "computer"]);
    assert!(
        line.contains("seat A") && line.contains("cannot start"),
        "{line}"
    );
    let line = usage_error(&[
        "match",
        "computer",
        "program:python3 tests/players/misbehaving_player.py garbage",
    ]);
    assert!(line.contains("seat B"), "{line}");
}

#[test]
fn window_seats_are_checked_before_any_display_is_opened() {
    assert!(usage_error(&["--computer=expert"]).contains("expert"));
    assert!(usage_error(&["--program="]).contains("needs a command"));
    assert!(usage_error(&[]).contains("--computer"));
    // A program that cannot start is refused before any display is opened.
    let line = usage_error(&["--program=./no-such-player"]);
    assert!(line.contains("cannot start"), "{line}");
    // The computer needs no check: without a display, the display is the error.
    let out = spellcast(&["--computer"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("display"),
        "{}",
        text(&out.stderr)
    );
}

/// What a program reads, numbered as people count (issue 16): its first
/// `move` is round 1 of turn 1, the report of that round says round 1 and
/// turn 1, and the reports count on from there. After an opening of N
/// rounds (issue 23) the first `move` is round N + 1, and every round is
/// still reported from 1.
#[test]
fn a_program_reads_round_1_turn_1_for_its_first_move() {
    for (opening, first) in [("0", 1), ("2", 3)] {
        program_numbering(opening, first);
    }
}

fn program_numbering(opening: &str, first: u64) {
    let dir = fresh_dir(&format!("protocol-numbering-{opening}"));
    std::fs::create_dir_all(&dir).expect("a log directory");
    // `tee` keeps what the game wrote to each program (one file per seat).
    let logged = format!(
        "program:tee {}/seen.$$ | python3 tests/players/random_player.py",
        dir.display()
    );
    let out = spellcast(&[
        "match",
        &logged,
        "computer:easy",
        "--games",
        "2",
        "--seed",
        "3",
        "--opening",
        opening,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let logs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the logs")
        .map(|e| e.expect("an entry").path())
        .collect();
    let mut duels = 0;
    for log in logs {
        let messages: Vec<Value> = std::fs::read_to_string(&log)
            .expect("a log")
            .lines()
            .map(|l| serde_json::from_str(l).expect("a JSON line"))
            .collect();
        let of = |kind: &'static str| messages.iter().filter(move |m| m["type"] == kind);
        // The program is also started once to check it greets, before the
        // match: that log holds no move.
        let Some(first_move) = of("move").next() else {
            continue;
        };
        duels += 1;
        assert_eq!(
            (
                &first_move["round"],
                &first_move["turn"],
                &first_move["view"]["turn"]
            ),
            (
                &Value::from(first),
                &Value::from(first),
                &Value::from(first)
            ),
            "{first_move}"
        );
        let first_report = of("round").next().expect("a round report");
        assert_eq!(
            (&first_report["round"], &first_report["view"]["turn"]),
            (&Value::from(1), &Value::from(1)),
            "{first_report}"
        );
        // Every round is reported, so the reports count 1, 2, 3, ...
        let rounds: Vec<u64> = of("round").filter_map(|m| m["round"].as_u64()).collect();
        let expected: Vec<u64> = (1..=rounds.len() as u64).collect();
        assert_eq!(rounds, expected);
    }
    assert_eq!(duels, 2, "one log per duel");
}

/// Issue 21, item 3: a program that floods once the duel is decided (it
/// surrenders on its first move, then writes lines nobody asked for) does
/// not change the result, is not counted as a failure, and its line says
/// what happened instead of "NAME surrenders". (The match driver's unit
/// test `a_failure_after_the_duel_is_decided_changes_nothing` makes the
/// failure certain with a seat double.)
#[test]
fn a_failure_after_the_duel_is_decided_changes_nothing() {
    let flood = "program:python3 tests/players/surrender_then_flood.py";
    let dir = fresh_dir("match-flood-after");
    let (summary, errors) = json_match("computer:easy", flood, "2", &dir);
    assert_eq!(summary["failures"], 0, "{errors}");
    // Both duels won by the computer (seat A), by the surrender.
    assert_eq!(summary_tally(&summary), (2, 0, 0), "{summary}");
    assert_eq!(replayed_tally(&dir), (2, 0, 0));
    let lines: Vec<&str> = errors.lines().filter(|l| !l.starts_with("pair ")).collect();
    // Whether the flood is found at all depends on how soon its lines are
    // read (they race the round's news); when it is, this is what it says.
    for line in &lines {
        assert!(
            line.ends_with("after the duel was decided; the result stands")
                && !line.contains("surrenders"),
            "{errors}"
        );
    }
}
