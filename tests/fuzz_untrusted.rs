//! Fuzzing what comes from outside (issue 21): random and mutated protocol
//! lines, fed to the reply parsers and, through a real program, to program
//! seats; and mutated scripts, played by the script runner. Every case must
//! end without a panic, within a bounded time, and with at most one clean
//! error line (no control characters, bounded length).
//!
//! Seeded and short in CI (a few seconds). For a longer run by hand:
//!
//! ```sh
//! SPELLCAST_FUZZ_CASES=20000 SPELLCAST_FUZZ_SEED=7 \
//!     cargo test --profile ci --test headless fuzz_untrusted:: -- --nocapture
//! ```
//!
//! `SPELLCAST_FUZZ_CASES` is the number of scripts (default 300); ten times
//! as many protocol lines are parsed, and one program seat is run per 50
//! scripts. A failure names the seed and the case to replay.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use spellcast::seat::message::{Hello, Message, MoveRequest, RoundKindName, RoundReport, Said};
use spellcast::seat::program::{
    failure_line, ProgramConfig, ProgramSeat, SeatFailure, MAX_REPLY_LINE,
};
use spellcast::seat::reply::{parse_answers, parse_move, parse_ready};
use spellcast::seat::LogSink;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common;
use common::program_seat::{one_column_view as view, target_question as question};

/// The longest any one case may take: far above what any takes, low enough
/// to catch a hang or a quadratic blow-up.
const CASE_BOUND: Duration = Duration::from_secs(10);

/// The longest script tried: repeating a node can blow a script up far
/// beyond what the case is about (time stays linear in it regardless).
const MAX_SCRIPT_BYTES: usize = 4 << 20;

/// The longest error line accepted, in characters.
const LINE_BOUND: usize = 700;

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn cases() -> u64 {
    setting("SPELLCAST_FUZZ_CASES", 300)
}

fn seed() -> u64 {
    setting("SPELLCAST_FUZZ_SEED", 21)
}

/// Strings chosen to break messages: control characters, escapes,
/// separators, quotes, very long text, names the game uses.
fn nasty(rng: &mut StdRng) -> String {
    const PIECES: &[&str] = &[
        "\n",
        "\r",
        "\u{1b}[2J",
        "\u{1b}]0;title\u{7}",
        "\0",
        "\u{7f}",
        "\u{85}",
        "\u{2028}",
        "\u{202e}",
        "\"",
        "\\",
        "'",
        "}",
        "{",
        "[",
        ":",
        ",",
        "é",
        "😀",
        "nobody",
        "Arnold",
        "#1",
        "SD",
        "k-",
        "target",
        "Missile",
        "left",
        " ",
        "\t",
        "",
    ];
    let mut text = String::new();
    for _ in 0..rng.gen_range(0..6) {
        text.push_str(PIECES[rng.gen_range(0..PIECES.len())]);
    }
    if rng.gen_ratio(1, 12) {
        let c = ['x', '\n', '\u{1b}', 'é'][rng.gen_range(0..4)];
        text.extend(std::iter::repeat_n(c, rng.gen_range(100..200_000)));
    }
    text
}

/// A random JSON value, nested at most `depth` deep.
fn random_value(rng: &mut StdRng, depth: u32) -> Value {
    match rng.gen_range(0..if depth == 0 { 5 } else { 7 }) {
        0 => Value::Null,
        1 => json!(rng.gen::<bool>()),
        2 => json!(rng.gen::<i64>()),
        3 => json!(rng.gen::<f64>() * 1e300),
        4 => json!(nasty(rng)),
        5 => Value::Array(
            (0..rng.gen_range(0..4))
                .map(|_| random_value(rng, depth - 1))
                .collect(),
        ),
        _ => {
            let mut object = serde_json::Map::new();
            for _ in 0..rng.gen_range(0..4) {
                let key = random_key(rng);
                object.insert(key, random_value(rng, depth - 1));
            }
            Value::Object(object)
        }
    }
}

fn random_key(rng: &mut StdRng) -> String {
    const KEYS: &[&str] = &[
        "ready", "name", "say", "move", "answers", "moves", "withdraw", "players", "seed",
        "rounds", "kind", "spell", "hand", "about", "answer",
    ];
    if rng.gen_ratio(3, 4) {
        KEYS[rng.gen_range(0..KEYS.len())].to_string()
    } else {
        nasty(rng)
    }
}

