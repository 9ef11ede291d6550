//! The one place the search touches the engine. Everything else in the
//! computer reads a [`Position`]; this module builds positions from a duel,
//! makes the search's private copies of it and plays rounds on them.
//!
//! A copy is *imagined* from one seat: narration off, the rows the seat could
//! not see replaced by gestures sampled from the baseline's candidates (never
//! read), the others' Delayed Effect banks emptied, and the engine's random
//! source reseeded from the decision's seed. So a search depends only on what
//! the seat saw, plus its own seed.
//!
//! Today's engine is `Game` with `play_round` and an `Answerer`; when the
//! resumable `Duel` lands, only this file changes.

use super::candidates::candidates;
use super::position::{BeingView, EffectView, Position};
use super::regret::sample;
use crate::engine::{
    Answerer, Game, Gesture, Hand, Mark, Outcome, Question, RoundKind, Seen, Spell, Viewer,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Gestures of every wizard for one round, indexed by player (ignored for the inactive).
pub type Moves = Vec<(Gesture, Gesture)>;

/// How the wizards answer questions inside a simulated round.
pub trait AnswerPolicy {
    /// One option index per question in `pos.questions` (the questions of `player`).
    fn answers(&mut self, player: usize, pos: &Position) -> Vec<usize>;
}

/// What seat `me` of `game` can see, with its open `questions`.
pub fn position(game: &Game, me: usize, questions: Vec<Question>) -> Position {
    let before_reveal = questions.iter().any(|q| q.before_reveal);
    let beings = game
        .beings()
        .iter()
        .enumerate()
        .filter(|(_, b)| b.alive)
        .map(|(id, b)| BeingView {
            id,
            name: String::new(),
            kind: b.kind,
            hp: b.hp.max(0),
            flags: b.flags(),
            controller: b.owner,
            effects: effects(b),
        })
        .collect();
    let gestures = (0..game.players())
        .map(|p| {
            let mut rows = game.seen_history(p, Viewer::Player(me));
            // Between recording the round and the reveal, others' new rows are unseen.
            if before_reveal && p != me && game.is_active(p) {
                if let Some(last) = rows.last_mut() {
                    *last = [Seen::Fog; 2];
                }
            }
            rows
        })
        .collect();
    let own = game.being(me);
    Position {
        me,
        turn: game.turn_number(),
        round_kind: game.round_kind(),
        beings,
        gestures,
        banked: own.fx.bank,
        short_lightning_used: own.short_bolt_used,
        questions,
    }
}

/// The lasting effects the status and the narration have shown on a being.
fn effects(b: &crate::engine::Being) -> Vec<EffectView> {
    let mut out: Vec<EffectView> = Vec::new();
    let add =
        |out: &mut Vec<EffectView>, spell, hand, turns| out.push(EffectView { spell, hand, turns });
    // The mind spell types are private to the engine: read them by name.
    for mind in [b.fx.pending_mind, b.fx.permanent_mind]
        .into_iter()
        .flatten()
    {
        let name = format!("{mind:?}");
        let hand = if name.contains("Left") {
            Some(Hand::Left)
        } else if name.contains("Right") {
            Some(Hand::Right)
        } else {
            None
        };
        for (word, spell) in [
            ("Fear", Spell::Fear),
            ("Amnesia", Spell::Amnesia),
            ("Confusion", Spell::Confusion),
            ("Charm {", Spell::CharmPerson),
            ("Paralysis", Spell::Paralysis),
        ] {
            if name.starts_with(word) {
                add(&mut out, spell, hand, None);
            }
        }
    }
    if let Some(hand) = b.hand_paralysed {
        if !out.iter().any(|e| e.spell == Spell::Paralysis) {
            add(&mut out, Spell::Paralysis, Some(hand), None);
        }
    }
    let fx = &b.fx;
    for (n, spell) in [
        (fx.disease, Spell::Disease),
        (fx.poison, Spell::Poison),
        (fx.haste, Spell::Haste),
        (fx.invisible, Spell::Invisibility),
        (fx.blind, Spell::Blindness),
        (fx.pfe, Spell::ProtectionFromEvil),
    ] {
        if n > 0 {
            add(&mut out, spell, None, Some(u32::from(n)));
        }
    }
    out
}

/// A private copy of a duel for the search.
#[derive(Debug, Clone)]
pub struct Sim {
    game: Game,
}

impl Sim {
    /// The duel as seat `seat` may imagine it (see the module notes); `rng`
    /// draws the hidden gestures and the copy's own random seed.
    pub fn imagine(duel: &Game, seat: usize, rng: &mut StdRng) -> Sim {
        let mut game = duel.clone();
        game.set_narration(false);
        game.events.clear();
        game.rng = StdRng::seed_from_u64(rng.gen());
        let mut seen = position(duel, seat, Vec::new());
        for w in 0..game.players {
            if w == seat {
                continue;
            }
            game.beings[w].fx.bank = None;
            let hidden: Vec<usize> = seen
                .rows(w)
                .iter()
                .enumerate()
                .filter(|(_, r)| r[0] == Seen::Fog)
                .map(|(i, _)| i)
                .collect();
            for i in hidden {
                let (l, r) = sample_row(&seen, w, i, rng);
                let row = &mut game.beings[w].history[i];
                row.marks = [Mark::Made(l), Mark::Made(r)];
                seen.gestures[w][i] = [Seen::Mark(Mark::Made(l)), Seen::Mark(Mark::Made(r))];
            }
        }
        Sim { game }
    }

    /// Whether seat `seat` sees fog anywhere in the others' rows (then every
    /// rollout imagines the hidden rows afresh).
    pub fn has_hidden(duel: &Game, seat: usize) -> bool {
        (0..duel.players()).any(|w| {
            w != seat
                && duel
                    .seen_history(w, Viewer::Player(seat))
                    .iter()
                    .any(|r| r[0] == Seen::Fog)
        })
    }

    /// Rounds played so far (a haste or time-stop round counts as one).
    pub fn rounds_played(duel: &Game) -> u32 {
        duel.rounds_played
    }

    /// Number of wizards.
    pub fn players(&self) -> usize {
        self.game.players()
    }

    /// Whether wizard `p` moves in the next round.
    pub fn is_active(&self, p: usize) -> bool {
        self.game.is_active(p)
    }

    /// The kind of the next round.
    pub fn round_kind(&self) -> RoundKind {
        self.game.round_kind()
    }

    /// The number of the next normal turn.
    pub fn turn(&self) -> u32 {
        self.game.turn_number()
    }

    /// Set once the duel is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// What wizard `p` sees of this copy between rounds.
    pub fn position(&self, p: usize) -> Position {
        position(&self.game, p, Vec::new())
    }

    /// Plays one round; every question goes to `policy`, one player at a time.
    pub fn play(&mut self, moves: &[(Gesture, Gesture)], policy: &mut dyn AnswerPolicy) {
        let mut bridge = Bridge { policy };
        self.game.play_round(moves, &mut bridge);
    }
}

/// Hands each player's share of a batch to the policy, with that player's view.
struct Bridge<'a> {
    policy: &'a mut dyn AnswerPolicy,
}

