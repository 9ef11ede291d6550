//! Gesticulation's two Raise Dead rules (spellcast-rules(7), GESTICULATION): Finger of Death
//! "is cancelled by Raise Dead to the same target, even if the Raise Dead
//! spell is cancelled by another spell", and "the ressurected person or
//! creature cannot act the same turn it is raised" (a monster raised this
//! turn was a corpse when the orders were given: it has none and waits).

use crate::engine::duel::Duel;
use crate::engine::narrate::CounterEvent;
use crate::engine::spellbook::Spell;

impl Duel {
    /// After the spells land: a Finger of Death at a being a Raise Dead was
    /// aimed at fails, though the Raise Dead did not land (when both land,
    /// the shared clash cancels both, as in the original).
    pub(crate) fn raise_dead_stops_finger(&mut self) {
        for i in 0..self.round.casts.len() {
            let c = self.round.casts[i];
            let Some(t) = c.aim.being().filter(|_| c.spell == Spell::RaiseDead) else {
                continue;
            };
            let z = &mut self.round.zaps[t];
            if z.has(Spell::FingerOfDeath) && !z.has(Spell::RaiseDead) {
                z.count[Spell::FingerOfDeath.index()] = 0;
                self.say_event(CounterEvent::LifeAndDeathCancel { being: t });
            }
        }
    }
}
