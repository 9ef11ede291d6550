//! Questions the engine asks players between the gestures and the resolution.

use super::errors::AnswerError;
use super::gesture::{Gesture, Hand};
use super::ids::{BeingId, PlayerId};
use super::question_type::{QuestionType, Wording};
use super::rules::RuleSet;
use super::spellbook::Spell;
use std::borrow::Cow;

/// Which hand (or bank) a cast comes from; it names target questions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastHand {
    /// Cast with the left hand.
    Left,
    /// Cast with the right hand.
    Right,
    /// A both-handed spell.
    Both,
    /// Released from a Delayed Effect bank.
    Delayed,
}

impl CastHand {
    /// `left`, `right`, `both` or `delayed`, as scripts write it.
    pub fn script_name(self) -> &'static str {
        match self {
            CastHand::Left => "left",
            CastHand::Right => "right",
            CastHand::Both => "both",
            CastHand::Delayed => "delayed",
        }
    }

    /// The hand a `left`, `right`, `both` or `delayed` names.
    pub fn from_script_name(name: &str) -> Option<CastHand> {
        [
            CastHand::Left,
            CastHand::Right,
            CastHand::Both,
            CastHand::Delayed,
        ]
        .into_iter()
        .find(|h| h.script_name() == name)
    }

    /// The phrase in parentheses after a spell announcement.
    pub fn phrase(self) -> &'static str {
        match self {
            CastHand::Left => "left hand",
            CastHand::Right => "right hand",
            CastHand::Both => "both hands",
            CastHand::Delayed => "from a Delayed Effect",
        }
    }
}

impl From<Hand> for CastHand {
    fn from(h: Hand) -> CastHand {
        match h {
            Hand::Left => CastHand::Left,
            Hand::Right => CastHand::Right,
        }
    }
}

/// What a question is about; the fields scripts match answers on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QuestionKind {
    /// One hand completed several spells: which one does it cast?
    SpellChoice {
        /// The hand with several candidates.
        hand: Hand,
    },
    /// Whom a spell (or stab) is aimed at.
    Target {
        /// The spell as the table names it (`Stab` for a stab).
        spell: Spell,
        /// Where it is cast from.
        hand: CastHand,
    },
    /// Whom one of the player's monsters attacks.
    Monster {
        /// The monster.
        monster: BeingId,
        /// 0 for the first attack, 1 for a hasted monster's second.
        attack: u8,
    },
    /// Summon Elemental hit this player: fire or ice?
    Elemental,
    /// Which hand of a wizard Paralysis freezes.
    ParalyzeHand {
        /// The paralysed wizard (Gesticulation: the one the spell is aimed at).
        victim: BeingId,
        /// Gesticulation names the hand when casting, one question per
        /// Paralysis: the hand it is cast from. `None` under the original,
        /// which asks once per victim after the reveal.
        hand: Option<CastHand>,
    },
    /// Which hand of a wizard Charm Person controls.
    CharmHand {
        /// The charmed wizard.
        victim: BeingId,
    },
    /// Which gesture the charmed hand makes this turn.
    CharmGesture {
        /// The charmed wizard.
        victim: BeingId,
        /// The controlled hand.
        hand: Hand,
    },
    /// Release the spell banked by Delayed Effect now?
    Release {
        /// The banked spell.
        spell: Spell,
    },
    /// Several spells could be banked by Delayed Effect: which one?
    Delay,
    /// Several spells could be made permanent: which one?
    Permanent,
    /// Death Match: both hands clapped; which clap spell is announced?
    Announce,
    /// Death Match: resist this turn's charm for 3 damage?
    ResistCharm {
        /// The hand the charm controls this turn: the victim is told
        /// which, as the charmer's own question names it.
        hand: Hand,
    },
}