/// Replaces a random node of `value` (perhaps the whole) with a random one.
fn mutate_value(rng: &mut StdRng, value: &mut Value) {
    let children = match value {
        Value::Array(items) if !items.is_empty() => items.len(),
        Value::Object(map) if !map.is_empty() => map.len(),
        _ => 0,
    };
    if children == 0 || rng.gen_ratio(1, 4) {
        *value = random_value(rng, 3);
        return;
    }
    let i = rng.gen_range(0..children);
    match value {
        Value::Array(items) => {
            if rng.gen_ratio(1, 10) {
                let copy = items[i].clone();
                items.extend(std::iter::repeat_n(copy, rng.gen_range(1..2000)));
            } else {
                mutate_value(rng, &mut items[i]);
            }
        }
        Value::Object(map) => {
            if let Some(child) = map.values_mut().nth(i) {
                mutate_value(rng, child);
            }
        }
        _ => {}
    }
}

/// Mutates the text itself: bytes cut, doubled, or swapped for others;
/// objects given a key twice; deep nesting.
fn mutate_text(rng: &mut StdRng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..rng.gen_range(1..4) {
        if chars.is_empty() {
            break;
        }
        let at = rng.gen_range(0..chars.len());
        match rng.gen_range(0..5) {
            0 => {
                chars.truncate(at);
            }
            1 => {
                chars.remove(at);
            }
            2 => chars.insert(
                at,
                ['{', '}', '[', ']', '"', ',', ':', '\\', '\u{1b}'][rng.gen_range(0..9)],
            ),
            3 => {
                let end = (at + rng.gen_range(1..40)).min(chars.len());
                let piece: Vec<char> = chars[at..end].to_vec();
                chars.splice(at..at, piece);
            }
            _ => {
                let depth = rng.gen_range(1..5000);
                let nest: String = "[".repeat(depth) + &"]".repeat(depth);
                chars.splice(at..at, nest.chars());
            }
        }
    }
    chars.into_iter().collect()
}

/// An error or failure line fit for a terminal.
fn assert_clean(what: &str, line: &str) {
    assert!(
        !line.chars().any(char::is_control),
        "{what}: a control character in {line:?}"
    );
    let count = line.chars().count();
    assert!(count <= LINE_BOUND, "{what}: {count} characters");
}

fn oracle_scripts() -> Vec<Value> {
    let mut scripts = Vec::new();
    for dir in ["tests/oracle/targeted", "tests/oracle/many"] {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
            .expect("the oracle duels")
            .map(|e| e.expect("an entry").path())
            .collect();
        paths.sort();
        for path in paths.iter().step_by(4) {
            let text = std::fs::read_to_string(path).expect("a duel");
            let duel: Value = serde_json::from_str(&text).expect("JSON");
            scripts.push(duel["script"].clone());
        }
    }
    scripts
}

#[test]
fn mutated_scripts_end_in_a_report_or_one_clean_line() {
    let seed = seed();
    let mut rng = StdRng::seed_from_u64(seed);
    let scripts = oracle_scripts();
    for case in 0..cases() {
        let mut script = scripts[rng.gen_range(0..scripts.len())].clone();
        let text = if rng.gen_ratio(1, 2) {
            for _ in 0..rng.gen_range(1..4) {
                mutate_value(&mut rng, &mut script);
            }
            script.to_string()
        } else {
            mutate_text(&mut rng, &script.to_string())
        };
        if text.len() > MAX_SCRIPT_BYTES {
            continue;
        }
        let what = format!("seed {seed}, script case {case}");
        let started = Instant::now();
        let played = catch_unwind(AssertUnwindSafe(|| {
            spellcast::script::write_report(&text, None, &mut Vec::new())
        }));
        match played {
            Err(_) => panic!("{what}: panicked"),
            Ok(Err(e)) => assert_clean(&what, &e.to_string()),
            Ok(Ok(())) => {}
        }
        assert!(
            started.elapsed() < CASE_BOUND,
            "{what}: {:?}",
            started.elapsed()
        );
    }
}

