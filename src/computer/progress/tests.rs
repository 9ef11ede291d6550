//! Spell instances measured on hand-made positions.

use super::order::{packed_key, sort_by_fields};
use super::*;
use crate::computer::sketch;
use crate::engine::Gesture::*;

fn find(list: &[Instance], spell: Spell, hand: Hand) -> Instance {
    *list
        .iter()
        .find(|x| x.spell == spell && x.hand == hand)
        .expect("instance listed")
}

#[test]
fn fresh_starts_and_priorities_follow_the_formula() {
    let pos = sketch::opening(2, 0);
    let own = instances(&pos, PlayerId::new(0), Side::Own { book: 5 });
    let missile = find(&own, Spell::Missile, Hand::Left);
    assert_eq!((missile.ttc, missile.progress, missile.next), (2, 0, Snap));
    assert_eq!(missile.priority, 3);
    assert_eq!(find(&own, Spell::Confusion, Hand::Right).priority, 4);
    assert_eq!(find(&own, Spell::Paralysis, Hand::Right).priority, 3);
}

#[test]
fn progress_needs_the_other_hand_for_both_hand_steps() {
    let mut pos = sketch::opening(2, 0);
    sketch::push_row(&mut pos, 0, Clap, Digit);
    let own = instances(&pos, PlayerId::new(0), Side::Own { book: 5 });
    // cDPW needs a clap on both hands: the left clap alone starts nothing.
    assert_eq!(find(&own, Spell::DispelMagic, Hand::Left).progress, 0);
    sketch::push_row(&mut pos, 0, Clap, Clap);
    let own = instances(&pos, PlayerId::new(0), Side::Own { book: 5 });
    let dispel = find(&own, Spell::DispelMagic, Hand::Left);
    assert_eq!((dispel.progress, dispel.ttc, dispel.next), (1, 3, Digit));
    let mirror = find(&own, Spell::MagicMirror, Hand::Right);
    assert_eq!((mirror.ttc, mirror.next, mirror.next_both), (1, Wave, true));
    assert_eq!(mirror.priority, 6);
}

#[test]
fn fear_makes_a_started_spell_impossible() {
    let mut pos = sketch::opening(2, 0);
    sketch::push_row(&mut pos, 1, Snap, Wave);
    pos.beings[1].effects.push(crate::engine::EffectView {
        spell: Spell::Fear,
        hand: None,
        turns: None,
    });
    let theirs = instances(&pos, PlayerId::new(1), Side::Enemy);
    let missile = find(&theirs, Spell::Missile, Hand::Left);
    assert_eq!(
        (missile.progress, missile.ttc, missile.priority),
        (-1, 3, 0)
    );
    // W-P-P stays open: the next gesture is a palm.
    let counter = find(&theirs, Spell::CounterSpell, Hand::Right);
    assert_eq!((counter.progress, counter.next), (1, Palm));
}

#[test]
fn a_summon_as_close_but_worth_more_lends_its_priority() {
    let pos = sketch::opening(2, 0);
    let allowed = allowed(&pos, PlayerId::new(0));
    let mut troll = measure(
        &pos,
        PlayerId::new(0),
        Spell::SummonTroll,
        Hand::Left,
        15,
        &allowed,
    );
    let mut goblin = measure(
        &pos,
        PlayerId::new(0),
        Spell::SummonGoblin,
        Hand::Left,
        14,
        &allowed,
    );
    troll.ttc = 3;
    troll.priority = 2;
    goblin.priority = 3;
    let ogre = measure(
        &pos,
        PlayerId::new(0),
        Spell::SummonOgre,
        Hand::Left,
        13,
        &allowed,
    );
    let mut list = vec![troll, ogre, goblin];
    merge_summons(&mut list);
    assert_eq!(list.len(), 2);
    assert_eq!((list[0].spell, list[0].priority), (Spell::SummonTroll, 3));
    assert_eq!(list[1].spell, Spell::SummonOgre);
}

