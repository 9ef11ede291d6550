//! The spell book: every spell's gestures and how it is aimed and resolved.
//!
//! The order of [`Spell`] is the original's table order (sorted by gesture
//! sequence). It matters: hand candidates are listed in this order and the
//! left-button spell list shows it.

use super::gesture::Gesture;
use serde::{Deserialize, Serialize};

/// Declares [`Spell`] and [`Spell::ALL`] from one list, so the two cannot drift apart.
macro_rules! spells {
    ($($(#[$doc:meta])* $name:ident),+ $(,)?) => {
        /// A spell (or stab, or surrender) of the table.
        #[allow(missing_docs)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum Spell {
            $($(#[$doc])* $name),+
        }

        impl Spell {
            /// Every table entry in table order.
            pub const ALL: [Spell; SPELL_COUNT] = [$(Spell::$name),+];
        }
    };
}

spells! {
    DispelMagic,
    SummonElemental,
    MagicMirror,
    LightningBolt,
    CureHeavyWounds,
    CureLightWounds,
    Amnesia,
    Confusion,
    Disease,
    Blindness,
    DelayedEffect,
    RaiseDead,
    Poison,
    Paralysis,
    SummonTroll,
    Fireball,
    Shield,
    Surrender,
    RemoveEnchantment,
    Invisibility,
    CharmMonster,
    CharmPerson,
    SummonOgre,
    FingerOfDeath,
    Haste,
    Missile,
    SummonGoblin,
    AntiSpell,
    Permanency,
    TimeStop,
    ResistCold,
    Fear,
    FireStorm,
    /// W-D-D-c: usable once per battle.
    LightningBoltShort,
    CauseLightWounds,
    SummonGiant,
    CauseHeavyWounds,
    CounterSpell,
    IceStorm,
    ResistHeat,
    ProtectionFromEvil,
    /// W-W-S, resolved exactly like the W-P-P form.
    CounterSpellWws,
    Stab,
}

/// Number of entries in the table, stab included.
pub const SPELL_COUNT: usize = 43;

/// Whom a spell may be aimed at, which decides the answers its target question offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetKind {
    /// Living wizards only (Dispel Magic, Summon Elemental).
    Wizard,
    /// Nobody or a living wizard (summons, Anti-spell, Delayed Effect, Permanency).
    WizardOrNobody,
    /// Nobody, a living wizard or a living monster.
    BeingOrNobody,
    /// Living beings and corpses (Raise Dead).
    RaiseDead,
    /// No question at all: storms, and surrender which is never cast.
    None,
}

/// How the spell passes through resolution: which stage handles it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    /// Counter-spell, Magic Mirror, Dispel Magic: handled before everything else.
    Counter,
    /// Spells a Magic Mirror does not reflect.
    Plain,
    /// Spells a Magic Mirror reflects.
    Reflectable,
    /// Fire Storm and Ice Storm.
    Storm,
    /// A knife stab.
    Stab,
    /// Surrender: recognised but never cast.
    NotCast,
}

/// One row of the table.
#[derive(Debug)]
pub struct SpellInfo {
    /// The name reports, questions and narration use.
    pub name: &'static str,
    /// Oldest gesture first; a lower-case letter means both hands at once.
    pub gestures: &'static str,
    /// Whether Permanency can extend it.
    pub extendable: bool,
    /// Whether the target question defaults to the caster.
    pub aims_at_self: bool,
    /// Which beings the target question offers.
    pub target: TargetKind,
    /// How resolution treats it.
    pub group: Group,
}

mod table;

/// The one reading of the table's gesture strings: a letter is a gesture
/// (`k` a stab), upper case for one hand, lower case for both hands
/// together. Recognition's packed patterns and [`Spell::steps`] both use it.
pub(crate) const fn step(letter: u8) -> (Gesture, bool) {
    let gesture = match letter {
        b'P' | b'p' => Gesture::Palm,
        b'D' | b'd' => Gesture::Digit,
        b'F' | b'f' => Gesture::Fingers,
        b'W' | b'w' => Gesture::Wave,
        b'C' | b'c' => Gesture::Clap,
        b'S' | b's' => Gesture::Snap,
        b'k' => Gesture::Stab,
        _ => Gesture::Nothing,
    };
    (gesture, letter.is_ascii_lowercase() && letter != b'k')
}
pub use table::SPELLS;

impl Spell {
    /// The spell's row of the table.
    pub fn info(self) -> &'static SpellInfo {
        &SPELLS[self as usize]
    }

    /// The name reports, questions and narration use.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The name as the original's Spell List window spells it
    /// (`Counter-Spell`, `Anti-Spell`, `Protection From Evil`, `SURRENDER`),
    /// so a player of the original finds every entry where it was.
    pub fn list_name(self) -> &'static str {
        match self {
            Spell::CounterSpell | Spell::CounterSpellWws => "Counter-Spell",
            Spell::AntiSpell => "Anti-Spell",
            Spell::ProtectionFromEvil => "Protection From Evil",
            Spell::Surrender => "SURRENDER",
            s => s.name(),
        }
    }

    /// Index into per-spell arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Whether the last gesture is made by both hands, so the spell occupies both.
    pub fn two_handed(self) -> bool {
        self.info()
            .gestures
            .as_bytes()
            .last()
            .is_some_and(|b| b.is_ascii_lowercase() && *b != b'k')
    }

    /// The gestures oldest first, each with whether both hands must make it.
    pub fn steps(self) -> impl DoubleEndedIterator<Item = (Gesture, bool)> + ExactSizeIterator {
        self.info().gestures.bytes().map(step)
    }

    /// Finds a spell by name, ignoring case (the first table entry of that name).
    pub fn by_name(name: &str) -> Option<Spell> {
        Spell::ALL
            .iter()
            .copied()
            .find(|s| s.name().eq_ignore_ascii_case(name))
    }

    /// The form resolution treats this spell as: the second Counter-spell is the first.
    pub fn canonical(self) -> Spell {
        match self {
            Spell::CounterSpellWws => Spell::CounterSpell,
            s => s,
        }
    }

    /// One of the six spells that take hold of a mind and cancel each other.
    pub fn is_mind_spell(self) -> bool {
        matches!(
            self,
            Spell::Amnesia
                | Spell::Confusion
                | Spell::CharmPerson
                | Spell::CharmMonster
                | Spell::Paralysis
                | Spell::Fear
        )
    }

    /// A summoning of a goblin, ogre, troll, giant or elemental.
    pub fn is_summon(self) -> bool {
        matches!(
            self,
            Spell::SummonGoblin
                | Spell::SummonOgre
                | Spell::SummonTroll
                | Spell::SummonGiant
                | Spell::SummonElemental
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table is indexed by the enum: each row must be the variant's spell.
    #[test]
    fn each_table_row_is_its_variants_spell() {
        let letters = |s: &str| -> String {
            s.chars()
                .filter(char::is_ascii_alphanumeric)
                .collect::<String>()
                .to_lowercase()
        };
        for s in Spell::ALL {
            let variant = match s {
                Spell::LightningBoltShort => "LightningBolt".to_string(),
                Spell::CounterSpellWws => "CounterSpell".to_string(),
                s => format!("{s:?}"),
            };
            assert_eq!(letters(&variant), letters(s.name()), "{s:?}");
        }
    }

    /// Every letter of the table is a gesture the decoder knows, and a
    /// both-hands letter is never the stab.
    #[test]
    fn every_table_letter_decodes_to_a_gesture() {
        for s in Spell::ALL {
            for b in s.info().gestures.bytes() {
                let (g, both) = step(b);
                assert_ne!(g, Gesture::Nothing, "{s:?}: letter {}", b as char);
                assert!(!(both && g == Gesture::Stab), "{s:?}");
            }
        }
        let steps: Vec<_> = Spell::Paralysis.steps().collect();
        assert_eq!(
            steps,
            vec![
                (Gesture::Fingers, false),
                (Gesture::Fingers, false),
                (Gesture::Fingers, false)
            ]
        );
    }

    #[test]
    fn table_is_sorted_by_gestures_except_stab() {
        let key = |s: &Spell| s.info().gestures.to_ascii_uppercase();
        let table: Vec<Spell> = Spell::ALL[..SPELL_COUNT - 1].to_vec();
        let mut sorted = table.clone();
        // A stable sort: sequences that tie through case keep the table's order.
        sorted.sort_by_key(key);
        assert_eq!(sorted, table);
        assert_eq!(Spell::ALL[SPELL_COUNT - 1], Spell::Stab);
    }

    #[test]
    fn both_handed_endings() {
        assert!(Spell::MagicMirror.two_handed());
        assert!(Spell::Surrender.two_handed());
        assert!(!Spell::DispelMagic.two_handed());
        assert!(!Spell::Stab.two_handed());
        let steps: Vec<_> = Spell::DispelMagic.steps().collect();
        assert_eq!(steps[0], (Gesture::Clap, true));
        assert_eq!(steps[3], (Gesture::Wave, false));
    }

    #[test]
    fn names_resolve_without_case() {
        assert_eq!(Spell::by_name("counter-spell"), Some(Spell::CounterSpell));
        assert_eq!(
            Spell::by_name("PROTECTION FROM EVIL"),
            Some(Spell::ProtectionFromEvil)
        );
        assert_eq!(Spell::by_name("lightning bolt"), Some(Spell::LightningBolt));
    }
}
