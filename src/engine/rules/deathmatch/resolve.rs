//! Death Match's resolution (spellcast-rules(7), DEATH MATCH): the shared stages it keeps
//! (the counter pre-pass, summoning, elementals meeting storms,
//! resistances, the mind spells, monster orders) and its own: the spell
//! pass (mirror for everything aimed, counters strip Shield), Missile
//! Swarm, Frost Bolt, leeches, the Onyx beam, 2-damage elementals that
//! hit their caster, Remove Enchantment's short list, and the ending.

use super::zaps::Zaps;
use crate::engine::being::BeingKind;
use crate::engine::cast::{Aim, Cast};
use crate::engine::duel::{Duel, Outcome};
use crate::engine::gesture::{Gesture, Hand};
use crate::engine::ids::{BeingId, PlayerId};
use crate::engine::narrate::{CastingEvent, CounterEvent, Harm, MonsterEvent};
use crate::engine::question::{CastHand, Question};
use crate::engine::round::{ArenaWideSpells, Stage, Step};
use crate::engine::rules::BookZaps;
use crate::engine::spellbook::{Group, Spell};

/// The book's numbers (the rules text's figures).
pub(super) mod points {
    pub const STAB: i32 = 1;
    pub const MISSILE: i32 = 1;
    pub const STORM: i32 = 5;
    pub const ONYX: i32 = 3;
    pub const LEECH: i32 = 1;
    pub const ELEMENTAL: i32 = 2;
    /// Far below zero: no hit points come back in Death Match anyway.
    pub const DESTROYED: i32 = -100;
}

/// Hit points of Death Match's monsters ("dies after taking 2 damage", 3, 4; elemental 3).
fn monster_hp(kind: BeingKind) -> i32 {
    match kind {
        BeingKind::Goblin => 2,
        BeingKind::Ogre => 3,
        BeingKind::Troll => 4,
        k => k.max_hp(),
    }
}

/// The book's resolver (see [`crate::engine::rules::Resolver`]).
pub(crate) fn resolve_deathmatch(
    duel: &mut Duel,
    answered: Stage,
    questions: &[Question],
    answers: &[usize],
) -> Result<Stage, Step> {
    Ok(match answered {
        Stage::Targets => {
            duel.dm_begin();
            duel.ask_elementals();
            Stage::Elemental
        }
        Stage::Elemental => {
            let first_new = duel.beings.len();
            duel.summon(questions, answers);
            for m in first_new..duel.beings.len() {
                let b = &mut duel.beings[m];
                b.hp = monster_hp(b.kind);
                b.top_hp = b.hp;
            }
            duel.dm_land_on_new_monsters(first_new);
            duel.meet_elements();
            duel.dm_spells_destroy_elementals();
            duel.dm_cancels();
            duel.exec_protects();
            duel.dm_charms_by_subject();
            duel.exec_cancels();
            duel.dm_ask_orders();
            Stage::Monsters
        }
        Stage::Monsters => {
            duel.dm_take_orders(questions, answers);
            // The reveal: only the charmed hand is asked after it.
            duel.tell_announcements();
            duel.ask_control_hands();
            Stage::ControlHands
        }
        Stage::ControlHands => {
            let removing: Vec<bool> = duel
                .round
                .zaps
                .iter_mut()
                .map(|z| std::mem::take(&mut z.count[Spell::RemoveEnchantment.index()]) > 0)
                .collect();
            duel.exec_enchants(questions, answers);
            duel.dm_remove_enchantments(&removing);
            duel.dm_attacks();
            for (i, r) in removing.iter().enumerate() {
                if *r {
                    duel.round.zaps[i].count[Spell::RemoveEnchantment.index()] = 1;
                }
            }
            duel.dm_monsters_attack();
            duel.dm_leeches_bite();
            duel.dm_removed_monsters_die();
            return Err(duel.end_round());
        }
        _ => return Err(Step::RoundDone),
    })
}

