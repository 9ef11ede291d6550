//! One-ply equilibrium search over the turn's simultaneous move
//! (computer-opponent.md §2.4 M1): the searching wizard's options (gestures
//! with their answers) against the opponent's candidate pairs; each joint
//! pair is valued by truncated rollouts; regret matching (RM+) solves the
//! matrix of mean values, and the move is drawn from its average strategy.
//!
//! The matrix is sized to the budget: a few cells well measured beat many
//! cells measured once (each cell should get about `per_cell` rollouts).
//! Under a time cap the first rollouts also time the position, so the size
//! follows what the machine can do. The budget is counted in iterations (one
//! rollout each), so a seed and an iteration count always give the same move.

use super::candidates::candidates;
use super::options::{keep_rows, root_options, PlanAnswers, RootOption};
use super::regret::{prune, sample, solve, Matrix};
use super::rollout::{policy_moves, rollout, RolloutParams, RoundPlan};
use super::sim::{Moves, Sim};
use crate::engine::{Duel, Gesture};
use rand::rngs::StdRng;
use rand::Rng;
use std::time::{Duration, Instant};

/// How hard to search.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchParams {
    /// Candidate gesture pairs per side at most.
    pub k: usize,
    /// How many of the own pairs get answer variants, and how many each.
    pub expand: (usize, usize),
    /// Rollouts at most.
    pub iterations: u32,
    /// Wall-clock cap, if any.
    pub think: Option<Duration>,
    /// Rollouts each cell of the matrix should get (sizes the matrix).
    pub per_cell: u32,
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
    fn new(rows: usize, cols: usize) -> Table {
        Table {
            cols,
            sum: vec![0.0; rows * cols],
            count: vec![0; rows * cols],
        }
    }

    fn add(&mut self, r: usize, c: usize, v: f64) {
        self.sum[r * self.cols + c] += v;
        self.count[r * self.cols + c] += 1;
    }

    fn mean(&self, r: usize, c: usize) -> f64 {
        let i = r * self.cols + c;
        if self.count[i] == 0 {
            0.0
        } else {
            self.sum[i] / f64::from(self.count[i])
        }
    }

    fn matrix(&self, rows: usize, cols: usize) -> Matrix {
        Matrix::new(rows, cols, |r, c| self.mean(r, c))
    }
}

/// The joint move of a cell played from a starting copy: the start of
/// every rollout from that cell, with the plan of its next round.
struct CellStart {
    sim: Sim,
    plan: RoundPlan,
}

/// The positions the rollouts start from. With nothing hidden every rollout
/// starts from the one duel, and each cell's first round is played and read
/// once; with hidden rows, a pool of imagined duels is cycled through.
struct Starts<'a> {
    duel: &'a Duel,
    seat: usize,
    enemy: Option<usize>,
    pool: Vec<Sim>,
    cells: Vec<Option<CellStart>>,
    cols: usize,
}

/// Imagined duels kept when the seat cannot see everything.
const POOL: usize = 8;

impl Starts<'_> {
    /// Plays cell (r, c) once from a fresh start and returns its value.
    fn rollout(
        &mut self,
        (r, c): (usize, usize),
        options: &[RootOption],
        replies: &[(Gesture, Gesture)],
        params: &RolloutParams,
        rng: &mut StdRng,
        n: u32,
    ) -> f64 {
        let play_cell = |mut sim: Sim, rng: &mut StdRng| {
            let mut moves: Moves = policy_moves(&sim, params, rng);
            moves[self.seat] = options[r].gestures;
            if let Some(e) = self.enemy {
                moves[e] = replies[c];
            }
            sim.play(
                &moves,
                &mut PlanAnswers {
                    root: self.seat,
                    plan: &options[r].plan,
                },
            );
            sim
        };
        if self.pool.len() > 1 {
            let mut sim = self.pool[n as usize % self.pool.len()].clone();
            sim.reseed(rng.gen());
            let sim = play_cell(sim, rng);
            return rollout(sim, self.seat, params, rng, None);
        }
        let i = r * self.cols + c;
        if self.cells[i].is_none() {
            let sim = play_cell(self.pool[0].clone(), rng);
            let plan = RoundPlan::read(&sim, params);
            self.cells[i] = Some(CellStart { sim, plan });
        }
        let Some(start) = &self.cells[i] else {
            return 0.0;
        };
        let mut sim = start.sim.clone();
        sim.reseed(rng.gen());
        rollout(sim, self.seat, params, rng, Some(&start.plan))
    }

    fn resize(&mut self, cols: usize, cells: usize) {
        self.cols = cols;
        self.cells.clear();
        self.cells.resize_with(cells, || None);
    }

    fn imagine_more(&mut self, rng: &mut StdRng) {
        while self.pool.len() < POOL {
            self.pool.push(Sim::imagine(self.duel, self.seat, rng));
        }
    }
}

