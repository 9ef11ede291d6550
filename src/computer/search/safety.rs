//! Safety first: a move that loses outright against one of the enemy's
//! candidate replies is not played while another move loses to none of
//! them. The matrix solution weighs a reply by how often the enemy should
//! play it, so a killing reply it plays rarely (a storm that also hurts its
//! caster, a bolt he might hold) costs a row little on average; but a duel
//! lost is not averaged out, and a player who has learned the game always
//! keeps the answer up when the blow is one he can see coming.

use super::cells::Table;

/// A cell whose mean is at or below this is a loss (a loss in the rollouts'
/// first round is -1, in their second -0.95, after a discount a round).
const LOST: f64 = -0.9;

/// A cell measured once counts as lost only when the loss was immediate.
const LOST_AT_ONCE: f64 = -0.999;

/// Whether cell (r, c) reads as a loss for the searching wizard.
fn lost(table: &Table, r: usize, c: usize) -> bool {
    let n = table.count(r, c);
    let v = table.mean(r, c);
    (n >= 2 && v <= LOST) || (n >= 1 && v <= LOST_AT_ONCE)
}

/// Moves the weight of `strategy` (over the first `rows` rows) off rows that
/// lose outright to some reply, when some row loses to none: onto the safe
/// rows it already plays, or else onto the safe row worth most against the
/// enemy's mix `reply`.
pub(super) fn avoid_sure_losses(strategy: &mut [f64], table: &Table, rows: usize, reply: &[f64]) {
    let cols = reply.len();
    let doomed: Vec<bool> = (0..rows)
        .map(|r| (0..cols).any(|c| lost(table, r, c)))
        .collect();
    if doomed.iter().all(|&d| d) || !doomed.iter().any(|&d| d) {
        return;
    }
    avoid_rows(strategy, table, rows, reply, &doomed);
}

/// When every row can lose outright to some reply (so
/// [`avoid_sure_losses`] left the strategy alone), the rows that lose to
/// none of the enemy's replies carrying a blow (`blows`, by column) are
/// played rather than those that lose to one: a blow one or two gestures
/// off is the reply a player who has learned the game expects, and a move
/// that only loses if the enemy holds the blow back (an opposite storm at
/// the hit points a storm kills) is the answer he keeps up.
pub(super) fn meet_blows_seen_coming(
    strategy: &mut [f64],
    table: &Table,
    rows: usize,
    reply: &[f64],
    blows: &[bool],
) {
    let cols = reply.len().min(blows.len());
    if !blows[..cols].iter().any(|&b| b) {
        return;
    }
    let doomed = |r: usize, only_blows: bool| {
        (0..cols).any(|c| (!only_blows || blows[c]) && lost(table, r, c))
    };
    if !(0..rows).all(|r| doomed(r, false)) {
        return;
    }
    let open: Vec<bool> = (0..rows).map(|r| doomed(r, true)).collect();
    if open.iter().all(|&d| d) || !open.iter().any(|&d| d) {
        return;
    }
    avoid_rows(strategy, table, rows, reply, &open);
}

/// Worse than the best worst case of the rows played by more than this,
/// a row's worst case drops it: about the noise of a cell's mean at a few
/// rollouts, so only a clear gap counts.
const ROBUST_MARGIN: f64 = 0.1;

/// A row is in the strategy's support when played at least this often.
const SUPPORT: f64 = 0.05;

/// Among the rows the strategy plays (all worth about the same against
/// the enemy's mix), those whose worst reply costs clearly more than the
/// best worst case among them are dropped: the mix is only the enemy's
/// best guess, and a stranger who plays another reply finds the robust row
/// still standing. Only cells measured at least twice count.
pub(super) fn prefer_robust_rows(strategy: &mut [f64], table: &Table, rows: usize, cols: usize) {
    let worst = |r: usize| {
        (0..cols)
            .filter(|&c| table.count(r, c) >= 2)
            .map(|c| table.mean(r, c))
            .fold(f64::INFINITY, f64::min)
    };
    let support: Vec<(usize, f64)> = (0..rows.min(strategy.len()))
        .filter(|&r| strategy[r] >= SUPPORT)
        .map(|r| (r, worst(r)))
        .filter(|&(_, w)| w.is_finite())
        .collect();
    let Some(best) = support.iter().map(|&(_, w)| w).reduce(f64::max) else {
        return;
    };
    let fragile: Vec<usize> = support
        .iter()
        .filter(|&&(_, w)| w < best - ROBUST_MARGIN)
        .map(|&(r, _)| r)
        .collect();
    if fragile.is_empty() {
        return;
    }
    for &r in &fragile {
        strategy[r] = 0.0;
    }
    let kept: f64 = strategy.iter().sum();
    if kept > 0.0 {
        strategy.iter_mut().for_each(|p| *p /= kept);
    }
}

