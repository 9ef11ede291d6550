//! Random self-play: duels of 2 to 8 wizards making uniformly random gestures
//! and giving random legal answers, with the engine's invariants checked after
//! every round. A quick run is part of the test suite; the long run (at least
//! 100,000 duels) is ignored and run by hand in release mode:
//!
//! ```text
//! cargo test --profile ci --test engine engine_selfplay:: -- --ignored --nocapture
//! SPELLCAST_SELFPLAY_DUELS=1000000 cargo test --profile ci --test engine engine_selfplay:: -- --ignored --nocapture
//! SPELLCAST_SELFPLAY_SEED=1234 cargo test --profile ci --test engine engine_selfplay::replay -- --ignored --nocapture
//! ```
//!
//! Every duel is fully determined by its seed, printed when it fails.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use spellcast::engine::{
    BeingId, Choice, Duel, Gesture, Mark, MoveError, Outcome, PlayerId, PlayerSpec, Question,
    QuestionKind, RoundKind, Seen, Spell, SpellInfo, Step, Viewer,
};
use std::collections::{HashSet, VecDeque};
use std::time::Instant;

/// Rounds after which a duel is abandoned (random duels rarely get there).
const MAX_ROUNDS: u32 = 200;

/// Answers every question with a uniformly random legal option and checks the
/// questions themselves; remembers who was aimed at with Haste or Time Stop.
struct RandomAnswers {
    rng: StdRng,
    haste_targets: HashSet<BeingId>,
    time_stop_targets: HashSet<BeingId>,
    errors: Vec<String>,
    questions: u64,
}

impl RandomAnswers {
    /// Answers one player's open questions.
    fn answer(&mut self, game: &Duel, batch: &[Question]) -> Vec<usize> {
        let mut out = Vec::with_capacity(batch.len());
        for q in batch {
            self.questions += 1;
            if q.options.is_empty() {
                self.errors.push(format!("question without options: {q:?}"));
                out.push(0);
                continue;
            }
            if q.default.is_some_and(|d| d >= q.options.len()) {
                self.errors.push(format!("default out of range: {q:?}"));
            }
            if q.player.index() >= game.players() {
                self.errors.push(format!("question to a non-player: {q:?}"));
            }
            // Delay and Permanency choices list cast entries, so the same spell
            // cast by both hands appears twice (as in the original's menu).
            let mut seen = HashSet::new();
            let entries = matches!(q.kind, QuestionKind::Delay | QuestionKind::Permanent);
            if !entries && !q.options.iter().all(|c| seen.insert(*c)) {
                self.errors.push(format!("repeated option: {q:?}"));
            }
            match q.kind {
                QuestionKind::Monster { monster, .. } => {
                    let m = game.being(monster);
                    if !m.alive() || m.is_wizard() || m.kind.is_elemental() {
                        self.errors.push(format!(
                            "monster question about {} (alive {}, kind {:?})",
                            m.name,
                            m.alive(),
                            m.kind
                        ));
                    }
                    let asked = game.being(q.player.into());
                    if m.controller() != Some(q.player) || !asked.alive() {
                        self.errors.push(format!(
                            "monster question about {} to {} who is not its living owner",
                            m.name, asked.name
                        ));
                    }
                }
                QuestionKind::Target { .. }
                | QuestionKind::SpellChoice { .. }
                | QuestionKind::Release { .. }
                | QuestionKind::Delay
                | QuestionKind::Permanent
                    if !game.being(q.player.into()).alive() =>
                {
                    self.errors.push(format!(
                        "{} question to dead {}",
                        q.kind.script_kind(),
                        game.being(q.player.into()).name
                    ));
                }
                _ => {}
            }
            for c in &q.options {
                if let Choice::Being(b) = *c {
                    if b.index() >= game.beings().len() {
                        self.errors.push(format!("option names no being: {q:?}"));
                    }
                }
            }
            let a = self.rng.gen_range(0..q.options.len());
            if let (QuestionKind::Target { spell, .. }, Choice::Being(b)) = (&q.kind, q.options[a])
            {
                match spell {
                    Spell::Haste => {
                        self.haste_targets.insert(b);
                    }
                    Spell::TimeStop => {
                        self.time_stop_targets.insert(b);
                    }
                    _ => {}
                }
            }
            out.push(a);
        }
        out
    }
}

