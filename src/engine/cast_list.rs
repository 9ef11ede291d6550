//! From completed spells to the aimed cast list: which
//! spell a crowded hand casts, banked spells released, Delayed Effect and
//! Permanency picks, and every target. Each step asks one batch.

use super::cast::{Aim, Cast};
use super::duel::Duel;
use super::gesture::Hand;
use super::ids::{BeingId, PlayerId};
use super::inline_list::{Blank, InlineList};
use super::narrate::{CastingEvent, CourseEvent};
use super::question::{CastHand, Choice, Question, QuestionKind};
use super::recognise::{Completed, FoundSpells, MOST_ENDING};
use super::rules::RuleSet;
use super::setup::MAX_PLAYERS;
use super::spellbook::{Spell, TargetKind};

/// A hand's candidate: the spell and whether it needs both hands.
pub(crate) type Candidate = (Spell, bool);

/// One hand's candidates: each spell at most once.
pub(crate) type Candidates = InlineList<Candidate, MOST_ENDING>;

impl Blank for Candidate {
    const BLANK: Self = (Spell::Stab, false);
}

impl Duel {
    /// Finds completed spells, handles surrender, and asks which spell each
    /// crowded hand casts and whether to release a banked spell.
    pub(crate) fn ask_spell_choices(&mut self) {
        let mut batch = Vec::new();
        let mut found = FoundSpells::default();
        for w in 0..self.players {
            self.round.first_candidates[w] = [None, None];
            if !self.round.active[w] {
                continue;
            }
            self.rules
                .recogniser
                .completed(&self.beings[w].history, &mut found);
            if let Some(stage) = &self.rules.quirks.announcing {
                (stage.narrow)(self.rules, &self.beings[w], &mut found);
            }
            let mut lists = [Candidates::default(); 2];
            let mut surrenders = false;
            for &(spell, done) in found.iter() {
                match (spell, done) {
                    (Spell::Surrender, _) => surrenders = true,
                    (s, Completed::BothHands) => {
                        lists[0].push((s, true));
                        lists[1].push((s, true));
                    }
                    (s, Completed::OneHand(h)) => lists[h.index()].push((s, false)),
                }
            }
            for hand in Hand::BOTH {
                let list = &lists[hand.index()];
                if list.len() >= 2 {
                    let mut options = self.round.batch.options();
                    options.extend(
                        list.iter()
                            .map(|&(spell, both)| Choice::Spell { spell, both }),
                    );
                    let question = Question {
                        player: PlayerId::new(w),
                        kind: QuestionKind::SpellChoice { hand },
                        options,
                        default: None,
                    };
                    self.round.batch.enlist(&mut batch, question);
                }
            }
            self.round.first_candidates[w] = lists.map(|list| list.first().copied());
            if surrenders {
                self.beings[w].surrendered = true;
                self.say_event(CourseEvent::Surrenders { wizard: w.into() });
            }
            if let Some(spell) = self.beings[w].fx.bank {
                let mut options = self.round.batch.options();
                options.extend([Choice::Yes(false), Choice::Yes(true)]);
                let question = Question {
                    player: PlayerId::new(w),
                    kind: QuestionKind::Release { spell },
                    options,
                    default: Some(0),
                };
                self.round.batch.enlist(&mut batch, question);
            }
        }
        self.ask(batch);
    }

