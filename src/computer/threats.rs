//! Answers to the enemy's visible threats, offered to the search as candidate
//! moves of their own: a big spell one or two gestures from completion is
//! met by a spell of ours that stops it on the turn it lands (Dispel Magic
//! for anything, a Magic Mirror for a spell aimed at us, a Counter-spell for
//! all but Finger of Death, which it does not stop), or spoilt a turn early
//! by a spell that changes the gestures the enemy still has to make. The
//! baseline's own walk gives one answer at most and may pick none; the
//! search decides between these and everything else. In a free-for-all the
//! threats of every opponent are answered, not only the rival's.

use super::analysis::{resists, Analysis};
use super::progress::{allowed, instances, Instance, Side};
use super::rivals::opponents;
use super::table::{self, Element, Family};
use super::view_ext::ViewExt;
use crate::engine::{Gesture, Spell, View};

/// Turns ahead a threat is looked at: the answers that matter most (mirror,
/// counter-spell, a disruption) are at most two gestures long from where
/// they can still be started in time.
const HORIZON: i32 = 2;

/// Danger (the table's) from which a threat is worth a move of its own: the
/// wounds, bolts, Fireball, Finger of Death, Paralysis, Disease, Poison.
const WORTH_ANSWERING: i32 = 12;

/// Whether enemy spell `s` is close and big enough to answer: dangerous
/// in the table's terms, or enough to kill at the hit points left (a Cause
/// Heavy Wounds at 3 is as final as a Finger of Death).
fn pressing(pos: &View, a: &Analysis, s: &Instance) -> bool {
    let row = table::entry(s.spell);
    let immune = table::element(s.spell).is_some_and(|el| resists(pos, a.me, el));
    let lethal = pos.wizard(a.me).is_some_and(|w| row.damage >= w.hp);
    s.possible()
        && s.progress > 0
        && s.ttc <= HORIZON
        && (row.danger >= WORTH_ANSWERING || lethal)
        && !immune
        && matches!(
            row.family,
            Family::Damage | Family::Poison | Family::Disruption | Family::Storm
        )
        && s.spell != Spell::Invisibility
}

/// Whether own spell `x`, completing in `x.ttc` turns, stops `s` when it
/// lands. A mirror, a counter-spell or a dispel stands for its own turn
/// only, so it must complete on the very turn `s` does, not a turn before;
/// a resistance lasts, so by then will do. A storm of the opposite element
/// cancels a storm, and spares the victim of a ball where the book says so
/// (not in Death Match, where the storm still strikes everyone).
fn blocks(x: &Instance, s: &Instance) -> bool {
    let storm = table::entry(s.spell).family == Family::Storm;
    let element = table::element(s.spell);
    match x.spell {
        Spell::ResistHeat => element == Some(Element::Fire) && x.ttc <= s.ttc,
        Spell::ResistCold => element == Some(Element::Cold) && x.ttc <= s.ttc,
        _ if x.ttc != s.ttc => false,
        Spell::DispelMagic => true,
        Spell::MagicMirror => !storm,
        Spell::IceStorm => {
            element == Some(Element::Fire) && (storm || s.rules.storm_spares_bolt_subject())
        }
        Spell::FireStorm => {
            element == Some(Element::Cold) && (storm || s.rules.storm_spares_bolt_subject())
        }
        // A counter-spell spares its subject from every spell of its turn,
        // storms included, in every book (spellcast-rules(7); Gesticulation's
        // storm "cannot be countered" as a whole, yet the counter's subject
        // is spared); no book's counter-spell stops Finger of Death.
        _ if table::is_counter_spell(x.spell) => s.spell != Spell::FingerOfDeath,
        _ => false,
    }
}

