//! Resolution of a round's cast list, in the original's order (§5.5–5.11 of
//! the notes): one file per stage.

mod attacks;
mod counters;
mod elements;
mod enchants;
mod heals;
mod monsters;
mod spells;
mod time;

use super::being::Zaps;
use super::game::{Arena, Game};
use super::narrate::Event;
use super::question::Answerer;
use super::spellbook::Spell;
use super::turn::Cast;
use super::BeingId;

impl Game {
    /// Executes every spell of the cast list (§5.6 steps A–L).
    pub(crate) fn resolve(&mut self, casts: &[Cast], answerer: &mut dyn Answerer) {
        for c in casts {
            self.say_event(Event::Casts(*c));
        }
        self.arena = Arena::default();
        for b in &mut self.beings {
            b.zaps = Zaps::default();
        }
        self.counter_pass(casts);
        self.exec_counters();
        self.spell_pass(casts);
        self.summon(answerer);
        self.check_elements();
        self.exec_cancels();
        self.exec_protects();
        self.exec_enchants(answerer);
        self.exec_attacks();
        self.exec_heals();
    }

    /// The original's visibility check: a spell at someone else fails if the
    /// target is invisible or the caster blind, and goes wild.
    pub(crate) fn can_see(&mut self, cast: &Cast) -> bool {
        let Some(target) = cast.aim.being() else {
            return true;
        };
        if target == cast.caster {
            return true;
        }
        if self.beings[target].invisible() || self.beings[cast.caster].blind() {
            self.say_event(Event::GoesWild {
                caster: cast.caster,
                target,
                spell: cast.spell,
            });
            return false;
        }
        true
    }

    /// One spell lands on `target`, with what it records on the way (§5.6 "Zapping").
    pub(crate) fn zap(
        &mut self,
        target: BeingId,
        spell: Spell,
        caster: Option<BeingId>,
        permanent: bool,
    ) {
        let b = &mut self.beings[target];
        let spell = match spell {
            Spell::LightningBoltShort => Spell::LightningBolt,
            s => s.canonical(),
        };
        b.zaps.count[spell.index()] = b.zaps.count[spell.index()].saturating_add(1);
        if matches!(
            spell,
            Spell::Paralysis | Spell::CharmPerson | Spell::CharmMonster
        ) {
            b.zaps.controller = Some(caster);
        }
        if spell.is_mind_spell() {
            b.zaps.mind_permanent = permanent;
        }
        if spell == Spell::RaiseDead {
            b.zaps.raiser = caster;
        }
        if permanent {
            match spell {
                Spell::Haste => b.fx.perm_haste = true,
                Spell::ProtectionFromEvil => b.fx.perm_pfe = true,
                Spell::Invisibility => b.fx.perm_invisible = true,
                Spell::Blindness => b.fx.perm_blind = true,
                _ => {}
            }
        }
    }

    /// Ids of monsters, in creation order.
    pub(crate) fn monster_ids(&self) -> std::ops::Range<BeingId> {
        self.players..self.beings.len()
    }
}
