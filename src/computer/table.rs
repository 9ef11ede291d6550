//! The baseline bot's numbers for each spell of our book (the Warlocks Duel
//! bot's table, its spells mapped onto ours).

use crate::engine::{RuleSet, Spell};

/// The highest magic-book level (1 = the beginner's list ... 5 = every spell):
/// the search, its rollouts and its model of the opponent read with the whole
/// book, since a real opponent may cast anything.
pub const FULL_BOOK: u8 = 5;

/// The bot's coarse family of a spell; its rules speak in these.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// Dispel Magic, Remove Enchantment.
    RemoveEnchantment,
    /// Summon Elemental.
    Elemental,
    /// Magic Mirror and the two Counter-spells.
    MagicShield,
    /// Spells that hurt: missiles, wounds, bolts, Fireball, Finger of Death.
    Damage,
    /// Cures and Raise Dead.
    Cure,
    /// The catch-all "disruption": mind spells, Blindness, Invisibility, Anti-spell.
    Disruption,
    /// Disease and Poison.
    Poison,
    /// Delayed Effect, Permanency.
    Special,
    /// Goblin, Ogre, Troll, Giant.
    Summon,
    /// Shield, Protection from Evil.
    Shield,
    /// Charm Monster.
    CharmMonster,
    /// Haste, Time Stop.
    Haste,
    /// Resist Heat, Resist Cold.
    Resist,
    /// Fire Storm, Ice Storm.
    Storm,
    /// A knife stab.
    Stab,
    /// Surrender: never planned.
    Surrender,
}

/// Whom the bot aims a spell at unless a rule says otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aim {
    /// Its own wizard.
    Caster,
    /// The opposing wizard.
    Enemy,
    /// An enemy monster.
    EnemyMonster,
    /// No target question (storms).
    Nobody,
}

/// The element a spell burns or freezes with, for the resistance rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Element {
    /// Fireball, Fire Storm, a fire elemental.
    Fire,
    /// Ice Storm, an ice elemental.
    Cold,
}

/// One row of the bot's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// Coarse family.
    pub family: Family,
    /// Own priority when complete (scaled down by progress).
    pub base: i32,
    /// Tie-break rank within a family.
    pub rank: i32,
    /// Threat base when the opponent casts it.
    pub danger: i32,
    /// Damage number for targeting.
    pub damage: i32,
    /// Default aim.
    pub aim: Aim,
    /// Magic-book level (1 = beginner list ... 5 = all).
    pub book: u8,
}

const fn e(
    family: Family,
    base: i32,
    rank: i32,
    danger: i32,
    damage: i32,
    aim: Aim,
    book: u8,
) -> Entry {
    Entry {
        family,
        base,
        rank,
        danger,
        damage,
        aim,
        book,
    }
}

/// The bot's row for a spell (read from `TABLE`, built from `row`).
pub fn entry(spell: Spell) -> Entry {
    TABLE[spell as usize]
}

/// The bot's row for a spell as a book plays it: where a book keeps a
/// spell's name but changes what it does, the row follows the effect.
pub fn entry_in(rules: &RuleSet, spell: Spell) -> Entry {
    let row = entry(spell);
    match spell {
        // Gesticulation's Charm Person only keeps its subject from aiming
        // at the charmer for a turn (spellcast-rules(7)): a mild disruption.
        Spell::CharmPerson if !rules.charm_person_seizes_hand() => Entry {
            base: 10,
            danger: 8,
            ..row
        },
        // Death Match's Remove Enchantment strips Shield and resistances:
        // aimed at the enemy (its target answer keeps it for a leech on us).
        Spell::RemoveEnchantment if rules.remove_enchantment_strips_shield() => Entry {
            aim: Aim::Enemy,
            ..row
        },
        _ => row,
    }
}

/// Every spell's row, indexed by the spell, built at compile time: the
/// rollouts read rows millions of times.
const TABLE: [Entry; Spell::ALL.len()] = {
    let mut t = [row(Spell::Surrender); Spell::ALL.len()];
    let mut i = 0;
    while i < Spell::ALL.len() {
        t[Spell::ALL[i] as usize] = row(Spell::ALL[i]);
        i += 1;
    }
    t
};