    /// Settles per wizard what each hand casts: (both hands, left, right,
    /// released from the bank), then builds the cast list in the original's
    /// order and asks which spell Delayed Effect banks.
    pub(crate) fn apply_spell_choices(&mut self, batch: &[Question], answers: &[usize]) {
        let mut chosen = [[None; 2]; MAX_PLAYERS];
        chosen[..self.players].copy_from_slice(&self.round.first_candidates[..self.players]);
        let mut release = [false; MAX_PLAYERS];
        for (q, &a) in batch.iter().zip(answers) {
            let w = q.player.index();
            match (&q.kind, q.options[a]) {
                (QuestionKind::SpellChoice { hand }, Choice::Spell { spell, both }) => {
                    chosen[w][hand.index()] = Some((spell, both));
                }
                (QuestionKind::Release { .. }, Choice::Yes(yes)) => release[w] = yes,
                _ => {}
            }
        }
        let mut choices = [[None; 4]; MAX_PLAYERS];
        for w in 0..self.players {
            let [left, right] = chosen[w];
            let both = match (left, right) {
                (Some(l), Some(r)) if l.1 && l == r => Some(l),
                _ => None,
            };
            let one = |c: Option<Candidate>| c.filter(|c| !c.1);
            let released = if release[w] {
                self.beings[w].fx.bank.take().map(|spell| (spell, false))
            } else {
                None
            };
            choices[w] = [both, one(left), one(right), released];
        }
        self.build_cast_list(&choices);
    }

    /// The cast list in the original's order: wizards in reverse, each with
    /// both-handed, left, right and released spells (`choices`, per
    /// wizard), reversed.
    fn build_cast_list(&mut self, choices: &[[Option<Candidate>; 4]; MAX_PLAYERS]) {
        let casts = &mut self.round.casts;
        casts.clear();
        for (w, [both, left, right, released]) in choices.iter().enumerate().take(self.players) {
            let hands = [
                (both, CastHand::Both),
                (left, CastHand::Left),
                (right, CastHand::Right),
                (released, CastHand::Delayed),
            ];
            for (choice, hand) in hands {
                if let Some((spell, _)) = choice {
                    casts.push(Cast {
                        caster: w.into(),
                        spell: *spell,
                        hand,
                        aim: Aim::Nobody,
                        permanent: false,
                        seize: None,
                    });
                }
            }
        }
        casts.reverse();
    }

    /// Delayed Effect catches one spell cast with a hand: asks which, when
    /// several qualify.
    pub(crate) fn ask_delay(&mut self) {
        // Most rounds nobody has a window open: nothing is listed then.
        if !(0..self.players).any(|w| self.round.active[w] && self.beings[w].fx.delay_window > 0) {
            self.round.picking.clear();
            return;
        }
        let wizards: Vec<BeingId> = self
            .wizard_ids()
            .filter(|&w| self.round.active[w.index()] && self.beings[w].fx.delay_window > 0)
            .collect();
        self.ask_picks(&wizards, catchable, QuestionKind::Delay);
    }

    /// Banks the picked spells.
    pub(crate) fn apply_delay(&mut self, batch: &[Question], answers: &[usize]) {
        let picks = self.picks(batch, answers, true);
        for (w, index) in picks {
            let caught = self.round.casts.remove(index);
            let fx = &mut self.beings[w].fx;
            let lost = fx.bank.replace(caught.spell);
            fx.delay_window = 0;
            self.say_event(CastingEvent::Banked {
                wizard: w,
                spell: caught.spell,
                lost,
            });
        }
    }

    /// Permanency extends one enchantment cast with a hand: asks which, when
    /// several qualify.
    pub(crate) fn ask_permanent(&mut self) {
        if !(0..self.players).any(|w| self.round.active[w] && self.beings[w].fx.perm_window > 0) {
            self.round.picking.clear();
            return;
        }
        let wizards = self.permanency_windows_open();
        self.ask_permanent_of(&wizards);
    }

    /// The active wizards a Permanency of an earlier turn holds.
    pub(crate) fn permanency_windows_open(&self) -> Vec<BeingId> {
        self.wizard_ids()
            .filter(|&w| self.round.active[w.index()] && self.beings[w].fx.perm_window > 0)
            .collect()
    }

    /// Asks `wizards` which enchantment their Permanency extends.
    pub(crate) fn ask_permanent_of(&mut self, wizards: &[BeingId]) {
        self.ask_picks(wizards, wrappable, QuestionKind::Permanent);
    }

