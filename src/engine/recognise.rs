//! Which spells a wizard's newest gestures complete, and on which hand.
//!
//! Spell sequences are decoded once, at compile time, into [`PATTERNS`], and
//! spells are grouped by their last gesture, so a round only examines the few
//! spells that could end in the gestures just made.

use super::gesture::{Gesture, Hand, Mark};
use super::history::Row;
use super::inline_list::{Blank, InlineList};
use super::spellbook::{step, Spell, SPELLS, SPELL_COUNT};

/// The spells one row completes: each at most once per hand.
pub(crate) type FoundSpells = InlineList<(Spell, Completed), { 2 * MOST_ENDING }>;

/// The most spells that can end in one pair of gestures: a bound on the
/// spells a row completes (twice that, counting both hands) and on one
/// hand's candidates.
pub(crate) const MOST_ENDING: usize = {
    let mut most = 0;
    let mut l = 0;
    while l < 8 {
        let mut r = 0;
        while r < 8 {
            if BY_LAST[l][r].1 > most {
                most = BY_LAST[l][r].1;
            }
            r += 1;
        }
        l += 1;
    }
    most
};

impl Blank for (Spell, Completed) {
    const BLANK: Self = (Spell::Stab, Completed::BothHands);
}

/// Where a completed spell sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Completed {
    /// A one-handed spell finished by this hand.
    OneHand(Hand),
    /// A spell whose last gesture is made by both hands.
    BothHands,
}

/// A spell's gestures decoded into masks over packed gesture words: 4 bits
/// per row, newest row in the lowest bits (see [`Words`]).
#[derive(Clone, Copy)]
struct Pattern {
    /// The newest gesture and whether both hands make it.
    last: (Gesture, bool),
    /// Steps made by the leading hand alone.
    hand_mask: u32,
    hand_value: u32,
    /// Steps both hands make together.
    both_mask: u32,
    both_value: u32,
}

const fn decode(gestures: &str) -> Pattern {
    let bytes = gestures.as_bytes();
    let len = bytes.len();
    let mut p = Pattern {
        last: (Gesture::Nothing, false),
        hand_mask: 0,
        hand_value: 0,
        both_mask: 0,
        both_value: 0,
    };
    let mut j = 0;
    while j < len {
        let (g, both) = step(bytes[j]);
        let shift = 4 * (len - 1 - j);
        if both {
            p.both_mask |= 0xF << shift;
            p.both_value |= (g as u32) << shift;
        } else {
            p.hand_mask |= 0xF << shift;
            p.hand_value |= (g as u32) << shift;
        }
        if j == len - 1 {
            p.last = (g, both);
        }
        j += 1;
    }
    p
}

const PATTERNS: [Pattern; SPELL_COUNT] = {
    let mut out = [decode(""); SPELL_COUNT];
    let mut i = 0;
    while i < SPELL_COUNT {
        out[i] = decode(SPELLS[i].gestures);
        i += 1;
    }
    out
};

/// For each pair of (left, right) gestures just made, the spells (table
/// order) whose last gesture is one of them: the only ones that can complete.
const BY_LAST: [[([u8; SPELL_COUNT], usize); 8]; 8] = {
    let mut out = [[([0u8; SPELL_COUNT], 0usize); 8]; 8];
    let mut l = 0;
    while l < 8 {
        let mut r = 0;
        while r < 8 {
            let mut i = 0;
            while i < SPELL_COUNT {
                let g = PATTERNS[i].last.0 as usize;
                if g == l || g == r {
                    let n = out[l][r].1;
                    out[l][r].0[n] = i as u8;
                    out[l][r].1 = n + 1;
                }
                i += 1;
            }
            r += 1;
        }
        l += 1;
    }
    out
};

/// The newest eight rows packed 4 bits a row: each hand's gestures, and the
/// gestures both hands made together. Nothing, anti-spell rows and rows
/// before the first are 0, which no spell step equals, so they break every
/// sequence as the rules want.
struct Words {
    hands: [u32; 2],
    both: u32,
}

impl Words {
    fn of(history: &[Row]) -> Words {
        let mut w = Words {
            hands: [0; 2],
            both: 0,
        };
        for (i, row) in history.iter().rev().take(8).enumerate() {
            let code = |m: Mark| match m {
                Mark::Made(g) => g as u32,
                Mark::AntiSpell => 0,
            };
            let (l, r) = (code(row.marks[0]), code(row.marks[1]));
            w.hands[0] |= l << (4 * i);
            w.hands[1] |= r << (4 * i);
            if l == r {
                w.both |= l << (4 * i);
            }
        }
        w
    }

    /// Whether the pattern ends in the newest row when `main` leads.
    fn matches(&self, p: &Pattern, main: Hand) -> bool {
        self.hands[main.index()] & p.hand_mask == p.hand_value
            && self.both & p.both_mask == p.both_value
    }
}

/// Every spell completed by the newest row, in table order; a one-handed
/// spell completed by both hands appears twice (left first).
pub(crate) fn completed_spells(history: &[Row], out: &mut FoundSpells) {
    out.clear();
    let Some(last) = history.last() else { return };
    let [Mark::Made(l), Mark::Made(r)] = last.marks else {
        return;
    };
    let words = Words::of(history);
    let (list, n) = &BY_LAST[l as usize][r as usize];
    for &i in &list[..*n] {
        let i = usize::from(i);
        let p = &PATTERNS[i];
        let spell = Spell::ALL[i];
        if p.last.1 {
            if words.matches(p, Hand::Left) || words.matches(p, Hand::Right) {
                out.push((spell, Completed::BothHands));
            }
            continue;
        }
        if words.matches(p, Hand::Left) {
            out.push((spell, Completed::OneHand(Hand::Left)));
        }
        if words.matches(p, Hand::Right) {
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
        let mut out = FoundSpells::default();
        completed_spells(&history(rows), &mut out);
        out.to_vec()
    }

    #[test]
    fn decoded_patterns_agree_with_the_table() {
        for s in Spell::ALL {
            let p = &PATTERNS[s.index()];
            let steps: Vec<(Gesture, bool)> = s.steps().collect();
            assert_eq!(p.last, steps[steps.len() - 1], "{s:?}");
            assert_eq!(p.hand_mask & p.both_mask, 0, "{s:?}");
            assert_eq!(
                (p.hand_mask | p.both_mask).count_ones() as usize,
                4 * steps.len(),
                "{s:?}"
            );
        }
    }

    #[test]
    fn only_the_last_eight_rows_count_and_finger_of_death_needs_all_of_them() {
        let mut rows = vec![(Nothing, Nothing); 5];
        rows.extend([
            (Palm, Nothing),
            (Wave, Nothing),
            (Palm, Nothing),
            (Fingers, Nothing),
            (Snap, Nothing),
            (Snap, Nothing),
            (Snap, Nothing),
            (Digit, Nothing),
        ]);
        let spells: Vec<Spell> = found(&rows).iter().map(|x| x.0).collect();
        assert_eq!(spells, vec![Spell::FingerOfDeath, Spell::Missile]);
        let spells: Vec<Spell> = found(&rows[6..]).iter().map(|x| x.0).collect();
        assert_eq!(spells, vec![Spell::Missile]);
    }

    #[test]
    fn both_handed_spells_may_lead_with_either_hand() {
        // Invisibility: P P on the right hand only, then w s with both.
        let f = found(&[(Nothing, Palm), (Digit, Palm), (Wave, Wave), (Snap, Snap)]);
        assert!(
            f.contains(&(Spell::Invisibility, Completed::BothHands)),
            "{f:?}"
        );
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
        let mut out = FoundSpells::default();
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
