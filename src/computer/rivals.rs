//! Free-for-alls: which of several opponents a wizard reads as *the* enemy.
//! The baseline's steps (what threatens me, what to answer, whom to aim at,
//! where the monsters go) and the search's columns all face one wizard; in a
//! duel of three or more that is the *rival*: the opponent who threatens
//! most (spells in progress that are not shrugged off, monsters) or is
//! nearest to death (a wizard killed is one threat gone for good). With one
//! opponent left the rival is simply that opponent.

use super::analysis::resists;
use super::progress::{instances, Instance, Side};
use super::table::{self, Element};
use super::view_ext::{BeingExt, ViewExt};
use crate::engine::{BeingKind, PlayerId, Spell, View};

/// A point of monster attack counts this much against a point of spell
/// threat (`danger × progress / length`, up to about 20 a hand): a monster
/// hits every turn, a spell once.
const MONSTER_WEIGHT: f64 = 2.0;

/// Each hit point an opponent has lost counts this much: a badly hurt
/// wizard is worth finishing before he recovers or someone else takes him.
const WEAKNESS_WEIGHT: f64 = 1.0;

/// The living wizards other than `me`, in player order.
pub fn opponents(pos: &View, me: PlayerId) -> impl Iterator<Item = PlayerId> + '_ {
    pos.beings
        .iter()
        .filter(move |b| b.kind == BeingKind::Wizard && b.id.as_player() != me)
        .map(|b| b.id.as_player())
}

/// How much opponent `e`, whose spells in progress are `theirs`, matters to `me`.
fn weight(pos: &View, me: PlayerId, e: PlayerId, theirs: &[Instance]) -> f64 {
    let mut hands = [0.0f64; 2];
    let has_monsters = pos.monsters_of(me).next().is_some();
    // Read once, not once a spell of the element.
    let resisted = [Element::Fire, Element::Cold].map(|el| resists(pos, me, el));
    for x in theirs {
        if !x.possible() || x.progress <= 0 || x.length <= 1 {
            continue;
        }
        let immune = table::element(x.spell).is_some_and(|el| resisted[el as usize]);
        if immune || (x.spell == Spell::CharmMonster && !has_monsters) {
            continue;
        }
        let score = f64::from(table::entry(x.spell).danger * x.progress) / f64::from(x.length);
        let slot = &mut hands[x.hand.index()];
        *slot = slot.max(score);
    }
    let monsters: i32 = pos.monsters_of(e).map(|m| m.attack()).sum();
    // The book's own hit points (Death Match's 20, not the original's 15).
    let full = pos.rules.hit_points;
    let hp = pos.wizard(e).map_or(full, |b| b.hp);
    hands[0]
        + hands[1]
        + MONSTER_WEIGHT * f64::from(monsters)
        + WEAKNESS_WEIGHT * f64::from((full - hp).max(0))
}

/// The rival of `me` with its spells in progress (read as threats), or
/// `None` when no opponent is left. The first opponent wins ties, so a
/// two-wizard duel reads exactly its one opponent.
pub fn rival_with_threats(pos: &View, me: PlayerId) -> Option<(PlayerId, Vec<Instance>)> {
    let mut all = opponents(pos, me);
    let first = all.next()?;
    let first_list = instances(pos, first, Side::Enemy);
    let mut rest = all.peekable();
    if rest.peek().is_none() {
        return Some((first, first_list));
    }
    let mut best_weight = weight(pos, me, first, &first_list);
    let mut best = (first, first_list);
    for e in rest {
        let list = instances(pos, e, Side::Enemy);
        let w = weight(pos, me, e, &list);
        if w > best_weight {
            best_weight = w;
            best = (e, list);
        }
    }
    Some(best)
}

/// The rival of `me` (see the module notes).
pub fn rival(pos: &View, me: PlayerId) -> Option<PlayerId> {
    let mut all = opponents(pos, me);
    let first = all.next()?;
    if all.next().is_none() {
        return Some(first);
    }
    rival_with_threats(pos, me).map(|(e, _)| e)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::computer::sketch;
    use crate::engine::Gesture::*;

    #[test]
    fn one_opponent_is_the_rival() {
        let pos = sketch::opening(2, 0);
        assert_eq!(rival(&pos, PlayerId::new(0)), Some(PlayerId::new(1)));
        assert_eq!(rival(&pos, PlayerId::new(1)), Some(PlayerId::new(0)));
    }

    #[test]
    fn the_wizard_building_a_spell_is_the_rival_in_a_free_for_all() {
        let mut pos = sketch::opening(3, 0);
        assert_eq!(rival(&pos, PlayerId::new(0)), Some(PlayerId::new(1)));
        // Wizard 2 is one gesture into Cause Heavy Wounds (W-P-F-D) on both hands.
        for p in 0..3 {
            let g = if p == 2 { Wave } else { Nothing };
            sketch::push_row(&mut pos, p, g, g);
        }
        assert_eq!(rival(&pos, PlayerId::new(0)), Some(PlayerId::new(2)));
        let (e, theirs) = rival_with_threats(&pos, PlayerId::new(0)).expect("a rival");
        assert_eq!(e, PlayerId::new(2));
        assert!(theirs.iter().any(|x| x.progress > 0));
    }

    #[test]
    fn a_wounded_or_monster_led_opponent_is_the_rival() {
        let mut pos = sketch::opening(3, 0);
        pos.beings[2].hp = 4;
        assert_eq!(rival(&pos, PlayerId::new(0)), Some(PlayerId::new(2)));
        let mut pos = sketch::opening(3, 0);
        pos.beings
            .push(sketch::being(3, BeingKind::Goblin, Some(2)));
        assert_eq!(rival(&pos, PlayerId::new(1)), Some(PlayerId::new(2)));
    }
}