    /// Makes the picked spells permanent.
    pub(crate) fn apply_permanent(&mut self, batch: &[Question], answers: &[usize]) {
        let picks = self.picks(batch, answers, false);
        for (w, index) in picks {
            if self.beings[w].fx.perm_window == 0 {
                // A Permanency of this turn: settled once it lands.
                self.round.picking.push((w, vec![index]));
                continue;
            }
            let cast = &mut self.round.casts[index];
            cast.permanent = true;
            let spell = cast.spell;
            self.beings[w].fx.perm_window = 0;
            self.say_event(CastingEvent::MadePermanent { wizard: w, spell });
        }
    }

    /// For each of `wizards` with a fitting cast, remembers the casts that fit
    /// and asks those with several to pick one. Most rounds nobody has a
    /// window open: that case costs no call.
    #[inline(always)]
    fn ask_picks(
        &mut self,
        wizards: &[BeingId],
        fits: fn(&RuleSet, &Cast, BeingId) -> bool,
        kind: QuestionKind,
    ) {
        self.round.picking.clear();
        if !wizards.is_empty() {
            self.ask_fitting_picks(wizards, fits, kind);
        }
    }

    /// [`Duel::ask_picks`] for some wizards.
    fn ask_fitting_picks(
        &mut self,
        wizards: &[BeingId],
        fits: fn(&RuleSet, &Cast, BeingId) -> bool,
        kind: QuestionKind,
    ) {
        let mut batch = Vec::new();
        for &w in wizards {
            let casts = &self.round.casts;
            let cands: Vec<usize> = (0..casts.len())
                .filter(|&i| fits(self.rules, &casts[i], w))
                .collect();
            if cands.is_empty() {
                continue;
            }
            if cands.len() >= 2 {
                batch.push(Question {
                    player: w.as_player(),
                    kind: kind.clone(),
                    options: cands
                        .iter()
                        .map(|&i| Choice::Spell {
                            spell: casts[i].spell,
                            both: casts[i].hand == CastHand::Both,
                        })
                        .collect(),
                    default: None,
                });
            }
            self.round.picking.push((w, cands));
        }
        self.ask(batch);
    }

    /// Each picking wizard's chosen index into the cast list. With `removing`
    /// (Delayed Effect), indices account for the casts that earlier wizards'
    /// picks take out of the list. Nobody picking, the usual case, costs no call.
    #[inline(always)]
    fn picks(
        &mut self,
        batch: &[Question],
        answers: &[usize],
        removing: bool,
    ) -> Vec<(BeingId, usize)> {
        if self.round.picking.is_empty() {
            return Vec::new();
        }
        self.picked(batch, answers, removing)
    }

    /// [`Duel::picks`] with someone picking.
    fn picked(
        &mut self,
        batch: &[Question],
        answers: &[usize],
        removing: bool,
    ) -> Vec<(BeingId, usize)> {
        let mut answers = batch.iter().zip(answers);
        let mut removed: Vec<usize> = Vec::new();
        let mut out = Vec::new();
        for (w, cands) in std::mem::take(&mut self.round.picking) {
            let pick = if cands.len() >= 2 {
                let a = answers.next().map_or(0, |(_, &a)| a);
                cands[a.min(cands.len() - 1)]
            } else {
                cands[0]
            };
            let shift = if removing {
                removed.iter().filter(|&&r| r < pick).count()
            } else {
                0
            };
            removed.push(pick);
            out.push((w, pick - shift));
        }
        out
    }

    /// Asks every target question of the cast list in one batch; spells
    /// without a target go over the arena.
    pub(crate) fn ask_targets(&mut self) {
        let mut batch = Vec::new();
        for i in 0..self.round.casts.len() {
            let c = self.round.casts[i];
            let info = self.rules.info(c.spell);
            if info.target == TargetKind::None {
                self.round.casts[i].aim = Aim::Arena;
                continue;
            }
            let mut options = self.round.batch.options();
            self.target_options(info.target, &mut options);
            // Stabs stay allowed against a charmer (spellcast-rules(7), GESTICULATION).
            let shunned = self.shunned_by(c.caster).filter(|_| c.spell != Spell::Stab);
            if let Some(s) = shunned {
                options.retain(|o| *o != Choice::Being(s));
            }
            let preferred = if info.aims_at_self {
                Choice::Being(c.caster)
            } else {
                self.first_other_wizard(c.caster)
                    .filter(|&w| Some(w) != shunned)
                    .map_or(Choice::Nobody, Choice::Being)
            };
            let question = Question {
                player: c.caster.as_player(),
                kind: QuestionKind::Target {
                    spell: c.spell,
                    hand: c.hand,
                },
                default: options.iter().position(|o| *o == preferred),
                options,
            };
            self.round.batch.enlist(&mut batch, question);
        }
        if let Some(offer) = self.rules.windows.offer_targets {
            offer(self, &mut batch);
        }
        self.ask(batch);
    }

