//! Fuzzing the newer ways in as `fuzz_untrusted.rs` fuzzes scripts and
//! replies: mutated replay files (recorded duels with bytes changed,
//! dropped or repeated), played into a replay's frames and every frame
//! read; and mutated `--results` lines, merged. Each case ends without a
//! panic, within a bound, in frames or in one error line without control
//! characters. The far seat's host lines are fuzzed at the binary, under
//! Xvfb, by `fuzz_far_seat.rs` (the X suite).
//!
//! Seeded and short in CI. For a longer run by hand:
//!
//! ```sh
//! SPELLCAST_FUZZ_CASES=20000 SPELLCAST_FUZZ_SEED=7 \
//!     cargo test --profile ci --test headless fuzz_ways_in:: -- --nocapture
//! ```

use crate::common::damage::{damage, Damage};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use spellcast::match_runner::results::{merge, merge_error};
use spellcast::replay::Frames;
use spellcast::x11::scene::Source;
use std::time::{Duration, Instant};

/// The longest a case may take: far above any, low enough to catch a hang.
const CASE_BOUND: Duration = Duration::from_secs(10);

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// `text` with a few bytes changed, dropped or a stretch repeated.
fn mutate(rng: &mut StdRng, text: &str) -> String {
    let how = Damage {
        pool: b"{}[],:\"0123456789-kCO\n\x1b",
        longest_repeat: 40,
        insert: |rng| rng.gen(),
    };
    let bytes = damage(rng, text.as_bytes().to_vec(), &how);
    String::from_utf8_lossy(&bytes).into_owned()
}

fn assert_clean(what: &str, line: &str) {
    assert!(!line.chars().any(char::is_control), "{what}: {line:?}");
    assert!(line.chars().count() <= 700, "{what}: {} chars", line.len());
}

fn recorded_scripts() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/variants/deathmatch");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("recorded duels").flatten() {
        let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
        if let Ok(value) = serde_json::from_str::<serde_json::Value>(&text) {
            out.push(value.get("script").unwrap_or(&value).to_string());
        }
    }
    out.sort();
    out
}

#[test]
fn mutated_replay_files_give_frames_or_one_clean_line() {
    let seed = setting("SPELLCAST_FUZZ_SEED", 32);
    let cases = setting("SPELLCAST_FUZZ_CASES", 200);
    let scripts = recorded_scripts();
    assert!(!scripts.is_empty());
    let mut rng = StdRng::seed_from_u64(seed);
    for case in 0..cases {
        let base = &scripts[rng.gen_range(0..scripts.len())];
        let text = mutate(&mut rng, base);
        let started = Instant::now();
        match Frames::of_script(&text) {
            Ok(frames) => {
                for i in [0, frames.len() / 2, frames.len(), usize::MAX] {
                    let shown = frames.shown(i);
                    let _ = shown.status_lines(0);
                    for p in 0..shown.columns() + 1 {
                        let _ = shown.history(p, 0);
                    }
                    let _ = shown.narration_since(0, usize::MAX);
                    let _ = shown.narration_since(0, 0);
                }
            }
            Err(e) => assert_clean(&format!("seed {seed} case {case}"), &e.to_string()),
        }
        assert!(started.elapsed() < CASE_BOUND, "seed {seed} case {case}");
    }
}

#[test]
fn mutated_results_files_merge_or_give_one_clean_line() {
    let seed = setting("SPELLCAST_FUZZ_SEED", 32);
    let cases = setting("SPELLCAST_FUZZ_CASES", 200);
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-results");
    std::fs::create_dir_all(&dir).expect("a directory");
    let line = |duel: usize, rotation: usize| {
        format!(
            "{{\"seats\":[\"computer:easy\",\"program:./p\"],\"rules\":\"spellcast\",\
             \"games\":4,\"seed\":7,\"opening\":2,\"think_ms\":null,\"limit_ms\":10000,\
             \"duel\":{duel},\"rotation\":{rotation},\"winner\":0,\"ending\":\"kill\",\
             \"failed\":[false,false]}}\n"
        )
    };
    let whole: String = (1..=4).map(|d| line(d, (d - 1) % 2)).collect();
    let mut rng = StdRng::seed_from_u64(seed);
    for case in 0..cases {
        let file = dir.join(format!("case-{}", case % 8));
        std::fs::write(&file, mutate(&mut rng, &whole)).expect("written");
        let started = Instant::now();
        if let Err(e) = merge(&[file]) {
            assert_clean(&format!("seed {seed} case {case}"), &merge_error(&e));
        }
        assert!(started.elapsed() < CASE_BOUND, "seed {seed} case {case}");
    }
}
