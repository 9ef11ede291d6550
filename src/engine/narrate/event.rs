//! The events narration records: ids and numbers only, words come later.

use super::*;

/// One thing that happened in the duel. Each variant carries only ids and
/// numbers; the narration writes the words for a given reader. Public so
/// that tests can read what was told, typed ([`Duel::events`]).
#[allow(missing_docs)]
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
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
    Surrenders {
        wizard: BeingId,
    },
    Banked {
        wizard: BeingId,
        spell: Spell,
        lost: Option<Spell>,
    },
    MadePermanent {
        wizard: BeingId,
        spell: Spell,
    },
    Casts(Cast),
    GoesWild {
        caster: BeingId,
        target: BeingId,
        spell: Spell,
    },
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
    Summoned {
        monster: BeingId,
        owner: BeingId,
    },
    ElementalsMerge {
        fire: bool,
        count: usize,
    },
    StormsCancel,
    ElementalGone {
        monster: BeingId,
    },
    MonsterDestroyed {
        monster: BeingId,
    },
    LifeAndDeathCancel {
        being: BeingId,
    },
    Steam {
        being: BeingId,
    },
    MindsClash {
        being: BeingId,
        counts: Vec<(Spell, u8)>,
    },
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
    MonsterCharmed {
        monster: BeingId,
        owner: BeingId,
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
    Dies {
        being: BeingId,
    },
    WindowCloses {
        wizard: BeingId,
        permanency: bool,
    },
    Sickens {
        being: BeingId,
        poison: bool,
        stage: u8,
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
    /// A wizard's display went away; he is taken to surrender.
    Withdraws {
        wizard: BeingId,
    },
    GameOver(Outcome),
}
