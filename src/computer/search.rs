//! One-ply equilibrium search over the turn's simultaneous move: the
//! searching wizard's options (gestures
//! with their answers) against the opponent's candidate pairs; each joint
//! pair is valued by truncated rollouts; regret matching (RM+) solves the
//! matrix of mean values, and the move is drawn from its average strategy.
//!
//! The matrix is sized to the budget: a few cells well measured beat many
//! cells measured once (each cell should get about `per_cell` rollouts).
//! Under a time cap the first rollouts also time the position, so the size
//! follows what the machine can do. The budget is counted in iterations (one
//! rollout each), so a seed and an iteration count always give the same move.

use super::analysis::Analysis;
use super::candidates::root_candidates;
use super::options::{keep_rows, root_options, RootOption};
use super::regret::{prune, sample, solve};
use super::rivals::rival;
use super::rollout::{policy_moves, RolloutParams};
use super::sim::Sim;
use super::table::FULL_BOOK;
use super::threats;
use crate::engine::{Duel, Gesture, PlayerId};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

mod cells;
mod model;
mod safety;
use cells::{Starts, Table};
use model::best_response;
pub use model::Model;

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
    /// After two full sweeps, rows and columns played less than this by the
    /// current solution drop out of the sweeps (the three most played stay).
    pub active: f64,
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
    /// Each option's mean value against each reply (`None`: never played),
    /// rows as `options`, columns as `replies`: what an analysis shows.
    pub cells: Vec<Vec<Option<f64>>>,
}

/// Actions kept in every sweep whatever their share: a solution still
/// moving between a few actions must not lose one too early.
const ALWAYS_SWEPT: usize = 3;

/// Sweeps over the whole matrix before rarely played rows and columns drop
/// out: the first solution is too noisy to judge by.
const FULL_SWEEPS: u32 = 2;

/// Regret-matching iterations for the final solution, and for the
/// provisional ones between sweeps (only used to pick the next sweep's rows).
const FINAL_SOLVE: usize = 1000;
const SWEEP_SOLVE: usize = 200;

/// Under a time cap that affords fewer rollouts than this (a slow or busy
/// machine, a free-for-all's costlier rounds), the rollouts are cut to
/// [`SHALLOW`] (depth, rollouts a cell): `medium`'s shape, which makes the
/// most of a small budget, rather than a 2×2 matrix of deep rollouts.
const SHALLOW_BELOW: u32 = 400;
const SHALLOW: (u32, u32) = (3, 6);

/// The smallest matrix searched: two rows by two columns, so there is
/// always a choice to weigh against a reply.
const MIN_SIDE: usize = 2;

/// The actions a mix plays at least `floor` of the time, and its
/// [`ALWAYS_SWEPT`] most played, in index order: the next sweep's rows or columns.
fn active(mix: &[f64], floor: f64) -> Vec<usize> {
    let mut order: Vec<usize> = (0..mix.len()).collect();
    order.sort_by(|&a, &b| mix[b].total_cmp(&mix[a]));
    let mut out: Vec<usize> = order
        .iter()
        .enumerate()
        .filter(|&(rank, &i)| rank < ALWAYS_SWEPT || mix[i] >= floor)
        .map(|(_, &i)| i)
        .collect();
    out.sort_unstable();
    out
}

/// Rows and columns for about `rollouts / per_cell` cells, at least
/// [`MIN_SIDE`] × [`MIN_SIDE`].
fn matrix_size(rollouts: u32, per_cell: u32, rows: usize, cols: usize) -> (usize, usize) {
    let cells = ((rollouts / per_cell.max(1)) as usize).max(MIN_SIDE * MIN_SIDE);
    let side = (cells as f64).sqrt().floor() as usize;
    let c = side.max(MIN_SIDE).min(cols.max(1));
    let r = (cells / c).max(MIN_SIDE).min(rows.max(1));
    // Spare cells on the short side go to the columns.
    let c = (cells / r).max(c).min(cols.max(1));
    (r, c)
}

