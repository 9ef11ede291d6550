//! Program seats with real child processes: the example player speaks the
//! protocol, and every kind of misbehaviour becomes its one typed failure
//! without ever holding the game up longer than the reply limit.

use spellcast::engine::Gesture;
use spellcast::seat::message::{
    DuelResult, End, GestureColumns, MeJson, Message, MoveRequest, QuestionJson, RoundKindName,
    RoundReport, Said, ViewJson,
};
use spellcast::seat::program::{failure_line, Exit, ProgramSeat, SeatFailure};
use spellcast::seat::reply::ReplyError;
use spellcast::seat::view_map::AskedQuestion;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crate::common;
use common::program_seat::{hello, start};

const RANDOM_PLAYER: &str = "python3 tests/players/random_player.py 7";
const READY: &str = r#"echo '{"ready": true}'"#;

fn view() -> ViewJson {
    ViewJson {
        turn: 1,
        beings: vec![],
        gestures: GestureColumns(vec![
            ("Arnold".into(), vec!["SP".into()]),
            ("Barbara".into(), vec!["??".into()]),
        ]),
        announced: Vec::new(),
        me: MeJson {
            banked: None,
            short_lightning_used: false,
        },
    }
}

fn move_request() -> MoveRequest {
    MoveRequest {
        round: 0,
        turn: 1,
        kind: RoundKindName::Normal,
        view: view(),
    }
}

fn said() -> Message {
    Message::Said(Said {
        who: "Arnold".into(),
        text: "good luck".into(),
    })
}

fn end() -> End {
    End {
        result: DuelResult::Winner {
            winner: "Arnold".into(),
        },
        view: view(),
    }
}

/// A Missile's target question naming both wizards and a monster.
fn target_question() -> AskedQuestion {
    AskedQuestion {
        json: QuestionJson {
            kind: spellcast::engine::QuestionType::Target,
            spell: Some("Missile".into()),
            hand: Some("right".into()),
            about: None,
            options: vec![
                "nobody".into(),
                "Arnold".into(),
                "Barbara".into(),
                "#1".into(),
            ],
            default: Some("Arnold".into()),
        },
        engine_index: vec![0, 1, 2, 4],
    }
}

fn log_text(log: &Arc<Mutex<Vec<u8>>>) -> String {
    String::from_utf8_lossy(&log.lock().unwrap()).into_owned()
}

#[test]
fn random_player_speaks_the_protocol_to_the_end() {
    let (mut seat, _log) = start(RANDOM_PLAYER, 10000);
    let ready = seat.hello(hello()).expect("ready");
    assert_eq!(ready.name.as_deref(), Some("random player"));
    assert_eq!(seat.program_name(), Some("random player"));
    let mut gestures = Vec::new();
    for round in 0..30 {
        let reply = seat.ask_move(move_request()).expect("a move");
        assert!(!(reply.left == Gesture::Stab && reply.right == Gesture::Stab));
        gestures.extend([reply.left, reply.right]);
        let asked = [target_question(), target_question()];
        let answers = seat.ask_answers(round, view(), &asked).expect("answers");
        assert_eq!(answers.answers.len(), 2);
        assert!(answers.answers.iter().all(|a| [0, 1, 2, 4].contains(a)));
        let report = Message::Round(RoundReport {
            round,
            kind: RoundKindName::Normal,
            view: view(),
            text: vec!["You are hit by a Missile.".into()],
        });
        seat.tell(&report).expect("round told");
        seat.tell(&said()).expect("said told");
    }
    // Random play uses more than one letter.
    assert!(gestures.iter().any(|g| *g != gestures[0]));
    let exit = seat.finish(Some(end()));
    assert!(matches!(exit, Exit::Exited(s) if s.success()), "{exit:?}");
}

#[test]
fn exit_before_hello_is_an_exit() {
    let (mut seat, _log) = start("exit 3", 5000);
    match seat.hello(hello()) {
        Err(SeatFailure::Exited(status)) => assert_eq!(status.code(), Some(3)),
        other => panic!("expected an exit, got {other:?}"),
    }
}

#[test]
fn a_crash_mid_duel_is_an_exit_and_the_failure_sticks() {
    let (mut seat, _log) = start(&format!("read l; {READY}; read l; exit 1"), 5000);
    seat.hello(hello()).expect("ready");
    let failure = seat.ask_move(move_request()).unwrap_err();
    assert!(matches!(failure, SeatFailure::Exited(s) if s.code() == Some(1)));
    assert_eq!(seat.tell(&said()), Err(failure.clone()));
    assert_eq!(seat.failure(), Some(&failure));
    let line = failure_line("Barbara", "bot", &failure);
    assert!(line.starts_with("spellcast: Barbara (program \"bot\") exited"));
    assert!(!line.contains('\n'));
}

