//! `hello`, the seat protocol's first message: who plays, the reply
//! limit, a seed, and (revision 1.1) the rule book, so that a program can
//! play a book it does not know.

use crate::engine::{Gesture, RuleSet};
use serde::{Deserialize, Serialize};

/// `hello`: who plays, and how long each reply may take.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Hello {
    /// Always [`crate::seat::PROTOCOL_VERSION`].
    pub protocol: u32,
    /// The rule book's name (`spellcast`, `gesticulation`, `deathmatch`).
    pub rules: String,
    /// This seat's wizard.
    pub you: String,
    /// Every player as `name[:gender]`, in player order.
    pub players: Vec<String>,
    /// How long the game waits for each reply, in milliseconds.
    pub limit_ms: u64,
    /// A number for the program's own random choices, different from duel
    /// to duel (in `spellcast match`, from pair to pair), below 2^53 so any
    /// JSON reader holds it exactly. Absent when the game has none to give.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The rule book (protocol 1.1), so a program needs none built in.
    /// Absent only in `hello`s read from a v1 game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub book: Option<BookJson>,
}

/// `hello`'s `book`: what a program needs to play a rule book it does not know.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BookJson {
    /// The book's title (`Waving Hands`, `Death Match`, ...).
    pub title: String,
    /// A wizard's starting (and greatest) hit points.
    pub hit_points: i32,
    /// The move letters each hand may use, in the window's menu order.
    pub hands: HandsJson,
    /// Every spell of the book in its order, stab and surrender included.
    pub spells: Vec<SpellJson>,
}

/// Move letters per hand, as `move` replies write them (`-` nothing, `k` stab).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandsJson {
    /// The left hand's letters.
    pub left: String,
    /// The right hand's letters.
    pub right: String,
}

/// One spell of the book.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpellJson {
    /// Its name, as questions and the script format write it.
    pub name: String,
    /// Its gestures, oldest first: an upper-case letter is one hand, a
    /// lower-case letter both hands at once; `k` a stab, `O` the Onyx beam.
    pub gestures: String,
}

impl BookJson {
    /// The book as `hello` writes it. `O` (Death Match's Onyx beam) is left
    /// out of the hands: only a script names Onyx holders, so no seat holds one.
    pub fn of(rules: &RuleSet) -> BookJson {
        let letters = |hand: &[Gesture]| -> String {
            hand.iter()
                .filter(|&&g| g != Gesture::Onyx)
                .map(|g| g.script_letter())
                .collect()
        };
        BookJson {
            title: rules.title.to_string(),
            hit_points: rules.hit_points,
            hands: HandsJson {
                left: letters(rules.gestures[0]),
                right: letters(rules.gestures[1]),
            },
            spells: rules
                .spells
                .iter()
                .map(|row| SpellJson {
                    name: row.spell.name().to_string(),
                    gestures: row.gestures.to_string(),
                })
                .collect(),
        }
    }
}

/// Seeds sent in `hello` keep this many low bits: what a JSON number read
/// as a double (JavaScript, many others) holds exactly.
pub const SEED_BITS: u32 = 53;

impl Hello {
    /// A `hello` of this protocol version for a duel played by `rules`.
    pub fn new(rules: &RuleSet, you: &str, players: Vec<String>, limit_ms: u64) -> Hello {
        Hello {
            protocol: crate::seat::PROTOCOL_VERSION,
            rules: rules.name.to_string(),
            you: you.to_string(),
            players,
            limit_ms,
            seed: None,
            book: Some(BookJson::of(rules)),
        }
    }

    /// The same `hello` carrying a seed, cut to [`SEED_BITS`] bits.
    pub fn with_seed(self, seed: Option<u64>) -> Hello {
        Hello {
            seed: seed.map(|s| s & ((1 << SEED_BITS) - 1)),
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat::message::Message;
    use serde_json::{json, Value};

    #[test]
    fn hello_is_written_as_documented() {
        let original = RuleSet::original();
        let hello = Message::Hello(Hello::new(
            original,
            "Barbara",
            vec!["Arnold".into(), "Barbara:f".into()],
            10000,
        ));
        let mut value: Value = serde_json::from_str(&hello.to_line()).unwrap();
        let book = value.as_object_mut().unwrap().remove("book").unwrap();
        // Version 1's keys unchanged; 1.1 only adds `book`.
        assert_eq!(
            value,
            json!({"type": "hello", "protocol": 1, "rules": "spellcast", "you": "Barbara",
                   "players": ["Arnold", "Barbara:f"], "limit_ms": 10000})
        );
        // The original manual page's book: 15 hit points, every gesture in
        // either hand, 42 spells and the stab; Dispel Magic is c-D-P-W.
        assert_eq!(book["hit_points"], 15);
        for hand in ["left", "right"] {
            let mut letters: Vec<char> = book["hands"][hand].as_str().unwrap().chars().collect();
            letters.sort_unstable();
            assert_eq!(letters, ['-', 'C', 'D', 'F', 'P', 'S', 'W', 'k'], "{hand}");
        }
        assert_eq!(book["spells"].as_array().unwrap().len(), 43);
        assert!(book["spells"]
            .as_array()
            .unwrap()
            .contains(&json!({"name": "Dispel Magic", "gestures": "cDPW"})));
        assert!(hello.wants_reply());
        let seeded =
            Hello::new(original, "Barbara", vec!["Arnold".into()], 5).with_seed(Some(u64::MAX));
        let value: Value = serde_json::from_str(&Message::Hello(seeded).to_line()).unwrap();
        assert_eq!(value["seed"], json!(9_007_199_254_740_991u64));
    }

    /// Death Match (spellcast-rules(7), DEATH MATCH): 20 hit points, no F in either
    /// hand, a stab in the right hand only, no Onyx beam for a seat.
    #[test]
    fn hello_carries_another_book() {
        let dm = RuleSet::by_name("deathmatch").unwrap();
        let hello = Hello::new(dm, "Arnold", vec!["Arnold".into(), "Barbara:f".into()], 5);
        let value = serde_json::to_value(Message::Hello(hello)).unwrap();
        assert_eq!(value["rules"], "deathmatch");
        let book = &value["book"];
        assert_eq!(book["hit_points"], 20);
        let left = book["hands"]["left"].as_str().unwrap();
        let right = book["hands"]["right"].as_str().unwrap();
        assert!(!left.contains('F') && !right.contains('F'));
        assert!(!left.contains('k') && right.contains('k'));
        assert!(!left.contains('O') && !right.contains('O'));
        let names: Vec<&str> = book["spells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["name"].as_str().unwrap())
            .collect();
        assert!(names.contains(&"Missile Swarm") && !names.contains(&"Haste"));
    }
}
