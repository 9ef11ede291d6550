//! One round: gestures in, questions out, spells resolved (§2.4 of the notes
//! on the original). Resolution proper lives in `resolve/`.

use super::being::Mind;
use super::game::{Game, RoundKind, MAX_PLAYERS};
use super::gesture::{Gesture, Hand, Mark};
use super::history::{previous_gesture, Row};
use super::narrate::Event;
use super::question::{Answerer, CastHand, Choice, Question, QuestionKind};
use super::recognise::{completed_spells, Completed};
use super::spellbook::{Spell, TargetKind};
use super::BeingId;
use rand::Rng;

/// Where a cast is aimed; narration shows it in announcements.
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aim {
    /// Up into the air.
    Nobody,
    /// Over the whole arena (storms).
    Arena,
    /// A being.
    At(BeingId),
}

impl Aim {
    pub(crate) fn being(self) -> Option<BeingId> {
        match self {
            Aim::At(b) => Some(b),
            _ => None,
        }
    }
}

/// One spell (or stab) on the cast list, as announced to everyone.
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cast {
    pub caster: BeingId,
    pub spell: Spell,
    pub hand: CastHand,
    pub aim: Aim,
    pub permanent: bool,
}

/// A hand's candidate: the spell and whether it needs both hands.
type Candidate = (Spell, bool);

impl Game {
    /// Plays one round with each wizard's (left, right) gestures, indexed by
    /// player; moves of inactive wizards are ignored (a missing move is nothing).
    /// Questions go to `answerer` in batches, in the original's order.
    pub fn play_round(&mut self, moves: &[(Gesture, Gesture)], answerer: &mut dyn Answerer) {
        if self.outcome.is_some() {
            return;
        }
        self.rounds_played += 1;
        let kind = self.round_kind;
        let active = self.active;
        self.record_gestures(moves, &active, answerer);
        self.say_event(Event::TurnHeader {
            turn: self.turn,
            kind,
            lines: self.header_lines(&active),
        });

        let choices = self.choose_spells(&active, answerer);
        let mut casts = self.build_cast_list(&active, choices, answerer);
        self.ask_targets(&mut casts, answerer);

        if kind == RoundKind::Haste {
            self.haste_casts = casts;
            self.round_kind = RoundKind::Normal;
            self.active = self.wizards_alive();
            return;
        }
        casts.append(&mut self.haste_casts);
        self.resolve(&casts, answerer);
        self.scratch.casts = casts;
        self.monsters_attack(answerer);
        self.pass_time(&active);
        if self.check_end() {
            return;
        }
        for w in 0..self.players {
            if self.beings[w].alive && self.beings[w].surrendered {
                self.beings[w].alive = false;
            }
        }
        if kind == RoundKind::Normal {
            self.turn += 1;
        }
        self.decide_next_round();
    }

    pub(crate) fn wizards_alive(&self) -> [bool; super::game::MAX_PLAYERS] {
        self.wizards_where(|b| b.alive)
    }

