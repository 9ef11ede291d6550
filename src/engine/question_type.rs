//! The question vocabulary every side shares: one [`QuestionType`] per kind
//! of question, with its name in the script format and the seat protocol,
//! its wording, and what its options name. The engine's questions
//! ([`super::QuestionKind`]), the protocol's `kind` field, the far seat's
//! window and the computer all go through it, so a new kind is a new
//! variant that every `match` must handle: none can fall through to a
//! wrong label. The wording is spellcast(6)'s, QUESTIONS.

use super::question::CastHand;
use serde::{Deserialize, Serialize};

/// A kind of question, without its fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum QuestionType {
    /// Which spell a hand that completed several casts (`spell`).
    Spell,
    /// Whom a spell or stab is aimed at (`target`).
    Target,
    /// Whom a monster attacks (`monster`).
    Monster,
    /// Fire or ice, for Summon Elemental (`elemental`).
    Elemental,
    /// Which hand Paralysis seizes (`paralyze`).
    Paralyze,
    /// Which hand Charm Person controls (`charm-hand`).
    CharmHand,
    /// Which gesture the charmed hand makes (`charm-gesture`).
    CharmGesture,
    /// Whether to release a banked spell (`release`).
    Release,
    /// Which spell Delayed Effect banks (`delay`).
    Delay,
    /// Which spell Permanency extends (`permanent`).
    Permanent,
    /// Which clap spell a two-handed clap announces (`announce`).
    Announce,
    /// Whether to resist a charm for its price (`resist-charm`).
    ResistCharm,
}

/// What a question's options name, which decides how a window labels them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionsName {
    /// Beings (with `nobody`, monsters to be made `#N` and `delay`).
    Beings,
    /// Spells of the book.
    Spells,
    /// Clap spells of the book, or `nothing`.
    SpellsOrNothing,
    /// `left` or `right`.
    Hands,
    /// `fire` or `ice`.
    Elements,
    /// `yes` or `no`.
    YesNo,
    /// Gestures, as move letters.
    Gestures,
}

/// The fields a question's wording reads, as names already written for
/// the reader.
#[derive(Debug, Clone, Copy, Default)]
pub struct Wording<'a> {
    /// The spell the question is about.
    pub spell: Option<&'a str>,
    /// The hand it is about.
    pub hand: Option<CastHand>,
    /// The being it is about.
    pub about: Option<&'a str>,
    /// A monster's second attack (hasted).
    pub second_attack: bool,
    /// A monster made later this turn, by number (Gesticulation's orders).
    pub new_monster: Option<usize>,
    /// What resisting a charm costs, in hit points.
    pub charm_cost: Option<i32>,
}

impl QuestionType {
    /// Every kind, in the script format's order.
    pub const ALL: [QuestionType; 12] = [
        QuestionType::Spell,
        QuestionType::Target,
        QuestionType::Monster,
        QuestionType::Elemental,
        QuestionType::Paralyze,
        QuestionType::CharmHand,
        QuestionType::CharmGesture,
        QuestionType::Release,
        QuestionType::Delay,
        QuestionType::Permanent,
        QuestionType::Announce,
        QuestionType::ResistCharm,
    ];

    /// The `kind` string of the script format and the seat protocol.
    pub fn script_kind(self) -> &'static str {
        match self {
            QuestionType::Spell => "spell",
            QuestionType::Target => "target",
            QuestionType::Monster => "monster",
            QuestionType::Elemental => "elemental",
            QuestionType::Paralyze => "paralyze",
            QuestionType::CharmHand => "charm-hand",
            QuestionType::CharmGesture => "charm-gesture",
            QuestionType::Release => "release",
            QuestionType::Delay => "delay",
            QuestionType::Permanent => "permanent",
            QuestionType::Announce => "announce",
            QuestionType::ResistCharm => "resist-charm",
        }
    }

    /// The kind a `kind` string names, if any.
    pub fn from_script_kind(kind: &str) -> Option<QuestionType> {
        QuestionType::ALL
            .into_iter()
            .find(|t| t.script_kind() == kind)
    }

    /// What its options name.
    pub fn options_name(self) -> OptionsName {
        match self {
            QuestionType::Target | QuestionType::Monster => OptionsName::Beings,
            QuestionType::Spell | QuestionType::Delay | QuestionType::Permanent => {
                OptionsName::Spells
            }
            QuestionType::Announce => OptionsName::SpellsOrNothing,
            QuestionType::Paralyze | QuestionType::CharmHand => OptionsName::Hands,
            QuestionType::Elemental => OptionsName::Elements,
            QuestionType::Release | QuestionType::ResistCharm => OptionsName::YesNo,
            QuestionType::CharmGesture => OptionsName::Gestures,
        }
    }

    /// The question as a window asks it.
    pub fn prompt(self, w: &Wording) -> String {
        let spell = w.spell.unwrap_or("a spell");
        let about = w.about.unwrap_or("someone");
        let hand = w.hand.map(CastHand::phrase);
        match self {
            QuestionType::Spell => format!(
                "Which spell do you want to cast with your {}?",
                hand.unwrap_or("hand")
            ),
            QuestionType::Target if spell == "Stab" => {
                format!("Whom do you want to stab ({})?", hand.unwrap_or("a hand"))
            }
            QuestionType::Target => format!(
                "Whom do you want to cast {spell} at ({})?",
                hand.unwrap_or("a hand")
            ),
            QuestionType::Monster => match w.new_monster {
                Some(n) => format!("Whom do you want your new monster (#{n}) to attack?"),
                None if w.second_attack => {
                    format!("Whom do you want {about} to attack with its second attack?")
                }
                None => format!("Whom do you want {about} to attack?"),
            },
            QuestionType::Elemental => "Which kind of elemental do you want to summon?".into(),
            QuestionType::Paralyze => match hand {
                Some(h) => format!("Which of {about}'s hands do you want to paralyse ({h})?"),
                None => format!("Which of {about}'s hands do you want to paralyse?"),
            },
            QuestionType::CharmHand => format!("Which of {about}'s hands do you want to control?"),
            QuestionType::CharmGesture => format!(
                "Which gesture do you want {about}'s {} to make?",
                hand.unwrap_or("hand")
            ),
            QuestionType::Release => format!("Do you want to release the banked {spell} now?"),
            QuestionType::Delay => "Which spell do you want to bank?".into(),
            QuestionType::Permanent => "Which spell do you want to make permanent?".into(),
            QuestionType::Announce => "Which clap spell do you announce?".into(),
            QuestionType::ResistCharm => {
                let on = hand.map(|h| format!(" on your {h}")).unwrap_or_default();
                match w.charm_cost {
                    Some(cost) => format!("Do you resist the charm{on} ({cost} damage)?"),
                    None => format!("Do you resist the charm{on}?"),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each kind is found by its own name, and serde writes that name.
    #[test]
    fn every_kind_round_trips_through_its_name() {
        for t in QuestionType::ALL {
            assert_eq!(QuestionType::from_script_kind(t.script_kind()), Some(t));
            let json = serde_json::to_string(&t).expect("a string");
            assert_eq!(json, format!("\"{}\"", t.script_kind()));
        }
        assert_eq!(QuestionType::from_script_kind("announce?"), None);
    }
}
