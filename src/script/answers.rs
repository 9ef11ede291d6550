//! Answering the engine's questions from a script round, and recording what
//! was asked with the answer used.
//!
//! A question takes the first unused answer of its player whose `kind` is
//! the question's and whose given `spell`, `hand` and `about` are the
//! question's; with none, it takes its own pre-filled answer.

use super::input::{Script, ScriptAnswer, ScriptRound, Text};
use crate::engine::{BeingId, Choice, Duel, Question, QuestionKind, Spell};

/// A question asked in a round, and the answer it got.
pub(super) struct Asked {
    /// The index of the player asked.
    pub player: usize,
    /// The script's `kind`.
    pub kind: &'static str,
    /// The script's `spell` field, when the question has one.
    pub spell: Option<&'static str>,
    /// The script's `hand` field, when the question has one.
    pub hand: Option<&'static str>,
    /// The being the question is about (monster, paralysed or charmed wizard).
    pub about: Option<BeingId>,
    /// The answer used.
    pub answer: Choice,
    /// Death Match: a Missile Swarm's missiles (reports only).
    pub missiles: Option<u8>,
    /// The answer's name when it is a spell named with its gestures, as
    /// another option is a spell of the same name (`Counter-spell (WWS)`).
    pub spell_named: Option<String>,
}

/// One round's answers and the questions asked so far.
pub(super) struct Answerer<'s> {
    /// Each answer given: its player, the answer, whether a question took it.
    given: Vec<(usize, &'s ScriptAnswer<'s>, bool)>,
    asked: Vec<Asked>,
    /// The last batch's answers (indices into each question's options),
    /// one list kept for every batch of the duel.
    chosen: Vec<usize>,
}

/// What a script got wrong: the field and the message.
pub(super) type Misfit = (String, String);

impl<'s> Answerer<'s> {
    pub(super) fn new() -> Answerer<'s> {
        Answerer {
            given: Vec::new(),
            asked: Vec::new(),
            chosen: Vec::new(),
        }
    }

    /// Starts a round: takes its answers, forgets the last round's questions.
    /// `player` gives a name's player index.
    pub(super) fn start(
        &mut self,
        script: &'s Script<'s>,
        round: &ScriptRound,
        player: impl Fn(&str) -> Option<usize>,
    ) -> Result<(), Misfit> {
        self.given.clear();
        self.asked.clear();
        for (who, list) in script.answers_of(round) {
            let p =
                player(who).ok_or_else(|| (format!("answers.{who}"), "no such player".into()))?;
            self.given.extend(list.iter().map(|a| (p, a, false)));
        }
        Ok(())
    }

    /// The questions asked this round, in the order asked.
    pub(super) fn asked(&self) -> &[Asked] {
        &self.asked
    }

    /// An answer no question took, with its player.
    pub(super) fn unused(&self) -> Option<(usize, &'s ScriptAnswer<'s>)> {
        self.given
            .iter()
            .find(|(_, _, used)| !used)
            .map(|&(p, a, _)| (p, a))
    }

    /// Answers one player's open questions: indices into each question's
    /// options.
    pub(super) fn answer(
        &mut self,
        duel: &Duel,
        batch: &[Question],
        names: &[String],
    ) -> Result<&[usize], Misfit> {
        self.chosen.clear();
        for q in batch {
            let asked = fields(q);
            let found = self.given.iter().position(|&(p, a, used)| {
                !used && p == asked.player && fits(duel, a, &asked, &q.kind)
            });
            let mut index = q.fallback();
            if let Some(i) = found {
                self.given[i].2 = true;
                let text = &self.given[i].1.answer;
                index = q
                    .options
                    .iter()
                    .position(|&c| names_choice(duel, q, c, text))
                    .ok_or_else(|| {
                        (
                            format!("answers.{}", names[asked.player]),
                            format!(
                                "{text:?} is not a legal answer to the {} question",
                                asked.kind
                            ),
                        )
                    })?;
            }
            let missiles = match q.kind {
                QuestionKind::Target {
                    spell: Spell::MissileSwarm,
                    hand,
                } => Some(duel.swarm_size(BeingId::new(asked.player), hand)),
                _ => None,
            };
            let spell_named = match q.options[index] {
                Choice::Spell { spell, .. } => {
                    let named = q.spell_option_name(duel.rules(), spell);
                    (named != spell.name()).then(|| named.into_owned())
                }
                _ => None,
            };
            self.asked.push(Asked {
                answer: q.options[index],
                missiles,
                spell_named,
                ..asked
            });
            self.chosen.push(index);
        }
        Ok(&self.chosen)
    }
}

