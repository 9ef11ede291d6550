//! The duel's beings as one list whose copies reuse a dropped copy's
//! buffers: a search copies a position, plays a round or a few and drops
//! the copy, millions of times, and a fresh list with a fresh history for
//! every wizard was three allocations and three frees a copy.

use super::being::Being;
use std::cell::Cell;
use std::ops::{Deref, DerefMut};

/// Every being of a duel, wizards first (a `Vec` in all but its copies:
/// see the module notes).
#[derive(Debug, Default)]
pub(crate) struct Beings(Vec<Being>);

thread_local! {
    /// One dropped list, its beings' histories with it (one is enough: a
    /// search drops a copy before it makes the next).
    static SPARE: Cell<Option<Vec<Being>>> = const { Cell::new(None) };
}

impl From<Vec<Being>> for Beings {
    fn from(list: Vec<Being>) -> Beings {
        Beings(list)
    }
}

impl Clone for Beings {
    /// A copy made over the dropped list of this thread if there is one
    /// (its beings copied into field by field, their histories' buffers kept).
    fn clone(&self) -> Beings {
        let spare = SPARE.try_with(Cell::take).ok().flatten();
        match spare {
            Some(list) => {
                let mut copy = Beings(list);
                copy.clone_from(self);
                copy
            }
            None => Beings(self.0.clone()),
        }
    }

    fn clone_from(&mut self, source: &Beings) {
        self.0.clone_from(&source.0);
    }
}

impl Drop for Beings {
    /// Leaves the list for the next copy on this thread; at thread exit the
    /// slot may be gone, and the list is then freed.
    fn drop(&mut self) {
        if self.0.capacity() == 0 {
            return;
        }
        let list = std::mem::take(&mut self.0);
        let _ = SPARE.try_with(|slot| slot.set(Some(list)));
    }
}

impl Deref for Beings {
    type Target = Vec<Being>;
    fn deref(&self) -> &Vec<Being> {
        &self.0
    }
}

impl DerefMut for Beings {
    fn deref_mut(&mut self) -> &mut Vec<Being> {
        &mut self.0
    }
}
