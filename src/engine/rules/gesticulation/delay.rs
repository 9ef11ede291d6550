//! Gesticulation's Delayed Effect (spellcast-rules(7), GESTICULATION): a spell is
//! banked by aiming it at `delay`, and the spells of the Delayed Effect's
//! own turn count. `delay` is offered in the first turn of the window in
//! which the subject casts a spell other than a stab or the Delayed Effect
//! itself, and to a wizard casting a Delayed Effect that turn; that turn
//! spends the window, whether the spell is banked or not. (A wizard whom
//! another's Delayed Effect reaches this turn is not offered `delay` yet,
//! the target being unknown when he answers: his window starts unspent.)
//! Spells without a target question (the storms) cannot be banked. A
//! spell aimed at `delay` with no Delayed Effect on its caster once the
//! enchantments have landed (countered, dispelled, removed) is lost.

use crate::engine::being::turns;
use crate::engine::cast::{Aim, Cast};
use crate::engine::duel::Duel;
use crate::engine::ids::BeingId;
use crate::engine::narrate::{CastingEvent, EnchantmentEvent};
use crate::engine::question::{CastHand, Choice, Question};
use crate::engine::spellbook::{Spell, TargetKind};

/// A spell Delayed Effect may bank: cast with a hand, neither a stab nor
/// a Delayed Effect.
fn bankable(c: &Cast) -> bool {
    c.hand != CastHand::Delayed && !matches!(c.spell, Spell::Stab | Spell::DelayedEffect)
}

impl Duel {
    /// No Delayed Effect picks: a spell is banked by aiming it at `delay`
    /// ([`Duel::offer_delay`]).
    pub(crate) fn no_delay_picks(&mut self) {
        self.round.picking.clear();
    }

    /// Adds `delay` to the target questions (`batch`, one per cast with a
    /// target, in cast-list order) of the casts a Delayed Effect may bank.
    pub(crate) fn offer_delay(&self, batch: &mut [Question]) {
        for (c, q) in self.aimed_casts().zip(batch.iter_mut()) {
            if bankable(c) && self.delay_open_for(c.caster) {
                q.options.push(Choice::Delay);
            }
        }
    }

    /// Whether `w` has a Delayed Effect running, or casts one this turn.
    fn delay_open_for(&self, w: BeingId) -> bool {
        self.beings[w].fx.delay_window > 0 || self.casts_delayed_effect(w)
    }

    /// After the enchantments: each wizard's first spell aimed at `delay`
    /// is banked if a Delayed Effect holds him (any other is lost), and a
    /// window in which he was offered `delay` is spent.
    pub(crate) fn bank_delayed(&mut self) {
        let rules = self.rules;
        for w in self.wizard_ids() {
            let (mut asked, mut aimed, mut banked) = (false, false, false);
            for i in 0..self.round.casts.len() {
                let c = self.round.casts[i];
                if c.caster != w || !bankable(&c) {
                    continue;
                }
                asked |= rules.info(c.spell).target != TargetKind::None;
                if c.aim != Aim::Delay {
                    continue;
                }
                aimed = true;
                let b = &mut self.beings[w];
                if b.fx.delay_window > 0 && !banked && b.alive() {
                    let lost = b.fx.bank.replace(c.spell);
                    banked = true;
                    self.say_event(CastingEvent::Banked {
                        wizard: w,
                        spell: c.spell,
                        lost,
                    });
                } else {
                    self.say_event(CastingEvent::NotBanked {
                        wizard: w,
                        spell: c.spell,
                    });
                }
            }
            // Offered: with his own Delayed Effect of this turn, or under
            // one running before it (a window a Delayed Effect of this turn
            // renewed stands at its full length).
            let window = self.beings[w].fx.delay_window;
            let running = (1..turns::WINDOW).contains(&window);
            let offered = asked && (aimed || running || self.casts_delayed_effect(w));
            if offered && window > 0 {
                self.beings[w].fx.delay_window = 0;
                if !banked {
                    self.say_event(EnchantmentEvent::WindowCloses {
                        wizard: w,
                        permanency: false,
                    });
                }
            }
        }
    }

    /// Whether `w` casts a Delayed Effect this turn.
    fn casts_delayed_effect(&self, w: BeingId) -> bool {
        self.round
            .casts
            .iter()
            .any(|c| c.caster == w && c.spell == Spell::DelayedEffect)
    }
}
