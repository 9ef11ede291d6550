//! Program seats against programs that bend the protocol or the process
//! rules (issue 21): extra lines that must not cost a duel, output closed
//! behind a shell, processes escaping into new sessions, a program that
//! never reads, and replies built to break the failure line.

use spellcast::seat::message::{Message, MoveRequest, RoundKindName, RoundReport, Said};
use spellcast::seat::program::{failure_line, Exit, ProgramSeat, SeatFailure};
use spellcast::seat::view_map::AskedQuestion;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use crate::common;
use common::program_seat::{hello, one_column_view as view, start};

fn move_request(round: u32) -> MoveRequest {
    MoveRequest {
        round,
        turn: round + 1,
        kind: RoundKindName::Normal,
        view: view(),
    }
}

fn round_report(round: u32) -> Message {
    Message::Round(RoundReport {
        round,
        kind: RoundKindName::Normal,
        view: view(),
        text: vec!["Arnold waves his hands.".into()],
    })
}

fn said(text: &str) -> Message {
    Message::Said(Said {
        who: "Arnold".into(),
        text: text.into(),
    })
}

fn question() -> AskedQuestion {
    AskedQuestion {
        json: spellcast::seat::message::QuestionJson {
            kind: spellcast::engine::QuestionType::Target,
            spell: Some("Missile".into()),
            hand: Some("right".into()),
            about: None,
            options: vec!["nobody".into(), "Arnold".into()],
            default: Some("Arnold".into()),
        },
        engine_index: vec![0, 1],
    }
}

/// Plays `rounds` rounds of every message kind with a seat; the first failure.
fn play(seat: &mut ProgramSeat, rounds: u32) -> Result<(), SeatFailure> {
    seat.hello(hello())?;
    for round in 0..rounds {
        seat.ask_move(move_request(round))?;
        seat.ask_answers(round, view(), &[question()])?;
        seat.tell(&round_report(round))?;
        seat.tell(&said("good luck"))?;
    }
    Ok(())
}

#[test]
fn extra_lines_after_replies_and_rounds_are_thrown_away() {
    // One extra line after every message (text, blank, JSON of its own),
    // which reaches the game after its next request went out.
    let (mut seat, _log) = start("python3 tests/players/chatty_player.py 3", 10_000);
    assert_eq!(play(&mut seat, 30), Ok(()));
    assert!(matches!(seat.finish(None), Exit::Exited(_) | Exit::Killed));
    // Up to 64 a message is still within the contract.
    let (mut seat, _log) = start("python3 tests/players/chatty_player.py 3 63", 10_000);
    assert_eq!(play(&mut seat, 10), Ok(()));
    // 65 a message, without end, is a flood.
    let (mut seat, _log) = start("python3 tests/players/chatty_player.py 3 65", 10_000);
    assert_eq!(play(&mut seat, 200), Err(SeatFailure::Flood));
}

#[test]
fn a_program_that_closes_its_output_is_seen_at_once() {
    let command = "python3 tests/players/misbehaving_player.py close-output 1";
    let (mut seat, _log) = start(command, 10_000);
    seat.hello(hello()).expect("ready");
    let asked = Instant::now();
    assert_eq!(
        seat.ask_move(move_request(0)),
        Err(SeatFailure::ClosedOutput)
    );
    // Not after the whole limit, as when a shell held the pipe open.
    assert!(
        asked.elapsed() < Duration::from_secs(5),
        "{:?}",
        asked.elapsed()
    );
    assert_eq!(seat.finish(None), Exit::Killed);
}

/// Whether a process is gone (or a zombie nobody has reaped yet).
fn process_ended(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit(')')
            .next()
            .is_some_and(|rest| rest.trim_start().starts_with('Z')),
    }
}

#[test]
fn processes_in_new_sessions_end_with_the_seat() {
    let (mut seat, _log) = start("python3 tests/players/escaping_player.py", 10_000);
    seat.hello(hello()).expect("ready");
    let pids: Vec<String> = seat
        .program_name()
        .expect("the pids")
        .split(',')
        .map(str::to_string)
        .collect();
    assert_eq!(pids.len(), 3);
    assert!(pids.iter().all(|p| !process_ended(p)));
    seat.ask_move(move_request(0)).expect("a move");
    let _ = seat.finish(None);
    let deadline = Instant::now() + Duration::from_secs(5);
    for pid in &pids {
        while !process_ended(pid) {
            assert!(Instant::now() < deadline, "sleep {pid} outlived its seat");
            thread::sleep(Duration::from_millis(10));
        }
    }
}

