//! Step 4 of the baseline, "break the enemy": answer each spell the enemy has
//! in progress with one of the bot's own that lands in time (the steps are
//! listed in `easy.rs`).

use super::analysis::{resists, Analysis};
use super::progress::Instance;
use super::table::{self, Family};
use super::view_ext::{BeingExt, ViewExt};
use crate::engine::{Gesture, Hand, Spell, View};

/// A spell a hand is committed to this turn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pick {
    /// The spell and how far along it is.
    pub instance: Instance,
    /// Chosen to answer a threat (step 4) rather than to attack (step 5).
    pub defensive: bool,
    /// Summed weight (`1/ttc`) of the threats it answers.
    pub score: f64,
}

/// One pick per hand (left, right).
pub type Picks = [Option<Pick>; 2];

/// Whether `pick` already answers threat `s`.
fn covers(pick: &Instance, s: &Instance) -> bool {
    let disrupts = table::entry(pick.spell).family == Family::Disruption;
    (disrupts && pick.ttc < s.ttc)
        || (pick.spell.is_mind_spell() && s.spell.is_mind_spell() && pick.ttc == s.ttc)
        || (table::entry(s.spell).family == Family::Summon
            && (table::is_counter_spell(pick.spell) || pick.spell == Spell::CharmMonster)
            && pick.ttc == s.ttc)
        || ((table::is_counter_spell(pick.spell) || pick.spell == Spell::MagicMirror)
            && pick.ttc == s.ttc
            && !(s.spell == Spell::FingerOfDeath && table::is_counter_spell(pick.spell)))
        || (pick.spell == Spell::DispelMagic && pick.ttc == s.ttc)
}

/// Danger from which a threat is worth a Dispel Magic (it also ends our own
/// enchantments and monsters): Finger of Death and the like.
const DISPEL_WORTHY: i32 = 16;

/// Turns ahead the walk looks for threats to break: a spell further from
/// completion leaves the enemy time to change plans, and an answer started
/// now would tie a hand for as long.
const HORIZON: i32 = 6;

/// Whether the walk should not bother breaking `s`.
fn ignored(pos: &View, a: &Analysis, s: &Instance) -> bool {
    let row = table::entry(s.spell);
    let immune = table::element(s.spell).is_some_and(|el| resists(pos, a.me, el));
    let no_monsters = s.spell == Spell::CharmMonster && pos.monsters_of(a.me).next().is_none();
    let enemy_disease = a
        .enemy
        .and_then(|e| pos.wizard(e))
        .and_then(|b| b.disease_turns());
    let needed_cure =
        s.spell == Spell::CureHeavyWounds && enemy_disease.is_some_and(|t| s.ttc <= t as i32);
    s.progress <= 0
        || s.ttc > HORIZON
        || immune
        || no_monsters
        || table::is_counter_spell(s.spell)
        || matches!(
            s.spell,
            Spell::MagicMirror
                | Spell::RemoveEnchantment
                | Spell::ProtectionFromEvil
                | Spell::ProtectionFromHarm
        )
        || (row.family == Family::Cure && !needed_cure)
}

/// Whether own spell `x` can answer some threat at all (what one of
/// [`find_answer`]'s tests asks of the spell), so the walk reads only those.
fn may_answer(x: &Instance) -> bool {
    x.possible()
        && x.priority >= 0
        && (table::entry(x.spell).family == Family::Disruption
            || x.spell.is_mind_spell()
            || table::is_counter_spell(x.spell)
            || matches!(
                x.spell,
                Spell::AntiSpell | Spell::CharmMonster | Spell::MagicMirror | Spell::DispelMagic
            ))
}

