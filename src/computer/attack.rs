//! Steps 5 and 6 of the baseline: fill the free hands with the best spells
//! that do not clash, then turn the picks into a gesture pair (the steps
//! are listed in `easy.rs`).

use super::analysis::Analysis;
use super::defence::{Pick, Picks};
use super::progress::Instance;
use super::table;
use crate::engine::{Gesture, Hand, Spell};

/// How many upcoming steps the pair test compares.
const LOOKAHEAD: usize = 3;

/// Whether two picks on opposite hands spoil each other: two mind spells
/// landing together (they cancel), two Counter-spells landing together
/// (redundant), or, over the next three steps, a both-hands gesture the other
/// hand does not make, or both hands showing P (surrender).
pub fn bad_pair(left: &Instance, right: &Instance) -> bool {
    if left.ttc == right.ttc
        && ((left.spell.is_mind_spell() && right.spell.is_mind_spell())
            || (table::is_counter_spell(left.spell) && table::is_counter_spell(right.spell)))
    {
        return true;
    }
    left.remaining()
        .zip(right.remaining())
        .take(LOOKAHEAD)
        .any(|((lg, lb), (rg, rb))| {
            ((lb || rb) && lg != rg) || (lg == Gesture::Palm && rg == Gesture::Palm)
        })
}

/// Extra weight of a defensive pick when two picks clash: an answer to a
/// threat is kept over an attack of up to this much more priority.
const DEFENCE_WEIGHT: i32 = 3;

fn weight(p: &Pick) -> i32 {
    p.instance.priority + if p.defensive { DEFENCE_WEIGHT } else { 0 }
}

/// Step 5: walks the own list best first, giving each free hand the first
/// possible spell on it; a pair that clashes loses its lighter pick (the left
/// one on ties) and the walk goes on to refill that hand.
pub fn fill(a: &Analysis, picks: &mut Picks) {
    if picks
        .iter()
        .flatten()
        .any(|p| p.instance.spell == Spell::MagicMirror)
    {
        return;
    }
    for x in &a.own {
        if picks.iter().all(Option::is_some) {
            break;
        }
        let hand = x.hand.index();
        if picks[hand].is_some() || !x.possible() {
            continue;
        }
        let new = Pick {
            instance: *x,
            defensive: false,
            score: 0.0,
        };
        picks[hand] = Some(new);
        if let [Some(l), Some(r)] = *picks {
            if bad_pair(&l.instance, &r.instance) {
                let drop = if weight(&r) < weight(&l) {
                    Hand::Right
                } else {
                    Hand::Left
                };
                picks[drop.index()] = None;
            }
        }
    }
}

/// Step 6: each hand makes its pick's next gesture; a both-hands step takes
/// the other hand along; a free hand copies the busy one (but never into a
/// surrender); with no pick at all, P and D. Two palms are never emitted.
pub fn emit(picks: &Picks) -> (Gesture, Gesture) {
    let next = |h: Hand| picks[h.index()].map(|p| p.instance.next);
    let both = picks
        .iter()
        .flatten()
        .find(|p| p.instance.next_both)
        .map(|p| p.instance.next);
    let (mut l, mut r) = match (next(Hand::Left), next(Hand::Right)) {
        _ if both.is_some() => (both.unwrap_or_default(), both.unwrap_or_default()),
        (Some(l), Some(r)) => (l, r),
        (Some(g), None) | (None, Some(g)) => {
            let copy = if g == Gesture::Palm {
                Gesture::Nothing
            } else {
                g
            };
            if next(Hand::Left).is_some() {
                (g, copy)
            } else {
                (copy, g)
            }
        }
        (None, None) => (Gesture::Palm, Gesture::Digit),
    };
    if l == Gesture::Palm && r == Gesture::Palm {
        l = Gesture::Nothing;
        r = Gesture::Palm;
    }
    (l, r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::computer::progress::{allowed, measure};
    use crate::computer::sketch;
    use crate::engine::PlayerId;

    fn inst(spell: Spell, hand: Hand) -> Instance {
        let pos = sketch::opening(2, 0);
        measure(
            &pos,
            PlayerId::new(0),
            spell,
            hand,
            10,
            &allowed(&pos, PlayerId::new(0)),
        )
    }

    #[test]
    fn clashing_pairs_are_recognised() {
        let (l, r) = (Hand::Left, Hand::Right);
        assert!(bad_pair(
            &inst(Spell::Confusion, l),
            &inst(Spell::Amnesia, r)
        ));
        assert!(!bad_pair(
            &inst(Spell::Missile, l),
            &inst(Spell::Confusion, r)
        ));
        // Shield (P) against Remove Enchantment (P...): a surrender.
        assert!(bad_pair(
            &inst(Spell::Shield, l),
            &inst(Spell::RemoveEnchantment, r)
        ));
        // Magic Mirror needs a clap from both hands.
        assert!(bad_pair(
            &inst(Spell::MagicMirror, l),
            &inst(Spell::Missile, r)
        ));
        assert!(!bad_pair(
            &inst(Spell::MagicMirror, l),
            &inst(Spell::MagicMirror, r)
        ));
        // Two counter-spells landing together are redundant.
        assert!(bad_pair(
            &inst(Spell::CounterSpell, l),
            &inst(Spell::CounterSpellWws, r)
        ));
    }

    #[test]
    fn emission_never_surrenders() {
        let pick = |spell, hand| {
            Some(Pick {
                instance: inst(spell, hand),
                defensive: false,
                score: 0.0,
            })
        };
        assert_eq!(emit(&[None, None]), (Gesture::Palm, Gesture::Digit));
        assert_eq!(
            emit(&[pick(Spell::Shield, Hand::Left), None]),
            (Gesture::Palm, Gesture::Nothing)
        );
        assert_eq!(
            emit(&[None, pick(Spell::Missile, Hand::Right)]),
            (Gesture::Snap, Gesture::Snap)
        );
        assert_eq!(
            emit(&[None, pick(Spell::MagicMirror, Hand::Right)]),
            (Gesture::Clap, Gesture::Clap)
        );
        let pp = emit(&[
            pick(Spell::Shield, Hand::Left),
            pick(Spell::Shield, Hand::Right),
        ]);
        assert_ne!(pp, (Gesture::Palm, Gesture::Palm));
    }
}
