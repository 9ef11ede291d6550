//! What the computer reads off a seat's [`View`]: the engine's own view
//! type, with the questions the computer asks of it (who the opponent is,
//! one hand's history, resistances, countdowns) as extension traits.
//!
//! The computer decides from a `View` and nothing else, so it can never read
//! a hidden gesture; these helpers only combine what the view already shows.

use crate::engine::{BeingId, BeingKind, BeingView, EffectView, Gesture, Hand, PlayerId, Seen};
use crate::engine::{Spell, View};

/// Turns assumed left on a Disease or Poison whose countdown the seat cannot
/// see (only its flag): the rules kill at the end of the sixth turn after the
/// spell takes hold, so six is the most there can be.
pub const UNCOUNTED_TURNS: u32 = 6;

/// The hand Paralysis is taken to hold when the seat is not shown which: a
/// fixed guess (the computer must assume one hand), the left.
const UNSHOWN_PARALYSED_HAND: Hand = Hand::Left;

/// The computer's questions about one living being.
pub trait BeingExt {
    /// The enchantment of this spell, if any.
    fn effect(&self, spell: Spell) -> Option<&EffectView>;
    /// Whether the being is under this spell.
    fn has(&self, spell: Spell) -> bool;
    /// Immune to fire (Resist Heat, or a fire elemental itself).
    fn resists_heat(&self) -> bool;
    /// Immune to cold (Resist Cold, or an ice elemental itself).
    fn resists_cold(&self) -> bool;
    /// Turns until Disease kills, if diseased ([`UNCOUNTED_TURNS`] when the
    /// countdown is not shown).
    fn disease_turns(&self) -> Option<u32>;
    /// Turns until Poison kills, if poisoned ([`UNCOUNTED_TURNS`] when the
    /// countdown is not shown).
    fn poison_turns(&self) -> Option<u32>;
    /// The hand Paralysis freezes, if any (left when the hand is not shown).
    fn paralysed_hand(&self) -> Option<Hand>;
    /// Damage of one of its attacks (0 for a wizard).
    fn attack(&self) -> i32;
}

impl BeingExt for BeingView {
    fn effect(&self, spell: Spell) -> Option<&EffectView> {
        self.effects.iter().find(|e| e.spell == spell)
    }

    fn has(&self, spell: Spell) -> bool {
        self.effect(spell).is_some()
    }

    fn resists_heat(&self) -> bool {
        self.flags.contains('H')
            || self.has(Spell::ResistHeat)
            || self.kind == BeingKind::FireElemental
    }

    fn resists_cold(&self) -> bool {
        self.flags.contains('C')
            || self.has(Spell::ResistCold)
            || self.kind == BeingKind::IceElemental
    }

    fn disease_turns(&self) -> Option<u32> {
        countdown(self, Spell::Disease, 'd')
    }

    fn poison_turns(&self) -> Option<u32> {
        countdown(self, Spell::Poison, 'p')
    }

    fn paralysed_hand(&self) -> Option<Hand> {
        self.effect(Spell::Paralysis)
            .map(|e| e.hand.unwrap_or(UNSHOWN_PARALYSED_HAND))
    }

    fn attack(&self) -> i32 {
        self.kind.damage()
    }
}

/// Turns left on a deadly countdown shown by `spell`'s effect or its `flag`.
fn countdown(b: &BeingView, spell: Spell, flag: char) -> Option<u32> {
    match b.effect(spell) {
        Some(e) => Some(e.turns.unwrap_or(UNCOUNTED_TURNS)),
        None if b.flags.contains(flag) => Some(UNCOUNTED_TURNS),
        None => None,
    }
}

