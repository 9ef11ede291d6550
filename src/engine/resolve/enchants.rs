//! Steps H–J: spells that cancel each other, protections, and enchantments.

use crate::engine::being::{turns, Mind};
use crate::engine::duel::{Duel, RoundKind};
use crate::engine::gesture::{Hand, Mark};
use crate::engine::history::Row;
use crate::engine::ids::BeingId;
use crate::engine::lasting::TimeStop;
use crate::engine::narrate::{CounterEvent, EnchantmentEvent, MonsterEvent, SightSpeedEvent};
use crate::engine::question::{Choice, Question, QuestionKind};
use crate::engine::spellbook::Spell;

/// The six mind spells in the order the cancellation message lists them.
pub(crate) const MIND_SPELLS: [Spell; 6] = [
    Spell::Amnesia,
    Spell::Confusion,
    Spell::CharmPerson,
    Spell::CharmMonster,
    Spell::Paralysis,
    Spell::Fear,
];

impl Duel {
    /// Living wizards, then living monsters: the order of most per-being steps.
    pub(crate) fn living_order(&self) -> Vec<BeingId> {
        self.being_ids()
            .filter(|&b| self.beings[b].alive())
            .collect()
    }

    /// Step H: Raise Dead against Finger of Death, a bolt against the
    /// opposite storm,
    /// and clashing mind spells.
    pub(crate) fn exec_cancels(&mut self) {
        let (fire_storm, ice_storm) = self.round.arena.storms();
        for id in self.being_ids() {
            if !self.beings[id].alive() {
                continue;
            }
            let z = &mut self.round.zaps[id];
            if z.has(Spell::RaiseDead) && z.has(Spell::FingerOfDeath) {
                z.count[Spell::RaiseDead.index()] = 0;
                z.count[Spell::FingerOfDeath.index()] = 0;
                self.say_event(CounterEvent::LifeAndDeathCancel { being: id });
            }
            // A bolt meets the opposite storm (the original's Fireball and
            // an Ice Storm: steam).
            for bolt in self.rules.bolts {
                let z = &mut self.round.zaps[id];
                let storm = if bolt.cold { fire_storm } else { ice_storm };
                if !storm || !z.has(bolt.spell) {
                    continue;
                }
                z.count[bolt.spell.index()] = 0;
                if bolt.cold {
                    z.spared_fire_storm = true;
                    self.say_event(CounterEvent::Meltwater { being: id });
                } else {
                    z.spared_ice_storm = true;
                    self.say_event(CounterEvent::Steam { being: id });
                }
            }
            let b = &self.beings[id];
            let z = &self.round.zaps[id];
            let kinds = MIND_SPELLS.iter().filter(|&&s| z.has(s)).count();
            let clash = kinds >= 2
                || (b.is_wizard() && b.hand_paralysed.is_none() && z.of(Spell::Paralysis) >= 2)
                || z.of(Spell::CharmPerson) >= 2
                || z.of(Spell::CharmMonster) >= 2;
            if clash {
                let counts: Vec<(Spell, u8)> = MIND_SPELLS
                    .iter()
                    .map(|&s| (s, z.of(s)))
                    .filter(|&(_, n)| n > 0)
                    .collect();
                let z = &mut self.round.zaps[id];
                for s in MIND_SPELLS {
                    z.count[s.index()] = 0;
                }
                z.mind_permanent = false;
                self.say_event(CounterEvent::MindsClash { being: id, counts });
            }
        }
    }

