//! The round's gestures are recorded, and the mind spells change them
//! before anything is cast: the charmer's chosen gesture, amnesia, confusion, fear, paralysis.

use super::being::Mind;
use super::duel::{Duel, RoundKind};
use super::gesture::{Gesture, Hand, Mark};
use super::history::{previous_gesture, Row};
use super::ids::{BeingId, PlayerId};
use super::narrate::GestureEvent;
use super::question::{Choice, Question, QuestionKind};
use rand::Rng;

impl Duel {
    /// Opens the charmers' questions for the coming round: which gesture the
    /// charmed hand makes. The original asks them during the gesture phase.
    pub(crate) fn ask_charm_gestures(&mut self) {
        let mut batch = Vec::new();
        for w in (0..self.players).filter(|&w| self.active[w]) {
            if let Some(Mind::Charm {
                charmer,
                hand,
                gesture: None,
            }) = self.beings[w].fx.pending_mind
            {
                let kind = QuestionKind::CharmGesture {
                    victim: BeingId::new(w),
                    hand,
                };
                let mut options = self.round.batch.options();
                options.extend(
                    self.rules.gestures[hand.index()]
                        .iter()
                        .filter(|&&g| self.offered_to_charmer(g))
                        .map(|&g| Choice::Gesture(g)),
                );
                let question = Question {
                    player: charmer.as_player(),
                    kind,
                    options,
                    default: None,
                };
                self.round.batch.enlist(&mut batch, question);
                if self.rules.quirks.charm_resist_cost.is_some() {
                    let mut options = self.round.batch.options();
                    options.extend([Choice::Yes(false), Choice::Yes(true)]);
                    let question = Question {
                        player: PlayerId::new(w),
                        kind: QuestionKind::ResistCharm { hand },
                        options,
                        default: Some(0),
                    };
                    self.round.batch.enlist(&mut batch, question);
                }
            }
        }
        self.ask(batch);
    }

    /// Whether a charmer may pick gesture `g` for the hand he controls:
    /// never the Onyx beam (the holder's own), nor a clap where the book
    /// counts a one-handed clap as nothing (Death Match), since the charmer
    /// moves one hand only.
    fn offered_to_charmer(&self, g: Gesture) -> bool {
        let lone_clap = self.rules.quirks.lone_clap_is_nothing && g == Gesture::Clap;
        g != Gesture::Onyx && !lone_clap
    }

    /// Appends each active wizard's row and applies mind spells, with
    /// the charmers' answers.
    pub(crate) fn record_gestures(&mut self, charm: &[Question], answers: &[usize]) {
        let active = self.round.active;
        let blind_viewers = (0..self.players)
            .filter(|&w| self.beings[w].alive() && self.beings[w].blind())
            .fold(0u8, |m, w| m | (1 << w));
        let time_stop = self.round.kind == RoundKind::TimeStop;
        for w in (0..self.players).filter(|&w| active[w]) {
            let (l, r) = self.book_gestures(self.round.moves[w]);
            let b = &mut self.beings[w];
            b.history.push(Row {
                marks: [Mark::Made(l), Mark::Made(r)],
                hidden: b.invisible() || time_stop,
                blind_viewers,
            });
            b.hand_paralysed = None;
        }
        let charmed_gesture = |w: BeingId| {
            charm.iter().zip(answers).find_map(|(q, &a)| match q.kind {
                QuestionKind::CharmGesture { victim, .. } if victim == w => match q.options[a] {
                    Choice::Gesture(g) => Some(g),
                    _ => None,
                },
                _ => None,
            })
        };
        let mut told = Vec::new();
        for w in self.wizard_ids().filter(|w| active[w.index()]) {
            if self.resists_charm(w, charm, answers) {
                self.beings[w].fx.pending_mind = None;
            }
            if let Some(mind) = self.beings[w].fx.pending_mind {
                let mind = match mind {
                    Mind::Charm {
                        charmer,
                        hand,
                        gesture: None,
                    } => Mind::Charm {
                        charmer,
                        hand,
                        gesture: Some(charmed_gesture(w).unwrap_or(Gesture::Nothing)),
                    },
                    m => m,
                };
                self.apply_mind(w, mind, &mut told);
                if self.round.kind != RoundKind::Haste {
                    self.beings[w].fx.pending_mind = None;
                }
            }
            let lone_clap_is_nothing = self.rules.quirks.lone_clap_is_nothing;
            let b = &mut self.beings[w];
            if let Some(row) = b.history.last_mut() {
                if row.marks == [Mark::Made(Gesture::Stab); 2] {
                    row.marks[1] = Mark::Made(Gesture::Nothing);
                    told.push(GestureEvent::TwoStabs { wizard: w });
                }
                // After the mind spells: a charm that seizes one hand of a
                // two-handed clap leaves the other clapping alone.
                if lone_clap_is_nothing {
                    row.marks = lone_claps_dropped(row.marks);
                }
            }
        }
        // What the mind spells did to the gestures belongs to this round:
        // told after its header, as the original tells it.
        self.announce_round();
        for e in told {
            self.say_event(e);
        }
    }

