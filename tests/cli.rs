//! The command line as a user meets it: the built binary, its exit statuses and
//! its error lines. Bad arguments must give one clear line and never a panic.

use crate::common;

use std::process::{Command, Output, Stdio};
use std::time::Instant;

use common::xvfb::{Xvfb, WAIT};

/// Runs spellcast with `args` and `DISPLAY` set to `display` (or unset), no stdin.
fn spellcast(args: &[&str], display: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_spellcast"));
    cmd.args(args).stdin(Stdio::null());
    match display {
        Some(d) => cmd.env("DISPLAY", d),
        None => cmd.env_remove("DISPLAY"),
    };
    cmd.output().expect("run the spellcast binary")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Asserts that stderr holds exactly one line, that nothing panicked, and returns the line.
fn one_error_line(out: &Output) -> String {
    let err = stderr(out);
    assert!(!err.contains("panicked"), "panic on stderr:\n{err}");
    let lines: Vec<&str> = err.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "expected one error line, got:\n{err}");
    lines[0].to_string()
}

#[test]
fn help_succeeds_and_describes_the_command_line() {
    let out = spellcast(&["--help"], None);
    assert_eq!(out.status.code(), Some(0), "stderr: {}", stderr(&out));
    let text = stdout(&out);
    for word in ["REMOTEDISPLAY", "--script", "--seed", "--version"] {
        assert!(
            text.contains(word),
            "--help does not mention {word}:\n{text}"
        );
    }
}

#[test]
fn version_succeeds_and_names_the_version() {
    let out = spellcast(&["--version"], None);
    assert_eq!(out.status.code(), Some(0), "stderr: {}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("spellcast "), "{text}");
    assert!(text.contains(env!("CARGO_PKG_VERSION")), "{text}");
}

#[test]
fn no_display_is_a_usage_error() {
    let out = spellcast(&[], Some(":986"));
    assert_eq!(out.status.code(), Some(2));
    let line = one_error_line(&out);
    assert!(line.contains("remote display"), "{line}");
    assert!(
        line.contains("at least one") || line.contains('1'),
        "{line}"
    );
    assert!(stdout(&out).is_empty());
}

#[test]
fn eight_remote_displays_are_too_many() {
    let displays = [":1", ":2", ":3", ":4", ":5", ":6", ":7", ":8"];
    let out = spellcast(&displays, Some(":986"));
    assert_eq!(out.status.code(), Some(2));
    let line = one_error_line(&out);
    assert!(line.contains('7'), "the limit of 7 is not named: {line}");
    assert!(stdout(&out).is_empty());
}

#[test]
fn unknown_option_is_a_usage_error() {
    let out = spellcast(&["--bogus", ":1"], Some(":986"));
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.contains("--bogus"), "{err}");
}

#[test]
fn seed_must_be_a_number() {
    let out = spellcast(&["--seed", "seven", ":1"], Some(":986"));
    assert_eq!(out.status.code(), Some(2));
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
}

#[test]
fn script_that_does_not_exist_fails_without_panic() {
    let out = spellcast(&["--script", "/nonexistent/duel.json"], None);
    assert_ne!(out.status.code(), Some(0));
    assert!(out.status.code().is_some(), "killed by a signal");
    let err = stderr(&out);
    assert!(!err.contains("panicked"), "{err}");
    assert!(!err.trim().is_empty(), "no error message");
}

#[test]
fn script_with_displays_is_a_usage_error() {
    let out = spellcast(&["--script", "-", ":1"], None);
    assert_eq!(out.status.code(), Some(2));
    one_error_line(&out);
}

#[test]
fn usage_errors_have_one_program_prefix() {
    let cases: &[&[&str]] = &[
        &[],
        &["--bogus", ":1"],
        &["--seed", "seven", ":1"],
        &["--script"],
    ];
    for args in cases {
        let out = spellcast(args, Some(":986"));
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let line = one_error_line(&out);
        assert!(line.starts_with("spellcast: "), "{args:?}: {line}");
        assert!(
            !line["spellcast: ".len()..].contains("spellcast"),
            "{args:?}: {line}"
        );
        assert!(!line.contains("error:"), "{args:?}: {line}");
    }
}

