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

use super::answer_search::{search_answers, AnswerBudget};
use super::decision_rng;
use super::easy::Easy;
use super::options::{answers_with_plan, Planned};
use super::rollout::RolloutParams;
use super::search::{search, Model, SearchParams, SearchResult};
use super::sim::{position, Sim};
use super::view_ext::ViewExt;
use crate::engine::{Duel, Gesture, PlayerId};
use rand::rngs::StdRng;
use std::time::Duration;

/// How strongly the computer plays (`medium` unless asked otherwise).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Level {
    /// The baseline bot: no search, no randomness.
    Easy,
    /// A small search with noisy rollouts: a fair opponent for a beginner.
    #[default]
    Medium,
    /// The full search within its time budget.
    Hard,
    /// A measurement tool, not an opponent: `hard`'s search answering the
    /// move `easy` would make, to show how exploitable the baseline is.
    ExploitEasy,
    /// A measurement tool: best responses to `medium`'s mixed strategy.
    ExploitMedium,
    /// A measurement tool: best responses to `hard`'s mixed strategy, which it
    /// computes from the opponent's seat with half its budget. `hard` should
    /// concede it little (≤ 60 %).
    ExploitHard,
}

impl Level {
    /// Every level, in the order of [`Level::name`]'s list.
    pub const ALL: [Level; 6] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::ExploitEasy,
        Level::ExploitMedium,
        Level::ExploitHard,
    ];

    /// `easy`, `medium`, `hard`, or `exploit-easy`, `exploit-medium`,
    /// `exploit-hard` (the measurement tools).
    pub fn parse(s: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == s)
    }

    /// The level's name as [`Level::parse`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::ExploitEasy => "exploit-easy",
            Level::ExploitMedium => "exploit-medium",
            Level::ExploitHard => "exploit-hard",
        }
    }

    /// The level an exploiter models its opponent as.
    pub fn exploits(self) -> Option<Level> {
        match self {
            Level::ExploitEasy => Some(Level::Easy),
            Level::ExploitMedium => Some(Level::Medium),
            Level::ExploitHard => Some(Level::Hard),
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
            _ => Budget {
                iterations: 1_000_000,
                think_ms: Some(1000),
            },
        }
    }
}

/// How much the computer may spend on each decision, as a game or a match
/// asks for it: the level's own budget, that budget under a time cap
/// (`--think-ms`), or a fixed number of rollouts and no clock
/// (`spellcast match --rollouts`), which makes every decision the same on
/// any machine at any load. A level never gets more rollouts than its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Effort {
    /// The level's own budget.
    #[default]
    Own,
    /// The level's own budget, capped at this many milliseconds.
    ThinkMs(u64),
    /// At most this many rollouts, no clock.
    Rollouts(u32),
}