impl QuestionKind {
    /// Its kind in the shared vocabulary.
    pub fn question_type(&self) -> QuestionType {
        match self {
            QuestionKind::SpellChoice { .. } => QuestionType::Spell,
            QuestionKind::Target { .. } => QuestionType::Target,
            QuestionKind::Monster { .. } => QuestionType::Monster,
            QuestionKind::Elemental => QuestionType::Elemental,
            QuestionKind::ParalyzeHand { .. } => QuestionType::Paralyze,
            QuestionKind::CharmHand { .. } => QuestionType::CharmHand,
            QuestionKind::CharmGesture { .. } => QuestionType::CharmGesture,
            QuestionKind::Release { .. } => QuestionType::Release,
            QuestionKind::Delay => QuestionType::Delay,
            QuestionKind::Permanent => QuestionType::Permanent,
            QuestionKind::Announce => QuestionType::Announce,
            QuestionKind::ResistCharm { .. } => QuestionType::ResistCharm,
        }
    }

    /// The `kind` string of the script format.
    pub fn script_kind(&self) -> &'static str {
        self.question_type().script_kind()
    }
}

/// One possible answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Choice {
    /// Aim at nothing: the spell goes up into the air.
    Nobody,
    /// A wizard or monster, living or (for Raise Dead) dead.
    Being(BeingId),
    /// A spell; `both` marks a both-handed candidate (`[both hands]`).
    Spell {
        /// The spell.
        spell: Spell,
        /// Whether it needs both hands.
        both: bool,
    },
    /// A hand of the victim.
    Hand(Hand),
    /// A fire elemental (true) or an ice elemental (false).
    Fire(bool),
    /// Yes or no.
    Yes(bool),
    /// A gesture for a charmed hand.
    Gesture(Gesture),
    /// The monster of this number, made later this turn (`#N`).
    NewMonster(usize),
    /// No spell announced with a clap.
    NoSpell,
    /// Bank the spell in the caster's Delayed Effect (Gesticulation's `delay`).
    Delay,
}

/// A question addressed to one player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    /// The player who must answer.
    pub player: PlayerId,
    /// What it is about.
    pub kind: QuestionKind,
    /// The legal answers in menu order.
    pub options: Vec<Choice>,
    /// Index into `options` of the pre-filled answer, if the original pre-fills one.
    pub default: Option<usize>,
}

impl Question {
    /// The answer used when the player gives none: the pre-filled one, else the first legal one.
    pub fn fallback(&self) -> usize {
        self.default.unwrap_or(0)
    }
}

impl Question {
    /// The question as the question pane shows it.
    pub fn prompt(&self, game: &super::Duel) -> String {
        let name = |b: BeingId| game.being(b).name.clone();
        let about = match self.kind {
            QuestionKind::Monster { monster, .. } if monster.index() < game.beings().len() => {
                Some(name(monster))
            }
            QuestionKind::ParalyzeHand { victim, .. }
            | QuestionKind::CharmHand { victim }
            | QuestionKind::CharmGesture { victim, .. } => Some(name(victim)),
            _ => None,
        };
        let spell = match self.kind {
            QuestionKind::Target { spell, .. } | QuestionKind::Release { spell } => {
                Some(spell.name())
            }
            _ => None,
        };
        let hand = match self.kind {
            QuestionKind::SpellChoice { hand }
            | QuestionKind::CharmGesture { hand, .. }
            | QuestionKind::ResistCharm { hand } => Some(CastHand::from(hand)),
            QuestionKind::Target { hand, .. } => Some(hand),
            QuestionKind::ParalyzeHand { hand, .. } => hand,
            _ => None,
        };
        let (second_attack, new_monster) = match self.kind {
            // Gesticulation orders a summons before it is made.
            QuestionKind::Monster { monster, .. } if monster.index() >= game.beings().len() => {
                (false, Some(monster.index() + 1 - game.players()))
            }
            QuestionKind::Monster { attack, .. } => (attack > 0, None),
            _ => (false, None),
        };
        self.kind.question_type().prompt(&Wording {
            spell,
            hand,
            about: about.as_deref(),
            second_attack,
            new_monster,
            charm_cost: game.rules().quirks.charm_resist_cost,
        })
    }
}

