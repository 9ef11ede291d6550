//! Steps E–G: summoned monsters appear, then elementals and storms meet.

use super::points;
use crate::engine::being::Life;
use crate::engine::being::{Being, BeingKind, Gender, Zaps};
use crate::engine::duel::Duel;
use crate::engine::ids::BeingId;
use crate::engine::ids::PlayerId;
use crate::engine::monster_names;
use crate::engine::narrate::{CounterEvent, MonsterEvent};
use crate::engine::question::{Choice, Question, QuestionKind};
use crate::engine::spellbook::Spell;

impl Duel {
    /// Step E: asks each wizard an elemental is summoned for: fire or ice?
    pub(crate) fn ask_elementals(&mut self) {
        let mut batch = Vec::new();
        for w in (0..self.players).filter(|&w| self.beings[w].alive()) {
            for _ in 0..self.round.zaps[w].of(Spell::SummonElemental) {
                let mut options = self.round.batch.options();
                options.extend([Choice::Fire(true), Choice::Fire(false)]);
                let question = Question {
                    player: PlayerId::new(w),
                    kind: QuestionKind::Elemental,
                    options,
                    default: None,
                };
                self.round.batch.enlist(&mut batch, question);
            }
        }
        self.ask(batch);
    }

    /// Step F: every summoned monster is made, owned by the wizard the
    /// summons was aimed at; elementals as their owners answered.
    pub(crate) fn summon(&mut self, batch: &[Question], answers: &[usize]) {
        // (wizard, fire?) per elemental, in question order.
        let elements: Vec<(BeingId, bool)> = batch
            .iter()
            .zip(answers)
            .map(|(q, &a)| (q.player.into(), q.options[a] == Choice::Fire(true)))
            .collect();
        for w in self.wizard_ids() {
            if !self.beings[w].alive() {
                continue;
            }
            for (spell, kind) in [
                (Spell::SummonGoblin, BeingKind::Goblin),
                (Spell::SummonOgre, BeingKind::Ogre),
                (Spell::SummonTroll, BeingKind::Troll),
                (Spell::SummonGiant, BeingKind::Giant),
            ] {
                for _ in 0..self.round.zaps[w].of(spell) {
                    self.create_monster(kind, w);
                }
            }
            for &(_, fire) in elements.iter().filter(|(owner, _)| *owner == w) {
                let kind = if fire {
                    BeingKind::FireElemental
                } else {
                    BeingKind::IceElemental
                };
                self.create_monster(kind, w);
            }
        }
    }

    pub(crate) fn create_monster(&mut self, kind: BeingKind, owner: BeingId) -> BeingId {
        let name = monster_names::generate(&mut self.rng, kind);
        let mut m = Being::new(&name, Gender::Male, kind);
        m.owner = Some(owner);
        m.monster_number = self.beings.len() - self.players + 1;
        let id = self.beings.len();
        self.beings.push(m);
        self.round.zaps.push(Zaps::default());
        let id = BeingId::new(id);
        self.say_event(MonsterEvent::Summoned { monster: id, owner });
        id
    }

    /// Removes a monster at once, leaving no corpse and no attack.
    pub(crate) fn vanish(&mut self, id: BeingId) {
        let b = &mut self.beings[id];
        b.life = Life::Gone;
    }

    /// Step G: elementals merge, meet storms and opposite elementals, and
    /// some spells destroy monsters outright.
    pub(crate) fn check_elements(&mut self) {
        self.meet_elements();
        self.spells_destroy_monsters();
    }

    /// Elementals merge, and meet storms and the opposite elemental.
    pub(crate) fn meet_elements(&mut self) {
        // Most rounds have no elemental: nothing is listed then.
        let living = |g: &Duel, k: BeingKind| -> Vec<BeingId> {
            g.monster_ids()
                .filter(|&m| g.beings[m].alive() && g.beings[m].kind == k)
                .collect()
        };
        let first_living = |g: &Duel, k: BeingKind| -> Option<BeingId> {
            g.monster_ids()
                .find(|&m| g.beings[m].alive() && g.beings[m].kind == k)
        };
        for kind in [BeingKind::FireElemental, BeingKind::IceElemental] {
            if first_living(self, kind).is_none() {
                continue;
            }
            let all = living(self, kind);
            if all.len() > 1 {
                self.beings[all[0]].hp = kind.max_hp();
                for &m in &all[1..] {
                    self.vanish(m);
                }
                self.say_event(MonsterEvent::ElementalsMerge {
                    fire: kind == BeingKind::FireElemental,
                    count: all.len(),
                });
            }
        }
        let fire_el = first_living(self, BeingKind::FireElemental);
        let ice_el = first_living(self, BeingKind::IceElemental);
        let (fs, is) = self.round.arena.storms();
        let (mut kill_fe, mut kill_ie, mut stop_fs, mut stop_is) = (false, false, false, false);
        if fs && is {
            (stop_fs, stop_is, kill_fe, kill_ie) = (true, true, true, true);
        } else if fire_el.is_some() && ice_el.is_some() {
            (kill_fe, kill_ie, stop_fs, stop_is) = (true, true, true, true);
        } else {
            if fire_el.is_some() && fs {
                kill_fe = true;
            }
            if ice_el.is_some() && is {
                kill_ie = true;
            }
            if ice_el.is_some() && fs {
                kill_ie = true;
                stop_fs = true;
            }
            if fire_el.is_some() && is {
                kill_fe = true;
                stop_is = true;
            }
        }
        if stop_fs && fs {
            self.round.arena.fire_storms = 0;
        }
        if stop_is && is {
            self.round.arena.ice_storms = 0;
        }
        if fs && is {
            self.say_event(CounterEvent::StormsCancel);
        }
        for (el, kill) in [(fire_el, kill_fe), (ice_el, kill_ie)] {
            if let (Some(m), true) = (el, kill) {
                self.vanish(m);
                self.say_event(MonsterEvent::ElementalGone { monster: m });
            }
        }
    }

    /// Whether an elemental of `kind` is destroyed by what landed on it:
    /// the Resist of its own element or a bolt of the other
    /// (spellcast-rules(7)).
    pub(crate) fn element_destroys(&self, kind: BeingKind, z: &Zaps) -> bool {
        let fire = match kind {
            BeingKind::FireElemental => true,
            BeingKind::IceElemental => false,
            _ => return false,
        };
        let resist = if fire {
            Spell::ResistHeat
        } else {
            Spell::ResistCold
        };
        z.has(resist)
            || self
                .rules
                .bolts
                .iter()
                .any(|bolt| bolt.cold == fire && z.has(bolt.spell))
    }

    /// Spells that destroy a monster outright (the original's list).
    fn spells_destroy_monsters(&mut self) {
        for m in self.monster_ids() {
            let b = &self.beings[m];
            if !b.alive() {
                continue;
            }
            let z = &self.round.zaps[m];
            let gone = self.element_destroys(b.kind, z)
                || z.has(Spell::Blindness)
                || z.has(Spell::Invisibility);
            if gone {
                self.vanish(m);
                self.say_event(MonsterEvent::MonsterDestroyed { monster: m });
            } else if z.has(Spell::RemoveEnchantment) {
                let b = &mut self.beings[m];
                b.hp = points::DESTROYED;
                b.life = Life::TornApart;
                self.say_event(CounterEvent::TornApart { being: m });
            }
        }
    }
}
