//! The events narration records: ids and numbers only, words come later.
//! One enum per family of events, each narrated by its own file, so that
//! every family matches all of its events.

use super::*;

/// One thing that happened in the duel, by family. The variants carry only
/// ids and numbers; the narration writes the words for a given reader.
/// Public so that tests can read what was told, typed ([`Duel::events`]).
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// The course of the duel: arrivals, speech, round headers, surrender, leaving, the end.
    Course(CourseEvent),
    /// What mind spells (and a second stab) do to the gestures just made.
    Gesture(GestureEvent),
    /// The cast list, and spells banked, made permanent or gone wild.
    Casting(CastingEvent),
    /// Spells dispelled, countered, reflected or cancelling each other.
    Counter(CounterEvent),
    /// Monsters appearing, merging, vanishing, and their attacks.
    Monster(MonsterEvent),
    /// Enchantments taking hold, lasting and ending (sight and speed apart).
    Enchantment(EnchantmentEvent),
    /// Blindness, Invisibility, Haste and Time Stop coming and going.
    SightSpeed(SightSpeedEvent),
    /// Wounds, cures, deaths, raising and sickness.
    Wound(WoundEvent),
}

/// The course of the duel: arrivals, speech, round headers, surrender, leaving, the end.
#[allow(missing_docs)]
#[derive(Debug, Clone, PartialEq)]
pub enum CourseEvent {
    Enters {
        wizard: BeingId,
    },
    Speech {
        wizard: BeingId,
        text: String,
    },
    /// The transcript's header of a round: each living being's hp and gestures.
    TurnHeader {
        turn: u32,
        kind: RoundKind,
        lines: Vec<(BeingId, i32, Option<[Mark; 2]>)>,
    },
    Surrenders {
        wizard: BeingId,
    },
    /// A wizard's display went away; he is taken to surrender.
    Withdraws {
        wizard: BeingId,
    },
    GameOver(Outcome),
}

impl From<CourseEvent> for Event {
    fn from(e: CourseEvent) -> Event {
        Event::Course(e)
    }
}

/// What mind spells (and a second stab) do to the gestures just made.
#[allow(missing_docs)]
#[derive(Debug, Clone, PartialEq)]
pub enum GestureEvent {
    TwoStabs {
        wizard: BeingId,
    },
    Amnesiac {
        wizard: BeingId,
        left: Gesture,
        right: Gesture,
    },
    Confused {
        wizard: BeingId,
        hand: Hand,
        gesture: Gesture,
    },
    Charmed {
        wizard: BeingId,
        hand: Hand,
        gesture: Gesture,
    },
    Afraid {
        wizard: BeingId,
        changed: [bool; 2],
    },
    Frozen {
        wizard: BeingId,
        hand: Hand,
        gesture: Gesture,
    },
}

impl From<GestureEvent> for Event {
    fn from(e: GestureEvent) -> Event {
        Event::Gesture(e)
    }
}

/// The cast list, and spells banked, made permanent or gone wild.
#[allow(missing_docs)]
#[derive(Debug, Clone, PartialEq)]
pub enum CastingEvent {
    Banked {
        wizard: BeingId,
        spell: Spell,
        lost: Option<Spell>,
    },
    MadePermanent {
        wizard: BeingId,
        spell: Spell,
    },
    /// A spell aimed at `delay` with no Delayed Effect to catch it (Gesticulation).
    NotBanked {
        wizard: BeingId,
        spell: Spell,
    },
    Casts(Cast),
    /// Death Match: the spell `wizard` announced with the two-handed clap
    /// of his history row `row`, told at the reveal.
    Announced {
        wizard: BeingId,
        spell: Spell,
        row: u32,
    },
    GoesWild {
        caster: BeingId,
        target: BeingId,
        spell: Spell,
    },
}

impl From<CastingEvent> for Event {
    fn from(e: CastingEvent) -> Event {
        Event::Casting(e)
    }
}

/// Spells dispelled, countered, reflected or cancelling each other.
#[allow(missing_docs)]
#[derive(Debug, Clone, PartialEq)]
pub enum CounterEvent {
    MagicFades,
    TornApart {
        being: BeingId,
    },
    CounterDispelled {
        being: BeingId,
    },
    MirrorDispelled {
        being: BeingId,
    },
    CounterFlares {
        being: BeingId,
        mirror_lost: bool,
    },
    MirrorSwirls {
        being: BeingId,
    },
    Dispelled {
        cast: Cast,
    },
    Countered {
        cast: Cast,
        target: BeingId,
    },
    ShortBoltSpent {
        wizard: BeingId,
    },
    MirrorsBounce {
        cast: Cast,
        target: BeingId,
    },
    Reflected {
        cast: Cast,
        mirror: BeingId,
    },
    StormsCancel,
    LifeAndDeathCancel {
        being: BeingId,
    },
    Steam {
        being: BeingId,
    },
    /// Gesticulation: an Iceball meets a Fire Storm; neither hurts its subject.
    Meltwater {
        being: BeingId,
    },
    MindsClash {
        being: BeingId,
        counts: Vec<(Spell, u8)>,
    },
}

