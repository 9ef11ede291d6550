//! A static evaluator for the end of a rollout:
//! a weighted sum of differences between the two wizards, squashed into
//! (-1, 1), where ±1 is a won or lost duel. The weights, one set per book,
//! are a file's (`weights.rs`: how they are fitted, and why they are hand-set).

use super::analysis::resists;
use super::progress::{instances, Side};
use super::rivals::opponents;
use super::table::{self, Element};
use super::view_ext::{BeingExt, ViewExt, UNCOUNTED_TURNS};
use super::weights::{built_in, Coefficients, Table};
use crate::engine::{BeingKind, Hand, PlayerId, RuleSet, Spell, View};

/// Each feature is `player`'s measure minus the enemy's.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Features {
    /// Hit points, each weighing more the fewer are left.
    pub hp: f64,
    /// Hit points the enemy is sure to lose to Disease or Poison (and we not).
    pub pending: f64,
    /// Attack of monsters that obey each side, elementals counted against the non-resistant.
    pub monsters: f64,
    /// Spells in progress: per hand the best `danger × progress / length`.
    pub threat: f64,
    /// Resistances held (heat, cold).
    pub resist: f64,
    /// Protection up: Shield effects and Protection from Evil.
    pub shields: f64,
}

/// The evaluator's weights: one set of [`Coefficients`] per book, the
/// built-in fitted file's (`weights.rs`) unless a caller hands another table.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Weights {
    table: &'static Table,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights { table: built_in() }
    }
}

impl Weights {
    /// Weights from `table`.
    pub fn new(table: &'static Table) -> Weights {
        Weights { table }
    }

    /// The set for the book `rules`.
    pub fn of(&self, rules: &RuleSet) -> &Coefficients {
        self.table.of(rules)
    }
}

/// A wizard's own measures; the features are differences of two of these.
#[derive(Debug, Clone, Copy, Default)]
struct Measures {
    hp: f64,
    doomed: f64,
    monsters: f64,
    threat: f64,
    resist: f64,
    shields: f64,
}

/// The hit points over which a point's weight falls by a factor of e: small
/// against a wizard's full hit points, so the last few points weigh most.
const HP_SCALE: f64 = 6.0;

/// Hit points as they weigh in the evaluation: each point counts more the
/// fewer are left (the last ones decide the duel), and the book's full hit
/// points (`full`: 15 in the original, 20 in Death Match) weigh as many.
fn weighed_hp(hp: i32, full: i32) -> f64 {
    let x = f64::from(hp.max(0));
    let full = f64::from(full.max(1));
    full * (1.0 - (-x / HP_SCALE).exp()) / (1.0 - (-full / HP_SCALE).exp())
}

/// Whether `victim` shrugs off `spell` by a resistance it holds.
fn immune(pos: &View, victim: Option<PlayerId>, spell: Spell) -> bool {
    match (victim, table::element(spell)) {
        (Some(v), Some(el)) => resists(pos, v, el),
        _ => false,
    }
}

fn measure(pos: &View, player: PlayerId, opponent: Option<PlayerId>) -> Measures {
    let Some(w) = pos.wizard(player) else {
        return Measures::default();
    };
    let doomed = match (w.disease_turns(), w.poison_turns()) {
        (None, None) => 0.0,
        (d, p) => {
            let turns = d.into_iter().chain(p).min().unwrap_or(UNCOUNTED_TURNS);
            let most = f64::from(UNCOUNTED_TURNS);
            weighed_hp(w.hp, pos.rules.hit_points)
                * (most + 1.0 - f64::from(turns.min(UNCOUNTED_TURNS)))
                / most
        }
    };
    let mut monsters: f64 = pos.monsters_of(player).map(|m| f64::from(m.attack())).sum();
    for e in pos.elementals() {
        let element = if e.kind == BeingKind::FireElemental {
            Element::Fire
        } else {
            Element::Cold
        };
        if !resists(pos, player, element) {
            monsters -= f64::from(e.attack());
        }
    }
    let list = instances(pos, player, Side::Enemy);
    let threat: f64 = Hand::BOTH
        .iter()
        .map(|h| {
            list.iter()
                .filter(|x| x.hand == *h && x.possible() && x.progress > 0)
                .filter(|x| !immune(pos, opponent, x.spell))
                .map(|x| f64::from(table::entry(x.spell).danger * x.progress) / f64::from(x.length))
                .fold(0.0, f64::max)
        })
        .sum();
    let resist = f64::from(w.resists_heat() as u8 + w.resists_cold() as u8);
    let protected = w.has(Spell::ProtectionFromEvil) || w.has(Spell::ProtectionFromHarm);
    let shields = f64::from(w.has(Spell::Shield) as u8 + protected as u8);
    Measures {
        hp: weighed_hp(w.hp, pos.rules.hit_points),
        doomed,
        monsters,
        threat,
        resist,
        shields,
    }
}

/// The features of `pos` for `player` against its (first) opponent.
pub fn features(pos: &View, player: PlayerId) -> Features {
    features_against(pos, player, pos.opponent_of(player))
}

/// The features of `pos` for `player` against wizard `enemy`.
pub fn features_against(pos: &View, player: PlayerId, enemy: Option<PlayerId>) -> Features {
    let me = measure(pos, player, enemy);
    let them = enemy.map_or_else(Measures::default, |e| measure(pos, e, Some(player)));
    Features {
        hp: me.hp - them.hp,
        pending: them.doomed - me.doomed,
        monsters: me.monsters - them.monsters,
        threat: me.threat - them.threat,
        resist: me.resist - them.resist,
        shields: me.shields - them.shields,
    }
}

