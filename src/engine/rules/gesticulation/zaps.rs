//! What Gesticulation notes on a being during one round's resolution
//! (spellcast-rules(7), GESTICULATION), in its `BookZaps`.

use crate::engine::gesture::Hand;

/// A being's Gesticulation notes for the round.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Zaps {
    /// Paralyses landing here at the (left, right) hand (`paralysis.rs`).
    pub seized: [u8; 2],
    /// Whether monsters cannot see the being this round: invisible as the
    /// round began (`sight.rs`); `None` for a being made during the round.
    pub unseen: Option<bool>,
}

impl Zaps {
    /// One more Paralysis landed at `hand`.
    pub(crate) fn seize(&mut self, hand: Hand) {
        let n = &mut self.seized[hand.index()];
        *n = n.saturating_add(1);
    }
}