impl Question {
    /// The name a spell among this question's options goes by in scripts,
    /// the protocol and menus: its name, or, when another option is a
    /// different spell of the same name (the two Lightning Bolts, the two
    /// Counter-spells), its name with the book's gestures for it,
    /// `Counter-spell (WWS)`, so that the two can be told apart.
    pub fn spell_option_name(&self, rules: &RuleSet, spell: Spell) -> Cow<'static, str> {
        let twin = self.options.iter().any(|c| {
            matches!(*c, Choice::Spell { spell: other, .. }
                if other != spell && other.name() == spell.name())
        });
        if twin {
            Cow::Owned(format!("{} ({})", spell.name(), rules.info(spell).gestures))
        } else {
            Cow::Borrowed(spell.name())
        }
    }

    /// Each option's label as menus show it ([`Choice::label`]), a spell
    /// named twice with its gestures ([`Question::spell_option_name`]).
    pub fn labels(&self, game: &super::Duel) -> Vec<String> {
        self.options
            .iter()
            .map(|c| match *c {
                Choice::Spell { spell, both } => {
                    let name = self.spell_option_name(game.rules(), spell);
                    if both {
                        format!("{name} [both hands]")
                    } else {
                        name.into_owned()
                    }
                }
                other => other.label(game),
            })
            .collect()
    }
}

impl Choice {
    /// The being this answer names, if it names one.
    pub(crate) fn being(self) -> Option<BeingId> {
        match self {
            Choice::Being(b) => Some(b),
            _ => None,
        }
    }

    /// How menus show Gesticulation's `delay` (local and far windows alike).
    pub const DELAY_LABEL: &'static str = "delay (bank it)";

    /// The answer as menus and the question pane show it; beings get
    /// ` [invisible]` or ` [dead]` as in the original.
    pub fn label(&self, game: &super::Duel) -> String {
        match *self {
            Choice::Being(b) => {
                let being = game.being(b);
                Choice::being_label(&being.name, being.alive(), being.invisible())
            }
            other => other.plain_label(),
        }
    }

    /// A being's label: its name, ` [dead]` or ` [invisible]` added.
    pub fn being_label(name: &str, alive: bool, invisible: bool) -> String {
        if !alive {
            format!("{name} [dead]")
        } else if invisible {
            format!("{name} [invisible]")
        } else {
            name.to_string()
        }
    }

    /// The label of an answer that names no being (a being's number
    /// for [`Choice::Being`], which [`Choice::label`] names).
    pub fn plain_label(&self) -> String {
        match *self {
            Choice::Nobody => "nobody".to_string(),
            Choice::Being(b) => format!("#{}", b.index()),
            Choice::Spell { spell, both } => {
                if both {
                    format!("{} [both hands]", spell.name())
                } else {
                    spell.name().to_string()
                }
            }
            Choice::Hand(h) => if h == Hand::Left { "Left" } else { "Right" }.to_string(),
            Choice::Fire(true) => "Fire".to_string(),
            Choice::Fire(false) => "Ice".to_string(),
            Choice::Yes(true) => "Yes".to_string(),
            Choice::Yes(false) => "No".to_string(),
            Choice::Gesture(g) => g.name().to_string(),
            Choice::NewMonster(n) => format!("monster #{n} (to be summoned)"),
            Choice::NoSpell => "nothing".to_string(),
            Choice::Delay => Choice::DELAY_LABEL.to_string(),
        }
    }
}

/// Whether `answers` fit `questions`: one option index per question, in
/// order, each among that question's options. [`Duel::answer`] checks
/// answers with it, and the driver checks answers it holds for later the
/// same way, so a held answer is refused when given, not when applied.
///
/// [`Duel::answer`]: super::Duel::answer
pub fn check_answers(
    p: PlayerId,
    questions: &[Question],
    answers: &[usize],
) -> Result<(), AnswerError> {
    if questions.len() != answers.len() {
        return Err(AnswerError::WrongCount {
            player: p,
            expected: questions.len(),
            given: answers.len(),
        });
    }
    for (i, (q, &a)) in questions.iter().zip(answers).enumerate() {
        if a >= q.options.len() {
            return Err(AnswerError::OutOfRange {
                player: p,
                question: i,
                answer: a,
                options: q.options.len(),
            });
        }
    }
    Ok(())
}
