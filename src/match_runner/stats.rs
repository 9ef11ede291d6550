//! The tally of a match and A's Elo difference with its 95 % interval.
//!
//! Games come in seat-swapped pairs on one seed, so the two games of a pair
//! are not independent: a seed that favours the first wizard favours A once
//! and B once. As cutechess-cli and fastchess do ("pentanomial" statistics),
//! the *pair* is the unit of sampling: the variance of A's score is estimated
//! from the spread of the pair scores (0, ¼, ½, ¾ or 1), which is smaller
//! than the per-game spread when the seed matters. With fewer than two
//! complete pairs it falls back to the per-game spread (wins, draws,
//! losses). The interval is A's mean score ± 1.96 standard errors, mapped
//! through the logistic Elo curve `-400·log10(1/s − 1)` (a score of 0 or 1
//! is an infinite difference).

use std::collections::BTreeMap;

/// One of the two seats of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The first seat named; scores are A's.
    A,
    /// The second seat named.
    B,
}

/// How a duel ended, for the summary's count of endings (and, in
/// `--results` lines, `kill`, `surrender`, `turn_cap` or `draw`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// The loser died.
    Kill,
    /// The loser surrendered (a failed program seat surrenders too).
    Surrender,
    /// Nobody won by the turn cap: a draw.
    TurnCap,
    /// Any other draw (both died, or both surrendered, at once).
    Draw,
}

impl Ending {
    /// All endings in the order the summary lists them.
    pub const ALL: [Ending; 4] = [
        Ending::Kill,
        Ending::Surrender,
        Ending::TurnCap,
        Ending::Draw,
    ];

    fn index(self) -> usize {
        self as usize
    }
}

impl Side {
    /// The seat's index on the command line: A is 0, B is 1.
    pub fn seat(self) -> usize {
        self as usize
    }
}

/// The result of one duel of a match, seen from the seats (not the players:
/// seat 0 is player 1 in the swapped game of a pair). Seats are numbered
/// as named on the command line, from 0 (A is 0, B is 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DuelRecord {
    /// The winning seat, or `None` for a draw.
    pub winner: Option<usize>,
    /// How it ended.
    pub ending: Ending,
    /// Per seat, whether its program failed during the duel.
    pub failed: Vec<bool>,
}

