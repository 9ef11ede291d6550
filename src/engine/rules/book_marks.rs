//! What a book keeps on a being beyond the marks every book shares: one
//! value per being, typed by the book that writes it (each book's
//! `marks.rs`), so that a shared stage reads none of one book's fields.
//! It lives in the being's `Marks` and ends with them (death, raising,
//! Dispel Magic), as one value.

use super::{deathmatch, gesticulation};
use crate::engine::ids::BeingId;
use crate::engine::spellbook::Spell;

/// A being's book state: blank until its book first writes it.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) enum BookMarks {
    /// Nothing kept: the original's book, or a being its book has not marked.
    #[default]
    Blank,
    /// Death Match's announcements, leeches and frozen turn.
    DeathMatch(deathmatch::Marks),
    /// Gesticulation's Charm Person.
    Gesticulation(gesticulation::Marks),
}

impl BookMarks {
    /// The spells this wizard announced with his claps, by history row
    /// (only Death Match announces): the views tell them where they show
    /// the clap.
    pub(crate) fn announced(&self) -> &[(u32, Spell)] {
        match self {
            BookMarks::DeathMatch(m) => &m.announced,
            _ => &[],
        }
    }

    /// Keeps only the announcements `keep` accepts (a determinised copy
    /// drops those its seat may not see).
    pub(crate) fn retain_announced(&mut self, keep: impl FnMut(&(u32, Spell)) -> bool) {
        if let BookMarks::DeathMatch(m) = self {
            m.announced.retain(keep);
        }
    }

    /// The status list's letters the book adds after the shared ones.
    pub(crate) fn flags(&self) -> &'static str {
        match self {
            BookMarks::DeathMatch(m) => m.flags(),
            _ => "",
        }
    }

    /// Whether the being sits the coming turn out (no move, no row), which
    /// the asking spends (Death Match's Frost Bolt).
    pub(crate) fn take_sits_out(&mut self) -> bool {
        match self {
            BookMarks::DeathMatch(m) => std::mem::take(&mut m.sits_out),
            _ => false,
        }
    }

    /// The being this wizard may not aim at on `turn`, if any
    /// (Gesticulation's Charm Person).
    pub(crate) fn shuns(&self, turn: u32) -> Option<BeingId> {
        match self {
            BookMarks::Gesticulation(m) => m.shuns(turn),
            _ => None,
        }
    }

    /// Death Match's marks, if the book has written any.
    pub(crate) fn deathmatch_seen(&self) -> Option<&deathmatch::Marks> {
        match self {
            BookMarks::DeathMatch(m) => Some(m),
            _ => None,
        }
    }

    /// Death Match's marks, made so if blank.
    pub(crate) fn deathmatch(&mut self) -> &mut deathmatch::Marks {
        if !matches!(self, BookMarks::DeathMatch(_)) {
            *self = BookMarks::DeathMatch(deathmatch::Marks::default());
        }
        match self {
            BookMarks::DeathMatch(m) => m,
            _ => unreachable!("made Death Match's just above"),
        }
    }

    /// Gesticulation's marks, made so if blank.
    pub(crate) fn gesticulation(&mut self) -> &mut gesticulation::Marks {
        if !matches!(self, BookMarks::Gesticulation(_)) {
            *self = BookMarks::Gesticulation(gesticulation::Marks::default());
        }
        match self {
            BookMarks::Gesticulation(m) => m,
            _ => unreachable!("made Gesticulation's just above"),
        }
    }
}
