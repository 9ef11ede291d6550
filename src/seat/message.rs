//! What the game writes to a program seat: the messages of the seat protocol
//! (version 1, revision 1.1: `hello` carries the rule book) and the `VIEW`
//! they carry, as typed structs.
//!
//! Field names and order follow man/spellcast-protocol.5, so `serde_json` writes
//! exactly the documented lines. The structs also deserialize, which lets
//! tests (and Rust players) read what the game wrote. `hello` and its rule
//! book are in `message/hello.rs`; this file has the round's messages.

use crate::engine::QuestionType;
use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

mod hello;
pub use hello::{BookJson, HandsJson, Hello, SpellJson, SEED_BITS};

/// One line from the game to a program, tagged by `"type"`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Message {
    /// Sent once, first; asks for `{"ready": true}`.
    Hello(Hello),
    /// Asks for this round's two gestures.
    Move(MoveRequest),
    /// Asks for one answer per question.
    Questions(QuestionsRequest),
    /// What happened in a round; no reply.
    Round(RoundReport),
    /// Another player spoke; no reply.
    Said(Said),
    /// The duel is over; no reply, the program should exit.
    End(End),
}

impl Message {
    /// The message as one line of JSON, without the line break.
    pub fn to_line(&self) -> String {
        // Every field is a string, number, bool, list or map with string keys,
        // which serde_json always manages to write: a failure is a bug, loud
        // in debug builds.
        serde_json::to_string(self).unwrap_or_else(|e| {
            debug_assert!(false, "a message that cannot be written: {e}");
            String::from("{}")
        })
    }

    /// Whether the program must answer this message with one line.
    pub fn wants_reply(&self) -> bool {
        matches!(
            self,
            Message::Hello(_) | Message::Move(_) | Message::Questions(_)
        )
    }
}

/// Which kind of round is played, as the script report names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RoundKindName {
    /// Every living wizard moves.
    Normal,
    /// Hasted wizards move.
    Haste,
    /// Time-stopped wizards move.
    Timestop,
}

impl From<crate::engine::RoundKind> for RoundKindName {
    fn from(kind: crate::engine::RoundKind) -> RoundKindName {
        match kind {
            crate::engine::RoundKind::Normal => RoundKindName::Normal,
            crate::engine::RoundKind::Haste => RoundKindName::Haste,
            crate::engine::RoundKind::TimeStop => RoundKindName::Timestop,
        }
    }
}

/// `move`: the game wants this wizard's gestures for the round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MoveRequest {
    /// The round being played, counting every round (extra rounds
    /// included) from 1: the first move is round 1.
    pub round: u32,
    /// The turn being played, from 1 (an extra round carries the number of
    /// the normal turn after it, as the transcript's header does).
    pub turn: u32,
    /// Normal, haste or time-stop round.
    pub kind: RoundKindName,
    /// What the seat's window shows.
    pub view: ViewJson,
}

/// `questions`: a batch of questions for this wizard.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QuestionsRequest {
    /// The round being played, counted as in `move` (from 1).
    pub round: u32,
    /// What the seat's window shows.
    pub view: ViewJson,
    /// The questions, in the order the answers must come.
    pub questions: Vec<QuestionJson>,
}

/// One question: the script format's kind and fields, plus its options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuestionJson {
    /// `target`, `monster`, `spell`, ... as in the script format: one of
    /// the shared vocabulary's kinds, so a line naming another is refused
    /// as it is read.
    pub kind: QuestionType,
    /// The spell the question is about, where the kind has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spell: Option<String>,
    /// The hand, where the kind has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<String>,
    /// The being the question is about, where the kind has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub about: Option<String>,
    /// The legal answers, distinct, in menu order.
    pub options: Vec<String>,
    /// The answer the window pre-fills, if it pre-fills one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<String>,
}

/// `round`: after every round, what this seat's text pane printed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RoundReport {
    /// The round just played, counted as in `move` (from 1).
    pub round: u32,
    /// Its kind.
    pub kind: RoundKindName,
    /// What the seat's window shows now.
    pub view: ViewJson,
    /// Text pane lines since the last `round`, speech included.
    pub text: Vec<String>,
}

/// `said`: another player spoke.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Said {
    /// The speaker's name.
    pub who: String,
    /// What was said.
    pub text: String,
}

/// `end`: the duel is over.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct End {
    /// Who won, or a draw.
    pub result: DuelResult,
    /// What the seat's window shows at the end.
    pub view: ViewJson,
}

/// How a duel ended, as the script report writes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum DuelResult {
    /// `{"winner": NAME}`.
    Winner {
        /// The winner's name.
        winner: String,
    },
    /// `{"draw": true}`.
    Draw {
        /// Always true.
        draw: bool,
    },
}