    /// A pair of moves as the book records it: a gesture a hand may not
    /// make is nothing (Death Match's left-hand stab). A one-handed clap,
    /// where the book counts it as nothing, is dropped once the mind
    /// spells have acted ([`lone_claps_dropped`]).
    fn book_gestures(&self, (l, r): (Gesture, Gesture)) -> (Gesture, Gesture) {
        let keep = |hand: Hand, g: Gesture| {
            if self.rules.allows(hand, g) {
                g
            } else {
                Gesture::Nothing
            }
        };
        (keep(Hand::Left, l), keep(Hand::Right, r))
    }

    /// Whether wizard `w` answered yes to resisting his charm; if so he
    /// pays the book's price in hit points.
    fn resists_charm(&mut self, w: BeingId, batch: &[Question], answers: &[usize]) -> bool {
        let Some(cost) = self.rules.quirks.charm_resist_cost else {
            return false;
        };
        let resisted = batch.iter().zip(answers).any(|(q, &a)| {
            matches!(q.kind, QuestionKind::ResistCharm { .. })
                && q.player == w.as_player()
                && q.options[a] == Choice::Yes(true)
        });
        if resisted {
            self.beings[w].hp -= cost;
        }
        resisted
    }

    /// Changes the newest row of wizard `w` as the pending mind spell demands,
    /// adding what the wizard is told to `told`.
    fn apply_mind(&mut self, w: BeingId, mind: Mind, told: &mut Vec<GestureEvent>) {
        let set = |duel: &mut Duel, hand: Hand, g: Gesture| {
            if let Some(row) = duel.beings[w].history.last_mut() {
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
                told.push(GestureEvent::Amnesiac {
                    wizard: w,
                    left: l,
                    right: r,
                });
            }
            Mind::Confusion(fixed) => {
                let (hand, g) = match fixed {
                    Some(hg) => hg,
                    None => self.random_confusion(),
                };
                if let Some(Mind::Confusion(None)) = self.beings[w].fx.permanent_mind {
                    self.beings[w].fx.permanent_mind = Some(Mind::Confusion(Some((hand, g))));
                }
                set(self, hand, g);
                told.push(GestureEvent::Confused {
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
                told.push(GestureEvent::Charmed {
                    wizard: w,
                    hand,
                    gesture: g,
                });
            }
            Mind::Fear => {
                let forbids = self.rules.quirks.fear_forbids;
                let scared = |g: Option<Gesture>| {
                    g.is_some_and(|g| g == Gesture::Nothing || forbids.contains(&g))
                };
                let row = self.beings[w].history.last().copied();
                let mut changed = [false; 2];
                for hand in Hand::BOTH {
                    let g = row.and_then(|r| r.gesture(hand));
                    if scared(g) {
                        changed[hand.index()] = true;
                        set(self, hand, Gesture::Nothing);
                    }
                }
                told.push(GestureEvent::Afraid { wizard: w, changed });
            }
            Mind::Paralysis(hand) => {
                let hand = hand.unwrap_or(Hand::Left);
                let g =
                    (self.rules.paralysed_gesture)(previous_gesture(&self.beings[w].history, hand));
                set(self, hand, g);
                self.beings[w].hand_paralysed = Some(hand);
                told.push(GestureEvent::Frozen {
                    wizard: w,
                    hand,
                    gesture: g,
                });
            }
            Mind::CharmMonster(_) => {}
        }
    }

    /// The hand and gesture a confused wizard makes, from the duel's seed.
    fn random_confusion(&mut self) -> (Hand, Gesture) {
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
}

/// A row's marks with a clap made by one hand only turned into nothing
/// ("a one-handed C is nothing": spellcast-rules(7), DEATH MATCH).
fn lone_claps_dropped(marks: [Mark; 2]) -> [Mark; 2] {
    let clap = Mark::Made(Gesture::Clap);
    if marks[0] == clap && marks[1] == clap {
        return marks;
    }
    marks.map(|m| {
        if m == clap {
            Mark::Made(Gesture::Nothing)
        } else {
            m
        }
    })
}