    /// Step I: resistances and Protection from Evil; frozen beings in a time
    /// stop get no benefit from them.
    pub(crate) fn exec_protects(&mut self) {
        for id in self.being_ids() {
            if !self.beings[id].alive() {
                continue;
            }
            let frozen = self.is_frozen(id);
            let b = &mut self.beings[id];
            let z = self.round.zaps[id];
            if z.has(Spell::ResistHeat) {
                let again = b.fx.resist_heat;
                b.fx.resist_heat = true;
                self.say_event(EnchantmentEvent::Resists {
                    being: id,
                    heat: true,
                    again,
                });
            }
            let b = &mut self.beings[id];
            if z.has(Spell::ResistCold) {
                let again = b.fx.resist_cold;
                b.fx.resist_cold = true;
                self.say_event(EnchantmentEvent::Resists {
                    being: id,
                    heat: false,
                    again,
                });
            }
            let b = &mut self.beings[id];
            if z.has(Spell::ProtectionFromEvil) || b.fx.pfe.permanent {
                let again = b.fx.pfe.is_on();
                b.fx.pfe.turns = turns::PROTECTION;
                self.say_event(EnchantmentEvent::Protected { being: id, again });
            }
            if frozen {
                // Gesticulation: frozen beings keep their resistances (GESTICULATION Time Stop).
                if self.rules.frozen_keep_resistances {
                    let b = &self.beings[id];
                    let z = &mut self.round.zaps[id];
                    z.heat_immune = b.fx.resist_heat;
                    z.cold_immune = b.fx.resist_cold;
                }
                continue;
            }
            let b = &mut self.beings[id];
            let z = &mut self.round.zaps[id];
            z.heat_immune = b.fx.resist_heat;
            z.cold_immune = b.fx.resist_cold;
            if b.fx.pfe.is_on() {
                let left = b.fx.pfe.turns;
                b.fx.pfe.turns -= 1;
                z.pfe_shield = true;
                if left < turns::PROTECTION {
                    self.say_event(EnchantmentEvent::ProtectionFading {
                        being: id,
                        left: left - 1,
                    });
                }
            }
        }
    }

    /// Asks the casters, in one batch, which hand each Paralysis and Charm
    /// Person seizes.
    pub(crate) fn ask_control_hands(&mut self) {
        let mut batch = Vec::new();
        for id in 0..self.players {
            let b = &self.beings[id];
            if !b.alive() {
                continue;
            }
            let z = &self.round.zaps[id];
            let Some(Some(controller)) = z.controller else {
                continue;
            };
            let victim = BeingId::new(id);
            let mut kinds = [None, None];
            if z.has(Spell::Paralysis) && b.hand_paralysed.is_none() {
                kinds[0] = Some(QuestionKind::ParalyzeHand { victim, hand: None });
            }
            if z.has(Spell::CharmPerson) {
                kinds[1] = Some(QuestionKind::CharmHand { victim });
            }
            for kind in kinds.into_iter().flatten() {
                let mut options = self.round.batch.options();
                options.extend([Choice::Hand(Hand::Left), Choice::Hand(Hand::Right)]);
                let question = Question {
                    player: controller.as_player(),
                    kind,
                    options,
                    default: None,
                };
                self.round.batch.enlist(&mut batch, question);
            }
        }
        self.ask(batch);
    }

    /// Step J: enchantments take hold, in the original's order, with the
    /// hands the casters chose.
    pub(crate) fn exec_enchants(&mut self, batch: &[Question], answers: &[usize]) {
        let mut hands = std::mem::take(&mut self.round.hands);
        hands.clear();
        hands.extend(batch.iter().zip(answers).filter_map(|(q, &a)| {
            let hand = match q.options[a] {
                Choice::Hand(h) => h,
                _ => Hand::Left,
            };
            match q.kind {
                QuestionKind::ParalyzeHand { victim, .. } => Some((victim, Spell::Paralysis, hand)),
                QuestionKind::CharmHand { victim } => Some((victim, Spell::CharmPerson, hand)),
                _ => None,
            }
        }));
        self.round.hands = hands;
        self.enchant_all();
    }

    /// Step J for every living being, with the hands in `round.hands`
    /// (Gesticulation fills them from the hands named when casting).
    pub(crate) fn enchant_all(&mut self) {
        let hands = std::mem::take(&mut self.round.hands);
        for id in self.being_ids() {
            if self.beings[id].alive() {
                self.enchant_one(id, &hands);
            }
        }
        self.round.hands = hands;
    }

