//! The candidate moves of one wizard for the search: per hand, the next
//! gestures of the spells still in reach, scored by the baseline's priorities
//! plus its threat answers, and P, stab and nothing; pairs that spoil
//! themselves (two mind spells or two counter-spells completing together, a
//! surrender, a double stab) are dropped; the best k remain,
//! always with the baseline's own move and its best defence among them.

use super::analysis::Analysis;
use super::attack::{emit, fill};
use super::defence::{defend, Picks};
use super::keyed_sort::sort_first_by_keys;
use super::progress::Instance;
use super::table;
use super::threats;
use super::view_ext::{seen_gesture, BeingExt, ViewExt};
use crate::engine::{Gesture, Hand, PlayerId, Spell, View};

/// One candidate gesture pair with its heuristic score.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Candidate {
    /// Left and right gesture.
    pub gestures: (Gesture, Gesture),
    /// Summed score of the two hands (higher is better).
    pub score: f64,
}

/// Extra score of a gesture that continues a defensive pick.
const DEFENCE_BONUS: f64 = 3.0;

/// Extra score of the last gesture of a blow (a wound, bolt, Fireball or
/// Finger of Death) on the enemy. The baseline's priorities rank a blow one
/// gesture from landing no higher than the next step of a cheaper spell
/// (a bolt's last D at 9 against a Paralysis's second F at 9), so rollouts
/// played by them let a wizard wander off a blow he has all but cast; a
/// player who has learned the game lands it. This makes both wizards'
/// rollouts, and so the search's reading of the enemy, expect the blow.
const FINISH_BONUS: f64 = 3.0;

/// Extra score, in the rollouts, of a move that makes an answer stand
/// against a blow landing this turn that would kill, or that lands such a
/// blow on the enemy (see [`threats::lethal_answers_now`] and
/// [`threats::lethal_blows_now`]): enough that the softmax plays it
/// nearly always.
const LETHAL_ANSWER_BONUS: f64 = 9.0;

/// Score of a stab: one point of damage, worth a little more than nothing.
const STAB_WORTH: f64 = 0.5;

/// Score of a Shield's P when no enemy monster attacks (with monsters it is
/// one more than their attack): a little, since it still blocks a stab or a
/// missile.
const IDLE_SHIELD_WORTH: f64 = 0.2;

/// From this many candidates on, a shield on either hand and a stab are
/// always among them (a shorter list keeps only the best scores).
const ALWAYS_OFFERED_FROM: usize = 8;

/// Answers to pressing threats offered at most (see [`threats`]).
const THREAT_ANSWERS: usize = 4;

/// Steps of the wizard's own blows about to land offered at most.
const FINISHING_BLOWS: usize = 3;

/// Whether the enemy stabbed in either of his last two rows: a wizard who
/// stabs will likely stab again, and a Shield's P is then worth a point.
fn enemy_stabs(pos: &View, a: &Analysis) -> bool {
    a.enemy.is_some_and(|e| {
        let rows = pos.rows(e);
        rows[rows.len().saturating_sub(2)..]
            .iter()
            .flatten()
            .any(|h| seen_gesture(*h) == Some(Gesture::Stab))
    })
}

/// What one gesture of one hand is worth, and the best spell it advances.
#[derive(Debug, Clone, Copy)]
struct HandOption {
    gesture: Gesture,
    /// Best value when the other hand does something else.
    alone: f64,
    /// Best value when the other hand makes the same gesture (both-hands steps count).
    together: f64,
    /// The spell behind `alone`, if any.
    spell: Option<Instance>,
}

/// One hand's options, at most one a gesture, kept on the stack (a
/// rollout reads two hands' for every wizard and round it does not
/// remember).
struct HandOptions {
    items: [HandOption; Gesture::ALL.len()],
    len: usize,
}

impl HandOptions {
    fn as_slice(&self) -> &[HandOption] {
        &self.items[..self.len]
    }
}

