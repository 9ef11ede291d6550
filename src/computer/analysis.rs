//! The baseline's reading of a position (its steps 1–3, see `easy.rs`):
//! the enemy's most dangerous spell on each hand, the monsters on each side,
//! and the bot's own spell list with its priorities adjusted, best first.

use super::progress::{instances, resort_best_first, Instance, Side};
use super::rivals::rival_with_threats;
use super::table::{self, Element, Family};
use super::view_ext::{seen_gesture, BeingExt, ViewExt};
use crate::engine::{BeingKind, Hand, PlayerId, Spell, View};

// The baseline's priority adjustments (step 3). Priorities run from about 0
// to 20 (a spell's base worth scaled by its progress), so these sizes say
// how far each circumstance moves a spell against the others.

/// Turns a resist not in the bot's list is taken to be away: more than any
/// storm or elemental needs, so a spell of that element always waits for it.
const RESIST_OUT_OF_REACH: i32 = 5;
/// A spell that would be wasted (its element resisted, or blocked by the
/// enemy's counter-spell or mirror) drops this much: below the next plan of
/// the same hand in most positions, without forbidding it.
const WASTED: i32 = 5;
/// A spell that answers a pressing need (a cure when low or diseased, a
/// dispel against a deadly countdown) gains this much.
const NEEDED: i32 = 5;
/// A damage spell that kills the enemy this turn gains this much: enough to
/// put it ahead of every other plan.
const KILLING_SHOT: i32 = 10;
/// Protection gains this much when the enemy's monsters outfight ours.
const UNDER_ATTACK: i32 = 3;
/// A summons completing into each enemy counter (Counter-spell, Charm
/// Monster) drops this much.
const SUMMONS_COUNTERED: i32 = 3;
/// Hit points at or below which a cure completing now is pressing.
const LOW_HP: i32 = 5;
/// Enemy monster attack from which protection pays when our monsters cannot
/// kill theirs in one round.
const MONSTER_PRESSURE: i32 = 2;
/// Enemy monster attack that always calls for protection, unless we have
/// fewer hit points than this (then any attack does).
const MONSTER_THREAT: i32 = 3;
/// The priority of a spell never to pursue (a second resist, a used short
/// bolt, a paralysis that loops): below anything an adjustment can add.
const NEVER: i32 = -100;
/// The priority of a spell the bot only makes as a last resort (Shield and
/// a stab, whose gestures the other plans already offer; an elemental it
/// cannot survive).
const LAST_RESORT: i32 = -5;
/// The priority of an elemental summons once started with its element in
/// reach: kept going, but behind any better plan.
const ELEMENTAL_STARTED: i32 = 3;
/// Paralysis is F-F-F: a hand whose last this many gestures were all F has
/// just cast it, and is not set to cast it again at once.
const PARALYSIS_LOOP: usize = 3;

/// The enemy's predicted spell on one hand.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Threat {
    /// The spell in progress.
    pub instance: Instance,
    /// `danger × progress / length`.
    pub score: f64,
}

/// Monster strength on each side (step 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Census {
    /// Summed attack of the bot's monsters.
    pub own_attack: i32,
    /// Summed attack of the enemy's monsters.
    pub enemy_attack: i32,
    /// Summed hit points of the enemy's monsters.
    pub enemy_hp: i32,
}

/// Everything the baseline's later steps read.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// The bot's wizard.
    pub me: PlayerId,
    /// The wizard it plays against, if one is left.
    pub enemy: Option<PlayerId>,
    /// Own instances with adjusted priorities, best first.
    pub own: Vec<Instance>,
    /// The enemy's instances valued by danger, in table order.
    pub theirs: Vec<Instance>,
    /// The enemy's predicted spell per hand (left, right).
    pub predicted: [Option<Threat>; 2],
    /// Monster strength.
    pub census: Census,
}

impl Analysis {
    /// Reads `pos` for wizard `me`, whose own spells are limited to `book` level.
    /// In a free-for-all the enemy is `me`'s rival (see [`rivals`](super::rivals)).
    pub fn new(pos: &View, me: PlayerId, book: u8) -> Analysis {
        match rival_with_threats(pos, me) {
            Some((enemy, theirs)) => Analysis::build(pos, me, Some(enemy), theirs, book),
            None => Analysis::build(pos, me, None, Vec::new(), book),
        }
    }

    /// Reads `pos` for wizard `me` facing wizard `enemy`.
    pub fn against(pos: &View, me: PlayerId, enemy: PlayerId, book: u8) -> Analysis {
        let theirs = instances(pos, enemy, Side::Enemy);
        Analysis::build(pos, me, Some(enemy), theirs, book)
    }