/// Death Match's ending before the usual one: both wizards down the same
/// turn — the one who took more damage that turn loses, equal is a draw;
/// a surrender on the turn the other dies is a draw (DEATH MATCH).
pub(crate) fn settle_end(duel: &Duel) -> Option<Outcome> {
    if duel.players != 2 {
        return None;
    }
    let dead = |w: usize| !duel.beings[w].alive() && !duel.beings[w].surrendered;
    let gave_up = |w: usize| duel.beings[w].alive() && duel.beings[w].surrendered;
    let taken = |w: usize| {
        let z = duel
            .round
            .zaps
            .get(w)
            .map_or(0, |z| z.book.deathmatch_seen().map_or(0, |d| d.start_hp));
        z - duel.beings[w].hp
    };
    if dead(0) && dead(1) {
        return Some(match taken(0).cmp(&taken(1)) {
            std::cmp::Ordering::Greater => Outcome::Winner(PlayerId::new(1)),
            std::cmp::Ordering::Less => Outcome::Winner(PlayerId::new(0)),
            std::cmp::Ordering::Equal => Outcome::Draw,
        });
    }
    if (dead(0) && gave_up(1)) || (dead(1) && gave_up(0)) {
        return Some(Outcome::Draw);
    }
    None
}

/// Snaps of `hand` in the rows right before the newest (the digit): the
/// Missile Swarm's count of extra missiles (DEATH MATCH).
fn snaps_before(duel: &Duel, caster: BeingId, hand: Hand) -> u8 {
    let history = &duel.beings[caster].history;
    let n = history.len().saturating_sub(1);
    let run = history[..n]
        .iter()
        .rev()
        .take_while(|r| r.gesture(hand) == Some(Gesture::Snap))
        .count();
    u8::try_from(run).unwrap_or(u8::MAX)
}

impl Duel {
    /// The Missile Swarm a wizard's hand completes with its newest row:
    /// one missile per snap of the run before the digit.
    pub fn swarm_size(&self, caster: BeingId, hand: CastHand) -> u8 {
        let hand = match hand {
            CastHand::Right => Hand::Right,
            _ => Hand::Left,
        };
        snaps_before(self, caster, hand)
    }

    /// The cast list is announced, counters act (a counter beats a mirror
    /// and gives no shield), and every spell lands or fails.
    fn dm_begin(&mut self) {
        let casts = std::mem::take(&mut self.round.casts);
        for c in &casts {
            self.say_event(CastingEvent::Casts(*c));
        }
        self.round.arena = ArenaWideSpells::default();
        // Each being's fresh zaps made at once with the book's notes of
        // how it began the round.
        self.round.zaps.clear();
        self.round.zaps.extend(self.beings.iter().map(|b| crate::engine::being::Zaps {
            book: BookZaps::DeathMatch(Zaps {
                start_hp: b.hp,
                blind_at_start: b.blind(),
                missiles: 0,
            }),
            ..Default::default()
        }));
        self.counter_pass(&casts);
        for id in self.being_ids() {
            self.counter_beats_mirror(id);
        }
        for c in &casts {
            self.dm_spell(c);
        }
        // Counter-spell and Remove Enchantment take Shield away.
        for z in &mut self.round.zaps {
            if z.has(Spell::CounterSpell) || z.has(Spell::RemoveEnchantment) {
                z.count[Spell::Shield.index()] = 0;
            }
        }
        self.round.casts = casts;
    }

    /// One cast of the list.
    fn dm_spell(&mut self, c: &Cast) {
        match (self.rules.info(c.spell).group, c.spell) {
            (Group::Counter | Group::NotCast, _) => {}
            (_, Spell::OnyxBeam) => {
                // "Cannot miss. Not blockable by anything."
                if let Some(t) = self.first_other_wizard(c.caster) {
                    self.zap(t, Spell::OnyxBeam, Some(c.caster), false);
                }
            }
            (_, Spell::SummonElemental) => {
                self.zap(c.caster, Spell::SummonElemental, Some(c.caster), false)
            }
            (Group::Storm, s) => {
                if s == Spell::FireStorm {
                    self.round.arena.fire_storms += 1;
                } else {
                    self.round.arena.ice_storms += 1;
                }
            }
            (Group::Stab, _) => {
                if let Some(t) = c.aim.being() {
                    if self.can_see(c) {
                        self.zap(t, Spell::Stab, Some(c.caster), false);
                    }
                }
            }
            _ => {
                if let Aim::At(target) = c.aim {
                    self.dm_aimed(c, target);
                }
            }
        }
    }