/// Whether own spell `x` lands early enough to spoil the gestures `s` still
/// needs: a Fear where one of them is C, D, F or S; a Paralysis or a Charm
/// Person on the hand (the answers choose the threatening hand); an
/// Anti-spell, which wipes the spell's start.
fn spoils(x: &Instance, s: &Instance) -> bool {
    if x.ttc >= s.ttc {
        return false;
    }
    match x.spell {
        Spell::Fear => s
            .remaining()
            .any(|(g, _)| s.rules.fear_forbids().contains(&g)),
        Spell::CharmPerson => s.rules.charm_person_seizes_hand(),
        // The hand repeats the gesture it makes now (Amnesia), or that
        // gesture frozen (a clap, snap, wave become fingers, digit, palm):
        // no spoil when that is the gesture the spell needs next anyway
        // (a Finger of Death's S then D under Paralysis).
        Spell::Amnesia => landing_pair(x, s).is_none_or(|(now, then)| now != then),
        Spell::Paralysis => landing_pair(x, s).is_none_or(|(now, then)| now.paralysed() != then),
        Spell::Charm | Spell::AntiSpell => true,
        _ => false,
    }
}

/// The gesture `s` needs on the turn `x` lands and the one it needs the
/// turn after (when `x` lands before `s`'s last gesture).
fn landing_pair(x: &Instance, s: &Instance) -> Option<(Gesture, Gesture)> {
    let k = usize::try_from(x.ttc).ok()?.checked_sub(1)?;
    let mut rest = s.remaining().map(|(g, _)| g).skip(k);
    Some((rest.next()?, rest.next()?))
}

/// Whether own spell `x` lands a blow of two or more points on the enemy
/// with its next gesture (a wound, bolt, ball, storm, Finger of Death).
pub fn blow_lands_now(pos: &View, a: &Analysis, x: &Instance) -> bool {
    let row = table::entry(x.spell);
    x.ttc == 1
        && x.progress > 0
        && matches!(row.family, Family::Damage | Family::Storm)
        && row.damage >= 2
        && a.enemy
            .is_some_and(|e| !table::element(x.spell).is_some_and(|el| resists(pos, e, el)))
}

/// Gesture pairs that take the next step of one of the wizard's own blows
/// one or two gestures from landing (a wound, bolt, ball, storm or Finger of
/// Death the enemy does not resist), the other hand doing what the baseline
/// would (`usual`). Offered to the search for either side, so that its
/// columns hold every finishing gesture the enemy has, not only those the
/// baseline's priorities rank first.
pub fn finishing(pos: &View, a: &Analysis, usual: (Gesture, Gesture)) -> Vec<(Gesture, Gesture)> {
    let mut blows: Vec<&Instance> = a
        .own
        .iter()
        .filter(|x| {
            let row = table::entry(x.spell);
            x.possible()
                && x.progress > 0
                && x.ttc <= HORIZON
                && matches!(row.family, Family::Damage | Family::Storm)
                && row.damage >= 2
                && !a
                    .enemy
                    .is_some_and(|e| table::element(x.spell).is_some_and(|el| resists(pos, e, el)))
        })
        .collect();
    blows.sort_by_key(|x| (x.ttc, -table::entry(x.spell).damage));
    let mut out = Vec::new();
    for x in blows {
        let pair = step_of(x, usual);
        if pair != (Gesture::Palm, Gesture::Palm) && !out.contains(&pair) {
            out.push(pair);
        }
    }
    out
}

/// Whether the pair `(left, right)` takes the next step of one of the
/// wizard's own blows at most `within` gestures from landing (the blows
/// of [`finishing`]), whatever the other hand does: the enemy's columns
/// that carry a blow the searching wizard can see coming.
pub fn steps_a_blow(pos: &View, a: &Analysis, pair: (Gesture, Gesture), within: i32) -> bool {
    a.own.iter().any(|x| {
        let row = table::entry(x.spell);
        let made = |h: usize| if h == 0 { pair.0 } else { pair.1 };
        x.possible()
            && x.progress > 0
            && x.ttc <= within.min(HORIZON)
            && matches!(row.family, Family::Damage | Family::Storm)
            && row.damage >= 2
            && !a
                .enemy
                .is_some_and(|e| table::element(x.spell).is_some_and(|el| resists(pos, e, el)))
            && made(x.hand.index()) == x.next
            && (!x.next_both || made(x.hand.other().index()) == x.next)
    })
}