#[test]
fn packed_keys_sort_as_the_fields_do() {
    let mut pos = sketch::opening(2, 0);
    sketch::push_row(&mut pos, 0, Snap, Wave);
    sketch::push_row(&mut pos, 0, Fingers, Fingers);
    sketch::push_row(&mut pos, 1, Wave, Palm);
    for p in 0..2 {
        for side in [Side::Own { book: 5 }, Side::Enemy] {
            let mut list = instances(&pos, PlayerId::new(p), side);
            list[3].priority = -100;
            list[7].priority = 30;
            let mut by_fields = list.clone();
            sort_by_fields(&mut by_fields);
            sort_best_first(&mut list);
            assert_eq!(list, by_fields);
        }
    }
    let mut wide = instances(&pos, PlayerId::new(0), Side::Enemy);
    wide[0].priority = i32::MIN;
    assert!(packed_key(&wide[0], 0).is_none());
}

#[test]
fn sorting_is_best_first() {
    let pos = sketch::opening(2, 0);
    let mut own = instances(&pos, PlayerId::new(0), Side::Own { book: 5 });
    sort_best_first(&mut own);
    let head: Vec<(Spell, Hand)> = own.iter().take(5).map(|x| (x.spell, x.hand)).collect();
    assert_eq!(
        head,
        vec![
            (Spell::Confusion, Hand::Right),
            (Spell::Confusion, Hand::Left),
            (Spell::Amnesia, Hand::Right),
            (Spell::Amnesia, Hand::Left),
            (Spell::Missile, Hand::Right),
        ]
    );
}

#[test]
fn a_list_resorted_after_some_changes_is_in_the_full_order() {
    let mut pos = sketch::opening(2, 0);
    sketch::push_row(&mut pos, 0, Snap, Wave);
    sketch::push_row(&mut pos, 0, Fingers, Fingers);
    for changes in [0usize, 1, 5, 30, 60] {
        let mut list = instances(&pos, PlayerId::new(0), Side::Own { book: 5 });
        let was: Vec<i32> = list.iter().map(|x| x.priority).collect();
        for k in 0..changes {
            let i = (k * 7) % list.len();
            list[i].priority = (k as i32 * 13) % 29 - 10;
        }
        let mut expected = list.clone();
        sort_by_fields(&mut expected);
        resort_best_first(&mut list, &was);
        assert_eq!(list, expected, "{changes} changed");
    }
}

/// An own list measured in table order and sorted whole by the fields:
/// what [`instances`] gave before it merged the fresh starts in.
fn own_sorted_whole(pos: &View, player: PlayerId, book: u8) -> Vec<Instance> {
    let (hands, allowed) = (Hands::of(pos, player), allowed(pos, player));
    let mut out = Vec::new();
    for p in plannable_spells(pos.rules)
        .iter()
        .filter(|p| p.book <= book)
    {
        for hand in Hand::BOTH {
            let mut x = measure_shape(&hands, pos.rules, &p.shape, p.spell, hand, &allowed);
            x.priority = p.own[(x.progress + 1) as usize];
            out.push(x);
        }
    }
    merge_summons(&mut out);
    sort_by_fields(&mut out);
    out
}

#[test]
fn own_lists_merged_from_fresh_starts_are_sorted_whole() {
    let pairs = [
        (Snap, Wave),
        (Fingers, Fingers),
        (Clap, Clap),
        (Wave, Palm),
        (Digit, Snap),
        (Palm, Digit),
        (Fingers, Stab),
        (Wave, Wave),
        (Snap, Snap),
        (Digit, Digit),
        (Nothing, Fingers),
        (Palm, Palm),
    ];
    for rules in RuleSet::ALL {
        for seed in 0..40usize {
            let mut pos = sketch::opening(2, 0);
            pos.rules = rules;
            for row in 0..(seed % 9) {
                let (l, r) = pairs[(seed * 7 + row * (seed % 5 + 1)) % pairs.len()];
                sketch::push_row(&mut pos, 0, l, r);
            }
            for book in 1..=5 {
                let me = PlayerId::new(0);
                let list = instances(&pos, me, Side::Own { book });
                assert_eq!(
                    list,
                    own_sorted_whole(&pos, me, book),
                    "seed {seed}, book {book}"
                );
            }
        }
    }
}
