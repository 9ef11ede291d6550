//! Smoke duels of `easy` on the engine: the duels finish,
//! the bot never surrenders by accident, and it beats a random player.

use crate::random_play;

use random_play::random_pair;
use spellcast::computer::{decision_rng, Easy};
use spellcast::engine::{Duel, Gesture, Outcome, PlayerId, PlayerSpec, Step};

/// A seat: the baseline, or random legal gestures with default answers.
#[derive(Clone, Copy)]
enum Seat {
    Easy,
    Random,
}

/// Answers every open question of the duel: easy seats as the baseline,
/// random seats with the pre-filled answers.
fn answer_all(duel: &mut Duel, seats: &[Seat], mut step: Step) {
    while step == Step::Questions {
        let Some(p) = duel.waiting_on().next() else {
            return;
        };
        let answers = match seats[p.index()] {
            Seat::Easy => Easy::default().answers(&duel.view(p)),
            Seat::Random => duel.default_answers(p),
        };
        match duel.answer(p, &answers) {
            Ok(next) => step = next,
            Err(e) => panic!("{e}"),
        }
    }
}

/// Plays one duel; returns the outcome and whether an easy seat ever emitted P-P.
fn duel(seats: [Seat; 2], seed: u64) -> (Option<Outcome>, bool) {
    let specs = [PlayerSpec::parse("White"), PlayerSpec::parse("Black")];
    let mut game = Duel::new(&specs, seed).expect("two good names");
    game.set_narration(false);
    let mut surrendered = false;
    for round in 0..200 {
        if game.outcome().is_some() || game.turn() > 100 {
            break;
        }
        let moves: Vec<Option<(Gesture, Gesture)>> = (0..2)
            .map(|p| {
                if !game.is_active(PlayerId::new(p)) {
                    return None;
                }
                Some(match seats[p] {
                    Seat::Easy => {
                        let g = Easy::default().gestures(&game.view(PlayerId::new(p)));
                        surrendered |= g == (Gesture::Palm, Gesture::Palm);
                        g
                    }
                    Seat::Random => random_pair(&mut decision_rng(seed, round, p)),
                })
            })
            .collect();
        let step = game
            .start_round(&moves)
            .expect("moves of the active wizards");
        answer_all(&mut game, &seats, step);
    }
    (game.outcome(), surrendered)
}

#[test]
fn easy_beats_a_random_player_and_never_surrenders() {
    let mut score = 0.0;
    let games = 20;
    for seed in 0..games / 2 {
        for (seats, easy) in [
            ([Seat::Easy, Seat::Random], 0),
            ([Seat::Random, Seat::Easy], 1),
        ] {
            let (outcome, surrendered) = duel(seats, seed);
            assert!(!surrendered, "seed {seed}");
            score += match outcome {
                Some(Outcome::Winner(w)) if w.index() == easy => 1.0,
                Some(Outcome::Draw) | None => 0.5,
                _ => 0.0,
            };
        }
    }
    eprintln!("easy vs random: {score} of {games}");
    assert!(
        score >= 0.8 * games as f64,
        "easy scored {score} of {games}"
    );
}

#[test]
fn easy_against_itself_finishes_duels() {
    let mut decided = 0;
    for seed in 0..6 {
        let (outcome, surrendered) = duel([Seat::Easy, Seat::Easy], seed);
        assert!(!surrendered);
        decided += matches!(outcome, Some(Outcome::Winner(_))) as u32;
    }
    eprintln!("easy vs easy: {decided} of 6 decided");
    assert!(
        decided >= 3,
        "only {decided} of 6 duels were won by someone"
    );
}
