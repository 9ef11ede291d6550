//! Gesticulation's Paralysis (spellcast-rules(7), GESTICULATION): the caster
//! names the hand when casting (a `paralyze` question per Paralysis aimed
//! at a wizard, asked with the monsters' orders before the reveal); next
//! turn that hand repeats its gesture with C, S and W turned into D, F and
//! P; two Paralyses at one hand work, a Paralysis at each hand leaves him
//! free; a wizard paralysed this turn is immune to a Paralysis at his other
//! hand; a monster skips the attack of the turn it is cast; elementals are
//! immune.

use crate::engine::being::Mind;
use crate::engine::cast::{Aim, Cast};
use crate::engine::duel::Duel;
use crate::engine::gesture::{Gesture, Hand};
use crate::engine::ids::BeingId;
use crate::engine::narrate::EnchantmentEvent;
use crate::engine::question::{Choice, Question, QuestionKind};
use crate::engine::spellbook::Spell;

/// "If the gesture was a C, S or W, the new gesture will be a D, F or P,
/// respectively. Otherwise the new gesture will be identical to the old one."
pub(super) fn paralysed_gesture(g: Gesture) -> Gesture {
    match g {
        Gesture::Clap => Gesture::Digit,
        Gesture::Snap => Gesture::Fingers,
        Gesture::Wave => Gesture::Palm,
        g => g,
    }
}

/// The wizard a cast is a Paralysis aimed at, if it is one.
fn paralysis_at_wizard(c: &Cast, players: usize) -> Option<BeingId> {
    match c.aim {
        Aim::At(t) if c.spell == Spell::Paralysis && t.index() < players => Some(t),
        _ => None,
    }
}

impl Duel {
    /// One `paralyze` question per Paralysis aimed at a wizard, in the
    /// order of the cast list (the spells a haste round saved last, as
    /// resolution appends them).
    pub(super) fn paralysis_questions(&self, batch: &mut Vec<Question>) {
        for c in self.round.casts.iter().chain(&self.haste_casts) {
            let Some(victim) = paralysis_at_wizard(c, self.players) else {
                continue;
            };
            let kind = QuestionKind::ParalyzeHand {
                victim,
                hand: Some(c.hand),
            };
            batch.push(Question {
                player: c.caster.as_player(),
                kind,
                options: vec![Choice::Hand(Hand::Left), Choice::Hand(Hand::Right)],
                default: None,
            });
        }
    }

    /// Writes each answered hand on its Paralysis, which carries it where
    /// it lands (reflected or not).
    pub(super) fn name_paralysed_hands(&mut self, batch: &[Question], answers: &[usize]) {
        let mut named = batch
            .iter()
            .zip(answers)
            .filter_map(|(q, &a)| match q.kind {
                QuestionKind::ParalyzeHand { .. } => match q.options[a] {
                    Choice::Hand(h) => Some(h),
                    _ => None,
                },
                _ => None,
            });
        let players = self.players;
        for c in self.round.casts.iter_mut().chain(&mut self.haste_casts) {
            if paralysis_at_wizard(c, players).is_some() {
                c.seize = named.next();
            }
        }
    }

    /// Before the mind spells clash: on each wizard, a Paralysis at the
    /// hand other than the one frozen this turn does nothing; Paralyses
    /// left at both hands do nothing; at one hand they act as one, at that
    /// hand (written in `round.hands` for the enchantment stage).
    pub(super) fn paralysis_hands(&mut self) {
        let mut hands = std::mem::take(&mut self.round.hands);
        hands.clear();
        for w in self.wizard_ids() {
            let z = &mut self.round.zaps[w];
            if !z.has(Spell::Paralysis) || !self.beings[w].alive() {
                continue;
            }
            let seized = z.book.gesticulation_seen().map_or([0; 2], |g| g.seized);
            if seized == [0; 2] {
                // Only unnamed ones (reflected off a monster's mirror):
                // the original's handling.
                continue;
            }
            let mut seized = seized;
            if let Some(frozen) = self.beings[w].hand_paralysed {
                seized[frozen.other().index()] = 0;
            }
            let hand = match seized {
                [0, 0] => None,
                [_, 0] => Some(Hand::Left),
                [0, _] => Some(Hand::Right),
                _ => None,
            };
            match hand {
                Some(hand) => {
                    z.count[Spell::Paralysis.index()] = 1;
                    // The hand is named: off a monster's mirror it still
                    // holds (the original would ask a controller).
                    if z.controller == Some(None) {
                        z.controller = Some(Some(w));
                    }
                    hands.push((w, Spell::Paralysis, hand));
                }
                None => {
                    z.count[Spell::Paralysis.index()] = 0;
                    self.say_event(EnchantmentEvent::NoEffect {
                        being: w,
                        spell: Spell::Paralysis,
                    });
                }
            }
        }
        self.round.hands = hands;
    }

    /// After the mind spells clash: a paralysed monster skips this turn's
    /// attack (for good if the Paralysis was permanent); elementals are
    /// immune. Returns the monsters that skip.
    pub(super) fn paralyse_monsters(&mut self) -> Vec<BeingId> {
        let mut skipping = Vec::new();
        for m in self.monster_ids() {
            let z = &mut self.round.zaps[m];
            if !z.has(Spell::Paralysis) || !self.beings[m].alive() {
                continue;
            }
            z.count[Spell::Paralysis.index()] = 0;
            let permanent = z.mind_permanent;
            if self.beings[m].kind.is_elemental() {
                self.say_event(EnchantmentEvent::NoEffect {
                    being: m,
                    spell: Spell::Paralysis,
                });
                continue;
            }
            if permanent {
                self.beings[m].fx.permanent_mind = Some(Mind::Paralysis(None));
            }
            self.say_event(EnchantmentEvent::Enchanted {
                being: m,
                spell: Spell::Paralysis,
            });
            skipping.push(m);
        }
        skipping
    }
}