#[test]
fn a_hang_times_out_within_the_limit_and_is_killed() {
    let (mut seat, _log) = start("read l; exec sleep 30", 300);
    let asked = Instant::now();
    assert_eq!(seat.hello(hello()), Err(SeatFailure::Timeout(300)));
    let waited = asked.elapsed();
    assert!(waited >= Duration::from_millis(300), "{waited:?}");
    assert!(waited < Duration::from_secs(3), "{waited:?}");
    let finishing = Instant::now();
    assert_eq!(seat.finish(None), Exit::Killed);
    assert!(finishing.elapsed() < Duration::from_secs(3));
}

#[test]
fn a_flood_of_lines_nobody_asked_for_is_a_flood() {
    let (mut seat, _log) = start(&format!("read l; {READY}; exec yes '{{}}'"), 2000);
    seat.hello(hello()).expect("ready");
    let deadline = Instant::now() + Duration::from_secs(10);
    let failure = loop {
        match seat.tell(&said()) {
            Err(failure) => break failure,
            Ok(()) if Instant::now() < deadline => thread::sleep(Duration::from_millis(1)),
            Ok(()) => panic!("the flood was never noticed"),
        }
    };
    assert_eq!(failure, SeatFailure::Flood);
    let finishing = Instant::now();
    assert_eq!(seat.finish(None), Exit::Killed);
    assert!(finishing.elapsed() < Duration::from_secs(8));
}

