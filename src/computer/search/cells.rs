//! The matrix's cells: running means of each joint pair's value, and the
//! imagined duels every rollout of a cell starts from (one played copy per
//! cell when the seat sees everything, a pool of determinised duels when it
//! does not).

use super::super::options::{PlanAnswers, RootOption};
use super::super::regret::Matrix;
use super::super::rollout::{policy_moves_but, rollout, RolloutParams, RoundPlan};
use super::super::sim::{Moves, Sim};
use crate::engine::{Duel, Gesture};
use rand::rngs::StdRng;
use rand::Rng;

/// Running means of the joint pairs' values.
pub(super) struct Table {
    cols: usize,
    sum: Vec<f64>,
    count: Vec<u32>,
}

impl Table {
    pub(super) fn new(rows: usize, cols: usize) -> Table {
        Table {
            cols,
            sum: vec![0.0; rows * cols],
            count: vec![0; rows * cols],
        }
    }

    pub(super) fn add(&mut self, r: usize, c: usize, v: f64) {
        self.sum[r * self.cols + c] += v;
        self.count[r * self.cols + c] += 1;
    }

    /// The mean value of cell (r, c), 0 before any rollout.
    pub(super) fn mean(&self, r: usize, c: usize) -> f64 {
        let i = r * self.cols + c;
        if self.count[i] == 0 {
            0.0
        } else {
            self.sum[i] / f64::from(self.count[i])
        }
    }

    /// How many rollouts cell (r, c) has had.
    pub(super) fn count(&self, r: usize, c: usize) -> u32 {
        self.count[r * self.cols + c]
    }

    /// Whether cell (r, c) has been played at least once.
    pub(super) fn tried(&self, r: usize, c: usize) -> bool {
        self.count[r * self.cols + c] > 0
    }

    /// Row `r`'s value against the replies weighted by `reply`, over the
    /// cells tried only; `f64::MIN` when none has been.
    pub(super) fn worth(&self, r: usize, reply: &[f64]) -> f64 {
        let (mut v, mut w) = (0.0, 0.0);
        for (c, p) in reply.iter().enumerate() {
            if self.tried(r, c) {
                v += p * self.mean(r, c);
                w += p;
            }
        }
        if w > 0.0 {
            v / w
        } else {
            f64::MIN
        }
    }

    /// The means of the first `rows` × `cols` cells, `None` where untried.
    pub(super) fn cells(&self, rows: usize, cols: usize) -> Vec<Vec<Option<f64>>> {
        (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| self.tried(r, c).then(|| self.mean(r, c)))
                    .collect()
            })
            .collect()
    }

    pub(super) fn matrix(&self, rows: usize, cols: usize) -> Matrix {
        Matrix::new(rows, cols, |r, c| self.mean(r, c))
    }
}

/// The joint move of a cell played from a starting copy: the start of
/// every rollout from that cell, with the plan of its next round.
struct CellStart {
    sim: Sim,
    plan: RoundPlan,
}

/// The positions the rollouts start from. With nothing hidden and two
/// wizards every rollout starts from the one duel, and each cell's first
/// round is played and read once; with hidden rows, a pool of imagined duels
/// is cycled through, and with more wizards every rollout plays the first
/// round anew.
pub(super) struct Starts<'a> {
    duel: &'a Duel,
    seat: usize,
    enemy: Option<usize>,
    /// Whether wizards besides the two of the matrix move (a free-for-all):
    /// their moves are then drawn afresh for every rollout (the same for
    /// every cell of a sweep), never fixed once per cell.
    bystanders: bool,
    pool: Vec<Sim>,
    /// Per start of the pool, the bystanders' policies in its first round.
    bystander_plans: Vec<Option<RoundPlan>>,
    cells: Vec<Option<CellStart>>,
    cols: usize,
}

/// Imagined duels kept when the seat cannot see everything.
const POOL: usize = 8;

impl<'a> Starts<'a> {
    /// The starts of the search of `seat` against `enemy` from `base`, with
    /// more imagined duels when the seat cannot see everything.
    pub(super) fn new(
        duel: &'a Duel,
        seat: usize,
        enemy: Option<usize>,
        base: Sim,
        rng: &mut StdRng,
    ) -> Starts<'a> {
        let bystanders =
            (0..base.players()).any(|p| p != seat && Some(p) != enemy && base.is_active(p));
        let mut starts = Starts {
            duel,
            seat,
            enemy,
            bystanders,
            pool: vec![base],
            bystander_plans: Vec::new(),
            cells: Vec::new(),
            cols: 1,
        };
        if Sim::has_hidden(duel, seat) {
            starts.imagine_more(rng);
        }
        starts
    }

    /// Plays cell (r, c) once from a fresh start and returns its value.
    pub(super) fn rollout(
        &mut self,
        (r, c): (usize, usize),
        options: &[RootOption],
        replies: &[(Gesture, Gesture)],
        params: &RolloutParams,
        rng: &mut StdRng,
        sweep: u32,
    ) -> f64 {
        if self.bystanders {
            return self.free_for_all_rollout((r, c), options, replies, params, rng, sweep);
        }
        let play_cell = |mut sim: Sim, rng: &mut StdRng| {
            let (seat, enemy) = (self.seat, self.enemy);
            let mut moves: Moves =
                policy_moves_but(&sim, params, rng, |p| p == seat || Some(p) == enemy);
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
            let mut sim = self.pool[sweep as usize % self.pool.len()].clone();
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

    /// [`Starts::rollout`] with bystanders: their moves are drawn from
    /// their policy in the start (read once per start, not per rollout), the
    /// two wizards of the matrix play the cell.
    fn free_for_all_rollout(
        &mut self,
        (r, c): (usize, usize),
        options: &[RootOption],
        replies: &[(Gesture, Gesture)],
        params: &RolloutParams,
        rng: &mut StdRng,
        sweep: u32,
    ) -> f64 {
        let k = sweep as usize % self.pool.len();
        let (seat, enemy) = (self.seat, self.enemy);
        if self.bystander_plans.len() < self.pool.len() {
            self.bystander_plans.resize_with(self.pool.len(), || None);
        }
        let plan = self.bystander_plans[k].get_or_insert_with(|| {
            RoundPlan::read_some(&self.pool[k], params, |p| p != seat && Some(p) != enemy)
        });
        let mut sim = self.pool[k].clone();
        sim.reseed(rng.gen());
        let mut moves: Moves = plan.moves(rng);
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
        rollout(sim, seat, params, rng, None)
    }

    pub(super) fn resize(&mut self, cols: usize, cells: usize) {
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
