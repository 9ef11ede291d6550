//! The computer's decisions are a function of the position, the seed and the
//! rollout count (no time cap). This records the decisions of `medium` (150
//! rollouts) and a `hard`-like search (600 rollouts) on positions reached by
//! random play — the move, the size of the matrix it was chosen from, and the
//! answers — and compares them with the list in
//! `tests/computer_decisions.txt`: a speed-up of the search must not change a
//! single line.
//!
//! Only decisions are recorded, never the search's floating-point figures
//! (the matrix game's value): those go through `exp` and `tanh`, whose last
//! bits may differ between maths libraries, and a line must not fail for that.
//!
//! `cargo test --profile ci --test computer computer_decisions:: -- --nocapture`;
//! `DECISIONS_WRITE=1` rewrites the list (only for a change meant to alter play).

use crate::random_play;

use rand::rngs::StdRng;
use rand::SeedableRng;
use random_play::random_pair;
use spellcast::computer::{Budget, Computer, Level};
use spellcast::engine::{Duel, Gesture, PlayerId, PlayerSpec, Step};

const EXPECTED: &str = "tests/computer_decisions.txt";

/// Every open question takes its pre-filled answer, except the bot's, which
/// it decides (and which are recorded).
fn answer(
    duel: &mut Duel,
    bot: &mut Computer,
    seat: usize,
    seed: u64,
    mut step: Step,
    log: &mut Vec<Vec<usize>>,
) {
    while step == Step::Questions {
        let Some(p) = duel.waiting_on().next() else {
            return;
        };
        let answers = if p.index() == seat {
            let a = bot.decide_answers(duel, seed);
            log.push(a.clone());
            a
        } else {
            duel.default_answers(p)
        };
        step = duel.answer(p, &answers).expect("answers within the menus");
    }
}

/// A duel after `rounds` rounds of random play with pre-filled answers, if
/// nobody has won by then.
fn position(seed: u64, rounds: u32) -> Option<Duel> {
    let specs = [PlayerSpec::parse("White"), PlayerSpec::parse("Black")];
    let mut game = Duel::new(&specs, seed).expect("two good names");
    game.set_narration(false);
    let mut rng = StdRng::seed_from_u64(seed ^ 0xD0D0);
    for _ in 0..rounds {
        if game.outcome().is_some() {
            return None;
        }
        let moves: Vec<Option<(Gesture, Gesture)>> = (0..2)
            .map(|p| {
                game.is_active(PlayerId::new(p))
                    .then(|| random_pair(&mut rng))
            })
            .collect();
        let mut step = game.start_round(&moves).expect("moves of the active");
        while step == Step::Questions {
            let p = game.waiting_on().next()?;
            let a: Vec<usize> = game.default_answers(p);
            step = game.answer(p, &a).expect("pre-filled answers");
        }
    }
    game.outcome().is_none().then_some(game)
}

/// One line per (position, level): the move, the matrix's size, and the
/// answers the bot gave in that round.
/// `DECISIONS_COUNT` lines at most (fewer for profiling); the rollouts of
/// the moves' searches are summed into `rollouts`.
fn decisions(rollouts: &mut u64) -> Vec<String> {
    let lines: usize = std::env::var("DECISIONS_COUNT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let mut out = Vec::new();
    let mut seed = 0u64;
    while out.len() < lines {
        seed += 1;
        let Some(game) = position(seed, 1 + (seed % 9) as u32) else {
            continue;
        };
        let seat = (seed % 2) as usize;
        if !game.is_active(PlayerId::new(seat)) {
            continue;
        }
        for (level, iterations) in [(Level::Medium, 150), (Level::Hard, 600)] {
            let mut g = game.clone();
            let mut bot = Computer::new(level, seat);
            let budget = Budget {
                iterations,
                think_ms: None,
            };
            let m = bot.decide_move(&g, seed, budget);
            let stats = bot.stats();
            *rollouts += u64::from(stats.rollouts);
            let mut rng = StdRng::seed_from_u64(seed ^ 0xBEEF);
            let moves: Vec<Option<(Gesture, Gesture)>> = (0..2)
                .map(|p| {
                    g.is_active(PlayerId::new(p)).then(|| {
                        if p == seat {
                            m
                        } else {
                            random_pair(&mut rng)
                        }
                    })
                })
                .collect();
            let step = g.start_round(&moves).expect("moves of the active");
            let mut log = Vec::new();
            answer(&mut g, &mut bot, seat, seed, step, &mut log);
            out.push(format!(
                "seed {seed} turn {} seat {seat} {} {iterations}: {m:?} matrix {:?} answers {log:?}",
                game.turn(),
                level.name(),
                stats.matrix,
            ));
        }
    }
    out
}

#[test]
fn decisions_are_unchanged() {
    let mut rollouts = 0;
    let found = decisions(&mut rollouts);
    for line in &found {
        eprintln!("{line}");
    }
    eprintln!("{} decisions, {rollouts} rollouts", found.len());
    let text = found.join("\n") + "\n";
    if std::env::var_os("DECISIONS_WRITE").is_some() {
        std::fs::write(EXPECTED, &text).expect("the list written");
        return;
    }
    let expected = std::fs::read_to_string(EXPECTED).expect("the recorded list");
    let expected: String = expected
        .lines()
        .take(found.len())
        .map(|l| l.to_owned() + "\n")
        .collect();
    for (i, (a, b)) in expected.lines().zip(text.lines()).enumerate() {
        assert_eq!(a, b, "line {i} differs");
    }
    assert_eq!(expected.lines().count(), text.lines().count());
}
