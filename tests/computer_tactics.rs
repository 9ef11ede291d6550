//! The tactical suite: positions built from a
//! prefix of moves (as a script's rounds, default answers), each with the
//! moves that must be found: forced kills, forced saves, counter-spell
//! timing, a monster to deal with, a paralysis to answer.
//!
//! The whole suite at `hard`'s default budget is an ignored test (run it with
//! `cargo test --profile ci --test computer computer_tactics:: -- --ignored --nocapture`);
//! CI runs a few positions at a small iteration count.

use spellcast::computer::{Budget, Computer, Level};
use spellcast::engine::{Duel, Gesture, PlayerId, PlayerSpec, Question, QuestionKind, Step};

/// One tactical position: White (seat 0) to move unless `seat` says otherwise.
struct Puzzle {
    name: &'static str,
    /// Rounds of (White, Black) moves in script letters.
    prefix: Vec<(&'static str, &'static str)>,
    seat: usize,
    /// Accepted moves: two letters each, `?` for any gesture.
    accept: &'static [&'static str],
}

fn gesture(c: char) -> Gesture {
    Gesture::from_script_letter(c).unwrap_or(Gesture::Nothing)
}

fn pair(m: &str) -> (Gesture, Gesture) {
    let mut it = m.chars();
    let l = it.next().map_or(Gesture::Nothing, gesture);
    let r = it.next().map_or(Gesture::Nothing, gesture);
    (l, r)
}

/// Whether `m` fits the pattern (`?` fits anything); a surrender never fits.
fn fits(m: (Gesture, Gesture), pattern: &str) -> bool {
    if m == (Gesture::Palm, Gesture::Palm) {
        return false;
    }
    let ok = |g: Gesture, c: char| c == '?' || gesture(c) == g;
    let mut it = pattern.chars();
    let (l, r) = (it.next().unwrap_or('?'), it.next().unwrap_or('?'));
    ok(m.0, l) && ok(m.1, r)
}

/// Every open question takes its pre-filled answer (as a script's unanswered ones).
fn defaults(g: &mut Duel, mut step: Step) {
    while step == Step::Questions {
        let Some(p) = g.waiting_on().next() else {
            return;
        };
        let answers: Vec<usize> = g.default_answers(p);
        step = g.answer(p, &answers).expect("pre-filled answers");
    }
}

/// The moves of the active wizards among (White, Black).
fn moves(g: &Duel, w: &str, b: &str) -> Vec<Option<(Gesture, Gesture)>> {
    [w, b]
        .iter()
        .enumerate()
        .map(|(p, m)| g.is_active(PlayerId::new(p)).then(|| pair(m)))
        .collect()
}

fn game(prefix: &[(&str, &str)]) -> Duel {
    let specs = [PlayerSpec::parse("White"), PlayerSpec::parse("Black")];
    let mut g = Duel::new(&specs, 3).expect("two good names");
    g.set_narration(false);
    for (w, b) in prefix {
        if g.outcome().is_some() {
            break;
        }
        let step = g.start_round(&moves(&g, w, b)).expect("a round");
        defaults(&mut g, step);
    }
    g
}

/// `n` rounds in which one wizard stabs the other with the hand given
/// (`"k-"` or `"-k"`) and the other does nothing.
fn stabs(n: usize, white: bool, how: &'static str) -> Vec<(&'static str, &'static str)> {
    (0..n)
        .map(|_| if white { (how, "--") } else { ("--", how) })
        .collect()
}

fn then(
    mut a: Vec<(&'static str, &'static str)>,
    b: &[(&'static str, &'static str)],
) -> Vec<(&'static str, &'static str)> {
    a.extend_from_slice(b);
    a
}

fn puzzle(
    name: &'static str,
    prefix: Vec<(&'static str, &'static str)>,
    accept: &'static [&'static str],
) -> Puzzle {
    Puzzle {
        name,
        prefix,
        seat: 0,
        accept,
    }
}