    /// A spell aimed at a being: sight, the target's Counter-spell, its
    /// mirror (two mirrors: the spell dissipates), then it lands.
    fn dm_aimed(&mut self, c: &Cast, target: BeingId) {
        if !self.can_see(c) || self.dm_countered(c, target) {
            return;
        }
        if target != c.caster && self.round.zaps[target].has(Spell::MagicMirror) {
            if self.round.zaps[c.caster].has(Spell::MagicMirror) {
                self.say_event(CounterEvent::MirrorsBounce { cast: *c, target });
                return;
            }
            self.say_event(CounterEvent::Reflected {
                cast: *c,
                mirror: target,
            });
            if !self.dm_countered(c, c.caster) {
                self.dm_land(c, c.caster);
            }
            return;
        }
        self.dm_land(c, target);
    }

    fn dm_countered(&mut self, c: &Cast, target: BeingId) -> bool {
        let countered = self.round.zaps[target].has(Spell::CounterSpell);
        if countered {
            self.say_event(CounterEvent::Countered { cast: *c, target });
        }
        countered
    }

    /// The spell takes effect on `target`, the caster keeping control.
    fn dm_land(&mut self, c: &Cast, target: BeingId) {
        self.zap(target, c.spell, Some(c.caster), false);
        let z = &mut self.round.zaps[target];
        match c.spell {
            Spell::MissileSwarm => {
                let n = snaps_before(self, c.caster, hand_of(c)).max(1);
                let z = self.round.zaps[target].book.deathmatch();
                z.missiles = z.missiles.saturating_add(n);
            }
            Spell::Charm => z.controller = Some(Some(c.caster)),
            _ => {}
        }
    }

    /// Spells aimed at "the monster that is about to be summoned" connect
    /// if it appeared (DEATH MATCH); otherwise they miss.
    fn dm_land_on_new_monsters(&mut self, first_new: usize) {
        let casts = std::mem::take(&mut self.round.casts);
        for c in &casts {
            let Aim::NewMonster(n) = c.aim else { continue };
            let made = (first_new..self.beings.len())
                .map(BeingId::new)
                .find(|&m| self.beings[m].monster_number == n);
            if let Some(m) = made {
                self.dm_aimed(c, m);
            }
        }
        self.round.casts = casts;
    }

    /// An elemental dies to the opposite kind's damage spell or the
    /// Resist of its own kind (DEATH MATCH).
    fn dm_spells_destroy_elementals(&mut self) {
        for m in self.monster_ids() {
            let b = &self.beings[m];
            if !b.alive() {
                continue;
            }
            if self.element_destroys(b.kind, &self.round.zaps[m]) {
                self.vanish(m);
                self.say_event(MonsterEvent::MonsterDestroyed { monster: m });
            }
        }
    }

    /// Fireball is cancelled by an Ice Storm, Frost Bolt by a Fire Storm
    /// (the storm still hits everyone).
    fn dm_cancels(&mut self) {
        let (fire, ice) = (
            self.round.arena.fire_storms > 0,
            self.round.arena.ice_storms > 0,
        );
        for id in self.being_ids() {
            let z = &mut self.round.zaps[id];
            let mut cancelled = false;
            if ice && z.has(Spell::Fireball) {
                z.count[Spell::Fireball.index()] = 0;
                cancelled = true;
            }
            if fire && z.has(Spell::FrostBolt) {
                z.count[Spell::FrostBolt.index()] = 0;
                cancelled = true;
            }
            if cancelled {
                self.say_event(CounterEvent::Steam { being: id });
            }
        }
    }