fn pid(p: usize) -> PlayerId {
    PlayerId::new(p)
}

fn bid(b: usize) -> BeingId {
    BeingId::new(b)
}

/// What one duel did.
#[derive(Debug, Default, Clone, Copy)]
struct Stats {
    duels: u64,
    rounds: u64,
    questions: u64,
    capped: u64,
    winners: u64,
    draws: u64,
    haste_rounds: u64,
    time_stop_rounds: u64,
    monsters: u64,
}

impl Stats {
    fn add(&mut self, o: Stats) {
        self.duels += o.duels;
        self.rounds += o.rounds;
        self.questions += o.questions;
        self.capped += o.capped;
        self.winners += o.winners;
        self.draws += o.draws;
        self.haste_rounds += o.haste_rounds;
        self.time_stop_rounds += o.time_stop_rounds;
        self.monsters += o.monsters;
    }
}

const NAMES: [&str; 8] = [
    "White", "Black:f", "Red:n", "Green:x", "Blue", "Yellow:f", "Orange", "Purple:f",
];

/// Plays one random duel; `Err` describes the first broken invariant.
fn duel(seed: u64, narrate: bool, pursue: bool) -> Result<Stats, String> {
    duel_dump(seed, narrate, pursue, false)
}

/// The moves that complete `spell` with `main` as the one-handed hand; the
/// other hand makes random gestures where the spell leaves it free.
fn plan(spell: &SpellInfo, left_main: bool, rng: &mut StdRng) -> Vec<(Gesture, Gesture)> {
    spell
        .steps()
        .map(|(g, both)| {
            if both {
                (g, g)
            } else {
                let other = Gesture::ALL[rng.gen_range(0..7)]; // never a second stab
                if left_main {
                    (g, other)
                } else {
                    (other, g)
                }
            }
        })
        .collect()
}

