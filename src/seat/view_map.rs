//! From the engine's per-seat view and questions to the protocol's `VIEW` and
//! question objects.
//!
//! Beings are written as the script format writes them: a wizard by name, a
//! monster as `#N` (its creation number), which is why the mapping needs only
//! the wizards' names ([`BeingLabels`]).

use super::message::{
    AnnouncedJson, BeingJson, EffectJson, GestureColumns, MeJson, QuestionJson, ViewJson,
};
use crate::engine::{
    BeingId, BeingKind, Choice, EffectView, Mark, Question, QuestionKind, RuleSet, Seen, View,
};

/// Writes beings as the script format does. Wizards are beings `0..players`
/// and monsters follow in creation order, so `#N` is `id - players + 1`.
/// It holds the rule book too, whose gestures name a spell that shares its
/// name with another option ([`Question::spell_option_name`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BeingLabels {
    wizards: Vec<String>,
    rules: &'static RuleSet,
}

impl BeingLabels {
    /// Labels for a duel whose wizards have these names, in player order.
    pub fn new(wizards: Vec<String>) -> BeingLabels {
        BeingLabels {
            wizards,
            rules: RuleSet::original(),
        }
    }

    /// Names spells by this book's gestures (the original's until set).
    pub fn set_rules(&mut self, rules: &'static RuleSet) {
        self.rules = rules;
    }

    /// The wizards' names, in player order.
    pub fn wizards(&self) -> &[String] {
        &self.wizards
    }

    /// A wizard's name, or `#N` for a monster.
    pub fn label(&self, being: BeingId) -> String {
        match self.wizards.get(being.index()) {
            Some(name) => name.clone(),
            None => format!("#{}", being.index() + 1 - self.wizards.len()),
        }
    }
}

/// A round or turn number as the protocol writes it: people count from 1,
/// so a program's first move is round 1 of turn 1, the turn the transcript
/// heads "Turn 1"; the engine and the [`super::Seat`] calls count
/// from 0.
pub fn counted(from_zero: u32) -> u32 {
    from_zero.saturating_add(1)
}

/// The protocol's `VIEW` for a seat's view.
pub fn view_json(view: &View, labels: &BeingLabels) -> ViewJson {
    let beings = view
        .beings
        .iter()
        .map(|b| BeingJson {
            name: labels.label(b.id),
            label: (b.kind != BeingKind::Wizard).then(|| b.name.clone()),
            kind: b.kind.name().to_string(),
            hp: b.hp,
            flags: b.flags.clone(),
            controller: b.controller.map(|c| labels.label(c.into())),
            effects: b.effects.iter().map(effect_json).collect(),
        })
        .collect();
    let gestures = labels
        .wizards()
        .iter()
        .zip(&view.gestures)
        .map(|(name, rows)| (name.clone(), rows.iter().map(|r| row_letters(*r)).collect()))
        .collect();
    let announced = view
        .announced
        .iter()
        .map(|a| AnnouncedJson {
            wizard: labels.label(a.wizard.into()),
            row: a.row + 1,
            spell: a.spell.name().to_string(),
        })
        .collect();
    ViewJson {
        turn: counted(view.turn),
        beings,
        gestures: GestureColumns(gestures),
        announced,
        me: MeJson {
            banked: view.banked.map(|s| s.name().to_string()),
            short_lightning_used: view.short_lightning_used,
        },
    }
}

fn effect_json(e: &EffectView) -> EffectJson {
    EffectJson {
        name: e.spell.name().to_string(),
        hand: e.hand.map(|h| h.name().to_string()),
        turns: e.turns,
    }
}

/// Two letters, left then right: a move letter, `?` for fog, `*` for a row
/// wiped by Anti-spell.
fn row_letters(row: [Seen; 2]) -> String {
    row.iter()
        .map(|seen| match seen {
            Seen::Fog | Seen::Unrevealed => '?',
            Seen::Mark(Mark::AntiSpell) => '*',
            Seen::Mark(Mark::Made(g)) => g.script_letter(),
        })
        .collect()
}

