//! Answers given after the reveal (monster targets, the paralysed or charmed
//! hand, the elemental's element) are decisions too: a small one-ply search
//! tries the baseline's answers and each single change of them, values each
//! by rollouts from the round's end, and keeps the best. Every variant is
//! played from the same imagined duels and seeds in turn (common random
//! numbers), so the comparison is between answers, not luck.

use super::rollout::{rollout, BaselineAnswers, RolloutParams};
use super::sim::Sim;
use crate::engine::{BeingId, Choice, Duel, PlayerId, Question, QuestionKind};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// How much the answer search may spend.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AnswerBudget {
    /// Rollouts per variant at most.
    pub per_variant: u32,
    /// Wall-clock cap for the whole search.
    pub think: Option<Duration>,
    /// Alternatives tried per question at most.
    pub alternatives: usize,
}

/// Variants of `base` that change one answer each (the questions of a batch
/// asked after the reveal). A monster is
/// never tried against its own side (`friends`: the wizard and his monsters):
/// a few noisy rollouts would otherwise now and then prefer such an order.
fn variants(
    questions: &[Question],
    base: &[usize],
    most: usize,
    friends: &[BeingId],
) -> Vec<Vec<usize>> {
    let mut out = vec![base.to_vec()];
    for (i, q) in questions.iter().enumerate() {
        let tried = (0..q.options.len())
            .filter(|&o| o != base[i])
            .filter(|&o| !(q.options[o] == Choice::Nobody && is_target(&q.kind)))
            .filter(|&o| {
                !(is_target(&q.kind)
                    && matches!(q.options[o], Choice::Being(b) if friends.contains(&b)))
            })
            .take(most);
        for o in tried {
            let mut v = base.to_vec();
            v[i] = o;
            out.push(v);
        }
    }
    out
}

/// Imagined duels the variants are played from in turn: a few, so that one
/// unlucky guess at the hidden rows does not decide the answers.
const IMAGINED: usize = 4;

/// Mean value per rollout (values run from -1 to 1) a changed answer must
/// gain over the baseline's to replace it: the noise of a few rollouts
/// should not move it.
const MARGIN: f64 = 0.02;

fn is_target(kind: &QuestionKind) -> bool {
    matches!(kind, QuestionKind::Monster { .. })
}

/// The best answers of wizard `seat` to its open questions in `duel`,
/// starting from `base` (the baseline's, with any planned ones).
pub fn search_answers(
    duel: &Duel,
    seat: usize,
    questions: &[Question],
    base: Vec<usize>,
    rollout_params: &RolloutParams,
    budget: AnswerBudget,
    rng: &mut StdRng,
) -> Vec<usize> {
    let start = Instant::now();
    let me = PlayerId::new(seat);
    let view = duel.view(me);
    // Answers given before the reveal were planned with the move.
    if view.before_reveal {
        return base;
    }
    let friends: Vec<BeingId> = view
        .beings
        .iter()
        .filter(|b| b.id == BeingId::from(me) || b.controller == Some(me))
        .map(|b| b.id)
        .collect();
    let list = variants(questions, &base, budget.alternatives, &friends);
    if list.len() < 2 || budget.per_variant == 0 {
        return base;
    }
    let pool: Vec<Sim> = (0..IMAGINED)
        .map(|_| Sim::imagine(duel, seat, rng))
        .collect();
    let mut sums = vec![0.0; list.len()];
    let mut played = 0u32;
    while played < budget.per_variant {
        if budget.think.is_some_and(|t| start.elapsed() >= t) && played > 0 {
            break;
        }
        let seed: u64 = rng.gen();
        for (v, answers) in list.iter().enumerate() {
            let mut sim = pool[played as usize % pool.len()].clone();
            sim.reseed(seed);
            sim.finish_round(seat, answers, &mut BaselineAnswers);
            let mut r = StdRng::seed_from_u64(seed ^ 0x5EED);
            sums[v] += rollout(sim, seat, rollout_params, &mut r, None);
        }
        played += 1;
    }
    // The baseline's answers keep their place unless clearly beaten.
    let margin = MARGIN * f64::from(played);
    let mut best = 0;
    for v in 1..list.len() {
        if sums[v] > sums[best] + if best == 0 { margin } else { 0.0 } {
            best = v;
        }
    }
    list.into_iter().nth(best).unwrap_or(base)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Hand;

    fn question(kind: QuestionKind, options: Vec<Choice>) -> Question {
        Question {
            player: PlayerId::new(0),
            kind,
            options,
            default: Some(0),
        }
    }

    #[test]
    fn variants_change_one_answer_each() {
        let hands = vec![Choice::Hand(Hand::Left), Choice::Hand(Hand::Right)];
        let qs = vec![
            question(
                QuestionKind::Elemental,
                vec![Choice::Fire(true), Choice::Fire(false)],
            ),
            question(
                QuestionKind::ParalyzeHand {
                    victim: crate::engine::BeingId::new(1),
                    hand: None,
                },
                hands,
            ),
        ];
        let list = variants(&qs, &[0, 1], 3, &[]);
        assert_eq!(list, vec![vec![0, 1], vec![1, 1], vec![0, 0]]);
    }
}
