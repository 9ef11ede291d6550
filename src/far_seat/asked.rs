//! The protocol's questions as question-pane rows, worded and labelled as
//! the local window words them: the wording is the shared vocabulary's
//! ([`QuestionType::prompt`]), the labels [`Choice`]'s, each option read by
//! what its kind's options name, from the question's fields and the seat's
//! view. Every kind is matched, none by its string.

use super::far_view::FarView;
use crate::engine::{
    BeingId, CastHand, Choice, Gesture, Hand, OptionsName, QuestionType, Spell, Wording,
};
use crate::outside_text::{one_line, MAX_LINE_CHARS, MAX_QUOTED_CHARS};
use crate::seat::message::QuestionJson;
use crate::x11::question_pane::{Form, QuestionRow};
use crate::x11::scene::Source;

/// One option of a question: what it stands for and what the window shows.
fn choice(kind: QuestionType, option: &str, view: &FarView) -> (Choice, String) {
    // `Counter-spell (WWS)`: a spell named with the book's gestures, as
    // another option is a spell of the same name.
    let spell = |name: &str| {
        let named = name.strip_suffix(')').and_then(|n| n.rsplit_once(" ("));
        match named {
            Some((plain, gestures)) => view
                .rules()
                .spells
                .iter()
                .find(|r| r.spell.name() == plain && r.gestures == gestures)
                .map(|r| r.spell),
            None => Spell::ALL.iter().copied().find(|s| s.name() == name),
        }
    };
    let found = match (kind.options_name(), option) {
        (OptionsName::Beings, "nobody") => Some(Choice::Nobody),
        (OptionsName::Beings, "delay") => Some(Choice::Delay),
        (OptionsName::Beings, name) => return being(name, view),
        (OptionsName::Spells, name) => {
            spell(name).map(|spell| Choice::Spell { spell, both: false })
        }
        (OptionsName::SpellsOrNothing, "nothing") => Some(Choice::NoSpell),
        (OptionsName::SpellsOrNothing, name) => {
            spell(name).map(|spell| Choice::Spell { spell, both: false })
        }
        (OptionsName::Hands, "left") => Some(Choice::Hand(Hand::Left)),
        (OptionsName::Hands, "right") => Some(Choice::Hand(Hand::Right)),
        (OptionsName::Elements, "fire") => Some(Choice::Fire(true)),
        (OptionsName::Elements, "ice") => Some(Choice::Fire(false)),
        (OptionsName::YesNo, "yes") => Some(Choice::Yes(true)),
        (OptionsName::YesNo, "no") => Some(Choice::Yes(false)),
        (OptionsName::Gestures, letter) => {
            let mut letters = letter.chars();
            match (
                letters.next().and_then(Gesture::from_script_letter),
                letters.next(),
            ) {
                (Some(g), None) => Some(Choice::Gesture(g)),
                _ => None,
            }
        }
        (OptionsName::Hands | OptionsName::Elements | OptionsName::YesNo, _) => None,
    };
    match found {
        // A spell shows as the option names it (with its gestures, if so).
        Some(c @ Choice::Spell { .. }) => (c, option.to_string()),
        Some(c) => (c, c.plain_label()),
        // An option its kind does not name: shown as written, never as
        // some other kind's answer (it is sent back as written).
        None => (Choice::Nobody, option.to_string()),
    }
}

/// A being option: one in the view, with ` [invisible]`; one gone, with
/// ` [dead]`; `#N` not yet made, the monster to be summoned.
fn being(name: &str, view: &FarView) -> (Choice, String) {
    if let Some(b) = view.being(name) {
        let index = view.being_index(name).map(BeingId::new);
        let label = Choice::being_label(&view.label(name), true, b.flags.contains('I'));
        return (index.map_or(Choice::Nobody, Choice::Being), label);
    }
    let to_be_made = name.strip_prefix('#').and_then(|n| n.parse::<usize>().ok());
    if let Some(n) = to_be_made.filter(|_| !view.ever_seen(name)) {
        let c = Choice::NewMonster(n);
        return (c, c.plain_label());
    }
    let index = view.being_index(name).map(BeingId::new);
    let label = Choice::being_label(&view.label(name), false, false);
    (index.map_or(Choice::Nobody, Choice::Being), label)
}