/// `player` against `enemy` alone, in (-1, 1).
fn head_to_head(pos: &View, player: PlayerId, enemy: PlayerId, w: &Weights) -> f64 {
    let f = features_against(pos, player, Some(enemy));
    let w = w.of(pos.rules);
    let sum = w.hp * f.hp
        + w.pending * f.pending
        + w.monsters * f.monsters
        + w.threat * f.threat
        + w.resist * f.resist
        + w.shields * f.shields;
    sum.tanh()
}

/// The value of `pos` for `player`: +1 won, -1 lost, 0 drawn or even.
///
/// Against several opponents (a free-for-all) each one is weighed head to
/// head, read as the chance `(1 + v) / 2` of outlasting him, and the duel is
/// won by outlasting them all: the value is `2 × product − 1`. With one
/// opponent that is the head-to-head value itself; with more, gains against
/// the opponent one is losing to weigh most, and killing one counts fully.
pub fn evaluate(pos: &View, player: PlayerId, w: &Weights) -> f64 {
    let alive = pos.is_alive(player);
    let mut rivals = opponents(pos, player);
    let first = rivals.next();
    match (alive, first) {
        (true, None) => return 1.0,
        (false, Some(_)) => return -1.0,
        (false, None) => return 0.0,
        (true, Some(_)) => {}
    }
    let Some(first) = first else {
        return 0.0;
    };
    let Some(second) = rivals.next() else {
        return head_to_head(pos, player, first, w);
    };
    let chance = |e: PlayerId| (1.0 + head_to_head(pos, player, e, w)) / 2.0;
    let all = [first, second]
        .into_iter()
        .chain(rivals)
        .map(chance)
        .product::<f64>();
    2.0 * all - 1.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::computer::sketch;
    use crate::engine::EffectView;
    use crate::engine::Gesture::*;

    #[test]
    fn an_even_opening_is_worth_nothing_and_hp_counts() {
        let mut pos = sketch::opening(2, 0);
        let w = Weights::default();
        assert_eq!(evaluate(&pos, PlayerId::new(0), &w), 0.0);
        pos.beings[1].hp = 10;
        let v = evaluate(&pos, PlayerId::new(0), &w);
        assert!(v > 0.2 && v < 1.0, "{v}");
        // The last hit points weigh most.
        let mut low = sketch::opening(2, 0);
        low.beings[0].hp = 2;
        low.beings[1].hp = 1;
        assert!(
            evaluate(&low, PlayerId::new(0), &w) > v,
            "one point at the end outweighs five at the start"
        );
        assert!(
            (evaluate(&pos, PlayerId::new(1), &w) + v).abs() < 1e-12,
            "zero-sum"
        );
    }

    #[test]
    fn a_free_for_all_is_won_by_outlasting_every_opponent() {
        let w = Weights::default();
        let me = PlayerId::new(0);
        let even = sketch::opening(3, 0);
        // Even against two: a half chance against each, a quarter in all.
        assert!((evaluate(&even, me, &w) + 0.5).abs() < 1e-12);
        let mut hurt = sketch::opening(3, 0);
        hurt.beings[2].hp = 5;
        assert!(evaluate(&hurt, me, &w) > evaluate(&even, me, &w));
        // One opponent dead: the duel is the head-to-head with the other.
        let mut one_left = sketch::opening(3, 0);
        one_left.beings.remove(2);
        let duel = sketch::opening(2, 0);
        assert_eq!(evaluate(&one_left, me, &w), evaluate(&duel, me, &w));
        assert!(evaluate(&one_left, me, &w) > evaluate(&hurt, me, &w));
        // Both dead: won.
        one_left.beings.remove(1);
        assert_eq!(evaluate(&one_left, me, &w), 1.0);
    }

    #[test]
    fn a_dead_enemy_is_a_win() {
        let mut pos = sketch::opening(2, 0);
        pos.beings.remove(1);
        assert_eq!(evaluate(&pos, PlayerId::new(0), &Weights::default()), 1.0);
        let mut pos = sketch::opening(2, 0);
        pos.beings.remove(0);
        assert_eq!(evaluate(&pos, PlayerId::new(0), &Weights::default()), -1.0);
    }

    #[test]
    fn disease_monsters_and_spells_in_progress_count() {
        let mut pos = sketch::opening(2, 0);
        pos.beings[1].effects.push(EffectView {
            spell: Spell::Disease,
            hand: None,
            turns: Some(2),
        });
        let f = features(&pos, PlayerId::new(0));
        assert!((f.pending - 15.0 * 5.0 / 6.0).abs() < 1e-9, "{f:?}");
        pos.beings.push(sketch::being(2, BeingKind::Troll, Some(0)));
        pos.beings
            .push(sketch::being(3, BeingKind::IceElemental, None));
        pos.beings[0].flags = "C".into();
        assert_eq!(features(&pos, PlayerId::new(0)).monsters, 3.0 + 3.0);
        sketch::push_row(&mut pos, 0, Snap, Wave);
        let f = features(&pos, PlayerId::new(0));
        assert!(f.threat > 4.9, "{f:?}");
    }

    #[test]
    fn a_fireball_against_resist_heat_is_no_threat() {
        let mut pos = sketch::opening(2, 0);
        for g in [Fingers, Snap, Snap, Digit] {
            sketch::push_row(&mut pos, 1, Nothing, g);
            sketch::push_row(&mut pos, 0, Nothing, Nothing);
        }
        let exposed = features(&pos, PlayerId::new(0)).threat;
        pos.beings[0].flags = "H".into();
        let resisting = features(&pos, PlayerId::new(0)).threat;
        assert!(exposed < -5.0, "{exposed}");
        assert!(resisting > exposed + 5.0, "{resisting} vs {exposed}");
    }
}
