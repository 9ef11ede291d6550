//! The one place the search touches the engine. Everything else in the
//! computer reads a seat's [`View`]; this module reads views of a duel,
//! makes the search's private copies of it and plays rounds on them.
//!
//! A copy is *imagined* from one seat: the engine's determinised copy made
//! from the seat's view (no log, no narration, random source reseeded from
//! the decision's seed, the others' open answers forgotten), the rows the
//! seat could not see filled with gestures sampled here from the
//! baseline's candidates; the engine never puts the true ones in it. So a
//! search depends only on what the seat saw, plus its own seed.
//!
//! Wizards are counted with plain indices here (moves are a list by
//! player); the reading of a view takes the engine's `PlayerId`.

use super::candidates::candidates;
use super::regret::sample;
use super::table::FULL_BOOK;
use crate::driver::{answer_all, Driver};
use crate::engine::{Duel, Gesture, Hand, HiddenRow, Outcome, PlayerId, Question, RoundKind, View};
use rand::rngs::StdRng;
use rand::Rng;
use std::cell::RefCell;

/// Gestures of every wizard for one round, indexed by player (ignored for the inactive).
pub type Moves = Vec<(Gesture, Gesture)>;

/// How the wizards answer questions inside a simulated round.
pub trait AnswerPolicy {
    /// One option index per question in `pos.questions` (the questions of `player`).
    fn answers(&mut self, player: usize, pos: &View) -> Vec<usize>;
}

/// What seat `me` of `duel` can see now, with its open questions: the
/// engine's view.
pub fn position(duel: &Duel, me: usize) -> View {
    duel.view(PlayerId::new(me))
}

thread_local! {
    /// The view [`with_position`] builds over, its lists reused.
    static SCRATCH: RefCell<Option<View>> = const { RefCell::new(None) };
}

/// `read` applied to what seat `me` of `duel` can see now ([`position`]),
/// built over a view kept for the purpose: a rollout reads a view for
/// every wizard each round and for every batch of answers, and a fresh
/// one's cost is mostly its allocations.
pub fn with_position<T>(duel: &Duel, me: usize, read: impl FnOnce(&View) -> T) -> T {
    let kept = SCRATCH.with(|s| s.borrow_mut().take());
    let pos = match kept {
        Some(mut pos) => {
            duel.view_into(PlayerId::new(me), &mut pos);
            pos
        }
        None => position(duel, me),
    };
    let out = read(&pos);
    SCRATCH.with(|s| *s.borrow_mut() = Some(pos));
    out
}

/// A private copy of a duel for the search.
#[derive(Debug, Clone)]
pub struct Sim {
    game: Duel,
}

impl Sim {
    /// The duel as seat `seat` may imagine it (see the module notes); `rng`
    /// draws the hidden gestures and the copy's own random seed.
    pub fn imagine(duel: &Duel, seat: usize, rng: &mut StdRng) -> Sim {
        let seed = rng.gen();
        let mut sample = |seen: &View, h: HiddenRow| sample_row(seen, h.player.index(), h.row, rng);
        let copy = duel
            .seat_view(PlayerId::new(seat))
            .determinise(seed, &mut sample);
        Sim {
            game: copy.into_duel(),
        }
    }

    /// Whether seat `seat` has rows of the others it could not see (then
    /// every rollout imagines the hidden rows afresh).
    pub fn has_hidden(duel: &Duel, seat: usize) -> bool {
        !duel.seat_view(PlayerId::new(seat)).hidden_rows().is_empty()
    }

    /// The copy's duel (to search from another seat inside it).
    pub fn duel(&self) -> &Duel {
        &self.game
    }

    /// Gives the copy's random source a new seed (chance in the engine,
    /// such as a confused wizard's gesture, then differs from rollout to rollout).
    pub fn reseed(&mut self, seed: u64) {
        self.game.reseed(seed);
    }

    /// Rounds played so far (a haste or time-stop round counts as one).
    pub fn rounds_played(duel: &Duel) -> u32 {
        duel.rounds_played()
    }

    /// Number of wizards.
    pub fn players(&self) -> usize {
        self.game.players()
    }

    /// Whether wizard `p` moves in the next round.
    pub fn is_active(&self, p: usize) -> bool {
        self.game.is_active(PlayerId::new(p))
    }

    /// The kind of the next round.
    pub fn round_kind(&self) -> RoundKind {
        self.game.round_kind()
    }

    /// The number of the next normal turn.
    pub fn turn(&self) -> u32 {
        self.game.turn()
    }