fn hand_options(
    pos: &View,
    a: &Analysis,
    defence: &Picks,
    hand: Hand,
    shield_worth: f64,
) -> HandOptions {
    // At most one option per gesture; `slots` finds a gesture's option.
    let unused = HandOption {
        gesture: Gesture::Nothing,
        alone: 0.0,
        together: 0.0,
        spell: None,
    };
    let mut out = HandOptions {
        items: [unused; Gesture::ALL.len()],
        len: 0,
    };
    let mut slots = [usize::MAX; Gesture::ALL.len()];
    let mut slot_of = |g: Gesture, out: &mut HandOptions, v: f64| {
        let s = &mut slots[g as usize];
        if *s == usize::MAX {
            *s = out.len;
            out.items[out.len] = HandOption {
                gesture: g,
                alone: v,
                together: v,
                spell: None,
            };
            out.len += 1;
        }
        *s
    };
    for (g, v) in [
        (Gesture::Nothing, 0.0),
        (Gesture::Palm, shield_worth),
        (Gesture::Stab, STAB_WORTH),
    ] {
        // Death Match stabs with the right hand only.
        if pos.rules.allows(hand, g) {
            slot_of(g, &mut out, v);
        }
    }
    let defended = defence.map(|p| p.map(|p| p.instance));
    for x in a
        .own
        .iter()
        .filter(|x| x.hand == hand && x.possible() && x.priority >= 0)
    {
        // Spell and hand first: most instances differ there.
        let defended = defended
            .iter()
            .flatten()
            .any(|d| d.spell == x.spell && d.hand == x.hand && d == x);
        let finishing = threats::blow_lands_now(pos, a, x);
        let value = f64::from(x.priority)
            + if defended { DEFENCE_BONUS } else { 0.0 }
            + if finishing { FINISH_BONUS } else { 0.0 };
        let slot = slot_of(x.next, &mut out, 0.0);
        let o = &mut out.items[slot];
        o.together = o.together.max(value);
        if !x.next_both && value > o.alone {
            o.alone = value;
            o.spell = Some(*x);
        }
    }
    out
}

/// Whether two hand options completing together spoil each other.
fn clash(l: &HandOption, r: &HandOption) -> bool {
    if l.gesture == Gesture::Palm && r.gesture == Gesture::Palm {
        return true; // surrender
    }
    if l.gesture == Gesture::Stab && r.gesture == Gesture::Stab {
        return true; // the second stab becomes nothing
    }
    let (Some(a), Some(b)) = (l.spell, r.spell) else {
        return false;
    };
    a.ttc == 1
        && b.ttc == 1
        && ((a.spell.is_mind_spell() && b.spell.is_mind_spell())
            || (table::is_counter_spell(a.spell) && table::is_counter_spell(b.spell)))
}

/// Sorts candidates best first, ties in their order (a stable sort by score,
/// done on integer keys: the score's bits in the high half, the index low).
#[cfg(test)]
fn sort_by_score(pairs: &mut [Candidate]) {
    sort_first_by_score(pairs, usize::MAX);
}

/// [`sort_by_score`] for the `first` best only (the rest follow in no order).
fn sort_first_by_score(pairs: &mut [Candidate], first: usize) {
    let key = |i: usize, c: &Candidate| {
        // The bits of a float ordered as `total_cmp` orders it, then reversed.
        let b = c.score.to_bits();
        let ordered = if b >> 63 == 1 { !b } else { b | 1 << 63 };
        Some(u128::from(!ordered) << 64 | i as u128)
    };
    let sorted = sort_first_by_keys(pairs, first, key, |k| k as u64 as usize);
    debug_assert!(sorted, "every candidate has a key");
}

/// Up to `k` candidate pairs for wizard `player`, best first, read from `pos`.
pub fn candidates(pos: &View, player: PlayerId, k: usize, book: u8) -> Vec<Candidate> {
    candidates_from(pos, &Analysis::new(pos, player, book), k)
}

/// The candidates the search's root matrix is built from, for either wizard:
/// besides [`candidates`], answers to the enemy's big spells about to land
/// (see [`threats`]), and a Shield valued as a stab blocked when the enemy
/// has been stabbing. Rollouts keep the plain list (and its speed).
pub fn root_candidates(pos: &View, player: PlayerId, k: usize, book: u8) -> Vec<Candidate> {
    listed(pos, &Analysis::new(pos, player, book), k, true)
}

/// Up to `k` candidate pairs of the wizard `a` was read for, best first.
pub fn candidates_from(pos: &View, a: &Analysis, k: usize) -> Vec<Candidate> {
    listed(pos, a, k, false)
}

