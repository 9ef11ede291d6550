//! Which spells a wizard's newest gestures complete, and on which hand.
//!
//! Each rule book's sequences are decoded once, at compile time, into a
//! [`Recogniser`]: masks over packed gesture words, with the book's spells
//! grouped by their last gesture, so a round only examines the few spells
//! that could end in the gestures just made.

use super::gesture::{Gesture, Hand, Mark};
use super::history::Row;
use super::inline_list::{Blank, InlineList};
use super::spellbook::{step, Spell, SpellInfo};

/// The spells one row completes: each at most once per hand.
pub(crate) type FoundSpells = InlineList<(Spell, Completed), { 2 * MOST_ENDING }>;

/// The most spells of any book that can end in one pair of gestures: a
/// bound on the spells a row completes (twice that, counting both hands)
/// and on one hand's candidates.
pub(crate) use super::rules::MOST_ENDING;

/// The most rows one book's table may have.
pub(crate) const MOST_ROWS: usize = 64;

/// Gesture codes (`Gesture as usize`) the packed words can hold.
const CODES: usize = Gesture::ALL.len() + 1;

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

/// One book's sequences, decoded: built by `const` evaluation from the
/// book's table, so a book costs nothing at run time.
pub(crate) struct Recogniser {
    patterns: [Pattern; MOST_ROWS],
    spells: [Spell; MOST_ROWS],
    /// For each pair of (left, right) gestures just made, the rows (table
    /// order) whose last gesture is one of them: the only ones that can complete.
    by_last: [[([u8; MOST_ROWS], u8); CODES]; CODES],
    /// The most rows one pair of gestures can complete.
    pub(crate) most_ending: usize,
}

impl Recogniser {
    /// Decodes `table` (at most [`MOST_ROWS`] rows).
    pub(crate) const fn new(table: &[SpellInfo]) -> Recogniser {
        assert!(
            table.len() <= MOST_ROWS,
            "a book of more rows than MOST_ROWS"
        );
        let mut r = Recogniser {
            patterns: [decode(""); MOST_ROWS],
            spells: [Spell::Stab; MOST_ROWS],
            by_last: [[([0u8; MOST_ROWS], 0u8); CODES]; CODES],
            most_ending: 0,
        };
        let mut i = 0;
        while i < table.len() {
            r.patterns[i] = decode(table[i].gestures);
            r.spells[i] = table[i].spell;
            i += 1;
        }
        let mut l = 0;
        while l < CODES {
            let mut rr = 0;
            while rr < CODES {
                let mut i = 0;
                while i < table.len() {
                    let g = r.patterns[i].last.0 as usize;
                    if g == l || g == rr {
                        let n = r.by_last[l][rr].1;
                        r.by_last[l][rr].0[n as usize] = i as u8;
                        r.by_last[l][rr].1 = n + 1;
                    }
                    i += 1;
                }
                if r.by_last[l][rr].1 as usize > r.most_ending {
                    r.most_ending = r.by_last[l][rr].1 as usize;
                }
                rr += 1;
            }
            l += 1;
        }
        r
    }

    /// Every spell of the book completed by the newest row, in table order;
    /// a one-handed spell completed by both hands appears twice (left first).
    pub(crate) fn completed(&self, history: &[Row], out: &mut FoundSpells) {
        out.clear();
        let Some(last) = history.last() else { return };
        let [Mark::Made(l), Mark::Made(r)] = last.marks else {
            return;
        };
        let (list, n) = &self.by_last[l as usize][r as usize];
        if *n == 0 {
            return;
        }
        let words = Words::of(history);
        for &i in &list[..usize::from(*n)] {
            let i = usize::from(i);
            let p = &self.patterns[i];
            let spell = self.spells[i];
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
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Gesture::{self, *};

    fn history(rows: &[(Gesture, Gesture)]) -> Vec<Row> {
        rows.iter().map(|&(l, r)| Row::made(l, r)).collect()
    }

    use crate::engine::RuleSet;

    fn original() -> &'static Recogniser {
        &RuleSet::original().recogniser
    }

    fn found(rows: &[(Gesture, Gesture)]) -> Vec<(Spell, Completed)> {
        let mut out = FoundSpells::default();
        original().completed(&history(rows), &mut out);
        out.to_vec()
    }

    #[test]
    fn decoded_patterns_agree_with_the_table() {
        for (i, row) in RuleSet::original().spells.iter().enumerate() {
            let s = row.spell;
            let p = &original().patterns[i];
            assert_eq!(original().spells[i], s);
            let steps: Vec<(Gesture, bool)> = row.steps().collect();
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
        original().completed(&h, &mut out);
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
