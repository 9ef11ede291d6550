//! Regret matching (RM+) for the simultaneous choice of a turn: each player
//! keeps a regret per candidate move, plays in proportion to the positive
//! regrets, and the *average* strategy approaches an equilibrium of the
//! k×k matrix. The move is sampled from it.

use rand::Rng;

/// One player's regret-matching+ learner over `n` actions.
#[derive(Debug, Clone, PartialEq)]
pub struct RegretMatcher {
    regret: Vec<f64>,
    strategy_sum: Vec<f64>,
}

impl RegretMatcher {
    /// A learner with no experience: it starts uniform.
    pub fn new(actions: usize) -> RegretMatcher {
        RegretMatcher {
            regret: vec![0.0; actions],
            strategy_sum: vec![0.0; actions],
        }
    }

    /// Number of actions.
    pub fn len(&self) -> usize {
        self.regret.len()
    }

    /// Whether there is no action at all.
    pub fn is_empty(&self) -> bool {
        self.regret.is_empty()
    }

    /// The current strategy: positive regrets normalised, uniform when none is positive.
    pub fn strategy(&self) -> Vec<f64> {
        normalised(&self.regret)
    }

    /// Learns from one round: `utilities[a]` is what action `a` would have
    /// earned against the other side's current play. Regrets are clipped at
    /// zero (the "+"), and the current strategy enters the average with `weight`
    /// (growing weights, as in linear averaging, forget the early noise).
    pub fn observe(&mut self, utilities: &[f64], weight: f64) {
        let current = self.strategy();
        self.observe_playing(utilities, weight, &current);
    }

    /// [`RegretMatcher::observe`] given the current strategy, `current`
    /// (the solver keeps it in a buffer, worked out once from regrets
    /// that have not changed since, so its loop allocates nothing).
    fn observe_playing(&mut self, utilities: &[f64], weight: f64, current: &[f64]) {
        let expected: f64 = current.iter().zip(utilities).map(|(p, u)| p * u).sum();
        for (i, u) in utilities.iter().enumerate().take(self.len()) {
            self.regret[i] = (self.regret[i] + u - expected).max(0.0);
            self.strategy_sum[i] += weight * current[i];
        }
    }

    /// The average strategy so far: what to play.
    pub fn average(&self) -> Vec<f64> {
        normalised(&self.strategy_sum)
    }
}

/// `values` scaled to sum to 1 over their positive part; uniform if none is positive.
fn normalised(values: &[f64]) -> Vec<f64> {
    let mut out = Vec::with_capacity(values.len());
    normalised_into(values, &mut out);
    out
}

/// [`normalised`] written into `out` (its earlier contents dropped).
fn normalised_into(values: &[f64], out: &mut Vec<f64>) {
    out.clear();
    let total: f64 = values.iter().map(|v| v.max(0.0)).sum();
    if total <= 0.0 {
        let n = values.len().max(1) as f64;
        out.resize(values.len(), 1.0 / n);
        return;
    }
    out.extend(values.iter().map(|v| v.max(0.0) / total));
}

/// What `Iterator::sum` of `f64`s starts from (an empty sum).
const SUM_START: f64 = -0.0;

/// For each `i` below `n`, the sum over `j` of `lines[j * n + i] × mix[j]`
/// as `Iterator::sum` adds it (from [`SUM_START`], in the order of `j`),
/// written into `out`.
///
/// A strategy of regret matching plays many actions with probability
/// zero, and their products (of finite means) are zeros, which leave a sum
/// as it was unless it is still -0 (then +0 makes it +0): so those lines
/// are skipped, and a sum that ends at -0 is added again in full. The
/// sums are the same to the bit, at the cost of the actions played.
fn sums_of_products(lines: &[f64], n: usize, mix: &[f64], out: &mut Vec<f64>) {
    out.clear();
    out.resize(n, SUM_START);
    for (j, p) in mix.iter().enumerate() {
        if *p == 0.0 {
            continue;
        }
        let Some(line) = lines.get(j * n..(j + 1) * n) else {
            break;
        };
        for (o, v) in out.iter_mut().zip(line) {
            *o += v * p;
        }
    }
    for (i, o) in out.iter_mut().enumerate() {
        if o.to_bits() == SUM_START.to_bits() {
            *o = mix
                .iter()
                .enumerate()
                .map(|(j, p)| lines.get(j * n + i).map_or(0.0, |v| v * p))
                .sum();
        }
    }
}

/// A zero-sum payoff matrix: the row player's gain, the column player's loss.
#[derive(Debug, Clone, PartialEq)]
pub struct Matrix {
    rows: usize,
    cols: usize,
    values: Vec<f64>,
    /// The same values column by column: the row player's sums add a
    /// column's products to every row at once (the same products, added
    /// in the same order as along each row).
    by_column: Vec<f64>,
}