    /// Appends each active wizard's row and applies mind spells (§5.1).
    fn record_gestures(
        &mut self,
        moves: &[(Gesture, Gesture)],
        active: &[bool],
        answerer: &mut dyn Answerer,
    ) {
        let blind_viewers = (0..self.players)
            .filter(|&w| self.beings[w].alive && self.beings[w].blind())
            .fold(0u8, |m, w| m | (1 << w));
        let time_stop = self.round_kind == RoundKind::TimeStop;
        for w in (0..self.players).filter(|&w| active[w]) {
            let (l, r) = moves.get(w).copied().unwrap_or_default();
            let b = &mut self.beings[w];
            b.history.push(Row {
                marks: [Mark::Made(l), Mark::Made(r)],
                hidden: b.invisible() || time_stop,
                blind_viewers,
            });
            b.hand_paralysed = None;
        }

        // Charmers choose the charmed hand's gesture now, all in one batch.
        let mut batch = Vec::new();
        for w in (0..self.players).filter(|&w| active[w]) {
            if let Some(Mind::Charm {
                charmer,
                hand,
                gesture: None,
            }) = self.beings[w].fx.pending_mind
            {
                batch.push(Question {
                    player: charmer,
                    kind: QuestionKind::CharmGesture { victim: w, hand },
                    options: Gesture::ALL.iter().map(|&g| Choice::Gesture(g)).collect(),
                    default: None,
                    before_reveal: true,
                });
            }
        }
        let answers = self.ask(answerer, &batch);
        let mut charm_answers = batch.iter().zip(answers).map(|(q, a)| match q.options[a] {
            Choice::Gesture(g) => g,
            _ => Gesture::Nothing,
        });

        for w in (0..self.players).filter(|&w| active[w]) {
            if let Some(mind) = self.beings[w].fx.pending_mind {
                let mind = match mind {
                    Mind::Charm {
                        charmer,
                        hand,
                        gesture: None,
                    } => Mind::Charm {
                        charmer,
                        hand,
                        gesture: charm_answers.next(),
                    },
                    m => m,
                };
                self.apply_mind(w, mind);
                if self.round_kind != RoundKind::Haste {
                    self.beings[w].fx.pending_mind = None;
                }
            }
            let b = &mut self.beings[w];
            if let Some(row) = b.history.last_mut() {
                if row.marks == [Mark::Made(Gesture::Stab); 2] {
                    row.marks[1] = Mark::Made(Gesture::Nothing);
                    self.say_event(Event::TwoStabs { wizard: w });
                }
            }
        }
    }

    /// Changes the newest row of wizard `w` as the pending mind spell demands.
    fn apply_mind(&mut self, w: BeingId, mind: Mind) {
        let set = |game: &mut Game, hand: Hand, g: Gesture| {
            if let Some(row) = game.beings[w].history.last_mut() {
                row.marks[hand.index()] = Mark::Made(g);
            }
        };
        match mind {
            Mind::Amnesia => {
                let h = &self.beings[w].history;
                let (l, r) = (
                    previous_gesture(h, Hand::Left),
                    previous_gesture(h, Hand::Right),
                );
                set(self, Hand::Left, l);
                set(self, Hand::Right, r);
                self.say_event(Event::Amnesiac {
                    wizard: w,
                    left: l,
                    right: r,
                });
            }
            Mind::Confusion(fixed) => {
                let (hand, g) = match fixed {
                    Some(hg) => hg,
                    None => {
                        let hand = if self.rng.gen_bool(0.5) {
                            Hand::Left
                        } else {
                            Hand::Right
                        };
                        const CHOICES: [Gesture; 6] = [
                            Gesture::Clap,
                            Gesture::Palm,
                            Gesture::Digit,
                            Gesture::Fingers,
                            Gesture::Snap,
                            Gesture::Wave,
                        ];
                        (hand, CHOICES[self.rng.gen_range(0..CHOICES.len())])
                    }
                };
                if let Some(Mind::Confusion(None)) = self.beings[w].fx.permanent_mind {
                    self.beings[w].fx.permanent_mind = Some(Mind::Confusion(Some((hand, g))));
                }
                set(self, hand, g);
                self.say_event(Event::Confused {
                    wizard: w,
                    hand,
                    gesture: g,
                });
            }
            Mind::Charm { hand, gesture, .. } => {
                let g = gesture.unwrap_or(Gesture::Nothing);
                if let Some(Mind::Charm {
                    charmer: c,
                    hand: h,
                    gesture: None,
                }) = self.beings[w].fx.permanent_mind
                {
                    self.beings[w].fx.permanent_mind = Some(Mind::Charm {
                        charmer: c,
                        hand: h,
                        gesture: Some(g),
                    });
                }
                set(self, hand, g);
                self.say_event(Event::Charmed {
                    wizard: w,
                    hand,
                    gesture: g,
                });
            }
            Mind::Fear => {
                let scared = |g: Option<Gesture>| {
                    matches!(
                        g,
                        Some(
                            Gesture::Nothing
                                | Gesture::Digit
                                | Gesture::Fingers
                                | Gesture::Snap
                                | Gesture::Clap
                        )
                    )
                };
                let row = self.beings[w].history.last().copied();
                let mut changed = [false; 2];
                for hand in Hand::BOTH {
                    let g = row.and_then(|r| r.gesture(hand));
                    if scared(g) {
                        changed[hand.index()] = g != Some(Gesture::Nothing);
                        set(self, hand, Gesture::Nothing);
                    }
                }
                self.say_event(Event::Afraid { wizard: w, changed });
            }
            Mind::Paralysis(hand) => {
                let hand = hand.unwrap_or(Hand::Left);
                let g = previous_gesture(&self.beings[w].history, hand).paralysed();
                set(self, hand, g);
                self.beings[w].hand_paralysed = Some(hand);
                self.say_event(Event::Frozen {
                    wizard: w,
                    hand,
                    gesture: g,
                });
            }
            Mind::CharmMonster(_) => {}
        }
    }