impl DuelRecord {
    /// A's points: 1 for a win, ½ for a draw.
    pub fn score_a(&self) -> f64 {
        match self.winner {
            Some(0) => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// The Elo difference of A over B with its 95 % interval; infinite when a
/// bound's score is 0 or 1, not a number when no game was played.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Elo {
    /// The estimate.
    pub elo: f64,
    /// Lower bound of the 95 % interval.
    pub low: f64,
    /// Upper bound of the 95 % interval.
    pub high: f64,
}

/// Everything counted over a match so far.
#[derive(Debug, Clone, PartialEq)]
pub struct Tally {
    games: u32,
    a_wins: u32,
    b_wins: u32,
    draws: u32,
    endings: [u32; 4],
    failures: [u32; 2],
    failed_duels: u32,
    /// Pairs this tally is to count (all of the match's, or a share's).
    pair_count: usize,
    /// A's score in each game played, by pair.
    pairs: BTreeMap<usize, Vec<f64>>,
}

/// The 97.5th percentile of the normal distribution.
const Z_95: f64 = 1.959_964;

impl Tally {
    /// An empty tally for a match of `games` duels (pair `k` holds games
    /// `2k` and `2k+1`; an odd last game is a pair of its own).
    pub fn new(games: u32) -> Tally {
        Tally {
            games,
            a_wins: 0,
            b_wins: 0,
            draws: 0,
            endings: [0; 4],
            failures: [0; 2],
            failed_duels: 0,
            pair_count: (games as usize).div_ceil(2),
            pairs: BTreeMap::new(),
        }
    }

    /// An empty tally for `pairs` of the pairs of a match of `games` duels
    /// (a share of it, `--shard`): only the progress count differs.
    pub fn for_share(games: u32, pairs: usize) -> Tally {
        Tally {
            pair_count: pairs,
            ..Tally::new(games)
        }
    }

    /// Counts a duel of pair `pair`; returns true when that pair is complete.
    pub fn add(&mut self, pair: usize, record: &DuelRecord) -> bool {
        match record.winner {
            Some(0) => self.a_wins += 1,
            Some(_) => self.b_wins += 1,
            None => self.draws += 1,
        }
        self.endings[record.ending.index()] += 1;
        for (count, failed) in self.failures.iter_mut().zip(&record.failed) {
            *count += u32::from(*failed);
        }
        self.failed_duels += u32::from(record.failed.contains(&true));
        let scores = self.pairs.entry(pair).or_default();
        scores.push(record.score_a());
        // In a fixed order, so the statistics never depend on which game
        // of a pair ended first (a merged match must equal the whole).
        scores.sort_by(f64::total_cmp);
        scores.len() == self.pair_size(pair)
    }

    /// Games in pair `pair`: two, or one for the last game of an odd match.
    pub fn pair_size(&self, pair: usize) -> usize {
        (self.games as usize - 2 * pair).min(2)
    }

    /// Pairs in the match (or in the share being played).
    pub fn pair_count(&self) -> usize {
        self.pair_count
    }

    /// Pairs whose games have all been played.
    pub fn pairs_done(&self) -> usize {
        self.pairs
            .iter()
            .filter(|(p, s)| s.len() == self.pair_size(**p))
            .count()
    }

    /// Duels the match was to play.
    pub fn games(&self) -> u32 {
        self.games
    }

    /// Duels played so far.
    pub fn played(&self) -> u32 {
        self.a_wins + self.b_wins + self.draws
    }

    /// Wins of a seat.
    pub fn wins(&self, side: Side) -> u32 {
        match side {
            Side::A => self.a_wins,
            Side::B => self.b_wins,
        }
    }

    /// Draws.
    pub fn draws(&self) -> u32 {
        self.draws
    }

    /// Duels that ended this way.
    pub fn endings(&self, ending: Ending) -> u32 {
        self.endings[ending.index()]
    }

    /// Duels in which a seat's program failed.
    pub fn failures(&self, side: Side) -> u32 {
        self.failures[side as usize]
    }

    /// Duels in which any program failed.
    pub fn failed_duels(&self) -> u32 {
        self.failed_duels
    }

    /// A's points: wins plus half the draws.
    pub fn points(&self) -> f64 {
        f64::from(self.a_wins) + f64::from(self.draws) / 2.0
    }

    /// A's score: points over duels played (½ before any is played).
    pub fn score(&self) -> f64 {
        match self.played() {
            0 => 0.5,
            n => self.points() / f64::from(n),
        }
    }

    /// The Elo difference of A over B and its 95 % interval.
    pub fn elo(&self) -> Elo {
        let n = self.played();
        if n == 0 {
            return Elo {
                elo: f64::NAN,
                low: f64::NAN,
                high: f64::NAN,
            };
        }
        let score = self.score();
        let error = (self.per_game_variance() / f64::from(n)).sqrt();
        Elo {
            elo: elo_of_score(score),
            low: elo_of_score(score - Z_95 * error),
            high: elo_of_score(score + Z_95 * error),
        }
    }

    /// The variance of one game's score, from the pairs when there are at
    /// least two complete ones, else from the games.
    fn per_game_variance(&self) -> f64 {
        let pair_means: Vec<f64> = self
            .pairs
            .values()
            .filter(|s| s.len() == 2)
            .map(|s| (s[0] + s[1]) / 2.0)
            .collect();
        if pair_means.len() >= 2 {
            // A pair mean averages two games: its variance is half a game's.
            2.0 * sample_variance(&pair_means)
        } else {
            let games: Vec<f64> = self.pairs.values().flatten().copied().collect();
            sample_variance(&games)
        }
    }
}

/// The unbiased sample variance (0 for fewer than two samples).
fn sample_variance(samples: &[f64]) -> f64 {
    if samples.len() < 2 {
        return 0.0;
    }
    let n = samples.len() as f64;
    let mean = samples.iter().sum::<f64>() / n;
    samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)
}

/// The Elo difference that predicts this score; ±∞ at 0 and 1 and beyond.
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(winner: Option<Side>) -> DuelRecord {
        DuelRecord {
            winner: winner.map(Side::seat),
            ending: if winner.is_some() {
                Ending::Kill
            } else {
                Ending::TurnCap
            },
            failed: vec![false, false],
        }
    }

