//! The script as written: typed structs read straight from the JSON text.
//!
//! Nothing goes through a `serde_json::Value` tree: the script is short-lived
//! input, and building then dropping a tree of maps costs more than the whole
//! duel. The rounds are read by hand so that an error can name its round.
//! Strings are borrowed from the script's text ([`Text`]) rather than copied.

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::borrow::Cow;
use std::cell::Cell;
use std::fmt;
use std::ops::Deref;

/// The script as written.
#[derive(Debug, Default)]
pub struct Script<'a> {
    /// `name[:g]` of each player, player 0 first.
    pub players: Vec<String>,
    /// Seeds every random choice.
    pub seed: u64,
    /// One entry per round.
    pub rounds: Vec<ScriptRound<'a>>,
}

/// One round of a script.
#[derive(Debug, Default, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a round: an object with moves and answers"
)]
pub struct ScriptRound<'a> {
    /// Player name → two-letter move, in the order written.
    #[serde(default, borrow)]
    pub moves: ByPlayer<'a, Text<'a>>,
    /// Player name → answers to that player's questions this round.
    #[serde(default, borrow)]
    pub answers: ByPlayer<'a, Vec<ScriptAnswer<'a>>>,
    /// Player name → how many of his answers this round were used before he
    /// left (0: before the round's moves). Saved matches write it for a
    /// program seat that failed, so the duel replays as it was played.
    #[serde(default, borrow)]
    pub withdraw: ByPlayer<'a, usize>,
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
        Ok(Text(Cow::Borrowed(v)))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Text(Cow::Owned(v.to_owned())))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
        Ok(Text(Cow::Owned(v)))
    }
}

/// A script that does not parse, and the round it was in (0: outside the rounds).
pub(super) struct ParseFailure {
    pub round: usize,
    pub error: serde_json::Error,
}

/// Parses a script's text, remembering which round was being read when it failed.
pub(super) fn parse(text: &str) -> Result<Script<'_>, ParseFailure> {
    let round = Cell::new(0);
    let mut reader = serde_json::Deserializer::from_str(text);
    ScriptSeed { round: &round }
        .deserialize(&mut reader)
        .and_then(|script| reader.end().map(|()| script))
        .map_err(|error| ParseFailure {
            round: round.get(),
            error,
        })
}

impl<'de> Deserialize<'de> for Script<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Script<'de>, D::Error> {
        ScriptSeed {
            round: &Cell::new(0),
        }
        .deserialize(deserializer)
    }
}

/// Reads a script, setting `round` to the 1-based round being read (0 when
/// not inside the rounds).
struct ScriptSeed<'c> {
    round: &'c Cell<usize>,
}

/// The top-level fields of a script.
#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "lowercase")]
enum Field {
    Players,
    Seed,
    Rounds,
}

const FIELDS: &[&str] = &["players", "seed", "rounds"];

impl<'de> DeserializeSeed<'de> for ScriptSeed<'_> {
    type Value = Script<'de>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Script<'de>, D::Error> {
        deserializer.deserialize_struct("Script", FIELDS, self)
    }
}

impl<'de> Visitor<'de> for ScriptSeed<'_> {
    type Value = Script<'de>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a script object with players, seed and rounds")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Script<'de>, A::Error> {
        let mut players = None;
        let mut seed = None;
        let mut rounds = None;
        while let Some(field) = map.next_key()? {
            match field {
                Field::Players if players.is_none() => players = Some(map.next_value()?),
                Field::Seed if seed.is_none() => seed = Some(map.next_value()?),
                Field::Rounds if rounds.is_none() => {
                    rounds = Some(map.next_value_seed(RoundsSeed { round: self.round })?)
                }
                Field::Players => return Err(de::Error::duplicate_field("players")),
                Field::Seed => return Err(de::Error::duplicate_field("seed")),
                Field::Rounds => return Err(de::Error::duplicate_field("rounds")),
            }
        }
        Ok(Script {
            players: players.ok_or_else(|| de::Error::missing_field("players"))?,
            seed: seed.unwrap_or(0),
            rounds: rounds.unwrap_or_default(),
        })
    }
}

/// Reads the list of rounds (`null` is an empty list), one round at a time.
struct RoundsSeed<'c> {
    round: &'c Cell<usize>,
}

impl<'de> DeserializeSeed<'de> for RoundsSeed<'_> {
    type Value = Vec<ScriptRound<'de>>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_option(self)
    }
}

impl<'de> Visitor<'de> for RoundsSeed<'_> {
    type Value = Vec<ScriptRound<'de>>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of rounds")
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Vec::new())
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Vec::new())
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_seq(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut rounds = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        loop {
            self.round.set(rounds.len() + 1);
            match seq.next_element()? {
                Some(round) => rounds.push(round),
                None => break,
            }
        }
        self.round.set(0);
        Ok(rounds)
    }
}

impl<'de: 'a, 'a, T: Deserialize<'de>> Deserialize<'de> for ByPlayer<'a, T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(ByPlayerVisitor(std::marker::PhantomData))
    }
}

struct ByPlayerVisitor<T>(std::marker::PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for ByPlayerVisitor<T> {
    type Value = ByPlayer<'de, T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object keyed by player name")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut entries: Vec<(Text<'de>, T)> = Vec::with_capacity(map.size_hint().unwrap_or(0));
        while let Some(name) = map.next_key::<Text<'de>>()? {
            if entries.iter().any(|(n, _)| *n == name) {
                return Err(de::Error::custom(format_args!(
                    "player {name:?} is given twice"
                )));
            }
            let value = map.next_value()?;
            entries.push((name, value));
        }
        Ok(ByPlayer(entries))
    }
}