    /// The casts of the list asked a target, in cast-list order: one a
    /// target question.
    pub(crate) fn aimed_casts(&self) -> impl Iterator<Item = &Cast> {
        let rules = self.rules;
        self.round
            .casts
            .iter()
            .filter(move |c| rules.info(c.spell).target != TargetKind::None)
    }

    /// Aims the casts as answered.
    pub(crate) fn apply_targets(&mut self, batch: &[Question], answers: &[usize]) {
        let rules = self.rules;
        let aimed = self
            .round
            .casts
            .iter_mut()
            .filter(|c| rules.info(c.spell).target != TargetKind::None);
        for ((q, &a), c) in batch.iter().zip(answers).zip(aimed) {
            c.aim = match q.options[a] {
                Choice::Being(b) => Aim::At(b),
                Choice::NewMonster(n) => Aim::NewMonster(n),
                Choice::Delay => Aim::Delay,
                _ => Aim::Nobody,
            };
        }
    }

    /// The being a Charm Person forbids `w` to aim at this turn, if any
    /// (Gesticulation; never set under the original's book).
    pub(crate) fn shunned_by(&self, w: BeingId) -> Option<BeingId> {
        self.beings[w].marks.book.shuns(self.turn)
    }

    /// The first living wizard other than `me`, in player order.
    pub(crate) fn first_other_wizard(&self, me: BeingId) -> Option<BeingId> {
        self.wizard_ids()
            .find(|&w| w != me && self.beings[w].alive())
    }

    /// The menu of a target question, in the original's order.
    pub(crate) fn target_options(&self, kind: TargetKind, out: &mut Vec<Choice>) {
        out.clear();
        if matches!(kind, TargetKind::WizardOrNobody | TargetKind::BeingOrNobody) {
            out.push(Choice::Nobody);
        }
        let monsters = matches!(
            kind,
            TargetKind::BeingOrNobody | TargetKind::RaiseDead | TargetKind::Being
        );
        let being = Choice::Being;
        out.extend(
            self.wizard_ids()
                .filter(|&w| self.beings[w].alive())
                .map(being),
        );
        if monsters {
            out.extend(
                self.monster_ids()
                    .filter(|&m| self.beings[m].alive())
                    .map(being),
            );
        }
        if monsters && self.rules.quirks.new_monster_targets {
            // "the monster that is about to be summoned" (Death Match): the
            // next four creation numbers.
            let next = self.beings.len() - self.players + 1;
            out.extend((next..next + 4).map(Choice::NewMonster));
        }
        if kind == TargetKind::RaiseDead {
            out.extend(
                self.being_ids()
                    .filter(|&b| {
                        let b = &self.beings[b];
                        !b.alive()
                            && if b.is_wizard() {
                                !b.surrendered
                            } else {
                                b.corpse()
                            }
                    })
                    .map(being),
            );
        }
    }
}

/// A spell Delayed Effect can catch: cast by `w` with a hand, not a stab.
fn catchable(_: &RuleSet, c: &Cast, w: BeingId) -> bool {
    c.caster == w && c.hand != CastHand::Delayed && c.spell != Spell::Stab
}

/// A spell Permanency can extend: cast by `w` with a hand, extendable.
fn wrappable(rules: &RuleSet, c: &Cast, w: BeingId) -> bool {
    c.caster == w && c.hand != CastHand::Delayed && rules.info(c.spell).extendable
}