/// The bot's answer to threat `s`, if one lands in time (first match in
/// priority order), from `answers`: its usable spells that [`may_answer`],
/// by their places in `own`, in list order (read once for the whole walk,
/// not once per test).
fn find_answer(
    own: &[Instance],
    answers: &[u8],
    s: &Instance,
    earliest: i32,
    paralysis_unstoppable: bool,
) -> Option<Instance> {
    let first = |ok: &dyn Fn(&Instance) -> bool| {
        answers
            .iter()
            .filter_map(|&i| own.get(usize::from(i)))
            .find(|x| ok(x))
            .copied()
    };
    let s_family = table::entry(s.spell).family;
    let disruption = |x: &Instance| table::entry(x.spell).family == Family::Disruption;
    first(&|x| x.spell == Spell::AntiSpell && x.ttc >= earliest && x.ttc < s.ttc)
        .or_else(|| {
            first(&|x| {
                disruption(x) && x.spell != Spell::AntiSpell && x.ttc >= earliest && x.ttc <= s.ttc
            })
        })
        .or_else(|| {
            if s.spell.is_mind_spell() {
                first(&|x| x.spell.is_mind_spell() && x.ttc == s.ttc)
            } else {
                None
            }
        })
        .or_else(|| {
            if s_family == Family::Summon {
                first(&|x| {
                    (table::is_counter_spell(x.spell) || x.spell == Spell::CharmMonster)
                        && x.ttc == s.ttc
                        && x.ttc >= earliest
                })
            } else {
                None
            }
        })
        .or_else(|| {
            let mirror_ok =
                !matches!(s_family, Family::Elemental | Family::Storm) && !paralysis_unstoppable;
            // A Counter-spell does not stop a Finger of Death (Dispel Magic does).
            let counter_ok = s.spell != Spell::FingerOfDeath;
            first(&|x| {
                ((table::is_counter_spell(x.spell) && counter_ok)
                    || (x.spell == Spell::MagicMirror && mirror_ok))
                    && x.ttc == s.ttc
                    && x.ttc >= earliest
            })
        })
        .or_else(|| {
            if table::entry(s.spell).danger >= DISPEL_WORTHY {
                first(&|x| x.spell == Spell::DispelMagic && x.ttc == s.ttc && x.ttc >= earliest)
            } else {
                None
            }
        })
}