    /// Plays `results` (A's score per game, 1, 0.5 or 0) in order.
    fn tally(results: &[f64]) -> Tally {
        let mut t = Tally::new(results.len() as u32);
        for (i, r) in results.iter().enumerate() {
            let winner = match r {
                x if *x == 1.0 => Some(Side::A),
                x if *x == 0.0 => Some(Side::B),
                _ => None,
            };
            t.add(i / 2, &record(winner));
        }
        t
    }

    #[test]
    fn elo_curve_known_points() {
        assert_eq!(elo_of_score(0.5), 0.0);
        assert!((elo_of_score(0.75) - 190.848).abs() < 0.01);
        assert!((elo_of_score(0.25) + 190.848).abs() < 0.01);
        assert_eq!(elo_of_score(1.0), f64::INFINITY);
        assert_eq!(elo_of_score(-0.1), f64::NEG_INFINITY);
    }

    #[test]
    fn counts_and_score() {
        let t = tally(&[1.0, 0.5, 0.0, 1.0, 1.0]);
        assert_eq!((t.wins(Side::A), t.wins(Side::B), t.draws()), (3, 1, 1));
        assert_eq!(t.points(), 3.5);
        assert_eq!(t.score(), 0.7);
        assert_eq!(t.endings(Ending::Kill), 4);
        assert_eq!(t.endings(Ending::TurnCap), 1);
        assert_eq!(t.pair_count(), 3);
        assert_eq!(t.pairs_done(), 3);
    }

    #[test]
    fn a_pair_is_done_with_its_last_game_and_an_odd_game_is_a_pair() {
        let mut t = Tally::new(3);
        assert!(!t.add(0, &record(None)));
        assert!(t.add(1, &record(None)));
        assert!(t.add(0, &record(None)));
        assert_eq!(t.pairs_done(), 2);
    }

    #[test]
    fn pair_statistics_hand_computed() {
        // Pairs score 1, ½, ¾, ¾: mean ¾, sample variance of pair means 1/24,
        // per-game variance 1/12, standard error sqrt(1/12/8).
        let t = tally(&[1.0, 1.0, 1.0, 0.0, 1.0, 0.5, 0.5, 1.0]);
        let elo = t.elo();
        let se = (1.0f64 / 12.0 / 8.0).sqrt();
        assert!((elo.elo - elo_of_score(0.75)).abs() < 1e-9);
        assert!((elo.low - elo_of_score(0.75 - Z_95 * se)).abs() < 1e-6);
        assert!((elo.high - elo_of_score(0.75 + Z_95 * se)).abs() < 1e-6);
        assert!(elo.low < elo.elo && elo.elo < elo.high);
    }

    #[test]
    fn seat_swapped_pairs_that_split_have_no_spread() {
        // Each seed wins for whoever sits first: a dead-even match, known exactly.
        let t = tally(&[1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]);
        assert_eq!(
            t.elo(),
            Elo {
                elo: 0.0,
                low: 0.0,
                high: 0.0
            }
        );
    }

    #[test]
    fn few_games_use_the_per_game_spread() {
        let t = tally(&[1.0, 0.0]);
        let elo = t.elo();
        assert_eq!(elo.elo, 0.0);
        // Per-game variance ½, standard error ½: the bounds pass 0 and 1.
        assert_eq!((elo.low, elo.high), (f64::NEG_INFINITY, f64::INFINITY));
        let sweep = tally(&[1.0, 1.0, 1.0, 1.0]);
        assert_eq!(sweep.elo().elo, f64::INFINITY);
        assert!(Tally::new(4).elo().elo.is_nan());
    }

    #[test]
    fn failures_are_counted_per_seat_and_per_duel() {
        let mut t = Tally::new(2);
        t.add(
            0,
            &DuelRecord {
                winner: Some(1),
                ending: Ending::Surrender,
                failed: vec![true, false],
            },
        );
        t.add(
            0,
            &DuelRecord {
                winner: None,
                ending: Ending::Draw,
                failed: vec![true, true],
            },
        );
        assert_eq!((t.failures(Side::A), t.failures(Side::B)), (2, 1));
        assert_eq!(t.failed_duels(), 2);
        assert_eq!(t.endings(Ending::Surrender), 1);
    }
}
