//! Truncated rollouts: from a simulated
//! position, every wizard plays the baseline's candidates chosen by a softmax
//! over their scores for a few rounds, answering as the baseline does; then
//! the static evaluator (or the duel's end) gives the value.

use super::analysis::Analysis;
use super::answers::answer_all;
use super::candidates::candidates_from;
use super::evaluate::{evaluate, Weights};
use super::reading_memo::{baseline_answers, remembered, Reading};
use super::regret::sample;
use super::sim::{softmax, softmax_of, AnswerPolicy, Moves, Sim};
use super::table::FULL_BOOK;
use crate::engine::{Gesture, PlayerId, View};
use rand::rngs::StdRng;
use rand::Rng;
use std::rc::Rc;

/// How rollouts play.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RolloutParams {
    /// Rounds played after the searched one before the evaluator decides.
    pub depth: u32,
    /// Softmax temperature over candidate scores (higher plays more randomly).
    pub temperature: f64,
    /// Candidates considered per wizard and round.
    pub k: usize,
    /// The evaluator's weights.
    pub weights: Weights,
}

impl Default for RolloutParams {
    fn default() -> RolloutParams {
        RolloutParams {
            depth: 5,
            temperature: 3.0,
            k: 6,
            weights: Weights::default(),
        }
    }
}

/// Every wizard answers as the baseline does.
#[derive(Debug, Default, Clone, Copy)]
pub struct BaselineAnswers;

impl AnswerPolicy for BaselineAnswers {
    fn answers(&mut self, _player: usize, pos: &View) -> Vec<usize> {
        baseline_answers(pos)
    }
}

/// The baseline's answers from each wizard's reading of the round's start
/// (a rollout's shortcut: the reading is not redone for every batch).
struct CachedAnswers<'a> {
    readings: &'a [Option<Rc<Reading>>],
}

impl AnswerPolicy for CachedAnswers<'_> {
    fn answers(&mut self, player: usize, pos: &View) -> Vec<usize> {
        match self.readings.get(player) {
            Some(Some(r)) => answer_all(pos, &r.analysis),
            _ => baseline_answers(pos),
        }
    }
}

/// Every wizard's reading of a position and its policy over candidate moves:
/// all a rollout needs to play one round from there. Kept per searched cell,
/// so the rollouts from one cell read its first round once.
#[derive(Debug, Clone)]
pub struct RoundPlan {
    /// Per wizard: his reading, with his candidate pairs and their softmax
    /// weights (none when inactive or not read).
    readings: Vec<Option<Rc<Reading>>>,
}

impl RoundPlan {
    /// Reads `sim` for every active wizard.
    pub fn read(sim: &Sim, params: &RolloutParams) -> RoundPlan {
        RoundPlan::read_some(sim, params, |_| true)
    }

    /// Reads `sim` for the active wizards `wanted` picks; the others get no
    /// policy (they do nothing unless their moves are set by the caller).
    pub fn read_some(
        sim: &Sim,
        params: &RolloutParams,
        wanted: impl Fn(usize) -> bool,
    ) -> RoundPlan {
        let mut readings = Vec::with_capacity(sim.players());
        for p in 0..sim.players() {
            if !sim.is_active(p) || !wanted(p) {
                readings.push(None);
                continue;
            }
            let settings = (params.k, params.temperature.to_bits());
            readings.push(Some(sim.with_position(p, |pos| {
                remembered(pos, settings, || {
                    let analysis = Analysis::new(pos, PlayerId::new(p), FULL_BOOK);
                    let list = candidates_from(pos, &analysis, params.k);
                    Reading {
                        pairs: list.iter().map(|c| c.gestures).collect(),
                        weights: softmax_of(list.iter().map(|c| c.score), params.temperature),
                        analysis,
                    }
                })
            })));
        }
        RoundPlan { readings }
    }

    /// One move per wizard drawn from the policies.
    pub fn moves(&self, rng: &mut StdRng) -> Moves {
        self.readings
            .iter()
            .map(|r| match r {
                Some(r) if !r.pairs.is_empty() => r.pairs[sample(&r.weights, rng)],
                _ => (Gesture::Nothing, Gesture::Nothing),
            })
            .collect()
    }

    /// Plays one round of `sim` with moves drawn from the plan.
    pub fn play(&self, sim: &mut Sim, rng: &mut StdRng) {
        let moves = self.moves(rng);
        sim.play(
            &moves,
            &mut CachedAnswers {
                readings: &self.readings,
            },
        );
    }
}