impl Answerer for Bridge<'_> {
    fn answer(&mut self, game: &Game, batch: &[Question]) -> Vec<usize> {
        let mut out: Vec<usize> = batch.iter().map(Question::fallback).collect();
        for p in 0..game.players() {
            let idx: Vec<usize> = (0..batch.len()).filter(|&i| batch[i].player == p).collect();
            if idx.is_empty() {
                continue;
            }
            let mine = idx.iter().map(|&i| batch[i].clone()).collect();
            let answers = self.policy.answers(p, &position(game, p, mine));
            for (i, a) in idx.into_iter().zip(answers) {
                if a < batch[i].options.len() {
                    out[i] = a;
                }
            }
        }
        out
    }
}

/// A gesture pair wizard `w` could have made in its hidden row `i`, drawn from
/// the baseline's candidates in the position cut back to that row.
fn sample_row(seen: &Position, w: usize, i: usize, rng: &mut StdRng) -> (Gesture, Gesture) {
    let mut then = seen.clone();
    then.gestures[w].truncate(i);
    let list = candidates(&then, w, 8, 5);
    if list.is_empty() {
        return (Gesture::Nothing, Gesture::Nothing);
    }
    let weights = softmax(&list.iter().map(|c| c.score).collect::<Vec<_>>(), 4.0);
    list[sample(&weights, rng)].gestures
}

/// Softmax of `scores` at `temperature` (higher is flatter).
pub fn softmax(scores: &[f64], temperature: f64) -> Vec<f64> {
    let t = temperature.max(1e-6);
    let top = scores.iter().copied().fold(f64::MIN, f64::max);
    let w: Vec<f64> = scores.iter().map(|s| ((s - top) / t).exp()).collect();
    let total: f64 = w.iter().sum();
    w.into_iter().map(|x| x / total).collect()
}

/// The hand a gesture pair's hand index names (for callers that index pairs).
pub fn gesture_of(pair: (Gesture, Gesture), hand: Hand) -> Gesture {
    match hand {
        Hand::Left => pair.0,
        Hand::Right => pair.1,
    }
}
