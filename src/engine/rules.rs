//! The rule set a duel plays by: its spell table, the recogniser that reads
//! completed spells off a wizard's gestures, and the resolver that carries
//! out a round's cast list. A [`Duel`] holds a `&'static` reference to one,
//! [`RuleSet::original`] unless told otherwise.
//!
//! How another rule set (say the "Gesticulation" variant, whose Charm Person
//! and Permanency differ) would be added without touching the original's
//! resolution: write its table as a `[SpellInfo; SPELL_COUNT]` (spells it
//! lacks get a row no gesture sequence reaches; spells it adds need new
//! [`Spell`](super::Spell) variants, with rows in the original's table that
//! no gesture reaches), a recogniser if its gestures are read differently
//! (else reuse [`completed_spells`]), and a resolver: a function with the
//! shape of [`resolve_original`] that calls the shared stages it keeps and
//! its own for the effects that differ (new waiting points get new
//! [`Stage`] variants). Then a `static` `RuleSet` names the three, and a
//! duel is started with it.

use super::duel::Duel;
use super::history::Row;
use super::question::Question;
use super::recognise::{completed_spells, FoundSpells};
use super::round::{Stage, Step};
use super::spellbook::{SpellInfo, SPELLS, SPELL_COUNT};
use std::fmt;

/// Finds every spell the newest row of a wizard's history completes.
pub(crate) type Recogniser = fn(&[Row], &mut FoundSpells);

/// Carries out a round from the moment the targets are set: called with
/// [`Stage::Targets`] and no answers to begin, then with each of its own
/// stages once that stage's batch of questions is answered. Returns the
/// stage whose batch is open next, or the step that ends the round.
pub(crate) type Resolver = fn(&mut Duel, Stage, &[Question], &[usize]) -> Result<Stage, Step>;

/// A set of rules: the spell table, how gestures complete spells, and how
/// a round's spells take effect.
pub struct RuleSet {
    /// The rules' name, as a report or a window title shows it.
    pub name: &'static str,
    /// One row per [`Spell`](super::Spell), in its order.
    pub spells: &'static [SpellInfo; SPELL_COUNT],
    pub(crate) recognise: Recogniser,
    pub(crate) resolve: Resolver,
}

/// Waving Hands as the 1993 X11 game plays it. A `static`, so that it has
/// one address and rule sets compare by it.
static ORIGINAL: RuleSet = RuleSet {
    name: "Waving Hands",
    spells: &SPELLS,
    recognise: completed_spells,
    resolve: resolve_original,
};

impl RuleSet {
    /// Waving Hands as the 1993 X11 game plays it.
    pub fn original() -> &'static RuleSet {
        &ORIGINAL
    }
}

impl fmt::Debug for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RuleSet").field("name", &self.name).finish()
    }
}

impl PartialEq for RuleSet {
    /// Rule sets are `static`s: the same one is the same place.
    fn eq(&self, other: &RuleSet) -> bool {
        std::ptr::eq(self, other)
    }
}

/// The original's resolution: the cast list is
/// announced and countered, elementals are summoned, enchantments take
/// hold, attacks and cures land, monsters attack, and time passes.
pub(crate) fn resolve_original(
    duel: &mut Duel,
    answered: Stage,
    questions: &[Question],
    answers: &[usize],
) -> Result<Stage, Step> {
    Ok(match answered {
        Stage::Targets => {
            duel.begin_resolution();
            duel.ask_elementals();
            Stage::Elemental
        }
        Stage::Elemental => {
            duel.summon(questions, answers);
            duel.check_elements();
            duel.exec_cancels();
            duel.exec_protects();
            duel.ask_control_hands();
            Stage::ControlHands
        }
        Stage::ControlHands => {
            duel.exec_enchants(questions, answers);
            duel.exec_attacks();
            duel.exec_heals();
            duel.plan_monster_attacks();
            Stage::Monsters
        }
        Stage::Monsters => {
            duel.monsters_attack(questions, answers);
            return Err(duel.end_round());
        }
        // The stages before the targets belong to the cast list, not here.
        Stage::Moves | Stage::Charm | Stage::SpellChoice | Stage::Delay | Stage::Permanent => {
            return Err(Step::RoundDone)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::test_support::{duel, play};
    use crate::engine::Outcome;

    /// Rules under which no gesture completes anything.
    static NO_SPELLS: RuleSet = RuleSet {
        name: "no spells",
        spells: &SPELLS,
        recognise: |_, out| out.clear(),
        resolve: resolve_original,
    };

    #[test]
    fn a_duel_plays_by_the_original_unless_told_otherwise() {
        let d = duel(&["A", "B"]);
        assert_eq!(d.rules(), RuleSet::original());
        assert_eq!(d.rules().name, "Waving Hands");
        assert_ne!(d.rules(), &NO_SPELLS);
    }

    #[test]
    fn the_duel_reads_gestures_through_its_rule_set() {
        let mut original = duel(&["A", "B"]);
        play(&mut original, &["PP --"]);
        assert_eq!(
            original.outcome(),
            Some(Outcome::Winner(crate::engine::PlayerId::new(1)))
        );
        let mut other = duel(&["A", "B"]);
        other.rules = &NO_SPELLS;
        play(&mut other, &["PP --"]);
        assert_eq!(other.outcome(), None, "no surrender without its spell");
    }
}