/// The pair that takes `x`'s next step, the other hand doing `usual`'s
/// (or resting, where that would make a surrender or a second stab).
fn step_of(x: &Instance, usual: (Gesture, Gesture)) -> (Gesture, Gesture) {
    let pair = if x.next_both {
        (x.next, x.next)
    } else if x.hand.index() == 0 {
        (x.next, usual.1)
    } else {
        (usual.0, x.next)
    };
    match pair {
        (Gesture::Palm, Gesture::Palm) | (Gesture::Stab, Gesture::Stab) if !x.next_both => {
            if x.hand.index() == 0 {
                (x.next, Gesture::Nothing)
            } else {
                (Gesture::Nothing, x.next)
            }
        }
        p => p,
    }
}

/// Gesture pairs that take one step of an answer to a pressing threat, the
/// other hand doing what the baseline would (`usual`). Best first: answers
/// to the most dangerous threats, quickest first.
/// In a free-for-all every opponent's threats count, not only the rival's.
pub fn answers(pos: &View, a: &Analysis, usual: (Gesture, Gesture)) -> Vec<(Gesture, Gesture)> {
    let others: Vec<Instance> = opponents(pos, a.me)
        .filter(|&e| Some(e) != a.enemy)
        .flat_map(|e| instances(pos, e, Side::Enemy))
        .collect();
    let mut threats: Vec<&Instance> = a
        .theirs
        .iter()
        .chain(&others)
        .filter(|s| pressing(pos, a, s))
        .collect();
    threats.sort_by_key(|s| (-table::entry(s.spell).danger, s.ttc));
    let may = allowed(pos, a.me);
    let restarts: Vec<Instance> = a
        .own
        .iter()
        .filter(|x| x.possible())
        .filter_map(Instance::restarted)
        .filter(|x| {
            may[x.hand.index()].contains(x.next)
                && (!x.next_both || may[x.hand.other().index()].contains(x.next))
        })
        .collect();
    let mut out = Vec::new();
    for s in threats {
        for x in a.own.iter().filter(|x| x.possible()).chain(&restarts) {
            if !(blocks(x, s) || spoils(x, s)) {
                continue;
            }
            let pair = step_of(x, usual);
            if pair != (Gesture::Palm, Gesture::Palm) && !out.contains(&pair) {
                out.push(pair);
            }
        }
        for pair in held_answers(a, s, usual, &may) {
            if !out.contains(&pair) {
                out.push(pair);
            }
        }
    }
    out
}

/// Gesture pairs that keep an answer under way where it is for a turn, so
/// that it stands the turn blow `s` lands rather than the turn before (a
/// Counter-spell D-D-S with D-D made, a blow two turns off: D now, S then).
fn held_answers(
    a: &Analysis,
    s: &Instance,
    usual: (Gesture, Gesture),
    may: &[super::progress::GestureSet; 2],
) -> Vec<(Gesture, Gesture)> {
    let mut out = Vec::new();
    for x in a.own.iter().filter(|x| x.possible() && x.progress > 0) {
        let (h, o) = (x.hand.index(), x.hand.other().index());
        for &g in x.rules.gestures[h] {
            if g == x.next || !may[h].contains(g) {
                continue;
            }
            let both = may[o].contains(g) && x.rules.gestures[o].contains(&g);
            let held = Instance {
                ttc: x.lands_in_after(g, both),
                ..*x
            };
            if !blocks(&held, s) {
                continue;
            }
            let alone = held.ttc == x.lands_in_after(g, false);
            let pair = match (alone, h) {
                (false, _) => (g, g),
                (true, 0) => (g, usual.1),
                (true, _) => (usual.0, g),
            };
            let pair = match pair {
                (Gesture::Palm, Gesture::Palm) | (Gesture::Stab, Gesture::Stab) if alone => {
                    if h == 0 {
                        (g, Gesture::Nothing)
                    } else {
                        (Gesture::Nothing, g)
                    }
                }
                p => p,
            };
            if !out.contains(&pair) {
                out.push(pair);
            }
        }
    }
    out
}

