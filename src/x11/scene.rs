//! What a window shows, whoever supplies it: the status list, the gesture
//! columns and the text pane's lines. A player's local window reads them
//! from its seat's view ([`SeatView`]: the engine's rows as that seat sees
//! them, the same a program seat is sent); a window at the far end of the
//! seat protocol (`--seat`) reads them from the protocol's messages; a
//! spectator's from the duel as an observer sees it ([`Observed`]). None of
//! them hides anything itself: a row not revealed yet comes as
//! [`Seen::Unrevealed`], drawn as fog, and the helper reads the same rows.

use super::status_pane::StatusLine;
use crate::engine::{Duel, PlayerId, RuleSet, SeatView, Seen, Viewer};

/// Where a window's contents come from.
pub trait Source {
    /// The status list as player `me` sees it.
    fn status_lines(&self, me: usize) -> Vec<StatusLine>;
    /// How many gesture columns (players) there are.
    fn columns(&self) -> usize;
    /// What `me` sees of `owner`'s gestures, oldest first.
    fn history(&self, owner: usize, me: usize) -> Vec<[Seen; 2]>;
    /// The text pane's lines for `me` after `cursor`, and the new cursor.
    fn narration_since(&self, me: usize, cursor: usize) -> (Vec<String>, usize);
    /// For the helper: the lasting effects `me` knows of, as (the being's
    /// name in the status list, the effect, the turns left if known).
    fn lasting(&self, _me: usize) -> Vec<(String, String, Option<u32>)> {
        Vec::new()
    }
    /// The duel's rule book: the Spell List, the gesture popup and the
    /// helper read it. The original's unless a source says otherwise.
    fn rules(&self) -> &'static RuleSet {
        RuleSet::original()
    }
}

/// An effect as the helper names it: `Paralysis (left)`.
pub fn effect_text(spell: &str, hand: Option<&str>) -> String {
    match hand {
        Some(h) => format!("{spell} ({h})"),
        None => spell.to_string(),
    }
}

/// A seat's view answers for its own seat only: the `me` a window passes
/// is its seat's player.
impl Source for SeatView<'_> {
    fn rules(&self) -> &'static RuleSet {
        SeatView::rules(self)
    }

    fn status_lines(&self, _me: usize) -> Vec<StatusLine> {
        let players = self.players();
        self.status()
            .iter()
            .map(|r| StatusLine::of_row(r, self.being_name(r.being), players))
            .collect()
    }

    fn columns(&self) -> usize {
        self.players()
    }

    fn history(&self, owner: usize, _me: usize) -> Vec<[Seen; 2]> {
        self.rows_seen(PlayerId::new(owner))
    }

    fn narration_since(&self, _me: usize, cursor: usize) -> (Vec<String>, usize) {
        SeatView::narration_since(self, cursor)
    }

    fn lasting(&self, _me: usize) -> Vec<(String, String, Option<u32>)> {
        let view = self.view();
        let mut out = Vec::new();
        for b in &view.beings {
            for e in &b.effects {
                let text = effect_text(e.spell.name(), e.hand.map(|h| h.name()));
                out.push((b.name.clone(), text, e.turns));
            }
        }
        out
    }
}

/// The duel as an observer sees it: a spectator's window (`--watch`). Its
/// status list is in player order, its text is the transcript's, its
/// gestures the observer's rows ([`Duel::rows_seen`]: the transcript's once
/// revealed).
pub struct Observed<'a>(pub &'a Duel);

impl Source for Observed<'_> {
    fn rules(&self) -> &'static RuleSet {
        self.0.rules()
    }

    fn status_lines(&self, _me: usize) -> Vec<StatusLine> {
        // The first player's order is the players' order.
        self.0
            .status(PlayerId::new(0))
            .iter()
            .map(|r| StatusLine::from_row(self.0, r))
            .collect()
    }

    fn columns(&self) -> usize {
        self.0.players()
    }

    fn history(&self, owner: usize, _me: usize) -> Vec<[Seen; 2]> {
        self.0.rows_seen(PlayerId::new(owner), Viewer::Observer)
    }

    fn narration_since(&self, _me: usize, cursor: usize) -> (Vec<String>, usize) {
        self.0.narration_since(Viewer::Observer, cursor)
    }
}
