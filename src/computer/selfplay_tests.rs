//! Smoke duels of `easy` on today's engine (test only): the duels finish,
//! the bot never surrenders by accident, and it beats a random player.
//! The adapter below reads engine internals; phase 2 replaces it with the
//! engine's per-seat `View`.

use super::position::{BeingView, EffectView, Position};
use super::{decision_rng, Easy};
use crate::engine::{Answerer, Game, Gesture, Outcome, PlayerSpec, Question, Spell, Viewer};
use rand::rngs::StdRng;
use rand::Rng;

/// What seat `me` of `game` can see (mind spells read from their debug form).
fn position(game: &Game, me: usize, questions: Vec<Question>) -> Position {
    let beings = game
        .beings()
        .iter()
        .enumerate()
        .filter(|(_, b)| b.alive)
        .map(|(id, b)| {
            let mut effects = Vec::new();
            let mind = format!("{:?} {:?}", b.fx.pending_mind, b.fx.permanent_mind);
            for (word, spell) in [
                ("Fear", Spell::Fear),
                ("Amnesia", Spell::Amnesia),
                ("Confusion", Spell::Confusion),
                ("Charm {", Spell::CharmPerson),
            ] {
                if mind.contains(word) {
                    effects.push(EffectView {
                        spell,
                        hand: None,
                        turns: None,
                    });
                }
            }
            if let Some(hand) = b.hand_paralysed {
                effects.push(EffectView {
                    spell: Spell::Paralysis,
                    hand: Some(hand),
                    turns: None,
                });
            }
            BeingView {
                id,
                name: b.name.clone(),
                kind: b.kind,
                hp: b.hp,
                flags: b.flags(),
                controller: b.owner,
                effects,
            }
        })
        .collect();
    Position {
        me,
        turn: game.turn_number(),
        round_kind: game.round_kind(),
        beings,
        gestures: (0..game.players())
            .map(|p| game.seen_history(p, Viewer::Player(me)))
            .collect(),
        banked: None,
        short_lightning_used: false,
        questions,
    }
}

/// A seat: the baseline, or random legal gestures with default answers.
#[derive(Clone, Copy)]
enum Seat {
    Easy,
    Random,
}

struct Seats {
    seats: Vec<Seat>,
}

impl Answerer for Seats {
    fn answer(&mut self, game: &Game, batch: &[Question]) -> Vec<usize> {
        let mut out = vec![0; batch.len()];
        for (p, seat) in self.seats.iter().enumerate() {
            let idx: Vec<usize> = (0..batch.len()).filter(|&i| batch[i].player == p).collect();
            let answers = match seat {
                Seat::Easy => {
                    let mine = idx.iter().map(|&i| batch[i].clone()).collect();
                    Easy::default().answers(&position(game, p, mine))
                }
                Seat::Random => idx.iter().map(|&i| batch[i].fallback()).collect(),
            };
            for (i, a) in idx.into_iter().zip(answers) {
                out[i] = a;
            }
        }
        out
    }
}

fn random_pair(rng: &mut StdRng) -> (Gesture, Gesture) {
    loop {
        let pick = |rng: &mut StdRng| Gesture::ALL[rng.gen_range(1..7)];
        let pair = (pick(rng), pick(rng));
        if pair != (Gesture::Palm, Gesture::Palm) {
            return pair;
        }
    }
}

/// Plays one duel; returns the outcome and whether an easy seat ever emitted P-P.
fn duel(seats: [Seat; 2], seed: u64) -> (Option<Outcome>, bool) {
    let specs = [PlayerSpec::parse("White"), PlayerSpec::parse("Black")];
    let mut game = Game::new(&specs, seed);
    game.set_narration(false);
    let mut answerer = Seats {
        seats: seats.to_vec(),
    };
    let mut surrendered = false;
    for round in 0..200 {
        if game.outcome().is_some() || game.turn_number() > 100 {
            break;
        }
        let moves: Vec<(Gesture, Gesture)> = (0..2)
            .map(|p| {
                if !game.is_active(p) {
                    return (Gesture::Nothing, Gesture::Nothing);
                }
                match seats[p] {
                    Seat::Easy => {
                        let g = Easy::default().gestures(&position(&game, p, Vec::new()));
                        surrendered |= g == (Gesture::Palm, Gesture::Palm);
                        g
                    }
                    Seat::Random => random_pair(&mut decision_rng(seed, round, p)),
                }
            })
            .collect();
        game.play_round(&moves, &mut answerer);
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
                Some(Outcome::Winner(w)) if w == easy => 1.0,
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
