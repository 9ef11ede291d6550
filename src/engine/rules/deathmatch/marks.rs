//! What Death Match keeps on a being between turns (spellcast-rules(7),
//! DEATH MATCH): its clap announcements, the leeches biting it, and a
//! Frost Bolt's frozen turn.

use crate::engine::inline_list::{Blank, InlineList};
use crate::engine::spellbook::Spell;

/// Announcements of the last eight rows: one a row at most (see
/// `claps.rs`), each with its history row, kept inline so that a being's
/// copy allocates nothing for them.
pub(crate) type Announced = InlineList<(u32, Spell), 8>;

impl Blank for (u32, Spell) {
    const BLANK: Self = (0, Spell::Stab);
}

/// A being's Death Match state.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Marks {
    /// Each two-handed clap's announced spell, by history row (only the
    /// last eight rows' count).
    pub announced: Announced,
    /// Leeches biting this being each turn ("leeches stack").
    pub leeches: u8,
    /// Frozen by a Frost Bolt: absent next turn, no move, no row.
    pub sits_out: bool,
}

impl Marks {
    /// The status list's letters: `L` for a leech's host.
    pub(crate) fn flags(&self) -> &'static str {
        if self.leeches > 0 {
            "L"
        } else {
            ""
        }
    }
}