/// The bot's row for a spell.
const fn row(spell: Spell) -> Entry {
    use Aim::*;
    use Family::*;
    match spell {
        Spell::DispelMagic => e(RemoveEnchantment, 10, 1, 10, 0, Caster, 3),
        Spell::SummonElemental => e(Elemental, 15, 1, 15, 3, Caster, 4),
        Spell::MagicMirror => e(MagicShield, 10, 0, 10, 0, Caster, 2),
        Spell::LightningBolt => e(Damage, 11, 1, 16, 5, Enemy, 3),
        Spell::CureHeavyWounds => e(Cure, 10, 1, 10, 2, Caster, 2),
        Spell::CureLightWounds => e(Cure, 10, 0, 10, 1, Caster, 1),
        Spell::Amnesia => e(Disruption, 16, 1, 12, 0, Enemy, 1),
        Spell::Confusion => e(Disruption, 16, 5, 12, 0, Enemy, 1),
        Spell::Disease => e(Poison, 14, 1, 17, 5, Enemy, 3),
        Spell::Blindness => e(Disruption, 13, 0, 15, 3, Enemy, 3),
        Spell::DelayedEffect => e(Special, 10, 0, 10, 0, Caster, 5),
        // Not in the baseline: our guess, a cure that also raises the dead.
        Spell::RaiseDead => e(Cure, 10, 0, 10, 0, Caster, 5),
        Spell::Poison => e(Poison, 13, 1, 18, 4, Enemy, 5),
        Spell::Paralysis => e(Disruption, 13, 2, 20, 0, Enemy, 2),
        Spell::SummonTroll => e(Summon, 15, 3, 14, 3, Caster, 2),
        Spell::Fireball => e(Damage, 13, 1, 15, 5, Enemy, 3),
        Spell::Shield => e(Shield, 1, 0, 10, 0, Caster, 1),
        Spell::Surrender => e(Surrender, -100, 0, 0, 0, Caster, 1),
        Spell::RemoveEnchantment => e(RemoveEnchantment, 10, 0, 13, 0, Caster, 3),
        Spell::Invisibility => e(Disruption, 13, 0, 13, 0, Caster, 3),
        Spell::CharmMonster => e(CharmMonster, 10, 0, 12, 0, EnemyMonster, 2),
        Spell::CharmPerson => e(Disruption, 15, 4, 13, 0, Enemy, 2),
        Spell::SummonOgre => e(Summon, 13, 2, 13, 2, Caster, 2),
        Spell::FingerOfDeath => e(Damage, 11, 0, 20, 20, Enemy, 5),
        Spell::Haste => e(Haste, 12, 0, 10, 0, Caster, 5),
        Spell::Missile => e(Damage, 10, 0, 10, 1, Enemy, 1),
        Spell::SummonGoblin => e(Summon, 14, 1, 12, 1, Caster, 1),
        Spell::AntiSpell => e(Disruption, 13, 0, 14, 5, Enemy, 3),
        Spell::Permanency => e(Special, 13, 0, 16, 0, Caster, 5),
        Spell::TimeStop => e(Haste, 13, 0, 10, 0, Caster, 5),
        Spell::ResistCold => e(Resist, 14, 1, 10, 0, Caster, 4),
        Spell::Fear => e(Disruption, 15, 0, 12, 0, Enemy, 1),
        Spell::FireStorm => e(Storm, 13, 1, 14, 5, Nobody, 4),
        Spell::LightningBoltShort => e(Damage, 14, 0, 14, 5, Enemy, 3),
        Spell::CauseLightWounds => e(Damage, 14, 0, 12, 2, Enemy, 1),
        Spell::SummonGiant => e(Summon, 17, 4, 15, 4, Caster, 2),
        Spell::CauseHeavyWounds => e(Damage, 13, 0, 13, 3, Enemy, 1),
        Spell::CounterSpell => e(MagicShield, 10, 0, 10, 0, Caster, 2),
        Spell::IceStorm => e(Storm, 10, 0, 14, 5, Nobody, 4),
        Spell::ResistHeat => e(Resist, 10, 4, 10, 0, Caster, 4),
        Spell::ProtectionFromEvil => e(Shield, 10, 1, 10, 0, Caster, 1),
        Spell::CounterSpellWws => e(MagicShield, 10, 1, 10, 0, Caster, 2),
        Spell::Stab => e(Stab, -1, 0, 0, 0, Enemy, 1),
        // Other books' spells, valued as the original's nearest twin.
        Spell::Iceball => row(Spell::Fireball),
        Spell::SummonFireElemental | Spell::SummonIceElemental => row(Spell::SummonElemental),
        Spell::ProtectionFromHarm => row(Spell::ProtectionFromEvil),
        Spell::MissileSwarm => row(Spell::Missile),
        Spell::FrostBolt => row(Spell::Fireball),
        // A leech bites its host each turn until removed: a slow poison.
        Spell::SummonLeech => e(Poison, 13, 0, 12, 1, Enemy, 1),
        Spell::Charm => row(Spell::CharmPerson),
        Spell::OnyxBeam => row(Spell::CauseHeavyWounds),
    }
}

/// The element of a spell, if it has one (the original's elemental's is
/// chosen later; Gesticulation's spells name theirs).
pub fn element(spell: Spell) -> Option<Element> {
    match spell {
        Spell::Fireball | Spell::FireStorm | Spell::SummonFireElemental => Some(Element::Fire),
        Spell::IceStorm | Spell::Iceball | Spell::FrostBolt | Spell::SummonIceElemental => {
            Some(Element::Cold)
        }
        _ => None,
    }
}

/// The resist spell against an element.
pub fn resist_for(element: Element) -> Spell {
    match element {
        Element::Fire => Spell::ResistHeat,
        Element::Cold => Spell::ResistCold,
    }
}

/// Either form of Counter-spell.
pub fn is_counter_spell(spell: Spell) -> bool {
    spell.canonical() == Spell::CounterSpell
}

/// The spells the bot plans with: everything but surrender, stab and the
/// Onyx beam (Death Match's, for its holder only; the computer never holds it).
pub fn plannable(spell: Spell) -> bool {
    !matches!(spell, Spell::Surrender | Spell::Stab | Spell::OnyxBeam)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spell_has_a_row_and_mind_spells_are_disruptions() {
        for s in Spell::ALL {
            let row = entry(s);
            assert!((1..=5).contains(&row.book));
            if s.is_mind_spell() && s != Spell::CharmMonster {
                assert_eq!(row.family, Family::Disruption, "{s:?}");
            }
        }
        assert_eq!(entry(Spell::Confusion).base, 16);
        for s in Spell::ALL {
            assert_eq!(entry(s), row(s), "{s:?}");
        }
        assert_eq!(entry(Spell::FingerOfDeath).danger, 20);
    }
}