/// As [`duel`]; with `dump`, prints the transcript when an invariant breaks.
/// With `pursue`, wizards play whole spell sequences (with some noise)
/// instead of uniformly random gestures, so that long spells happen.
fn duel_dump(seed: u64, narrate: bool, pursue: bool, dump: bool) -> Result<Stats, String> {
    let mut rng = StdRng::seed_from_u64(seed);
    let n = rng.gen_range(2..=8);
    let specs: Vec<PlayerSpec> = NAMES[..n].iter().map(|s| PlayerSpec::parse(s)).collect();
    let mut game = Duel::new(&specs, rng.gen()).expect("good names");
    game.set_narration(narrate);
    let mut answers = RandomAnswers {
        rng: StdRng::seed_from_u64(rng.gen()),
        haste_targets: HashSet::new(),
        time_stop_targets: HashSet::new(),
        errors: Vec::new(),
        questions: 0,
    };
    let mut stats = Stats {
        duels: 1,
        ..Stats::default()
    };
    let mut previous_kind = RoundKind::Normal;
    let mut plans: Vec<VecDeque<(Gesture, Gesture)>> = vec![VecDeque::new(); n];
    let mut round = 0u32;
    while game.outcome().is_none() && round < MAX_ROUNDS {
        round += 1;
        macro_rules! fail {
            ($what:expr) => {{
                if dump {
                    println!("{}", game.transcript());
                }
                Err(format!("round {round}: {}", $what))
            }};
        }
        let kind = game.round_kind();
        let active: Vec<bool> = (0..n).map(|p| game.is_active(pid(p))).collect();
        let alive_before: Vec<bool> = (0..n).map(|p| game.being(bid(p)).alive()).collect();
        let rows_before: Vec<usize> = (0..n)
            .map(|p| game.seen_history(pid(p), Viewer::Player(pid(p))).len())
            .collect();

        // Who may move in which round.
        match kind {
            RoundKind::Normal => {
                if active != alive_before {
                    return fail!(format!(
                        "normal round: active {active:?} but alive {alive_before:?}"
                    ));
                }
            }
            RoundKind::Haste | RoundKind::TimeStop => {
                if previous_kind == RoundKind::Haste && kind == RoundKind::Haste {
                    return fail!("two haste rounds in a row");
                }
                let cast_on = if kind == RoundKind::Haste {
                    stats.haste_rounds += 1;
                    &answers.haste_targets
                } else {
                    stats.time_stop_rounds += 1;
                    &answers.time_stop_targets
                };
                for p in (0..n).filter(|&p| active[p]) {
                    if !alive_before[p] {
                        return fail!(format!("dead wizard {p} active in a {kind:?} round"));
                    }
                    if !cast_on.contains(&bid(p)) {
                        return fail!(format!(
                            "wizard {p} active in a {kind:?} round without ever being its target"
                        ));
                    }
                }
            }
        }
        if previous_kind == RoundKind::Haste && kind != RoundKind::Normal {
            return fail!(format!("a {kind:?} round after a haste round"));
        }

        let moves: Vec<Option<(Gesture, Gesture)>> = (0..n)
            .map(|p| {
                if !active[p] {
                    return None;
                }
                if pursue && active[p] && rng.gen_range(0..10) != 0 {
                    if plans[p].is_empty() {
                        let book = game.rules().spells;
                        let row = &book[rng.gen_range(0..book.len())];
                        // Surrender would end most duels at once: rarely.
                        if row.spell != Spell::Surrender || rng.gen_range(0..8) == 0 {
                            plans[p] = plan(row, rng.gen(), &mut rng).into();
                        }
                    }
                    if let Some(m) = plans[p].pop_front() {
                        return Some(m);
                    }
                }
                Some((
                    Gesture::ALL[rng.gen_range(0..8)],
                    Gesture::ALL[rng.gen_range(0..8)],
                ))
            })
            .collect();
        let mut step = match game.start_round(&moves) {
            Ok(step) => step,
            Err(e) => return fail!(format!("moves refused: {e}")),
        };
        while step == Step::Questions {
            let Some(p) = game.waiting_on().next() else {
                return fail!("questions open but nobody waited on");
            };
            let a = answers.answer(&game, game.open_questions(p));
            step = match game.answer(p, &a) {
                Ok(step) => step,
                Err(e) => return fail!(format!("answers refused: {e}")),
            };
        }
        if matches!(step, Step::Over(_)) != game.outcome().is_some() {
            return fail!(format!("step {step:?} but outcome {:?}", game.outcome()));
        }
        stats.rounds += 1;
        if let Some(e) = answers.errors.first() {
            return fail!(e.clone());
        }

        // Beings.
        for (id, b) in game.beings().iter().enumerate() {
            if b.alive() && b.hp > b.max_hp() {
                return fail!(format!("{} has {} hp, max {}", b.name, b.hp, b.max_hp()));
            }
            if b.is_wizard() {
                if id >= n || b.controller().is_some() {
                    return fail!(format!("wizard {} misplaced or owned", b.name));
                }
            } else {
                if id < n {
                    return fail!(format!("monster {} among the wizards", b.name));
                }
                if b.monster_number != id - n + 1 {
                    return fail!(format!("monster {} numbered {}", b.name, b.monster_number));
                }
                if b.controller().is_some_and(|o| o.index() >= n) {
                    return fail!(format!(
                        "monster {} owned by non-wizard {:?}",
                        b.name,
                        b.controller()
                    ));
                }
                if b.alive() && b.corpse() {
                    return fail!(format!("living monster {} is a corpse", b.name));
                }
                if b.kind.is_elemental() && b.corpse() {
                    return fail!(format!("elemental {} left a corpse", b.name));
                }
            }
        }

        // Histories: one row per active wizard, plus anti-spell rows, plus one
        // nothing/nothing row for a wizard who died this round.
        for p in 0..n {
            let h = game.seen_history(pid(p), Viewer::Player(pid(p)));
            if h.len() < rows_before[p] {
                return fail!(format!("wizard {p}'s history shrank"));
            }
            let new = &h[rows_before[p]..];
            let gestured = usize::from(active[p]);
            if new.len() < gestured {
                return fail!(format!("active wizard {p} recorded no row"));
            }
            if !alive_before[p] && !new.is_empty() {
                return fail!(format!("dead wizard {p} recorded {} rows", new.len()));
            }
            if new.iter().any(|r| r.contains(&Seen::Fog)) {
                return fail!(format!("wizard {p} sees fog in his own history"));
            }
            // (a wizard who surrenders and dies in the same turn is dead too)
            let wizard = game.being(bid(p));
            let died = alive_before[p] && !wizard.alive() && wizard.hp <= 0;
            let mut death_rows = 0;
            for r in &new[gestured..] {
                let anti = *r == [Seen::Mark(Mark::AntiSpell); 2];
                let nothing = *r == [Seen::Mark(Mark::Made(Gesture::Nothing)); 2];
                if nothing && died && death_rows == 0 {
                    death_rows += 1;
                } else if !anti {
                    return fail!(format!("wizard {p}: unexpected extra row {r:?}"));
                }
            }
            if kind == RoundKind::Haste && new.len() != gestured {
                return fail!(format!("haste round gave wizard {p} extra rows"));
            }
            // Rows made in a time stop are fogged for everyone else.
            if kind == RoundKind::TimeStop && active[p] {
                for v in (0..n).filter(|&v| v != p) {
                    let seen = game.seen_history(pid(p), Viewer::Player(pid(v)));
                    if seen[rows_before[p]] != [Seen::Fog; 2] {
                        return fail!(format!("time-stop row of {p} visible to {v}"));
                    }
                }
            }
            // The observer (transcript) sees everything.
            if game.seen_history(pid(p), Viewer::Observer) != h {
                return fail!(format!("the observer's view of {p} differs from his own"));
            }
        }

        // The end of the duel is consistent with who is left.
        let live: Vec<PlayerId> = (0..n)
            .filter(|&p| game.being(bid(p)).alive() && !game.being(bid(p)).surrendered)
            .map(pid)
            .collect();
        let surrendered: Vec<PlayerId> = (0..n)
            .filter(|&p| game.being(bid(p)).alive() && game.being(bid(p)).surrendered)
            .map(pid)
            .collect();
        // A haste round resolves nothing (a surrender made in it counts at
        // the next normal round), so it never ends the duel.
        match game.outcome() {
            Some(_) if kind == RoundKind::Haste => {
                return fail!("a haste round ended the duel");
            }
            None if kind == RoundKind::Haste => {}
            None => {
                if live.len() < 2 {
                    return fail!(format!("game goes on with live wizards {live:?}"));
                }
                if !surrendered.is_empty() {
                    return fail!(format!("surrendered wizards {surrendered:?} still alive"));
                }
            }
            Some(Outcome::Winner(w)) => {
                let ok = (live == [w]) || (live.is_empty() && surrendered == [w]);
                if !ok {
                    return fail!(format!(
                        "winner {w} with live {live:?}, surrendered {surrendered:?}"
                    ));
                }
                stats.winners += 1;
            }
            Some(Outcome::Draw) => {
                if !live.is_empty() || surrendered.len() == 1 {
                    return fail!(format!(
                        "draw with live {live:?}, surrendered {surrendered:?}"
                    ));
                }
                stats.draws += 1;
            }
        }
        previous_kind = kind;
    }
    if game.outcome().is_none() {
        stats.capped += 1;
    }
    // A finished duel refuses further rounds.
    if game.outcome().is_some() {
        let moves = vec![Some((Gesture::Stab, Gesture::Palm)); n];
        if game.start_round(&moves) != Err(MoveError::DuelOver) {
            return Err("a finished duel accepted another round".into());
        }
    }
    // Narration renders for every audience without panicking.
    if narrate {
        for v in (0..n)
            .map(|p| Viewer::Player(pid(p)))
            .chain([Viewer::Observer])
        {
            let _ = game.narration_since(v, 0);
        }
        let t = game.transcript();
        if !t.starts_with("Spellcast Game Transcript") {
            return Err("transcript header missing".into());
        }
        for p in 0..n {
            let _ = game.status(pid(p));
            let _ = game.view(pid(p));
        }
    }
    stats.questions = answers.questions;
    stats.monsters = (game.beings().len() - n) as u64;
    Ok(stats)
}

