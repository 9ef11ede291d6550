//! Gesticulation's monsters (spellcast-rules(7), GESTICULATION Summons, GESTICULATION):
//! orders are written before the reveal, for the monsters one owns at the
//! start of the turn and for one's own summons that will be one's own (the
//! question is about the creation number it will get if every summons
//! lands where aimed); a summons aimed at a monster makes a monster for
//! that monster's controller ("If the target is itself controlled, then
//! the control is given to the controller of the target instead"); a new
//! monster nobody ordered (it landed with another wizard, or came back off
//! a mirror) does not attack in its first turn.

use crate::engine::being::{BeingKind, Mind};
use crate::engine::cast::{Aim, Cast};
use crate::engine::duel::{Duel, RoundKind};
use crate::engine::ids::BeingId;
use crate::engine::lasting::TimeStop;
use crate::engine::narrate::MonsterEvent;
use crate::engine::question::{Question, QuestionKind};
use crate::engine::resolve::Attack;
use crate::engine::spellbook::Spell;

/// The summons in the order monsters are made for one wizard (the
/// original's order, Gesticulation's elementals in place of its one).
const SUMMONS: [(Spell, BeingKind); 6] = [
    (Spell::SummonGoblin, BeingKind::Goblin),
    (Spell::SummonOgre, BeingKind::Ogre),
    (Spell::SummonTroll, BeingKind::Troll),
    (Spell::SummonGiant, BeingKind::Giant),
    (Spell::SummonFireElemental, BeingKind::FireElemental),
    (Spell::SummonIceElemental, BeingKind::IceElemental),
];

fn kind_made_by(spell: Spell) -> Option<(usize, BeingKind)> {
    SUMMONS
        .iter()
        .position(|&(s, _)| s == spell)
        .map(|i| (i, SUMMONS[i].1))
}

/// A summons of the cast list as it will land if nothing stops or turns it.
#[derive(Debug, Clone, Copy)]
pub(super) struct NewSummons {
    caster: BeingId,
    owner: BeingId,
    kind: BeingKind,
    /// The id (creation number) the monster then gets.
    id: BeingId,
}

impl NewSummons {
    /// Whether its caster orders it before the reveal: it will be his, and it obeys.
    fn ordered(&self) -> bool {
        self.caster == self.owner && !self.kind.is_elemental()
    }
}

impl Duel {
    /// The batch asked once the targets are set: each Paralysis's hand,
    /// then every order (spellcast-script(5): `paralyze`, `monster`).
    pub(super) fn ask_orders(&mut self) {
        let mut batch = Vec::new();
        self.paralysis_questions(&mut batch);
        for m in self.monster_ids() {
            let b = &self.beings[m];
            let owner = b.owner.filter(|&o| self.beings[o].alive());
            let obeys = !matches!(
                b.fx.mind_in_force,
                Some(Mind::Paralysis(_) | Mind::Confusion(_) | Mind::Amnesia)
            );
            let Some(owner) = owner.filter(|_| b.alive() && obeys && !b.kind.is_elemental()) else {
                continue;
            };
            for attack in 0..self.attacks_of(m) {
                let question = self.monster_question(m, owner, attack);
                self.round.batch.enlist(&mut batch, question);
            }
        }
        if self.round_kind != RoundKind::TimeStop {
            for s in self.new_summons().iter().filter(|s| s.ordered()) {
                let question = self.monster_question(s.id, s.owner, 0);
                self.round.batch.enlist(&mut batch, question);
            }
        }
        self.ask(batch);
    }

    /// How many attacks a monster makes this round (the original's count:
    /// in a time stop only if time-stopped itself, twice if hasted).
    fn attacks_of(&self, m: BeingId) -> u8 {
        let fx = &self.beings[m].fx;
        match self.round_kind {
            RoundKind::TimeStop => u8::from(fx.time_stop == TimeStop::Moving),
            _ if fx.haste.doubles_attacks() => 2,
            _ => 1,
        }
    }

    /// The monsters the cast list (haste casts last) makes if every
    /// summons lands where aimed, in the order [`Duel::summon_for_controllers`]
    /// makes them.
    pub(super) fn new_summons(&self) -> Vec<NewSummons> {
        let mut made: Vec<(usize, NewSummons)> = Vec::new();
        for c in self.round.casts.iter().chain(&self.haste_casts) {
            let (Some((rank, kind)), Aim::At(t)) = (kind_made_by(c.spell), c.aim) else {
                continue;
            };
            let Some(owner) = self.controller_of(t) else {
                continue;
            };
            let summons = NewSummons {
                caster: c.caster,
                owner,
                kind,
                id: owner,
            };
            made.push((owner.index() * SUMMONS.len() + rank, summons));
        }
        // Stable: one wizard's monsters of one kind keep the cast order.
        made.sort_by_key(|&(key, _)| key);
        let first = self.beings.len();
        made.iter()
            .enumerate()
            .map(|(i, &(_, s))| NewSummons {
                id: BeingId::new(first + i),
                ..s
            })
            .collect()
    }

    /// Who a summons aimed at `t` makes its monster for: a living wizard,
    /// or a monster's living controller; nobody for an uncontrolled monster.
    fn controller_of(&self, t: BeingId) -> Option<BeingId> {
        let b = &self.beings[t];
        let wizard = if b.is_wizard() { Some(t) } else { b.owner };
        wizard.filter(|&w| b.alive() && self.beings[w].alive())
    }

