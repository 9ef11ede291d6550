//! Waving Hands as the 1993 X11 game plays it (`--rules spellcast`): the
//! table in `table.rs`, the resolution below, every stage shared in `resolve/`.

mod table;

use super::{Bolt, Book, Quirks, RuleSet, Windows, ALL_GESTURES};
use crate::engine::duel::Duel;
use crate::engine::gesture::Gesture;
use crate::engine::narrate::Harm;
use crate::engine::question::Question;
use crate::engine::round::{Stage, Step};
use crate::engine::setup::{MAX_PLAYERS, MIN_PLAYERS};
use crate::engine::spellbook::Spell;
pub(crate) use table::TABLE;

/// The original's book, for other books to start from (`..BOOK`).
pub(crate) const BOOK: Book = Book {
    name: "spellcast",
    title: "Waving Hands",
    spells: &TABLE,
    gestures: [&ALL_GESTURES, &ALL_GESTURES],
    hit_points: 15,
    players: (MIN_PLAYERS, MAX_PLAYERS),
    after_reveal: AFTER_REVEAL,
    resolve: resolve_original,
    lone_surrenderer_wins: true,
    dispel_spares: &[],
    frozen_keep_resistances: false,
    paralysed_gesture: Gesture::paralysed,
    sight_stops_spells: true,
    mirrors_bounce: true,
    windows: Windows {
        ask_delay: Duel::ask_delay,
        ask_permanent: Duel::ask_permanent,
        offer_targets: None,
    },
    bolts: &[FIREBALL],
    quirks: Quirks::NONE,
};

/// Fireball: 5 heat damage (spellcast(6)).
pub(crate) const FIREBALL: Bolt = Bolt {
    spell: Spell::Fireball,
    harm: Harm::Fireball,
    damage: 5,
    cold: false,
};

/// A `static`, so that it has one address and rule sets compare by it.
pub(crate) static RULES: RuleSet = RuleSet::new(BOOK);

/// The original's reveal comes once the targets are set: it asks the
/// elemental's kind, the hand Paralysis or Charm Person seizes and the
/// monsters' orders "after he has seen all the gestures made that turn".
pub(crate) const AFTER_REVEAL: &[Stage] = &[Stage::Elemental, Stage::ControlHands, Stage::Monsters];

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
        Stage::Moves
        | Stage::Charm
        | Stage::Announce
        | Stage::SpellChoice
        | Stage::Delay
        | Stage::Permanent
        // Another book's stage.
        | Stage::Orders => return Err(Step::RoundDone),
    })
}