const ANY_ONE_PALM: &[&str] = &["P?", "?P"];

fn suite() -> Vec<Puzzle> {
    vec![
        // Forced kills: White completes damage Black cannot stop.
        puzzle(
            "cause light wounds finishes 1 hp",
            then(stabs(12, true, "-k"), &[("Wk", "--"), ("Fk", "--")]),
            &["P?"],
        ),
        puzzle(
            "cause light wounds finishes 2 hp (right hand)",
            then(stabs(11, true, "k-"), &[("kW", "--"), ("kF", "--")]),
            &["?P"],
        ),
        puzzle(
            "cause heavy wounds finishes 3 hp",
            then(
                stabs(9, true, "-k"),
                &[("Wk", "--"), ("Pk", "--"), ("Fk", "--")],
            ),
            &["D?"],
        ),
        puzzle(
            "lightning bolt finishes 5 hp",
            then(
                stabs(6, true, "-k"),
                &[("Dk", "--"), ("Fk", "--"), ("Fk", "--"), ("Dk", "--")],
            ),
            &["D?"],
        ),
        puzzle(
            "fireball finishes 4 hp",
            then(
                stabs(7, true, "-k"),
                &[("Fk", "--"), ("Sk", "--"), ("Sk", "--"), ("Dk", "--")],
            ),
            &["D?"],
        ),
        puzzle(
            "cause light wounds before a counter-spell is ready",
            then(stabs(11, true, "k-"), &[("kW", "--"), ("kF", "-W")]),
            &["?P"],
        ),
        puzzle(
            "cause heavy wounds (right) finishes 3 hp",
            then(
                stabs(9, true, "k-"),
                &[("kW", "--"), ("kP", "--"), ("kF", "--")],
            ),
            &["?D"],
        ),
        puzzle(
            "lightning bolt (right) finishes 4 hp",
            then(
                stabs(7, true, "k-"),
                &[("kD", "--"), ("kF", "--"), ("kF", "--"), ("kD", "--")],
            ),
            &["?D"],
        ),
        puzzle(
            "cause light wounds finishes a shielding wizard",
            then(stabs(13, true, "-k"), &[("W-", "P-"), ("F-", "-P")]),
            &["P?"],
        ),
        puzzle(
            "fireball (right) finishes 5 hp",
            then(
                stabs(6, true, "k-"),
                &[("kF", "--"), ("kS", "--"), ("kS", "--"), ("kD", "--")],
            ),
            &["?D"],
        ),
        // Forced saves: White must stop what Black completes now.
        puzzle(
            "counter-spell stops cause light wounds at 2 hp",
            then(stabs(12, false, "k-"), &[("W-", "kW"), ("P-", "kF")]),
            &["P?"],
        ),
        puzzle(
            "counter-spell stops lightning at 5 hp",
            then(
                stabs(7, false, "-k"),
                &[("--", "Dk"), ("--", "Fk"), ("-W", "Fk"), ("-P", "Dk")],
            ),
            &["?P"],
        ),
        puzzle(
            "a shield stops the last stab at 1 hp",
            stabs(14, false, "-k"),
            ANY_ONE_PALM,
        ),
        puzzle(
            "a shield stops a missile at 1 hp",
            then(stabs(13, false, "-k"), &[("--", "Sk")]),
            ANY_ONE_PALM,
        ),
        puzzle(
            "magic mirror turns cause heavy wounds at 3 hp",
            then(
                stabs(9, false, "k-"),
                &[("--", "kW"), ("--", "kP"), ("CC", "kF")],
            ),
            &["WW"],
        ),
        puzzle(
            "the other counter-spell stops cause light wounds",
            then(stabs(11, false, "-k"), &[("-W", "Wk"), ("-W", "Fk")]),
            &["?S"],
        ),
        puzzle(
            "counter-spell stops a fireball at 5 hp",
            then(
                stabs(7, false, "k-"),
                &[("--", "kF"), ("--", "kS"), ("W-", "kS"), ("P-", "kD")],
            ),
            &["P?"],
        ),
        puzzle(
            "resist heat stops a fireball at 5 hp",
            then(
                stabs(6, false, "k-"),
                &[("--", "kF"), ("W-", "kS"), ("W-", "kS"), ("F-", "kD")],
            ),
            &["P?"],
        ),
        puzzle(
            "counter-spell stops cause heavy wounds at 3 hp",
            then(
                stabs(9, false, "-k"),
                &[("--", "Wk"), ("-W", "Pk"), ("-P", "Fk")],
            ),
            &["?P"],
        ),
        puzzle(
            "a shield stops a missile and a stab at 2 hp",
            then(stabs(13, false, "-k"), &[("--", "S-"), ("--", "S-")]),
            ANY_ONE_PALM,
        ),
        // Counter-spell timing: the counter completes the turn the threat does.
        puzzle(
            "counter now, not a turn early: lightning completes now",
            then(
                stabs(10, false, "-k"),
                &[("--", "D-"), ("--", "F-"), ("W-", "F-"), ("P-", "D-")],
            ),
            &["P?"],
        ),
        puzzle(
            "wws counter-spell against a completing cause heavy wounds",
            then(
                stabs(9, false, "k-"),
                &[("--", "kW"), ("W-", "kP"), ("W-", "kF")],
            ),
            &["S?"],
        ),
        puzzle(
            "counter-spell against cause light wounds while a missile also flies",
            then(stabs(11, false, "k-"), &[("-W", "kW"), ("-P", "SF")]),
            &["?P"],
        ),
        // A monster to deal with.
        puzzle(
            "a shield stops a goblin at 1 hp",
            then(
                stabs(10, false, "k-"),
                &[("--", "kS"), ("--", "kF"), ("--", "-W"), ("--", "--")],
            ),
            ANY_ONE_PALM,
        ),
        puzzle(
            "kill the enemy wizard rather than his goblin",
            then(
                stabs(10, true, "-k"),
                &[("-k", "S-"), ("Wk", "F-"), ("Fk", "W-")],
            ),
            &["P?"],
        ),
        puzzle(
            "a shield stops a goblin and a stab at 2 hp",
            then(
                stabs(10, false, "-k"),
                &[("--", "Sk"), ("--", "Fk"), ("--", "Wk")],
            ),
            ANY_ONE_PALM,
        ),
        // A paralysis to answer: White completes Paralysis on Black.
        puzzle(
            "paralysis before cause heavy wounds completes",
            then(stabs(12, false, "-k"), &[("F-", "-W"), ("F-", "-P")]),
            &["F?"],
        ),
        puzzle(
            "wws counter-spell against lightning at 5 hp",
            then(
                stabs(6, false, "k-"),
                &[("--", "kD"), ("--", "kF"), ("-W", "kF"), ("-W", "kD")],
            ),
            &["?S"],
        ),
        puzzle(
            "counter-spell (left) against cause light wounds and a missile",
            then(stabs(11, false, "k-"), &[("W-", "kW"), ("P-", "SF")]),
            &["P?"],
        ),
        puzzle(
            "a shield at 1 hp while the enemy builds a paralysis",
            then(stabs(12, false, "-k"), &[("--", "Fk"), ("--", "Fk")]),
            ANY_ONE_PALM,
        ),
    ]
}

