//! Strict parsing of a program's replies.
//!
//! A reply is one JSON object of exactly the expected shape: the key the
//! message asks for, an optional `say`, and (for `ready`) an optional `name`;
//! any other key, a wrong type, a move outside the letters or an answer not
//! among its question's options is a [`ReplyError`]. Strictness catches a
//! player's typos at once instead of letting them play on with defaults.

use super::view_map::AskedQuestion;
use crate::engine::{Gesture, Hand, MoveError, RuleSet};
use crate::outside_text::{one_line, quoted, MAX_QUOTED_CHARS};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;
use thiserror::Error;

/// The longest speech kept from a reply, in characters; the rest is cut, as
/// the window's speech line stops taking characters when full.
pub const MAX_SPEECH_CHARS: usize = 200;

/// How much of a question's options an error message lists.
const OPTIONS_CHARS: usize = 200;

/// Why a reply line is not acceptable.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReplyError {
    /// The line is not JSON at all.
    #[error("wrote {0}, which is not JSON")]
    NotJson(String),
    /// JSON, but not an object.
    #[error("wrote {0}, which is not a JSON object")]
    NotAnObject(String),
    /// An object without the expected keys and types.
    #[error("wrote {line} instead of {expected}: {detail}")]
    Shape {
        /// What the reply should have been.
        expected: &'static str,
        /// The line, shortened.
        line: String,
        /// What serde found wrong.
        detail: String,
    },
    /// `{"ready": false}`.
    #[error("said it is not ready")]
    NotReady,
    /// A move that is not two of `F P S W D C k -` (quoted).
    #[error("moved {0}, which is not two of F P S W D C k -")]
    BadMove(String),
    /// Two letters, but one the duel's rule book does not give that hand
    /// (an F in Death Match).
    #[error("moved {mv}, but {detail}")]
    NotInBook {
        /// The move, quoted.
        mv: String,
        /// Which letter of which hand the book lacks, and the hand's letters.
        detail: String,
    },
    /// Letters of the book that the engine does not take as this seat's
    /// move (an Onyx beam from a seat holding no Onyx).
    #[error("moved {mv}, but {why}")]
    Refused {
        /// The move, quoted.
        mv: String,
        /// The engine's reason.
        why: MoveError,
    },
    /// Not one answer per question.
    #[error("gave {got} answers to {asked} questions")]
    AnswerCount {
        /// Questions asked.
        asked: usize,
        /// Answers given.
        got: usize,
    },
    /// An answer that is not one of its question's options.
    #[error("answered {answer} to the {kind} question, whose options are {options}")]
    NotAnOption {
        /// The answer given, quoted.
        answer: String,
        /// The question's kind.
        kind: String,
        /// The options, comma-separated.
        options: String,
    },
}

/// What a request's reply looks like: its one key, and the shape error
/// messages show.
#[derive(Clone, Copy)]
pub(crate) struct Expected {
    /// The key only the reply has.
    pub key: &'static str,
    /// The reply's shape, for error messages.
    pub shape: &'static str,
}

pub(crate) const READY: Expected = Expected {
    key: "ready",
    shape: r#"{"ready": true}"#,
};
pub(crate) const MOVE: Expected = Expected {
    key: "move",
    shape: r#"{"move": "XY"}"#,
};
pub(crate) const ANSWERS: Expected = Expected {
    key: "answers",
    shape: r#"{"answers": [...]}"#,
};

/// Whether a line is a reply carrying `key` (a JSON object holding it);
/// any other line is one nobody asked for.
pub(crate) fn is_reply(line: &str, key: &str) -> bool {
    line.trim_start().starts_with('{')
        && serde_json::from_str::<serde_json::Value>(line)
            .is_ok_and(|v| v.as_object().is_some_and(|o| o.contains_key(key)))
}

/// The reply to `hello`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ready {
    /// The program's own name, for logs.
    pub name: Option<String>,
    /// Something the wizard says.
    pub say: Option<String>,
    /// A person plays this seat (`spellcast --seat`): replies take minutes.
    pub person: bool,
    /// The name (`NAME` or `NAME:f`) the program asks for its wizard; the
    /// window game takes it from the probe, as a display's `spellcast*name`.
    pub wizard: Option<String>,
}

/// The reply to `move`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveReply {
    /// Left hand's gesture.
    pub left: Gesture,
    /// Right hand's gesture.
    pub right: Gesture,
    /// Something the wizard says.
    pub say: Option<String>,
}

