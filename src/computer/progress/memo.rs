//! The last instance lists worked out, by what they were worked out from.
//! A rollout's wizards read many positions that share a wizard's recent
//! gestures and mind spells (the rollouts from one cell often play the same
//! first moves), and an instance list depends on nothing else, so a list
//! read once is copied instead of measured again. Per thread, so matches
//! played side by side share nothing; the lists are the same either way.

use super::{Instance, Side};
use std::cell::RefCell;

/// Everything [`super::instances`] reads of a position: equal keys give
/// equal lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Key {
    /// The book's place in `RuleSet::ALL`.
    pub book: usize,
    /// Both hands' recent histories, packed.
    pub hist: [u64; 2],
    /// Each hand's allowed gestures.
    pub allowed: [u8; 2],
    /// Whose numbers the list uses.
    pub side: Side,
}

impl Key {
    /// The slot the key is kept in.
    fn slot(&self) -> usize {
        let side = match self.side {
            Side::Own { book } => u64::from(book) + 1,
            Side::Enemy => 0,
        };
        let mixed = self.hist[0]
            ^ self.hist[1].rotate_left(29)
            ^ (u64::from(self.allowed[0]) << 8 | u64::from(self.allowed[1])).rotate_left(47)
            ^ (side << 4 | self.book as u64).rotate_left(13);
        (mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOT_BITS)) as usize
    }
}

/// log2 of the number of lists kept: 1,024 of some 3 KB each. At 4,096
/// they hit more often but outgrow the cache, which costs more time than
/// the hits save (tests/bench/README.md, issue 33, session 7).
const SLOT_BITS: u32 = 10;

/// One slot: a list and the key it was worked out for.
type Slot = Option<(Key, Vec<Instance>)>;

thread_local! {
    static KEPT: RefCell<Vec<Slot>> = RefCell::new(vec![None; 1 << SLOT_BITS]);
}

/// The list kept for `key`, else `work()`'s, kept for next time.
pub(super) fn remembered(key: Key, work: impl FnOnce() -> Vec<Instance>) -> Vec<Instance> {
    let slot = key.slot();
    let hit = KEPT.with(|kept| match &kept.borrow()[slot] {
        Some((k, list)) if *k == key => Some(list.clone()),
        _ => None,
    });
    if let Some(list) = hit {
        return list;
    }
    let list = work();
    KEPT.with(|kept| match &mut kept.borrow_mut()[slot] {
        Some((k, old)) => {
            *k = key;
            old.clear();
            old.extend_from_slice(&list);
        }
        empty => *empty = Some((key, list.clone())),
    });
    list
}
