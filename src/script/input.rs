//! The script as written: typed structs read straight from the JSON text.
//!
//! Nothing goes through a `serde_json::Value` tree: the script is short-lived
//! input, and building then dropping a tree of maps costs more than the whole
//! duel. The rounds are read by hand so that an error can name its round.
//! Strings are borrowed from the script's text ([`Text`]) rather than copied.
//!
//! A script may come from anyone, so reading one costs time linear in its
//! length and memory a small multiple of it, and whatever could make the
//! duel or its report grow without bound has a limit, each refused with one
//! error: [`MAX_PLAYERS`](crate::engine::MAX_PLAYERS) players, names of at most [`MAX_NAME_CHARS`]
//! characters without control characters, at most [`MAX_ROUNDS`] rounds,
//! at most [`MAX_ANSWERS`] answers of one player in one round, at most one
//! entry per player in `moves`, `answers` and `withdraw`, and strings in
//! rounds of at most [`MAX_TEXT_CHARS`] characters.

mod plain;
mod with_serde;

use serde::de::{self, Deserializer, Visitor};
use serde::Deserialize;
use std::borrow::Cow;
use std::fmt;
use std::ops::{Deref, Range};
pub(super) use with_serde::parse_with_serde;
pub use with_serde::PlayerEntry;

/// The longest wizard's name a script may give, in characters (its
/// `:gender` suffix not counted).
pub const MAX_NAME_CHARS: usize = 32;

/// The most rounds a script may hold: far more than a duel lasts (a match
/// stops a duel after 100 turns), few enough that a report stays bounded.
pub const MAX_ROUNDS: usize = 100_000;

/// The most answers one player may give in one round: more than the
/// questions a wizard is asked in a round even with dozens of monsters.
pub const MAX_ANSWERS: usize = 1000;

/// The longest string a round may hold (a player's name, a move, a spell,
/// a monster's full name, an answer), in characters.
pub const MAX_TEXT_CHARS: usize = 64;

/// The script as written. Its rounds' entries are kept in a few lists for
/// the whole script, each round saying where its own lie: a script has
/// hundreds of entries, and lists of their own per round cost more
/// allocations than reading them.
#[derive(Debug, Default)]
pub struct Script<'a> {
    /// `name[:g]` of each player, player 0 first.
    pub players: Vec<String>,
    /// Seeds every random choice.
    pub seed: u64,
    /// The rule book's name as written (`"rules"`); none means `spellcast`.
    pub rules: Option<String>,
    /// Death Match's Onyx holders (`"onyx"`), none if not given.
    pub onyx: Option<Vec<String>>,
    /// One entry per round.
    pub rounds: Vec<ScriptRound>,
    /// Every round's `moves`, round after round: player name and two-letter
    /// move, in the order written.
    pub moves: Vec<(Text<'a>, Text<'a>)>,
    /// Every round's `answers`: player name and where that player's
    /// answers lie in [`Script::answers`], in the order written.
    pub answer_lists: Vec<(Text<'a>, Range<usize>)>,
    /// Every answer of every round, each player's list after the other.
    pub answers: Vec<ScriptAnswer<'a>>,
    /// Every round's `withdraw`: player name and how many of his answers
    /// that round were used before he left (0: before the round's moves).
    /// Saved matches write it for a program seat that failed, so the duel
    /// replays as it was played.
    pub withdrawals: Vec<(Text<'a>, usize)>,
}

/// One round of a script: where its entries lie in the script's lists.
#[derive(Debug, Default, Clone)]
pub struct ScriptRound {
    /// Its moves, in [`Script::moves`].
    pub moves: Range<usize>,
    /// Its players' answer lists, in [`Script::answer_lists`].
    pub answers: Range<usize>,
    /// Its withdrawals, in [`Script::withdrawals`].
    pub withdraw: Range<usize>,
}

impl<'a> Script<'a> {
    /// A round's moves: player name, move.
    pub fn moves_of(&self, round: &ScriptRound) -> &[(Text<'a>, Text<'a>)] {
        &self.moves[round.moves.clone()]
    }

    /// A round's answers: player name, that player's answers.
    pub fn answers_of<'s>(
        &'s self,
        round: &ScriptRound,
    ) -> impl Iterator<Item = (&'s Text<'a>, &'s [ScriptAnswer<'a>])> {
        self.answer_lists[round.answers.clone()]
            .iter()
            .map(|(who, list)| (who, &self.answers[list.clone()]))
    }

    /// A round's withdrawals: player name, answers used before he left.
    pub fn withdrawals_of(&self, round: &ScriptRound) -> &[(Text<'a>, usize)] {
        &self.withdrawals[round.withdraw.clone()]
    }
}

/// A JSON object keyed by player name, kept as a short list in the order
/// written (a duel has at most eight players: a map would only cost).
/// A name given twice is an error rather than a silent overwrite.
#[derive(Debug)]
pub struct ByPlayer<'a, T>(pub Vec<(Text<'a>, T)>);

impl<T> Default for ByPlayer<'_, T> {
    fn default() -> Self {
        ByPlayer(Vec::new())
    }
}

/// An answer, with the fields that pick the question it answers.
#[derive(Debug, Clone, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "an answer: an object with kind and answer"
)]
pub struct ScriptAnswer<'a> {
    /// Question kind (`target`, `spell`, `monster`, ...).
    #[serde(borrow)]
    pub kind: Text<'a>,
    /// For target and release questions.
    #[serde(default, borrow)]
    pub spell: Option<Text<'a>>,
    /// For target and spell questions.
    #[serde(default, borrow)]
    pub hand: Option<Text<'a>>,
    /// For monster, paralyze and charm questions.
    #[serde(default, borrow)]
    pub about: Option<Text<'a>>,
    /// The answer itself.
    #[serde(borrow)]
    pub answer: Text<'a>,
}

/// A string of the script: borrowed from the script's text, or owned when
/// the JSON wrote it with escapes (and so it had to be decoded). Reading a
/// script then copies no names, moves or answers.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Text<'a>(Cow<'a, str>);

impl Deref for Text<'_> {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self)
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Text<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(TextVisitor)
    }
}

struct TextVisitor;

impl<'de> Visitor<'de> for TextVisitor {
    type Value = Text<'de>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        // As serde's own for a String, so error messages stay the same.
        f.write_str("a string")
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
        short_text(v)?;
        Ok(Text(Cow::Borrowed(v)))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        short_text(v)?;
        Ok(Text(Cow::Owned(v.to_owned())))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
        short_text(&v)?;
        Ok(Text(Cow::Owned(v)))
    }
}

/// Refuses a round's string longer than [`MAX_TEXT_CHARS`]. A string of
/// no more bytes than that is short enough without counting its characters.
fn short_text<E: de::Error>(v: &str) -> Result<(), E> {
    if v.len() > MAX_TEXT_CHARS && v.chars().nth(MAX_TEXT_CHARS).is_some() {
        return Err(E::custom(format_args!(
            "a string longer than {MAX_TEXT_CHARS} characters"
        )));
    }
    Ok(())
}

/// A script that does not parse, and the round it was in (0: outside the rounds).
pub(super) struct ParseFailure {
    pub round: usize,
    pub error: serde_json::Error,
}

/// Parses a script's text, remembering which round was being read when it
/// failed: by the plain reader when the script is in the plain form (nearly
/// always), else by serde.
pub(super) fn parse(text: &str) -> Result<Script<'_>, ParseFailure> {
    match plain::read(text) {
        Some(script) => Ok(script),
        None => parse_with_serde(text),
    }
}