    /// The transcript header's line for each living wizard and monster.
    fn header_lines(&self, active: &[bool]) -> Vec<(BeingId, i32, Option<[Mark; 2]>)> {
        let mut lines = Vec::new();
        if !self.narrating {
            return lines;
        }
        for (id, b) in self.beings.iter().enumerate() {
            if !b.alive {
                continue;
            }
            let marks = if id < self.players && active[id] {
                b.history.last().map(|r| r.marks)
            } else {
                None
            };
            lines.push((id, b.hp, marks));
        }
        lines
    }

    /// Finds completed spells, handles surrender, and asks which spell each
    /// crowded hand casts and whether to release a banked spell (§5.2, §3.4).
    /// Returns per wizard what each hand casts: (both hands, left, right,
    /// released from the bank).
    fn choose_spells(
        &mut self,
        active: &[bool],
        answerer: &mut dyn Answerer,
    ) -> [[Option<Candidate>; 4]; MAX_PLAYERS] {
        // Buffers kept between rounds: this runs millions of times in self-play.
        let mut found = std::mem::take(&mut self.scratch.found);
        let mut lists = std::mem::take(&mut self.scratch.lists);
        for hands in &mut lists {
            hands[0].clear();
            hands[1].clear();
        }
        let mut batch = Vec::new();
        for w in (0..self.players).filter(|&w| active[w]) {
            completed_spells(&self.beings[w].history, &mut found);
            let lists = &mut lists[w];
            for &(spell, done) in &found {
                match (spell, done) {
                    (Spell::Surrender, _) => {
                        self.beings[w].surrendered = true;
                        self.say_event(Event::Surrenders { wizard: w });
                    }
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
                    batch.push(Question {
                        player: w,
                        kind: QuestionKind::SpellChoice { hand },
                        options: list
                            .iter()
                            .map(|&(spell, both)| Choice::Spell { spell, both })
                            .collect(),
                        default: None,
                        before_reveal: true,
                    });
                }
            }
            if let Some(spell) = self.beings[w].fx.bank {
                batch.push(Question {
                    player: w,
                    kind: QuestionKind::Release { spell },
                    options: vec![Choice::Yes(false), Choice::Yes(true)],
                    default: Some(0),
                    before_reveal: true,
                });
            }
        }
        let answers = self.ask(answerer, &batch);
        let mut chosen = [[None; 2]; MAX_PLAYERS];
        for (w, l) in lists.iter().enumerate() {
            chosen[w] = [l[0].first().copied(), l[1].first().copied()];
        }
        self.scratch.found = found;
        self.scratch.lists = lists;
        let mut release = [false; MAX_PLAYERS];
        for (q, a) in batch.iter().zip(answers) {
            match (&q.kind, q.options[a]) {
                (QuestionKind::SpellChoice { hand }, Choice::Spell { spell, both }) => {
                    chosen[q.player][hand.index()] = Some((spell, both));
                }
                (QuestionKind::Release { .. }, Choice::Yes(yes)) => release[q.player] = yes,
                _ => {}
            }
        }
        let mut out = [[None; 4]; MAX_PLAYERS];
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
            out[w] = [both, one(left), one(right), released];
        }
        out
    }

    /// Builds the cast list in the original's order, with Delayed Effect
    /// capture and Permanency wrapping (§5.3).
    fn build_cast_list(
        &mut self,
        active: &[bool],
        choices: [[Option<Candidate>; 4]; MAX_PLAYERS],
        answerer: &mut dyn Answerer,
    ) -> Vec<Cast> {
        let mut forward = std::mem::take(&mut self.scratch.casts);
        forward.clear();
        for (w, [both, left, right, released]) in choices.into_iter().enumerate().take(self.players)
        {
            let cast = |spell: Spell, hand: CastHand| Cast {
                caster: w,
                spell,
                hand,
                aim: Aim::Nobody,
                permanent: false,
            };
            if let Some((s, _)) = both {
                forward.push(cast(s, CastHand::Both));
            }
            if let Some((s, _)) = left {
                forward.push(cast(s, CastHand::Left));
            }
            if let Some((s, _)) = right {
                forward.push(cast(s, CastHand::Right));
            }
            if let Some((s, _)) = released {
                forward.push(cast(s, CastHand::Delayed));
            }
        }
        forward.reverse();
        let mut casts = forward;

        // Delayed Effect catches one spell cast with a hand.
        let catchable = |c: &Cast, w: BeingId| {
            c.caster == w && c.hand != CastHand::Delayed && c.spell != Spell::Stab
        };
        let wrappable = |c: &Cast, w: BeingId| {
            c.caster == w && c.hand != CastHand::Delayed && c.spell.info().extendable
        };
        let delaying: Vec<usize> = (0..self.players)
            .filter(|&w| active[w] && self.beings[w].fx.delay_window > 0)
            .filter(|&w| casts.iter().any(|c| catchable(c, w)))
            .collect();
        let picks = self.pick_casts(&casts, &delaying, catchable, QuestionKind::Delay, answerer);
        for (w, index) in delaying.into_iter().zip(picks) {
            let caught = casts.remove(index);
            let fx = &mut self.beings[w].fx;
            let lost = fx.bank.replace(caught.spell);
            fx.delay_window = 0;
            self.say_event(Event::Banked {
                wizard: w,
                spell: caught.spell,
                lost,
            });
        }
        let wrapping: Vec<usize> = (0..self.players)
            .filter(|&w| active[w] && self.beings[w].fx.perm_window > 0)
            .filter(|&w| casts.iter().any(|c| wrappable(c, w)))
            .collect();
        let picks = self.pick_casts(
            &casts,
            &wrapping,
            wrappable,
            QuestionKind::Permanent,
            answerer,
        );
        for (w, index) in wrapping.into_iter().zip(picks) {
            casts[index].permanent = true;
            self.beings[w].fx.perm_window = 0;
            self.say_event(Event::MadePermanent {
                wizard: w,
                spell: casts[index].spell,
            });
        }
        casts
    }

    /// For each wizard, the index in `casts` of the one spell to bank or
    /// extend, asking when several qualify.
    fn pick_casts(
        &mut self,
        casts: &[Cast],
        wizards: &[usize],
        fits: impl Fn(&Cast, BeingId) -> bool,
        kind: QuestionKind,
        answerer: &mut dyn Answerer,
    ) -> Vec<usize> {
        if wizards.is_empty() {
            return Vec::new();
        }
        let candidates: Vec<Vec<usize>> = wizards
            .iter()
            .map(|&w| (0..casts.len()).filter(|&i| fits(&casts[i], w)).collect())
            .collect();
        let mut batch = Vec::new();
        for (&w, cands) in wizards.iter().zip(&candidates) {
            if cands.len() >= 2 {
                batch.push(Question {
                    player: w,
                    kind: kind.clone(),
                    options: cands
                        .iter()
                        .map(|&i| Choice::Spell {
                            spell: casts[i].spell,
                            both: casts[i].hand == CastHand::Both,
                        })
                        .collect(),
                    default: None,
                    before_reveal: true,
                });
            }
        }
        let mut answers = self.ask(answerer, &batch).into_iter();
        // Indices shift as earlier wizards' casts leave the list (Delayed Effect).
        let mut removed: Vec<usize> = Vec::new();
        let mut picks = Vec::new();
        for cands in candidates {
            let pick = if cands.len() >= 2 {
                cands[answers.next().unwrap_or(0).min(cands.len() - 1)]
            } else {
                cands[0]
            };
            let shift = if kind == QuestionKind::Delay {
                removed.iter().filter(|&&r| r < pick).count()
            } else {
                0
            };
            removed.push(pick);
            picks.push(pick - shift);
        }
        picks
    }

    /// Asks every target question of the cast list in one batch.
    fn ask_targets(&mut self, casts: &mut [Cast], answerer: &mut dyn Answerer) {
        // The batch and its menus reuse last round's buffers.
        let mut batch = std::mem::take(&mut self.scratch.questions);
        let mut used = 0;
        for c in casts.iter_mut() {
            let info = c.spell.info();
            if info.target == TargetKind::None {
                c.aim = Aim::Arena;
                continue;
            }
            if used == batch.len() {
                batch.push(Question {
                    player: 0,
                    kind: QuestionKind::Delay,
                    options: Vec::new(),
                    default: None,
                    before_reveal: true,
                });
            }
            let q = &mut batch[used];
            used += 1;
            self.target_options(info.target, &mut q.options);
            let preferred = if info.aims_at_self {
                Choice::Being(c.caster)
            } else {
                self.first_other_wizard(c.caster)
                    .map_or(Choice::Nobody, Choice::Being)
            };
            q.player = c.caster;
            q.kind = QuestionKind::Target {
                spell: c.spell,
                hand: c.hand,
            };
            q.default = q.options.iter().position(|o| *o == preferred);
            q.before_reveal = true;
        }
        let answers = self.ask(answerer, &batch[..used]);
        let aimed = casts
            .iter_mut()
            .filter(|c| c.spell.info().target != TargetKind::None);
        for ((q, a), c) in batch.iter().zip(answers).zip(aimed) {
            c.aim = match q.options[a] {
                Choice::Being(b) => Aim::At(b),
                _ => Aim::Nobody,
            };
        }
        self.scratch.questions = batch;
    }

    /// The first living wizard other than `me`, in player order.
    pub(crate) fn first_other_wizard(&self, me: BeingId) -> Option<BeingId> {
        (0..self.players).find(|&w| w != me && self.beings[w].alive)
    }

    /// The menu of a target question, in the original's order.
    pub(crate) fn target_options(&self, kind: TargetKind, out: &mut Vec<Choice>) {
        out.clear();
        if matches!(kind, TargetKind::WizardOrNobody | TargetKind::BeingOrNobody) {
            out.push(Choice::Nobody);
        }
        out.extend(
            (0..self.players)
                .filter(|&w| self.beings[w].alive)
                .map(Choice::Being),
        );
        if matches!(kind, TargetKind::BeingOrNobody | TargetKind::RaiseDead) {
            out.extend(
                (self.players..self.beings.len())
                    .filter(|&m| self.beings[m].alive)
                    .map(Choice::Being),
            );
        }
        if kind == TargetKind::RaiseDead {
            out.extend(
                (0..self.beings.len())
                    .filter(|&b| {
                        let b = &self.beings[b];
                        !b.alive
                            && if b.is_wizard() {
                                !b.surrendered
                            } else {
                                b.corpse
                            }
                    })
                    .map(Choice::Being),
            );
        }
    }

    /// Hands a batch to the answerer and sanitises what comes back. Most
    /// batches are empty, so that case stays inline and cheap.
    #[inline]
    pub(crate) fn ask(&mut self, answerer: &mut dyn Answerer, batch: &[Question]) -> Vec<usize> {
        if batch.is_empty() {
            return Vec::new();
        }
        self.ask_batch(answerer, batch)
    }

    fn ask_batch(&mut self, answerer: &mut dyn Answerer, batch: &[Question]) -> Vec<usize> {
        let mut answers = answerer.answer(self, batch);
        for (player, text) in answerer.take_speech() {
            self.say(player, &text);
        }
        for player in answerer.take_departures() {
            self.withdraw(player);
        }
        answers.resize(batch.len(), usize::MAX);
        for (a, q) in answers.iter_mut().zip(batch) {
            if *a >= q.options.len() {
                *a = q.fallback();
            }
        }
        answers
    }
}