/// Runs `spellcast` with `args`, the given text on stdin, and stdout to `stdout`.
fn spellcast_with_input(args: &[&str], input: &str, stdout: Stdio) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_spellcast"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the spellcast binary");
    let mut stdin = child.stdin.take().expect("piped stdin");
    stdin.write_all(input.as_bytes()).expect("write the script");
    drop(stdin);
    child.wait_with_output().expect("wait for spellcast")
}

const TWO_ROUNDS: &str = r#"{"players": ["Arnold", "Barbara:f"], "seed": 3,
    "rounds": [{"moves": {"Arnold": "WP", "Barbara": "SD"}}, {"moves": {"Arnold": "PP"}}]}"#;

#[test]
fn script_report_is_the_same_from_a_file_and_from_stdin() {
    let path = std::env::temp_dir().join(format!("spellcast-cli-{}.json", std::process::id()));
    std::fs::write(&path, TWO_ROUNDS).expect("write the script");
    let from_file = spellcast(
        &["--seed=3", "--script", path.to_str().expect("utf-8")],
        None,
    );
    let _ = std::fs::remove_file(&path);
    let from_stdin = spellcast_with_input(&["--script", "-"], TWO_ROUNDS, Stdio::piped());
    for out in [&from_file, &from_stdin] {
        assert_eq!(out.status.code(), Some(0), "stderr: {}", stderr(out));
        assert!(stderr(out).is_empty(), "{}", stderr(out));
    }
    let report = stdout(&from_file);
    assert_eq!(report, stdout(&from_stdin));
    assert_eq!(report.lines().count(), 1, "one line of JSON: {report}");
    let json: serde_json::Value = serde_json::from_str(&report).expect("the report is JSON");
    assert_eq!(json["rounds"].as_array().map(Vec::len), Some(2), "{report}");
}

#[test]
fn script_report_to_a_closed_pipe_is_one_error_line() {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let out = spellcast_with_input(&["--script", "-"], TWO_ROUNDS, Stdio::from(writer));
    assert_eq!(out.status.code(), Some(1), "killed by a signal?");
    let line = one_error_line(&out);
    assert!(
        line.starts_with("spellcast: ") && line.contains("report"),
        "{line}"
    );
}

#[test]
fn bad_scripts_are_one_error_line_naming_the_round_with_status_2() {
    let cases = [
        (
            r#"{"players": ["A", "B"], "rounds": [{}, {"moves": {"A": "PX"}}]}"#,
            "round 2: moves.A",
        ),
        (
            r#"{"players": ["A", "B"], "rounds": [{"moves": {"Z": "PP"}}]}"#,
            "round 1: moves.Z: no such player",
        ),
        (
            r#"{"players": ["A", "B"], "rounds": [{}, {}, {"mvoes": {}}]}"#,
            "round 3: unknown field `mvoes`",
        ),
        (
            r#"{"players": ["A", "B"], "rounds": [{"moves": {"A": "PP", "A": "SS"}}]}"#,
            "round 1: player \"A\" is given twice",
        ),
        (
            r#"{"players": ["A", "B"], "rounds": [{}, {"answers": {"A": [{"kind": "target", "answer": "B"}]}}]}"#,
            "round 2: answers.A: the target answer \"B\" fits no question asked",
        ),
        (
            r#"{"players": ["A", "B"], "rounds": [{"moves": {"A": "S-"}}, {"moves": {"A": "D-"},
                "answers": {"A": [{"kind": "target", "spell": "missile", "answer": "Zed"}]}}]}"#,
            "round 2: answers.A: \"Zed\" is not a legal answer to the target question",
        ),
        (
            r#"{"players": ["A"]}"#,
            "players: a duel needs 2 to 8 players",
        ),
        (r##"{"players": ["A", "#1"]}"##, "players: "),
        (
            r#"{"players": ["Arnold", "Barbara:q"]}"#,
            "players: \"Barbara\": \"q\" after the colon is not a gender (m, f, n or x)",
        ),
        (
            r#"{"players": ["Arnold:", "Barbara:f"]}"#,
            "players: \"Arnold\": \"\" after the colon is not a gender",
        ),
        (
            r#"{"players": ["A", "B"], "seed": -1}"#,
            "malformed script: ",
        ),
        (r#"{"players": ["A", "B"]"#, "malformed script: "),
    ];
    for (script, expected) in cases {
        let out = spellcast_with_input(&["--script", "-"], script, Stdio::piped());
        assert_eq!(out.status.code(), Some(2), "{script}\n{}", stderr(&out));
        assert!(
            out.stdout.is_empty(),
            "a report despite the error: {script}"
        );
        let line = one_error_line(&out);
        assert!(
            line.starts_with("spellcast: ") && line.contains(expected),
            "{script}\nexpected {expected:?} in: {line}"
        );
    }
}

