//! A short list kept inline, for the round's scratch: a search copies duels
//! by the million, and lists on the heap cost an allocation per copy.

use std::ops::Deref;

/// A filler for the unused slots of an [`InlineList`].
pub(crate) trait Blank: Copy {
    /// Any value: it is never read.
    const BLANK: Self;
}

/// Up to `N` (at most 255) copyable items, in place. Callers choose `N` as a
/// proven bound.
#[derive(Debug, Clone, Copy)]
pub(crate) struct InlineList<T: Blank, const N: usize> {
    len: u8,
    items: [T; N],
}

impl<T: Blank, const N: usize> Default for InlineList<T, N> {
    fn default() -> Self {
        InlineList {
            len: 0,
            items: [T::BLANK; N],
        }
    }
}

impl<T: Blank, const N: usize> InlineList<T, N> {
    /// Adds an item; beyond the bound (which callers prove cannot be
    /// reached) it is dropped rather than panicking.
    pub fn push(&mut self, item: T) {
        debug_assert!(
            usize::from(self.len) < N,
            "an inline list outgrew its bound"
        );
        let len = usize::from(self.len);
        if let Some(slot) = self.items.get_mut(len) {
            *slot = item;
            self.len += 1;
        }
    }

    /// Empties the list.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the items `keep` accepts, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        let mut kept = 0;
        for i in 0..usize::from(self.len) {
            if keep(&self.items[i]) {
                self.items[kept] = self.items[i];
                kept += 1;
            }
        }
        self.len = kept as u8;
    }
}

impl<T: Blank, const N: usize> Deref for InlineList<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }
}
