//! A duel written down as it is played, in the script format
//! (man/spellcast-script.5), so `spellcast --script` replays it: every round's
//! moves and every answer the engine applied, written as scripts write them.
//!
//! One addition to the format: a round may list players who left during it,
//! `"withdraw": {"Name": N}`, meaning the player left after his first N
//! answers of that round were used (N = 0: before the round's moves). It is
//! how a program seat that failed is replayed.

use crate::engine::{Gesture, Hand, PlayerId, Question, RuleSet};
use crate::seat::view_map::{asked_question, script_answer, BeingLabels};
use serde::Serialize;
use std::collections::BTreeMap;

/// One answer as a script writes it: the question's fields, then the answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
struct AnswerEntry {
    kind: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    spell: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hand: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    about: Option<String>,
    answer: String,
}

/// One round of the script.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
struct RoundEntry {
    moves: BTreeMap<String, String>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    answers: BTreeMap<String, Vec<AnswerEntry>>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    withdraw: BTreeMap<String, usize>,
}

/// The whole script.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
struct ScriptEntry {
    players: Vec<String>,
    seed: u64,
    /// The rule book, written only when it is not the original's, so the
    /// original's saved duels stay as they were.
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<&'static str>,
    rounds: Vec<RoundEntry>,
}

/// Writes a duel down round by round; see the module doc.
#[derive(Debug, Clone)]
pub struct ScriptRecorder {
    script: ScriptEntry,
    labels: BeingLabels,
    /// Players who left between rounds, for the next round's entry.
    pending: Vec<PlayerId>,
    /// The rule book the duel is played by.
    book: &'static RuleSet,
}

impl ScriptRecorder {
    /// A recorder for a duel of these players (`name[:g]`, in order) and seed.
    pub fn new(players: Vec<String>, seed: u64) -> ScriptRecorder {
        let names = players
            .iter()
            .map(|p| crate::engine::PlayerSpec::parse(p).name)
            .collect();
        ScriptRecorder {
            script: ScriptEntry {
                players,
                seed,
                rules: None,
                rounds: Vec::new(),
            },
            labels: BeingLabels::new(names),
            pending: Vec::new(),
            book: RuleSet::original(),
        }
    }

    /// The same recorder for a duel played by `rules` (named in the script
    /// unless they are the original's).
    pub fn with_rules(mut self, rules: &'static RuleSet) -> ScriptRecorder {
        self.script.rules = (rules != RuleSet::original()).then_some(rules.name);
        self.book = rules;
        self.labels.set_rules(rules);
        self
    }

    fn name(&self, p: PlayerId) -> String {
        self.labels
            .wizards()
            .get(p.index())
            .cloned()
            .unwrap_or_default()
    }

    /// Starts the next round's entry (before its charm answers and moves).
    pub fn begin_round(&mut self) {
        let mut entry = RoundEntry::default();
        for p in self.pending.drain(..) {
            let name = self.labels.wizards().get(p.index()).cloned();
            entry.withdraw.insert(name.unwrap_or_default(), 0);
        }
        self.script.rounds.push(entry);
    }

    /// Records the round's moves: one entry per player, `None` for those who do not move.
    pub fn moves(&mut self, moves: &[Option<(Gesture, Gesture)>]) {
        let names: Vec<String> = (0..moves.len())
            .map(|p| self.name(PlayerId::new(p)))
            .collect();
        let Some(entry) = self.script.rounds.last_mut() else {
            return;
        };
        for (name, m) in names.into_iter().zip(moves) {
            if let Some((l, r)) = m {
                // A gesture the book does not give a hand is played as
                // nothing (the engine's reading); written so, a script
                // accepts it. A stab stays: scripts take it in either hand.
                let kept = |hand: Hand, g: Gesture| {
                    if self.book.allows(hand, g) || g == Gesture::Stab {
                        g
                    } else {
                        Gesture::Nothing
                    }
                };
                let (l, r) = (kept(Hand::Left, *l), kept(Hand::Right, *r));
                let letters = [l.script_letter(), r.script_letter()];
                entry.moves.insert(name, letters.iter().collect());
            }
        }
    }

    /// The answer index the engine should be given for `answer` to `q`: the
    /// first option a script names the same way, so the replay agrees.
    pub fn canonical(&self, q: &Question, answer: usize) -> usize {
        script_answer(q, answer, &self.labels).1
    }

    /// Records `p`'s answers to a batch of questions.
    pub fn answers(&mut self, p: PlayerId, questions: &[Question], answers: &[usize]) {
        let entries: Vec<AnswerEntry> = questions
            .iter()
            .zip(answers)
            .map(|(q, &a)| {
                let json = asked_question(q, &self.labels).json;
                AnswerEntry {
                    kind: json.kind.script_kind().to_string(),
                    spell: json.spell,
                    hand: json.hand,
                    about: json.about,
                    answer: script_answer(q, a, &self.labels).0,
                }
            })
            .collect();
        let name = self.name(p);
        if let Some(entry) = self.script.rounds.last_mut() {
            entry.answers.entry(name).or_default().extend(entries);
        }
    }

    /// Records that `p` left; `in_round` tells whether during the round
    /// (after its moves or answers were asked for) or between rounds.
    pub fn withdraw(&mut self, p: PlayerId, in_round: bool) {
        let name = self.name(p);
        match self.script.rounds.last_mut() {
            Some(entry) if in_round => {
                let given = entry.answers.get(&name).map_or(0, Vec::len);
                entry.withdraw.insert(name, given);
            }
            _ => self.pending.push(p),
        }
    }

    /// The script as JSON.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(&self.script).unwrap_or(serde_json::Value::Null)
    }
}