#[test]
fn a_long_script_reports_what_the_library_reports() {
    // Long enough for the program's script arena to fill and hand over to
    // the C library's allocator part-way.
    let rounds = vec![r#"{"moves": {"Arnold": "P-", "Barbara": "-P"}}"#; 40_000].join(",");
    let script = format!(r#"{{"players": ["Arnold", "Barbara:f"], "rounds": [{rounds}]}}"#);
    let out = spellcast_with_input(&["--script", "-"], &script, Stdio::piped());
    assert_eq!(out.status.code(), Some(0), "stderr: {}", stderr(&out));
    let expected = spellcast::script::run_text(&script, None).expect("a valid script");
    let mut expected = serde_json::to_string(&expected).expect("a report serialises");
    expected.push('\n');
    assert!(
        stdout(&out) == expected,
        "the program's report differs from the library's"
    );
    assert!(expected.len() > 1_000_000, "the duel ended early");
}

#[test]
fn match_without_its_second_seat_names_what_is_missing() {
    let out = spellcast(&["match", "computer"], None);
    assert_eq!(out.status.code(), Some(2));
    let line = one_error_line(&out);
    assert!(
        line.contains("not provided: <B>"),
        "the missing seat is not named: {line}"
    );
}

/// `--computer hard` makes `hard` a display (the level needs `=`): when no
/// display of that name opens, the line says how to ask for the level.
#[test]
fn a_display_named_like_a_computer_level_suggests_the_level() {
    let x = Xvfb::start();
    let out = spellcast(&["--computer", "hard"], Some(&x.display()));
    assert_eq!(out.status.code(), Some(1));
    let line = one_error_line(&out);
    assert!(
        line.contains("hard:0.0") && line.contains("--computer=hard"),
        "{line}"
    );
}

#[test]
fn display_that_cannot_be_opened_is_named() {
    // Neither :986 nor :987 has a server: nothing listens there in the tests.
    let out = spellcast(&[":987"], Some(":986"));
    assert_eq!(out.status.code(), Some(1));
    let line = one_error_line(&out);
    assert!(line.contains(":986"), "the display is not named: {line}");
}

#[test]
fn remote_display_that_cannot_be_opened_is_named() {
    let x = Xvfb::start();
    let out = spellcast(&[":987"], Some(&x.display()));
    assert_eq!(out.status.code(), Some(1));
    let line = one_error_line(&out);
    assert!(line.contains(":987"), "the display is not named: {line}");
}

/// A started game, killed when the test ends (also when it fails).
struct Game(std::process::Child);

impl Drop for Game {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn two_windows_open_on_one_display() {
    let x = Xvfb::start();
    let mut game = Game(
        Command::new(env!("CARGO_BIN_EXE_spellcast"))
            .arg(x.display())
            .env("DISPLAY", x.display())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start spellcast"),
    );
    let client = x.client();
    let start = Instant::now();
    let white = client.wait_for_window("Spellcast: White", WAIT);
    let black = client.wait_for_window("Spellcast: Black", WAIT.saturating_sub(start.elapsed()));
    assert_ne!(white, black);
    assert!(
        game.0.try_wait().unwrap().is_none(),
        "spellcast exited while its windows were up"
    );
}
