//! What Gesticulation keeps on a being between turns: whom its Charm
//! Person keeps the wizard from aiming at (spellcast-rules(7),
//! GESTICULATION; `charm.rs`).

use crate::engine::ids::BeingId;

/// A being's Gesticulation state.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Marks {
    /// (charmer, turn): in that turn this wizard may aim no spell and no
    /// monster at the charmer.
    pub shun: Option<(BeingId, u32)>,
}

impl Marks {
    /// The charmer this wizard may not aim at on `turn`, if any.
    pub(crate) fn shuns(&self, turn: u32) -> Option<BeingId> {
        match self.shun {
            Some((charmer, t)) if t == turn => Some(charmer),
            _ => None,
        }
    }
}
