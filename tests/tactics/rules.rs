//! The rule text's word on blows and their answers, written down once for
//! the generator: which spells of each book kill or badly hurt, how much,
//! of which element, and which spells stop each one and when. The gesture
//! sequences come from the books' tables; what each spell does comes from
//! the rule texts the books follow (man/spellcast.6 for the original,
//! and the Gesticulation and Death Match rules the variants' pages
//! describe), quoted where a choice is made. Nothing here asks the engine.

use spellcast::engine::{RuleSet, Spell};

/// What a blow does to its victim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Harm {
    /// Finger of Death: "kills the subject stone dead".
    Kills,
    /// This many points of damage.
    Points(i32),
}

/// A blow's element, for resistances and opposite storms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Element {
    Plain,
    Fire,
    Cold,
}

/// A spell that kills or badly hurts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Blow {
    pub spell: Spell,
    pub harm: Harm,
    pub element: Element,
    /// Whether it strikes everyone (a storm) rather than one subject.
    pub storm: bool,
}

/// When an answer must stand to stop a blow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Timing {
    /// The turn the blow lands, not before: a Counter-spell or Magic Mirror
    /// acts "for that turn only", Dispel Magic stops "any spell cast in the
    /// same turn".
    Landing,
    /// That turn or any before: a resistance is "permanent" once cast.
    ByLanding,
}

/// Whether this is the Death Match book.
pub fn is_deathmatch(book: &RuleSet) -> bool {
    book.name == "deathmatch"
}

/// The blows of `book`, from its own table (a spell the book lacks is left out).
pub fn blows(book: &RuleSet) -> Vec<Blow> {
    use Element::*;
    let blow = |spell, harm, element, storm| Blow {
        spell,
        harm,
        element,
        storm,
    };
    // Original: bolt, Fireball and storms 5, Cause Heavy Wounds 3.
    // Gesticulation: the same, and "Iceball ... adds 5 points of damage".
    // Death Match: "Fireball ... 5 fire damage", "Frost bolt ... 5 ice
    // damage", each storm 5 to everyone not resistant.
    let all = [
        blow(Spell::FingerOfDeath, Harm::Kills, Plain, false),
        blow(Spell::LightningBolt, Harm::Points(5), Plain, false),
        blow(Spell::LightningBoltShort, Harm::Points(5), Plain, false),
        blow(Spell::Fireball, Harm::Points(5), Fire, false),
        blow(Spell::Iceball, Harm::Points(5), Cold, false),
        blow(Spell::FrostBolt, Harm::Points(5), Cold, false),
        blow(Spell::FireStorm, Harm::Points(5), Fire, true),
        blow(Spell::IceStorm, Harm::Points(5), Cold, true),
        blow(Spell::CauseHeavyWounds, Harm::Points(3), Plain, false),
    ];
    all.into_iter().filter(|b| book.has(b.spell)).collect()
}

/// The spells of `book` that stop `blow` on its victim, each with when it must
/// stand.
pub fn answers(book: &RuleSet, blow: &Blow) -> Vec<(Spell, Timing)> {
    let mut out = Vec::new();
    let mut add = |spell: Spell, timing: Timing| {
        if book.has(spell) {
            out.push((spell, timing));
        }
    };
    // Counter-spell: "Any other spell cast upon the subject in the same turn
    // has no effect whatever ... but not 'dispel magic' or 'finger of
    // death'"; a storm spares its subject in the original ("a 'fire storm'
    // spell wouldn't affect a wizard if that wizard was simultaneously the
    // subject of a 'counter-spell'"), in Death Match ("only the target of
    // Counter-spell is protected") and in Gesticulation, whose storm "has no
    // target and cannot be affected by Counter-Spell": the storm is not
    // countered as a whole, yet the counter's subject is spared, as the
    // book's scenario tests/variants/gesticulation/
    // fire-storm-spares-counter-spell-subject.json settles it.
    let counter_stops = blow.spell != Spell::FingerOfDeath;
    if counter_stops {
        add(Spell::CounterSpell, Timing::Landing);
        add(Spell::CounterSpellWws, Timing::Landing);
    }
    // Magic Mirror: "Any spell cast at the subject ... gets reflected back at
    // the caster, for that turn only ... It has no effect on spells which
    // affect more than one person, such as 'fire storm'."
    if !blow.storm {
        add(Spell::MagicMirror, Timing::Landing);
    }
    // Dispel Magic: "It will stop any spell cast in the same turn from working".
    add(Spell::DispelMagic, Timing::Landing);
    // Resistances: "permanently resistant to every form of heat attack
    // ('fireball', 'fire storm' and fire elementals)"; cold likewise.
    match blow.element {
        Element::Fire => add(Spell::ResistHeat, Timing::ByLanding),
        Element::Cold => add(Spell::ResistCold, Timing::ByLanding),
        Element::Plain => {}
    }
    // Opposite storms: a storm "cancels wholly, causing no damage, with
    // either an 'ice storm'" (and the other way round) in every book; an
    // Ice Storm spares "the subject of the 'fireball'" in the original and
    // Gesticulation (and a Fire Storm the Iceball's), while in Death Match
    // the storm still strikes everyone, the victim too.
    let opposite = match blow.element {
        Element::Fire => Some(Spell::IceStorm),
        Element::Cold => Some(Spell::FireStorm),
        Element::Plain => None,
    };
    if let Some(storm) = opposite {
        if blow.storm || !is_deathmatch(book) {
            add(storm, Timing::Landing);
        }
    }
    out
}

/// A wizard's hit points in `book` (the book's own number).
pub fn hit_points(book: &RuleSet) -> i32 {
    book.hit_points
}

/// Whether an answer is cast at the wizard who casts it (a Counter-spell,
/// a Magic Mirror, a resistance, a Dispel Magic "acts as a 'shield' for its
/// subject") rather than at the enemy (the blows).
pub fn aims_at_caster(spell: Spell) -> bool {
    matches!(
        spell,
        Spell::CounterSpell
            | Spell::CounterSpellWws
            | Spell::MagicMirror
            | Spell::DispelMagic
            | Spell::ResistHeat
            | Spell::ResistCold
    )
}
