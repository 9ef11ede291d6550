//! What one seat can see, in the shape of the engine's per-seat `View`.
//!
//! The computer decides from this and nothing else, so it can never read a
//! hidden gesture. The field names mirror `engine::View` (ENGINE-API.md) so that
//! filling a `Position` from a `View` is a field-by-field copy.

use crate::engine::{BeingKind, Gesture, Hand, Mark, Question, RoundKind, Seen, Spell};

/// A being's index: wizards first (their player index), then monsters in
/// creation order (the engine's `BeingId::index`).
pub type BeingId = usize;

/// One enchantment on a being, as announced to this seat: the engine's own.
///
/// A mind spell (Fear, Amnesia, Confusion, Charm Person, Paralysis) listed
/// here constrains the being's *next* gestures.
pub use crate::engine::EffectView;

/// One living being, as the seat sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BeingView {
    /// Wizards first (their player index), then monsters in creation order.
    pub id: BeingId,
    /// Its name.
    pub name: String,
    /// Wizard or which monster.
    pub kind: BeingKind,
    /// Hit points left.
    pub hp: i32,
    /// The status list's flag letters (`IHCPbdp`).
    pub flags: String,
    /// The wizard a monster obeys (`None` for wizards and elementals).
    pub controller: Option<usize>,
    /// Enchantments announced to this seat and not yet announced over.
    pub effects: Vec<EffectView>,
}

impl BeingView {
    /// A fresh being with full hit points and no enchantments (handy for tests).
    pub fn new(id: BeingId, kind: BeingKind, controller: Option<usize>) -> BeingView {
        BeingView {
            id,
            name: format!("being {id}"),
            kind,
            hp: kind.max_hp(),
            flags: String::new(),
            controller,
            effects: Vec::new(),
        }
    }

    /// The enchantment of this spell, if any.
    pub fn effect(&self, spell: Spell) -> Option<&EffectView> {
        self.effects.iter().find(|e| e.spell == spell)
    }

    /// Whether the being is under this spell.
    pub fn has(&self, spell: Spell) -> bool {
        self.effect(spell).is_some()
    }

    fn flag(&self, c: char) -> bool {
        self.flags.contains(c)
    }

    /// Immune to fire (Resist Heat, or a fire elemental itself).
    pub fn resists_heat(&self) -> bool {
        self.flag('H') || self.has(Spell::ResistHeat) || self.kind == BeingKind::FireElemental
    }

    /// Immune to cold (Resist Cold, or an ice elemental itself).
    pub fn resists_cold(&self) -> bool {
        self.flag('C') || self.has(Spell::ResistCold) || self.kind == BeingKind::IceElemental
    }

    /// Turns until Disease kills, if diseased (6 when the countdown is not shown).
    pub fn disease_turns(&self) -> Option<u32> {
        self.countdown(Spell::Disease, 'd')
    }

    /// Turns until Poison kills, if poisoned (6 when the countdown is not shown).
    pub fn poison_turns(&self) -> Option<u32> {
        self.countdown(Spell::Poison, 'p')
    }

    fn countdown(&self, spell: Spell, flag: char) -> Option<u32> {
        match self.effect(spell) {
            Some(e) => Some(e.turns.unwrap_or(6)),
            None if self.flag(flag) => Some(6),
            None => None,
        }
    }

    /// The hand Paralysis freezes, if any (left when the hand is not shown).
    pub fn paralysed_hand(&self) -> Option<Hand> {
        self.effect(Spell::Paralysis)
            .map(|e| e.hand.unwrap_or(Hand::Left))
    }

    /// Damage of one of its attacks (0 for a wizard).
    pub fn attack(&self) -> i32 {
        self.kind.damage()
    }
}

