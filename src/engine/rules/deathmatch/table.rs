//! Death Match's spell table (spellcast-rules(7), DEATH MATCH), in the text's order:
//! defensive, summoning, offensive, supporting, then the non-spells.

use crate::engine::spellbook::{
    Group::{Counter, NotCast, Plain, Reflectable, Stab as StabGroup, Storm},
    SpellInfo, TargetKind as T,
};
use crate::engine::Spell::*;

/// A row: spell, gestures, aimed at the caster by default, target kind,
/// group. Nothing is Permanency-able (the book has no Permanency). Every
/// aimed spell is Reflectable: Death Match's mirror "reflects any spell
/// aimed at the subject" (summons included, spellcast-rules(7), DEATH MATCH).
const fn row(
    s: crate::engine::Spell,
    g: &'static str,
    me: bool,
    t: T,
    group: crate::engine::spellbook::Group,
) -> SpellInfo {
    SpellInfo::new(s, g, false, me, t, group)
}

/// The twenty spells, the stab, surrender and the Onyx beam (`O`).
/// "Cannot miss" spells offer no `nobody` (DEATH MATCH); the elemental, the
/// storms and the beam have no target question.
pub(crate) const TABLE: [SpellInfo; 23] = [
    row(Shield, "P", true, T::Being, Reflectable),
    row(CounterSpell, "DDS", true, T::BeingOrNobody, Counter),
    row(MagicMirror, "cS", true, T::BeingOrNobody, Counter),
    row(ResistCold, "WPPS", true, T::BeingOrNobody, Reflectable),
    row(ResistHeat, "WPSS", true, T::BeingOrNobody, Reflectable),
    row(SummonGoblin, "WWS", true, T::Wizard, Reflectable),
    row(SummonOgre, "DWWS", true, T::Wizard, Reflectable),
    row(SummonTroll, "cDWWS", true, T::Wizard, Reflectable),
    row(SummonElemental, "cDDWS", true, T::None, Plain),
    row(SummonLeech, "PPDDS", false, T::BeingOrNobody, Reflectable),
    row(MissileSwarm, "SD", false, T::BeingOrNobody, Reflectable),
    row(Fireball, "DSPSD", false, T::BeingOrNobody, Reflectable),
    row(FrostBolt, "WDSSD", false, T::BeingOrNobody, Reflectable),
    row(FireStorm, "cWWS", false, T::None, Storm),
    row(IceStorm, "cSSW", false, T::None, Storm),
    row(Fear, "cW", false, T::BeingOrNobody, Reflectable),
    row(Charm, "PWWP", false, T::BeingOrNobody, Reflectable),
    row(AntiSpell, "cPP", false, T::BeingOrNobody, Reflectable),
    row(
        RemoveEnchantment,
        "DPWD",
        false,
        T::BeingOrNobody,
        Reflectable,
    ),
    row(Blindness, "PPSDD", false, T::BeingOrNobody, Reflectable),
    row(Stab, "k", false, T::BeingOrNobody, StabGroup),
    row(Surrender, "p", false, T::None, NotCast),
    row(OnyxBeam, "O", false, T::None, Plain),
];