/// Step 4: defensive picks for the hands, from the enemy's spells in progress.
pub fn defend(pos: &View, a: &Analysis) -> Picks {
    let mut picks: Picks = [None, None];
    let threat =
        |x: &Instance| f64::from(table::entry(x.spell).danger * x.progress) / f64::from(x.length);
    // Keys computed once, with the threat's place in the list, on the
    // stack; the sort stays stable (ties keep table order).
    let mut buffer = [(0, 0.0, 0); 2 * Spell::ALL.len()];
    let mut n = 0;
    // Spells not started are never broken (see `ignored`): left out early.
    for (i, x) in a.theirs.iter().enumerate().filter(|(_, x)| x.progress > 0) {
        let Some(slot) = buffer.get_mut(n) else {
            break;
        };
        *slot = (x.progress, threat(x), i);
        n += 1;
    }
    let keyed = &mut buffer[..n];
    keyed.sort_by(|x, y| y.0.cmp(&x.0).then(y.1.total_cmp(&x.1)));
    // The spells that may answer, by their places in the list, on the
    // stack (no threat, no list; places, not copies, which cost more to
    // fill than the walk reads).
    if keyed.is_empty() || a.own.is_empty() {
        return picks;
    }
    let mut answers = [0u8; 2 * Spell::ALL.len()];
    let mut n_answers = 0;
    for (slot, (i, _)) in answers
        .iter_mut()
        .zip(a.own.iter().enumerate().filter(|(_, x)| may_answer(x)))
    {
        // A list longer than a byte's places is longer than any book's.
        *slot = u8::try_from(i).unwrap_or(u8::MAX);
        n_answers += 1;
    }
    let answers = &answers[..n_answers];

    let earliest = if a.enemy_can_finish(table::is_counter_spell) {
        2
    } else {
        1
    };
    let mut finishing: [Option<Gesture>; 2] = [None, None];
    let mut paralysis_unstoppable = false;
    for s in keyed.iter().map(|&(_, _, i)| &a.theirs[i]) {
        if ignored(pos, a, s) {
            continue;
        }
        let hand = s.hand.index();
        if s.length > 1 && finishing[hand].is_some_and(|g| g != s.next) {
            continue;
        }
        if s.ttc == 1 && finishing[hand].is_none() {
            finishing[hand] = Some(s.next);
        }
        let weight = 1.0 / f64::from(s.ttc);
        if let Some(p) = picks.iter_mut().flatten().find(|p| covers(&p.instance, s)) {
            p.score += weight;
            continue;
        }
        let Some(answer) = find_answer(&a.own, answers, s, earliest, paralysis_unstoppable) else {
            paralysis_unstoppable |= s.spell == Spell::Paralysis;
            continue;
        };
        let pick = Pick {
            instance: answer,
            defensive: true,
            score: weight,
        };
        if answer.spell == Spell::MagicMirror {
            if picks.iter().all(Option::is_none) {
                picks[answer.hand.index()] = Some(pick);
                break;
            }
            continue;
        }
        let slot = &mut picks[answer.hand.index()];
        if slot.is_none_or(|p| answer.ttc < p.instance.ttc) {
            *slot = Some(pick);
        }
    }
    if let [Some(l), Some(r)] = picks {
        if l.instance.next == Gesture::Palm && r.instance.next == Gesture::Palm {
            let drop = if r.score > l.score {
                Hand::Left
            } else {
                Hand::Right
            };
            let drop = if l.score == r.score { Hand::Left } else { drop };
            picks[drop.index()] = None;
        }
    }
    picks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::computer::sketch;
    use crate::engine::Gesture::*;
    use crate::engine::PlayerId;

    #[test]
    fn a_threatened_cause_wounds_is_answered_by_a_sooner_confusion() {
        let mut pos = sketch::opening(2, 0);
        sketch::push_row(&mut pos, 0, Digit, Digit);
        sketch::push_row(&mut pos, 1, Snap, Wave);
        let a = Analysis::new(&pos, PlayerId::new(0), 5);
        let picks = defend(&pos, &a);
        assert!(picks[0].is_none());
        let right = picks[1].expect("right-hand answer");
        assert_eq!(
            (right.instance.spell, right.instance.next),
            (Spell::Confusion, Snap)
        );
        assert!(right.defensive);
    }

    #[test]
    fn a_summon_completing_is_met_by_a_counter_spell_landing_with_it() {
        let mut pos = sketch::opening(2, 0);
        for (l, r) in [(Wave, Digit), (Palm, Digit)] {
            sketch::push_row(&mut pos, 0, l, r);
        }
        for (l, r) in [(Snap, Digit), (Fingers, Digit)] {
            sketch::push_row(&mut pos, 1, l, r);
        }
        let a = Analysis::new(&pos, PlayerId::new(0), 5);
        let picks = defend(&pos, &a);
        let left = picks[0].expect("a counter-spell on the left");
        assert_eq!(
            (left.instance.spell, left.instance.ttc),
            (Spell::CounterSpell, 1)
        );
    }

    #[test]
    fn shields_are_not_worth_breaking() {
        let mut pos = sketch::opening(2, 0);
        sketch::push_row(&mut pos, 1, Wave, Wave);
        sketch::push_row(&mut pos, 1, Wave, Wave);
        let a = Analysis::new(&pos, PlayerId::new(0), 5);
        let walked: Vec<Spell> = a
            .theirs
            .iter()
            .filter(|s| !ignored(&pos, &a, s))
            .filter(|s| s.possible() && s.progress > 0)
            .map(|s| s.spell)
            .collect();
        assert!(!walked.contains(&Spell::ProtectionFromEvil));
        assert!(walked.contains(&Spell::SummonElemental) || walked.contains(&Spell::ResistHeat));
    }
}
