//! Step K: damage from stabs and attack spells.

use super::points;
use crate::engine::duel::Duel;
use crate::engine::narrate::{Harm, WoundEvent};
use crate::engine::spellbook::Spell;

impl Duel {
    /// Step K: every living being takes the damage aimed at it, in the
    /// original's order (stab, Missile, wounds, Lightning, the book's bolts, storms, Finger
    /// of Death).
    pub(crate) fn exec_attacks(&mut self) {
        let fire_storm = self.round.arena.fire_storms > 0;
        let ice_storm = self.round.arena.ice_storms > 0;
        for id in self.being_ids() {
            if !self.beings[id].alive() {
                continue;
            }
            let z = self.round.zaps[id];
            let shielded = z.shielded() || z.has(Spell::Shield);
            let harm = |game: &mut Duel, kind: Harm, count: u8, damage: i32, blocked: bool| {
                if count == 0 {
                    return;
                }
                if blocked {
                    game.say_event(WoundEvent::Blocked { being: id, kind });
                } else {
                    game.beings[id].hp -= damage * i32::from(count);
                    game.say_event(WoundEvent::Hurt {
                        being: id,
                        kind,
                        count,
                    });
                }
            };
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
                    harm(self, kind, count, damage, blocked);
                }
            }
            // The book's bolts (the original's Fireball, Gesticulation's Iceball).
            for bolt in self.rules.bolts {
                let count = z.of(bolt.spell);
                if count > 0 {
                    let resisted = if bolt.cold {
                        z.cold_immune
                    } else {
                        z.heat_immune
                    };
                    harm(self, bolt.harm, count, bolt.damage, resisted);
                }
            }
            let countered = z.has(Spell::CounterSpell);
            if fire_storm && !z.meltwater {
                harm(
                    self,
                    Harm::FireStorm,
                    1,
                    points::STORM,
                    countered || z.heat_immune,
                );
            }
            // A being the Fireball's steam spares was told so at the steam.
            if ice_storm && !z.steam {
                harm(
                    self,
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
}
