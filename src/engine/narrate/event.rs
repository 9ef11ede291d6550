//! The events narration records: ids and numbers only, words come later.

use super::*;

/// One thing that happened in the duel. Each variant carries only ids and
/// numbers; [`Event::text`] writes the words for a given reader.
#[allow(missing_docs)]
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Event {
    Enters {
        wizard: BeingIndex,
    },
    Speech {
        wizard: BeingIndex,
        text: String,
    },
    /// The transcript's header of a round: each living being's hp and gestures.
    TurnHeader {
        turn: u32,
        kind: RoundKind,
        lines: Vec<(BeingIndex, i32, Option<[Mark; 2]>)>,
    },
    TwoStabs {
        wizard: BeingIndex,
    },
    Amnesiac {
        wizard: BeingIndex,
        left: Gesture,
        right: Gesture,
    },
    Confused {
        wizard: BeingIndex,
        hand: Hand,
        gesture: Gesture,
    },
    Charmed {
        wizard: BeingIndex,
        hand: Hand,
        gesture: Gesture,
    },
    Afraid {
        wizard: BeingIndex,
        changed: [bool; 2],
    },
    Frozen {
        wizard: BeingIndex,
        hand: Hand,
        gesture: Gesture,
    },
    Surrenders {
        wizard: BeingIndex,
    },
    Banked {
        wizard: BeingIndex,
        spell: Spell,
        lost: Option<Spell>,
    },
    MadePermanent {
        wizard: BeingIndex,
        spell: Spell,
    },
    Casts(Cast),
    GoesWild {
        caster: BeingIndex,
        target: BeingIndex,
        spell: Spell,
    },
    MagicFades,
    TornApart {
        being: BeingIndex,
    },
    CounterDispelled {
        being: BeingIndex,
    },
    MirrorDispelled {
        being: BeingIndex,
    },
    CounterFlares {
        being: BeingIndex,
        mirror_lost: bool,
    },
    MirrorSwirls {
        being: BeingIndex,
    },
    Dispelled {
        cast: Cast,
    },
    Countered {
        cast: Cast,
        target: BeingIndex,
    },
    ShortBoltSpent {
        wizard: BeingIndex,
    },
    MirrorsBounce {
        cast: Cast,
        target: BeingIndex,
    },
    Reflected {
        cast: Cast,
        mirror: BeingIndex,
    },
    Summoned {
        monster: BeingIndex,
        owner: BeingIndex,
    },
    ElementalsMerge {
        fire: bool,
        count: usize,
    },
    StormsCancel,
    ElementalGone {
        monster: BeingIndex,
    },
    MonsterDestroyed {
        monster: BeingIndex,
    },
    LifeAndDeathCancel {
        being: BeingIndex,
    },
    Steam {
        being: BeingIndex,
    },
    MindsClash {
        being: BeingIndex,
        counts: Vec<(Spell, u8)>,
    },
    Resists {
        being: BeingIndex,
        heat: bool,
        again: bool,
    },
    Protected {
        being: BeingIndex,
        again: bool,
    },
    ProtectionFading {
        being: BeingIndex,
        left: u8,
    },
    ControlFizzles {
        being: BeingIndex,
        spell: Spell,
    },
    ParalysisHand {
        wizard: BeingIndex,
        hand: Hand,
    },
    NoEffect {
        being: BeingIndex,
        spell: Spell,
    },
    MonsterCharmed {
        monster: BeingIndex,
        owner: BeingIndex,
    },
    CharmHand {
        wizard: BeingIndex,
        hand: Hand,
    },
    Enchanted {
        being: BeingIndex,
        spell: Spell,
    },
    StillEnchanted {
        being: BeingIndex,
    },
    Diseased {
        being: BeingIndex,
    },
    Poisoned {
        being: BeingIndex,
    },
    Blinded {
        being: BeingIndex,
        again: bool,
    },
    SightReturns {
        being: BeingIndex,
    },
    Vanishes {
        being: BeingIndex,
        again: bool,
    },
    Reappears {
        being: BeingIndex,
    },
    HasteEnds {
        being: BeingIndex,
        nulled: bool,
    },
    EnchantmentsRemoved {
        being: BeingIndex,
    },
    Blocked {
        being: BeingIndex,
        kind: Harm,
    },
    Hurt {
        being: BeingIndex,
        kind: Harm,
        count: u8,
    },
    DiseaseCured {
        being: BeingIndex,
    },
    PerfectHealth {
        being: BeingIndex,
    },
    Healed {
        being: BeingIndex,
        amount: i32,
    },
    Raised {
        being: BeingIndex,
    },
    MonsterParalysed {
        monster: BeingIndex,
    },
    MonsterConfused {
        monster: BeingIndex,
    },
    MonsterAmnesiac {
        monster: BeingIndex,
    },
    RefusesSelf {
        monster: BeingIndex,
    },
    CannotSee {
        monster: BeingIndex,
        target: BeingIndex,
    },
    MonsterBlocked {
        monster: BeingIndex,
        target: BeingIndex,
    },
    MonsterHits {
        monster: BeingIndex,
        target: BeingIndex,
        damage: i32,
    },
    ElementalResisted {
        monster: BeingIndex,
        target: BeingIndex,
    },
    Dies {
        being: BeingIndex,
    },
    WindowCloses {
        wizard: BeingIndex,
        permanency: bool,
    },
    Sickens {
        being: BeingIndex,
        poison: bool,
        stage: u8,
    },
    TimeStop {
        being: BeingIndex,
        running: bool,
    },
    Haste {
        being: BeingIndex,
        starting: bool,
        running: bool,
    },
    /// A wizard's display went away; he is taken to surrender.
    Withdraws {
        wizard: BeingIndex,
    },
    GameOver(Outcome),
}