/// The computer's questions about one seat's view of the duel.
pub trait ViewExt {
    /// The living being with this id.
    fn being(&self, id: BeingId) -> Option<&BeingView>;
    /// Wizard `player`, if alive.
    fn wizard(&self, player: PlayerId) -> Option<&BeingView>;
    /// Whether wizard `player` is alive.
    fn is_alive(&self, player: PlayerId) -> bool;
    /// The wizard `player` plays against: the first other living wizard.
    /// (The baseline knows one opponent; with more, it faces the first.)
    fn opponent_of(&self, player: PlayerId) -> Option<PlayerId>;
    /// The rows of `player`, oldest first, as the seat sees them (empty if unknown).
    fn rows(&self, player: PlayerId) -> &[[Seen; 2]];
    /// One hand's history of `player`, oldest first; `None` where fogged,
    /// unrevealed or anti-spelled (no spell can run through such a row).
    fn hand_history(&self, player: PlayerId, hand: Hand) -> Vec<Option<Gesture>>;
    /// Monsters that obey `player`.
    fn monsters_of(&self, player: PlayerId) -> impl Iterator<Item = &BeingView>;
    /// Elementals (they obey nobody and hit everyone).
    fn elementals(&self) -> impl Iterator<Item = &BeingView>;
}

impl ViewExt for View {
    fn being(&self, id: BeingId) -> Option<&BeingView> {
        self.beings.iter().find(|b| b.id == id)
    }

    fn wizard(&self, player: PlayerId) -> Option<&BeingView> {
        self.being(BeingId::from(player))
            .filter(|b| b.kind == BeingKind::Wizard)
    }

    fn is_alive(&self, player: PlayerId) -> bool {
        self.wizard(player).is_some()
    }

    fn opponent_of(&self, player: PlayerId) -> Option<PlayerId> {
        let me = BeingId::from(player);
        self.beings
            .iter()
            .find(|b| b.kind == BeingKind::Wizard && b.id != me)
            .map(|b| b.id.as_player())
    }

    fn rows(&self, player: PlayerId) -> &[[Seen; 2]] {
        self.gestures.get(player.index()).map_or(&[], Vec::as_slice)
    }

    fn hand_history(&self, player: PlayerId, hand: Hand) -> Vec<Option<Gesture>> {
        self.rows(player)
            .iter()
            .map(|row| seen_gesture(row[hand.index()]))
            .collect()
    }

    fn monsters_of(&self, player: PlayerId) -> impl Iterator<Item = &BeingView> {
        self.beings
            .iter()
            .filter(move |b| b.kind != BeingKind::Wizard && b.controller == Some(player))
    }

    fn elementals(&self) -> impl Iterator<Item = &BeingView> {
        self.beings.iter().filter(|b| b.kind.is_elemental())
    }
}

/// The gesture a square shows, if a spell can run through it.
pub fn seen_gesture(seen: Seen) -> Option<Gesture> {
    match seen {
        Seen::Mark(m) => m.gesture(),
        Seen::Fog | Seen::Unrevealed => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::computer::sketch;

    #[test]
    fn fog_and_gestures_read_per_hand() {
        let mut view = sketch::opening(2, 0);
        sketch::push_row(&mut view, 1, Gesture::Snap, Gesture::Wave);
        view.gestures[1].push([Seen::Fog, Seen::Fog]);
        let (white, black) = (PlayerId::new(0), PlayerId::new(1));
        assert_eq!(
            view.hand_history(black, Hand::Right),
            vec![Some(Gesture::Wave), None]
        );
        assert_eq!(view.opponent_of(white), Some(black));
        assert_eq!(view.opponent_of(black), Some(white));
        view.beings.remove(1);
        assert_eq!(view.opponent_of(white), None);
        assert!(!view.is_alive(black));
    }

    #[test]
    fn status_reads_flags_and_effects() {
        let mut b = sketch::being(0, BeingKind::Wizard, None);
        assert!(!b.resists_heat() && b.disease_turns().is_none());
        b.flags = "Hd".into();
        b.effects.push(EffectView {
            spell: Spell::Paralysis,
            hand: Some(Hand::Right),
            turns: None,
        });
        assert!(b.resists_heat() && !b.resists_cold());
        assert_eq!(b.disease_turns(), Some(6));
        assert_eq!(b.paralysed_hand(), Some(Hand::Right));
    }

    #[test]
    fn a_monster_is_not_a_wizard() {
        let mut view = sketch::opening(2, 0);
        view.beings
            .push(sketch::being(2, BeingKind::Goblin, Some(1)));
        assert!(view.wizard(PlayerId::new(2)).is_none());
        assert_eq!(view.monsters_of(PlayerId::new(1)).count(), 1);
        assert_eq!(view.monsters_of(PlayerId::new(0)).count(), 0);
    }
}
