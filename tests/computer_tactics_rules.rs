//! The tactics suite generated from the rules (tests/tactics/): in every
//! book, positions where the enemy is one or two gestures from a blow that
//! kills, with the moves that save computed from the spell tables and the
//! rule texts. The generator's own checks and a small subset at fixed
//! rollouts run here; the whole suite at `hard` (100 ms) and `medium` is
//! an ignored test that prints the figures (tests/bench/README.md):
//! `cargo test --profile ci --test computer computer_tactics_rules::whole -- --ignored --nocapture`

use crate::tactics::positions::play_out;
use crate::tactics::{positions, Position};
use spellcast::computer::{Budget, Computer, Effort, Level};
use spellcast::engine::{Gesture, PlayerId, RuleSet};

/// The computer's move for the victim of `p`, from his seat's view.
fn decide(p: &Position, level: Level, budget: Budget) -> [Gesture; 2] {
    let seen = p
        .duel
        .seat_view(PlayerId::new(p.defender))
        .determinised(0)
        .into_duel();
    let mut bot = Computer::new(level, p.defender);
    let (l, r) = bot.decide_move(&seen, 1000 + p.duel.turn() as u64, budget);
    [l, r]
}

/// The victim's seat as the computer sees it: the determinised copy of
/// his seat's view.
fn seen(duel: &spellcast::engine::Duel, p: &Position) -> spellcast::engine::Duel {
    duel.seat_view(PlayerId::new(p.defender))
        .determinised(0)
        .into_duel()
}

/// Prints what the search weighed in `p` (`SUITE_EXAMINE=1` with
/// `SUITE_VERBOSE=1`): the saving moves, the options and the replies.
fn examine(p: &Position, level: Level, budget: Budget) {
    let letters = |g: (Gesture, Gesture)| format!("{}{}", g.0.script_letter(), g.1.script_letter());
    let saves: Vec<String> = p.saves.iter().map(|m| letters((m[0], m[1]))).collect();
    let seen = seen(&p.duel, p);
    let mut bot = Computer::new(level, p.defender);
    let x = bot.examine(&seen, 1000 + p.duel.turn() as u64, budget);
    println!(
        "    saves {saves:?}; value {:.3}, {} rollouts",
        x.value, x.rollouts
    );
    for l in &x.lines {
        println!(
            "    {} share {:.2} value {:?} feared {:?}",
            letters(l.gestures),
            l.share,
            l.value.map(|v| (v * 1000.0).round() / 1000.0),
            l.feared
                .map(|(m, v)| (letters(m), (v * 1000.0).round() / 1000.0))
        );
    }
    let replies: Vec<String> = x
        .replies
        .iter()
        .map(|&(m, w)| format!("{} {:.2}", letters(m), w))
        .collect();
    println!("    replies {replies:?}");
}

/// Whether the computer, playing the victim's every move and answer until
/// the blow lands (a spell it casts aimed as it chooses), survives.
fn survives(p: &Position, level: Level, budget: Budget) -> bool {
    let bot = std::cell::RefCell::new(Computer::new(level, p.defender));
    let seed = |d: &spellcast::engine::Duel| 1000 + d.turn() as u64;
    play_out(
        p,
        |d| {
            let (l, r) = bot.borrow_mut().decide_move(&seen(d, p), seed(d), budget);
            [l, r]
        },
        |d| bot.borrow_mut().decide_answers(&seen(d, p), seed(d)),
    )
}

/// Found (a saving move where one exists) out of scored positions, the
/// positions where playing on also kept the victim alive, and the
/// positions without a saving move in which it did not surrender.
struct Score {
    found: usize,
    scored: usize,
    survived: usize,
    hopeless: usize,
    held: usize,
}

fn score(all: &[Position], level: Level, budget: Budget, every: usize, on: bool) -> Score {
    let mut s = Score {
        found: 0,
        scored: 0,
        survived: 0,
        hopeless: 0,
        held: 0,
    };
    for p in all.iter().step_by(every) {
        if !p.disputed.is_empty() {
            continue;
        }
        let m = decide(p, level, budget);
        if verbose() && !p.saves.is_empty() && !p.saves.contains(&m) {
            let shown: String = m.iter().map(|g| g.script_letter()).collect();
            println!("  missed ({}): {} played {shown}", p.blow.name(), p.name);
            if std::env::var_os("SUITE_EXAMINE").is_some() {
                examine(p, level, budget);
            }
        }
        if p.saves.is_empty() {
            s.hopeless += 1;
            s.held += usize::from(m != [Gesture::Palm, Gesture::Palm]);
        } else {
            s.scored += 1;
            let found = p.saves.contains(&m);
            s.found += usize::from(found);
            if found && on {
                let lived = survives(p, level, budget);
                if verbose() && !lived {
                    println!("  lost playing on ({}): {}", p.blow.name(), p.name);
                }
                s.survived += usize::from(lived);
            }
        }
    }
    s
}

