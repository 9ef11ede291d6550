//! The vocabulary of spells every rule book draws on, and the shape of a
//! book's table row. The tables themselves live with their books under
//! `rules/`; a book's row order matters (hand candidates are listed in it
//! and the left-button spell list shows it).

use super::gesture::Gesture;
use serde::{Deserialize, Serialize};

/// Declares [`Spell`], [`Spell::ALL`] and the names from one list, so they cannot drift apart.
macro_rules! spells {
    ($($(#[$doc:meta])* $name:ident = $text:literal),+ $(,)?) => {
        /// A spell (or stab, or surrender) of any rule book: one vocabulary
        /// of identities, as one piece enum serves every chess variant.
        /// Which spells a duel knows, their gestures and their order are its
        /// book's ([`RuleSet::spells`](super::RuleSet)).
        #[allow(missing_docs)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum Spell {
            $($(#[$doc])* $name),+
        }

        impl Spell {
            /// Every identity, in declaration order (not any book's order).
            pub const ALL: [Spell; Spell::COUNT] = [$(Spell::$name),+];
            /// How many identities there are: the size of per-spell arrays.
            pub const COUNT: usize = [$(Spell::$name),+].len();
            const NAMES: [&'static str; Spell::COUNT] = [$($text),+];
        }
    };
}

spells! {
    DispelMagic = "Dispel Magic",
    SummonElemental = "Summon Elemental",
    MagicMirror = "Magic Mirror",
    LightningBolt = "Lightning Bolt",
    CureHeavyWounds = "Cure Heavy Wounds",
    CureLightWounds = "Cure Light Wounds",
    Amnesia = "Amnesia",
    Confusion = "Confusion",
    Disease = "Disease",
    Blindness = "Blindness",
    DelayedEffect = "Delayed Effect",
    RaiseDead = "Raise Dead",
    Poison = "Poison",
    Paralysis = "Paralysis",
    SummonTroll = "Summon Troll",
    Fireball = "Fireball",
    Shield = "Shield",
    Surrender = "Surrender",
    RemoveEnchantment = "Remove Enchantment",
    Invisibility = "Invisibility",
    CharmMonster = "Charm Monster",
    CharmPerson = "Charm Person",
    SummonOgre = "Summon Ogre",
    FingerOfDeath = "Finger of Death",
    Haste = "Haste",
    Missile = "Missile",
    SummonGoblin = "Summon Goblin",
    AntiSpell = "Anti-spell",
    Permanency = "Permanency",
    TimeStop = "Time Stop",
    ResistCold = "Resist Cold",
    Fear = "Fear",
    FireStorm = "Fire Storm",
    /// W-D-D-c: usable once per battle.
    LightningBoltShort = "Lightning Bolt",
    CauseLightWounds = "Cause Light Wounds",
    SummonGiant = "Summon Giant",
    CauseHeavyWounds = "Cause Heavy Wounds",
    CounterSpell = "Counter-spell",
    IceStorm = "Ice Storm",
    ResistHeat = "Resist Heat",
    ProtectionFromEvil = "Protection from Evil",
    /// W-W-S, resolved exactly like the W-P-P form.
    CounterSpellWws = "Counter-spell",
    Stab = "Stab",
    /// Gesticulation: Fireball's cold twin.
    Iceball = "Iceball",
    /// Gesticulation: the caster picks the kind by the spell.
    SummonFireElemental = "Summon Fire Elemental",
    SummonIceElemental = "Summon Ice Elemental",
    /// Gesticulation's name for Protection from Evil.
    ProtectionFromHarm = "Protection from Harm",
    /// Death Match: one missile per snap of the run before the digit.
    MissileSwarm = "Missile Swarm",
    /// Death Match: 5 cold and a frozen turn.
    FrostBolt = "Frost Bolt",
    /// Death Match: a leech biting its host every turn.
    SummonLeech = "Summon Leech",
    /// Death Match: Charm Person and Charm Monster in one, resistible.
    Charm = "Charm",
    /// Death Match: the Onyx beam, 3 unblockable damage to the opponent.
    OnyxBeam = "Onyx Beam",
}

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
    /// A living wizard or monster, never nobody (Death Match's spells that
    /// "cannot miss").
    Being,
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

/// One row of a book's table.
#[derive(Debug, Clone, Copy)]
pub struct SpellInfo {
    /// The spell this row describes (its name is the spell's).
    pub spell: Spell,
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

impl SpellInfo {
    /// A row, for the books' `const` tables.
    pub const fn new(
        spell: Spell,
        gestures: &'static str,
        extendable: bool,
        aims_at_self: bool,
        target: TargetKind,
        group: Group,
    ) -> SpellInfo {
        SpellInfo {
            spell,
            gestures,
            extendable,
            aims_at_self,
            target,
            group,
        }
    }

    /// The gestures oldest first, each with whether both hands must make it.
    pub fn steps(&self) -> impl DoubleEndedIterator<Item = (Gesture, bool)> + ExactSizeIterator {
        self.gestures.bytes().map(step)
    }

    /// Whether the last gesture is made by both hands, so the spell occupies both.
    pub fn two_handed(&self) -> bool {
        self.gestures
            .as_bytes()
            .last()
            .is_some_and(|b| b.is_ascii_lowercase() && *b != b'k')
    }
}

/// The one reading of the tables' gesture strings: a letter is a gesture
/// (`k` a stab), upper case for one hand, lower case for both hands
/// together. Recognition's packed patterns and [`SpellInfo::steps`] both use it.
pub(crate) const fn step(letter: u8) -> (Gesture, bool) {
    let gesture = match letter {
        b'P' | b'p' => Gesture::Palm,
        b'D' | b'd' => Gesture::Digit,
        b'F' | b'f' => Gesture::Fingers,
        b'W' | b'w' => Gesture::Wave,
        b'C' | b'c' => Gesture::Clap,
        b'S' | b's' => Gesture::Snap,
        b'k' => Gesture::Stab,
        b'O' => Gesture::Onyx,
        _ => Gesture::Nothing,
    };
    (gesture, letter.is_ascii_lowercase() && letter != b'k')
}

impl Spell {
    /// The name reports, questions and narration use.
    pub fn name(self) -> &'static str {
        Spell::NAMES[self as usize]
    }

    /// The name as the original's Spell List window spells it
    /// (`Counter-Spell`, `Anti-Spell`, `Protection From Evil`, `SURRENDER`),
    /// so a player of the original finds every entry where it was.
    pub fn list_name(self) -> &'static str {
        match self {
            Spell::CounterSpell | Spell::CounterSpellWws => "Counter-Spell",
            Spell::AntiSpell => "Anti-Spell",
            Spell::ProtectionFromEvil => "Protection From Evil",
            Spell::ProtectionFromHarm => "Protection From Harm",
            Spell::Surrender => "SURRENDER",
            s => s.name(),
        }
    }

    /// Index into per-spell arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Finds a spell by name, ignoring case (the first identity of that name).
    pub fn by_name(name: &str) -> Option<Spell> {
        Spell::ALL
            .iter()
            .copied()
            .find(|s| s.name().eq_ignore_ascii_case(name))
    }

    /// The form resolution treats this spell as: the second Counter-spell
    /// is the first; Protection from Harm is a book's name for Protection
    /// from Evil's effect ([`super::RuleSet::protection`]).
    pub fn canonical(self) -> Spell {
        match self {
            Spell::CounterSpellWws => Spell::CounterSpell,
            Spell::ProtectionFromHarm => Spell::ProtectionFromEvil,
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
                | Spell::SummonFireElemental
                | Spell::SummonIceElemental
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each identity's name is its variant's, spaces and hyphens aside.
    #[test]
    fn each_name_is_its_variants() {
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

    #[test]
    fn both_handed_endings() {
        let row = |g| {
            SpellInfo::new(
                Spell::Shield,
                g,
                false,
                true,
                TargetKind::None,
                Group::Plain,
            )
        };
        assert!(row("cw").two_handed());
        assert!(row("p").two_handed());
        assert!(!row("cDPW").two_handed());
        assert!(!row("k").two_handed());
        let steps: Vec<_> = row("cDPW").steps().collect();
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
        assert_eq!(Spell::by_name("iceball"), Some(Spell::Iceball));
    }
}