/// The question as the window asks it.
fn prompt(q: &QuestionJson, view: &FarView) -> String {
    let about = q.about.as_deref().map(|a| view.label(a));
    q.kind.prompt(&Wording {
        spell: q.spell.as_deref(),
        hand: q.hand.as_deref().and_then(CastHand::from_script_name),
        about: about.as_deref(),
        second_attack: false,
        new_monster: None,
        charm_cost: view.rules().charm_resist_cost(),
    })
}

/// The row for one protocol question; its choices are its options, one to one.
pub fn row_for(q: &QuestionJson, view: &FarView) -> QuestionRow {
    let (choices, labels): (Vec<Choice>, Vec<String>) =
        q.options.iter().map(|o| choice(q.kind, o, view)).unzip();
    let hand = match q.hand.as_deref() {
        Some("right") => Hand::Right,
        _ => Hand::Left,
    };
    // Spell names, kinds and hands come from the host: escaped and cut.
    let labels = labels
        .iter()
        .map(|l| one_line(l, MAX_QUOTED_CHARS))
        .collect();
    QuestionRow {
        text: one_line(&prompt(q, view), MAX_LINE_CHARS),
        form: match q.kind.options_name() {
            OptionsName::Gestures => Form::Pictures(hand),
            _ => Form::Menu,
        },
        labels,
        choices,
        spell_hand: (q.kind == QuestionType::Spell).then_some(hand),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RuleSet;

    fn question(kind: QuestionType, options: &[&str]) -> QuestionJson {
        QuestionJson {
            kind,
            spell: None,
            hand: None,
            about: None,
            options: options.iter().map(|o| o.to_string()).collect(),
            default: options.first().map(|o| o.to_string()),
        }
    }

    fn death_match() -> FarView {
        let rules = RuleSet::by_name("deathmatch").expect("the book");
        FarView::new(vec!["Alice".into(), "Bob".into()], rules)
    }

    /// Death Match's clap-spell question (spellcast-rules(7)): asked as the
    /// local window asks it, its options spells or nothing, none a being.
    #[test]
    fn the_clap_spell_question_is_worded_and_labelled_as_spells() {
        let row = row_for(
            &question(QuestionType::Announce, &["nothing", "Fire Storm"]),
            &death_match(),
        );
        assert_eq!(row.text, "Which clap spell do you announce?");
        assert_eq!(row.labels, ["nothing", "Fire Storm"]);
        assert_eq!(
            row.choices,
            [
                Choice::NoSpell,
                Choice::Spell {
                    spell: Spell::FireStorm,
                    both: false
                }
            ]
        );
    }

    /// Resisting a charm costs the book's price, names the hand the charm
    /// holds, and is a yes or a no.
    #[test]
    fn the_resist_question_names_the_books_price() {
        let mut q = question(QuestionType::ResistCharm, &["no", "yes"]);
        q.hand = Some("right".into());
        let row = row_for(&q, &death_match());
        assert_eq!(
            row.text,
            "Do you resist the charm on your right hand (3 damage)?"
        );
        assert_eq!(row.labels, ["No", "Yes"]);
    }

    /// Two Counter-spells named by their gestures are two spells, labelled
    /// as the options name them.
    #[test]
    fn two_counter_spells_are_told_apart() {
        let original = FarView::new(vec!["Alice".into(), "Bob".into()], RuleSet::original());
        let q = question(
            QuestionType::Delay,
            &["Counter-spell (WPP)", "Counter-spell (WWS)"],
        );
        let row = row_for(&q, &original);
        assert_eq!(row.labels, ["Counter-spell (WPP)", "Counter-spell (WWS)"]);
        let spell = |spell| Choice::Spell { spell, both: false };
        assert_eq!(
            row.choices,
            [spell(Spell::CounterSpell), spell(Spell::CounterSpellWws)]
        );
    }

    /// A monster to be made this turn is one, not a dead being.
    #[test]
    fn a_monster_to_be_summoned_is_labelled_as_such() {
        let mut q = question(QuestionType::Target, &["nobody", "#1"]);
        q.spell = Some("Missile".into());
        q.hand = Some("right".into());
        let row = row_for(&q, &death_match());
        assert_eq!(
            row.text,
            "Whom do you want to cast Missile at (right hand)?"
        );
        assert_eq!(row.labels, ["nobody", "monster #1 (to be summoned)"]);
    }
}