/// A question as the program sees it, and which engine option each of its
/// (distinct) options stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AskedQuestion {
    /// What is written to the program.
    pub json: QuestionJson,
    /// For each entry of `json.options`, the index into the engine's options
    /// (the first one written that way: two forms of a spell are one option).
    pub engine_index: Vec<usize>,
}

impl AskedQuestion {
    /// The engine's option index for an answer written exactly as an
    /// option; a spell named with its gestures (`Counter-spell (WWS)`) is
    /// also answered by its plain name, which means the first such option,
    /// as before the options told the two apart.
    pub fn engine_answer(&self, text: &str) -> Option<usize> {
        let options = &self.json.options;
        options
            .iter()
            .position(|o| o == text)
            .or_else(|| {
                options.iter().position(|o| {
                    o.strip_suffix(')')
                        .and_then(|o| o.rsplit_once(" ("))
                        .is_some_and(|(name, _)| name == text)
                })
            })
            .map(|i| self.engine_index[i])
    }

    /// The engine's option index of the pre-filled (else first) answer.
    pub fn fallback(&self) -> usize {
        self.json
            .default
            .as_deref()
            .and_then(|d| self.engine_answer(d))
            .or_else(|| self.engine_index.first().copied())
            .unwrap_or(0)
    }
}

/// Maps a batch of engine questions to the protocol's question objects.
pub fn asked_questions(questions: &[Question], labels: &BeingLabels) -> Vec<AskedQuestion> {
    questions
        .iter()
        .map(|q| asked_question(q, labels))
        .collect()
}

/// Maps one engine question.
pub fn asked_question(q: &Question, labels: &BeingLabels) -> AskedQuestion {
    let (spell, hand, about) = question_fields(q, labels);
    let mut options: Vec<String> = Vec::new();
    let mut engine_index = Vec::new();
    for (i, choice) in q.options.iter().enumerate() {
        let text = choice_text(q, *choice, labels);
        if !options.contains(&text) {
            options.push(text);
            engine_index.push(i);
        }
    }
    let default = q
        .default
        .and_then(|d| q.options.get(d))
        .map(|c| choice_text(q, *c, labels));
    AskedQuestion {
        json: QuestionJson {
            kind: q.kind.question_type(),
            spell,
            hand,
            about,
            options,
            default,
        },
        engine_index,
    }
}

/// An engine answer as the script format writes it, and the option index
/// that text stands for (the first option written that way), so a duel
/// replayed from the text makes the same choice.
pub fn script_answer(q: &Question, answer: usize, labels: &BeingLabels) -> (String, usize) {
    let Some(choice) = q.options.get(answer) else {
        return (String::new(), answer);
    };
    let text = choice_text(q, *choice, labels);
    let first = q
        .options
        .iter()
        .position(|c| choice_text(q, *c, labels) == text)
        .unwrap_or(answer);
    (text, first)
}

/// The script format's (spell, hand, about) fields of a question.
fn question_fields(
    q: &Question,
    labels: &BeingLabels,
) -> (Option<String>, Option<String>, Option<String>) {
    match &q.kind {
        QuestionKind::SpellChoice { hand } => (None, Some(hand.name().into()), None),
        QuestionKind::Target { spell, hand } => (
            Some(spell.name().into()),
            Some(hand.script_name().into()),
            None,
        ),
        QuestionKind::Monster { monster, .. } => (None, None, Some(labels.label(*monster))),
        QuestionKind::ParalyzeHand { victim, hand } => (
            None,
            hand.map(|h| h.script_name().into()),
            Some(labels.label(*victim)),
        ),
        QuestionKind::CharmHand { victim } | QuestionKind::CharmGesture { victim, .. } => {
            (None, None, Some(labels.label(*victim)))
        }
        QuestionKind::Release { spell } => (Some(spell.name().into()), None, None),
        QuestionKind::ResistCharm { hand } => (None, Some(hand.name().into()), None),
        QuestionKind::Elemental
        | QuestionKind::Delay
        | QuestionKind::Permanent
        | QuestionKind::Announce => (None, None, None),
    }
}