#[test]
fn garbage_is_a_bad_reply() {
    // A line that is not a reply is one nobody asked for: thrown away, and
    // quoted when no reply follows.
    let (mut seat, _log) = start("read l; echo 'hello there'", 5000);
    match seat.hello(hello()) {
        Err(SeatFailure::NoReply { line, then, .. }) => {
            assert_eq!(line, "\"hello there\"");
            assert!(matches!(*then, SeatFailure::Exited(s) if s.success()));
        }
        other => panic!("expected no reply, got {other:?}"),
    }
    // A reply of the wrong shape is a bad reply at once.
    let (mut seat, _log) = start(r#"read l; echo '{"ready": "yes"}'; exec sleep 30"#, 5000);
    assert!(matches!(
        seat.hello(hello()),
        Err(SeatFailure::Reply(ReplyError::Shape { .. }))
    ));
    let (mut seat, _log) = start(r#"read l; printf '\377\n'"#, 5000);
    assert_eq!(seat.hello(hello()), Err(SeatFailure::NotText));
    let long = "read l; head -c 100000 /dev/zero | tr '\\0' x; echo";
    let (mut seat, _log) = start(long, 5000);
    assert_eq!(seat.hello(hello()), Err(SeatFailure::LineTooLong));
}

#[test]
fn a_move_outside_the_letters_is_a_bad_reply() {
    let (mut seat, _log) = start(
        &format!(r#"read l; {READY}; read l; echo '{{"move": "XY"}}'"#),
        5000,
    );
    seat.hello(hello()).expect("ready");
    assert!(matches!(
        seat.ask_move(move_request()),
        Err(SeatFailure::Reply(ReplyError::BadMove(_)))
    ));
}

#[test]
fn an_answer_outside_the_options_is_a_bad_reply() {
    let command = format!(r#"read l; {READY}; read l; echo '{{"answers": ["Zed"]}}'"#);
    let (mut seat, _log) = start(&command, 5000);
    seat.hello(hello()).expect("ready");
    match seat.ask_answers(0, view(), &[target_question()]) {
        Err(SeatFailure::Reply(ReplyError::NotAnOption { answer, kind, .. })) => {
            assert_eq!(answer, "\"Zed\"");
            assert_eq!(kind, "target");
        }
        other => panic!("expected a bad answer, got {other:?}"),
    }
    let command = format!(r#"read l; {READY}; read l; echo '{{"answers": []}}'"#);
    let (mut seat, _log) = start(&command, 5000);
    seat.hello(hello()).expect("ready");
    assert!(matches!(
        seat.ask_answers(0, view(), &[target_question()]),
        Err(SeatFailure::Reply(ReplyError::AnswerCount {
            asked: 1,
            got: 0
        }))
    ));
}

#[test]
fn closing_the_output_while_running_is_a_closed_output() {
    let (mut seat, _log) = start("exec >&-; read l; exec sleep 30", 2000);
    assert_eq!(seat.hello(hello()), Err(SeatFailure::ClosedOutput));
    assert_eq!(seat.finish(None), Exit::Killed);
}

#[test]
fn standard_error_is_passed_through_with_the_seat_name() {
    let command = format!("echo oops >&2; read l; {READY}; cat >/dev/null; echo bye >&2");
    let (mut seat, log) = start(&command, 5000);
    seat.hello(hello()).expect("ready");
    let exit = seat.finish(Some(end()));
    assert!(matches!(exit, Exit::Exited(s) if s.success()), "{exit:?}");
    assert_eq!(log_text(&log), "Barbara: oops\nBarbara: bye\n");
}

#[test]
fn a_program_that_never_reads_never_blocks_the_game() {
    // The pipe to it fills up after 64 KiB; the game must not notice.
    let (mut seat, _log) = start(&format!("{READY}; exec sleep 30"), 2000);
    seat.hello(hello()).expect("ready");
    let big = Message::Said(Said {
        who: "Arnold".into(),
        text: "x".repeat(10_000),
    });
    let started = Instant::now();
    for _ in 0..50 {
        seat.tell(&big).expect("told");
    }
    assert!(started.elapsed() < Duration::from_secs(2));
    assert_eq!(
        seat.finish_in_background(None).join().ok(),
        Some(Exit::Killed)
    );
}

/// Whether a failure is the one a misbehaving mode should cause.
type FailureCheck = fn(&SeatFailure) -> bool;

/// The misbehaving fixture: one good reply (`ready`), then its mode.
fn misbehaving(mode: &str, limit_ms: u64) -> ProgramSeat {
    let command = format!("python3 tests/players/misbehaving_player.py {mode} 1");
    let (mut seat, _log) = start(&command, limit_ms);
    seat.hello(hello()).expect("ready");
    seat
}

#[test]
fn the_misbehaving_fixture_fails_each_way_in_turn() {
    let cases: [(&str, FailureCheck); 4] = [
        (
            "crash",
            |f| matches!(f, SeatFailure::Exited(s) if s.code() == Some(1)),
        ),
        ("hang", |f| *f == SeatFailure::Timeout(1500)),
        (
            "garbage",
            |f| matches!(f, SeatFailure::NoReply { then, .. } if **then == SeatFailure::Timeout(1500)),
        ),
        ("bad-move", |f| {
            matches!(f, SeatFailure::Reply(ReplyError::BadMove(_)))
        }),
    ];
    let mut finishing = Vec::new();
    for (mode, expected) in cases {
        let mut seat = misbehaving(mode, 1500);
        let failure = seat.ask_move(move_request()).unwrap_err();
        assert!(expected(&failure), "{mode}: {failure:?}");
        finishing.push(seat.finish_in_background(None));
    }
    for handle in finishing {
        assert!(handle.join().is_ok());
    }
    // A flood shows at the next message, whatever it is.
    let mut seat = misbehaving("flood", 5000);
    let deadline = Instant::now() + Duration::from_secs(10);
    let failure = loop {
        match seat.ask_move(move_request()) {
            Err(failure) => break failure,
            Ok(_) if Instant::now() < deadline => {}
            Ok(_) => panic!("the flood was never noticed"),
        }
    };
    assert!(failure == SeatFailure::Flood, "{failure:?}");
}

#[test]
fn the_misbehaving_fixture_answers_outside_the_options_after_moving() {
    let mut seat = misbehaving("bad-answer", 5000);
    seat.ask_move(move_request()).expect("moves fine");
    assert!(matches!(
        seat.ask_answers(0, view(), &[target_question()]),
        Err(SeatFailure::Reply(ReplyError::NotAnOption { .. }))
    ));
}

#[test]
fn a_start_up_banner_is_a_line_nobody_asked_for() {
    let (mut seat, _log) = start(
        "python3 tests/players/misbehaving_player.py banner 100",
        5000,
    );
    assert!(seat.hello(hello()).is_ok());
    assert!(seat.ask_move(move_request()).is_ok());
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
fn ending_a_seat_ends_what_its_command_started() {
    // The reply names the pid of a background sleep the command started.
    let command = r#"read l; sleep 31 & echo "{\"ready\": true, \"name\": \"$!\"}"; wait"#;
    let (mut seat, _log) = start(command, 300);
    seat.hello(hello()).expect("ready");
    let pid = seat.program_name().expect("a pid").to_string();
    assert!(!process_ended(&pid));
    assert_eq!(seat.finish(None), Exit::Killed);
    let deadline = Instant::now() + Duration::from_secs(5);
    while !process_ended(&pid) {
        assert!(Instant::now() < deadline, "sleep {pid} outlived its seat");
        thread::sleep(Duration::from_millis(10));
    }
}
