//! Gesticulation (`--rules gesticulation`): Nicholson's 1993 rewrite of
//! Bartle's rules, read as spellcast-rules(7), GESTICULATION says. Every question is
//! asked before the reveal; the table is in `table.rs`; the stages that
//! differ from the original's are in this folder.

mod charm;
mod delay;
mod marks;
mod monsters;
mod paralysis;
mod permanency;
mod raise_dead;
mod sight;
mod table;
mod zaps;

use super::original::{BOOK, FIREBALL};
use super::{Bolt, Book, Quirks, RuleSet, Windows};
use crate::engine::duel::Duel;
use crate::engine::narrate::Harm;
use crate::engine::question::Question;
use crate::engine::round::{Stage, Step};
use crate::engine::spellbook::Spell;
pub(crate) use marks::Marks;
pub(crate) use table::TABLE;
pub(crate) use zaps::Zaps;

/// A `static`, so that it has one address and rule sets compare by it.
pub(crate) static RULES: RuleSet = RuleSet::new(Book {
    name: "gesticulation",
    title: "Gesticulation",
    spells: &TABLE,
    // "Everything is decided before the reveal": no stage follows it.
    after_reveal: &[],
    resolve: resolve_gesticulation,
    // GESTICULATION: both sides dying and/or surrendering at once is a draw.
    lone_surrenderer_wins: false,
    // GESTICULATION: Dispel Magic cancels every other spell except Anti-spell.
    dispel_spares: &[Spell::AntiSpell],
    // GESTICULATION: Time Stop's frozen beings keep their resistances.
    frozen_keep_resistances: true,
    // GESTICULATION: blind casters aim normally, spells and stabs reach the invisible.
    sight_stops_spells: false,
    // GESTICULATION: a spell between two mirrors hits its caster.
    mirrors_bounce: false,
    // GESTICULATION: Delayed Effect (aimed at `delay`) and Permanency from their own turn.
    windows: Windows {
        ask_delay: Duel::no_delay_picks,
        ask_permanent: Duel::ask_permanent_of_own_turn,
        offer_targets: Some(Duel::offer_delay),
    },
    // GESTICULATION Iceball: a Fireball of cold.
    bolts: &[
        FIREBALL,
        Bolt {
            spell: Spell::Iceball,
            harm: Harm::Iceball,
            damage: 5,
            cold: true,
        },
    ],
    // GESTICULATION: Paralysis turns C, S, W into D, F, P.
    paralysed_gesture: paralysis::paralysed_gesture,
    // spellcast-script(5): a target may be a monster made this turn (`#N`).
    quirks: Quirks {
        new_monster_targets: true,
        // GESTICULATION: Charm Person controls no hand.
        charm_person_seizes_hand: false,
        // GESTICULATION: a clap made with one hand is counted as idle.
        lone_clap_is_nothing: true,
        ..Quirks::NONE
    },
    ..BOOK
});

/// Once the targets are set, the hands of the Paralyses and the monsters'
/// orders are asked (still before the reveal); then the original's order
/// (protections, monsters created, control, attacks, healing after damage:
/// GESTICULATION) with Gesticulation's stages: summons for controllers, no elemental
/// question (the spell names the kind), its Paralysis and Charm Person,
/// Invisibility against monsters, Delayed Effect and Permanency of their
/// own turn, and Raise Dead's two rules (a monster raised this turn was a
/// corpse when orders were given: it has none and waits).
fn resolve_gesticulation(
    duel: &mut Duel,
    answered: Stage,
    questions: &[Question],
    answers: &[usize],
) -> Result<Stage, Step> {
    match answered {
        Stage::Targets => {
            duel.ask_orders();
            Ok(Stage::Orders)
        }
        Stage::Orders => {
            duel.name_paralysed_hands(questions, answers);
            let new_orders = duel.orders_for_new_monsters(questions);
            duel.announce_and_counter_noting(sight::as_the_round_began);
            duel.own_turn_permanency();
            duel.land_spells();
            duel.raise_dead_stops_finger();
            let first_new = duel.beings.len();
            duel.summon_for_controllers();
            duel.land_on_new_monsters(first_new);
            duel.check_elements();
            duel.paralysis_hands();
            duel.exec_cancels();
            let skipping = duel.paralyse_monsters();
            duel.charm_persons();
            duel.exec_protects();
            duel.enchant_all();
            duel.bank_delayed();
            duel.close_used_permanency();
            duel.exec_attacks();
            duel.exec_heals();
            duel.plan_ordered_attacks(questions, first_new, new_orders, &skipping);
            duel.monsters_attack(questions, answers);
            Err(duel.end_round())
        }
        _ => Err(Step::RoundDone),
    }
}

#[cfg(test)]
mod paralysis_tests;
#[cfg(test)]
mod test_play;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod timing_tests;