fn listed(pos: &View, a: &Analysis, k: usize, root: bool) -> Vec<Candidate> {
    let defence = defend(pos, a);
    let mut picks = defence;
    fill(a, &mut picks);
    let baseline = emit(&picks);
    let census = a.census;
    let shield_worth = if census.enemy_attack > 0 {
        1.0 + f64::from(census.enemy_attack)
    } else {
        IDLE_SHIELD_WORTH
    } + if root && enemy_stabs(pos, a) {
        1.0
    } else {
        0.0
    };
    let left = hand_options(pos, a, &defence, Hand::Left, shield_worth);
    let right = hand_options(pos, a, &defence, Hand::Right, shield_worth);
    let (left, right) = (left.as_slice(), right.as_slice());
    let mut pairs: Vec<Candidate> = Vec::with_capacity(left.len() * right.len());
    for l in left {
        for r in right {
            if clash(l, r) {
                continue;
            }
            let score = if l.gesture == r.gesture {
                l.together + r.together
            } else {
                l.alone + r.alone
            };
            pairs.push(Candidate {
                gestures: (l.gesture, r.gesture),
                score,
            });
        }
    }
    if !root {
        let lethal = threats::lethal_answers_now(pos, a, baseline)
            .into_iter()
            .chain(threats::lethal_blows_now(pos, a, baseline));
        for pair in lethal {
            if let Some(c) = pairs.iter_mut().find(|c| c.gestures == pair) {
                c.score += LETHAL_ANSWER_BONUS;
            }
        }
    }
    // A rollout's short list (no shield and stab always on offer, no threat
    // answers) reads the pairs best first only until it holds `k.max(2)`,
    // the baseline's and the defence's pairs among them: the best
    // `k.max(2) + 2` are all it can reach, so only those are put in order.
    let reached = if root || k >= ALWAYS_OFFERED_FROM {
        pairs.len()
    } else {
        k.max(2) + 2
    };
    sort_first_by_score(&mut pairs, reached);
    let score_of = |g: (Gesture, Gesture)| {
        pairs
            .iter()
            .find(|c| c.gestures == g)
            .map_or(0.0, |c| c.score)
    };
    let mut out: Vec<Candidate> = Vec::with_capacity(k.max(2));
    // A confused wizard's one random hand turns a P into a surrender one
    // time in twelve (the other hand made P): no palm in the move he makes.
    // Rollouts keep their palms: taking them from every confused wizard
    // there turned the search away from a plain Shield at 1 hp
    // (tests/computer_tactics.rs).
    let confused = root && pos.wizard(a.me).is_some_and(|w| w.has(Spell::Confusion));
    let risky = |g: (Gesture, Gesture)| confused && (g.0 == Gesture::Palm || g.1 == Gesture::Palm);
    let add = |c: Candidate, out: &mut Vec<Candidate>| {
        if risky(c.gestures) {
            return;
        }
        if out.len() < k.max(2) && !out.iter().any(|o| o.gestures == c.gestures) {
            out.push(c);
        }
    };
    for must in [baseline, emit(&defence)] {
        add(
            Candidate {
                gestures: must,
                score: score_of(must),
            },
            &mut out,
        );
    }
    // Answers to the enemy's big spells about to land come next.
    let answers = if root {
        threats::answers(pos, a, baseline)
    } else {
        Vec::new()
    };
    // Then the wizard's own blows about to land: as the enemy's columns,
    // every finishing gesture he has, so an answer is weighed against each.
    let finishing = if root {
        threats::finishing(pos, a, baseline)
    } else {
        Vec::new()
    };
    // Answers and blows alternate, so a short list (a matrix cut to a few
    // columns) keeps the first of each.
    let mut answers = answers.into_iter().take(THREAT_ANSWERS);
    let mut finishing = finishing.into_iter().take(FINISHING_BLOWS);
    loop {
        let (a, f) = (answers.next(), finishing.next());
        if a.is_none() && f.is_none() {
            break;
        }
        for pair in a.into_iter().chain(f) {
            add(
                Candidate {
                    gestures: pair,
                    score: score_of(pair),
                },
                &mut out,
            );
        }
    }
    // A shield on either hand and a stab are always on offer: the heuristic
    // scores undervalue them exactly when they decide the duel.
    if k >= ALWAYS_OFFERED_FROM {
        let shapes: [fn((Gesture, Gesture)) -> bool; 3] = [
            |g| g.0 == Gesture::Palm,
            |g| g.1 == Gesture::Palm,
            |g| g.0 == Gesture::Stab || g.1 == Gesture::Stab,
        ];
        for shape in shapes {
            if let Some(c) = pairs.iter().find(|c| shape(c.gestures)) {
                add(*c, &mut out);
            }
        }
    }
    for c in pairs {
        add(c, &mut out);
    }
    if out.is_empty() {
        out.push(Candidate {
            gestures: (Gesture::Nothing, Gesture::Nothing),
            score: 0.0,
        });
    }
    out.truncate(k.max(1));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::computer::sketch;
    use crate::engine::Gesture::*;

    #[test]
    fn the_opening_offers_the_baseline_move_first_and_no_surrender() {
        let pos = sketch::opening(2, 0);
        let list = candidates(&pos, PlayerId::new(0), 12, 5);
        assert_eq!(list.len(), 12);
        assert_eq!(list[0].gestures, (Snap, Digit));
        assert!(list.iter().all(|c| c.gestures != (Palm, Palm)));
        assert!(list.iter().all(|c| c.gestures != (Stab, Stab)));
        let distinct: std::collections::HashSet<_> = list.iter().map(|c| c.gestures).collect();
        assert_eq!(distinct.len(), list.len());
    }

    #[test]
    fn a_mirror_in_progress_is_offered_with_both_hands() {
        let mut pos = sketch::opening(2, 0);
        sketch::push_row(&mut pos, 0, Clap, Clap);
        let list = candidates(&pos, PlayerId::new(0), 8, 5);
        assert!(list.iter().any(|c| c.gestures == (Wave, Wave)), "{list:?}");
    }

    #[test]
    fn the_last_gesture_of_a_bolt_is_worth_more_than_its_priority() {
        let mut pos = sketch::opening(2, 0);
        for g in [Digit, Fingers, Fingers, Digit] {
            sketch::push_row(&mut pos, 0, Nothing, g);
            sketch::push_row(&mut pos, 1, Nothing, Nothing);
        }
        let list = candidates(&pos, PlayerId::new(0), 40, 5);
        let bolt = list.iter().find(|c| c.gestures == (Nothing, Digit));
        // The table's 9 for a bolt one gesture from landing, and the bonus.
        assert!(
            bolt.is_some_and(|c| c.score >= 9.0 + FINISH_BONUS),
            "{list:?}"
        );
    }

    #[test]
    fn two_mind_spells_completing_together_are_not_offered() {
        let mut pos = sketch::opening(2, 0);
        // Left D-S (Confusion next F), right D-P (Amnesia next P).
        sketch::push_row(&mut pos, 0, Digit, Digit);
        sketch::push_row(&mut pos, 0, Snap, Palm);
        let list = candidates(&pos, PlayerId::new(0), 30, 5);
        // Only the baseline's own move may do it (its goblin's F also completes Confusion).
        let at = list.iter().position(|c| c.gestures == (Fingers, Palm));
        assert!(matches!(at, None | Some(0)), "{list:?}");
        assert!(list.iter().any(|c| c.gestures.0 == Fingers));
    }

    #[test]
    fn sorting_by_score_is_stable_and_best_first() {
        let c = |l, r, score| Candidate {
            gestures: (l, r),
            score,
        };
        let mut list = vec![
            c(Nothing, Nothing, 0.0),
            c(Palm, Nothing, 2.5),
            c(Stab, Nothing, -1.0),
            c(Nothing, Palm, 2.5),
            c(Wave, Nothing, -0.0),
            c(Snap, Nothing, 7.0),
        ];
        let mut expected = list.clone();
        expected.sort_by(|x, y| y.score.total_cmp(&x.score));
        sort_by_score(&mut list);
        assert_eq!(list, expected);
    }

    #[test]
    fn the_opponent_gets_candidates_from_the_same_view() {
        let mut pos = sketch::opening(2, 0);
        sketch::push_row(&mut pos, 1, Snap, Wave);
        let list = candidates(&pos, PlayerId::new(1), 6, 5);
        assert!(list.iter().any(|c| c.gestures.0 == Digit), "{list:?}");
    }
}
