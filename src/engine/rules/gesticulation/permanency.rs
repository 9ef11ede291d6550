//! Gesticulation's Permanency (spellcast-rules(7), GESTICULATION): the first
//! enchantment of its own turn or of the next three is made permanent,
//! automatically when one qualifies, by the `permanent` question when
//! several do. A wizard casting Permanency this turn picks among his
//! enchantments of the turn with the others; his pick is made permanent
//! only if a Permanency lands on him this turn (the cast list's
//! `picking` holds it until then), and then spends the window it opens.

use crate::engine::cast::Cast;
use crate::engine::duel::Duel;
use crate::engine::ids::BeingId;
use crate::engine::narrate::CastingEvent;
use crate::engine::spellbook::Spell;

impl Duel {
    /// The book's Permanency picks: those of a window opened before, and
    /// of the wizards casting Permanency this turn, who pick among this
    /// turn's spells too.
    pub(crate) fn ask_permanent_of_own_turn(&mut self) {
        let mut wizards = self.permanency_windows_open();
        self.add_permanency_casters(&mut wizards);
        self.ask_permanent_of(&wizards);
    }

    /// Adds the wizards who cast Permanency this turn to those whose
    /// Permanency may pick one of this turn's spells (in player order).
    fn add_permanency_casters(&self, wizards: &mut Vec<BeingId>) {
        for c in &self.round.casts {
            if c.spell == Spell::Permanency
                && self.round.active[c.caster.index()]
                && !wizards.contains(&c.caster)
            {
                wizards.push(c.caster);
            }
        }
        wizards.sort_unstable();
    }

    /// Once the counters have acted, before the spells land: each pick of a
    /// Permanency of this turn is made permanent if a Permanency lands on
    /// its caster; `picking` keeps the picks that were.
    pub(crate) fn own_turn_permanency(&mut self) {
        let mut picks = std::mem::take(&mut self.round.picking);
        picks.retain(|(w, _)| {
            self.round
                .casts
                .iter()
                .any(|c| c.spell == Spell::Permanency && self.permanency_lands_on(c) == Some(*w))
        });
        for (w, cands) in &picks {
            let cast = &mut self.round.casts[cands[0]];
            cast.permanent = true;
            let spell = cast.spell;
            self.say_event(CastingEvent::MadePermanent { wizard: *w, spell });
        }
        self.round.picking = picks;
    }

    /// After the enchantments: a Permanency that took hold of a spell of
    /// its own turn is spent.
    pub(crate) fn close_used_permanency(&mut self) {
        for (w, _) in std::mem::take(&mut self.round.picking) {
            self.beings[w].fx.perm_window = 0;
        }
    }

    /// Where a Permanency lands, as the spell pass will decide it under
    /// Gesticulation (sight never stops it; Dispel Magic, a Counter-spell
    /// at the target, a mirror turning it back to its caster).
    fn permanency_lands_on(&self, c: &Cast) -> Option<BeingId> {
        if self.round.arena.dispel {
            return None;
        }
        let target = c.aim.being()?;
        let zaps = &self.round.zaps;
        if zaps[target].has(Spell::CounterSpell) {
            return None;
        }
        if target != c.caster && zaps[target].has(Spell::MagicMirror) {
            return (!zaps[c.caster].has(Spell::CounterSpell)).then_some(c.caster);
        }
        Some(target)
    }
}