/// The share (1/n) of a time cap kept free of rollouts: the final solve,
/// the move's bookkeeping and a late rollout's overrun fit in it.
const TAIL_SHARE: u32 = 40;

/// Rollouts timed before the matrix is sized under a time cap.
const CALIBRATION: u32 = 8;

/// Searches the move of wizard `seat` in `duel` (which must be its turn to
/// move). With a `model` of the opponent, its moves are the columns at their
/// fixed probabilities and the best response is played.
pub fn search(
    duel: &Duel,
    seat: usize,
    params: &SearchParams,
    rng: &mut StdRng,
    model: Option<&Model>,
) -> SearchResult {
    let start = Instant::now();
    let Sides {
        options,
        own,
        mut replies,
        mut starts,
        has_enemy,
        blow_seen,
    } = sides(duel, seat, params, rng, model);
    let model = model.filter(|m| has_enemy && !m.moves.is_empty());
    if let Some(m) = model {
        replies = m.moves.clone();
    }
    let (budget, mut early, mut each) =
        calibrate(&mut starts, &options, &replies, params, rng, start);
    let shallow = params.think.is_some()
        && budget < SHALLOW_BELOW
        && params.rollout.depth > SHALLOW.0
        && model.is_none();
    let cut = SearchParams {
        per_cell: params.per_cell.min(SHALLOW.1),
        rollout: RolloutParams {
            depth: SHALLOW.0,
            ..params.rollout
        },
        ..*params
    };
    let (params, budget) = if shallow {
        // A rollout costs about its rounds (the searched one and `depth`).
        let cheaper = f64::from(params.rollout.depth + 1) / f64::from(SHALLOW.0 + 1);
        early.clear();
        each = each.div_f64(cheaper);
        (&cut, (f64::from(budget) * cheaper) as u32)
    } else {
        (params, budget)
    };
    let (rows, cols) = match model {
        // Against a model every row meets the columns as the model mixes them.
        Some(_) => (
            ((budget / (2 * params.per_cell)) as usize).clamp(MIN_SIDE, own.max(MIN_SIDE)),
            replies.len(),
        ),
        None => matrix_size(budget, params.per_cell, options.len(), replies.len()),
    };
    let options = keep_rows(options, own, rows);
    replies.truncate(cols);
    let blows = blow_seen.flags(&replies);
    let rows = options.len();
    starts.resize(cols, rows * cols);
    let mut table = Table::new(rows, cols);
    for &(r, c, v) in &early {
        table.add(r, c, v);
    }
    let game = Game {
        options: &options,
        replies: &replies,
        params,
        model,
        start,
        each,
    };
    let swept = game.sweep(&mut starts, table, early.len() as u32, rng);
    // A time cap may stop before every cell was tried: solve the rows done.
    let done = if swept.sweeps == 0 {
        (swept.first_pass / cols).max(1)
    } else {
        rows
    };
    let cells = swept.table.cells(rows, cols);
    if let Some(m) = model {
        let mut found = best_response(options, replies, &swept.table, m, swept.rollouts);
        found.cells = cells;
        return found;
    }
    let s = solve(&swept.table.matrix(done, cols), FINAL_SOLVE);
    let mut strategy = s.row;
    strategy.resize(rows, 0.0);
    safety::avoid_sure_losses(&mut strategy, &swept.table, done, &s.col);
    safety::meet_blows_seen_coming(&mut strategy, &swept.table, done, &s.col, &blows);
    safety::prefer_robust_rows(&mut strategy, &swept.table, done, cols);
    prune(&mut strategy, params.prune);
    let chosen = sample(&strategy, rng);
    SearchResult {
        options,
        strategy,
        replies,
        reply_strategy: s.col,
        value: s.value,
        rollouts: swept.rollouts,
        chosen,
        cells,
    }
}