impl Level {
    /// The level's budget for a decision under `effort`.
    pub fn budget_for(self, effort: Effort) -> Budget {
        match effort {
            Effort::Own => self.budget(),
            Effort::ThinkMs(ms) => self.budget().capped(ms),
            Effort::Rollouts(n) => Budget {
                iterations: self.budget().iterations.min(n),
                think_ms: None,
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

/// After the first two sweeps, rows and columns the current solution plays
/// less often than this drop out: their cells cost rollouts and barely move
/// the solution.
const ACTIVE_FLOOR: f64 = 0.02;

/// Moves the solution plays less often than this are never drawn: such
/// small weights are mostly the rollouts' noise.
const PRUNE_BELOW: f64 = 0.05;

/// The rounds played, shifted above the turn's bits in [`decision_rng`]'s
/// input, so a haste or time-stop round in the same turn draws afresh.
const ROUNDS_SHIFT: u32 = 40;

/// Mixed into the answers' seed, so the answer search draws a stream apart
/// from the move's.
const ANSWER_SALT: u64 = 0xA115_3E75;

/// An answer variant gets at most the move's rollouts divided by this.
const ANSWER_ROLLOUT_SHARE: u32 = 8;

/// Alternatives tried for each answer given after the reveal.
const ANSWER_ALTERNATIVES: usize = 3;

/// The computer playing one wizard.
#[derive(Debug, Clone)]
pub struct Computer {
    level: Level,
    seat: usize,
    plan: Vec<Planned>,
    stats: Stats,
    /// The budget of the last move, which also bounds the answers after it.
    budget: Option<Budget>,
}

impl Computer {
    /// The computer at `level` playing wizard `seat`.
    pub fn new(level: Level, seat: usize) -> Computer {
        Computer {
            level,
            seat,
            plan: Vec::new(),
            stats: Stats::default(),
            budget: None,
        }
    }

    /// Its level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The wizard it plays.
    pub(super) fn seat_index(&self) -> usize {
        self.seat
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
            active: ACTIVE_FLOOR,
            prune: PRUNE_BELOW,
        }
    }

    /// The gestures (left, right) for the next round of `duel`, in which the
    /// seat is active; `seed` is the duel's seed for the computer.
    pub fn decide_move(&mut self, duel: &Duel, seed: u64, budget: Budget) -> (Gesture, Gesture) {
        match self.search_move(duel, seed, budget) {
            Ok(found) => found.options[found.chosen].gestures,
            Err(easy) => easy,
        }
    }

    /// The search behind [`Computer::decide_move`], whole (what an analysis
    /// shows); `Err` with the move when the level does not search (`easy`).
    pub(super) fn search_move(
        &mut self,
        duel: &Duel,
        seed: u64,
        budget: Budget,
    ) -> Result<SearchResult, (Gesture, Gesture)> {
        self.plan.clear();
        self.budget = Some(budget);
        let pos = position(duel, self.seat);
        if self.level == Level::Easy {
            return Err(Easy::default().gestures(&pos));
        }
        let mut rng = decision_rng(
            seed ^ (u64::from(Sim::rounds_played(duel)) << ROUNDS_SHIFT),
            pos.turn,
            self.seat,
        );
        let found = match self.level.exploits() {
            Some(target) => {
                let half = Budget {
                    iterations: budget.iterations / 2,
                    think_ms: budget.think_ms.map(|ms| ms / 2),
                };
                let model = self.model_of(target, duel, half, &mut rng);
                search(
                    duel,
                    self.seat,
                    &self.params(half),
                    &mut rng,
                    model.as_ref(),
                )
            }
            None => search(duel, self.seat, &self.params(budget), &mut rng, None),
        };
        self.stats = Stats {
            rollouts: found.rollouts,
            matrix: (found.options.len(), found.replies.len()),
            value: found.value,
        };
        self.plan = found.options[found.chosen].plan.clone();
        Ok(found)
    }

    /// What `target` would play from the opponent's seat, as a mixed
    /// strategy, in a duel imagined from this seat (the exploiter's model).
    fn model_of(
        &self,
        target: Level,
        duel: &Duel,
        budget: Budget,
        rng: &mut StdRng,
    ) -> Option<Model> {
        let sim = Sim::imagine(duel, self.seat, rng);
        let enemy = sim
            .position(self.seat)
            .opponent_of(PlayerId::new(self.seat))
            .map(PlayerId::index)
            .filter(|&e| sim.is_active(e))?;
        if target == Level::Easy {
            let m = Easy::default().gestures(&sim.position(enemy));
            return Some(Model::from_mix([m], &[1.0]));
        }
        let them = Computer::new(target, enemy);
        let found = search(sim.duel(), enemy, &them.params(budget), rng, None);
        let moves = found.options.iter().map(|o| o.gestures);
        Some(Model::from_mix(moves, &found.strategy))
    }

    /// One option index per open question of the seat in `duel`, in order:
    /// the planned answers where the last move planned them; for the
    /// questions after the reveal, `hard` and `medium` search (a few
    /// rollouts per alternative), `easy` answers as the baseline.
    pub fn decide_answers(&mut self, duel: &Duel, seed: u64) -> Vec<usize> {
        let pos = position(duel, self.seat);
        let base = answers_with_plan(&self.plan, &pos);
        let budget = self.budget.unwrap_or_else(|| self.level.budget());
        // Rollouts per answer variant, and the share (1/n) of the move's
        // time cap the answers may take.
        let (per_variant, share) = match self.level {
            Level::Easy => return base,
            Level::Medium => (4, 8),
            _ => (24, 4),
        };
        let think = budget.think_ms.map(|ms| Duration::from_millis(ms / share));
        let answer_budget = AnswerBudget {
            per_variant: per_variant.min(budget.iterations / ANSWER_ROLLOUT_SHARE),
            think,
            alternatives: ANSWER_ALTERNATIVES,
        };
        let mut rng = decision_rng(
            seed ^ (u64::from(Sim::rounds_played(duel)) << ROUNDS_SHIFT) ^ ANSWER_SALT,
            pos.turn,
            self.seat,
        );
        let params = self.params(budget).rollout;
        search_answers(
            duel,
            self.seat,
            &pos.questions,
            base,
            &params,
            answer_budget,
            &mut rng,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_parses_from_its_name() {
        for level in Level::ALL {
            assert_eq!(Level::parse(level.name()), Some(level));
        }
        assert_eq!(Level::parse("exploit-hard"), Some(Level::ExploitHard));
        assert_eq!(Level::ExploitHard.exploits(), Some(Level::Hard));
        assert_eq!(Level::Hard.exploits(), None);
        assert_eq!(Level::parse("wizardly"), None);
    }

    #[test]
    fn a_free_for_all_move_keeps_to_its_budget_and_is_legal() {
        use crate::engine::PlayerSpec;
        let specs: Vec<PlayerSpec> = ["White", "Black", "Red"]
            .iter()
            .map(|n| PlayerSpec::parse(n))
            .collect();
        let duel = Duel::new(&specs, 5).expect("good names");
        let budget = Budget {
            iterations: 120,
            think_ms: None,
        };
        for seat in 0..3 {
            let mut bot = Computer::new(Level::Hard, seat);
            let chosen = bot.decide_move(&duel, 9, budget);
            assert!(bot.stats().rollouts <= budget.iterations);
            let mut moves = vec![Some((Gesture::Nothing, Gesture::Nothing)); 3];
            moves[seat] = Some(chosen);
            assert!(duel.clone().start_round(&moves).is_ok(), "{chosen:?}");
        }
    }
}