    /// Step F: every summons that landed makes its monster for the wizard
    /// it landed on, or for the controller of the monster it landed on.
    pub(super) fn summon_for_controllers(&mut self) {
        let existing = self.beings.len();
        for w in self.wizard_ids() {
            if !self.beings[w].alive() {
                continue;
            }
            for (spell, kind) in SUMMONS {
                let on_monsters: u32 = (self.players..existing)
                    .map(BeingId::new)
                    .filter(|&m| self.controller_of(m) == Some(w))
                    .map(|m| u32::from(self.round.zaps[m].of(spell)))
                    .sum();
                let n = u32::from(self.round.zaps[w].of(spell)) + on_monsters;
                for _ in 0..n {
                    self.create_monster(kind, w);
                }
            }
        }
    }

    /// Spells aimed at a monster about to be made (`#N`; the text's own
    /// example aims a Fireball at "the elemental he is about to create")
    /// land once it is made; a number nobody made is missed. A summons
    /// landing on one makes a monster for its controller.
    pub(super) fn land_on_new_monsters(&mut self, first_new: usize) {
        let made = |d: &Duel, n: usize| {
            (first_new..d.beings.len())
                .map(BeingId::new)
                .find(|&m| d.beings[m].monster_number == n)
        };
        let aimed: Vec<Cast> = self
            .round
            .casts
            .iter()
            .filter_map(|c| match c.aim {
                Aim::NewMonster(n) => made(self, n).map(|m| Cast {
                    aim: Aim::At(m),
                    ..*c
                }),
                _ => None,
            })
            .collect();
        if aimed.is_empty() {
            return;
        }
        for c in &aimed {
            let Aim::At(m) = c.aim else { continue };
            match c.spell.canonical() {
                Spell::CounterSpell => {
                    self.zap(m, Spell::CounterSpell, Some(c.caster), false);
                    let z = &mut self.round.zaps[m];
                    z.shield += 1;
                    z.count[Spell::MagicMirror.index()] = 0;
                }
                Spell::MagicMirror if !self.round.zaps[m].has(Spell::CounterSpell) => {
                    self.zap(m, Spell::MagicMirror, Some(c.caster), false);
                }
                // The first pass spent the short bolt on no target.
                Spell::LightningBoltShort => self.beings[c.caster].short_bolt_used = false,
                _ => {}
            }
        }
        self.spell_pass(&aimed);
        let last = self.beings.len();
        for m in (first_new..last).map(BeingId::new) {
            let Some(w) = self.controller_of(m) else {
                continue;
            };
            for (spell, kind) in SUMMONS {
                for _ in 0..self.round.zaps[m].of(spell) {
                    self.create_monster(kind, w);
                }
            }
        }
    }

    /// The orders given for new monsters: (owner, kind, question), in
    /// question order. Read before resolution, while the cast list still
    /// reads as it did when they were asked.
    pub(super) fn orders_for_new_monsters(
        &self,
        batch: &[Question],
    ) -> Vec<(BeingId, BeingKind, usize)> {
        let expected = self.new_summons();
        batch
            .iter()
            .enumerate()
            .filter_map(|(n, q)| match q.kind {
                QuestionKind::Monster { monster, .. } => expected
                    .iter()
                    .find(|s| s.id == monster && s.ordered())
                    .map(|s| (s.owner, s.kind, n)),
                _ => None,
            })
            .collect()
    }

    /// Plans every living monster's attacks from the orders given before
    /// the reveal: an order stands if its giver still controls the
    /// monster; a new monster takes its owner's next order for its kind,
    /// and waits a turn without one.
    pub(super) fn plan_ordered_attacks(
        &mut self,
        batch: &[Question],
        first_new: usize,
        mut new_orders: Vec<(BeingId, BeingKind, usize)>,
        skipping: &[BeingId],
    ) {
        let mut plan = std::mem::take(&mut self.round.plan);
        plan.clear();
        for m in self.monster_ids() {
            if !self.beings[m].alive() {
                continue;
            }
            let attacks = self.attacks_of(m);
            let (kind, mind, owner) = {
                let b = &self.beings[m];
                (b.kind, b.fx.mind_in_force, b.owner)
            };
            let paralysed = skipping.contains(&m) || matches!(mind, Some(Mind::Paralysis(_)));
            if attacks > 0 {
                if paralysed {
                    self.say_event(MonsterEvent::MonsterParalysed { monster: m });
                } else if let Some(Mind::Confusion(_)) = mind {
                    self.say_event(MonsterEvent::MonsterConfused { monster: m });
                } else if let Some(Mind::Amnesia) = mind {
                    self.say_event(MonsterEvent::MonsterAmnesiac { monster: m });
                }
            }
            let new_order = if m.index() >= first_new {
                let found = new_orders
                    .iter()
                    .position(|&(o, k, _)| Some(o) == owner && k == kind);
                found.map(|i| new_orders.remove(i).2)
            } else {
                None
            };
            for attack in 0..attacks {
                let ordered = if m.index() >= first_new {
                    new_order.filter(|_| attack == 0)
                } else {
                    batch.iter().position(|q| {
                        q.kind == QuestionKind::Monster { monster: m, attack }
                            && Some(BeingId::from(q.player)) == owner
                    })
                };
                let how = if kind.is_elemental() {
                    Attack::Everyone
                } else if paralysed {
                    Attack::None
                } else {
                    match mind {
                        Some(Mind::Confusion(_)) => Attack::Random,
                        Some(Mind::Amnesia) => Attack::Repeat,
                        _ => ordered.map_or(Attack::None, Attack::Ordered),
                    }
                };
                plan.push((m, how));
            }
        }
        self.round.plan = plan;
    }
}