/// Both sides of the matrix before it is sized, and the duels to start from.
struct Sides<'a> {
    /// The searching wizard's options (its `own` pairs first, then variants).
    options: Vec<RootOption>,
    own: usize,
    /// The opponent's candidate pairs (one do-nothing pair without one).
    replies: Vec<(Gesture, Gesture)>,
    starts: Starts<'a>,
    has_enemy: bool,
    /// Whether a reply takes a step of one of the enemy's blows.
    blow_seen: BlowSeen,
}

/// Whether an enemy move takes a step of one of his blows about to land
/// (see [`threats::steps_a_blow`]), read from his seat's position.
struct BlowSeen(Option<(crate::engine::View, Analysis)>);

impl BlowSeen {
    /// Per reply: whether it lands a blow now, else (when none does)
    /// whether it takes a step of one two gestures off.
    fn flags(&self, replies: &[(Gesture, Gesture)]) -> Vec<bool> {
        let Some((pos, a)) = self.0.as_ref() else {
            return vec![false; replies.len()];
        };
        let within = |n: i32| -> Vec<bool> {
            replies
                .iter()
                .map(|&m| threats::steps_a_blow(pos, a, m, n))
                .collect()
        };
        let now = within(1);
        if now.iter().any(|&b| b) {
            now
        } else {
            within(2)
        }
    }
}

/// The options, replies and imagined starts of the search of `seat`; a
/// `model`, when given, supplies the replies the options are probed against.
fn sides<'a>(
    duel: &'a Duel,
    seat: usize,
    params: &SearchParams,
    rng: &mut StdRng,
    model: Option<&Model>,
) -> Sides<'a> {
    let base = Sim::imagine(duel, seat, rng);
    let seen = base.position(seat);
    let enemy = rival(&seen, PlayerId::new(seat))
        .map(PlayerId::index)
        .filter(|&e| base.is_active(e));
    let mut others = policy_moves(&base, &params.rollout, rng);
    let replies: Vec<(Gesture, Gesture)> = match enemy {
        Some(e) => root_candidates(&base.position(e), PlayerId::new(e), params.k, FULL_BOOK)
            .into_iter()
            .map(|c| c.gestures)
            .collect(),
        None => vec![(Gesture::Nothing, Gesture::Nothing)],
    };
    let blow_seen = BlowSeen(enemy.map(|e| {
        let pos = base.position(e);
        let a = Analysis::new(&pos, PlayerId::new(e), FULL_BOOK);
        (pos, a)
    }));
    if let Some(e) = enemy {
        others[e] = match model.filter(|m| !m.moves.is_empty()) {
            Some(m) => m.moves[0],
            None => replies[0],
        };
    }
    let own = root_candidates(&seen, PlayerId::new(seat), params.k, FULL_BOOK);
    let options = root_options(&base, seat, &own, &others, params.expand.0, params.expand.1);
    let starts = Starts::new(duel, seat, enemy, base, rng);
    Sides {
        options,
        own: own.len(),
        replies,
        starts,
        has_enemy: enemy.is_some(),
        blow_seen,
    }
}

/// Under a time cap, times the first rollouts on the top-left 2×2 block and
/// returns the budget the time left affords, with those rollouts' values
/// and the time one rollout takes.
fn calibrate(
    starts: &mut Starts,
    options: &[RootOption],
    replies: &[(Gesture, Gesture)],
    params: &SearchParams,
    rng: &mut StdRng,
    start: Instant,
) -> (u32, Vec<(usize, usize, f64)>, Duration) {
    let mut early = Vec::new();
    if params.think.is_none() || params.iterations <= CALIBRATION {
        return (params.iterations, early, Duration::ZERO);
    }
    starts.resize(2, 4);
    let (r2, c2) = (options.len().min(2), replies.len().min(2));
    let t0 = Instant::now();
    let think = params.think.unwrap_or_default();
    for n in 0..CALIBRATION as usize {
        let (r, c) = ((n / c2) % r2, n % c2);
        let v = starts.rollout((r, c), options, replies, &params.rollout, rng, 0);
        early.push((r, c, v));
        // A slow machine may not afford all of them: stop before the cap.
        if start.elapsed() + t0.elapsed() / (n as u32 + 1) + think / TAIL_SHARE >= think {
            break;
        }
    }
    let done = early.len() as u32;
    let each = t0.elapsed().as_secs_f64() / f64::from(done);
    let left = (think - think / TAIL_SHARE)
        .saturating_sub(start.elapsed())
        .as_secs_f64();
    let affordable = (left / each.max(1e-6)) as u32 + done;
    let each = Duration::from_secs_f64(each);
    (params.iterations.min(affordable), early, each)
}

