//! One-ply equilibrium search over the turn's simultaneous move
//! (computer-opponent.md §2.4 M1): the searching wizard's options (gestures
//! with their answers) against the opponent's candidate pairs; each joint
//! pair is valued by truncated rollouts; regret matching (RM+) solves the
//! matrix of mean values, and the move is drawn from its average strategy.
//!
//! The budget is counted in iterations (one rollout each), so a seed and an
//! iteration count always give the same move; a time cap may stop it sooner.

use super::candidates::candidates;
use super::options::{root_options, PlanAnswers, RootOption};
use super::regret::{prune, sample, solve, Matrix};
use super::rollout::{policy_moves, rollout, RolloutParams};
use super::sim::{Moves, Sim};
use crate::engine::{Duel, Gesture};
use rand::rngs::StdRng;
use rand::Rng;
use std::time::{Duration, Instant};

/// How hard to search.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchParams {
    /// Candidate gesture pairs per side.
    pub k: usize,
    /// How many of the own pairs get answer variants, and how many each.
    pub expand: (usize, usize),
    /// Rollouts at most.
    pub iterations: u32,
    /// Wall-clock cap, if any.
    pub think: Option<Duration>,
    /// How the rollouts play.
    pub rollout: RolloutParams,
    /// Share of rollouts spent on uniformly chosen cells (the rest follow the current solution).
    pub explore: f64,
    /// Actions below this probability are dropped before sampling the move.
    pub prune: f64,
}

/// What a search found.
#[derive(Debug, Clone)]
pub struct SearchResult {
    /// The searching wizard's options.
    pub options: Vec<RootOption>,
    /// Its mixed strategy over them.
    pub strategy: Vec<f64>,
    /// The opponent's candidate pairs and mixed strategy.
    pub replies: Vec<(Gesture, Gesture)>,
    /// The opponent's mixed strategy.
    pub reply_strategy: Vec<f64>,
    /// The matrix game's value for the searching wizard.
    pub value: f64,
    /// Rollouts played.
    pub rollouts: u32,
    /// The option drawn.
    pub chosen: usize,
}

/// Running means of the joint pairs' values.
struct Table {
    cols: usize,
    sum: Vec<f64>,
    count: Vec<u32>,
}

impl Table {
    fn mean(&self, r: usize, c: usize) -> f64 {
        let i = r * self.cols + c;
        if self.count[i] == 0 {
            0.0
        } else {
            self.sum[i] / f64::from(self.count[i])
        }
    }

    fn matrix(&self, rows: usize) -> Matrix {
        Matrix::new(rows, self.cols, |r, c| self.mean(r, c))
    }
}

/// Searches the move of wizard `seat` in `duel` (which must be its turn to move).
pub fn search(duel: &Duel, seat: usize, params: &SearchParams, rng: &mut StdRng) -> SearchResult {
    let start = Instant::now();
    let base = Sim::imagine(duel, seat, rng);
    let hidden = Sim::has_hidden(duel, seat);
    let seen = base.position(seat);
    let enemy = seen.opponent_of(seat).filter(|&e| base.is_active(e));
    let mut others = policy_moves(&base, &params.rollout, rng);
    let replies: Vec<(Gesture, Gesture)> = match enemy {
        Some(e) => candidates(&base.position(e), e, params.k, 5)
            .into_iter()
            .map(|c| c.gestures)
            .collect(),
        None => vec![(Gesture::Nothing, Gesture::Nothing)],
    };
    if let Some(e) = enemy {
        others[e] = replies[0];
    }
    let own = candidates(&seen, seat, params.k, 5);
    let options = root_options(&base, seat, &own, &others, params.expand.0, params.expand.1);
    let (rows, cols) = (options.len(), replies.len());
    let mut table = Table {
        cols,
        sum: vec![0.0; rows * cols],
        count: vec![0; rows * cols],
    };
    let mut row_mix = vec![1.0 / rows as f64; rows];
    let mut col_mix = vec![1.0 / cols as f64; cols];
    let mut rollouts = 0u32;
    let out_of_time = |n: u32| {
        n >= params.iterations
            || params
                .think
                .is_some_and(|t| n.is_multiple_of(8) && start.elapsed() >= t)
    };
    while !out_of_time(rollouts) {
        let n = rollouts as usize;
        let (r, c) = if n < rows * cols {
            (n / cols, n % cols)
        } else {
            let pick = |mix: &[f64], rng: &mut StdRng| {
                if rng.gen::<f64>() < params.explore {
                    rng.gen_range(0..mix.len())
                } else {
                    sample(mix, rng)
                }
            };
            (pick(&row_mix, rng), pick(&col_mix, rng))
        };
        let mut sim = if hidden {
            Sim::imagine(duel, seat, rng)
        } else {
            base.clone()
        };
        let mut moves: Moves = policy_moves(&sim, &params.rollout, rng);
        moves[seat] = options[r].gestures;
        if let Some(e) = enemy {
            moves[e] = replies[c];
        }
        sim.play(
            &moves,
            &mut PlanAnswers {
                root: seat,
                plan: &options[r].plan,
            },
        );
        let v = rollout(sim, seat, &params.rollout, rng);
        table.sum[r * cols + c] += v;
        table.count[r * cols + c] += 1;
        rollouts += 1;
        if rollouts as usize >= rows * cols && rollouts.is_multiple_of(32) {
            let s = solve(&table.matrix(rows), 200);
            row_mix = s.row;
            col_mix = s.col;
        }
    }
    // A time cap may stop before every pair was tried: solve the rows done.
    let done = if (rollouts as usize) < rows * cols {
        (rollouts as usize / cols).max(1)
    } else {
        rows
    };
    let s = solve(&table.matrix(done), 1000);
    let mut strategy = s.row;
    strategy.resize(rows, 0.0);
    prune(&mut strategy, params.prune);
    let chosen = sample(&strategy, rng);
    SearchResult {
        options,
        strategy,
        replies,
        reply_strategy: s.col,
        value: s.value,
        rollouts,
        chosen,
    }
}