/// Runs `count` duels from `base`; panics naming the first failing seed.
fn run(base: u64, count: u64, pursue: bool) -> Stats {
    let mut total = Stats::default();
    let env = if pursue {
        " SPELLCAST_SELFPLAY_PURSUE=1"
    } else {
        ""
    };
    for i in 0..count {
        let seed = base.wrapping_add(i);
        let narrate = i % 4 == 0;
        let result = std::panic::catch_unwind(|| duel(seed, narrate, pursue));
        let what = match result {
            Ok(Ok(s)) => {
                total.add(s);
                continue;
            }
            Ok(Err(e)) => format!("broke an invariant: {e}"),
            Err(_) => "panicked in the engine".to_string(),
        };
        panic!(
            "self-play duel with seed {seed} {what}\n\
             reproduce: SPELLCAST_SELFPLAY_SEED={seed}{env} cargo test --profile ci \
             --test engine engine_selfplay::replay -- --ignored --nocapture"
        );
    }
    total
}

fn report(label: &str, s: Stats, secs: f64) {
    println!(
        "{label}: {} duels, {} rounds ({} haste, {} time stop), {} questions, {} monsters, \
         {} won, {} drawn, {} capped at {MAX_ROUNDS} rounds, in {secs:.2} s \
         ({:.0} rounds/s including checks)",
        s.duels,
        s.rounds,
        s.haste_rounds,
        s.time_stop_rounds,
        s.questions,
        s.monsters,
        s.winners,
        s.draws,
        s.capped,
        s.rounds as f64 / secs
    );
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

#[test]
fn random_self_play_smoke() {
    let start = Instant::now();
    let s = run(0x5eed_0000, 300, false);
    report(
        "self-play smoke (uniform)",
        s,
        start.elapsed().as_secs_f64(),
    );
    assert_eq!(s.duels, 300);
    assert_eq!(s.winners + s.draws + s.capped, 300);
    let start = Instant::now();
    let s = run(0x5eed_0000, 300, true);
    report(
        "self-play smoke (spell-seeking)",
        s,
        start.elapsed().as_secs_f64(),
    );
    assert_eq!(s.winners + s.draws + s.capped, 300);
    assert!(s.haste_rounds > 0 && s.time_stop_rounds > 0, "{s:?}");
}

/// At least 100,000 duels of uniformly random gestures, then 100,000 of
/// spell-seeking wizards (`SPELLCAST_SELFPLAY_DUELS` to change the count,
/// `SPELLCAST_SELFPLAY_BASE` the first seed).
#[test]
#[ignore = "long run: cargo test --profile ci --test engine engine_selfplay:: -- --ignored --nocapture"]
fn random_self_play_long() {
    let count = env_u64("SPELLCAST_SELFPLAY_DUELS", 100_000);
    let base = env_u64("SPELLCAST_SELFPLAY_BASE", 1);
    for pursue in [false, true] {
        let start = Instant::now();
        let s = run(base, count, pursue);
        let label = if pursue {
            "self-play long run (spell-seeking)"
        } else {
            "self-play long run (uniform)"
        };
        report(label, s, start.elapsed().as_secs_f64());
    }
}

/// Replays one duel by seed (`SPELLCAST_SELFPLAY_PURSUE=1` for the
/// spell-seeking policy), printing its transcript if it fails.
#[test]
#[ignore = "replays SPELLCAST_SELFPLAY_SEED"]
fn replay() {
    let Ok(seed) = std::env::var("SPELLCAST_SELFPLAY_SEED").map(|s| s.parse::<u64>()) else {
        println!("set SPELLCAST_SELFPLAY_SEED");
        return;
    };
    let seed = seed.expect("a number");
    let pursue = env_u64("SPELLCAST_SELFPLAY_PURSUE", 0) != 0;
    match duel_dump(seed, true, pursue, true) {
        Ok(s) => println!("seed {seed}: fine: {s:?}"),
        Err(e) => panic!("seed {seed}: {e}"),
    }
}
