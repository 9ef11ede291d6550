//! Resolution of a round's cast list, in the original's order: one file per
//! stage.

mod attacks;
mod counters;
mod elements;
mod enchants;
mod heals;
mod monsters;
mod points;
mod removal;
mod spells;
mod time;

pub(crate) use monsters::Attack;

use super::being::{Being, Zaps};
use super::cast::Cast;
use super::duel::Duel;
use super::ids::{BeingId, BeingIds};
use super::narrate::CastingEvent;
use super::round::ArenaWideSpells;
use super::rules::BookZaps;
use super::spellbook::Spell;

impl Duel {
    /// The first steps: the cast list (with the spells a haste round
    /// saved) is announced, counters act, and every spell lands or fails.
    /// The rest follows the elemental and control-hand questions.
    pub(crate) fn begin_resolution(&mut self) {
        self.announce_and_counter();
        self.land_spells();
    }

    /// The cast list (with the spells a haste round saved) is announced
    /// and the counters act: the first half of [`Duel::begin_resolution`],
    /// for books that settle something between the two.
    pub(crate) fn announce_and_counter(&mut self) {
        self.announce_and_counter_noting(|_| BookZaps::Blank);
    }

    /// [`Duel::announce_and_counter`], each being's fresh zaps made with
    /// what its book notes of how the being began the round (in one
    /// pass: a book's notes written after the zaps are cleared cost a
    /// second).
    pub(crate) fn announce_and_counter_noting(&mut self, notes: impl Fn(&Being) -> BookZaps) {
        let mut casts = std::mem::take(&mut self.round.casts);
        casts.append(&mut self.haste_casts);
        for c in &casts {
            self.say_event(CastingEvent::Casts(*c));
        }
        self.round.arena = ArenaWideSpells::default();
        self.round.zaps.clear();
        self.round.zaps.extend(self.beings.iter().map(|b| Zaps {
            book: notes(b),
            ..Zaps::default()
        }));
        self.counter_pass(&casts);
        self.exec_counters();
        self.round.casts = casts;
    }

    /// Every other spell of the cast list lands or fails: the second half.
    pub(crate) fn land_spells(&mut self) {
        let casts = std::mem::take(&mut self.round.casts);
        self.spell_pass(&casts);
        self.round.casts = casts;
    }

    /// The original's visibility check: a spell at someone else fails if the
    /// target is invisible or the caster blind, and goes wild (unless the
    /// book lets it land: Gesticulation).
    pub(crate) fn can_see(&mut self, cast: &Cast) -> bool {
        let Some(target) = cast.aim.being() else {
            return true;
        };
        if target == cast.caster {
            return true;
        }
        let unseen = self.beings[target].invisible() || self.beings[cast.caster].blind();
        if unseen && self.rules.sight_stops_spells {
            self.say_event(CastingEvent::GoesWild {
                caster: cast.caster,
                target,
                spell: cast.spell,
            });
            return false;
        }
        true
    }

    /// One spell lands on `target`, with what it records on the way.
    pub(crate) fn zap(
        &mut self,
        target: BeingId,
        spell: Spell,
        caster: Option<BeingId>,
        permanent: bool,
    ) {
        let z = &mut self.round.zaps[target];
        let spell = match spell {
            Spell::LightningBoltShort => Spell::LightningBolt,
            s => s.canonical(),
        };
        z.count[spell.index()] = z.count[spell.index()].saturating_add(1);
        if matches!(
            spell,
            Spell::Paralysis | Spell::CharmPerson | Spell::CharmMonster
        ) {
            z.controller = Some(caster);
        }
        if spell.is_mind_spell() {
            z.mind_permanent = permanent;
        }
        if spell == Spell::RaiseDead {
            z.raiser = caster;
        }
        if permanent {
            let b = &mut self.beings[target];
            match spell {
                Spell::Haste => b.fx.perm_haste = true,
                Spell::ProtectionFromEvil => b.fx.pfe.permanent = true,
                Spell::Invisibility => b.fx.invisible.permanent = true,
                Spell::Blindness => b.fx.blind.permanent = true,
                _ => {}
            }
        }
    }

    /// Ids of monsters, in creation order.
    pub(crate) fn monster_ids(&self) -> BeingIds {
        (self.players..self.beings.len()).map(BeingId::new)
    }

    /// Ids of every being, wizards first.
    pub(crate) fn being_ids(&self) -> BeingIds {
        (0..self.beings.len()).map(BeingId::new)
    }

    /// Ids of the wizards, in player order.
    pub(crate) fn wizard_ids(&self) -> BeingIds {
        (0..self.players).map(BeingId::new)
    }
}
