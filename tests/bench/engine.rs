//! Engine benchmark: `cargo bench --bench engine`.
//!
//! Measures, on one core:
//! 1. rounds per second of 2-player random self-play (uniformly random
//!    gestures, random legal answers), narration off and on;
//! 2. the same with 8 players;
//! 3. the time to replay every recorded duel of `tests/oracle` in process
//!    (`script::play`);
//! 4. the time per `spellcast --script FILE` process, start-up included, over
//!    every deterministic recorded duel.
//!
//! `SPELLCAST_BENCH_QUICK=1` (or the argument `--quick`) runs a smoke version
//! in a second or two, for CI.
//!
//! `--instructions [--rules NAME]` does a fixed amount of work instead, for
//! `valgrind --tool=callgrind`: 2-player self-play of [`COUNTED_DUELS`] duels
//! (`counted_self_play`) and [`COUNTED_ROUNDS`] clone + one round
//! (`counted_clone_rounds`), each in a function of its own so that
//! `callgrind_annotate --inclusive=yes` gives its instructions; it prints
//! the rounds played, to divide by. Moves are drawn from the book's hands
//! (the original's: all eight gestures in either hand, as the timed runs).

#[path = "../engine_support/oracle_files.rs"]
mod oracle_files;

use serde_json::Value;
use spellcast::engine::{Duel, Gesture, PlayerId, PlayerSpec, RuleSet, Step};
use spellcast::script::{play, Script};
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The system allocator, counting the allocations (new blocks and
/// reallocations) that `--instructions` reports a round: a relaxed add
/// beside each call, too small to move the timed figures.
struct CountingAllocator;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every call is passed to the system allocator unchanged.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract, passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, passed on.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract, passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// Allocations so far (see [`CountingAllocator`]).
fn allocations() -> u64 {
    ALLOCATIONS.load(Ordering::Relaxed)
}

/// A small, fast generator (xorshift64*) so the benchmark measures the engine,
/// not the random numbers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

/// Plays one round with these moves, answering every question with a
/// random legal option (`answers` is a reused buffer).
fn play_round(
    duel: &mut Duel,
    moves: &[Option<(Gesture, Gesture)>],
    rng: &mut Rng,
    answers: &mut Vec<usize>,
) -> Step {
    let Ok(mut step) = duel.start_round(moves) else {
        return Step::RoundDone;
    };
    while step == Step::Questions {
        let Some(p) = duel.waiting_on().next() else {
            break;
        };
        answers.clear();
        answers.extend(
            duel.open_questions(p)
                .iter()
                .map(|q| rng.below(q.options.len())),
        );
        match duel.answer(p, answers) {
            Ok(s) => step = s,
            Err(_) => break,
        }
    }
    step
}

/// Plays one round with these moves, every question answered with its
/// pre-filled answer, as a search's rollout does; false if the moves were
/// refused (`answers` is a reused buffer).
fn round_with_fallbacks(
    duel: &mut Duel,
    moves: &[Option<(Gesture, Gesture)>],
    answers: &mut Vec<usize>,
) -> bool {
    let Ok(mut step) = duel.start_round(moves) else {
        return false;
    };
    while step == Step::Questions {
        let Some(p) = duel.waiting_on().next() else {
            break;
        };
        answers.clear();
        answers.extend(duel.open_questions(p).iter().map(|q| q.fallback()));
        match duel.answer(p, answers) {
            Ok(s) => step = s,
            Err(_) => break,
        }
    }
    true
}

/// Random moves for the active wizards, `None` for the others.
fn random_moves(duel: &Duel, rng: &mut Rng, moves: &mut [Option<(Gesture, Gesture)>]) {
    for (p, m) in moves.iter_mut().enumerate() {
        let bits = rng.next();
        *m = duel.is_active(PlayerId::new(p)).then(|| {
            (
                Gesture::ALL[(bits & 7) as usize],
                Gesture::ALL[((bits >> 3) & 7) as usize],
            )
        });
    }
}

/// The gestures each hand may make under another book than the original
/// (the Onyx beam left out: only a script names its holders); `None` for
/// the original, whose moves are drawn as the timed runs draw them.
fn book_hands(rules: &'static RuleSet) -> Option<[Vec<Gesture>; 2]> {
    let original = std::ptr::eq(rules, RuleSet::original());
    (!original).then(|| {
        rules.gestures.map(|hand| {
            hand.iter()
                .copied()
                .filter(|&g| g != Gesture::Onyx)
                .collect()
        })
    })
}

/// [`random_moves`] from a book's hands ([`book_hands`]).
fn book_moves(
    duel: &Duel,
    hands: Option<&[Vec<Gesture>; 2]>,
    rng: &mut Rng,
    moves: &mut [Option<(Gesture, Gesture)>],
) {
    let Some(hands) = hands else {
        return random_moves(duel, rng, moves);
    };
    for (p, m) in moves.iter_mut().enumerate() {
        let bits = rng.next();
        *m = duel.is_active(PlayerId::new(p)).then(|| {
            let pick = |hand: &[Gesture], bits: u64| hand[bits as usize % hand.len()];
            (pick(&hands[0], bits & 0xffff), pick(&hands[1], bits >> 16))
        });
    }
}

/// Duels self-play plays for callgrind (`--instructions`).
const COUNTED_DUELS: usize = 1000;
/// Clone + one round for callgrind, over [`COUNTED_POSITIONS`] positions.
const COUNTED_ROUNDS: usize = 20_000;
/// Positions the counted clone + round cycles through.
const COUNTED_POSITIONS: usize = 256;

/// 2-player self-play of `duels` duels (200 rounds at most), narration
/// off; returns the rounds played.
#[inline(never)]
fn counted_self_play(rules: &'static RuleSet, duels: usize) -> u64 {
    let specs: Vec<PlayerSpec> = NAMES[..2].iter().map(|s| PlayerSpec::parse(s)).collect();
    let hands = book_hands(rules);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut answer_rng = Rng(0xD1B5_4A32_D192_ED03);
    let mut answers = Vec::new();
    let mut moves = vec![None; 2];
    let mut rounds = 0u64;
    for _ in 0..duels {
        let Ok(mut game) = Duel::with_rules(&specs, rng.next(), rules) else {
            break;
        };
        game.set_narration(false);
        let mut r = 0;
        while game.outcome().is_none() && r < 200 {
            book_moves(&game, hands.as_ref(), &mut rng, &mut moves);
            play_round(&mut game, &moves, &mut answer_rng, &mut answers);
            r += 1;
        }
        rounds += r;
        black_box(&game);
    }
    rounds
}

/// `rounds` fresh clones + one round from `positions` in turn, as
/// [`clone_and_round`] plays them.
#[inline(never)]
fn counted_clone_rounds(positions: &[Duel], rounds: usize) -> u64 {
    let Some(first) = positions.first() else {
        return 0;
    };
    let hands = book_hands(first.rules());
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut moves = vec![None; 2];
    let mut answers = Vec::new();
    for position in positions.iter().cycle().take(rounds) {
        let mut duel = position.clone();
        book_moves(&duel, hands.as_ref(), &mut rng, &mut moves);
        round_with_fallbacks(&mut duel, &moves, &mut answers);
        black_box(&duel);
    }
    rounds as u64
}

/// [`counted_clone_rounds`] with each copy made by `clone_from` into one
/// duel kept for the purpose, as [`clone_and_round`] with `reuse` does.
#[inline(never)]
fn counted_clone_from_rounds(positions: &[Duel], rounds: usize) -> u64 {
    let Some(first) = positions.first() else {
        return 0;
    };
    let hands = book_hands(first.rules());
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut moves = vec![None; 2];
    let mut answers = Vec::new();
    let mut kept = first.clone();
    for position in positions.iter().cycle().take(rounds) {
        kept.clone_from(position);
        book_moves(&kept, hands.as_ref(), &mut rng, &mut moves);
        round_with_fallbacks(&mut kept, &moves, &mut answers);
        black_box(&kept);
    }
    rounds as u64
}

/// `--instructions`: the fixed work above, under the book named by
/// `--rules` (the original's by default).
fn counted(rules_name: Option<&str>) {
    let rules = match rules_name {
        None => RuleSet::original(),
        Some(name) => RuleSet::by_name(name).unwrap_or_else(|| panic!("no rule book {name:?}")),
    };
    let pool = book_positions(rules, COUNTED_POSITIONS);
    let per_round = |before: u64, rounds: u64| (allocations() - before) as f64 / rounds as f64;
    let before = allocations();
    let played = counted_self_play(rules, COUNTED_DUELS);
    let played_allocations = per_round(before, played);
    let before = allocations();
    let cloned = counted_clone_rounds(&pool, COUNTED_ROUNDS);
    let cloned_allocations = per_round(before, cloned);
    let before = allocations();
    let reused = counted_clone_from_rounds(&pool, COUNTED_ROUNDS);
    let reused_allocations = per_round(before, reused);
    println!(
        "{}: counted_self_play {COUNTED_DUELS} duels, {played} rounds \
         ({played_allocations:.2} allocations a round); counted_clone_rounds \
         {cloned} rounds ({cloned_allocations:.2}) and counted_clone_from_rounds \
         {reused} rounds ({reused_allocations:.2}) over {} positions",
        rules.name,
        pool.len()
    );
}

const NAMES: [&str; 8] = [
    "White", "Black:f", "Red", "Green:f", "Blue", "Yellow:f", "Orange", "Purple:f",
];

/// Plays random duels of `players` wizards for about `budget`; returns
/// (rounds, duels, elapsed).
fn self_play(players: usize, narrate: bool, budget: Duration) -> (u64, u64, Duration) {
    let specs: Vec<PlayerSpec> = NAMES[..players]
        .iter()
        .map(|s| PlayerSpec::parse(s))
        .collect();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut answer_rng = Rng(0xD1B5_4A32_D192_ED03);
    let mut answers = Vec::new();
    let mut moves = vec![None; players];
    let (mut rounds, mut duels) = (0u64, 0u64);
    let start = Instant::now();
    while start.elapsed() < budget {
        for _ in 0..64 {
            let Ok(mut game) = Duel::new(&specs, rng.next()) else {
                return (rounds, duels, start.elapsed());
            };
            game.set_narration(narrate);
            let mut r = 0;
            while game.outcome().is_none() && r < 200 {
                random_moves(&game, &mut rng, &mut moves);
                play_round(&mut game, &moves, &mut answer_rng, &mut answers);
                r += 1;
            }
            rounds += r;
            duels += 1;
            black_box(&game);
        }
    }
    (rounds, duels, start.elapsed())
}

/// Duels of two wizards caught at the start of a round, narration off, as a
/// search would hold them: random play, every round start kept.
fn positions(count: usize) -> Vec<Duel> {
    book_positions(RuleSet::original(), count)
}

/// [`positions`] under a book.
fn book_positions(rules: &'static RuleSet, count: usize) -> Vec<Duel> {
    let specs: Vec<PlayerSpec> = NAMES[..2].iter().map(|s| PlayerSpec::parse(s)).collect();
    let hands = book_hands(rules);
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut answers = Vec::new();
    let mut moves = vec![None; 2];
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let Ok(mut duel) = Duel::with_rules(&specs, rng.next(), rules) else {
            break;
        };
        duel.set_narration(false);
        while duel.outcome().is_none() && out.len() < count {
            out.push(duel.clone());
            book_moves(&duel, hands.as_ref(), &mut rng, &mut moves);
            let mut answer_rng = Rng(rng.next() | 1);
            play_round(&mut duel, &moves, &mut answer_rng, &mut answers);
        }
    }
    out
}

