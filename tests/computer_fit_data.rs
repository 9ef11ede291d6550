//! Self-play positions for fitting the computer's evaluation
//! (`src/computer/weights.json`, fitted by `tests/bench/fit-evaluation.py`).
//!
//! Run by hand, not in CI:
//!
//! ```text
//! FIT_DATA=target/fit-data.tsv FIT_DUELS=200 \
//!   cargo test --profile ci --test computer computer_fit_data -- --ignored --nocapture
//! ```
//!
//! Duels between computer levels (at a small fixed number of rollouts, so
//! thousands of positions take minutes) in every book. At the start of each
//! round every wizard's features are read from his own seat's view (so
//! nothing hidden is read, as the evaluation itself reads them), and once
//! the duel is over each line gets its result for that wizard: 1 won,
//! 0.5 drawn or unfinished, 0 lost. One line per wizard and round.

use spellcast::computer::evaluate::features;
use spellcast::computer::{Budget, Computer, Level};
use spellcast::driver::{Ask, Driver};
use spellcast::engine::{Duel, Outcome, PlayerId, PlayerSpec, RuleSet};
use std::fmt::Write as _;

/// Turn at which an unfinished duel is left and scored as a draw.
const TURN_CAP: u32 = 60;

/// The levels of the two seats, taken in turn by seed: the cheap baseline
/// for volume, the searching levels for play nearer the one evaluated.
const PAIRINGS: [(Level, Level); 5] = [
    (Level::Easy, Level::Easy),
    (Level::Easy, Level::Medium),
    (Level::Medium, Level::Medium),
    (Level::Hard, Level::Medium),
    (Level::Hard, Level::Easy),
];

/// The columns of a line, in order.
const HEADER: &str = "book\tseed\tturn\tseat\tlevel\tenemy_level\thp\tpending\tmonsters\tthreat\tresist\tshields\trounds_left\tfinished\tresult";

/// One wizard's features at the start of one round.
struct Row {
    turn: u32,
    seat: usize,
    values: [f64; 6],
}

fn number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Plays one duel under `rules`; appends its lines to `out`.
fn play(rules: &'static RuleSet, seed: u64, iterations: u32, out: &mut String) {
    let levels = PAIRINGS[(seed % PAIRINGS.len() as u64) as usize];
    let levels = if (seed / PAIRINGS.len() as u64).is_multiple_of(2) {
        [levels.0, levels.1]
    } else {
        [levels.1, levels.0]
    };
    let specs = [PlayerSpec::parse("White"), PlayerSpec::parse("Black")];
    let mut duel = Duel::with_rules(&specs, seed, rules).expect("two wizards");
    duel.set_narration(false);
    let mut bots = [Computer::new(levels[0], 0), Computer::new(levels[1], 1)];
    let budget = Budget {
        iterations,
        think_ms: None,
    };
    let mut driver = Driver::new(duel);
    let mut rows = Vec::new();
    while !driver.is_over() && driver.duel().turn() < TURN_CAP {
        for seat in 0..2 {
            let view = driver.duel().seat_view(PlayerId::new(seat)).view();
            let f = features(&view, PlayerId::new(seat));
            rows.push(Row {
                turn: driver.duel().turn(),
                seat,
                values: [f.hp, f.pending, f.monsters, f.threat, f.resist, f.shields],
            });
        }
        driver.begin_round();
        while let Some(request) = driver.next_request() {
            let p = request.player;
            let bot = &mut bots[p.index()];
            match request.ask {
                Ask::Move => {
                    let m = bot.decide_move(driver.duel(), seed, budget);
                    driver.give_move(p, m).expect("a legal move");
                }
                Ask::Answers => {
                    let a = bot.decide_answers(driver.duel(), seed);
                    driver.give_answers(p, a).expect("answers in the menus");
                }
            }
        }
    }
    let outcome = driver.duel().outcome();
    let end = driver.duel().turn();
    for row in rows {
        let result = match outcome {
            Some(Outcome::Winner(w)) if w.index() == row.seat => 1.0,
            Some(Outcome::Winner(_)) => 0.0,
            _ => 0.5,
        };
        let _ = write!(
            out,
            "{}\t{seed}\t{}\t{}\t{}\t{}",
            rules.name,
            row.turn,
            row.seat,
            levels[row.seat].name(),
            levels[1 - row.seat].name()
        );
        for v in row.values {
            let _ = write!(out, "\t{v:.6}");
        }
        let _ = writeln!(
            out,
            "\t{}\t{}\t{result}",
            end.saturating_sub(row.turn),
            u8::from(outcome.is_some())
        );
    }
}

#[test]
#[ignore = "run by hand: writes the fitting data (see the file's doc)"]
fn computer_fit_data() {
    let path = std::env::var("FIT_DATA").unwrap_or_else(|_| "target/fit-data.tsv".into());
    let duels = number("FIT_DUELS", 20);
    let first = number("FIT_SEED", 0);
    let iterations = u32::try_from(number("FIT_ITERATIONS", 24)).unwrap_or(24);
    let mut out = String::new();
    let _ = writeln!(out, "{HEADER}");
    for name in ["spellcast", "gesticulation", "deathmatch"] {
        let rules = RuleSet::by_name(name).expect("a book");
        for seed in first..first + duels {
            play(rules, seed, iterations, &mut out);
        }
        eprintln!("{name}: {duels} duels");
    }
    std::fs::write(&path, out).expect("the data file is writable");
    eprintln!("wrote {path}");
}