/// An option as the script format writes answers (never as the window labels it).
fn choice_text(q: &Question, choice: Choice, labels: &BeingLabels) -> String {
    match choice {
        Choice::Nobody => "nobody".into(),
        Choice::Being(b) => labels.label(b),
        Choice::Spell { spell, .. } => q.spell_option_name(labels.rules, spell).into(),
        Choice::Hand(h) => h.name().into(),
        Choice::Fire(true) => "fire".into(),
        Choice::Fire(false) => "ice".into(),
        Choice::Yes(true) => "yes".into(),
        Choice::Yes(false) => "no".into(),
        Choice::Gesture(g) => g.script_letter().to_string(),
        Choice::NewMonster(n) => format!("#{n}"),
        Choice::NoSpell => "nothing".into(),
        Choice::Delay => "delay".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{
        BeingView, CastHand, Gesture, Hand, PlayerId, QuestionType, RoundKind, Spell,
    };
    use serde_json::json;

    fn labels() -> BeingLabels {
        BeingLabels::new(vec!["Arnold".into(), "Barbara".into()])
    }

    #[test]
    fn monsters_are_written_by_creation_number() {
        assert_eq!(labels().label(BeingId::new(1)), "Barbara");
        assert_eq!(labels().label(BeingId::new(2)), "#1");
        assert_eq!(labels().label(BeingId::new(4)), "#3");
    }

    #[test]
    fn view_matches_the_documented_example() {
        let made = |g| Seen::Mark(Mark::Made(g));
        let view = View {
            me: PlayerId::new(1),
            round_kind: RoundKind::Normal,
            questions: vec![],
            before_reveal: false,
            // The engine counts turns from 0, the protocol from 1.
            turn: 8,
            beings: vec![
                BeingView {
                    id: BeingId::new(0),
                    name: "Arnold".into(),
                    kind: BeingKind::Wizard,
                    hp: 12,
                    flags: "P".into(),
                    controller: None,
                    effects: vec![EffectView {
                        spell: Spell::ProtectionFromEvil,
                        hand: None,
                        turns: Some(2),
                    }],
                },
                BeingView {
                    id: BeingId::new(2),
                    name: "Frilep the Goblin".into(),
                    kind: BeingKind::Goblin,
                    hp: 1,
                    flags: String::new(),
                    controller: Some(PlayerId::new(1)),
                    effects: vec![EffectView {
                        spell: Spell::Paralysis,
                        hand: Some(Hand::Left),
                        turns: None,
                    }],
                },
            ],
            gestures: vec![
                vec![
                    [made(Gesture::Snap), made(Gesture::Palm)],
                    [Seen::Fog, Seen::Fog],
                ],
                vec![[made(Gesture::Stab), Seen::Mark(Mark::AntiSpell)]],
            ],
            banked: Some(Spell::Missile),
            short_lightning_used: true,
            announced: Vec::new(),
            rules: crate::engine::RuleSet::original(),
        };
        let value = serde_json::to_value(view_json(&view, &labels())).unwrap();
        assert_eq!(
            value,
            json!({"turn": 9,
              "beings": [
                {"name": "Arnold", "kind": "wizard", "hp": 12, "flags": "P", "controller": null,
                 "effects": [{"name": "Protection from Evil", "turns": 2}]},
                {"name": "#1", "label": "Frilep the Goblin", "kind": "goblin", "hp": 1,
                 "flags": "", "controller": "Barbara",
                 "effects": [{"name": "Paralysis", "hand": "left"}]}],
              "gestures": {"Arnold": ["SP", "??"], "Barbara": ["k*"]},
              "me": {"banked": "Missile", "short_lightning_used": true}})
        );
    }

    fn question(kind: QuestionKind, options: Vec<Choice>, default: Option<usize>) -> Question {
        Question {
            player: PlayerId::new(1),
            kind,
            options,
            default,
        }
    }

    #[test]
    fn target_question_lists_beings_as_the_script_writes_them() {
        let q = question(
            QuestionKind::Target {
                spell: Spell::Missile,
                hand: CastHand::Right,
            },
            vec![
                Choice::Nobody,
                Choice::Being(BeingId::new(0)),
                Choice::Being(BeingId::new(1)),
                Choice::Being(BeingId::new(2)),
            ],
            Some(1),
        );
        let asked = asked_question(&q, &labels());
        assert_eq!(
            serde_json::to_value(&asked.json).unwrap(),
            json!({"kind": "target", "spell": "Missile", "hand": "right",
                   "options": ["nobody", "Arnold", "Barbara", "#1"], "default": "Arnold"})
        );
        assert_eq!(asked.engine_answer("#1"), Some(3));
        assert_eq!(asked.engine_answer("arnold"), None);
        assert_eq!(asked.fallback(), 1);
    }

    #[test]
    fn two_forms_of_a_spell_are_one_option() {
        let q = question(
            QuestionKind::SpellChoice { hand: Hand::Left },
            vec![
                Choice::Spell {
                    spell: Spell::LightningBolt,
                    both: false,
                },
                Choice::Spell {
                    spell: Spell::Shield,
                    both: false,
                },
                Choice::Spell {
                    spell: Spell::LightningBolt,
                    both: true,
                },
            ],
            None,
        );
        let asked = asked_question(&q, &labels());
        assert_eq!(asked.json.options, vec!["Lightning Bolt", "Shield"]);
        assert_eq!(asked.json.hand.as_deref(), Some("left"));
        assert_eq!(asked.json.default, None);
        assert_eq!(asked.engine_answer("Shield"), Some(1));
        assert_eq!(asked.fallback(), 0);
    }

    /// The two Counter-spells (W-P-P and W-W-S, spellcast(6)) in one
    /// question are two options, each named with its gestures; the plain
    /// name still answers, for the first, as it did.
    #[test]
    fn two_spells_of_one_name_are_told_apart_by_their_gestures() {
        let spell = |spell| Choice::Spell { spell, both: false };
        let q = question(
            QuestionKind::Delay,
            vec![
                spell(Spell::Missile),
                spell(Spell::CounterSpell),
                spell(Spell::CounterSpellWws),
            ],
            None,
        );
        let asked = asked_question(&q, &labels());
        assert_eq!(
            asked.json.options,
            ["Missile", "Counter-spell (WPP)", "Counter-spell (WWS)"]
        );
        assert_eq!(asked.engine_answer("Counter-spell (WWS)"), Some(2));
        assert_eq!(asked.engine_answer("Counter-spell"), Some(1));
        assert_eq!(asked.engine_answer("Missile"), Some(0));
        assert_eq!(script_answer(&q, 2, &labels()).0, "Counter-spell (WWS)");
        // Alone, a form keeps its plain name.
        let alone = question(
            QuestionKind::Delay,
            vec![spell(Spell::Missile), spell(Spell::CounterSpellWws)],
            None,
        );
        assert_eq!(
            asked_question(&alone, &labels()).json.options,
            ["Missile", "Counter-spell"]
        );
    }

    #[test]
    fn charm_gesture_options_are_move_letters() {
        let q = question(
            QuestionKind::CharmGesture {
                victim: BeingId::new(0),
                hand: Hand::Right,
            },
            Gesture::ALL.iter().map(|g| Choice::Gesture(*g)).collect(),
            None,
        );
        let asked = asked_question(&q, &labels());
        assert_eq!(asked.json.kind, QuestionType::CharmGesture);
        assert_eq!(asked.json.about.as_deref(), Some("Arnold"));
        assert_eq!(asked.json.options.concat(), "-PDFWCSk");
    }
}
