//! The plain reader: a script written the ordinary way, read without serde.
//!
//! serde_json takes every key and string of a script through several
//! layers of calls, and for the short strings a script is made of (names,
//! two-letter moves, answers) that cost more than the duel. This reader
//! takes only the plain form: the fields the format names, each once;
//! strings without escapes; numbers as plain digits; nothing over a limit.
//! Anything else, every mistake included, makes it give up (`None`) and
//! the script is read again by serde ([`super::parse`]), which stays the
//! reference for what a script means and words every error. What this
//! reader returns is what serde would have returned (`plain/tests.rs`).

use super::{
    Script, ScriptAnswer, ScriptRound, Text, MAX_ANSWERS, MAX_NAME_CHARS, MAX_ROUNDS,
    MAX_TEXT_CHARS,
};
use crate::engine::MAX_PLAYERS;
use crate::script::escapes::next_escape;
use std::borrow::Cow;
use std::ops::Range;

/// Reads a script in the plain form, or `None` if it is not in it.
pub(in crate::script) fn read(text: &str) -> Option<Script<'_>> {
    let mut reader = Reader {
        text,
        bytes: text.as_bytes(),
        at: 0,
    };
    let script = reader.script()?;
    reader.space();
    (reader.at == reader.bytes.len()).then_some(script)
}

/// The text and how far it has been read.
struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
}

/// The keys of a script, of a round and of an answer, each with its closing
/// quote, in the order the bits below go.
const SCRIPT_FIELDS: [&[u8]; 4] = [b"players\"", b"seed\"", b"rules\"", b"rounds\""];
const ROUND_FIELDS: [&[u8]; 3] = [b"moves\"", b"answers\"", b"withdraw\""];
const ANSWER_FIELDS: [&[u8]; 5] = [b"kind\"", b"spell\"", b"hand\"", b"about\"", b"answer\""];

