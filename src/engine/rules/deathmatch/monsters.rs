//! Death Match's monsters in its resolution (spellcast-rules(7), DEATH MATCH): ordered
//! attacks, 2-damage elementals that hit everyone but themselves (their
//! caster included), leeches biting through Shield, and monsters Remove
//! Enchantment destroys after their attack.

use super::resolve::points;
use crate::engine::being::Life;
use crate::engine::duel::Duel;
use crate::engine::ids::BeingId;
use crate::engine::narrate::{CounterEvent, Harm, WoundEvent};
use crate::engine::question::Question;
use crate::engine::resolve::Attack;
use crate::engine::spellbook::Spell;

impl Duel {
    /// The monsters' orders, asked before the reveal (spellcast-rules(7),
    /// DEATH MATCH), once the counters have acted: a monster a Charm
    /// lands on this turn takes its orders from its charmer ("may direct
    /// the monster the turn that the spell is cast").
    pub(super) fn dm_ask_orders(&mut self) {
        self.plan_attacks_obeying(|d, m| {
            let z = &d.round.zaps[m];
            match z.controller {
                Some(Some(charmer)) if z.has(Spell::CharmMonster) => Some(charmer),
                _ => d.beings[m].owner,
            }
        });
    }

    /// Reads the orders given, so that they outlast their batch.
    pub(super) fn dm_take_orders(&mut self, batch: &[Question], answers: &[usize]) {
        for (_, how) in &mut self.round.plan {
            *how = how.read(batch, answers);
        }
    }

    /// Monsters attack as ordered; a blind wizard's monsters and blinded
    /// monsters do not (DEATH MATCH); elementals hit everyone else, their
    /// caster included, for 2.
    pub(super) fn dm_monsters_attack(&mut self) {
        let plan = std::mem::take(&mut self.round.plan);
        for &(m, how) in &plan {
            // Blind since before this turn: Blindness works "in the following 3 turns".
            let blind = |id: BeingId| {
                self.beings[id].blind()
                    && self.round.zaps[id]
                        .book
                        .deathmatch_seen()
                        .is_some_and(|z| z.blind_at_start)
            };
            let b = &self.beings[m];
            let owner_blind = b.owner.is_some_and(blind);
            if blind(m) || (owner_blind && !b.kind.is_elemental()) {
                continue;
            }
            match how {
                Attack::Everyone => self.dm_elemental_attack(m),
                Attack::At(target) => self.monster_hits(m, Some(target)),
                _ => {}
            }
        }
        self.round.plan = plan;
        for m in self.monster_ids() {
            if self.beings[m].alive() {
                let fx = &mut self.beings[m].fx;
                fx.mind_in_force = fx.pending_mind.take();
            }
        }
    }

    fn dm_elemental_attack(&mut self, m: BeingId) {
        self.elemental_strikes(m, points::ELEMENTAL, |z| z.has(Spell::Shield));
    }

    /// Each leech bites its host for 1; Shield no help.
    pub(super) fn dm_leeches_bite(&mut self) {
        for id in self.being_ids() {
            let n = self.beings[id]
                .marks
                .book
                .deathmatch_seen()
                .map_or(0, |m| m.leeches);
            if self.beings[id].alive() && n > 0 {
                self.beings[id].hp -= points::LEECH * i32::from(n);
                self.say_event(WoundEvent::Hurt {
                    being: id,
                    kind: Harm::Leech,
                    count: n,
                });
            }
        }
    }

    /// A monster Remove Enchantment hit dies now, its attack made.
    pub(super) fn dm_removed_monsters_die(&mut self) {
        for m in self.monster_ids() {
            if self.beings[m].alive() && self.round.zaps[m].has(Spell::RemoveEnchantment) {
                let b = &mut self.beings[m];
                b.hp = points::DESTROYED;
                b.life = Life::TornApart;
                self.say_event(CounterEvent::TornApart { being: m });
            }
        }
    }
}