/// The script fields of a question (its answer still to be chosen).
fn fields(q: &Question) -> Asked {
    let (spell, hand, about) = match &q.kind {
        QuestionKind::SpellChoice { hand } => (None, Some(hand.name()), None),
        QuestionKind::Target { spell, hand } => {
            (Some(spell.name()), Some(hand.script_name()), None)
        }
        QuestionKind::Monster { monster, .. } => (None, None, Some(*monster)),
        QuestionKind::ParalyzeHand { victim, hand } => {
            (None, hand.map(|h| h.script_name()), Some(*victim))
        }
        QuestionKind::CharmHand { victim } | QuestionKind::CharmGesture { victim, .. } => {
            (None, None, Some(*victim))
        }
        QuestionKind::Release { spell } => (Some(spell.name()), None, None),
        QuestionKind::ResistCharm { hand } => (None, Some(hand.name()), None),
        QuestionKind::Elemental
        | QuestionKind::Delay
        | QuestionKind::Permanent
        | QuestionKind::Announce => (None, None, None),
    };
    Asked {
        player: q.player.index(),
        kind: q.kind.script_kind(),
        spell,
        hand,
        about,
        answer: Choice::Nobody,
        missiles: None,
        spell_named: None,
    }
}

/// Whether a script answer is meant for this question: same kind, and
/// every field it gives equal to the question's (spells without regard to
/// case; a monster by `#N` or by its full name).
fn fits(duel: &Duel, a: &ScriptAnswer, q: &Asked, kind: &QuestionKind) -> bool {
    let given_fits =
        |given: &Option<Text>, actual: Option<&str>, any_case: bool| match (given, actual) {
            (None, _) => true,
            (Some(g), Some(a)) if any_case => same_ignoring_case(g, a),
            (Some(g), Some(a)) => **g == *a,
            (Some(_), None) => false,
        };
    let about_fits = match (&a.about, q.about) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some(g), Some(b)) => names_being(duel, b, g, matches!(kind, QuestionKind::Monster { .. })),
    };
    *a.kind == *q.kind
        && given_fits(&a.spell, q.spell, true)
        && given_fits(&a.hand, q.hand, false)
        && about_fits
}

/// Whether `text` names being `b`: a wizard by his name, a monster as `#N`,
/// or (where `full_name` allows) by the name it was given.
fn names_being(duel: &Duel, b: BeingId, text: &str, full_name: bool) -> bool {
    let Some(being) = duel.beings().get(b.index()) else {
        // A summons ordered before it is made (Gesticulation): its number.
        let n = b.index() + 1 - duel.players();
        return text.strip_prefix('#') == Some(n.to_string().as_str());
    };
    if being.is_wizard() {
        return text == &*being.name;
    }
    let number = text.strip_prefix('#').is_some_and(|digits| {
        !digits.starts_with('0')
            && digits.bytes().all(|d| d.is_ascii_digit())
            && digits.parse() == Ok(being.monster_number)
    });
    number || (full_name && text == &*being.name)
}

/// The text of a choice that does not depend on the duel (not a being or a gesture).
pub(super) fn fixed_text(c: Choice) -> Option<&'static str> {
    Some(match c {
        Choice::Nobody => "nobody",
        Choice::Spell { spell, .. } => spell.name(),
        Choice::Hand(h) => h.name(),
        Choice::Fire(true) => "fire",
        Choice::Fire(false) => "ice",
        Choice::Yes(true) => "yes",
        Choice::Yes(false) => "no",
        Choice::NoSpell => "nothing",
        Choice::Delay => "delay",
        Choice::Being(_) | Choice::Gesture(_) | Choice::NewMonster(_) => return None,
    })
}

/// Whether a script's answer text names this choice: words and spells
/// without regard to case (a spell named with its gestures also by its
/// plain name, which the first such option takes), a monster as `#N` or by
/// its full name, a gesture by its exact letter.
fn names_choice(duel: &Duel, q: &Question, c: Choice, text: &str) -> bool {
    match c {
        Choice::Spell { spell, .. } => {
            same_ignoring_case(spell.name(), text)
                || same_ignoring_case(&q.spell_option_name(duel.rules(), spell), text)
        }
        Choice::Being(b) if !duel.being(b).is_wizard() => names_being(duel, b, text, true),
        Choice::Being(b) => same_ignoring_case(&duel.being(b).name, text),
        Choice::NewMonster(n) => text
            .strip_prefix('#')
            .is_some_and(|digits| digits.parse() == Ok(n)),
        Choice::Gesture(g) => {
            let mut letters = text.chars();
            letters.next() == Some(g.script_letter()) && letters.next().is_none()
        }
        other => fixed_text(other).is_some_and(|t| same_ignoring_case(t, text)),
    }
}

/// `a` and `b` equal without regard to ASCII case. Scripts nearly always
/// write a name as the engine does, and comparing the bytes whole settles
/// that case in one step, where the case-blind comparison goes letter by
/// letter.
fn same_ignoring_case(a: &str, b: &str) -> bool {
    a.len() == b.len() && (a == b || a.eq_ignore_ascii_case(b))
}
