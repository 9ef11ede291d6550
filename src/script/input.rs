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
//! error: [`MAX_PLAYERS`] players, names of at most [`MAX_NAME_CHARS`]
//! characters without control characters, at most [`MAX_ROUNDS`] rounds,
//! at most [`MAX_ANSWERS`] answers of one player in one round, at most one
//! entry per player in `moves`, `answers` and `withdraw`, and strings in
//! rounds of at most [`MAX_TEXT_CHARS`] characters.

mod plain;

use crate::engine::MAX_PLAYERS;
use crate::outside_text::quoted;
use serde::de::value::MapAccessDeserializer;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::borrow::Cow;
use std::cell::Cell;
use std::fmt;
use std::ops::{Deref, Range};

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

    /// Appends a round read by serde.
    fn push_round(&mut self, round: WrittenRound<'a>) {
        let moves_from = self.moves.len();
        self.moves.extend(round.moves.0);
        let lists_from = self.answer_lists.len();
        for (who, list) in round.answers.0 {
            let from = self.answers.len();
            self.answers.extend(list);
            self.answer_lists.push((who, from..self.answers.len()));
        }
        let withdrawals_from = self.withdrawals.len();
        self.withdrawals.extend(round.withdraw.0);
        self.rounds.push(ScriptRound {
            moves: moves_from..self.moves.len(),
            answers: lists_from..self.answer_lists.len(),
            withdraw: withdrawals_from..self.withdrawals.len(),
        });
    }
}

/// One round of a script as serde reads it, before its entries join the
/// script's lists.
#[derive(Debug, Default, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a round: an object with moves and answers"
)]
struct WrittenRound<'a> {
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

/// Parses a script's text with serde alone: the reference reading, and the
/// one that words the errors.
pub(super) fn parse_with_serde(text: &str) -> Result<Script<'_>, ParseFailure> {
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
    Rules,
    Onyx,
    Rounds,
}

const FIELDS: &[&str] = &["players", "seed", "rules", "onyx", "rounds"];

/// `"onyx"`: one holder's name or a list of them (Death Match).
#[derive(Deserialize)]
#[serde(untagged, expecting = "a player's name or a list of names")]
enum Holders {
    One(String),
    Many(Vec<String>),
}

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
        let mut rules = None;
        let mut onyx = None;
        let mut rounds = None;
        while let Some(field) = map.next_key()? {
            match field {
                Field::Players if players.is_none() => {
                    players = Some(map.next_value_seed(PlayersSeed)?)
                }
                Field::Seed if seed.is_none() => seed = Some(map.next_value()?),
                Field::Rules if rules.is_none() => rules = Some(map.next_value()?),
                Field::Onyx if onyx.is_none() => {
                    onyx = Some(match map.next_value()? {
                        Holders::One(name) => vec![name],
                        Holders::Many(names) => names,
                    })
                }
                Field::Onyx => return Err(de::Error::duplicate_field("onyx")),
                Field::Rounds if rounds.is_none() => {
                    rounds = Some(map.next_value_seed(RoundsSeed { round: self.round })?)
                }
                Field::Players => return Err(de::Error::duplicate_field("players")),
                Field::Seed => return Err(de::Error::duplicate_field("seed")),
                Field::Rules => return Err(de::Error::duplicate_field("rules")),
                Field::Rounds => return Err(de::Error::duplicate_field("rounds")),
            }
        }
        let mut script = Script {
            players: players.ok_or_else(|| de::Error::missing_field("players"))?,
            seed: seed.unwrap_or(0),
            rules,
            onyx,
            ..Script::default()
        };
        for round in rounds.unwrap_or_default() {
            script.push_round(round);
        }
        Ok(script)
    }
}

/// Reads the list of rounds (`null` is an empty list), one round at a time.
struct RoundsSeed<'c> {
    round: &'c Cell<usize>,
}

impl<'de> DeserializeSeed<'de> for RoundsSeed<'_> {
    type Value = Vec<WrittenRound<'de>>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_option(self)
    }
}

