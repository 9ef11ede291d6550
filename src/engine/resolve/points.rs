//! The numbers of the resolver, named: hit points each harm takes and each
//! cure gives (the rules text's figures), and the mark of a being destroyed
//! outright.

/// Each stab.
pub(crate) const STAB: i32 = 1;
/// Each Missile.
pub(crate) const MISSILE: i32 = 1;
/// Each Cause Light Wounds.
pub(crate) const LIGHT_WOUNDS: i32 = 2;
/// Each Cause Heavy Wounds.
pub(crate) const HEAVY_WOUNDS: i32 = 3;
/// Each Lightning Bolt.
pub(crate) const LIGHTNING_BOLT: i32 = 5;
/// A Fire Storm or Ice Storm (several of a kind act as one).
pub(crate) const STORM: i32 = 5;
/// An elemental's blow to each being it strikes.
pub(crate) const ELEMENTAL: i32 = 3;
/// Each Cure Light Wounds.
pub(crate) const CURE_LIGHT: i32 = 1;
/// Each Cure Heavy Wounds.
pub(crate) const CURE_HEAVY: i32 = 2;
/// Each Raise Dead on a living being (it acts as a great cure).
pub(crate) const RAISE_DEAD_CURE: i32 = 5;
/// Hit points of a being destroyed outright (Finger of Death, a monster
/// dispelled or its enchantment removed): so far below zero that no cure
/// of the same round brings it back.
pub(crate) const DESTROYED: i32 = -100;
