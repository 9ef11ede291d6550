//! The computer as an analyst (`spellcast analyse`): the decision it would
//! make in a position, opened up. The move is exactly the one
//! [`Computer::decide_move`] makes with the same seed and budget; what is
//! added is what the search weighed: its options with their share and
//! value, and for each the enemy reply it did worst against.

use super::options::{PlanAnswers, Planned};
use super::player::Computer;
use super::rivals::rival;
use super::search::SearchResult;
use super::sim::{position, AnswerPolicy, Sim};
use super::{decision_rng, Budget};
use crate::engine::{Duel, Gesture, PlayerId, Question, View};

/// One option the search weighed.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// Left and right gesture.
    pub gestures: (Gesture, Gesture),
    /// Answers planned with it that differ from the baseline's.
    pub plan: Vec<Planned>,
    /// How often the search's mixed strategy plays it.
    pub share: f64,
    /// Its mean value against the enemy's mixed strategy (over the replies
    /// it was played against); `None` if it was never played.
    pub value: Option<f64>,
    /// The reply it did worst against, with that value.
    pub feared: Option<((Gesture, Gesture), f64)>,
}

/// The decision in a position, opened up.
#[derive(Debug, Clone, PartialEq)]
pub struct Examination {
    /// The move chosen.
    pub gestures: (Gesture, Gesture),
    /// The questions the move raises for the wizard, with the option it
    /// gives each, as they come against the enemy's likeliest reply.
    pub answers: Vec<(Question, usize)>,
    /// The options weighed, most played first (empty for `easy`, which
    /// does not search).
    pub lines: Vec<Line>,
    /// The enemy's replies and how often the search expects each, likeliest first.
    pub replies: Vec<((Gesture, Gesture), f64)>,
    /// The enemy the columns are for.
    pub enemy: Option<PlayerId>,
    /// The matrix game's value for the wizard (0 for `easy`).
    pub value: f64,
    /// Rollouts played.
    pub rollouts: u32,
}

/// Lines shown at most: the rest are moves the search barely looked at.
pub const MAX_LINES: usize = 8;

/// Records the questions put to one wizard and the answers the plan gives.
struct Recorder<'a> {
    inner: PlanAnswers<'a>,
    asked: Vec<(Question, usize)>,
}

impl AnswerPolicy for Recorder<'_> {
    fn answers(&mut self, player: usize, pos: &View) -> Vec<usize> {
        let out = self.inner.answers(player, pos);
        if player == self.inner.root {
            self.asked
                .extend(pos.questions.iter().cloned().zip(out.iter().copied()));
        }
        out
    }
}

impl Computer {
    /// The decision of wizard `seat` in `duel` (its move is due), with what
    /// the search weighed; `seed` and `budget` as for `decide_move`.
    pub fn examine(&mut self, duel: &Duel, seed: u64, budget: Budget) -> Examination {
        let seat = self.seat_index();
        let pos = position(duel, seat);
        let enemy = rival(&pos, PlayerId::new(seat));
        let found = match self.search_move(duel, seed, budget) {
            Ok(found) => found,
            Err(gestures) => {
                let plan = Vec::new();
                let answers = answers_of(duel, seat, gestures, &plan, None, seed);
                return Examination {
                    gestures,
                    answers,
                    lines: Vec::new(),
                    replies: Vec::new(),
                    enemy,
                    value: 0.0,
                    rollouts: 0,
                };
            }
        };
        let mut replies: Vec<((Gesture, Gesture), f64)> = found
            .replies
            .iter()
            .copied()
            .zip(found.reply_strategy.iter().copied())
            .collect();
        replies.sort_by(|a, b| b.1.total_cmp(&a.1));
        let likeliest = enemy.zip(replies.first().map(|r| r.0));
        let chosen = &found.options[found.chosen];
        let answers = answers_of(duel, seat, chosen.gestures, &chosen.plan, likeliest, seed);
        Examination {
            gestures: chosen.gestures,
            answers,
            lines: lines(&found),
            replies,
            enemy,
            value: found.value,
            rollouts: found.rollouts,
        }
    }
}

/// The options of a search as lines, most played first, then best valued.
fn lines(found: &SearchResult) -> Vec<Line> {
    let mut out: Vec<Line> = found
        .options
        .iter()
        .enumerate()
        .map(|(r, option)| {
            let row = found.cells.get(r).map(Vec::as_slice).unwrap_or_default();
            let (mut sum, mut weight) = (0.0, 0.0);
            let mut feared: Option<((Gesture, Gesture), f64)> = None;
            for (c, cell) in row.iter().enumerate() {
                let Some(v) = *cell else { continue };
                let p = found.reply_strategy.get(c).copied().unwrap_or(0.0);
                sum += p * v;
                weight += p;
                if feared.is_none_or(|(_, worst)| v < worst) {
                    feared = found.replies.get(c).map(|&m| (m, v));
                }
            }
            let mean = row.iter().flatten().copied().sum::<f64>();
            let tried = row.iter().flatten().count();
            let value = if weight > 0.0 {
                Some(sum / weight)
            } else if tried > 0 {
                Some(mean / tried as f64)
            } else {
                None
            };
            Line {
                gestures: option.gestures,
                plan: option.plan.clone(),
                share: found.strategy.get(r).copied().unwrap_or(0.0),
                value,
                feared,
            }
        })
        .collect();
    out.sort_by(|a, b| {
        b.share.total_cmp(&a.share).then(
            b.value
                .unwrap_or(f64::MIN)
                .total_cmp(&a.value.unwrap_or(f64::MIN)),
        )
    });
    out.truncate(MAX_LINES);
    out
}

/// The questions wizard `seat` is asked when it plays `gestures` (and the
/// enemy its likeliest reply, everyone else nothing), with the answers
/// `plan` and the baseline give, on a copy imagined from the seat.
fn answers_of(
    duel: &Duel,
    seat: usize,
    gestures: (Gesture, Gesture),
    plan: &[Planned],
    reply: Option<(PlayerId, (Gesture, Gesture))>,
    seed: u64,
) -> Vec<(Question, usize)> {
    let mut rng = decision_rng(seed, u32::MAX, seat);
    let mut sim = Sim::imagine(duel, seat, &mut rng);
    let mut moves = vec![(Gesture::Nothing, Gesture::Nothing); sim.players()];
    moves[seat] = gestures;
    if let Some((enemy, m)) = reply {
        moves[enemy.index()] = m;
    }
    let mut recorder = Recorder {
        inner: PlanAnswers { root: seat, plan },
        asked: Vec::new(),
    };
    sim.play(&moves, &mut recorder);
    recorder.asked
}