impl<'a> Reader<'a> {
    /// Skips JSON's white space.
    fn space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes.get(self.at) {
            self.at += 1;
        }
    }

    /// Takes `byte` if it comes next (after white space).
    fn eat(&mut self, byte: u8) -> bool {
        self.space();
        let found = self.bytes.get(self.at) == Some(&byte);
        self.at += usize::from(found);
        found
    }

    fn expect(&mut self, byte: u8) -> Option<()> {
        self.eat(byte).then_some(())
    }

    /// `null`, if it comes next.
    fn null(&mut self) -> bool {
        self.space();
        let found = self.bytes[self.at..].starts_with(b"null");
        if found {
            self.at += 4;
        }
        found
    }

    /// Reads the members of an object (after its `{`) or the elements of a
    /// list (after its `[`) with `each`, up to `close`.
    fn items(&mut self, close: u8, mut each: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
        if self.eat(close) {
            return Some(());
        }
        loop {
            each(self)?;
            if self.eat(close) {
                return Some(());
            }
            self.expect(b',')?;
        }
    }

    /// A string without escapes or control characters, borrowed.
    fn string(&mut self) -> Option<&'a str> {
        self.expect(b'"')?;
        let start = self.at;
        let end = next_escape(self.bytes, start)?;
        if self.bytes[end] != b'"' {
            return None;
        }
        self.at = end + 1;
        // Both ends are next to a `"`, so on character boundaries.
        self.text.get(start..end)
    }

    /// A key and its colon: which of `fields` it is. The key is compared in
    /// place, each field a constant of a few bytes (a key written with an
    /// escape is none of them, and is left to serde).
    #[inline(always)]
    fn field<const N: usize>(&mut self, fields: &[&[u8]; N]) -> Option<usize> {
        self.expect(b'"')?;
        let rest = &self.bytes[self.at..];
        let found = fields.iter().position(|f| rest.starts_with(f))?;
        self.at += fields[found].len();
        self.expect(b':')?;
        Some(found)
    }

    /// A round's string: at most [`MAX_TEXT_CHARS`] characters.
    fn text(&mut self) -> Option<Text<'a>> {
        let s = self.string()?;
        let short = s.len() <= MAX_TEXT_CHARS || s.chars().nth(MAX_TEXT_CHARS).is_none();
        short.then_some(Text(Cow::Borrowed(s)))
    }

    /// A whole number in plain digits (no sign, fraction or exponent, no
    /// leading zero), that fits.
    fn number(&mut self) -> Option<u64> {
        self.space();
        let digits = self.bytes[self.at..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let text = &self.bytes[self.at..self.at + digits];
        if digits == 0 || (digits > 1 && text[0] == b'0') {
            return None;
        }
        self.at += digits;
        text.iter().try_fold(0u64, |n, &d| {
            n.checked_mul(10)?.checked_add(u64::from(d - b'0'))
        })
    }

    fn script(&mut self) -> Option<Script<'a>> {
        self.expect(b'{')?;
        let mut script = Script::default();
        let mut seen = [false; 4];
        self.items(b'}', |r| {
            let field = r.field(&SCRIPT_FIELDS)?;
            if std::mem::replace(&mut seen[field], true) {
                return None;
            }
            match field {
                0 => script.players = r.players()?,
                1 => script.seed = r.number()?,
                2 => script.rules = Some(r.string()?.to_string()),
                _ => r.rounds(&mut script)?,
            }
            Some(())
        })?;
        seen[0].then_some(script)
    }

    /// The player list, each name within the limits `PlayersSeed` keeps.
    fn players(&mut self) -> Option<Vec<String>> {
        self.expect(b'[')?;
        let mut players = Vec::new();
        self.items(b']', |r| {
            let entry = r.string()?;
            let name = entry.split(':').next().unwrap_or_default();
            let fits = players.len() < MAX_PLAYERS
                && name.chars().nth(MAX_NAME_CHARS).is_none()
                && entry.chars().nth(2 * MAX_NAME_CHARS).is_none()
                && !entry.chars().any(char::is_control);
            players.push(entry.to_string());
            fits.then_some(())
        })?;
        Some(players)
    }

    /// The rounds, their entries appended to the script's lists.
    fn rounds(&mut self, script: &mut Script<'a>) -> Option<()> {
        if self.null() {
            return Some(());
        }
        self.expect(b'[')?;
        // Room for the rounds the text can hold (one takes some 200 bytes
        // or more) and for four moves and two answers each, so the lists
        // are seldom grown and copied.
        let rounds = ((self.bytes.len() - self.at) / 192 + 1).min(MAX_ROUNDS + 1);
        script.rounds.reserve(rounds);
        script.moves.reserve(4 * rounds);
        script.answer_lists.reserve(2 * rounds);
        script.answers.reserve(2 * rounds);
        self.items(b']', |r| {
            let round = r.round(script)?;
            script.rounds.push(round);
            (script.rounds.len() <= MAX_ROUNDS).then_some(())
        })
    }

    fn round(&mut self, script: &mut Script<'a>) -> Option<ScriptRound> {
        self.expect(b'{')?;
        // A field not given is an empty range where its list stands.
        let mut round = ScriptRound {
            moves: script.moves.len()..script.moves.len(),
            answers: script.answer_lists.len()..script.answer_lists.len(),
            withdraw: script.withdrawals.len()..script.withdrawals.len(),
        };
        let mut seen = [false; 3];
        self.items(b'}', |r| {
            let field = r.field(&ROUND_FIELDS)?;
            if std::mem::replace(&mut seen[field], true) {
                return None;
            }
            match field {
                0 => round.moves = r.by_player(&mut script.moves, Self::text)?,
                1 => {
                    let answers = &mut script.answers;
                    round.answers = r.by_player(&mut script.answer_lists, |r| r.answers(answers))?
                }
                _ => {
                    round.withdraw = r.by_player(&mut script.withdrawals, |r| {
                        usize::try_from(r.number()?).ok()
                    })?
                }
            }
            Some(())
        })?;
        Some(round)
    }

    /// An object keyed by player name, appended to `list`: each name once,
    /// at most [`MAX_PLAYERS`] of them. Where its entries lie in `list`.
    fn by_player<T>(
        &mut self,
        list: &mut Vec<(Text<'a>, T)>,
        mut value: impl FnMut(&mut Self) -> Option<T>,
    ) -> Option<Range<usize>> {
        self.expect(b'{')?;
        let from = list.len();
        self.items(b'}', |r| {
            let name = r.text()?;
            r.expect(b':')?;
            let given = &list[from..];
            if given.len() == MAX_PLAYERS || given.iter().any(|(n, _)| *n == name) {
                return None;
            }
            let v = value(r)?;
            list.push((name, v));
            Some(())
        })?;
        Some(from..list.len())
    }

    /// One player's answers in a round, appended to `all`: at most
    /// [`MAX_ANSWERS`]. Where they lie in `all`.
    fn answers(&mut self, all: &mut Vec<ScriptAnswer<'a>>) -> Option<Range<usize>> {
        self.expect(b'[')?;
        let from = all.len();
        self.items(b']', |r| {
            all.push(r.answer()?);
            (all.len() - from <= MAX_ANSWERS).then_some(())
        })?;
        Some(from..all.len())
    }

    fn answer(&mut self) -> Option<ScriptAnswer<'a>> {
        self.expect(b'{')?;
        let mut fields: [Option<Text<'a>>; 5] = Default::default();
        let mut seen = [false; 5];
        self.items(b'}', |r| {
            let field = r.field(&ANSWER_FIELDS)?;
            if std::mem::replace(&mut seen[field], true) {
                return None;
            }
            // `spell`, `hand` and `about` may be null (not given).
            if (1..=3).contains(&field) && r.null() {
                return Some(());
            }
            fields[field] = Some(r.text()?);
            Some(())
        })?;
        let [kind, spell, hand, about, answer] = fields;
        Some(ScriptAnswer {
            kind: kind?,
            spell,
            hand,
            about,
            answer: answer?,
        })
    }
}

#[cfg(test)]
mod tests;