/// The reply to `questions`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnswersReply {
    /// One index into the engine's options per question, in order.
    pub answers: Vec<usize>,
    /// Something the wizard says.
    pub say: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReady {
    ready: bool,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    say: Option<String>,
    #[serde(default)]
    person: bool,
    #[serde(default)]
    wizard: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMove {
    #[serde(rename = "move")]
    letters: String,
    #[serde(default)]
    say: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAnswers {
    answers: Vec<String>,
    #[serde(default)]
    say: Option<String>,
}

/// Parses the reply to `hello`: `{"ready": true}`, optionally with `name`.
pub fn parse_ready(line: &str) -> Result<Ready, ReplyError> {
    let raw: RawReady = parse_object(line, READY.shape)?;
    if !raw.ready {
        return Err(ReplyError::NotReady);
    }
    Ok(Ready {
        name: raw.name.and_then(|n| clean_speech(&n)),
        say: raw.say.and_then(|s| clean_speech(&s)),
        person: raw.person,
        wizard: raw.wizard.and_then(|n| clean_speech(&n)),
    })
}

/// Parses the reply to `move`: two move letters, left hand first.
pub fn parse_move(line: &str) -> Result<MoveReply, ReplyError> {
    let raw: RawMove = parse_object(line, MOVE.shape)?;
    let (left, right) = parse_letters(&raw.letters)?;
    Ok(MoveReply {
        left,
        right,
        say: raw.say.and_then(|s| clean_speech(&s)),
    })
}

/// Parses a move's two letters.
pub fn parse_letters(letters: &str) -> Result<(Gesture, Gesture), ReplyError> {
    let mut chars = letters.chars().map(Gesture::from_script_letter);
    match (chars.next(), chars.next(), chars.next()) {
        (Some(Some(left)), Some(Some(right)), None) => Ok((left, right)),
        _ => Err(ReplyError::BadMove(quoted(letters))),
    }
}

/// Checks a move against the duel's book, as a script's moves are checked:
/// each letter one the book gives that hand (those `hello` lists). A stab in
/// a hand that cannot stab is kept, recorded as nothing (Death Match's
/// left hand, spellcast-rules(7)); an Onyx beam is then the engine's to
/// take or refuse ([`refused_by_engine`]).
pub fn check_in_book(reply: &MoveReply, rules: &RuleSet) -> Result<(), ReplyError> {
    for (hand, g) in [(Hand::Left, reply.left), (Hand::Right, reply.right)] {
        let allowed = rules.allows(hand, g) || g == Gesture::Stab;
        if !allowed {
            let letters: String = rules.gestures[hand.index()]
                .iter()
                .filter(|&&g| g != Gesture::Onyx)
                .map(|g| g.script_letter())
                .collect();
            let mv: String = [reply.left, reply.right]
                .iter()
                .map(|g| g.script_letter())
                .collect();
            return Err(ReplyError::NotInBook {
                mv: quoted(&mv),
                detail: format!(
                    "{} is not a {} hand gesture of the {} rules (those are {letters})",
                    g.script_letter(),
                    hand.name(),
                    rules.name
                ),
            });
        }
    }
    Ok(())
}

/// A move the engine refused ([`crate::engine::SeatView::check_move`]):
/// an Onyx beam from a seat that holds no Onyx not yet used.
pub fn refused_by_engine(reply: &MoveReply, why: MoveError) -> ReplyError {
    ReplyError::Refused {
        mv: quoted(&format!(
            "{}{}",
            reply.left.script_letter(),
            reply.right.script_letter()
        )),
        why,
    }
}

/// Parses the reply to `questions`: one option per question, written exactly
/// as in its options, turned into the engine's option indices.
pub fn parse_answers(line: &str, asked: &[AskedQuestion]) -> Result<AnswersReply, ReplyError> {
    let raw: RawAnswers = parse_object(line, ANSWERS.shape)?;
    if raw.answers.len() != asked.len() {
        return Err(ReplyError::AnswerCount {
            asked: asked.len(),
            got: raw.answers.len(),
        });
    }
    let answers = raw
        .answers
        .iter()
        .zip(asked)
        .map(|(answer, q)| {
            q.engine_answer(answer)
                .ok_or_else(|| ReplyError::NotAnOption {
                    answer: quoted(answer),
                    kind: q.json.kind.script_kind().to_string(),
                    options: one_line(&q.json.options.join(", "), OPTIONS_CHARS),
                })
        })
        .collect::<Result<Vec<usize>, ReplyError>>()?;
    Ok(AnswersReply {
        answers,
        say: raw.say.and_then(|s| clean_speech(&s)),
    })
}

/// Reads a line as one JSON object of the shape `T`.
fn parse_object<T: DeserializeOwned>(line: &str, expected: &'static str) -> Result<T, ReplyError> {
    let value: Value = serde_json::from_str(line).map_err(|_| ReplyError::NotJson(quoted(line)))?;
    if !value.is_object() {
        return Err(ReplyError::NotAnObject(quoted(line)));
    }
    serde_json::from_value(value).map_err(|e| ReplyError::Shape {
        expected,
        line: quoted(line),
        detail: one_line(&e.to_string(), MAX_QUOTED_CHARS),
    })
}

/// Speech as the window would take it: one line, no control characters, at
/// most [`MAX_SPEECH_CHARS`]; `None` if nothing is left to say.
pub fn clean_speech(text: &str) -> Option<String> {
    let line: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(MAX_SPEECH_CHARS)
        .collect();
    let line = line.trim();
    (!line.is_empty()).then(|| line.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat::message::QuestionJson;

    fn target_question() -> AskedQuestion {
        AskedQuestion {
            json: QuestionJson {
                kind: crate::engine::QuestionType::Target,
                spell: Some("Missile".into()),
                hand: Some("right".into()),
                about: None,
                options: vec!["nobody".into(), "Arnold".into(), "#1".into()],
                default: Some("Arnold".into()),
            },
            engine_index: vec![0, 1, 3],
        }
    }

    #[test]
    fn a_program_may_ask_for_its_wizards_name() {
        let ready = parse_ready(r#"{"ready": true, "wizard": "Bob:m"}"#);
        assert!(ready.is_ok_and(|r| r.wizard.as_deref() == Some("Bob:m")));
    }

    #[test]
    fn a_person_says_so_when_ready() {
        let ready = parse_ready(r#"{"ready": true, "person": true}"#);
        assert!(ready.is_ok_and(|r| r.person));
    }

    #[test]
    fn ready_with_name_and_speech() {
        assert_eq!(
            parse_ready(r#"{"ready": true, "name": "rando", "say": "hi\nthere"}"#),
            Ok(Ready {
                name: Some("rando".into()),
                say: Some("hi there".into()),
                person: false,
                wizard: None,
            })
        );
        assert_eq!(
            parse_ready(r#"{"ready": false}"#),
            Err(ReplyError::NotReady)
        );
    }

    #[test]
    fn garbage_is_named_by_what_is_wrong() {
        assert!(matches!(parse_ready("hello"), Err(ReplyError::NotJson(_))));
        assert!(matches!(
            parse_ready("[1]"),
            Err(ReplyError::NotAnObject(_))
        ));
        assert!(matches!(parse_ready("{}"), Err(ReplyError::Shape { .. })));
        assert!(matches!(
            parse_ready(r#"{"ready": "yes"}"#),
            Err(ReplyError::Shape { .. })
        ));
        // An unknown key is a typo worth reporting, not something to ignore.
        assert!(matches!(
            parse_move(r#"{"move": "SD", "sya": "x"}"#),
            Err(ReplyError::Shape { .. })
        ));
        // Two objects on one line are not one object.
        assert!(matches!(
            parse_move(r#"{"move": "SD"} {"move": "SD"}"#),
            Err(ReplyError::NotJson(_))
        ));
    }

    #[test]
    fn moves_take_exactly_two_letters() {
        let reply = parse_move(r#"{"move": "k-", "say": "  "}"#).unwrap();
        assert_eq!((reply.left, reply.right), (Gesture::Stab, Gesture::Nothing));
        assert_eq!(reply.say, None);
        for bad in ["S", "SDP", "sd", "XY", "", "K-"] {
            let line = format!(r#"{{"move": "{bad}"}}"#);
            assert!(
                matches!(parse_move(&line), Err(ReplyError::BadMove(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn answers_must_be_options_written_exactly() {
        let asked = [target_question()];
        let reply = parse_answers(r##"{"answers": ["#1"]}"##, &asked).unwrap();
        assert_eq!(reply.answers, vec![3]);
        assert!(matches!(
            parse_answers(r#"{"answers": ["arnold"]}"#, &asked),
            Err(ReplyError::NotAnOption { .. })
        ));
        assert!(matches!(
            parse_answers(r#"{"answers": ["Frilep the Goblin"]}"#, &asked),
            Err(ReplyError::NotAnOption { .. })
        ));
        assert_eq!(
            parse_answers(r#"{"answers": []}"#, &asked),
            Err(ReplyError::AnswerCount { asked: 1, got: 0 })
        );
        assert!(matches!(
            parse_answers(r#"{"answers": [1]}"#, &asked),
            Err(ReplyError::Shape { .. })
        ));
    }

    #[test]
    fn speech_is_one_short_line() {
        let long = "a".repeat(500);
        assert_eq!(clean_speech(&long).map(|s| s.len()), Some(MAX_SPEECH_CHARS));
        assert_eq!(clean_speech("\t\u{7}"), None);
        let message = ReplyError::NotJson(quoted(&long)).to_string();
        assert!(message.len() < 100, "{message}");
    }
}
