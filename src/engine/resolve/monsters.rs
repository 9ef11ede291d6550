//! Monsters attack after the spells, as their owners direct (the original's order).

use super::points;
use crate::engine::being::{BeingKind, Mind, Zaps};
use crate::engine::duel::{Duel, RoundKind};
use crate::engine::ids::BeingId;
use crate::engine::lasting::TimeStop;
use crate::engine::narrate::MonsterEvent;
use crate::engine::question::{Choice, Question, QuestionKind};
use rand::Rng;

/// How one attack of one monster is decided.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Attack {
    /// Elementals hit everyone.
    Everyone,
    /// Paralysed, or nobody to obey: no attack.
    None,
    /// Confused: a random living being.
    Random,
    /// Amnesiac: the previous target again.
    Repeat,
    /// The owner's answer to question `n` of the batch.
    Ordered(usize),
    /// An order already read from its answer (a book that asks the
    /// orders a stage before the attacks: Death Match).
    At(BeingId),
}

impl Attack {
    /// The being an order already read names.
    pub(crate) fn target(self) -> Option<BeingId> {
        match self {
            Attack::At(t) => Some(t),
            _ => None,
        }
    }

    /// An order read from its answer: at the being it names, or none.
    pub(crate) fn read(self, batch: &[Question], answers: &[usize]) -> Attack {
        match self {
            Attack::Ordered(n) => batch[n].options[answers[n]]
                .being()
                .map_or(Attack::None, Attack::At),
            how => how,
        }
    }
}

impl Duel {
    /// Plans every living monster's attacks: once (twice if hasted, in a
    /// time stop only if time-stopped itself), and asks the owners whom
    /// obedient monsters attack, in one batch.
    pub(crate) fn plan_monster_attacks(&mut self) {
        self.plan_attacks_obeying(|d, m| d.beings[m].owner);
    }

    /// [`Duel::plan_monster_attacks`] with the owner each monster obeys
    /// this turn given by the book (Death Match asks before the Charm
    /// Monster that changes it has taken hold).
    pub(crate) fn plan_attacks_obeying(
        &mut self,
        owner_of: impl Fn(&Duel, BeingId) -> Option<BeingId>,
    ) {
        let mut plan = std::mem::take(&mut self.round.plan);
        plan.clear();
        let mut batch = Vec::new();
        for m in self.monster_ids() {
            if !self.beings[m].alive() {
                continue;
            }
            let (kind, fx) = (self.beings[m].kind, self.beings[m].fx);
            let owner = owner_of(self, m).filter(|&o| self.beings[o].alive());
            let attacks = match self.round_kind {
                RoundKind::TimeStop => u8::from(fx.time_stop == TimeStop::Moving),
                _ => {
                    if fx.haste.doubles_attacks() {
                        2
                    } else {
                        1
                    }
                }
            };
            // The mind spell in force is told once, elementals included,
            // though they attack everyone regardless, as the original tells it.
            if attacks > 0 {
                match fx.mind_in_force {
                    Some(Mind::Paralysis(_)) => {
                        self.say_event(MonsterEvent::MonsterParalysed { monster: m });
                    }
                    Some(Mind::Confusion(_)) => {
                        self.say_event(MonsterEvent::MonsterConfused { monster: m });
                    }
                    Some(Mind::Amnesia) => {
                        self.say_event(MonsterEvent::MonsterAmnesiac { monster: m });
                    }
                    _ => {}
                }
            }
            for attack in 0..attacks {
                let how = if kind.is_elemental() {
                    Attack::Everyone
                } else {
                    match fx.mind_in_force {
                        Some(Mind::Paralysis(_)) => Attack::None,
                        Some(Mind::Confusion(_)) => Attack::Random,
                        Some(Mind::Amnesia) => Attack::Repeat,
                        _ => match owner {
                            None => Attack::None,
                            Some(owner) => {
                                let question = self.monster_question(m, owner, attack);
                                self.round.batch.enlist(&mut batch, question);
                                Attack::Ordered(batch.len() - 1)
                            }
                        },
                    }
                };
                plan.push((m, how));
            }
        }
        self.round.plan = plan;
        self.ask(batch);
    }

