//! The searching wizard's options: a gesture pair together with the answers
//! it will give before the reveal (targets, which spell, release), since those
//! belong to the same simultaneous move. A pair
//! is expanded into several options only where an answer could matter.

use super::candidates::Candidate;
use super::easy::Easy;
use super::reading_memo::baseline_answers;
use super::sim::{AnswerPolicy, Sim};
use super::table::{self, Aim};
use crate::engine::{BeingId, Choice, Gesture, PlayerId, Question, QuestionKind, View};

/// One planned answer: the question it fits and the choice to give.
pub type Planned = (QuestionKind, Choice);

/// A move of the searching wizard: gestures plus planned answers.
#[derive(Debug, Clone, PartialEq)]
pub struct RootOption {
    /// Left and right gesture.
    pub gestures: (Gesture, Gesture),
    /// Answers that differ from the baseline's; other questions get the baseline's.
    pub plan: Vec<Planned>,
}

/// The option of `q` the plan names, if the plan has an answer for it.
pub fn planned_answer(plan: &[Planned], q: &Question) -> Option<usize> {
    let (_, want) = plan.iter().find(|(kind, _)| *kind == q.kind)?;
    q.options.iter().position(|o| o == want)
}

/// The baseline's answers with `plan` laid over them (before-reveal questions only).
pub fn answers_with_plan(plan: &[Planned], pos: &View) -> Vec<usize> {
    let mut out = baseline_answers(pos);
    if !pos.before_reveal {
        return out;
    }
    for (i, q) in pos.questions.iter().enumerate() {
        if let Some(a) = planned_answer(plan, q) {
            out[i] = a;
        }
    }
    out
}

/// `root` answers by its plan; everyone else as the baseline.
pub struct PlanAnswers<'a> {
    /// The searching wizard.
    pub root: usize,
    /// Its planned answers.
    pub plan: &'a [Planned],
}

impl AnswerPolicy for PlanAnswers<'_> {
    fn answers(&mut self, player: usize, pos: &View) -> Vec<usize> {
        if player == self.root {
            answers_with_plan(self.plan, pos)
        } else {
            baseline_answers(pos)
        }
    }
}

/// Records the before-reveal questions `root` is asked, with the baseline's answers.
struct Probe {
    root: usize,
    asked: Vec<(Question, usize)>,
}

impl AnswerPolicy for Probe {
    fn answers(&mut self, player: usize, pos: &View) -> Vec<usize> {
        let out = Easy::default().answers(pos);
        if player == self.root && pos.before_reveal {
            for (q, a) in pos.questions.iter().zip(&out) {
                self.asked.push((q.clone(), *a));
            }
        }
        out
    }
}

/// Alternatives tried per before-reveal question: the matrix has room for
/// few variants, so each question gets the first two the menu offers.
const ALTERNATIVES: usize = 2;

/// Alternatives worth trying for one question, besides the baseline's answer.
/// A spell meant for the enemy is never tried on the searcher's own side
/// (`friends`: himself and his monsters), a spell meant for himself (a
/// Shield, a cure, a summons) never on the enemy's, and a monster is never
/// ordered at its own side: a few noisy rollouts would now and then prefer
/// a stab at his own goblin or a Shield on the enemy.
fn alternatives(
    q: &Question,
    baseline: usize,
    alive: &[BeingId],
    friends: &[BeingId],
) -> Vec<Choice> {
    let chosen = q.options.get(baseline).copied();
    q.options
        .iter()
        .copied()
        .filter(|o| Some(*o) != chosen)
        .filter(|o| match (o, &q.kind) {
            (Choice::Being(b), QuestionKind::Target { spell, .. }) => {
                let aim = table::entry(*spell).aim;
                let hostile = matches!(aim, Aim::Enemy | Aim::EnemyMonster);
                // A protection is not tried on the enemy's side either
                // (a Counter-spell's turn on the enemy is the baseline's call).
                let kind = aim == Aim::Caster && !table::is_counter_spell(*spell);
                alive.contains(b)
                    && !(hostile && friends.contains(b))
                    && (!kind || friends.contains(b))
            }
            // Orders given before the reveal (Gesticulation, Death Match)
            // never send a monster at its own side.
            (Choice::Being(b), QuestionKind::Monster { .. }) => {
                alive.contains(b) && !friends.contains(b)
            }
            (Choice::Nobody, _) => false,
            (_, QuestionKind::Target { .. }) => false,
            _ => true,
        })
        .take(ALTERNATIVES)
        .collect()
}

/// The options of wizard `root` in `base`: each candidate pair with the
/// baseline's answers (in the list's order), then, for the first `expand`
/// pairs, up to `per_pair` variants each that change one before-reveal answer.
/// `others` are the moves of everyone else used to ask the questions.
pub fn root_options(
    base: &Sim,
    root: usize,
    list: &[Candidate],
    others: &[(Gesture, Gesture)],
    expand: usize,
    per_pair: usize,
) -> Vec<RootOption> {
    let seen = base.position(root);
    let alive: Vec<BeingId> = seen.beings.iter().map(|b| b.id).collect();
    let me = PlayerId::new(root);
    let friends: Vec<BeingId> = seen
        .beings
        .iter()
        .filter(|b| b.id == BeingId::from(me) || b.controller == Some(me))
        .map(|b| b.id)
        .collect();
    let mut out: Vec<RootOption> = list
        .iter()
        .map(|c| RootOption {
            gestures: c.gestures,
            plan: Vec::new(),
        })
        .collect();
    if per_pair == 0 {
        return out;
    }
    for c in list.iter().take(expand) {
        let mut probe = Probe {
            root,
            asked: Vec::new(),
        };
        let mut moves = others.to_vec();
        moves[root] = c.gestures;
        base.clone().play(&moves, &mut probe);
        let mut added = 0;
        'questions: for (q, a) in &probe.asked {
            for alt in alternatives(q, *a, &alive, &friends) {
                if added >= per_pair {
                    break 'questions;
                }
                out.push(RootOption {
                    gestures: c.gestures,
                    plan: vec![(q.kind.clone(), alt)],
                });
                added += 1;
            }
        }
    }
    out
}

/// The first `rows` options of `all` (as [`root_options`] orders them) worth
/// searching: plain pairs first, with up to a quarter of the rows given to
/// answer variants of the pairs kept.
pub fn keep_rows(all: Vec<RootOption>, pairs: usize, rows: usize) -> Vec<RootOption> {
    let variants = all.len() - pairs;
    let spare = (rows / 4).min(variants);
    let keep_pairs = rows.saturating_sub(spare).clamp(1, pairs);
    let kept: Vec<(Gesture, Gesture)> = all[..keep_pairs].iter().map(|o| o.gestures).collect();
    let mut out: Vec<RootOption> = all[..keep_pairs].to_vec();
    for v in all.into_iter().skip(pairs) {
        if out.len() >= rows.max(keep_pairs) {
            break;
        }
        if kept.contains(&v.gestures) {
            out.push(v);
        }
    }
    out
}