    /// Set once the duel is over: the winner's index, or `None` for a draw.
    pub fn outcome(&self) -> Option<Option<usize>> {
        self.game.outcome().map(|o| match o {
            Outcome::Winner(p) => Some(p.index()),
            Outcome::Draw => None,
        })
    }

    /// What wizard `p` sees of this copy between rounds.
    pub fn position(&self, p: usize) -> View {
        position(&self.game, p)
    }

    /// `read` applied to [`Sim::position`] (see [`with_position`]).
    pub fn with_position<T>(&self, p: usize, read: impl FnOnce(&View) -> T) -> T {
        with_position(&self.game, p, read)
    }

    /// Plays one round; every question goes to `policy`, one player at a
    /// time, with that player's view.
    pub fn play(&mut self, moves: &[(Gesture, Gesture)], policy: &mut dyn AnswerPolicy) {
        if self.game.outcome().is_some() {
            return;
        }
        let mut driver = Driver::new(&mut self.game);
        driver.begin_round();
        for p in 0..driver.duel().players() {
            let me = PlayerId::new(p);
            if driver.duel().is_active(me) {
                let given = driver.give_move(me, moves.get(p).copied().unwrap_or_default());
                debug_assert!(given.is_ok(), "a simulated move refused: {given:?}");
            }
        }
        answer_all(&mut driver, |duel, p| fitted(policy, duel, p));
    }

    /// Finishes a round waiting on questions: wizard `seat` answers its open
    /// ones with `answers`, everyone else (and any later batch) goes to `policy`.
    pub fn finish_round(&mut self, seat: usize, answers: &[usize], policy: &mut dyn AnswerPolicy) {
        let mut driver = Driver::new(&mut self.game);
        let given = driver.give_answers(PlayerId::new(seat), answers.to_vec());
        if let Err(e) = given {
            debug_assert!(false, "a simulated answer refused: {e}");
            return;
        }
        answer_all(&mut driver, |duel, p| fitted(policy, duel, p));
    }
}

/// `policy`'s answers for player `p`, or the pre-filled ones where they do
/// not fit the questions (a policy may plan for questions not asked).
fn fitted(policy: &mut dyn AnswerPolicy, duel: &Duel, p: PlayerId) -> Vec<usize> {
    with_position(duel, p.index(), |pos| {
        let answers = policy.answers(p.index(), pos);
        let fits = answers.len() == pos.questions.len()
            && answers
                .iter()
                .zip(&pos.questions)
                .all(|(a, q)| *a < q.options.len());
        if fits {
            answers
        } else {
            pos.questions.iter().map(Question::fallback).collect()
        }
    })
}

/// Candidate pairs a hidden row is drawn from: a wide list, since the seat
/// cannot tell which plan the other wizard followed.
const HIDDEN_CANDIDATES: usize = 8;

/// Softmax temperature of that draw: flatter than `hard`'s rollouts (3), for
/// the same reason.
const HIDDEN_TEMPERATURE: f64 = 4.0;

/// A gesture pair wizard `w` could have made in its hidden row `i`, drawn from
/// the baseline's candidates in the position cut back to that row.
fn sample_row(seen: &View, w: usize, i: usize, rng: &mut StdRng) -> (Gesture, Gesture) {
    let mut then = seen.clone();
    then.gestures[w].truncate(i);
    let list = candidates(&then, PlayerId::new(w), HIDDEN_CANDIDATES, FULL_BOOK);
    if list.is_empty() {
        return (Gesture::Nothing, Gesture::Nothing);
    }
    let scores: Vec<f64> = list.iter().map(|c| c.score).collect();
    let weights = softmax(&scores, HIDDEN_TEMPERATURE);
    list[sample(&weights, rng)].gestures
}

/// Softmax of `scores` at `temperature` (higher is flatter).
pub fn softmax(scores: &[f64], temperature: f64) -> Vec<f64> {
    softmax_of(scores.iter().copied(), temperature)
}

/// [`softmax`] of scores read from a list as they come (no list of them
/// made first): the same numbers, worked out in the same order.
pub fn softmax_of(scores: impl Iterator<Item = f64> + Clone, temperature: f64) -> Vec<f64> {
    let t = temperature.max(1e-6);
    let top = scores.clone().fold(f64::MIN, f64::max);
    let mut w: Vec<f64> = scores.map(|s| ((s - top) / t).exp()).collect();
    let total: f64 = w.iter().sum();
    for x in &mut w {
        *x /= total;
    }
    w
}

/// The hand a gesture pair's hand index names (for callers that index pairs).
pub fn gesture_of(pair: (Gesture, Gesture), hand: Hand) -> Gesture {
    match hand {
        Hand::Left => pair.0,
        Hand::Right => pair.1,
    }
}