    fn build(
        pos: &View,
        me: PlayerId,
        enemy: Option<PlayerId>,
        theirs: Vec<Instance>,
        book: u8,
    ) -> Analysis {
        let mut theirs = theirs;
        if enemy.is_some_and(|e| completed_before(pos, e, Spell::LightningBoltShort)) {
            // The short bolt is once a duel: one he has cast is no threat.
            for x in theirs
                .iter_mut()
                .filter(|x| x.spell == Spell::LightningBoltShort)
            {
                x.progress = -1;
            }
        }
        let census = census(pos, me);
        let predicted = predict(pos, me, &theirs);
        let mut analysis = Analysis {
            me,
            enemy,
            own: instances(pos, me, Side::Own { book }),
            theirs,
            predicted,
            census,
        };
        // The list comes best first; the adjustments move a few.
        let mut was = [0; 2 * Spell::ALL.len()];
        for (w, x) in was.iter_mut().zip(&analysis.own) {
            *w = x.priority;
        }
        analysis.adjust(pos);
        let n = analysis.own.len().min(was.len());
        resort_best_first(&mut analysis.own, &was[..n]);
        analysis
    }

    /// Whether the enemy can complete a spell matching `which` next turn.
    pub fn enemy_can_finish(&self, which: impl Fn(Spell) -> bool) -> bool {
        self.theirs
            .iter()
            .any(|x| x.possible() && x.ttc == 1 && which(x.spell))
    }

    /// The enemy hand with the more dangerous spell in progress (left on ties).
    pub fn danger_hand(&self) -> Hand {
        let score = |h: Hand| self.predicted[h.index()].map_or(-1.0, |t| t.score);
        if score(Hand::Right) > score(Hand::Left) {
            Hand::Right
        } else {
            Hand::Left
        }
    }