impl Matrix {
    /// Fills a `rows × cols` matrix from `payoff(row, col)`.
    pub fn new(rows: usize, cols: usize, payoff: impl Fn(usize, usize) -> f64) -> Matrix {
        let values: Vec<f64> = (0..rows * cols)
            .map(|i| payoff(i / cols, i % cols))
            .collect();
        let by_column = (0..rows * cols)
            .map(|i| values[(i % rows) * cols + i / rows])
            .collect();
        Matrix {
            rows,
            cols,
            values,
            by_column,
        }
    }

    /// The row player's payoff for a pair of actions.
    pub fn get(&self, row: usize, col: usize) -> f64 {
        self.values[row * self.cols + col]
    }

    /// Number of row actions.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of column actions.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The row player's payoff of each of its actions against mixed `col`.
    fn row_utilities(&self, col: &[f64]) -> Vec<f64> {
        let mut out = Vec::with_capacity(self.rows);
        self.row_utilities_into(col, &mut out);
        out
    }

    /// [`Matrix::row_utilities`] written into `out`: each row's sum of
    /// products, in the order along the row (see [`sums_of_products`]).
    fn row_utilities_into(&self, col: &[f64], out: &mut Vec<f64>) {
        sums_of_products(&self.by_column, self.rows, &col[..self.cols], out);
    }

    /// The column player's payoff (the negated matrix) of each action against mixed `row`.
    fn col_utilities(&self, row: &[f64]) -> Vec<f64> {
        let mut out = Vec::with_capacity(self.cols);
        self.col_utilities_into(row, &mut out);
        out
    }

    /// [`Matrix::col_utilities`] written into `out`: each column's sum of
    /// products, in the order down the column, negated.
    fn col_utilities_into(&self, row: &[f64], out: &mut Vec<f64>) {
        sums_of_products(&self.values, self.cols, &row[..self.rows], out);
        for o in out.iter_mut() {
            *o = -*o;
        }
    }

    /// The row player's expected payoff when both mix.
    pub fn value(&self, row: &[f64], col: &[f64]) -> f64 {
        self.row_utilities(col)
            .iter()
            .zip(row)
            .map(|(u, p)| u * p)
            .sum()
    }

    /// How much the two best responses gain over the pair (0 at an equilibrium).
    pub fn exploitability(&self, row: &[f64], col: &[f64]) -> f64 {
        let best_row = self.row_utilities(col).into_iter().fold(f64::MIN, f64::max);
        let best_col = self.col_utilities(row).into_iter().fold(f64::MIN, f64::max);
        best_row + best_col
    }
}

/// Average strategies of both players and the game value they give.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution {
    /// The row player's mixed strategy.
    pub row: Vec<f64>,
    /// The column player's mixed strategy.
    pub col: Vec<f64>,
    /// The row player's expected payoff.
    pub value: f64,
}

/// Runs RM+ with alternating updates and linear averaging for `iterations` rounds.
pub fn solve(m: &Matrix, iterations: usize) -> Solution {
    let mut row = RegretMatcher::new(m.rows);
    let mut col = RegretMatcher::new(m.cols);
    // Buffers kept across the loop: each side's strategy and utilities.
    // Each strategy is worked out once from its regrets and used until
    // they change: the row player's after its update (for the column
    // player's utilities, then its own next update), the column
    // player's at the top (for the row player's utilities, then its own
    // update).
    let (mut row_play, mut col_play) = (Vec::new(), Vec::new());
    let mut utilities = Vec::new();
    normalised_into(&row.regret, &mut row_play);
    for t in 1..=iterations {
        let weight = t as f64;
        normalised_into(&col.regret, &mut col_play);
        m.row_utilities_into(&col_play, &mut utilities);
        row.observe_playing(&utilities, weight, &row_play);
        normalised_into(&row.regret, &mut row_play);
        m.col_utilities_into(&row_play, &mut utilities);
        col.observe_playing(&utilities, weight, &col_play);
    }
    let (r, c) = (row.average(), col.average());
    let value = m.value(&r, &c);
    Solution {
        row: r,
        col: c,
        value,
    }
}

/// Drops actions played less than `below` of the time and renormalises
/// (the noise of a short solve), unless that would drop everything.
pub fn prune(strategy: &mut [f64], below: f64) {
    let kept: f64 = strategy.iter().filter(|p| **p >= below).sum();
    if kept <= 0.0 {
        return;
    }
    for p in strategy.iter_mut() {
        *p = if *p >= below { *p / kept } else { 0.0 };
    }
}

