//! Fuzzing `spellcast --seat` as a hostile or broken host would feed it
//! (issue 32), as `fuzz_ways_in.rs` fuzzes replay and results files: the
//! built binary, its window on an Xvfb display, given the lines of two
//! recorded duels' hosts (the original book and Death Match) with bytes
//! changed, dropped or repeated, `hello`s the format does not allow (odd
//! player counts, names, books, fields), and lines no host writes (huge,
//! control characters, not UTF-8, unknown kinds, truncated JSON, a flood,
//! a last line without its break). Each case must end, by itself or when
//! its window is closed, within a bound; never by a panic or a signal;
//! every line on standard error one line, escaped and capped, from the
//! seat; and the seat never ends by itself with status 0 and nothing said
//! unless all it was given is a `hello` (the host's probe).
//!
//! Seeded and short in CI. For a longer run by hand (tests/bench/README.md):
//!
//! ```sh
//! SPELLCAST_FUZZ_CASES=2000 SPELLCAST_FUZZ_SEED=7 \
//!     cargo test --profile ci --test x11 fuzz_far_seat:: -- --nocapture
//! ```
//!
//! (`SPELLCAST_FUZZ_VERBOSE=1` prints each case's ending.)

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::common::damage::{damage, Damage};
use crate::common::xvfb::Xvfb;
use crate::x11_ui::far::{hello, FarSeat};

/// The longest a case may take: far above any, low enough to catch a hang.
const CASE_BOUND: Duration = Duration::from_secs(60);

/// The longest line the seat may write: its name, then at most 400
/// characters of message (`outside_text::MAX_LINE_CHARS`).
const MOST_LINE_CHARS: usize = "spellcast --seat: ".len() + 400;

/// The longest host line the seat takes (`far_seat/host_link.rs`).
const MOST_HOST_LINE: usize = 1 << 20;

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The lines a host wrote to a program seat over one duel of `spellcast
/// match` under `rules` (its last duel: `tee` starts anew with each).
pub fn recorded_host(rules: &str) -> Vec<String> {
    let file = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("far-fuzz-{rules}-{}.jsonl", std::process::id()));
    let seat = format!(
        "program:tee {} | python3 tests/players/random_player.py",
        file.display()
    );
    let out = Command::new(env!("CARGO_BIN_EXE_spellcast"))
        .args([
            "match",
            &seat,
            "computer:easy",
            "--games",
            "2",
            "--seed",
            "3",
        ])
        .args(["--jobs", "1", "--rules", rules])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("DISPLAY")
        .output()
        .expect("run a match");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&file).expect("the host's lines");
    let _ = std::fs::remove_file(&file);
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    assert!(lines.len() > 3 && lines[0].contains("\"hello\""), "{text}");
    lines
}

/// `line` with a few bytes changed, dropped or a stretch repeated.
fn mutate(rng: &mut StdRng, line: &str) -> Vec<u8> {
    let how = Damage {
        pool: b"{}[],:\"0123456789-ntfe\\\x1b\x07\x00",
        longest_repeat: 60,
        // Mostly ASCII: a byte that is not UTF-8 ends the link at once
        // (one such case in ten keeps it coming).
        insert: |rng| match rng.gen_ratio(1, 10) {
            true => rng.gen(),
            false => rng.gen_range(0..0x80),
        },
    };
    let mut bytes = damage(rng, line.as_bytes().to_vec(), &how);
    // A line break inside would only split the line in two.
    bytes.retain(|&b| b != b'\n');
    bytes
}

/// A `hello` the format does not allow, or only just.
fn odd_hello(rng: &mut StdRng, recorded: &str) -> Vec<u8> {
    let names = |n: usize| (0..n).map(|i| format!("W{i}")).collect::<Vec<_>>();
    match rng.gen_range(0..9) {
        0 => {
            let n = [0, 1, 9, 600, 1000, 70_000][rng.gen_range(0..6)];
            let players = names(n);
            let refs: Vec<&str> = players.iter().map(String::as_str).collect();
            hello("W0", &refs).into_bytes()
        }
        1 => hello("Nobody", &["Al", "Bo"]).into_bytes(),
        2 => hello("Al", &["Al", "B\u{1b}[2Jo\u{7}"]).into_bytes(),
        3 => hello("Al", &["Al", &"x".repeat(rng.gen_range(30..5000))]).into_bytes(),
        4 => hello("Al", &["Al", "Al:f"]).into_bytes(),
        5 => recorded
            .replace("\"spellcast\"", "\"chess\"")
            .replace("\"deathmatch\"", "\"c\\u001bhess\"")
            .into_bytes(),
        6 => recorded
            .replace("\"protocol\":1", "\"protocol\":\"one\"")
            .into_bytes(),
        7 => format!(
            "{{\"type\":\"hello\",\"protocol\":1,\"rules\":\"deathmatch\",\"you\":\"W0\",\
             \"players\":{:?},\"limit_ms\":1}}",
            names(rng.gen_range(3..9))
        )
        .into_bytes(),
        _ => mutate(rng, recorded),
    }
}