/// A move of wizard `p` drawn from the softmax of its candidates in `pos`.
pub fn policy_move(
    pos: &View,
    p: PlayerId,
    params: &RolloutParams,
    rng: &mut StdRng,
) -> (Gesture, Gesture) {
    policy_move_from(pos, &Analysis::new(pos, p, FULL_BOOK), params, rng)
}

fn policy_move_from(
    pos: &View,
    a: &Analysis,
    params: &RolloutParams,
    rng: &mut StdRng,
) -> (Gesture, Gesture) {
    let list = candidates_from(pos, a, params.k);
    if list.is_empty() {
        return (Gesture::Nothing, Gesture::Nothing);
    }
    let scores: Vec<f64> = list.iter().map(|c| c.score).collect();
    list[sample(&softmax(&scores, params.temperature), rng)].gestures
}

/// Policy moves of every active wizard of `sim` (nothing for the others).
pub fn policy_moves(sim: &Sim, params: &RolloutParams, rng: &mut StdRng) -> Moves {
    policy_moves_but(sim, params, rng, |_| false)
}

/// [`policy_moves`] for the wizards `fixed` does not pick; a picked one
/// (whose move the caller sets) is not read, and gets nothing. The random
/// stream is the same as [`policy_moves`]'s: a picked active wizard takes
/// the one number his draw would have taken (a policy always has a move to
/// draw, so it always draws once).
pub fn policy_moves_but(
    sim: &Sim,
    params: &RolloutParams,
    rng: &mut StdRng,
    fixed: impl Fn(usize) -> bool,
) -> Moves {
    (0..sim.players())
        .map(|p| {
            if !sim.is_active(p) {
                (Gesture::Nothing, Gesture::Nothing)
            } else if fixed(p) {
                let _skipped: f64 = rng.gen();
                (Gesture::Nothing, Gesture::Nothing)
            } else {
                policy_move(&sim.position(p), PlayerId::new(p), params, rng)
            }
        })
        .collect()
}

/// Each round a result waits costs this share of it: a win now beats a win
/// later, and a loss later beats a loss now (so a doomed wizard still defends).
const DISCOUNT: f64 = 0.95;

/// The value of `sim` for wizard `root` after `rounds` rounds of rollout:
/// ±1 for a won or lost duel (discounted by its distance), 0 for a draw,
/// else the evaluator on `root`'s view.
pub fn value(sim: &Sim, root: usize, rounds: u32, weights: &Weights) -> f64 {
    let later = DISCOUNT.powi(rounds as i32);
    match sim.outcome() {
        Some(Some(w)) if w == root => later,
        Some(Some(_)) => -later,
        Some(None) => 0.0,
        None => later * sim.with_position(root, |pos| evaluate(pos, PlayerId::new(root), weights)),
    }
}

/// Plays `params.depth` policy rounds on `sim` and returns its value for
/// `root`; `first`, if given, is the plan already read for `sim`'s next round.
pub fn rollout(
    mut sim: Sim,
    root: usize,
    params: &RolloutParams,
    rng: &mut StdRng,
    first: Option<&RoundPlan>,
) -> f64 {
    let mut rounds = 0;
    while rounds < params.depth && sim.outcome().is_none() {
        match first.filter(|_| rounds == 0) {
            Some(plan) => plan.play(&mut sim, rng),
            None => RoundPlan::read(&sim, params).play(&mut sim, rng),
        }
        rounds += 1;
    }
    value(&sim, root, rounds, &params.weights)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Duel, PlayerSpec};
    use rand::SeedableRng;

    #[test]
    fn a_partial_plan_moves_only_the_wizards_it_read() {
        let specs: Vec<PlayerSpec> = ["White", "Black", "Red"]
            .iter()
            .map(|n| PlayerSpec::parse(n))
            .collect();
        let duel = Duel::new(&specs, 11).expect("good names");
        let mut rng = StdRng::seed_from_u64(3);
        let sim = Sim::imagine(&duel, 0, &mut rng);
        let params = RolloutParams::default();
        let plan = RoundPlan::read_some(&sim, &params, |p| p == 2);
        let idle = (Gesture::Nothing, Gesture::Nothing);
        let whole = RoundPlan::read(&sim, &params);
        for _ in 0..20 {
            let moves = plan.moves(&mut rng);
            assert_eq!((moves[0], moves[1]), (idle, idle));
            // The bystander moves as its whole plan would let it.
            let pairs = whole.readings[2].as_ref().map(|r| r.pairs.clone());
            assert!(pairs.is_some_and(|p| p.contains(&moves[2])), "{moves:?}");
        }
    }
}