/// The sized matrix game being measured.
struct Game<'g> {
    options: &'g [RootOption],
    replies: &'g [(Gesture, Gesture)],
    params: &'g SearchParams,
    model: Option<&'g Model>,
    start: Instant,
    /// What one rollout takes (zero when not timed).
    each: Duration,
}

/// What the sweeps measured.
struct Swept {
    table: Table,
    rollouts: u32,
    sweeps: u32,
    /// Cells played in the first sweep.
    first_pass: usize,
}

impl Game<'_> {
    /// Whether the budget is spent: no rollout is begun that would end
    /// after the time cap (less the [`TAIL_SHARE`] kept for the work after
    /// the rollouts). A rollout is expected to take `each` (timed before the
    /// sweeps) or `mean` (timed in them), whichever is longer: the estimate
    /// from before may be for rollouts of another depth.
    fn out_of_time(&self, n: u32, mean: Duration) -> bool {
        n >= self.params.iterations
            || self
                .params
                .think
                .is_some_and(|t| self.start.elapsed() + self.each.max(mean) + t / TAIL_SHARE >= t)
    }

    /// Sweeps over the matrix until the budget is spent. Every cell of a
    /// sweep is played with the same seed (and the same imagined duel), so
    /// the differences between cells, which decide the solution, are
    /// measured with much less noise than the cells. After two full sweeps
    /// only the rows and columns the current solution plays are swept.
    fn sweep(&self, starts: &mut Starts, mut table: Table, done: u32, rng: &mut StdRng) -> Swept {
        let (rows, cols) = (self.options.len(), self.replies.len());
        let mut row_mix = vec![1.0 / rows as f64; rows];
        let mut col_mix = match self.model {
            Some(m) => m.probs.clone(),
            None => vec![1.0 / cols as f64; cols],
        };
        let (mut rollouts, mut sweeps, mut first_pass) = (done, 0u32, 0usize);
        let began = Instant::now();
        let mean = |played: u32| match played {
            0 => Duration::ZERO,
            k => began.elapsed() / k,
        };
        'sweeps: while !self.out_of_time(rollouts, mean(rollouts - done)) {
            let seed: u64 = rng.gen();
            let (rs, cs) = if sweeps < FULL_SWEEPS || self.model.is_some() {
                ((0..rows).collect(), (0..cols).collect())
            } else {
                (
                    active(&row_mix, self.params.active),
                    active(&col_mix, self.params.active),
                )
            };
            for &r in &rs {
                for &c in &cs {
                    if self.out_of_time(rollouts, mean(rollouts - done)) {
                        break 'sweeps;
                    }
                    let mut same = StdRng::seed_from_u64(seed);
                    let v = starts.rollout(
                        (r, c),
                        self.options,
                        self.replies,
                        &self.params.rollout,
                        &mut same,
                        sweeps,
                    );
                    table.add(r, c, v);
                    rollouts += 1;
                    if sweeps == 0 {
                        first_pass += 1;
                    }
                }
            }
            sweeps += 1;
            if self.model.is_none() {
                let s = solve(&table.matrix(rows, cols), SWEEP_SOLVE);
                row_mix = s.row;
                col_mix = s.col;
            }
        }
        Swept {
            table,
            rollouts,
            sweeps,
            first_pass,
        }
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