/// Everything one seat knows when it must move or answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// The seat's own player index (its wizard is being `me`).
    pub me: usize,
    /// The turn number the window shows.
    pub turn: u32,
    /// Which kind of round comes next.
    pub round_kind: RoundKind,
    /// Living beings: wizards in player order, then monsters.
    pub beings: Vec<BeingView>,
    /// Per wizard (player index), its rows oldest first; fog where the seat could not see.
    pub gestures: Vec<Vec<[Seen; 2]>>,
    /// The seat's own Delayed Effect bank.
    pub banked: Option<Spell>,
    /// Whether the seat's wizard has used the short Lightning Bolt.
    pub short_lightning_used: bool,
    /// The seat's open questions (legal options and defaults).
    pub questions: Vec<Question>,
}

impl Position {
    /// A fresh duel of `players` wizards seen by `me`: full hit points, no gestures.
    pub fn opening(players: usize, me: usize) -> Position {
        Position {
            me,
            turn: 1,
            round_kind: RoundKind::Normal,
            beings: (0..players)
                .map(|p| BeingView::new(p, BeingKind::Wizard, None))
                .collect(),
            gestures: vec![Vec::new(); players],
            banked: None,
            short_lightning_used: false,
            questions: Vec::new(),
        }
    }

    /// Appends one visible row (left, right) to a wizard's history.
    pub fn push_row(&mut self, player: usize, left: Gesture, right: Gesture) {
        if let Some(rows) = self.gestures.get_mut(player) {
            rows.push([Seen::Mark(Mark::Made(left)), Seen::Mark(Mark::Made(right))]);
        }
    }

    /// The living being with this id.
    pub fn being(&self, id: BeingId) -> Option<&BeingView> {
        self.beings.iter().find(|b| b.id == id)
    }

    /// Whether wizard `player` is alive.
    pub fn is_alive(&self, player: usize) -> bool {
        self.being(player)
            .is_some_and(|b| b.kind == BeingKind::Wizard)
    }

    /// The wizard the seat plays against: the first other living wizard.
    /// (The baseline knows one opponent; with more, it faces the first.)
    pub fn opponent_of(&self, player: usize) -> Option<usize> {
        self.beings
            .iter()
            .filter(|b| b.kind == BeingKind::Wizard && b.id != player)
            .map(|b| b.id)
            .next()
    }

    /// One hand's history of `player`, oldest first; `None` where fogged or anti-spelled
    /// (no spell can run through such a row).
    pub fn hand_history(&self, player: usize, hand: Hand) -> Vec<Option<Gesture>> {
        self.rows(player)
            .iter()
            .map(|row| match row[hand.index()] {
                Seen::Mark(m) => m.gesture(),
                Seen::Fog | Seen::Unrevealed => None,
            })
            .collect()
    }

    /// The rows of `player`, oldest first (empty if unknown).
    pub fn rows(&self, player: usize) -> &[[Seen; 2]] {
        self.gestures.get(player).map_or(&[], Vec::as_slice)
    }

    /// Monsters that obey `player`.
    pub fn monsters_of(&self, player: usize) -> impl Iterator<Item = &BeingView> + '_ {
        self.beings
            .iter()
            .filter(move |b| b.kind != BeingKind::Wizard && b.controller == Some(player))
    }

    /// Elementals (they obey nobody and hit everyone).
    pub fn elementals(&self) -> impl Iterator<Item = &BeingView> + '_ {
        self.beings.iter().filter(|b| b.kind.is_elemental())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fog_and_gestures_read_per_hand() {
        let mut pos = Position::opening(2, 0);
        pos.push_row(1, Gesture::Snap, Gesture::Wave);
        pos.gestures[1].push([Seen::Fog, Seen::Fog]);
        assert_eq!(
            pos.hand_history(1, Hand::Right),
            vec![Some(Gesture::Wave), None]
        );
        assert_eq!(pos.opponent_of(0), Some(1));
        assert_eq!(pos.opponent_of(1), Some(0));
    }

    #[test]
    fn status_reads_flags_and_effects() {
        let mut b = BeingView::new(0, BeingKind::Wizard, None);
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
}