impl From<CounterEvent> for Event {
    fn from(e: CounterEvent) -> Event {
        Event::Counter(e)
    }
}

/// Monsters appearing, merging, vanishing, and their attacks.
#[allow(missing_docs)]
#[derive(Debug, Clone, PartialEq)]
pub enum MonsterEvent {
    Summoned {
        monster: BeingId,
        owner: BeingId,
    },
    ElementalsMerge {
        fire: bool,
        count: usize,
    },
    ElementalGone {
        monster: BeingId,
    },
    MonsterDestroyed {
        monster: BeingId,
    },
    MonsterCharmed {
        monster: BeingId,
        owner: BeingId,
    },
    MonsterParalysed {
        monster: BeingId,
    },
    MonsterConfused {
        monster: BeingId,
    },
    MonsterAmnesiac {
        monster: BeingId,
    },
    RefusesSelf {
        monster: BeingId,
    },
    CannotSee {
        monster: BeingId,
        target: BeingId,
    },
    MonsterBlocked {
        monster: BeingId,
        target: BeingId,
    },
    MonsterHits {
        monster: BeingId,
        target: BeingId,
        damage: i32,
    },
    ElementalResisted {
        monster: BeingId,
        target: BeingId,
    },
}

impl From<MonsterEvent> for Event {
    fn from(e: MonsterEvent) -> Event {
        Event::Monster(e)
    }
}

/// Enchantments taking hold, lasting and ending (sight and speed apart).
#[allow(missing_docs)]
#[derive(Debug, Clone, PartialEq)]
pub enum EnchantmentEvent {
    Resists {
        being: BeingId,
        heat: bool,
        again: bool,
    },
    Protected {
        being: BeingId,
        again: bool,
    },
    ProtectionFading {
        being: BeingId,
        left: u8,
    },
    ControlFizzles {
        being: BeingId,
        spell: Spell,
    },
    ParalysisHand {
        wizard: BeingId,
        hand: Hand,
    },
    NoEffect {
        being: BeingId,
        spell: Spell,
    },
    CharmHand {
        wizard: BeingId,
        hand: Hand,
    },
    Enchanted {
        being: BeingId,
        spell: Spell,
    },
    StillEnchanted {
        being: BeingId,
    },
    Diseased {
        being: BeingId,
    },
    Poisoned {
        being: BeingId,
    },
    EnchantmentsRemoved {
        being: BeingId,
    },
    /// An enchantment ended early by Remove Enchantment or Dispel Magic.
    EnchantmentEnds {
        being: BeingId,
        spell: Spell,
    },
    /// A spell waiting in a Delayed Effect, lost to Remove Enchantment or
    /// Dispel Magic.
    BankLost {
        wizard: BeingId,
        spell: Spell,
    },
    /// An Anti-spell that Remove Enchantment leaves nothing to disrupt.
    AntiSpellFizzles {
        wizard: BeingId,
    },
    WindowCloses {
        wizard: BeingId,
        permanency: bool,
    },
}

impl From<EnchantmentEvent> for Event {
    fn from(e: EnchantmentEvent) -> Event {
        Event::Enchantment(e)
    }
}

/// Blindness, Invisibility, Haste and Time Stop coming and going.
#[allow(missing_docs)]
#[derive(Debug, Clone, PartialEq)]
pub enum SightSpeedEvent {
    Blinded {
        being: BeingId,
        again: bool,
    },
    SightReturns {
        being: BeingId,
    },
    Vanishes {
        being: BeingId,
        again: bool,
    },
    Reappears {
        being: BeingId,
    },
    HasteEnds {
        being: BeingId,
        nulled: bool,
    },
    TimeStop {
        being: BeingId,
        running: bool,
    },
    Haste {
        being: BeingId,
        starting: bool,
        running: bool,
    },
}

impl From<SightSpeedEvent> for Event {
    fn from(e: SightSpeedEvent) -> Event {
        Event::SightSpeed(e)
    }
}

/// Wounds, cures, deaths, raising and sickness.
#[allow(missing_docs)]
#[derive(Debug, Clone, PartialEq)]
pub enum WoundEvent {
    /// A monster's corpse destroyed by Dispel Magic: nothing left to raise.
    CorpseDestroyed {
        being: BeingId,
    },
    Blocked {
        being: BeingId,
        kind: Harm,
    },
    Hurt {
        being: BeingId,
        kind: Harm,
        count: u8,
    },
    DiseaseCured {
        being: BeingId,
    },
    PerfectHealth {
        being: BeingId,
    },
    /// A cure (or Raise Dead) working on a living being.
    Healed {
        being: BeingId,
        spell: Spell,
    },
    Raised {
        being: BeingId,
    },
    Dies {
        being: BeingId,
    },
    Sickens {
        being: BeingId,
        poison: bool,
        stage: u8,
    },
}

impl From<WoundEvent> for Event {
    fn from(e: WoundEvent) -> Event {
        Event::Wound(e)
    }
}
