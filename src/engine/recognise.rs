//! Which spells a wizard's newest gestures complete, and on which hand.
//!
//! Spell sequences are decoded once, at compile time, into [`PATTERNS`], and
//! spells are grouped by their last gesture, so a round only examines the few
//! spells that could end in the gestures just made.

use super::gesture::{Gesture, Hand, Mark};
use super::history::Row;
use super::spellbook::{Spell, SPELLS, SPELL_COUNT};

/// Where a completed spell sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Completed {
    /// A one-handed spell finished by this hand.
    OneHand(Hand),
    /// A spell whose last gesture is made by both hands.
    BothHands,
}

/// A spell's gestures decoded: (gesture, both hands) oldest first.
#[derive(Clone, Copy)]
struct Pattern {
    len: usize,
    steps: [(Gesture, bool); 8],
}

const fn letter(b: u8) -> Gesture {
    match b {
        b'P' | b'p' => Gesture::Palm,
        b'D' | b'd' => Gesture::Digit,
        b'F' | b'f' => Gesture::Fingers,
        b'W' | b'w' => Gesture::Wave,
        b'C' | b'c' => Gesture::Clap,
        b'S' | b's' => Gesture::Snap,
        b'k' => Gesture::Stab,
        _ => Gesture::Nothing,
    }
}

const fn decode(gestures: &str) -> Pattern {
    let bytes = gestures.as_bytes();
    let mut steps = [(Gesture::Nothing, false); 8];
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        steps[i] = (letter(b), b.is_ascii_lowercase() && b != b'k');
        i += 1;
    }
    Pattern {
        len: bytes.len(),
        steps,
    }
}

const PATTERNS: [Pattern; SPELL_COUNT] = {
    let mut out = [Pattern {
        len: 0,
        steps: [(Gesture::Nothing, false); 8],
    }; SPELL_COUNT];
    let mut i = 0;
    while i < SPELL_COUNT {
        out[i] = decode(SPELLS[i].gestures);
        i += 1;
    }
    out
};

/// For each gesture, the spells (table order) whose last gesture it is.
const BY_LAST: [([u8; SPELL_COUNT], usize); 8] = {
    let mut out = [([0u8; SPELL_COUNT], 0usize); 8];
    let mut i = 0;
    while i < SPELL_COUNT {
        let p = PATTERNS[i];
        let g = p.steps[p.len - 1].0 as usize;
        out[g].0[out[g].1] = i as u8;
        out[g].1 += 1;
        i += 1;
    }
    out
};

/// Whether the pattern ends in the newest row of `history` when `main` leads.
fn matches(history: &[Row], p: &Pattern, main: Hand) -> bool {
    if history.len() < p.len {
        return false;
    }
    let rows = &history[history.len() - p.len..];
    // Newest first: most candidates fail on the gesture just made.
    p.steps[..p.len]
        .iter()
        .zip(rows)
        .rev()
        .all(|(&(g, both), row)| {
            if both {
                row.marks == [Mark::Made(g), Mark::Made(g)]
            } else {
                row.marks[main.index()] == Mark::Made(g)
            }
        })
}

/// Every spell completed by the newest row, in table order; a one-handed
/// spell completed by both hands appears twice (left first).
pub(crate) fn completed_spells(history: &[Row], out: &mut Vec<(Spell, Completed)>) {
    out.clear();
    let Some(last) = history.last() else { return };
    let [Mark::Made(l), Mark::Made(r)] = last.marks else {
        return;
    };
    // Only spells ending in the left or the right gesture can complete; both
    // lists are in table order, so walk them together to keep that order.
    let (left_list, left_n) = &BY_LAST[l as usize];
    let (right_list, right_n) = &BY_LAST[r as usize];
    let mut a: &[u8] = &left_list[..*left_n];
    let mut b: &[u8] = if l == r { &[] } else { &right_list[..*right_n] };
    loop {
        let i = match (a.first(), b.first()) {
            (None, None) => break,
            (Some(&x), Some(&y)) if y < x => {
                b = &b[1..];
                y
            }
            (Some(&x), _) => {
                a = &a[1..];
                x
            }
            (None, Some(&y)) => {
                b = &b[1..];
                y
            }
        };
        let i = usize::from(i);
        let p = &PATTERNS[i];
        let (last, both) = p.steps[p.len - 1];
        let spell = Spell::ALL[i];
        if both {
            if l == last
                && r == last
                && (matches(history, p, Hand::Left) || matches(history, p, Hand::Right))
            {
                out.push((spell, Completed::BothHands));
            }
            continue;
        }
        if l == last && matches(history, p, Hand::Left) {
            out.push((spell, Completed::OneHand(Hand::Left)));
        }
        if r == last && matches(history, p, Hand::Right) {
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
    fn decoded_patterns_agree_with_the_table() {
        for s in Spell::ALL {
            let p = &PATTERNS[s.index()];
            let steps: Vec<(Gesture, bool)> = s.steps().collect();
            assert_eq!(&p.steps[..p.len], steps.as_slice(), "{s:?}");
        }
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

    #[test]
    fn several_candidates_on_one_hand() {
        let f = found(&[
            (Wave, Nothing),
            (Wave, Nothing),
            (Fingers, Nothing),
            (Palm, Nothing),
        ]);
        let spells: Vec<Spell> = f.iter().map(|x| x.0).collect();
        assert_eq!(
            spells,
            vec![Spell::Shield, Spell::CauseLightWounds, Spell::ResistHeat]
        );
    }
}
