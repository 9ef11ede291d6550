//! The ways in besides scripts and replies, at the built binary: `--replay`,
//! `match --merge` and `--seat` refuse an endless or special file, an
//! option their mode does not take, and what the format does not allow,
//! each with one line and a non-zero status, never a panic or a hang; a
//! replay of the most rounds a script may hold fits in a bounded memory.

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