/// Rows and columns for about `rollouts / per_cell` cells, at least 2×2.
fn matrix_size(rollouts: u32, per_cell: u32, rows: usize, cols: usize) -> (usize, usize) {
    let cells = (rollouts / per_cell.max(1)).max(4) as usize;
    let side = (cells as f64).sqrt().floor() as usize;
    let c = side.max(2).min(cols.max(1));
    let r = (cells / c).max(2).min(rows.max(1));
    // Spare cells on the short side go to the columns.
    let c = (cells / r).max(c).min(cols.max(1));
    (r, c)
}

/// Rollouts timed before the matrix is sized under a time cap.
const CALIBRATION: u32 = 8;

/// Searches the move of wizard `seat` in `duel` (which must be its turn to move).
pub fn search(duel: &Duel, seat: usize, params: &SearchParams, rng: &mut StdRng) -> SearchResult {
    let start = Instant::now();
    let base = Sim::imagine(duel, seat, rng);
    let seen = base.position(seat);
    let enemy = seen.opponent_of(seat).filter(|&e| base.is_active(e));
    let mut others = policy_moves(&base, &params.rollout, rng);
    let mut replies: Vec<(Gesture, Gesture)> = match enemy {
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
    let mut options = root_options(&base, seat, &own, &others, params.expand.0, params.expand.1);
    let mut starts = Starts {
        duel,
        seat,
        enemy,
        pool: vec![base],
        cells: Vec::new(),
        cols: 1,
    };
    if Sim::has_hidden(duel, seat) {
        starts.imagine_more(rng);
    }
    // Calibrate on the top-left 2×2 block, then size the matrix.
    let mut rollouts = 0u32;
    let mut early: Vec<(usize, usize, f64)> = Vec::new();
    let calibrate = params.think.is_some() && params.iterations > CALIBRATION;
    let mut budget = params.iterations;
    if calibrate {
        starts.resize(2, 4);
        let (r2, c2) = (options.len().min(2), replies.len().min(2));
        let t0 = Instant::now();
        while rollouts < CALIBRATION {
            let (r, c) = ((rollouts as usize / c2) % r2, rollouts as usize % c2);
            let v = starts.rollout((r, c), &options, &replies, &params.rollout, rng, rollouts);
            early.push((r, c, v));
            rollouts += 1;
        }
        let each = t0.elapsed().as_secs_f64() / f64::from(CALIBRATION);
        let left = params
            .think
            .map_or(0.0, |t| t.saturating_sub(start.elapsed()).as_secs_f64());
        let affordable = (left / each.max(1e-6)) as u32 + CALIBRATION;
        budget = budget.min(affordable);
    }
    let (rows, cols) = matrix_size(budget, params.per_cell, own.len().max(1), replies.len());
    options = keep_rows(options, own.len(), rows);
    replies.truncate(cols);
    let rows = options.len();
    starts.resize(cols, rows * cols);
    let mut table = Table::new(rows, cols);
    for (r, c, v) in early {
        table.add(r, c, v);
    }
    let mut row_mix = vec![1.0 / rows as f64; rows];
    let mut col_mix = vec![1.0 / cols as f64; cols];
    let out_of_time = |n: u32| {
        n >= params.iterations
            || params
                .think
                .is_some_and(|t| n.is_multiple_of(4) && start.elapsed() >= t)
    };
    let mut first_pass = 0usize;
    while !out_of_time(rollouts) {
        let (r, c) = if first_pass < rows * cols {
            first_pass += 1;
            ((first_pass - 1) / cols, (first_pass - 1) % cols)
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
        let v = starts.rollout((r, c), &options, &replies, &params.rollout, rng, rollouts);
        table.add(r, c, v);
        rollouts += 1;
        if first_pass >= rows * cols && rollouts.is_multiple_of(16) {
            let s = solve(&table.matrix(rows, cols), 200);
            row_mix = s.row;
            col_mix = s.col;
        }
    }
    // A time cap may stop before every cell was tried: solve the rows done.
    let done = if first_pass < rows * cols {
        (first_pass / cols).max(1)
    } else {
        rows
    };
    let s = solve(&table.matrix(done, cols), 1000);
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

#[cfg(test)]
mod tests {
    use super::matrix_size;

    #[test]
    fn the_matrix_follows_the_budget() {
        assert_eq!(matrix_size(800, 8, 10, 10), (10, 10));
        assert_eq!(matrix_size(400, 8, 10, 10), (7, 7));
        assert_eq!(matrix_size(100, 8, 10, 10), (4, 3));
        assert_eq!(matrix_size(10, 8, 10, 10), (2, 2));
        assert_eq!(matrix_size(400, 8, 10, 1), (10, 1));
    }
}
