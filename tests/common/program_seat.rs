//! A program seat started by hand, and the messages the seat tests send it:
//! shared by the tests of well-behaved, misbehaving and fuzzed programs.

use spellcast::seat::message::{GestureColumns, Hello, MeJson, QuestionJson, ViewJson};
use spellcast::seat::program::{ProgramConfig, ProgramSeat};
use spellcast::seat::view_map::AskedQuestion;
use spellcast::seat::LogSink;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Starts `command` as Barbara's seat with a reply limit of `limit_ms`; the
/// log collects what the game writes to standard error about it.
pub fn start(command: &str, limit_ms: u64) -> (ProgramSeat, Arc<Mutex<Vec<u8>>>) {
    let log = Arc::new(Mutex::new(Vec::new()));
    let sink: LogSink = log.clone();
    let seat = ProgramSeat::start(ProgramConfig {
        command: command.to_string(),
        seat: "Barbara".to_string(),
        limit: Duration::from_millis(limit_ms),
        stderr: sink,
    })
    .expect("the program starts");
    (seat, log)
}

/// The `hello` of a two-wizard duel in which the seat plays Barbara.
pub fn hello() -> Hello {
    Hello::new(
        spellcast::engine::RuleSet::original(),
        "Barbara",
        vec!["Arnold".into(), "Barbara:f".into()],
        5000,
    )
}

/// A view of turn 1 showing only Arnold's first row.
pub fn one_column_view() -> ViewJson {
    ViewJson {
        turn: 1,
        beings: vec![],
        gestures: GestureColumns(vec![("Arnold".into(), vec!["SP".into()])]),
        announced: Vec::new(),
        me: MeJson {
            banked: None,
            short_lightning_used: false,
        },
    }
}

/// A Missile's target question with three options, Arnold by default.
pub fn target_question() -> AskedQuestion {
    AskedQuestion {
        json: QuestionJson {
            kind: spellcast::engine::QuestionType::Target,
            spell: Some("Missile".into()),
            hand: Some("right".into()),
            about: None,
            options: vec!["nobody".into(), "Arnold".into(), "#1".into()],
            default: Some("Arnold".into()),
        },
        engine_index: vec![0, 1, 3],
    }
}
