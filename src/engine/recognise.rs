//! Which spells a wizard's newest gestures complete, and on which hand.

use super::gesture::{Hand, Mark};
use super::history::Row;
use super::spellbook::Spell;

/// Where a completed spell sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Completed {
    /// A one-handed spell finished by this hand.
    OneHand(Hand),
    /// A spell whose last gesture is made by both hands.
    BothHands,
}

/// Whether `spell` ends in the newest row of `history` when `main` leads.
fn matches(history: &[Row], spell: Spell, main: Hand) -> bool {
    let steps = spell.info().gestures.as_bytes();
    if history.len() < steps.len() {
        return false;
    }
    let rows = &history[history.len() - steps.len()..];
    steps.iter().zip(rows).all(|(&step, row)| {
        let (g, both) = match step {
            b'k' => (super::Gesture::Stab, false),
            b if b.is_ascii_lowercase() => (letter(b.to_ascii_uppercase()), true),
            b => (letter(b), false),
        };
        if both {
            row.marks == [Mark::Made(g), Mark::Made(g)]
        } else {
            row.marks[main.index()] == Mark::Made(g)
        }
    })
}

fn letter(b: u8) -> super::Gesture {
    super::Gesture::from_script_letter(b as char).unwrap_or_default()
}

/// Every spell completed by the newest row, in table order; a one-handed
/// spell completed by both hands appears twice (left first).
pub(crate) fn completed_spells(history: &[Row], out: &mut Vec<(Spell, Completed)>) {
    out.clear();
    let Some(last) = history.last() else { return };
    for spell in Spell::ALL {
        // Cheap filter: the last gesture must be in the newest row.
        let last_step = spell.info().gestures.as_bytes()[spell.info().gestures.len() - 1];
        let want = match last_step {
            b'k' => super::Gesture::Stab,
            b => letter(b.to_ascii_uppercase()),
        };
        if last.marks[0] != Mark::Made(want) && last.marks[1] != Mark::Made(want) {
            continue;
        }
        let left = matches(history, spell, Hand::Left);
        let right = matches(history, spell, Hand::Right);
        if (left || right) && spell.two_handed() {
            out.push((spell, Completed::BothHands));
            continue;
        }
        if left {
            out.push((spell, Completed::OneHand(Hand::Left)));
        }
        if right {
            out.push((spell, Completed::OneHand(Hand::Right)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Gesture::{self, *};

    fn history(rows: &[(Gesture, Gesture)]) -> Vec<Row> {
        rows.iter().map(|&(l, r)| Row::made(l, r)).collect()
    }

    fn found(rows: &[(Gesture, Gesture)]) -> Vec<(Spell, Completed)> {
        let mut out = Vec::new();
        completed_spells(&history(rows), &mut out);
        out
    }

    #[test]
    fn lone_palm_is_a_shield() {
        assert_eq!(
            found(&[(Palm, Nothing)]),
            vec![(Spell::Shield, Completed::OneHand(Hand::Left))]
        );
    }

    #[test]
    fn double_palm_is_surrender_and_two_shields() {
        let f = found(&[(Palm, Palm)]);
        assert!(f.contains(&(Spell::Surrender, Completed::BothHands)));
        assert!(f.contains(&(Spell::Shield, Completed::OneHand(Hand::Left))));
        assert!(f.contains(&(Spell::Shield, Completed::OneHand(Hand::Right))));
    }

    #[test]
    fn dispel_magic_can_finish_on_both_hands() {
        let f = found(&[(Clap, Clap), (Digit, Digit), (Palm, Palm), (Wave, Wave)]);
        assert!(f.contains(&(Spell::DispelMagic, Completed::OneHand(Hand::Left))));
        assert!(f.contains(&(Spell::DispelMagic, Completed::OneHand(Hand::Right))));
    }

    #[test]
    fn anti_spell_row_breaks_a_sequence() {
        let mut h = history(&[(Snap, Nothing)]);
        h.push(Row {
            marks: [Mark::AntiSpell, Mark::AntiSpell],
            hidden: false,
            blind_viewers: 0,
        });
        h.push(Row::made(Digit, Nothing));
        let mut out = Vec::new();
        completed_spells(&h, &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn a_spell_needs_its_whole_history() {
        // F-F is not yet Paralysis; the referee's anti-spell stands before the first row.
        assert!(found(&[(Fingers, Nothing), (Fingers, Nothing)]).is_empty());
        assert_eq!(
            found(&[(Fingers, Nothing), (Fingers, Nothing), (Fingers, Nothing)]),
            vec![(Spell::Paralysis, Completed::OneHand(Hand::Left))]
        );
    }
}