/// The moves `hard` makes in each position; returns (solved, total).
fn run(puzzles: &[Puzzle], budget: Budget, verbose: bool) -> (usize, usize) {
    let mut solved = 0;
    for (i, p) in puzzles.iter().enumerate() {
        let g = game(&p.prefix);
        assert!(
            g.outcome().is_none(),
            "{}: the prefix ended the duel",
            p.name
        );
        let mut bot = Computer::new(Level::Hard, p.seat);
        let m = bot.decide_move(&g, 11 + i as u64, budget);
        let ok = p.accept.iter().any(|pat| fits(m, pat));
        solved += ok as usize;
        if verbose {
            let hp: Vec<i32> = g.beings().iter().take(2).map(|b| b.hp).collect();
            eprintln!(
                "{} {:<60} hp {hp:?} move {}{} {:?}",
                if ok { "ok  " } else { "MISS" },
                p.name,
                m.0.script_letter(),
                m.1.script_letter(),
                bot.stats()
            );
        }
    }
    (solved, puzzles.len())
}

#[test]
fn the_suite_has_thirty_live_positions() {
    let all = suite();
    assert!(all.len() >= 30);
    let dead: Vec<&str> = all
        .iter()
        .filter(|p| {
            let g = game(&p.prefix);
            g.outcome().is_some() || !g.is_active(PlayerId::new(p.seat))
        })
        .map(|p| p.name)
        .collect();
    assert!(dead.is_empty(), "{dead:?}");
}