#[test]
fn every_book_has_hundreds_of_positions_and_the_engine_agrees_with_the_rules() {
    for book in RuleSet::ALL {
        let all = positions(book);
        let with_saves = all.iter().filter(|p| !p.saves.is_empty()).count();
        let disputed: Vec<&str> = all
            .iter()
            .filter(|p| !p.disputed.is_empty())
            .map(|p| p.name.as_str())
            .collect();
        eprintln!(
            "{}: {} positions, {} with a saving move, {} disputed",
            book.name,
            all.len(),
            with_saves,
            disputed.len()
        );
        for p in all.iter().filter(|p| !p.disputed.is_empty()).take(4) {
            let moves: Vec<String> = p
                .disputed
                .iter()
                .map(|m| format!("{}{}", m[0].script_letter(), m[1].script_letter()))
                .collect();
            let saves: Vec<String> = p
                .saves
                .iter()
                .map(|m| format!("{}{}", m[0].script_letter(), m[1].script_letter()))
                .collect();
            eprintln!("  disputed: {}: {:?} of {:?}", p.name, moves, saves);
        }
        assert!(all.len() >= 200, "{}: {}", book.name, all.len());
        assert!(with_saves * 2 >= all.len(), "{}", book.name);
    }
}

/// The quick subset CI runs: every this many positions of each book.
const QUICK_EVERY: usize = 25;

/// Its fixed work: rollouts a decision (no clock, so the same on any machine).
const QUICK_ROLLOUTS: u32 = 150;

#[test]
fn a_quick_subset_at_fixed_rollouts_finds_saving_moves() {
    let (mut found, mut scored, mut survived) = (0, 0, 0);
    for book in RuleSet::ALL {
        let all = positions(book);
        for level in [Level::Hard, Level::Medium] {
            let budget = level.budget_for(Effort::Rollouts(QUICK_ROLLOUTS));
            let s = score(&all, level, budget, QUICK_EVERY, true);
            eprintln!(
                "{} {}: {}/{}, alive after the blow in {}",
                book.name,
                level.name(),
                s.found,
                s.scored,
                s.survived
            );
            assert_eq!(s.held, s.hopeless, "{}: a surrender", book.name);
            found += s.found;
            scored += s.scored;
            survived += s.survived;
        }
    }
    // The whole suite's figures are in tests/bench/README.md; this guards
    // against a change that loses the answers the suite rewards.
    assert!(
        found * 100 >= QUICK_FLOOR_PERCENT * scored,
        "{found}/{scored}"
    );
    // Played on, the computer's later move and its answers (a saving spell
    // aimed at the right being) must carry most saves through the blow.
    assert!(
        survived * 100 >= QUICK_CARRIED_PERCENT * found,
        "{survived} of {found} saves lived through the blow"
    );
}

/// The least share of the quick subset saved.
const QUICK_FLOOR_PERCENT: usize = 80;

/// The least share of the quick subset's saves that live through the blow.
const QUICK_CARRIED_PERCENT: usize = 80;

/// Whether to list the positions missed (`SUITE_VERBOSE=1`).
fn verbose() -> bool {
    std::env::var_os("SUITE_VERBOSE").is_some()
}

/// Whether the whole suite also plays each found save on to the blow,
/// the computer making every later move and answer (`SUITE_PLAY_ON=1`).
fn play_on() -> bool {
    std::env::var_os("SUITE_PLAY_ON").is_some()
}

/// The measurement: `SUITE_EVERY=N` scores every Nth position only (1 by
/// default), `SUITE_ROLLOUTS=N` fixes the rollouts instead of the clock,
/// `SUITE_PLAY_ON=1` also counts the victims that live through the blow;
/// `SUITE_BOOK=NAME` and `SUITE_LEVEL=NAME` keep one book or level.
#[test]
#[ignore]
fn whole() {
    let every: usize = std::env::var("SUITE_EVERY")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let rollouts: Option<u32> = std::env::var("SUITE_ROLLOUTS")
        .ok()
        .and_then(|v| v.parse().ok());
    let book_wanted = std::env::var("SUITE_BOOK").ok();
    let level_wanted = std::env::var("SUITE_LEVEL").ok();
    for book in RuleSet::ALL {
        if book_wanted.as_deref().is_some_and(|b| b != book.name) {
            continue;
        }
        let all = positions(book);
        for level in [Level::Hard, Level::Medium] {
            if level_wanted.as_deref().is_some_and(|l| l != level.name()) {
                continue;
            }
            let effort = match (rollouts, level) {
                (Some(n), _) => Effort::Rollouts(n),
                (None, Level::Hard) => Effort::ThinkMs(100),
                (None, _) => Effort::Own,
            };
            let s = score(&all, level, level.budget_for(effort), every, play_on());
            println!(
                "{} {}: {}/{} saved ({:.1} %); no saving move in {}, no surrender in {}",
                book.name,
                level.name(),
                s.found,
                s.scored,
                100.0 * s.found as f64 / s.scored.max(1) as f64,
                s.hopeless,
                s.held
            );
            if play_on() {
                println!(
                    "  played on to the blow: alive in {}/{} ({:.1} %)",
                    s.survived,
                    s.scored,
                    100.0 * s.survived as f64 / s.scored.max(1) as f64
                );
            }
        }
    }
}
