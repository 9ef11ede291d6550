//! The computer as a seat sees it: one [`Computer`] per wizard it plays,
//! asked for a move at the start of each round it is active in and for
//! answers whenever the engine asks it questions.
//!
//! ```text
//! let mut bot = Computer::new(Level::Hard, seat);
//! // each round the seat is active in:
//! let (left, right) = bot.decide_move(&duel, seed, bot.level().budget());
//! // each batch of questions addressed to the seat:
//! let answers = bot.decide_answers(&duel, seed);
//! ```
//!
//! The move and the answers given before the reveal are one decision: the
//! search picks them together, and `decide_answers` gives the planned ones.
//! Both read only what the seat can see (hidden rows are imagined), and the
//! same seed gives the same decision.

use super::decision_rng;
use super::easy::Easy;
use super::options::{answers_with_plan, Planned};
use super::rollout::RolloutParams;
use super::search::{search, SearchParams};
use super::sim::{position, Sim};
use crate::engine::{Duel, Gesture};
use std::time::Duration;

/// How strongly the computer plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// The baseline bot: no search, no randomness.
    Easy,
    /// A small search with noisy rollouts: a fair opponent for a beginner.
    Medium,
    /// The full search within its time budget.
    Hard,
}

impl Level {
    /// `easy`, `medium` or `hard`.
    pub fn parse(s: &str) -> Option<Level> {
        match s {
            "easy" => Some(Level::Easy),
            "medium" => Some(Level::Medium),
            "hard" => Some(Level::Hard),
            _ => None,
        }
    }

    /// The level's own budget per decision.
    pub fn budget(self) -> Budget {
        match self {
            Level::Easy => Budget {
                iterations: 0,
                think_ms: None,
            },
            Level::Medium => Budget {
                iterations: 150,
                think_ms: Some(250),
            },
            Level::Hard => Budget {
                iterations: 1_000_000,
                think_ms: Some(1000),
            },
        }
    }
}

/// How much a decision may cost: rollouts at most, and a time cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Rollouts at most; with no time cap, a seed and this count fix the decision.
    pub iterations: u32,
    /// Milliseconds at most (`None`: no cap).
    pub think_ms: Option<u64>,
}

impl Budget {
    /// This budget with its time cap set to `ms` (the `--think-ms` option).
    pub fn capped(self, ms: u64) -> Budget {
        Budget {
            think_ms: Some(ms),
            ..self
        }
    }
}

/// Figures of the last decision, for benchmarks and reports.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Stats {
    /// Rollouts played.
    pub rollouts: u32,
    /// Options (own) and replies (opponent's) in the matrix.
    pub matrix: (usize, usize),
    /// The matrix game's value for the computer.
    pub value: f64,
}

/// The computer playing one wizard.
#[derive(Debug, Clone)]
pub struct Computer {
    level: Level,
    seat: usize,
    plan: Vec<Planned>,
    stats: Stats,
}

impl Computer {
    /// The computer at `level` playing wizard `seat`.
    pub fn new(level: Level, seat: usize) -> Computer {
        Computer {
            level,
            seat,
            plan: Vec::new(),
            stats: Stats::default(),
        }
    }

    /// Its level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Figures of the last move decided.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    fn params(&self, budget: Budget) -> SearchParams {
        let (k, expand, temperature, depth, per_cell) = match self.level {
            Level::Medium => (5, (0, 0), 8.0, 3, 6),
            _ => (12, (4, 2), 3.0, 5, 8),
        };
        SearchParams {
            k,
            expand,
            iterations: budget.iterations,
            think: budget.think_ms.map(Duration::from_millis),
            per_cell,
            rollout: RolloutParams {
                depth,
                temperature,
                ..RolloutParams::default()
            },
            explore: 0.25,
            prune: 0.03,
        }
    }

    /// The gestures (left, right) for the next round of `duel`, in which the
    /// seat is active; `seed` is the duel's seed for the computer.
    pub fn decide_move(&mut self, duel: &Duel, seed: u64, budget: Budget) -> (Gesture, Gesture) {
        self.plan.clear();
        let pos = position(duel, self.seat);
        if self.level == Level::Easy {
            return Easy::default().gestures(&pos);
        }
        let mut rng = decision_rng(
            seed ^ (u64::from(Sim::rounds_played(duel)) << 40),
            pos.turn,
            self.seat,
        );
        let found = search(duel, self.seat, &self.params(budget), &mut rng);
        self.stats = Stats {
            rollouts: found.rollouts,
            matrix: (found.options.len(), found.replies.len()),
            value: found.value,
        };
        let chosen = &found.options[found.chosen];
        self.plan = chosen.plan.clone();
        chosen.gestures
    }

    /// One option index per open question of the seat in `duel`, in order:
    /// the planned answers where the last move planned them, the baseline's
    /// otherwise.
    pub fn decide_answers(&mut self, duel: &Duel, _seed: u64) -> Vec<usize> {
        let pos = position(duel, self.seat);
        answers_with_plan(&self.plan, &pos)
    }
}
