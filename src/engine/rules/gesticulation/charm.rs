//! Gesticulation's Charm Person (spellcast-rules(7), GESTICULATION): no hand is
//! seized; next turn the subject may aim no spell and no monster at the
//! charmer (the charmer leaves his target and monster menus, and a
//! pre-filled answer skips him). Monsters are immune.

use crate::engine::duel::Duel;
use crate::engine::spellbook::Spell;

impl Duel {
    /// Runs after the mind spells' clashes: each Charm Person left standing
    /// takes hold as Gesticulation says, and leaves nothing for the
    /// original's hand-seizing stage.
    pub(crate) fn charm_persons(&mut self) {
        for id in self.being_ids() {
            let z = &mut self.round.zaps[id];
            if !z.has(Spell::CharmPerson) {
                continue;
            }
            z.count[Spell::CharmPerson.index()] = 0;
            let charmer = z.controller.flatten();
            let b = &mut self.beings[id];
            if b.is_wizard() && b.alive() {
                if let Some(charmer) = charmer {
                    b.marks.book.gesticulation().shun = Some((charmer, self.turn + 1));
                }
            }
        }
    }
}