#[test]
fn a_program_that_never_reads_its_input_is_given_up() {
    let (mut seat, _log) = start(r#"echo '{"ready": true}'; exec sleep 30"#, 1000);
    seat.hello(hello()).expect("ready");
    // Enough to fill the pipe to it; then it has the limit to read.
    let big = said(&"x".repeat(10_000));
    for _ in 0..20 {
        seat.tell(&big).expect("told");
    }
    thread::sleep(Duration::from_millis(1500));
    assert_eq!(seat.tell(&big), Err(SeatFailure::NotReading(1000)));
    assert_eq!(seat.finish(None), Exit::Killed);
}

/// A failure line fit for a terminal: one line, no control characters,
/// not too long.
fn assert_one_clean_line(line: &str) {
    assert!(!line.chars().any(char::is_control), "{line:?}");
    assert!(line.chars().count() < 700, "{} characters", line.len());
}

#[test]
fn failure_lines_are_one_line_whatever_the_program_wrote() {
    let replies = [
        r#"{"move": "\n\u001b[2J\u0000"}"#.to_string(),
        format!(
            r#"{{"move": "SD", "{}": 1}}"#,
            r"\u001b]0;x\u0007".repeat(2000)
        ),
        format!(r#"{{"move": "{}"}}"#, "\u{202e}\\r".repeat(20_000)),
        // Not JSON at all (raw control characters): no reply, then a timeout.
        format!("{}\u{1b}[2J\r", "\u{85}".repeat(30_000)),
    ];
    let dir = std::env::temp_dir().join(format!("spellcast-replies-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    // Removed however the test ends: a failed assertion must not leave the
    // folder in /tmp either.
    struct RemovedOnDrop(std::path::PathBuf);
    impl Drop for RemovedOnDrop {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
    let _folder = RemovedOnDrop(dir.clone());
    let path = dir.join("player.py");
    let script = "import sys\nsys.stdin.readline()\nprint('{\"ready\": true}', flush=True)\n\
                  sys.stdin.readline()\nsys.stdout.write(open(sys.argv[1]).read() + '\\n')\n\
                  sys.stdout.flush()\nsys.stdin.readline()\n";
    std::fs::write(&path, script).expect("a script");
    for (i, reply) in replies.iter().enumerate() {
        let reply_path = dir.join(format!("reply-{i}"));
        std::fs::write(&reply_path, reply).expect("a reply");
        let command = format!("python3 {} {}", path.display(), reply_path.display());
        // The limit covers Python's start-up before `ready` too, which
        // takes more than a second on a loaded machine; the last reply
        // waits it out once.
        let (mut seat, _log) = start(&command, 5000);
        seat.hello(hello()).expect("ready");
        let failure = seat.ask_move(move_request(0)).unwrap_err();
        let name = "Bar\nbara\u{1b}[31m".repeat(100);
        let command = "bot\n\u{1b}c".repeat(1000);
        assert_one_clean_line(&failure_line(&name, &command, &failure));
        let _ = seat.finish(None);
    }
}

#[test]
fn the_cannot_start_line_is_one_clean_line() {
    let seat = format!("program:./no-such-player{}", "\n\u{1b}[2J".repeat(3000));
    let out = Command::new(env!("CARGO_BIN_EXE_spellcast"))
        .args(["match", &seat, "computer:easy", "--games", "2"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output()
        .expect("spellcast runs");
    assert_eq!(out.status.code(), Some(2));
    let errors = String::from_utf8_lossy(&out.stderr);
    let line = errors.strip_suffix('\n').expect("a line");
    assert!(line.starts_with("spellcast: seat A"), "{line}");
    assert!(line.contains("cannot start"), "{line}");
    assert_one_clean_line(line);
}

#[test]
fn a_player_writing_extra_lines_never_forfeits_a_match() {
    let out = Command::new(env!("CARGO_BIN_EXE_spellcast"))
        .args(["match", "program:python3 tests/players/chatty_player.py 3"])
        .args(["computer:easy", "--games", "2", "--seed", "3", "--json"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output()
        .expect("spellcast runs");
    assert!(out.status.success());
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a summary");
    assert_eq!(
        summary["failures"],
        0,
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
