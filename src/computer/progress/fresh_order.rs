//! The book's fixed order of fresh starts: most of an own instance list is
//! spells not yet begun, whose places in the best-first order depend only
//! on the book, so they are worked out once and only the rest is sorted.

use super::order::{packed_key, sort_by_fields};
use super::{
    book_index, measure_shape, plannable_spells, sort_best_first, GestureSet, Hands, Instance,
    PerBook, BEFORE,
};
use crate::engine::{Gesture, Hand, RuleSet, Spell};

/// Where each spell's instance on each hand stands in the best-first order
/// when it is a fresh start (no gesture made, the next one allowed), and
/// the priority it has then: most of an own list is fresh starts, whose
/// order is fixed by the book (see [`best_first_from_fresh`]).
struct FreshOrder {
    /// Per `2 × spell index + hand index`: the place, or `u8::MAX` for a
    /// spell the book does not plan.
    place: [u8; 2 * Spell::COUNT],
    /// Per `2 × spell index + hand index`: a fresh start's priority
    /// (`i32::MIN` where it cannot start afresh).
    priority: [i32; 2 * Spell::COUNT],
    /// Per place: its instance's sort key ([`packed_key`] without the
    /// list index), in order.
    keys: Vec<u64>,
}

/// The index of an instance in [`FreshOrder`]'s tables.
fn fresh_index(spell: Spell, hand: Hand) -> usize {
    2 * spell.index() + hand.index()
}

/// The fresh-start order of a book's plannable spells, worked out once;
/// `None` when a key does not fit its packed form.
fn fresh_order(rules: &'static RuleSet) -> Option<&'static FreshOrder> {
    static TABLES: PerBook<Option<FreshOrder>> =
        [const { std::sync::OnceLock::new() }; RuleSet::ALL.len()];
    let built = TABLES[book_index(rules)].get_or_init(|| {
        // Every spell measured on a hand with no rows, every gesture allowed.
        let none = Hands {
            hist: [u64::MAX / 0xFF * BEFORE; 2],
        };
        let all = [GestureSet::of(&Gesture::ALL); 2];
        let mut list = Vec::new();
        for p in plannable_spells(rules) {
            for hand in Hand::BOTH {
                let mut x = measure_shape(&none, rules, &p.shape, p.spell, hand, &all);
                x.priority = p.own[(x.progress + 1) as usize];
                list.push(x);
            }
        }
        sort_by_fields(&mut list);
        let mut order = FreshOrder {
            place: [u8::MAX; 2 * Spell::COUNT],
            priority: [i32::MIN; 2 * Spell::COUNT],
            keys: Vec::with_capacity(list.len()),
        };
        for (place, x) in list.iter().enumerate() {
            let i = fresh_index(x.spell, x.hand);
            order.place[i] = u8::try_from(place).ok().filter(|&p| p != u8::MAX)?;
            if x.progress == 0 {
                order.priority[i] = x.priority;
            }
            order.keys.push(packed_key(x, 0)?);
        }
        Some(order)
    });
    built.as_ref()
}

/// `list` (an own list in table order) best first, as [`sort_best_first`]
/// puts it: its fresh starts are already in order (the book's, worked out
/// once), so only the others (spells under way, not allowed, or whose
/// priority a bigger summons took) are sorted, and the two merged. A
/// whole sort cost some 11,000 instructions a list; the order is total
/// (no two instances share spell and hand), so the list is the same.
pub(super) fn best_first_from_fresh(
    rules: &'static RuleSet,
    mut list: Vec<Instance>,
) -> Vec<Instance> {
    let Some(order) = fresh_order(rules).filter(|_| list.len() < usize::from(u8::MAX)) else {
        sort_best_first(&mut list);
        return list;
    };
    // Per place in the fresh order, the list's fresh instance there.
    let mut fresh_at = [u8::MAX; 2 * Spell::COUNT];
    // The others' keys (each with its list index in the low byte).
    let mut others = [0u64; 2 * Spell::COUNT];
    let mut n = 0;
    for (i, x) in list.iter().enumerate() {
        let f = fresh_index(x.spell, x.hand);
        if x.progress == 0 && x.priority == order.priority[f] {
            if let Some(at) = fresh_at.get_mut(usize::from(order.place[f])) {
                *at = i as u8;
                continue;
            }
        }
        match (packed_key(x, i), others.get_mut(n)) {
            (Some(k), Some(slot)) => *slot = k,
            _ => {
                sort_best_first(&mut list);
                return list;
            }
        }
        n += 1;
    }
    let others = &mut others[..n];
    others.sort_unstable();
    let mut out = Vec::with_capacity(list.len());
    let mut rest = others.iter().peekable();
    for (place, &at) in fresh_at.iter().enumerate() {
        if at == u8::MAX {
            continue;
        }
        // The keys differ above the index byte: spell and hand are distinct.
        let key = order.keys[place] >> 8;
        while let Some(&k) = rest.next_if(|&&k| k >> 8 < key) {
            out.push(list[(k & 0xFF) as usize]);
        }
        out.push(list[usize::from(at)]);
    }
    out.extend(rest.map(|&k| list[(k & 0xFF) as usize]));
    out
}