/// `VIEW`: what the seat's window shows, in structured form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ViewJson {
    /// The turn (from 1): the one being played in `move` and `questions`,
    /// the one just played in `round`.
    pub turn: u32,
    /// Living beings: wizards in player order, then monsters in creation order.
    pub beings: Vec<BeingJson>,
    /// Every wizard's gesture rows as this seat sees them.
    pub gestures: GestureColumns,
    /// Death Match: the clap spells announced on rows this seat sees as
    /// two-handed claps (absent when there are none, so a view of the
    /// other books is as version 1.0 wrote it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub announced: Vec<AnnouncedJson>,
    /// What the window tells only its owner.
    pub me: MeJson,
}

/// A spell announced with a two-handed clap.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnnouncedJson {
    /// The wizard who clapped.
    pub wizard: String,
    /// The clap's row in his `gestures`, counting from 1.
    pub row: usize,
    /// The spell announced.
    pub spell: String,
}

/// One living being as the seat sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BeingJson {
    /// A wizard's name or a monster's `#N`.
    pub name: String,
    /// A monster's full name (`Frilep the Goblin`); absent for wizards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// `wizard`, `goblin`, ... as in the script report.
    pub kind: String,
    /// Hit points left.
    pub hp: i32,
    /// The status list's letters.
    pub flags: String,
    /// The wizard who commands this monster, if any.
    pub controller: Option<String>,
    /// Lasting effects this seat has been told of.
    pub effects: Vec<EffectJson>,
}

/// A lasting effect announced to this seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffectJson {
    /// The spell's name as in the script format.
    pub name: String,
    /// The hand it holds, for effects on one hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<String>,
    /// Turns left, where the rules fix them and the seat could count them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<u32>,
}

/// Facts the window shows only to the wizard's owner.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeJson {
    /// The spell banked by Delayed Effect, if any.
    pub banked: Option<String>,
    /// Whether the short Lightning Bolt has been used.
    pub short_lightning_used: bool,
}

/// Gesture rows per wizard, written as a JSON object in player order
/// (`{"Arnold": ["SP", "D-"], ...}`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GestureColumns(pub Vec<(String, Vec<String>)>);

impl Serialize for GestureColumns {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, rows) in &self.0 {
            map.serialize_entry(name, rows)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for GestureColumns {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ColumnsVisitor;
        impl<'de> Visitor<'de> for ColumnsVisitor {
            type Value = GestureColumns;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object of gesture rows per wizard")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut columns = Vec::new();
                while let Some(entry) = map.next_entry::<String, Vec<String>>()? {
                    columns.push(entry);
                }
                Ok(GestureColumns(columns))
            }
        }
        deserializer.deserialize_map(ColumnsVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn small_view() -> ViewJson {
        ViewJson {
            turn: 9,
            beings: vec![BeingJson {
                name: "#1".into(),
                label: Some("Frilep the Goblin".into()),
                kind: "goblin".into(),
                hp: 1,
                flags: String::new(),
                controller: Some("Barbara".into()),
                effects: vec![],
            }],
            gestures: GestureColumns(vec![
                ("Barbara".into(), vec!["W-".into()]),
                ("Arnold".into(), vec!["??".into()]),
            ]),
            announced: Vec::new(),
            me: MeJson {
                banked: None,
                short_lightning_used: false,
            },
        }
    }

    #[test]
    fn gestures_keep_player_order_and_view_fields_match_the_document() {
        let msg = Message::Move(MoveRequest {
            round: 12,
            turn: 9,
            kind: RoundKindName::Timestop,
            view: small_view(),
        });
        let line = msg.to_line();
        assert!(!line.contains('\n'));
        assert!(line.contains(r#""gestures":{"Barbara":["W-"],"Arnold":["??"]}"#));
        let value: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(value["kind"], "timestop");
        assert_eq!(value["view"]["beings"][0]["controller"], "Barbara");
        assert_eq!(
            value["view"]["me"],
            json!({"banked": null, "short_lightning_used": false})
        );
        // A wizard has no label; a permanent effect has no turns.
        assert!(value["view"]["beings"][0].get("label").is_some());
        let back: Message = serde_json::from_str(&line).unwrap();
        assert_eq!(back, msg);
    }

    #[test]
    fn results_and_notices_need_no_reply() {
        let end = Message::End(End {
            result: DuelResult::Winner {
                winner: "Arnold".into(),
            },
            view: small_view(),
        });
        let value: Value = serde_json::from_str(&end.to_line()).unwrap();
        assert_eq!(value["result"], json!({"winner": "Arnold"}));
        assert!(!end.wants_reply());
        let draw = serde_json::to_value(DuelResult::Draw { draw: true }).unwrap();
        assert_eq!(draw, json!({"draw": true}));
        let said = Message::Said(Said {
            who: "Arnold".into(),
            text: "good luck".into(),
        });
        assert_eq!(
            said.to_line(),
            r#"{"type":"said","who":"Arnold","text":"good luck"}"#
        );
        assert!(!said.wants_reply());
    }
}
