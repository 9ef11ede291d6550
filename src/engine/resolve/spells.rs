//! Step D: every other spell of the cast list is dispelled, countered,
//! reflected, or lands on its target.

use crate::engine::cast::Cast;
use crate::engine::duel::Duel;
use crate::engine::ids::BeingId;
use crate::engine::narrate::CounterEvent;
use crate::engine::spellbook::{Group, Spell};

impl Duel {
    /// Step D: the spell table pass.
    pub(crate) fn spell_pass(&mut self, casts: &[Cast]) {
        for c in casts {
            match self.rules.info(c.spell).group {
                Group::Counter | Group::NotCast => {}
                Group::Plain => self.plain_spell(c),
                Group::Stab => {
                    if let Some(target) = c.aim.being() {
                        if self.can_see(c) {
                            self.zap(target, Spell::Stab, Some(c.caster), false);
                        }
                    }
                }
                Group::Reflectable => self.reflectable_spell(c),
                Group::Storm => {
                    if self.round.arena.dispel {
                        self.say_event(CounterEvent::Dispelled { cast: *c });
                    } else if c.spell == Spell::FireStorm {
                        self.round.arena.fire_storms += 1;
                    } else {
                        self.round.arena.ice_storms += 1;
                    }
                }
            }
        }
    }

    /// The checks every targeted spell passes in order: Dispel Magic, a
    /// target at all, sight, and the target's Counter-spell (which Finger of
    /// Death ignores). Returns the target if the spell gets through.
    fn reaches_target(&mut self, c: &Cast) -> Option<BeingId> {
        if self.round.arena.dispel && !self.rules.dispel_spares.contains(&c.spell) {
            self.say_event(CounterEvent::Dispelled { cast: *c });
            return None;
        }
        let target = c.aim.being()?;
        if !self.can_see(c) {
            return None;
        }
        if self.countered(c, target) {
            return None;
        }
        Some(target)
    }

    /// Whether a Counter-spell on `target` destroys the spell (announced if so).
    fn countered(&mut self, c: &Cast, target: BeingId) -> bool {
        let countered =
            c.spell != Spell::FingerOfDeath && self.round.zaps[target].has(Spell::CounterSpell);
        if countered {
            self.say_event(CounterEvent::Countered { cast: *c, target });
        }
        countered
    }

    fn plain_spell(&mut self, c: &Cast) {
        if let Some(target) = self.reaches_target(c) {
            self.zap(target, c.spell, Some(c.caster), c.permanent);
        }
    }

    fn reflectable_spell(&mut self, c: &Cast) {
        if c.spell == Spell::LightningBoltShort {
            if self.beings[c.caster].short_bolt_used {
                self.say_event(CounterEvent::ShortBoltSpent { wizard: c.caster });
                return;
            }
            self.beings[c.caster].short_bolt_used = true;
        }
        let Some(target) = self.reaches_target(c) else {
            return;
        };
        if target != c.caster && self.round.zaps[target].has(Spell::MagicMirror) {
            let both_ends = self.round.zaps[c.caster].has(Spell::MagicMirror);
            if both_ends && self.rules.mirrors_bounce {
                self.say_event(CounterEvent::MirrorsBounce { cast: *c, target });
                return;
            }
            // Gesticulation: between two mirrors the spell becomes one the
            // caster casts upon himself, which his own mirror lets through.
            let new_caster = if both_ends {
                Some(c.caster)
            } else {
                self.beings[target].is_wizard().then_some(target)
            };
            self.say_event(CounterEvent::Reflected {
                cast: *c,
                mirror: target,
            });
            if !self.countered(c, c.caster) {
                self.zap(c.caster, c.spell, new_caster, c.permanent);
                self.seize(c.caster, c);
            }
            return;
        }
        self.zap(target, c.spell, Some(c.caster), c.permanent);
        self.seize(target, c);
    }

    /// Gesticulation: a Paralysis names its hand when cast; where it lands,
    /// that hand is counted (the original's casts name none).
    fn seize(&mut self, target: BeingId, c: &Cast) {
        if let Some(hand) = c.seize {
            self.round.zaps[target].book.seize(hand);
        }
    }
}