    /// Steps J1–J7 for one being: the mind spells, with the chosen hands.
    fn enchant_one(&mut self, id: BeingId, hands: &[(BeingId, Spell, Hand)]) {
        let perm = self.round.zaps[id].mind_permanent;
        let z = self.round.zaps[id];
        if z.has(Spell::Amnesia) {
            self.set_mind(id, perm, Mind::Amnesia);
            self.say_event(EnchantmentEvent::Enchanted {
                being: id,
                spell: Spell::Amnesia,
            });
        }
        if z.has(Spell::Confusion) {
            self.set_mind(id, perm, Mind::Confusion(None));
            self.say_event(EnchantmentEvent::Enchanted {
                being: id,
                spell: Spell::Confusion,
            });
        }
        if z.has(Spell::Fear) {
            self.set_mind(id, perm, Mind::Fear);
            self.say_event(EnchantmentEvent::Enchanted {
                being: id,
                spell: Spell::Fear,
            });
        }
        self.enchant_control(id, hands);
        self.reapply_permanent_mind(id);
        self.enchant_body(id);
    }

    /// Steps J4–J6: Paralysis, Charm Monster and Charm Person, which need
    /// a controller (and, on a wizard, a hand).
    fn enchant_control(&mut self, id: BeingId, hands: &[(BeingId, Spell, Hand)]) {
        let answer = |spell: Spell| {
            hands
                .iter()
                .find(|&&(v, s, _)| v == id && s == spell)
                .map(|&(_, _, h)| h)
        };
        let wizard = self.beings[id].is_wizard();
        let perm = self.round.zaps[id].mind_permanent;
        let controller = self.round.zaps[id].controller;
        let z = self.round.zaps[id];
        if z.has(Spell::Paralysis) {
            if !wizard {
                self.set_mind(id, perm, Mind::Paralysis(None));
                self.say_event(EnchantmentEvent::Enchanted {
                    being: id,
                    spell: Spell::Paralysis,
                });
            } else if controller == Some(None) {
                self.say_event(EnchantmentEvent::ControlFizzles {
                    being: id,
                    spell: Spell::Paralysis,
                });
            } else {
                let hand = self.beings[id]
                    .hand_paralysed
                    .or_else(|| answer(Spell::Paralysis))
                    .unwrap_or(Hand::Left);
                self.set_mind(id, perm, Mind::Paralysis(Some(hand)));
                self.say_event(EnchantmentEvent::ParalysisHand { wizard: id, hand });
            }
        }
        if z.has(Spell::CharmMonster) {
            if wizard {
                self.say_event(EnchantmentEvent::NoEffect {
                    being: id,
                    spell: Spell::CharmMonster,
                });
            } else if let Some(Some(caster)) = controller {
                self.set_mind(id, perm, Mind::CharmMonster(caster));
                self.beings[id].owner = Some(caster);
                self.say_event(MonsterEvent::MonsterCharmed {
                    monster: id,
                    owner: caster,
                });
            } else {
                self.say_event(EnchantmentEvent::ControlFizzles {
                    being: id,
                    spell: Spell::CharmMonster,
                });
            }
        }
        if z.has(Spell::CharmPerson) {
            if !wizard {
                self.say_event(EnchantmentEvent::NoEffect {
                    being: id,
                    spell: Spell::CharmPerson,
                });
            } else if let Some(Some(caster)) = controller {
                let hand = answer(Spell::CharmPerson).unwrap_or(Hand::Left);
                self.set_mind(
                    id,
                    perm,
                    Mind::Charm {
                        charmer: caster,
                        hand,
                        gesture: None,
                    },
                );
                self.say_event(EnchantmentEvent::CharmHand { wizard: id, hand });
            } else {
                self.say_event(EnchantmentEvent::ControlFizzles {
                    being: id,
                    spell: Spell::CharmPerson,
                });
            }
        }
    }

    /// A mind spell takes hold for the next turn (and for good if permanent).
    fn set_mind(&mut self, id: BeingId, permanent: bool, mind: Mind) {
        let fx = &mut self.beings[id].fx;
        fx.pending_mind = Some(mind);
        if permanent {
            fx.permanent_mind = Some(mind);
        }
    }