/// Draws an action index from a mixed strategy.
pub fn sample(strategy: &[f64], rng: &mut impl Rng) -> usize {
    let total: f64 = strategy.iter().sum();
    let mut x = rng.gen::<f64>() * total;
    for (i, p) in strategy.iter().enumerate() {
        if x < *p {
            return i;
        }
        x -= p;
    }
    strategy.iter().rposition(|p| *p > 0.0).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::computer::decision_rng;

    #[test]
    fn the_utilities_are_the_plain_sums_to_the_bit() {
        assert_eq!(
            [0.0f64; 0].iter().sum::<f64>().to_bits(),
            SUM_START.to_bits()
        );
        let mut rng = decision_rng(7, 3, 0);
        for (rows, cols) in [(0, 3), (3, 0), (1, 1), (2, 3), (5, 7), (12, 12), (13, 9)] {
            for _ in 0..50 {
                // Signed zeros among the values and the mixes, so that
                // skipped zeros and the sums' start show.
                let pick = |r: &mut rand::rngs::StdRng| match r.gen_range(0..5) {
                    0 => -0.0,
                    1 | 2 => 0.0,
                    _ => r.gen_range(-1.0..1.0),
                };
                let cells: Vec<f64> = (0..rows * cols).map(|_| pick(&mut rng)).collect();
                let m = Matrix::new(rows, cols, |r, c| cells[r * cols + c]);
                let row_mix: Vec<f64> = (0..rows).map(|_| pick(&mut rng)).collect();
                let col_mix: Vec<f64> = (0..cols).map(|_| pick(&mut rng)).collect();
                let plain_rows: Vec<u64> = (0..rows)
                    .map(|r| {
                        let s: f64 = (0..cols).map(|c| cells[r * cols + c] * col_mix[c]).sum();
                        s.to_bits()
                    })
                    .collect();
                let plain_cols: Vec<u64> = (0..cols)
                    .map(|c| {
                        let s: f64 = (0..rows).map(|r| cells[r * cols + c] * row_mix[r]).sum();
                        (-s).to_bits()
                    })
                    .collect();
                let bits = |v: Vec<f64>| v.into_iter().map(f64::to_bits).collect::<Vec<u64>>();
                assert_eq!(bits(m.row_utilities(&col_mix)), plain_rows);
                assert_eq!(bits(m.col_utilities(&row_mix)), plain_cols);
            }
        }
    }

    #[test]
    fn matching_pennies_settles_on_half_and_half() {
        let m = Matrix::new(2, 2, |r, c| if r == c { 1.0 } else { -1.0 });
        let s = solve(&m, 2000);
        assert!((s.row[0] - 0.5).abs() < 0.02, "{:?}", s.row);
        assert!((s.col[0] - 0.5).abs() < 0.02, "{:?}", s.col);
        assert!(s.value.abs() < 0.02);
    }

    #[test]
    fn rock_paper_scissors_mixes_evenly_and_is_unexploitable() {
        let m = Matrix::new(3, 3, |r, c| match (3 + r - c) % 3 {
            0 => 0.0,
            1 => 1.0,
            _ => -1.0,
        });
        let s = solve(&m, 3000);
        for p in s.row.iter().chain(&s.col) {
            assert!((p - 1.0 / 3.0).abs() < 0.02, "{s:?}");
        }
        assert!(m.exploitability(&s.row, &s.col) < 0.02);
    }

    #[test]
    fn a_dominated_move_fades_away() {
        // Row 1 is worse than row 0 against everything.
        let m = Matrix::new(2, 2, |r, c| [[0.5, 0.2], [0.1, -0.4]][r][c]);
        let s = solve(&m, 1000);
        assert!(s.row[1] < 0.01, "{:?}", s.row);
        assert!(s.col[1] > 0.99, "{:?}", s.col);
        assert!((s.value - 0.2).abs() < 0.01);
    }

    #[test]
    fn a_biased_game_gives_the_equilibrium_mix() {
        // Row wins 2 on (0,0), 1 on (1,1), loses 1 otherwise: row plays 0 two-fifths.
        let m = Matrix::new(2, 2, |r, c| [[2.0, -1.0], [-1.0, 1.0]][r][c]);
        let s = solve(&m, 5000);
        assert!((s.row[0] - 0.4).abs() < 0.02, "{:?}", s.row);
        assert!((s.value - 0.2).abs() < 0.02);
    }

    #[test]
    fn pruning_and_sampling() {
        let mut st = vec![0.6, 0.38, 0.02];
        prune(&mut st, 0.03);
        assert_eq!(st[2], 0.0);
        assert!((st.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        let mut rng = decision_rng(1, 1, 0);
        let mut counts = [0usize; 3];
        for _ in 0..4000 {
            counts[sample(&st, &mut rng)] += 1;
        }
        assert_eq!(counts[2], 0);
        assert!(
            (counts[0] as f64 / 4000.0 - 0.612).abs() < 0.03,
            "{counts:?}"
        );
        let again = sample(&st, &mut decision_rng(5, 2, 1));
        assert_eq!(again, sample(&st, &mut decision_rng(5, 2, 1)));
    }
}
