//! The script read by serde: the reference reading, which the plain reader
//! (`plain.rs`) must agree with, and the one that words every error.

use super::{
    ByPlayer, ParseFailure, Script, ScriptAnswer, ScriptRound, Text, MAX_ANSWERS, MAX_NAME_CHARS,
    MAX_ROUNDS,
};
use crate::engine::MAX_PLAYERS;
use crate::outside_text::quoted;
use serde::de::value::MapAccessDeserializer;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::borrow::Cow;
use std::cell::Cell;
use std::fmt;

/// Parses a script's text with serde alone: the reference reading, and the
/// one that words the errors.
pub(in crate::script) fn parse_with_serde(text: &str) -> Result<Script<'_>, ParseFailure> {
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

impl<'a> Script<'a> {
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