/// A protocol line: a reply of the right shape, then perhaps mutated.
fn protocol_line(rng: &mut StdRng) -> String {
    let mut reply = match rng.gen_range(0..3) {
        0 => json!({"ready": true, "name": nasty(rng)}),
        1 => json!({"move": nasty(rng), "say": nasty(rng)}),
        _ => json!({"answers": [nasty(rng), "Arnold"], "say": nasty(rng)}),
    };
    match rng.gen_range(0..3) {
        0 => reply.to_string(),
        1 => {
            mutate_value(rng, &mut reply);
            reply.to_string()
        }
        _ => mutate_text(rng, &reply.to_string()),
    }
}

#[test]
fn random_reply_lines_are_parsed_or_refused_in_one_clean_line() {
    let seed = seed();
    let mut rng = StdRng::seed_from_u64(seed);
    let asked = [question(), question()];
    for case in 0..cases() * 10 {
        let line = protocol_line(&mut rng);
        if line.len() > MAX_REPLY_LINE {
            continue;
        }
        let what = format!("seed {seed}, line case {case}");
        let started = Instant::now();
        let errors = catch_unwind(AssertUnwindSafe(|| {
            [
                parse_ready(&line).err(),
                parse_move(&line).err(),
                parse_answers(&line, &asked).err(),
            ]
        }))
        .unwrap_or_else(|_| panic!("{what}: panicked on {line:?}"));
        for error in errors.into_iter().flatten() {
            assert_clean(&what, &error.to_string());
        }
        assert!(started.elapsed() < CASE_BOUND, "{what}");
    }
}

/// One program seat fed `batches` of lines (one batch before the first
/// message, one after each), asked for everything in turn until it fails.
fn run_program(batches: &[Vec<String>], file: &PathBuf, what: &str) {
    const LIMIT: Duration = Duration::from_millis(300);
    std::fs::write(file, serde_json::to_string(batches).expect("JSON")).expect("a file");
    let sink: LogSink = Arc::new(Mutex::new(Vec::new()));
    let mut seat = ProgramSeat::start(ProgramConfig {
        command: format!(
            "python3 tests/players/scripted_player.py {}",
            file.display()
        ),
        seat: "Barbara\u{1b}[1m".into(),
        limit: LIMIT,
        stderr: sink,
    })
    .expect("the program starts");
    let hello = Hello::new(
        spellcast::engine::RuleSet::original(),
        "Barbara",
        vec!["Arnold".into(), "Barbara:f".into()],
        300,
    );
    let mut result = seat.hello(hello).map(|_| ());
    for step in 0..8u32 {
        if result.is_err() {
            break;
        }
        let started = Instant::now();
        result = match step % 4 {
            0 => seat
                .ask_move(MoveRequest {
                    round: step,
                    turn: step + 1,
                    kind: RoundKindName::Normal,
                    view: view(),
                })
                .map(|_| ()),
            1 => seat.ask_answers(step, view(), &[question()]).map(|_| ()),
            2 => seat.tell(&Message::Round(RoundReport {
                round: step,
                kind: RoundKindName::Normal,
                view: view(),
                text: vec![],
            })),
            _ => seat.tell(&Message::Said(Said {
                who: "Arnold".into(),
                text: "hi".into(),
            })),
        };
        // Never longer than the limit, give or take the start of a process.
        assert!(
            started.elapsed() < LIMIT * 4,
            "{what}: {:?}",
            started.elapsed()
        );
    }
    if let Err(failure) = &result {
        assert_clean(
            what,
            &failure_line("Barbara\n", "program \"x\u{1b}\"", failure),
        );
        let _: &SeatFailure = failure;
    }
    let started = Instant::now();
    let _ = seat.finish(None);
    assert!(started.elapsed() < CASE_BOUND, "{what}: finishing");
}

#[test]
fn programs_writing_random_lines_fail_in_one_clean_line_within_the_limit() {
    let seed = seed();
    let mut rng = StdRng::seed_from_u64(seed ^ 0x5eed);
    let file = std::env::temp_dir().join(format!("spellcast-fuzz-{}.json", std::process::id()));
    for case in 0..(cases() / 50).max(1) {
        let batches: Vec<Vec<String>> = (0..10)
            .map(|_| {
                (0..rng.gen_range(0..3))
                    .map(|_| protocol_line(&mut rng).replace(['\n', '\r'], " "))
                    .filter(|line| line.len() <= MAX_REPLY_LINE)
                    .collect()
            })
            .collect();
        run_program(
            &batches,
            &file,
            &format!("seed {seed}, program case {case}"),
        );
    }
    let _ = std::fs::remove_file(&file);
}
