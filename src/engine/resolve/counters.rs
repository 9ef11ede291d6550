//! Steps A–C: Dispel Magic, Counter-spell and Magic Mirror act before anything else.

use super::points;
use crate::engine::being::Life;
use crate::engine::cast::Cast;
use crate::engine::duel::Duel;
use crate::engine::ids::BeingId;
use crate::engine::narrate::{CounterEvent, WoundEvent};
use crate::engine::spellbook::{Group, Spell};

impl Duel {
    /// Step A: the counter pre-pass over the cast list.
    pub(crate) fn counter_pass(&mut self, casts: &[Cast]) {
        for c in casts {
            if self.rules.info(c.spell).group != Group::Counter {
                continue;
            }
            let Some(target) = c.aim.being() else {
                continue;
            };
            if !self.can_see(c) {
                continue;
            }
            match c.spell.canonical() {
                Spell::DispelMagic => {
                    self.round.arena.dispel = true;
                    self.round.zaps[target].shield += 1;
                }
                Spell::CounterSpell => self.zap(target, Spell::CounterSpell, Some(c.caster), false),
                Spell::MagicMirror => self.zap(target, Spell::MagicMirror, Some(c.caster), false),
                _ => {}
            }
        }
        if self.round.arena.dispel {
            self.say_event(CounterEvent::MagicFades);
        }
    }

    /// Steps B–C: what Dispel does to counters, mirrors and monsters, or else
    /// how counter-spells shield and beat mirrors.
    pub(crate) fn exec_counters(&mut self) {
        let dispel = self.round.arena.dispel;
        for id in self.being_ids() {
            let b = &mut self.beings[id];
            let z = &mut self.round.zaps[id];
            let counters = z.of(Spell::CounterSpell);
            let mirrors = z.of(Spell::MagicMirror);
            if dispel {
                z.count[Spell::CounterSpell.index()] = 0;
                z.count[Spell::MagicMirror.index()] = 0;
                let monster = !b.is_wizard();
                if monster && b.alive() {
                    b.hp = points::DESTROYED;
                    b.life = Life::TornApart;
                    self.say_event(CounterEvent::TornApart { being: id });
                } else if monster && b.corpse() {
                    b.life = Life::Gone;
                    self.say_event(WoundEvent::CorpseDestroyed { being: id });
                }
                if counters > 0 {
                    self.say_event(CounterEvent::CounterDispelled { being: id });
                }
                if mirrors > 0 {
                    self.say_event(CounterEvent::MirrorDispelled { being: id });
                }
                continue;
            }
            if counters > 0 {
                z.shield += 1;
            }
            self.counter_beats_mirror(id);
        }
    }

    /// A Counter-spell on `id` beats its Magic Mirror, told as its flare;
    /// a mirror alone swirls. (Whether the counter also shields is the
    /// caller's: the original's does, Death Match's does not.)
    pub(crate) fn counter_beats_mirror(&mut self, id: BeingId) {
        let z = &mut self.round.zaps[id];
        let mirrors = z.of(Spell::MagicMirror);
        if z.has(Spell::CounterSpell) {
            z.count[Spell::MagicMirror.index()] = 0;
            self.say_event(CounterEvent::CounterFlares {
                being: id,
                mirror_lost: mirrors > 0,
            });
        } else if mirrors > 0 {
            self.say_event(CounterEvent::MirrorSwirls { being: id });
        }
    }
}
