//! The order an instance list is read in, best first: higher priority,
//! then sooner, then higher rank, then the right hand, then the later
//! table entry (the fixed mode's total order in place of the baseline's
//! non-transitive comparator).

use super::Instance;
use crate::computer::keyed_sort::sort_by_keys;
use crate::engine::{Hand, Spell};
use std::cmp::Reverse;

/// Sorts a list best first with a total order (the fixed mode's replacement of
/// the baseline's non-transitive comparator): higher priority, then sooner,
/// then higher rank, then the right hand, then the later table entry.
pub fn sort_best_first(list: &mut [Instance]) {
    // No two instances share a key (spell and hand differ), so the order is
    // total and any sort gives the same list. The keys usually fit one
    // integer (with the list index in the low byte), which sorts fastest.
    if !sort_by_keys(list, |i, x| packed_key(x, i), |k| (k & 0xFF) as usize) {
        sort_by_fields(list);
    }
}

/// [`sort_best_first`] for a list that was best first until some of its
/// priorities changed (`was[i]`: element `i`'s priority then): the others
/// are still in order, so only the changed ones are sorted, and merged back.
pub fn resort_best_first(list: &mut [Instance], was: &[i32]) {
    const MOVED_AT_MOST: usize = 24;
    const MOST: usize = 2 * Spell::ALL.len();
    let Some(&first) = list.first() else {
        return;
    };
    if list.len() > MOST || was.len() != list.len() {
        sort_best_first(list);
        return;
    }
    // The analysis moves a handful (a rollout's lists about seven): a
    // short buffer, whose filling costs less than a whole list's; a list
    // with more moved is sorted whole (the same order: it is total).
    let mut moved = [first; MOVED_AT_MOST];
    let (mut m, mut kept) = (0, 0);
    for i in 0..list.len() {
        if list[i].priority == was[i] {
            // Nothing to copy until the first moved one.
            if kept != i {
                list[kept] = list[i];
            }
            kept += 1;
        } else if m == MOVED_AT_MOST {
            // All back in the list (`kept + m == i`), sorted whole.
            list[kept..i].copy_from_slice(&moved);
            sort_best_first(list);
            return;
        } else {
            moved[m] = list[i];
            m += 1;
        }
    }
    let moved = &mut moved[..m];
    sort_best_first(moved);
    // Merged from the back: the later of the two tails goes last.
    let (mut i, mut j, mut w) = (kept, m, list.len());
    while j > 0 {
        w -= 1;
        if i > 0 && order(&moved[j - 1]) < order(&list[i - 1]) {
            list[w] = list[i - 1];
            i -= 1;
        } else {
            list[w] = moved[j - 1];
            j -= 1;
        }
    }
}

/// Where an instance stands in [`sort_best_first`]'s order, smaller first.
fn order(
    x: &Instance,
) -> (
    Reverse<i32>,
    i32,
    Reverse<i32>,
    Reverse<bool>,
    Reverse<usize>,
) {
    (
        Reverse(x.priority),
        x.ttc,
        Reverse(x.entry().rank),
        Reverse(x.hand == Hand::Right),
        Reverse(x.spell.index()),
    )
}

/// [`sort_best_first`] on the key's fields (for keys too wide to pack).
pub(super) fn sort_by_fields(list: &mut [Instance]) {
    list.sort_by_cached_key(order);
}

/// The sort key of [`sort_best_first`] in one integer, smaller first:
/// reversed priority (16 bits), ttc (8), reversed rank (8), left hand (1),
/// reversed spell index (8), list index `i` (8); `None` if a field does not fit.
pub(super) fn packed_key(x: &Instance, i: usize) -> Option<u64> {
    let field = |v: i64, bits: u32| u64::try_from(v).ok().filter(|&v| v < 1 << bits);
    let priority = field(0x7FFF - i64::from(x.priority), 16)?;
    let ttc = field(i64::from(x.ttc), 8)?;
    let rank = field(0xFF - i64::from(x.entry().rank), 8)?;
    let left = u64::from(x.hand != Hand::Right);
    let spell = field(0xFF - x.spell.index() as i64, 8)?;
    let index = field(i as i64, 8)?;
    Some(priority << 41 | ttc << 33 | rank << 25 | left << 24 | spell << 16 | index)
}
