//! The lasting effects a seat's view lists on a being. Every effect here was
//! announced to all seats when it took hold (the cast list and the
//! enchantment lines are public) and ends with an announcement or at a time
//! everyone can count, so the list is read from the being's state and does
//! not depend on narration being recorded.

use super::being::{Being, Mind};
use super::rules::RuleSet;
use super::spellbook::Spell;
use super::view::EffectView;

impl Being {
    /// This being's lasting effects, in the seat protocol's order, each
    /// named as `rules` names it.
    pub(crate) fn effect_views(&self, rules: &RuleSet) -> Vec<EffectView> {
        let mut out = Vec::new();
        self.effect_views_into(rules, &mut out);
        out
    }

    /// [`Being::effect_views`] written over `out` (a view built over a
    /// kept one reuses its lists).
    pub(crate) fn effect_views_into(&self, rules: &RuleSet, out: &mut Vec<EffectView>) {
        out.clear();
        self.mind_effects(out);
        let fx = &self.fx;
        let counted = |n: u8| Some(u32::from(n));
        let mut push = |on: bool, spell: Spell, turns: Option<u32>| {
            if on {
                out.push(EffectView {
                    spell,
                    hand: None,
                    turns,
                });
            }
        };
        push(fx.disease > 0, Spell::Disease, counted(fx.disease));
        push(fx.poison > 0, Spell::Poison, counted(fx.poison));
        push(fx.blind.is_on(), Spell::Blindness, fx.blind.turns_shown());
        push(
            fx.invisible.is_on(),
            Spell::Invisibility,
            fx.invisible.turns_shown(),
        );
        push(
            fx.haste.is_on(),
            Spell::Haste,
            (!fx.perm_haste).then_some(u32::from(fx.haste.rounds_shown())),
        );
        push(fx.time_stop.is_on(), Spell::TimeStop, Some(1));
        push(fx.pfe.is_on(), rules.protection(), fx.pfe.turns_shown());
        push(fx.resist_heat, Spell::ResistHeat, None);
        push(fx.resist_cold, Spell::ResistCold, None);
        push(
            fx.delay_window > 0,
            Spell::DelayedEffect,
            counted(fx.delay_window),
        );
        push(
            fx.perm_window > 0,
            Spell::Permanency,
            counted(fx.perm_window),
        );
    }

    /// The mind spells: a permanent one (no turns), and the one waiting to
    /// act on the next gestures (a wizard's) or attacks (a monster's).
    fn mind_effects(&self, out: &mut Vec<EffectView>) {
        let fx = &self.fx;
        let waiting = if self.is_wizard() {
            fx.pending_mind
        } else {
            fx.pending_mind.or(fx.mind_in_force)
        };
        let permanent = fx.permanent_mind.map(mind_effect);
        if let Some(p) = permanent {
            out.push(EffectView { turns: None, ..p });
        }
        if let Some(w) = waiting.map(mind_effect) {
            if permanent.map(|p| p.spell) != Some(w.spell) {
                out.push(EffectView {
                    turns: Some(1),
                    ..w
                });
            }
        }
        out.sort_by_key(|e| mind_order(e.spell));
    }
}

/// The spell and hand of a mind effect.
fn mind_effect(mind: Mind) -> EffectView {
    let (spell, hand) = match mind {
        Mind::Amnesia => (Spell::Amnesia, None),
        Mind::Confusion(fixed) => (Spell::Confusion, fixed.map(|(h, _)| h)),
        Mind::Charm { hand, .. } => (Spell::CharmPerson, Some(hand)),
        Mind::Fear => (Spell::Fear, None),
        Mind::Paralysis(hand) => (Spell::Paralysis, hand),
        Mind::CharmMonster(_) => (Spell::CharmMonster, None),
    };
    EffectView {
        spell,
        hand,
        turns: None,
    }
}

/// The seat protocol's order of the mind spells.
fn mind_order(spell: Spell) -> usize {
    [
        Spell::Paralysis,
        Spell::CharmPerson,
        Spell::CharmMonster,
        Spell::Amnesia,
        Spell::Confusion,
        Spell::Fear,
    ]
    .iter()
    .position(|&s| s == spell)
    .unwrap_or(usize::MAX)
}