/// Clone + one round from each of `positions` in turn, random moves and
/// the pre-filled answers, for about `budget`; returns (rounds, elapsed).
/// With `reuse`, each copy is made with `clone_from` into one duel kept for
/// the purpose (its buffers reused), as a search loop would.
fn clone_and_round(positions: &[Duel], reuse: bool, budget: Duration) -> (u64, Duration) {
    let Some(first) = positions.first() else {
        return (0, Duration::ZERO);
    };
    let mut kept = first.clone();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut moves = vec![None; 2];
    let mut answers = Vec::new();
    let mut rounds = 0u64;
    let start = Instant::now();
    while start.elapsed() < budget {
        for position in positions {
            let mut fresh;
            let duel = if reuse {
                kept.clone_from(position);
                &mut kept
            } else {
                fresh = position.clone();
                &mut fresh
            };
            random_moves(duel, &mut rng, &mut moves);
            if !round_with_fallbacks(duel, &moves, &mut answers) {
                continue;
            }
            black_box(&*duel);
            rounds += 1;
        }
    }
    (rounds, start.elapsed())
}

/// Every recorded duel: (path, script JSON text, deterministic?).
fn oracle() -> Vec<(PathBuf, String, bool)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracle");
    oracle_files::duel_files(&root)
        .into_iter()
        .map(|p| {
            let v: Value = serde_json::from_str(&std::fs::read_to_string(&p).expect("readable"))
                .expect("a recorded duel is JSON");
            let det = v["notes"]["deterministic"].as_bool().unwrap_or(false);
            (p, v["script"].to_string(), det)
        })
        .collect()
}

