//! What a book notes on a being during one round's resolution beyond the
//! shared `Zaps`: one value per being, typed by the book that writes it
//! (each book's `zaps.rs`), so that a shared stage reads none of one
//! book's fields. It is scratch: made blank with the round's zaps at each
//! resolution, as `BookMarks` is what a book keeps between turns.

use super::{deathmatch, gesticulation};
use crate::engine::gesture::Hand;

/// A being's book notes for the round: blank until its book first writes them.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) enum BookZaps {
    /// Nothing noted: the original's book, or a being its book has not noted.
    #[default]
    Blank,
    /// Death Match's hit points and sight at the start, and its missiles.
    DeathMatch(deathmatch::Zaps),
    /// Gesticulation's seized hands and sight.
    Gesticulation(gesticulation::Zaps),
}

impl BookZaps {
    /// Whether monsters cannot see the being this round, where its book
    /// decides it apart from Invisibility's counter (Gesticulation: as the
    /// round began); `None`: the counter decides.
    pub(crate) fn unseen(&self) -> Option<bool> {
        match self {
            BookZaps::Gesticulation(z) => z.unseen,
            _ => None,
        }
    }

    /// A cast naming the hand it seizes landed here: only Gesticulation's
    /// Paralysis names its hand when cast (`gesticulation/paralysis.rs`),
    /// so the count is its book's.
    pub(crate) fn seize(&mut self, hand: Hand) {
        self.gesticulation().seize(hand);
    }

    /// Death Match's notes, if its resolver has written any.
    pub(crate) fn deathmatch_seen(&self) -> Option<&deathmatch::Zaps> {
        match self {
            BookZaps::DeathMatch(z) => Some(z),
            _ => None,
        }
    }

    /// Death Match's notes, made so if blank.
    pub(crate) fn deathmatch(&mut self) -> &mut deathmatch::Zaps {
        if let BookZaps::DeathMatch(z) = self {
            return z;
        }
        *self = BookZaps::DeathMatch(deathmatch::Zaps::default());
        match self {
            BookZaps::DeathMatch(z) => z,
            _ => unreachable!("made Death Match's just above"),
        }
    }

    /// Gesticulation's notes, if its resolver has written any.
    pub(crate) fn gesticulation_seen(&self) -> Option<&gesticulation::Zaps> {
        match self {
            BookZaps::Gesticulation(z) => Some(z),
            _ => None,
        }
    }

    /// Gesticulation's notes, made so if blank.
    pub(crate) fn gesticulation(&mut self) -> &mut gesticulation::Zaps {
        if let BookZaps::Gesticulation(z) = self {
            return z;
        }
        *self = BookZaps::Gesticulation(gesticulation::Zaps::default());
        match self {
            BookZaps::Gesticulation(z) => z,
            _ => unreachable!("made Gesticulation's just above"),
        }
    }
}