    /// Step 3: the adjustments of own priorities, in the baseline's order,
    /// with the fixed mode's corrections (either of disease and poison, cold
    /// resistance counted, HP read for cures and killing shots).
    fn adjust(&mut self, pos: &View) {
        // What the enemy can finish next turn, read in one pass (as
        // `enemy_can_finish` asks it of each spell).
        let (mut enemy_counter, mut enemy_mirror, mut enemy_charm_monster) = (false, false, false);
        for x in self.theirs.iter().filter(|x| x.possible() && x.ttc == 1) {
            enemy_counter |= table::is_counter_spell(x.spell);
            enemy_mirror |= x.spell == Spell::MagicMirror;
            enemy_charm_monster |= x.spell == Spell::CharmMonster;
        }
        let me = pos.wizard(self.me);
        let my_hp = me.map_or(0, |b| b.hp);
        let enemy_hp = self
            .enemy
            .and_then(|e| pos.wizard(e))
            .map_or(i32::MAX, |b| b.hp);
        let disease = me.and_then(|b| b.disease_turns());
        let poison = me.and_then(|b| b.poison_turns());
        // Own turns until a resist of each element is up (0 if resistant,
        // else the soonest in the list, else `RESIST_OUT_OF_REACH`), and
        // each hand's soonest Paralysis: the list read once for all four.
        let resist_spells = [Element::Fire, Element::Cold].map(table::resist_for);
        let mut soonest_resist = [None::<i32>; 2];
        let mut para = [i32::MAX; 2];
        for x in self.own.iter().filter(|x| x.possible()) {
            for (soonest, spell) in soonest_resist.iter_mut().zip(resist_spells) {
                if x.spell == spell {
                    *soonest = Some(soonest.map_or(x.ttc, |t| t.min(x.ttc)));
                }
            }
            if x.spell == Spell::Paralysis {
                let p = &mut para[x.hand.index()];
                *p = (*p).min(x.ttc);
            }
        }
        let etas = [Element::Fire, Element::Cold].map(|el| {
            if resists(pos, self.me, el) {
                0
            } else {
                soonest_resist[el as usize].unwrap_or(RESIST_OUT_OF_REACH)
            }
        });
        let census = self.census;
        let enemy_resists = |el| self.enemy.is_some_and(|e| resists(pos, e, el));
        let enemy_resists = [enemy_resists(Element::Fire), enemy_resists(Element::Cold)];
        let last_three_f = |h: Hand| {
            let hist = pos.hand_history(self.me, h);
            hist.len() >= PARALYSIS_LOOP
                && hist[hist.len() - PARALYSIS_LOOP..]
                    .iter()
                    .all(|g| *g == Some(crate::engine::Gesture::Fingers))
        };
        for x in &mut self.own {
            let row = table::entry(x.spell);
            let mut p = x.priority;
            if let Some(el) = table::element(x.spell) {
                let eta = etas[el as usize];
                if eta > x.ttc + 1 {
                    p -= WASTED;
                }
                if enemy_resists[el as usize] {
                    p -= WASTED;
                }
            }
            if row.family == Family::Shield
                && ((census.enemy_attack >= MONSTER_PRESSURE
                    && census.own_attack < census.enemy_hp)
                    || census.enemy_attack >= my_hp.min(MONSTER_THREAT))
            {
                p += UNDER_ATTACK;
            }
            if x.ttc == 1 && x.possible() {
                if row.family == Family::Summon {
                    p -= SUMMONS_COUNTERED * (enemy_counter as i32 + enemy_charm_monster as i32);
                }
                let blockable = matches!(
                    row.family,
                    Family::Storm | Family::Damage | Family::Poison | Family::Disruption
                );
                if blockable && (enemy_counter || enemy_mirror) {
                    p -= WASTED;
                }
                if row.family == Family::Damage && row.damage >= enemy_hp {
                    p += KILLING_SHOT;
                }
                if row.family == Family::Cure && my_hp <= LOW_HP {
                    p += NEEDED;
                }
            }
            let in_time = |turns: Option<u32>| turns.is_some_and(|t| x.ttc <= t as i32);
            match x.spell {
                Spell::CureHeavyWounds if in_time(disease) => p += NEEDED,
                Spell::RemoveEnchantment | Spell::DispelMagic if in_time(disease.max(poison)) => {
                    p += NEEDED
                }
                Spell::Paralysis
                    if last_three_f(x.hand)
                        || para[x.hand.other().index()] < para[x.hand.index()] =>
                {
                    p = NEVER
                }
                Spell::LightningBoltShort if pos.short_lightning_used => p = NEVER,
                Spell::ResistCold if resists(pos, self.me, Element::Cold) => p = NEVER,
                Spell::ResistHeat if resists(pos, self.me, Element::Fire) => p = NEVER,
                Spell::SummonElemental => {
                    // One elemental, its element chosen later: usable if some element is (nearly) resisted.
                    let usable: Vec<usize> = (0..2).filter(|&i| etas[i] <= x.ttc + 1).collect();
                    if usable.is_empty() {
                        p = LAST_RESORT;
                    } else if x.progress > 0 {
                        p = ELEMENTAL_STARTED;
                    } else if usable.iter().all(|&i| enemy_resists[i]) {
                        p -= WASTED;
                    }
                }
                Spell::SummonFireElemental | Spell::SummonIceElemental => {
                    // Gesticulation's elementals name their element: one the
                    // bot cannot resist in time would turn on it.
                    let el = table::element(x.spell).map_or(0, |el| el as usize);
                    if etas[el] > x.ttc + 1 {
                        p = LAST_RESORT;
                    } else if x.progress > 0 {
                        p = p.max(ELEMENTAL_STARTED);
                    }
                }
                Spell::Shield | Spell::Stab => p = LAST_RESORT,
                _ => {}
            }
            x.priority = p;
        }
    }
}

/// Whether `player`'s rows, as the seat saw them, complete `spell` on some
/// turn already played (in either hand; both-hands steps in both).
pub fn completed_before(pos: &View, player: PlayerId, spell: Spell) -> bool {
    completed_in(pos, player, spell, false)
}

/// Whether `player`'s last row seen completes `spell`: after the reveal,
/// a spell he casts this turn (its effect not yet in his enchantments).
pub fn completes_last_row(pos: &View, player: PlayerId, spell: Spell) -> bool {
    completed_in(pos, player, spell, true)
}

fn completed_in(pos: &View, player: PlayerId, spell: Spell, last_only: bool) -> bool {
    if !pos.rules.has(spell) {
        return false;
    }
    // The steps are read from the book each time: no list to allocate.
    let info = pos.rules.info(spell);
    let rows = pos.rows(player);
    let n = info.steps().len();
    let first = if last_only { rows.len().max(n) } else { n };
    (first..=rows.len()).any(|end| {
        [Hand::Left, Hand::Right].into_iter().any(|hand| {
            info.steps().enumerate().all(|(i, (g, both))| {
                let row = rows[end - n + i];
                seen_gesture(row[hand.index()]) == Some(g)
                    && (!both || seen_gesture(row[hand.other().index()]) == Some(g))
            })
        })
    })
}

/// Whether wizard `player` resists an element now.
pub fn resists(pos: &View, player: PlayerId, element: Element) -> bool {
    pos.wizard(player).is_some_and(|b| match element {
        Element::Fire => b.resists_heat(),
        Element::Cold => b.resists_cold(),
    })
}