#[test]
fn hard_finds_a_few_kills_and_saves_quickly() {
    let all = suite();
    let few: Vec<Puzzle> = all
        .into_iter()
        .filter(|p| {
            p.name.starts_with("cause light wounds finishes 1")
                || p.name.starts_with("counter-spell stops cause light")
                || p.name.starts_with("a shield stops the last stab")
        })
        .collect();
    let budget = Budget {
        iterations: 300,
        think_ms: None,
    };
    let (solved, total) = run(&few, budget, true);
    assert_eq!(solved, total);
}

/// The whole suite at the default budget: at least 90 % solved.
#[test]
#[ignore]
fn hard_solves_the_suite() {
    let (solved, total) = run(&suite(), Level::Hard.budget(), true);
    eprintln!("solved {solved} of {total}");
    assert!(solved * 10 >= total * 9, "solved {solved} of {total}");
}

#[test]
fn paralysis_takes_the_hand_with_the_threat() {
    let mut g = game(&[("F-", "-W"), ("F-", "-P")]);
    let mut bot = Computer::new(Level::Hard, 0);
    let mut step = g.start_round(&moves(&g, "F-", "-F")).expect("a round");
    let mut hand = None;
    while step == Step::Questions {
        let Some(p) = g.waiting_on().next() else {
            break;
        };
        let open = g.open_questions(p).to_vec();
        let answers = if p.index() == 0 {
            bot.decide_answers(&g, 1)
        } else {
            open.iter().map(Question::fallback).collect()
        };
        for (q, a) in open.iter().zip(&answers) {
            if matches!(q.kind, QuestionKind::ParalyzeHand { .. }) {
                hand = Some(*a);
            }
        }
        step = g.answer(p, &answers).expect("answers within the menus");
    }
    // Menu order is left, right: the right hand carries W-P-F.
    assert_eq!(
        hand,
        Some(1),
        "a paralysis question answered with the right hand"
    );
}

#[test]
fn hidden_gestures_do_not_change_the_decision() {
    // Black turns invisible (P, P, w, s), then makes one of two unseen moves.
    let base = [("--", "-P"), ("--", "-P"), ("--", "WW"), ("--", "SS")];
    let budget = Budget {
        iterations: 200,
        think_ms: None,
    };
    let mut decided = Vec::new();
    for hidden in ["F-", "-D"] {
        let mut prefix = base.to_vec();
        prefix.push(("--", hidden));
        let g = game(&prefix);
        let me = PlayerId::new(0);
        let rows = g.view(me).gestures[1].clone();
        assert!(rows
            .last()
            .is_some_and(|r| r[0] == spellcast::engine::Seen::Fog));
        for level in [Level::Medium, Level::Hard] {
            decided.push(Computer::new(level, 0).decide_move(&g, 9, budget));
        }
    }
    assert_eq!(decided[..2], decided[2..], "{decided:?}");
}
