//! Hand-made views for tests: a fresh duel as one seat sees it, rows and
//! beings added by hand. A test of the computer's reading builds exactly the
//! position it means without playing the rounds that would lead there.

use crate::engine::{
    BeingId, BeingKind, BeingView, Gesture, Mark, PlayerId, RoundKind, RuleSet, Seen, View,
};

/// A fresh duel of `players` wizards seen by player `me`: full hit points, no
/// gestures, no questions.
pub fn opening(players: usize, me: usize) -> View {
    View {
        me: PlayerId::new(me),
        turn: 1,
        round_kind: RoundKind::Normal,
        beings: (0..players)
            .map(|p| being(p, BeingKind::Wizard, None))
            .collect(),
        gestures: vec![Vec::new(); players],
        banked: None,
        short_lightning_used: false,
        announced: Vec::new(),
        questions: Vec::new(),
        before_reveal: false,
        rules: RuleSet::original(),
    }
}

/// Being `id` of this kind with full hit points and no enchantments, obeying
/// player `controller` (a monster) or nobody.
pub fn being(id: usize, kind: BeingKind, controller: Option<usize>) -> BeingView {
    BeingView {
        id: BeingId::new(id),
        name: format!("being {id}"),
        kind,
        hp: kind.max_hp(),
        flags: String::new(),
        controller: controller.map(PlayerId::new),
        effects: Vec::new(),
    }
}

/// Appends one visible row (left, right) to wizard `player`'s history.
pub fn push_row(view: &mut View, player: usize, left: Gesture, right: Gesture) {
    if let Some(rows) = view.gestures.get_mut(player) {
        rows.push([Seen::Mark(Mark::Made(left)), Seen::Mark(Mark::Made(right))]);
    }
}
