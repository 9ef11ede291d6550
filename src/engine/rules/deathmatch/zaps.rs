//! What Death Match notes on a being during one round's resolution
//! (spellcast-rules(7), DEATH MATCH), in its `BookZaps`: read by its own
//! stages only.

/// A being's Death Match notes for the round.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Zaps {
    /// Hit points when the resolution began: when both wizards fall, the
    /// one who took more damage that turn loses.
    pub start_hp: i32,
    /// Blind when the resolution began: Blindness keeps monsters from
    /// attacking "in the following 3 turns", not the turn it lands.
    pub blind_at_start: bool,
    /// Missile Swarm missiles landing here.
    pub missiles: u8,
}
