//! What each hand of a wizard may make next, as the computer reads it from a
//! view: the book's gestures narrowed by Fear, Amnesia and Paralysis.

use super::super::view_ext::{seen_gesture, BeingExt, ViewExt};
use crate::engine::{Gesture, Hand, PlayerId, Spell, View};

/// A set of gestures, one bit per `Gesture as u8`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GestureSet(u8);

impl GestureSet {
    /// Exactly these gestures (nothing and stab are always allowed besides,
    /// where the book allows them).
    pub fn of(gestures: &[Gesture]) -> GestureSet {
        let bits = gestures
            .iter()
            .filter(|g| (**g as u8) < 8)
            .fold(0u8, |acc, g| acc | 1 << (*g as u8));
        GestureSet(bits | 1 << Gesture::Nothing as u8 | 1 << Gesture::Stab as u8)
    }

    /// Whether the hand may make `g`.
    pub fn contains(self, g: Gesture) -> bool {
        (g as u8) < 8 && self.0 & (1 << g as u8) != 0
    }

    /// The set as bits, for keys.
    pub fn bits(self) -> u8 {
        self.0
    }

    /// Only the gestures also in `book` (a hand's alphabet).
    fn within(self, book: GestureSet) -> GestureSet {
        GestureSet(self.0 & book.0)
    }
}

/// What each hand of a wizard may make next: the book's gestures for that
/// hand (never the Onyx beam, which only a holder has), narrowed by the
/// mind spells on him.
pub fn allowed(pos: &View, player: PlayerId) -> [GestureSet; 2] {
    let rules = pos.rules;
    let book = |h: Hand| {
        let mut bits = 0u8;
        for g in rules.gestures[h.index()] {
            if *g != Gesture::Onyx {
                bits |= 1 << (*g as u8);
            }
        }
        GestureSet(bits)
    };
    let mut out = [book(Hand::Left), book(Hand::Right)];
    let Some(wizard) = pos.wizard(player) else {
        return out;
    };
    if wizard.has(Spell::Fear) {
        for set in &mut out {
            for g in rules.fear_forbids() {
                set.0 &= !(1 << (*g as u8));
            }
        }
    }
    let newest = pos.rows(player).last();
    for hand in Hand::BOTH {
        let last = newest.and_then(|row| seen_gesture(row[hand.index()]));
        if wizard.has(Spell::Amnesia) {
            if let Some(g) = last {
                out[hand.index()] = GestureSet::of(&[g]).within(out[hand.index()]);
            }
        }
        if wizard.paralysed_hand() == Some(hand) {
            let frozen = last.unwrap_or(Gesture::Nothing).paralysed();
            out[hand.index()] = GestureSet::of(&[frozen]).within(book(hand));
        }
    }
    out
}