/// Gesture pairs that make an answer stand this very turn against an
/// enemy blow landing this turn that would kill at the wizard's hit points
/// (the other hand doing `usual`'s). A player who has learned the game
/// never lets such a blow land when he can stop it, so the rollouts play
/// these answers nearly always (see `candidates`): the search then reads a
/// line that starts an answer a turn ahead as the save it is.
pub fn lethal_answers_now(
    pos: &View,
    a: &Analysis,
    usual: (Gesture, Gesture),
) -> Vec<(Gesture, Gesture)> {
    let Some(hp) = pos.wizard(a.me).map(|w| w.hp) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for s in a.theirs.iter().filter(|s| {
        let row = table::entry(s.spell);
        let immune = table::element(s.spell).is_some_and(|el| resists(pos, a.me, el));
        s.possible()
            && s.progress > 0
            && s.ttc == 1
            && !immune
            && (s.spell == Spell::FingerOfDeath
                || (matches!(row.family, Family::Damage | Family::Storm) && row.damage >= hp))
    }) {
        for x in a.own.iter().filter(|x| x.possible() && x.ttc == 1) {
            if blocks(x, s) {
                let pair = step_of(x, usual);
                if pair != (Gesture::Palm, Gesture::Palm) && !out.contains(&pair) {
                    out.push(pair);
                }
            }
        }
    }
    out
}

/// Whether own spell `x` stops one of the enemy's pressing blows when it
/// lands. Answers asked before the reveal read the enemy's rows without
/// this turn's (not yet seen) while the wizard's own row is in: his spell
/// then lands a turn later than `x.ttc` counts from the enemy's reading,
/// so either count is taken.
pub fn answers_a_blow(pos: &View, a: &Analysis, x: &Instance) -> bool {
    let later = Instance {
        ttc: x.ttc + 1,
        ..*x
    };
    a.theirs
        .iter()
        .filter(|s| pressing(pos, a, s))
        .any(|s| blocks(x, s) || blocks(&later, s))
}

/// Gesture pairs that land one of the wizard's own blows this turn with
/// enough to kill the enemy at his hit points (a storm only when its
/// caster lives through it). The other side of [`lethal_answers_now`]: a
/// player who has learned the game lands such a blow, so the rollouts do
/// nearly always, and the threat the search weighs is the real one.
pub fn lethal_blows_now(
    pos: &View,
    a: &Analysis,
    usual: (Gesture, Gesture),
) -> Vec<(Gesture, Gesture)> {
    let Some(enemy) = a.enemy else {
        return Vec::new();
    };
    let (Some(their_hp), Some(my_hp)) = (
        pos.wizard(enemy).map(|w| w.hp),
        pos.wizard(a.me).map(|w| w.hp),
    ) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for x in a
        .own
        .iter()
        .filter(|x| x.possible() && x.progress > 0 && x.ttc == 1)
    {
        let row = table::entry(x.spell);
        let element = table::element(x.spell);
        let storm = row.family == Family::Storm;
        let kills = x.spell == Spell::FingerOfDeath
            || (matches!(row.family, Family::Damage | Family::Storm) && row.damage >= their_hp);
        let resisted = element.is_some_and(|el| resists(pos, enemy, el));
        let hurts_me =
            storm && row.damage >= my_hp && !element.is_some_and(|el| resists(pos, a.me, el));
        if kills && !resisted && !hurts_me {
            let pair = step_of(x, usual);
            if pair != (Gesture::Palm, Gesture::Palm) && !out.contains(&pair) {
                out.push(pair);
            }
        }
    }
    out
}
