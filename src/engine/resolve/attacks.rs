//! Step K: damage from stabs and attack spells.

use super::points;
use crate::engine::being::Zaps;
use crate::engine::duel::Duel;
use crate::engine::ids::BeingId;
use crate::engine::narrate::{Harm, WoundEvent};
use crate::engine::spellbook::Spell;

impl Duel {
    /// Step K: every living being takes the damage aimed at it, in the
    /// original's order (stab, Missile, wounds, Lightning, the book's bolts, storms, Finger
    /// of Death).
    pub(crate) fn exec_attacks(&mut self) {
        let (fire_storm, ice_storm) = self.round.arena.storms();
        for id in self.being_ids() {
            if !self.beings[id].alive() {
                continue;
            }
            let z = self.round.zaps[id];
            let shielded = z.shielded() || z.has(Spell::Shield);
            // Most counts are zero: they are skipped here, not in a call.
            let hits = [
                (Harm::Stab, z.of(Spell::Stab), points::STAB, shielded),
                (
                    Harm::Missile,
                    z.of(Spell::Missile),
                    points::MISSILE,
                    shielded,
                ),
                (
                    Harm::LightWounds,
                    z.of(Spell::CauseLightWounds),
                    points::LIGHT_WOUNDS,
                    false,
                ),
                (
                    Harm::HeavyWounds,
                    z.of(Spell::CauseHeavyWounds),
                    points::HEAVY_WOUNDS,
                    false,
                ),
                (
                    Harm::Lightning,
                    z.of(Spell::LightningBolt),
                    points::LIGHTNING_BOLT,
                    false,
                ),
            ];
            for (kind, count, damage, blocked) in hits {
                if count > 0 {
                    self.harm(id, kind, count, damage, blocked);
                }
            }
            self.bolts_hit(id, &z);
            let countered = z.has(Spell::CounterSpell);
            if fire_storm && !z.spared_fire_storm {
                self.harm(
                    id,
                    Harm::FireStorm,
                    1,
                    points::STORM,
                    countered || z.heat_immune,
                );
            }
            // A being the Fireball's steam spares was told so at the steam.
            if ice_storm && !z.spared_ice_storm {
                self.harm(
                    id,
                    Harm::IceStorm,
                    1,
                    points::STORM,
                    countered || z.cold_immune,
                );
            }
            if z.has(Spell::FingerOfDeath) {
                self.beings[id].hp = points::DESTROYED;
                self.say_event(WoundEvent::Hurt {
                    being: id,
                    kind: Harm::FingerOfDeath,
                    count: 1,
                });
            }
        }
    }

    /// The book's bolts that landed on `id` (the original's Fireball,
    /// Gesticulation's Iceball, Death Match's Frost Bolt), each stopped by
    /// its element's resistance.
    pub(crate) fn bolts_hit(&mut self, id: BeingId, z: &Zaps) {
        for bolt in self.rules.bolts {
            let count = z.of(bolt.spell);
            if count > 0 {
                let resisted = if bolt.cold {
                    z.cold_immune
                } else {
                    z.heat_immune
                };
                self.harm(id, bolt.harm, count, bolt.damage, resisted);
            }
        }
    }

    /// `count` wounds of one kind to `id`, `damage` each, unless `blocked`
    /// (told as such): the one way every book's attack stage deals damage.
    #[inline]
    pub(crate) fn harm(&mut self, id: BeingId, kind: Harm, count: u8, damage: i32, blocked: bool) {
        if count == 0 {
            return;
        }
        if blocked {
            self.say_event(WoundEvent::Blocked { being: id, kind });
        } else {
            self.beings[id].hp -= damage * i32::from(count);
            self.say_event(WoundEvent::Hurt {
                being: id,
                kind,
                count,
            });
        }
    }
}
