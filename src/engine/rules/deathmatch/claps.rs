//! Death Match's clap announcements: "with every two-handed clap the
//! player names one spell … Only the announced clap spell can grow from
//! that clap" (spellcast-rules(7), DEATH MATCH).

use crate::engine::being::Being;
use crate::engine::duel::Duel;
use crate::engine::gesture::{Gesture, Mark};
use crate::engine::ids::{BeingId, PlayerId};
use crate::engine::narrate::CastingEvent;
use crate::engine::question::{Choice, Question, QuestionKind};
use crate::engine::recognise::FoundSpells;
use crate::engine::rules::RuleSet;
use crate::engine::spellbook::Spell;

/// The book's clap spells: those whose first gesture is a two-handed clap.
fn clap_spells(rules: &RuleSet) -> impl Iterator<Item = Spell> + '_ {
    rules
        .spells
        .iter()
        .filter(|r| r.gestures.starts_with('c'))
        .map(|r| r.spell)
}

impl Duel {
    /// Asks every active wizard whose newest row is a two-handed clap which
    /// clap spell he announces (pre-filled: nothing).
    pub(crate) fn ask_announcements(&mut self) {
        let mut batch = Vec::new();
        for w in (0..self.players).filter(|&w| self.round.active[w]) {
            let claps = self.beings[w]
                .history
                .last()
                .is_some_and(|r| r.marks == [Mark::Made(Gesture::Clap); 2]);
            if !claps {
                continue;
            }
            let mut options = self.round.batch.options();
            options.push(Choice::NoSpell);
            options
                .extend(clap_spells(self.rules).map(|spell| Choice::Spell { spell, both: false }));
            let question = Question {
                player: PlayerId::new(w),
                kind: QuestionKind::Announce,
                options,
                default: Some(0),
            };
            self.round.batch.enlist(&mut batch, question);
        }
        self.ask(batch);
    }

    /// Remembers each announcement against the clap's row.
    pub(crate) fn record_announcements(&mut self, batch: &[Question], answers: &[usize]) {
        for (q, &a) in batch.iter().zip(answers) {
            if let Choice::Spell { spell, .. } = q.options[a] {
                let b = &mut self.beings[q.player.index()];
                // Rows as u32: a duel of four billion rounds is out of reach.
                let row = (b.history.len() - 1) as u32;
                let announced = &mut b.marks.book.deathmatch().announced;
                announced.retain(|&(r, _)| r + 8 > row);
                announced.push((row, spell));
            }
        }
    }
}

impl Duel {
    /// Tells, at the reveal, the spells announced with this round's claps:
    /// the book makes them public then (each reader who saw the row).
    pub(crate) fn tell_announcements(&mut self) {
        let active = self.round.active;
        for w in (0..self.players).filter(|&w| active[w]) {
            let b = &self.beings[w];
            let Some(newest) = b.history.len().checked_sub(1) else {
                continue;
            };
            let newest = newest as u32;
            let told = b.marks.book.announced().iter().find(|&&(r, _)| r == newest);
            if let Some(&(row, spell)) = told {
                self.say_event(CastingEvent::Announced {
                    wizard: BeingId::new(w),
                    spell,
                    row,
                });
            }
        }
    }
}

/// Drops from `found` every clap spell whose opening clap did not announce it.
pub(crate) fn keep_announced(rules: &RuleSet, wizard: &Being, found: &mut FoundSpells) {
    let rows = wizard.history.len();
    found.retain(|&(spell, _)| {
        let gestures = rules.info(spell).gestures;
        if !gestures.starts_with('c') {
            return true;
        }
        let clap_row = (rows - gestures.len()) as u32;
        wizard.marks.book.announced().contains(&(clap_row, spell))
    });
}