    /// The planned attacks, with the owners' answers.
    pub(crate) fn monsters_attack(&mut self, batch: &[Question], answers: &[usize]) {
        let plan = std::mem::take(&mut self.round.plan);
        for &(m, how) in &plan {
            match how {
                Attack::Everyone => self.elemental_attack(m),
                Attack::None => {}
                Attack::Random => {
                    let target = match self.beings[m].marks.fixed_target {
                        Some(t) => t,
                        None => {
                            let living = self.living_order();
                            let t = living[self.rng.gen_range(0..living.len())];
                            if let Some(Mind::Confusion(_)) = self.beings[m].fx.permanent_mind {
                                self.beings[m].marks.fixed_target = Some(t);
                            }
                            t
                        }
                    };
                    self.monster_hits(m, Some(target));
                }
                Attack::Repeat => {
                    let t = self.beings[m]
                        .previous_target
                        .filter(|&t| self.beings[t].alive());
                    // The original tells nothing of an amnesiac monster's
                    // attack that a shield stops.
                    if !t.is_some_and(|t| t != m && self.shield_stops(t)) {
                        self.monster_hits(m, t);
                    }
                }
                Attack::Ordered(_) | Attack::At(_) => {
                    let target = match how {
                        Attack::Ordered(n) => batch[n].options[answers[n]].being(),
                        _ => how.target(),
                    };
                    let owner_alive = self.beings[m].owner.is_some_and(|o| self.beings[o].alive());
                    if owner_alive {
                        self.monster_hits(m, target);
                    }
                }
            }
        }
        self.round.plan = plan;
        for m in self.monster_ids() {
            if self.beings[m].alive() && !self.is_frozen(m) {
                let fx = &mut self.beings[m].fx;
                fx.mind_in_force = fx.pending_mind.take();
            }
        }
    }

    /// Whom monster `m` attacks (its `attack`th attack), asked of `owner`;
    /// its menu in a closed batch's option list.
    pub(crate) fn monster_question(&mut self, m: BeingId, owner: BeingId, attack: u8) -> Question {
        let being = Choice::Being;
        let mut options = self.round.batch.options();
        options.push(Choice::Nobody);
        let shunned = self.shunned_by(owner);
        options.extend(
            self.being_ids()
                .filter(|&b| self.beings[b].alive() && Some(b) != shunned)
                .map(being),
        );
        let preferred = self
            .first_other_wizard(owner)
            .filter(|&w| Some(w) != shunned)
            .map_or(Choice::Nobody, being);
        let kind = QuestionKind::Monster { monster: m, attack };
        Question {
            player: owner.as_player(),
            kind,
            default: options.iter().position(|o| *o == preferred),
            options,
        }
    }

    /// One ordinary monster attack at `target` (None: no attack).
    pub(crate) fn monster_hits(&mut self, m: BeingId, target: Option<BeingId>) {
        let Some(t) = target else {
            return;
        };
        self.beings[m].previous_target = Some(t);
        if t == m {
            self.say_event(MonsterEvent::RefusesSelf { monster: m });
        } else if self.round.zaps[t]
            .book
            .unseen()
            .unwrap_or_else(|| self.beings[t].invisible())
        {
            self.say_event(MonsterEvent::CannotSee {
                monster: m,
                target: t,
            });
        } else if self.shield_stops(t) {
            self.say_event(MonsterEvent::MonsterBlocked {
                monster: m,
                target: t,
            });
        } else {
            let damage = self.beings[m].kind.damage();
            self.beings[t].hp -= damage;
            self.say_event(MonsterEvent::MonsterHits {
                monster: m,
                target: t,
                damage,
            });
        }
    }

    /// Whether a monster's ordinary attack at `t` finds `t` seen and
    /// shielded.
    fn shield_stops(&self, t: BeingId) -> bool {
        let z = &self.round.zaps[t];
        !z.book
            .unseen()
            .unwrap_or_else(|| self.beings[t].invisible())
            && (z.shielded() || z.has_shield_spell())
    }

    /// An elemental strikes every living being but itself.
    fn elemental_attack(&mut self, m: BeingId) {
        // A shield is told first, as the original tells it.
        self.elemental_strikes(m, points::ELEMENTAL, |z| {
            z.shielded() || z.has_shield_spell()
        });
    }

    /// An elemental's blow at every living being but itself: `blocks` says
    /// which beings a shield keeps it from (told before a resistance), the
    /// rest take `damage` unless they resist its element. Books differ in
    /// both (Death Match: 2 damage, only the Shield spell blocks).
    pub(crate) fn elemental_strikes(
        &mut self,
        m: BeingId,
        damage: i32,
        blocks: impl Fn(&Zaps) -> bool,
    ) {
        let fire = self.beings[m].kind == BeingKind::FireElemental;
        for t in self.being_ids() {
            if t == m || !self.beings[t].alive() {
                continue;
            }
            let z = &self.round.zaps[t];
            let immune = if fire { z.heat_immune } else { z.cold_immune };
            if z.book.unseen() == Some(true) {
                self.say_event(MonsterEvent::CannotSee {
                    monster: m,
                    target: t,
                });
            } else if blocks(z) {
                self.say_event(MonsterEvent::MonsterBlocked {
                    monster: m,
                    target: t,
                });
            } else if immune {
                self.say_event(MonsterEvent::ElementalResisted {
                    monster: m,
                    target: t,
                });
            } else {
                self.beings[t].hp -= damage;
                self.say_event(MonsterEvent::MonsterHits {
                    monster: m,
                    target: t,
                    damage,
                });
            }
        }
    }
}
