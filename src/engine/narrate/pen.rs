//! The pen that writes for one reader: second person for himself, names
//! and pronouns for everyone else.

use super::*;
use crate::engine::gesture::Seen;
use std::fmt::{self, Write};

/// Writes sentences for one reader.
pub(super) struct Pen<'a> {
    pub game: &'a Duel,
    pub viewer: Viewer,
}

impl Pen<'_> {
    pub fn me(&self, b: BeingId) -> bool {
        self.viewer == Viewer::Player(b.as_player())
    }
    /// Whether the reader saw wizard `w`'s history row `row` (not fogged:
    /// made invisibly, in a time stop, or while the reader was blind).
    pub fn sees_row(&self, w: BeingId, row: usize) -> bool {
        let reader = match self.viewer {
            Viewer::Player(p) => Some(p.index()),
            Viewer::Observer => None,
        };
        let history = &self.game.beings[w].history;
        history
            .get(row)
            .is_some_and(|r| !matches!(r.seen_by(w.index(), reader)[0], Seen::Fog))
    }
    pub fn name(&self, b: BeingId) -> &str {
        &self.game.beings[b].name
    }
    /// "you" or the name, as an object.
    pub fn whom(&self, b: BeingId) -> Words<'_> {
        self.either(b, "you", "")
    }
    /// "your" or "Name's".
    pub fn whose(&self, b: BeingId) -> Words<'_> {
        self.either(b, "your", "'s")
    }
    /// A verb agreeing with `who(b)`: `you cast` / `Name casts`.
    pub fn does<'a>(&'a self, b: BeingId, you: &'a str, them: &'a str) -> Words<'a> {
        if self.me(b) {
            Words(["You", " ", you])
        } else {
            Words([self.name(b), " ", them])
        }
    }
    /// `mine` for the reader himself, else the name followed by `suffix`.
    fn either<'a>(&'a self, b: BeingId, mine: &'a str, suffix: &'a str) -> Words<'a> {
        if self.me(b) {
            Words([mine, "", ""])
        } else {
            Words([self.name(b), suffix, ""])
        }
    }
    pub fn his(&self, b: BeingId) -> &'static str {
        if self.me(b) {
            "your"
        } else {
            self.game.beings[b].gender.possessive()
        }
    }
    pub fn himself(&self, b: BeingId) -> &'static str {
        if self.me(b) {
            "yourself"
        } else {
            self.game.beings[b].gender.reflexive()
        }
    }
}

/// A number in words up to eight (the original's), in digits beyond.
pub(super) fn count_word(n: u8) -> CountWord {
    CountWord(n)
}

/// See [`count_word`].
pub(super) struct CountWord(u8);

impl Piece for CountWord {
    fn put<W: Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        const WORDS: [&str; 9] = [
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
        ];
        match WORDS.get(usize::from(self.0)) {
            Some(w) => out.write_str(w),
            None => write_number(out, i64::from(self.0)),
        }
    }
}

/// A few pieces of a sentence written one after the other: what the pen's
/// helpers give, so that a line is written without building a string per
/// name or verb.
pub(super) struct Words<'a>([&'a str; 3]);

impl<'a> Words<'a> {
    /// One piece alone.
    pub fn of(word: &'a str) -> Words<'a> {
        Words([word, "", ""])
    }
}

/// Writes `n` in decimal into `out`, without the formatting machinery.
pub(super) fn write_number<W: Write + ?Sized>(out: &mut W, n: i64) -> fmt::Result {
    if n < 0 {
        out.write_char('-')?;
    }
    // Digit by digit: a number here has one or two, and turning the bytes
    // into a `str` would check them all again.
    crate::decimal::digits(n, &mut [0u8; 20])
        .iter()
        .try_for_each(|&d| out.write_char(char::from(d)))
}

/// A piece of a sentence that writes itself into the reader's text: the
/// narration's lines are written piece by piece with [`put!`], without a
/// string of their own and without the formatting machinery, which cost
/// more than the copying (most of a transcript is these lines).
pub(super) trait Piece {
    fn put<W: Write + ?Sized>(&self, out: &mut W) -> fmt::Result;
}

impl Piece for str {
    fn put<W: Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        out.write_str(self)
    }
}

impl Piece for String {
    fn put<W: Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        out.write_str(self)
    }
}

impl<T: Piece + ?Sized> Piece for &T {
    fn put<W: Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        (**self).put(out)
    }
}

impl Piece for Words<'_> {
    fn put<W: Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        self.0.iter().try_for_each(|w| out.write_str(w))
    }
}

/// Numbers are written in digits.
macro_rules! number_pieces {
    ($($t:ty),*) => {$(
        impl Piece for $t {
            fn put<W: Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
                write_number(out, i64::from(*self))
            }
        }
    )*};
}
number_pieces!(u8, u32, i32);

/// Writes each piece into `out` in turn, returning the error of the first
/// that fails: `put!(out, p.whom(b), " is stopped.")`.
macro_rules! put {
    ($out:expr $(, $piece:expr)+ $(,)?) => {{
        $( $crate::engine::narrate::pen::Piece::put(&$piece, &mut *$out)?; )+
    }};
}
pub(super) use put;

pub(super) fn harm_name(kind: Harm) -> &'static str {
    match kind {
        Harm::Stab => "stab",
        Harm::Missile => "Missile",
        Harm::LightWounds => "Cause Light Wounds",
        Harm::HeavyWounds => "Cause Heavy Wounds",
        Harm::Lightning => "Lightning Bolt",
        Harm::Fireball => "Fireball",
        Harm::Iceball => "Iceball",
        Harm::FireStorm => "Fire Storm",
        Harm::IceStorm => "Ice Storm",
        Harm::FingerOfDeath => "Finger of Death",
        Harm::MissileSwarm => "Missile Swarm",
        Harm::FrostBolt => "Frost Bolt",
        Harm::Onyx => "Onyx beam",
        Harm::Leech => "leech",
    }
}

/// `words` with the first letter upper-cased.
pub(super) fn cap(words: Words<'_>) -> Capitalised<'_> {
    Capitalised(words)
}

/// See [`cap`].
pub(super) struct Capitalised<'a>(Words<'a>);

impl Piece for Capitalised<'_> {
    fn put<W: Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let mut first = true;
        for w in (self.0).0 {
            let mut rest = w.chars();
            if first {
                let Some(c) = rest.next() else { continue };
                first = false;
                for u in c.to_uppercase() {
                    out.write_char(u)?;
                }
            }
            out.write_str(rest.as_str())?;
        }
        Ok(())
    }
}