/// Step 2: summed monster strength of each side. An elemental counts for the
/// enemy unless the bot resists it.
fn census(pos: &View, me: PlayerId) -> Census {
    let mut c = Census::default();
    for b in &pos.beings {
        if b.kind == BeingKind::Wizard {
            continue;
        }
        let ours = b.controller == Some(me);
        let harmless = match b.kind {
            BeingKind::FireElemental => resists(pos, me, Element::Fire),
            BeingKind::IceElemental => resists(pos, me, Element::Cold),
            _ => false,
        };
        if ours {
            c.own_attack += b.attack();
        } else if !harmless {
            c.enemy_attack += b.attack();
            c.enemy_hp += b.hp;
        }
    }
    c
}

/// Step 1: the enemy's most dangerous started spell on each hand (first seen wins ties).
fn predict(pos: &View, me: PlayerId, theirs: &[Instance]) -> [Option<Threat>; 2] {
    let mut out: [Option<Threat>; 2] = [None, None];
    let has_monsters = pos.monsters_of(me).next().is_some();
    // Read once, not once a spell of the element.
    let resisted = [Element::Fire, Element::Cold].map(|el| resists(pos, me, el));
    for x in theirs {
        if x.progress <= 0 || x.progress >= x.length || x.length <= 1 {
            continue;
        }
        let immune = match table::element(x.spell) {
            Some(el) => resisted[el as usize],
            None => false,
        };
        if immune || (x.spell == Spell::CharmMonster && !has_monsters) {
            continue;
        }
        let score = f64::from(table::entry(x.spell).danger * x.progress) / f64::from(x.length);
        let slot = &mut out[x.hand.index()];
        if slot.is_none_or(|t| score > t.score) {
            *slot = Some(Threat {
                instance: *x,
                score,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::computer::sketch;
    use crate::engine::Gesture::*;

    #[test]
    fn the_enemy_prediction_and_danger_hand() {
        let mut pos = sketch::opening(2, 0);
        sketch::push_row(&mut pos, 0, Digit, Digit);
        sketch::push_row(&mut pos, 1, Snap, Wave);
        let a = Analysis::new(&pos, PlayerId::new(0), 5);
        let left = a.predicted[0].expect("left threat");
        assert_eq!(left.instance.spell, Spell::Missile);
        assert!((left.score - 5.0).abs() < 1e-9);
        let right = a.predicted[1].expect("right threat");
        assert_eq!(right.instance.spell, Spell::CauseLightWounds);
        assert_eq!(a.danger_hand(), Hand::Left);
    }

    #[test]
    fn an_enemy_short_bolt_already_cast_is_no_threat() {
        let mut pos = sketch::opening(2, 0);
        for (l, r) in [
            (Wave, Nothing),
            (Digit, Nothing),
            (Digit, Nothing),
            (Clap, Clap),
        ] {
            sketch::push_row(&mut pos, 1, l, r);
            sketch::push_row(&mut pos, 0, Nothing, Nothing);
        }
        assert!(completed_before(
            &pos,
            PlayerId::new(1),
            Spell::LightningBoltShort
        ));
        assert!(!completed_before(
            &pos,
            PlayerId::new(0),
            Spell::LightningBoltShort
        ));
        // W D D again: one clap from a second short bolt, which the rules refuse.
        for g in [Wave, Digit, Digit] {
            sketch::push_row(&mut pos, 1, g, Nothing);
            sketch::push_row(&mut pos, 0, Nothing, Nothing);
        }
        let a = Analysis::new(&pos, PlayerId::new(0), 5);
        assert!(a
            .theirs
            .iter()
            .filter(|x| x.spell == Spell::LightningBoltShort)
            .all(|x| !x.possible()));
    }

    #[test]
    fn adjustments_forbid_a_second_resist_and_used_short_lightning() {
        let mut pos = sketch::opening(2, 0);
        pos.beings[0].flags = "H".into();
        pos.short_lightning_used = true;
        let a = Analysis::new(&pos, PlayerId::new(0), 5);
        let pri = |s: Spell| a.own.iter().find(|x| x.spell == s).map(|x| x.priority);
        assert_eq!(pri(Spell::ResistHeat), Some(-100));
        assert_eq!(pri(Spell::LightningBoltShort), Some(-100));
        assert_eq!(pri(Spell::Shield), Some(-5));
    }

    #[test]
    fn a_killing_shot_jumps_the_queue() {
        let mut pos = sketch::opening(2, 0);
        sketch::push_row(&mut pos, 0, Snap, Wave);
        pos.beings[1].hp = 1;
        let a = Analysis::new(&pos, PlayerId::new(0), 5);
        assert_eq!(a.own[0].spell, Spell::Missile);
        assert_eq!(a.own[0].priority, 6 + 10);
    }
}