impl<'de> Visitor<'de> for RoundsSeed<'_> {
    type Value = Vec<WrittenRound<'de>>;

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
        let mut rounds = Vec::new();
        loop {
            self.round.set(rounds.len() + 1);
            match seq.next_element_seed(RoundSeed)? {
                Some(_) if rounds.len() == MAX_ROUNDS => {
                    return Err(de::Error::custom(format_args!(
                        "a script holds at most {MAX_ROUNDS} rounds"
                    )))
                }
                Some(round) => rounds.push(round),
                None => break,
            }
        }
        self.round.set(0);
        Ok(rounds)
    }
}

/// A value of a [`ByPlayer`] object, with the limit it keeps.
pub trait PlayerEntry {
    /// Refuses a value over its limit.
    fn check<E: de::Error>(&self) -> Result<(), E> {
        Ok(())
    }
}

impl PlayerEntry for Text<'_> {}

impl PlayerEntry for usize {}

impl PlayerEntry for Vec<ScriptAnswer<'_>> {
    fn check<E: de::Error>(&self) -> Result<(), E> {
        if self.len() > MAX_ANSWERS {
            return Err(E::custom(format_args!(
                "more than {MAX_ANSWERS} answers of one player in one round"
            )));
        }
        Ok(())
    }
}

impl<'de: 'a, 'a, T: Deserialize<'de> + PlayerEntry> Deserialize<'de> for ByPlayer<'a, T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(ByPlayerVisitor(std::marker::PhantomData))
    }
}

struct ByPlayerVisitor<T>(std::marker::PhantomData<T>);

impl<'de, T: Deserialize<'de> + PlayerEntry> Visitor<'de> for ByPlayerVisitor<T> {
    type Value = ByPlayer<'de, T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object keyed by player name")
    }

    /// At most [`MAX_PLAYERS`] entries are read, so checking each name
    /// against the earlier ones stays cheap.
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut entries: Vec<(Text<'de>, T)> = Vec::new();
        while let Some(name) = map.next_key::<Text<'de>>()? {
            if entries.iter().any(|(n, _)| *n == name) {
                return Err(de::Error::custom(format_args!(
                    "player {} is given twice",
                    quoted(&name)
                )));
            }
            if entries.len() == MAX_PLAYERS {
                return Err(de::Error::custom(format_args!(
                    "more than {MAX_PLAYERS} players given"
                )));
            }
            let value: T = map.next_value()?;
            value.check()?;
            entries.push((name, value));
        }
        Ok(ByPlayer(entries))
    }
}

/// Reads one round, as an object only: serde's own reading of a struct
/// would also take a list (`[]` read as a round with nothing in it).
struct RoundSeed;

impl<'de> DeserializeSeed<'de> for RoundSeed {
    type Value = WrittenRound<'de>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for RoundSeed {
    type Value = WrittenRound<'de>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a round: an object with moves and answers")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        WrittenRound::deserialize(MapAccessDeserializer::new(map))
    }
}

/// Reads the player list: at most [`MAX_PLAYERS`] names (with their
/// `:gender`), each short and without control characters.
struct PlayersSeed;

impl<'de> DeserializeSeed<'de> for PlayersSeed {
    type Value = Vec<String>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for PlayersSeed {
    type Value = Vec<String>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of player names")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut players = Vec::new();
        while let Some(entry) = seq.next_element::<Cow<'de, str>>()? {
            if players.len() == MAX_PLAYERS {
                return Err(de::Error::custom(format_args!(
                    "players: a duel needs 2 to {MAX_PLAYERS} players, more given"
                )));
            }
            let number = players.len() + 1;
            let name = entry.split(':').next().unwrap_or_default();
            if name.chars().nth(MAX_NAME_CHARS).is_some()
                || entry.chars().nth(2 * MAX_NAME_CHARS).is_some()
            {
                return Err(de::Error::custom(format_args!(
                    "players: player {number}: a name may have at most {MAX_NAME_CHARS} characters"
                )));
            }
            if entry.chars().any(char::is_control) {
                return Err(de::Error::custom(format_args!(
                    "players: player {number}: a name may not hold control characters"
                )));
            }
            players.push(entry.into_owned());
        }
        Ok(players)
    }
}
