//! Step L: cures and Raise Dead, after the damage of the same turn.

use super::points;
use crate::engine::being::Life;
use crate::engine::duel::Duel;
use crate::engine::narrate::WoundEvent;
use crate::engine::spellbook::Spell;

impl Duel {
    /// Step L: healing, which can save a wizard whose hit points fell to zero
    /// this turn, and raising the dead.
    pub(crate) fn exec_heals(&mut self) {
        for id in self.being_ids() {
            let b = &mut self.beings[id];
            let z = &self.round.zaps[id];
            let (light, heavy, raise) = (
                i32::from(z.of(Spell::CureLightWounds)),
                i32::from(z.of(Spell::CureHeavyWounds)),
                i32::from(z.of(Spell::RaiseDead)),
            );
            let raiser = z.raiser;
            if b.alive() {
                if light + heavy + raise == 0 {
                    continue;
                }
                let before = b.hp;
                b.hp += light * points::CURE_LIGHT
                    + heavy * points::CURE_HEAVY
                    + raise * points::RAISE_DEAD_CURE;
                // Each kind of cure is told working, then what it came to.
                for (spell, count) in [
                    (Spell::CureLightWounds, light),
                    (Spell::CureHeavyWounds, heavy),
                    (Spell::RaiseDead, raise),
                ] {
                    if count > 0 {
                        self.say_event(WoundEvent::Healed { being: id, spell });
                    }
                }
                let b = &mut self.beings[id];
                if heavy > 0 && b.fx.disease > 0 {
                    b.fx.disease = 0;
                    self.say_event(WoundEvent::DiseaseCured { being: id });
                }
                let b = &mut self.beings[id];
                let max = b.max_hp();
                if b.hp > max || (b.hp == max && b.hp != before) {
                    b.hp = max;
                    self.say_event(WoundEvent::PerfectHealth { being: id });
                }
            } else if raise > 0 {
                b.life = Life::Alive;
                b.hp = b.max_hp();
                b.clear_effects();
                if !b.is_wizard() {
                    b.owner = raiser;
                }
                self.say_event(WoundEvent::Raised { being: id });
            }
        }
    }
}