    /// Steps J8–J16 for one being: sickness, the windows, sight and
    /// visibility, speed, and the removal of every enchantment.
    fn enchant_body(&mut self, id: BeingId) {
        let wizard = self.beings[id].is_wizard();
        let z = self.round.zaps[id];
        let b = &mut self.beings[id];
        if z.has(Spell::Disease) && b.fx.disease == 0 {
            b.fx.disease = turns::SICKNESS;
            self.say_event(EnchantmentEvent::Diseased { being: id });
        }
        let b = &mut self.beings[id];
        if z.has(Spell::Poison) && b.fx.poison == 0 {
            b.fx.poison = turns::SICKNESS;
            self.say_event(EnchantmentEvent::Poisoned { being: id });
        }
        let removing = z.has(Spell::RemoveEnchantment);
        if z.has(Spell::AntiSpell) && removing && wizard {
            self.say_event(EnchantmentEvent::AntiSpellFizzles { wizard: id });
        }
        if z.has(Spell::AntiSpell) && !removing && wizard {
            let hidden = self.round_kind == RoundKind::TimeStop;
            let blind_viewers = self.beings[id]
                .history
                .last()
                .map_or(0, |r| r.blind_viewers);
            self.beings[id].history.push(Row {
                marks: [Mark::AntiSpell; 2],
                hidden,
                blind_viewers,
            });
            self.say_event(EnchantmentEvent::Enchanted {
                being: id,
                spell: Spell::AntiSpell,
            });
        }
        if z.has(Spell::DelayedEffect) && !removing && wizard {
            self.beings[id].fx.delay_window = turns::WINDOW;
            self.say_event(EnchantmentEvent::Enchanted {
                being: id,
                spell: Spell::DelayedEffect,
            });
        }
        if z.has(Spell::Permanency) && !removing && wizard {
            self.beings[id].fx.perm_window = turns::WINDOW;
            self.say_event(EnchantmentEvent::Enchanted {
                being: id,
                spell: Spell::Permanency,
            });
        }
        let fx = &mut self.beings[id].fx;
        let cast = z.has(Spell::Blindness) || fx.blind.permanent;
        let (renewed, ended) = four_turns(&mut fx.blind.turns, cast);
        if let Some(again) = renewed {
            self.say_event(SightSpeedEvent::Blinded { being: id, again });
        }
        if ended {
            self.say_event(SightSpeedEvent::SightReturns { being: id });
        }
        let fx = &mut self.beings[id].fx;
        let cast = z.has(Spell::Invisibility) || fx.invisible.permanent;
        let (renewed, ended) = four_turns(&mut fx.invisible.turns, cast);
        if let Some(again) = renewed {
            self.say_event(SightSpeedEvent::Vanishes { being: id, again });
        }
        if ended {
            self.say_event(SightSpeedEvent::Reappears { being: id });
        }
        let b = &mut self.beings[id];
        if z.has(Spell::Haste) || b.fx.perm_haste {
            // Told once, when the next round's kind is decided.
            b.fx.haste = b.fx.haste.cast();
        }
        if z.has(Spell::TimeStop) {
            self.beings[id].fx.time_stop = TimeStop::Cast;
        }
        if removing || self.round.arena.dispel {
            self.remove_enchantments(id, removing);
        }
    }

    /// Step J7: a permanent mind spell takes hold again when nothing else did.
    fn reapply_permanent_mind(&mut self, id: BeingId) {
        let b = &mut self.beings[id];
        if b.fx.pending_mind.is_some() {
            return;
        }
        let Some(mind) = b.fx.permanent_mind else {
            return;
        };
        let wizard = b.is_wizard();
        match mind {
            Mind::Charm { .. } if !wizard => return,
            Mind::CharmMonster(owner) => {
                if wizard {
                    return;
                }
                b.owner = Some(owner);
            }
            _ => {}
        }
        b.fx.pending_mind = Some(mind);
        self.say_event(EnchantmentEvent::StillEnchanted { being: id });
    }
}

/// Steps J12–J13: Blindness and Invisibility last the turn they land and
/// three more. Casting (again) sets the counter to 4, then it counts down.
/// Returns whether it was cast (and if so, whether it was already running)
/// and whether it ran out this turn.
fn four_turns(counter: &mut u8, cast: bool) -> (Option<bool>, bool) {
    let renewed = cast.then(|| {
        let again = *counter > 0;
        *counter = turns::SIGHT;
        again
    });
    let ended = if *counter > 0 {
        *counter -= 1;
        *counter == 0
    } else {
        false
    };
    (renewed, ended)
}
