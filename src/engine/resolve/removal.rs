//! Step J16: Remove Enchantment on a being, or Dispel Magic on everyone,
//! ends every enchantment, each told as it ends.

use crate::engine::being::Effects;
use crate::engine::being::Mind;
use crate::engine::duel::Duel;
use crate::engine::ids::BeingId;
use crate::engine::lasting::Haste;
use crate::engine::narrate::{EnchantmentEvent, SightSpeedEvent};
use crate::engine::spellbook::Spell;

impl Duel {
    /// Ends every enchantment on `id`; `announce` tells Remove Enchantment
    /// taking hold (Dispel Magic has been told already).
    pub(super) fn remove_enchantments(&mut self, id: BeingId, announce: bool) {
        if announce {
            self.say_event(EnchantmentEvent::EnchantmentsRemoved { being: id });
        }
        self.tell_enchantments_ending(id);
        if !announce {
            self.tell_windows_dispelled(id);
        }
        let b = &mut self.beings[id];
        let haste_new = b.fx.haste == Haste::New;
        let had_haste = b.fx.haste.is_on();
        // Every enchantment ends: the whole value, nothing listed by hand.
        b.fx = Effects::default();
        // The resistances go before this turn's fire and ice land.
        let z = &mut self.round.zaps[id];
        z.pfe_shield = false;
        z.heat_immune = false;
        z.cold_immune = false;
        if had_haste {
            self.say_event(SightSpeedEvent::HasteEnds {
                being: id,
                nulled: haste_new,
            });
        }
    }

    /// Dispel Magic tells a Delayed Effect or a Permanency still hovering
    /// round `id` (nothing caught yet) ending with the rest, as the original
    /// tells it; Remove Enchantment's own line stands for them.
    fn tell_windows_dispelled(&mut self, id: BeingId) {
        let fx = &self.beings[id].fx;
        let hovering = [
            (Spell::DelayedEffect, fx.delay_window > 0),
            (Spell::Permanency, fx.perm_window > 0),
        ];
        for (spell, on) in hovering {
            if on {
                self.say_event(EnchantmentEvent::EnchantmentEnds { being: id, spell });
            }
        }
    }

    /// Tells each enchantment on `id` that Remove Enchantment or Dispel
    /// Magic is about to end, and a banked spell lost with them (Haste is
    /// told by its own event).
    fn tell_enchantments_ending(&mut self, id: BeingId) {
        let fx = &self.beings[id].fx;
        let mind = fx
            .pending_mind
            .or(fx.mind_in_force)
            .or(fx.permanent_mind)
            .map(|m| match m {
                Mind::Amnesia => Spell::Amnesia,
                Mind::Confusion(_) => Spell::Confusion,
                Mind::Charm { .. } => Spell::CharmPerson,
                Mind::Fear => Spell::Fear,
                Mind::Paralysis(_) => Spell::Paralysis,
                Mind::CharmMonster(_) => Spell::CharmMonster,
            });
        let ending = [
            (Spell::ResistHeat, fx.resist_heat),
            (Spell::ResistCold, fx.resist_cold),
            (Spell::Disease, fx.disease > 0),
            (Spell::Poison, fx.poison > 0),
            (self.rules.protection(), fx.pfe.is_on()),
            (Spell::Invisibility, fx.invisible.is_on()),
            (Spell::Blindness, fx.blind.is_on()),
        ];
        let bank = fx.bank;
        if let Some(spell) = mind {
            self.say_event(EnchantmentEvent::EnchantmentEnds { being: id, spell });
        }
        for (spell, on) in ending {
            if on {
                self.say_event(EnchantmentEvent::EnchantmentEnds { being: id, spell });
            }
        }
        if let Some(spell) = bank {
            self.say_event(EnchantmentEvent::BankLost { wizard: id, spell });
        }
    }
}