fn row(what: &str, figure: String, note: &str) {
    println!("| {what:<46} | {figure:>22} | {note}");
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--instructions") {
        let rules = args
            .iter()
            .position(|a| a == "--rules")
            .and_then(|i| args.get(i + 1));
        return counted(rules.map(String::as_str));
    }
    let quick = std::env::var("SPELLCAST_BENCH_QUICK").is_ok_and(|v| v != "0")
        || std::env::args().any(|a| a == "--quick");
    let budget = if quick {
        Duration::from_millis(150)
    } else {
        Duration::from_secs(3)
    };
    println!(
        "spellcast engine benchmark{}",
        if quick { " (quick smoke mode)" } else { "" }
    );
    println!("| {:<46} | {:>22} | note", "measurement", "figure");
    println!("|{:-<48}|{:-<24}|------", "", "");

    // Each figure is the best of five equal slices, taken in turn across the
    // four set-ups: on a shared machine the slowest slices measure the
    // neighbours, the fastest the engine. The median is given too.
    const SLICES: u32 = 5;
    let setups = [(2, false), (2, true), (8, false), (8, true)];
    let mut rates = vec![Vec::new(); setups.len()];
    let mut totals = vec![(0u64, 0u64); setups.len()];
    for _ in 0..SLICES {
        for (k, &(players, narrate)) in setups.iter().enumerate() {
            let (rounds, duels, t) = self_play(players, narrate, budget / SLICES);
            rates[k].push(rounds as f64 / t.as_secs_f64());
            totals[k].0 += rounds;
            totals[k].1 += duels;
        }
    }
    for (k, &(players, narrate)) in setups.iter().enumerate() {
        let r = &mut rates[k];
        r.sort_by(f64::total_cmp);
        let (best, median) = (r[r.len() - 1], r[r.len() / 2]);
        let (rounds, duels) = totals[k];
        row(
            &format!(
                "{players}-player self-play, narration {}",
                if narrate { "on" } else { "off" }
            ),
            format!("{:.0} rounds/s", best),
            &format!(
                "{:.3} µs/round (best of {SLICES}; median {:.0} rounds/s); {duels} duels, {rounds} rounds",
                1e6 / best,
                median
            ),
        );
    }

    // Clone + one round, as a search does: a fresh copy, and a copy into a
    // duel whose buffers are reused.
    let pool = positions(if quick { 64 } else { 4096 });
    for reuse in [false, true] {
        let mut rates = Vec::new();
        for _ in 0..SLICES {
            let (rounds, t) = clone_and_round(&pool, reuse, budget / SLICES);
            rates.push(rounds as f64 / t.as_secs_f64());
        }
        rates.sort_by(f64::total_cmp);
        let (best, median) = (rates[rates.len() - 1], rates[rates.len() / 2]);
        row(
            if reuse {
                "2-player clone_from + one round, narration off"
            } else {
                "2-player clone + one round, narration off"
            },
            format!("{best:.0} rounds/s"),
            &format!(
                "{:.3} µs/round (best of {SLICES}; median {median:.0} rounds/s); \
                 {} positions from random play, random moves, pre-filled answers",
                1e6 / best,
                pool.len()
            ),
        );
    }

    // In-process replay of every recorded duel.
    let duels = oracle();
    let scripts: Vec<Script> = duels
        .iter()
        .map(|(_, s, _)| serde_json::from_str(s).expect("a script"))
        .collect();
    let reps = if quick { 1 } else { 20 };
    let mut diverged = 0;
    let start = Instant::now();
    for _ in 0..reps {
        diverged = 0;
        for s in &scripts {
            // Non-deterministic duels (Confusion) may stop early on an answer
            // that fits no question: they still count as replayed.
            if black_box(play(s, None)).is_err() {
                diverged += 1;
            }
        }
    }
    let t = start.elapsed() / reps;
    let deterministic = duels.iter().filter(|d| d.2).count();
    row(
        &format!("replay all {} recorded duels in process", scripts.len()),
        format!("{:.2} ms", t.as_secs_f64() * 1e3),
        &format!(
            "{:.1} µs per duel (script::play, report and transcript included); \
             {deterministic} deterministic, {diverged} random ones stopped early",
            t.as_secs_f64() * 1e6 / scripts.len() as f64
        ),
    );

    // One process per deterministic duel.
    let exe = env!("CARGO_BIN_EXE_spellcast");
    let dir = std::env::temp_dir().join(format!("spellcast-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let mut paths = Vec::new();
    for (i, (_, text, det)) in duels.iter().enumerate() {
        if *det {
            let p = dir.join(format!("{i}.json"));
            std::fs::write(&p, text).expect("write script");
            paths.push(p);
        }
    }
    if quick {
        paths.truncate(20);
    }
    let start = Instant::now();
    for p in &paths {
        let status = Command::new(exe)
            .arg("--script")
            .arg(p)
            .stdout(Stdio::null())
            .status()
            .expect("spellcast runs");
        assert!(
            status.success(),
            "spellcast --script {} failed",
            p.display()
        );
    }
    let t = start.elapsed();
    let _ = std::fs::remove_dir_all(&dir);
    row(
        &format!("{} `spellcast --script FILE` processes", paths.len()),
        format!("{:.2} s total", t.as_secs_f64()),
        &format!(
            "{:.2} ms per process, start-up included",
            t.as_secs_f64() * 1e3 / paths.len() as f64
        ),
    );
}
