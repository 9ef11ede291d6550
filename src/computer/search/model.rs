//! Searching against a known model of the opponent instead of solving the
//! matrix (the exploiters' levels): the model's moves are the columns at
//! fixed probabilities, and the row that earns most against them is played.

use super::super::options::RootOption;
use super::cells::Table;
use super::SearchResult;
use crate::engine::Gesture;

/// Moves a model plays less often than this are dropped: each would cost a
/// column of rollouts for almost no weight in the best response.
const RARE: f64 = 0.02;

/// A known model of the opponent (the exploiters' levels): the moves it
/// plays and how often. Searching against it gives a
/// best response instead of an equilibrium.
#[derive(Debug, Clone, PartialEq)]
pub struct Model {
    /// The opponent's moves.
    pub moves: Vec<(Gesture, Gesture)>,
    /// Their probabilities.
    pub probs: Vec<f64>,
}

impl Model {
    /// The model of a mixed strategy over `moves` (repeats merged, rare ones dropped).
    pub fn from_mix(moves: impl IntoIterator<Item = (Gesture, Gesture)>, probs: &[f64]) -> Model {
        let mut out = Model {
            moves: Vec::new(),
            probs: Vec::new(),
        };
        for (m, p) in moves.into_iter().zip(probs) {
            match out.moves.iter().position(|x| *x == m) {
                Some(i) => out.probs[i] += p,
                None => {
                    out.moves.push(m);
                    out.probs.push(*p);
                }
            }
        }
        let mut keep: Vec<usize> = (0..out.moves.len()).collect();
        keep.retain(|&i| out.probs[i] >= RARE);
        keep.sort_by(|&a, &b| out.probs[b].total_cmp(&out.probs[a]));
        Model {
            moves: keep.iter().map(|&i| out.moves[i]).collect(),
            probs: keep.iter().map(|&i| out.probs[i]).collect(),
        }
    }
}

/// The row that earns most against the model's mix (cells never tried
/// count as the row's mean over the others).
pub(super) fn best_response(
    options: Vec<RootOption>,
    replies: Vec<(Gesture, Gesture)>,
    table: &Table,
    model: &Model,
    rollouts: u32,
) -> SearchResult {
    let rows = options.len();
    let worth = |r: usize| table.worth(r, &model.probs);
    let values: Vec<f64> = (0..rows).map(worth).collect();
    let chosen = (0..rows)
        .max_by(|&a, &b| values[a].total_cmp(&values[b]))
        .unwrap_or(0);
    let mut strategy = vec![0.0; rows];
    strategy[chosen] = 1.0;
    SearchResult {
        options,
        strategy,
        replies,
        reply_strategy: model.probs.clone(),
        value: values[chosen],
        rollouts,
        chosen,
        cells: Vec::new(),
    }
}
