//! The ways in besides scripts and replies, at the built binary: `--replay`,
//! `match --merge` and `--seat` refuse an endless or special file, an
//! option their mode does not take, and what the format does not allow,
//! each with one line and a non-zero status, never a panic or a hang; a
//! replay of the most rounds a script may hold fits in a bounded memory.

use crate::common;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Runs spellcast with `args`, no `$DISPLAY`, and `input` on stdin.
fn spellcast(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_spellcast"))
        .args(args)
        .env_remove("DISPLAY")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spellcast starts");
    let mut stdin = child.stdin.take().expect("stdin");
    // The program may stop reading early: a broken pipe is its right.
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().expect("spellcast ends")
}

/// The one line on stderr (no panic, no backtrace).
fn one_line(out: &Output) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!err.contains("panicked"), "{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "one error line expected, got {err:?}");
    lines[0].to_string()
}

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("ways-in-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// A link to `/dev/zero`: a file that never ends.
fn endless(dir: &Path) -> PathBuf {
    let link = dir.join("endless.json");
    std::os::unix::fs::symlink("/dev/zero", &link).expect("a link to /dev/zero");
    link
}

/// A script of `rounds` rounds in which nobody moves (spellcast-script(5)
/// allows 100,000).
fn idle_script(rounds: usize) -> String {
    let round = r#"{"moves":{"Al":"--","Bo":"--"}}"#;
    let rounds = vec![round; rounds].join(",");
    format!(r#"{{"players":["Al","Bo"],"rounds":[{rounds}]}}"#)
}

#[test]
fn every_way_in_refuses_an_endless_file_with_one_line() {
    let dir = scratch("endless");
    let link = endless(&dir);
    let path = link.to_str().expect("a path");
    for args in [
        &["--replay", path][..],
        &["--script", path][..],
        &["match", "--merge", path][..],
        &["analyse", path, "--as", "Al"][..],
    ] {
        let out = spellcast(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let line = one_line(&out);
        assert!(line.contains("not a regular file"), "{args:?}: {line}");
    }
}

/// A script on standard input is read to a cap, not to the end of an
/// input that has none.
#[test]
fn a_script_on_standard_input_is_read_to_a_cap() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_spellcast"))
        .args(["--script", "-"])
        .stdin(std::fs::File::open("/dev/zero").expect("/dev/zero"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spellcast starts");
    let status = child.wait().expect("ends");
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().expect("stderr"), &mut err)
        .expect("stderr");
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(err.contains("larger than"), "{err}");
}

#[test]
fn options_a_mode_does_not_take_are_refused_with_exit_2() {
    for args in [
        &["--replay", "f.json", "--rules", "chess"][..],
        &["--replay", "f.json", "--seed", "4"][..],
        &["--seat", "--rules", "chess"][..],
        &["--seat", "--pace", "10"][..],
        &["--script", "f.json", "--helper"][..],
    ] {
        let out = spellcast(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let line = one_line(&out);
        assert!(line.contains("does not take"), "{args:?}: {line}");
    }
}

/// The longest script a replay may be given is played into its frames in
/// a bounded memory: under a 120 MB data limit (the frames once held every
/// round's whole window, some 20 GB here) the replay gets as far as the
/// display, which it is not given.
#[test]
fn a_replay_of_the_most_rounds_fits_in_bounded_memory() {
    let dir = scratch("long-replay");
    let file = dir.join("long.json");
    std::fs::write(&file, idle_script(100_000)).expect("written");
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -d 122880 && exec \"$0\" --replay \"$1\" :99999")
        .arg(env!("CARGO_BIN_EXE_spellcast"))
        .arg(&file)
        .stdin(Stdio::null())
        .output()
        .expect("sh runs");
    let line = one_line(&out);
    assert_eq!(out.status.code(), Some(1), "{line}");
    assert!(line.contains("display"), "{line}");
}

/// A `hello` line for `--seat` with these players, this seat the first.
fn hello_line(players: &[String]) -> String {
    let hello = serde_json::json!({"type": "hello", "protocol": 1, "rules": "spellcast",
        "you": players[0], "players": players, "limit_ms": 1000});
    format!("{hello}\n")
}

/// A host whose `hello` names more players than a duel has is refused
/// before the seat says ready (at 600 the window's width wrapped, at
/// 1,000 it said ready and never showed a window).
#[test]
fn the_far_seat_refuses_a_hello_of_more_players_than_a_duel_has() {
    for count in [1, 9, 600, 1000] {
        let players: Vec<String> = (0..count).map(|i| format!("W{i}")).collect();
        let out = spellcast(&["--seat"], hello_line(&players).as_bytes());
        assert_eq!(out.status.code(), Some(1), "{count} players");
        assert!(out.stdout.is_empty(), "no ready for {count} players");
        let line = one_line(&out);
        assert!(line.contains(&format!("{count} players")), "{line}");
    }
}

/// Names with control characters are refused, and quoted escaped.
#[test]
fn the_far_seat_refuses_a_hello_with_control_characters_in_one_clean_line() {
    let players = vec!["Al\u{1b}]2;owned\u{7}".to_string(), "Bo".to_string()];
    let out = spellcast(&["--seat"], hello_line(&players).as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let line = one_line(&out);
    assert!(!line.chars().any(char::is_control), "{line:?}");
    assert!(line.contains("\\u{1b}"), "{line}");
}

/// A host line over 1 MiB ends the link with a line that says so and a
/// failing status (it ended with status 0 and no word).
#[test]
fn a_host_line_over_a_mebibyte_is_said_and_fails() {
    // The first line, so no display is needed to get to it.
    let mut input = Vec::new();
    input.extend(std::iter::repeat_n(b'x', (1 << 20) + 10));
    input.push(b'\n');
    let out = spellcast(&["--seat"], &input);
    assert_eq!(out.status.code(), Some(1));
    let line = one_line(&out);
    assert!(line.contains("longer than 1 MiB"), "{line}");
}

/// spellcast-protocol(5): a program may write 64 lines nobody asked for
/// per message the game sends; after `hello` it could write 128.
#[test]
fn a_program_may_write_64_unasked_lines_after_hello_not_more() {
    for (lines, floods) in [(64, false), (65, true)] {
        let command = format!(
            "read hello; i=0; while [ $i -lt {lines} ]; do echo '{{\"chat\": 1}}'; \
             i=$((i+1)); done; echo '{{\"ready\": true}}'; read more"
        );
        let (mut seat, _log) = common::program_seat::start(&command, 5000);
        let greeted = seat.hello(common::program_seat::hello());
        assert_eq!(greeted.is_err(), floods, "{lines} lines: {greeted:?}");
        if let Err(failure) = greeted {
            assert!(failure.to_string().contains("64 lines"), "{failure}");
        }
        drop(seat);
    }
}

/// The `hello` that `match` sends to check a program before the match
/// names the match's book (it said `spellcast` under `--rules deathmatch`).
#[test]
fn the_probe_hello_names_the_match_book() {
    let dir = scratch("probe-book");
    let heard = dir.join("heard");
    let player = dir.join("player.sh");
    let script = format!(
        "#!/bin/sh\nread hello\nprintf '%s\\n' \"$hello\" >> '{}'\necho '{{\"ready\": true}}'\n",
        heard.display()
    );
    std::fs::write(&player, script).expect("written");
    let program = format!("program:sh {}", player.display());
    let out = spellcast(
        &[
            "match",
            &program,
            "computer:easy",
            "--rules",
            "deathmatch",
            "--games",
            "1",
            "--think-ms",
            "10",
        ],
        b"",
    );
    let _ = out;
    let first = std::fs::read_to_string(&heard).expect("the program heard a hello");
    let hello: serde_json::Value =
        serde_json::from_str(first.lines().next().expect("a line")).expect("JSON");
    assert_eq!(hello["rules"], "deathmatch", "{hello}");
    assert_eq!(hello["book"]["title"], "Death Match", "{hello}");
}