/// Moves the weight of `strategy` off the `doomed` rows: onto the others it
/// already plays, or else onto the other row worth most against `reply`.
fn avoid_rows(strategy: &mut [f64], table: &Table, rows: usize, reply: &[f64], doomed: &[bool]) {
    for (r, p) in strategy.iter_mut().enumerate() {
        if doomed.get(r).copied().unwrap_or(false) {
            *p = 0.0;
        }
    }
    let kept: f64 = strategy.iter().sum();
    if kept > 0.0 {
        strategy.iter_mut().for_each(|p| *p /= kept);
        return;
    }
    let worth = |r: usize| table.worth(r, reply);
    let best = (0..rows)
        .filter(|&r| !doomed[r])
        .max_by(|&a, &b| worth(a).total_cmp(&worth(b)));
    if let Some(b) = best {
        strategy[b] = 1.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_that_loses_to_a_reply_gives_way_to_a_safe_one() {
        let mut t = Table::new(2, 2);
        for _ in 0..2 {
            t.add(0, 0, 0.5);
            t.add(0, 1, -1.0);
            t.add(1, 0, 0.1);
            t.add(1, 1, 0.0);
        }
        let mut strategy = vec![0.9, 0.1];
        avoid_sure_losses(&mut strategy, &t, 2, &[0.95, 0.05]);
        assert_eq!(strategy, vec![0.0, 1.0]);
        let mut only_safe_unplayed = vec![1.0, 0.0];
        avoid_sure_losses(&mut only_safe_unplayed, &t, 2, &[0.95, 0.05]);
        assert_eq!(only_safe_unplayed, vec![0.0, 1.0]);
    }

    #[test]
    fn when_every_row_can_lose_the_one_that_survives_the_blow_is_played() {
        // Row 0 loses only if the enemy holds his blow (column 0) back;
        // row 1 loses to the blow (column 1).
        let mut t = Table::new(2, 2);
        for _ in 0..2 {
            t.add(0, 0, -1.0);
            t.add(0, 1, 0.2);
            t.add(1, 0, 0.3);
            t.add(1, 1, -1.0);
        }
        let mut strategy = vec![0.5, 0.5];
        meet_blows_seen_coming(&mut strategy, &t, 2, &[0.5, 0.5], &[false, true]);
        assert_eq!(strategy, vec![1.0, 0.0]);
        let mut no_blow = vec![0.5, 0.5];
        meet_blows_seen_coming(&mut no_blow, &t, 2, &[0.5, 0.5], &[false, false]);
        assert_eq!(no_blow, vec![0.5, 0.5]);
    }

    #[test]
    fn of_two_rows_worth_the_same_the_one_with_the_worse_worst_reply_drops() {
        let mut t = Table::new(2, 2);
        for _ in 0..2 {
            t.add(0, 0, -0.7);
            t.add(0, 1, -0.72);
            t.add(1, 0, -0.56);
            t.add(1, 1, -0.86);
        }
        let mut strategy = vec![0.5, 0.5];
        prefer_robust_rows(&mut strategy, &t, 2, 2);
        assert_eq!(strategy, vec![1.0, 0.0]);
        let mut close = Table::new(2, 1);
        close.add(0, 0, -0.7);
        close.add(0, 0, -0.7);
        close.add(1, 0, -0.75);
        close.add(1, 0, -0.75);
        let mut both = vec![0.5, 0.5];
        prefer_robust_rows(&mut both, &close, 2, 1);
        assert_eq!(both, vec![0.5, 0.5]);
    }

    #[test]
    fn when_every_row_can_lose_nothing_changes() {
        let mut t = Table::new(2, 1);
        t.add(0, 0, -1.0);
        t.add(1, 0, -1.0);
        let mut strategy = vec![0.3, 0.7];
        avoid_sure_losses(&mut strategy, &t, 2, &[1.0]);
        assert_eq!(strategy, vec![0.3, 0.7]);
    }
}
