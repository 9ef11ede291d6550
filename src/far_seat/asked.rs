//! The protocol's questions as question-pane rows, worded and labelled as
//! the local window words them (`engine::Question::prompt`,
//! `engine::Choice::label`), from the question's fields and the seat's view.

use super::far_view::FarView;
use crate::engine::{BeingId, Choice, Gesture, Hand, Spell};
use crate::seat::message::QuestionJson;
use crate::x11::question_pane::{Form, QuestionRow};

/// One option of a question: what the window shows and what it stands for.
fn choice(kind: &str, option: &str, view: &FarView) -> (Choice, String) {
    match (kind, option) {
        (_, "nobody") => (Choice::Nobody, "nobody".into()),
        ("target", "delay") => (Choice::Delay, Choice::DELAY_LABEL.into()),
        ("paralyze" | "charm-hand", "left") => (Choice::Hand(Hand::Left), "Left".into()),
        ("paralyze" | "charm-hand", "right") => (Choice::Hand(Hand::Right), "Right".into()),
        ("elemental", "fire") => (Choice::Fire(true), "Fire".into()),
        ("elemental", "ice") => (Choice::Fire(false), "Ice".into()),
        ("release", "yes") => (Choice::Yes(true), "Yes".into()),
        ("release", "no") => (Choice::Yes(false), "No".into()),
        ("charm-gesture", letter) => {
            let g = letter
                .chars()
                .next()
                .and_then(Gesture::from_script_letter)
                .unwrap_or(Gesture::Nothing);
            (Choice::Gesture(g), g.name().into())
        }
        ("spell" | "delay" | "permanent", name) => {
            match Spell::ALL.iter().find(|s| s.name() == name) {
                Some(&spell) => (Choice::Spell { spell, both: false }, name.into()),
                None => (Choice::Nobody, name.into()),
            }
        }
        (_, name) => {
            let label = match view.being(name) {
                Some(b) if b.flags.contains('I') => format!("{} [invisible]", view.label(name)),
                Some(_) => view.label(name),
                None => format!("{} [dead]", view.label(name)),
            };
            let being = view.being_index(name).map(BeingId::new);
            (being.map_or(Choice::Nobody, Choice::Being), label)
        }
    }
}

/// "left hand", "both hands", "from a Delayed Effect" for a target's hand.
fn hand_phrase(hand: &str) -> String {
    match hand {
        "both" => "both hands".into(),
        "delayed" | "delay" => "from a Delayed Effect".into(),
        h => format!("{h} hand"),
    }
}

/// The question as the window asks it.
fn prompt(q: &QuestionJson, view: &FarView) -> String {
    let spell = q.spell.as_deref().unwrap_or("a spell");
    let hand = q.hand.as_deref().unwrap_or("");
    let about = q
        .about
        .as_deref()
        .map(|a| view.label(a))
        .unwrap_or_default();
    match q.kind.as_str() {
        "spell" => format!("Which spell do you want to cast with your {hand} hand?"),
        "target" if spell == "Stab" => format!("Whom do you want to stab ({})?", hand_phrase(hand)),
        "target" => format!(
            "Whom do you want to cast {spell} at ({})?",
            hand_phrase(hand)
        ),
        "monster" => format!("Whom do you want {about} to attack?"),
        "elemental" => "Which kind of elemental do you want to summon?".into(),
        "paralyze" if !hand.is_empty() => format!(
            "Which of {about}'s hands do you want to paralyse ({})?",
            hand_phrase(hand)
        ),
        "paralyze" => format!("Which of {about}'s hands do you want to paralyse?"),
        "charm-hand" => format!("Which of {about}'s hands do you want to control?"),
        "charm-gesture" => format!("Which gesture do you want {about}'s hand to make?"),
        "release" => format!("Do you want to release the banked {spell} now?"),
        "delay" => "Which spell do you want to bank?".into(),
        "permanent" => "Which spell do you want to make permanent?".into(),
        other => format!("{other}?"),
    }
}

/// The row for one protocol question; its choices are its options, one to one.
pub fn row_for(q: &QuestionJson, view: &FarView) -> QuestionRow {
    let (choices, labels): (Vec<Choice>, Vec<String>) =
        q.options.iter().map(|o| choice(&q.kind, o, view)).unzip();
    let hand = match q.hand.as_deref() {
        Some("right") => Hand::Right,
        _ => Hand::Left,
    };
    QuestionRow {
        text: prompt(q, view),
        form: if q.kind == "charm-gesture" {
            Form::Pictures(hand)
        } else {
            Form::Menu
        },
        labels,
        choices,
        spell_hand: (q.kind == "spell").then_some(hand),
        answer: q
            .default
            .as_ref()
            .and_then(|d| q.options.iter().position(|o| o == d)),
    }
}

/// The option text for the answer the window holds (else the default,
/// else the first option).
pub fn answer_text(q: &QuestionJson, answer: Option<usize>) -> String {
    answer
        .and_then(|a| q.options.get(a))
        .or(q.default.as_ref())
        .or(q.options.first())
        .cloned()
        .unwrap_or_default()
}