    /// Charm is Charm Person on a wizard and Charm Monster on a monster
    /// (the shared mind-spell stages then take over).
    fn dm_charms_by_subject(&mut self) {
        for id in self.being_ids() {
            let wizard = self.beings[id].is_wizard();
            let z = &mut self.round.zaps[id];
            let n = std::mem::take(&mut z.count[Spell::Charm.index()]);
            let as_spell = if wizard {
                Spell::CharmPerson
            } else {
                Spell::CharmMonster
            };
            z.count[as_spell.index()] = z.count[as_spell.index()].saturating_add(n);
        }
    }

    /// Remove Enchantment on a wizard removes only Shield (already gone
    /// from this turn's zaps), resistances and leeches (DEATH MATCH); on a
    /// monster it kills after the attack.
    fn dm_remove_enchantments(&mut self, removing: &[bool]) {
        for (i, &r) in removing.iter().enumerate() {
            let id = BeingId::new(i);
            if !r || !self.beings[id].alive() {
                continue;
            }
            self.say_event(
                crate::engine::narrate::EnchantmentEvent::EnchantmentsRemoved { being: id },
            );
            let b = &mut self.beings[id];
            b.fx.resist_heat = false;
            b.fx.resist_cold = false;
            b.marks.book.deathmatch().leeches = 0;
            let z = &mut self.round.zaps[id];
            z.heat_immune = false;
            z.cold_immune = false;
        }
    }

    /// Damage from stabs and spells, leeches set on, the Onyx beam.
    fn dm_attacks(&mut self) {
        let (fire_storm, ice_storm) = self.round.arena.storms();
        for id in self.being_ids() {
            if !self.beings[id].alive() {
                continue;
            }
            let z = self.round.zaps[id];
            let shielded = z.has(Spell::Shield);
            let countered = z.has(Spell::CounterSpell);
            self.harm(id, Harm::Stab, z.of(Spell::Stab), points::STAB, shielded);
            // Only a swarm's landing counts missiles: the count is read
            // from the book's notes only then.
            if z.has(Spell::MissileSwarm) {
                let missiles = z.book.deathmatch_seen().map_or(0, |d| d.missiles);
                self.harm(id, Harm::MissileSwarm, missiles, points::MISSILE, shielded);
            }
            self.bolts_hit(id, &z);
            let bolts = z.of(Spell::FrostBolt);
            if bolts > 0 && !z.cold_immune && self.beings[id].is_wizard() {
                self.beings[id].marks.book.deathmatch().sits_out = true;
            }
            let storm = (fire_storm || ice_storm) && !countered;
            if fire_storm {
                self.harm(
                    id,
                    Harm::FireStorm,
                    1,
                    points::STORM,
                    countered || z.heat_immune,
                );
            }
            if ice_storm {
                self.harm(
                    id,
                    Harm::IceStorm,
                    1,
                    points::STORM,
                    countered || z.cold_immune,
                );
            }
            self.harm(id, Harm::Onyx, z.of(Spell::OnyxBeam), points::ONYX, false);
            // A listed spell on the host removes its leeches before this
            // turn's bite; new leeches bite from this turn (DEATH MATCH).
            let removed = storm
                || [
                    Spell::MagicMirror,
                    Spell::ResistCold,
                    Spell::ResistHeat,
                    Spell::Fireball,
                    Spell::FrostBolt,
                    Spell::RemoveEnchantment,
                ]
                .iter()
                .any(|&s| z.has(s));
            let new = z.of(Spell::SummonLeech);
            if removed || new > 0 {
                let marks = self.beings[id].marks.book.deathmatch();
                if removed {
                    marks.leeches = 0;
                }
                marks.leeches = marks.leeches.saturating_add(new);
            }
        }
    }
}

fn hand_of(c: &Cast) -> Hand {
    match c.hand {
        CastHand::Right => Hand::Right,
        _ => Hand::Left,
    }
}