/// A line no host writes.
fn stray_line(rng: &mut StdRng, recorded: &[String]) -> Vec<u8> {
    let some = &recorded[rng.gen_range(0..recorded.len())];
    match rng.gen_range(0..10) {
        0 => format!(
            "{{\"type\":\"said\",\"who\":\"\\u001b]0;x\\u0007\",\"text\":\"{}\"}}",
            "\\n\\u001b[31m".repeat(rng.gen_range(1..50))
        )
        .into_bytes(),
        1 => b"{\"type\":\"chat\",\"text\":\"hi\"}".to_vec(),
        2 => some.as_bytes()[..rng.gen_range(0..some.len())].to_vec(),
        3 => {
            // `{"type":""}` and the line break are 12 bytes: the middle one
            // is the longest line taken, the last one too long.
            let n = [500 * 1024, MOST_HOST_LINE - 12, MOST_HOST_LINE + 10][rng.gen_range(0..3)];
            format!("{{\"type\":\"{}\"}}", "y".repeat(n)).into_bytes()
        }
        4 => b"\x1b[2J\x07\x00\x08 raw".to_vec(),
        5 => b"\xff\xfe{\"type\":\"end\"}".to_vec(),
        6 => Vec::new(),
        7 => "[".repeat(rng.gen_range(100..20_000)).into_bytes(),
        8 => some
            .replace("\"round\":", "\"round\":184467440737095516150")
            .into_bytes(),
        _ => recorded[0].clone().into_bytes(),
    }
}

/// One case's lines, and whether they are a lone `hello` as a host's probe
/// sends it (after which the seat may end with status 0 and nothing said,
/// if it takes the `hello`).
fn case_lines(rng: &mut StdRng, recorded: &[String]) -> (Vec<Vec<u8>>, bool) {
    let mut lines = Vec::new();
    match rng.gen_range(0..8) {
        0 => lines.push(odd_hello(rng, &recorded[0])),
        1 => {
            for _ in 0..rng.gen_range(0..4) {
                let n = rng.gen_range(0..200);
                lines.push((0..n).map(|_| rng.gen()).collect());
            }
        }
        _ => lines.push(recorded[0].clone().into_bytes()),
    }
    let body = rng.gen_range(0..recorded.len() + 4);
    for i in 1..body {
        match rng.gen_range(0..10) {
            0..=4 => lines.push(recorded[i.min(recorded.len() - 1)].clone().into_bytes()),
            5..=7 => lines.push(mutate(rng, &recorded[i.min(recorded.len() - 1)])),
            8 => lines.push(stray_line(rng, recorded)),
            _ => {
                let one = stray_line(rng, recorded);
                let flood = match one.len() < 4096 {
                    true => rng.gen_range(10..400),
                    false => 2,
                };
                lines.extend(std::iter::repeat_n(one, flood));
            }
        }
    }
    let hello = |line: &[u8]| {
        serde_json::from_slice::<serde_json::Value>(line).is_ok_and(|v| v["type"] == "hello")
    };
    let probe = lines.len() == 1 && hello(&lines[0]);
    (lines, probe)
}

/// Checks one ended case.
fn check(case: &str, ended: &crate::x11_ui::far::Ended, probe: bool, cut: bool) {
    let all = ended.errors.join("\n");
    assert!(
        ended.status.code().is_some_and(|c| c != 101),
        "{case}: ended by {:?}: {all}",
        ended.status
    );
    for line in &ended.errors {
        let told = line.strip_prefix("spellcast --seat: ");
        assert!(told.is_some_and(|t| !t.is_empty()), "{case}: {line:?}");
        assert!(!line.chars().any(char::is_control), "{case}: {line:?}");
        assert!(
            line.chars().count() <= MOST_LINE_CHARS,
            "{case}: {} chars",
            line.chars().count()
        );
    }
    let silent = ended.by_itself && ended.status.success() && ended.errors.is_empty();
    assert!(
        !silent || probe,
        "{case}: ended with status 0, saying nothing"
    );
    // Once its window is up the seat may be closed before it reads the
    // cut line: only a seat that ended by itself has surely read it.
    if cut && ended.by_itself {
        assert!(!ended.status.success(), "{case}: a cut last line, status 0");
    }
}

#[test]
fn hostile_host_lines_end_in_one_clean_line_or_a_window() {
    let seed = setting("SPELLCAST_FUZZ_SEED", 32);
    let cases = setting("SPELLCAST_FUZZ_CASES", 16);
    let verbose = setting("SPELLCAST_FUZZ_VERBOSE", 0) == 1;
    let hosts = [recorded_host("spellcast"), recorded_host("deathmatch")];
    let x = Xvfb::start();
    let client = x.client();
    let mut rng = StdRng::seed_from_u64(seed);
    for case in 0..cases {
        let recorded = &hosts[rng.gen_range(0..hosts.len())];
        let (lines, probe) = case_lines(&mut rng, recorded);
        let cut = !probe && rng.gen_ratio(1, 8);
        let mut seat = FarSeat::start(&x.display());
        for line in &lines {
            if !seat.send(line) {
                break;
            }
        }
        // After a line the seat cannot take, its link is closed: a cut
        // last line cannot make matters worse.
        if cut {
            seat.send_raw(b"{\"type\":\"end\"");
        }
        seat.close_input();
        let name = format!("seed {seed} case {case}");
        let ended = seat.end(&client, "Spellcast: ", CASE_BOUND, &name);
        if verbose {
            eprintln!(
                "{name}: {} lines, {:?}, window {}: {:?}",
                lines.len(),
                ended.status,
                !ended.by_itself,
                ended.errors
            );
        }
        check(&name, &ended, probe, cut);
    }
}
