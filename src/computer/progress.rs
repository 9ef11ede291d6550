//! Spell instances: how far each spell has come on each hand, what gesture it
//! needs next, and what it is worth now: the baseline's measure of a spell,
//! `base × (progress + 1) / (length + 1)`.

use super::table::{self, Entry};
use super::view_ext::{seen_gesture, ViewExt};
use crate::engine::{Gesture, Hand, PlayerId, RuleSet, Spell, View};

/// One spell on one hand, measured against that hand's history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Instance {
    /// The spell.
    pub spell: Spell,
    /// The hand that leads it.
    pub hand: Hand,
    /// Number of gestures of the spell.
    pub length: i32,
    /// Turns to completion: `length` for a fresh start, `length + 1` when impossible.
    pub ttc: i32,
    /// Gestures already made (`length - ttc`), or -1 when the next one is not allowed.
    pub progress: i32,
    /// The gesture it needs next (the first one for fresh or impossible instances).
    pub next: Gesture,
    /// Whether that gesture must be made by both hands.
    pub next_both: bool,
    /// The priority (own spells) or threat base (the enemy's), scaled by progress.
    pub priority: i32,
    /// The rule book whose sequence it follows.
    pub rules: &'static RuleSet,
}

impl Instance {
    /// Whether the spell can still be completed on time.
    pub fn possible(&self) -> bool {
        self.progress >= 0
    }

    /// The gestures still to make, oldest first, with their both-hands mark.
    pub fn remaining(&self) -> impl Iterator<Item = (Gesture, bool)> {
        let done = self.progress.max(0) as usize;
        shape_of(self.rules, self.spell)
            .steps
            .iter()
            .copied()
            .skip(done)
    }

    /// The bot's numbers for this spell.
    pub fn entry(&self) -> Entry {
        table::entry(self.spell)
    }

    /// The same spell begun afresh on the same hand, when it is under way:
    /// an answer already started may stand a turn too early for a blow
    /// (a mirror or counter-spell acts for its own turn only), and begun
    /// again now it stands the turn the blow lands.
    pub fn restarted(&self) -> Option<Instance> {
        if self.progress <= 0 {
            return None;
        }
        let (next, next_both) = *shape_of(self.rules, self.spell).steps.first()?;
        Some(Instance {
            ttc: self.length,
            progress: 0,
            next,
            next_both,
            ..*self
        })
    }
}

impl Instance {
    /// The turns from now until the spell lands if its hand makes `g` now
    /// (`both`: the other hand makes `g` too), counting this turn as 1: the
    /// progress then is the most of the spell's first gestures the hand
    /// ends with. Besides the next step (`ttc`) and a fresh start, this
    /// finds the gesture that keeps the progress where it is (D after D-D
    /// of D-D-S), so an answer can wait a turn to stand when a blow lands.
    pub fn lands_in_after(&self, g: Gesture, both: bool) -> i32 {
        let steps = &shape_of(self.rules, self.spell).steps;
        let (n, p) = (steps.len(), self.progress.max(0) as usize);
        // The hand ends with the first p steps; k steps after `g` when the
        // first k-1 are the last k-1 of those and step k is `g`.
        let k = (1..=(p + 1).min(n))
            .rev()
            .find(|&k| {
                let (step, step_both) = steps[k - 1];
                steps[..k - 1] == steps[p + 1 - k..p] && step == g && (!step_both || both)
            })
            .unwrap_or(0);
        1 + (n - k) as i32
    }
}

/// Both hands' recent histories of one wizard, packed one byte a row with
/// the newest row lowest, so that "the last k gestures are the spell's first
/// k" is one masked comparison (see [`Shape`]).
struct Hands {
    hist: [u64; 2],
}

/// A square no spell can run through (fog, anti-spell).
const BLANK: u64 = 0xFF;
/// A row before the wizard's first.
const BEFORE: u64 = 0xFE;

impl Hands {
    /// The longest spell has 8 gestures: older rows never matter.
    const REACH: usize = 8;

    fn of(pos: &View, player: PlayerId) -> Hands {
        let rows = pos.rows(player);
        let recent = &rows[rows.len().saturating_sub(Hands::REACH)..];
        let hand = |h: Hand| {
            let mut packed = u64::MAX / 0xFF * BEFORE;
            for row in recent {
                let byte = seen_gesture(row[h.index()]).map_or(BLANK, |g| g as u64);
                packed = packed << 8 | byte;
            }
            packed
        };
        Hands {
            hist: [hand(Hand::Left), hand(Hand::Right)],
        }
    }
}

/// A spell's gestures, and for each k below its length the masked patterns
/// its first k gestures leave in [`Hands`]: (mask, pattern) on the leading
/// hand, (mask, pattern) on the other (both-hands steps only).
struct Shape {
    steps: Vec<(Gesture, bool)>,
    prefixes: Vec<[u64; 4]>,
    /// Per gesture, the prefix lengths k (below the spell's length) whose
    /// last step is that gesture, one bit each: only those can be what a
    /// hand whose newest gesture it is has made.
    ends_with: [u8; 16],
}

impl Shape {
    fn of(rules: &RuleSet, spell: Spell) -> Shape {
        // A spell the book lacks has no steps: a placeholder never planned.
        let mut steps: Vec<(Gesture, bool)> = rules.info(spell).steps().collect();
        if steps.is_empty() {
            steps.push((Gesture::Nothing, false));
        }
        let prefixes = (0..steps.len())
            .map(|k| {
                let mut p = [0u64; 4];
                for (j, &(g, both)) in steps[..k].iter().enumerate() {
                    let shift = 8 * (k - 1 - j);
                    p[0] |= 0xFF << shift;
                    p[1] |= (g as u64) << shift;
                    if both {
                        p[2] |= 0xFF << shift;
                        p[3] |= (g as u64) << shift;
                    }
                }
                p
            })
            .collect();
        let mut ends_with = [0u8; 16];
        // Hands keep 8 rows (`Hands::REACH`): prefixes of up to 7 steps.
        for (k, &(g, _)) in steps.iter().enumerate().take((steps.len() - 1).min(7)) {
            ends_with[g as usize] |= 1 << (k + 1);
        }
        Shape {
            steps,
            prefixes,
            ends_with,
        }
    }

    /// The most gestures of the spell (fewer than all) that `mine` (with
    /// `other`, the other hand) ends with.
    fn done(&self, mine: u64, other: u64) -> usize {
        // BLANK and BEFORE are past the 16 gestures: no prefix ends there.
        let newest = (mine & 0xFF) as usize;
        let mut left = self.ends_with.get(newest).copied().unwrap_or(0);
        while left != 0 {
            let k = 7 - left.leading_zeros() as usize;
            let [mm, mp, om, op] = self.prefixes[k];
            if mine & mm == mp && other & om == op {
                return k;
            }
            left &= !(1 << k);
        }
        0
    }
}

/// The place of a book in [`RuleSet::ALL`], which indexes the tables built once per book.
fn book_index(rules: &RuleSet) -> usize {
    RuleSet::ALL.iter().position(|r| *r == rules).unwrap_or(0)
}

/// Tables built once per book, on first use.
type PerBook<T> = [std::sync::OnceLock<T>; RuleSet::ALL.len()];

/// Every spell's shape in a book, built once from the book.
fn shape_of(rules: &'static RuleSet, spell: Spell) -> &'static Shape {
    static TABLES: PerBook<Vec<Shape>> = [const { std::sync::OnceLock::new() }; RuleSet::ALL.len()];
    let table = TABLES[book_index(rules)]
        .get_or_init(|| Spell::ALL.iter().map(|&s| Shape::of(rules, s)).collect());
    &table[spell.index()]
}

/// Measures `spell` on `hand` of `player`; `base` is the priority it is worth when complete.
#[cfg(test)]
pub fn measure(
    pos: &View,
    player: PlayerId,
    spell: Spell,
    hand: Hand,
    base: i32,
    allowed: &[GestureSet; 2],
) -> Instance {
    measure_in(
        &Hands::of(pos, player),
        pos.rules,
        spell,
        hand,
        base,
        allowed,
    )
}

#[cfg(test)]
fn measure_in(
    hands: &Hands,
    rules: &'static RuleSet,
    spell: Spell,
    hand: Hand,
    base: i32,
    allowed: &[GestureSet; 2],
) -> Instance {
    let shape = shape_of(rules, spell);
    let mut x = measure_shape(hands, rules, shape, spell, hand, allowed);
    x.priority = base * (x.progress + 1) / (x.length + 1);
    x
}

/// An instance of `spell` (whose shape is `shape`) on `hand`, its priority
/// left at 0 for the caller to fill.
fn measure_shape(
    hands: &Hands,
    rules: &'static RuleSet,
    shape: &Shape,
    spell: Spell,
    hand: Hand,
    allowed: &[GestureSet; 2],
) -> Instance {
    let steps = &shape.steps;
    let length = steps.len();
    let done = shape.done(hands.hist[hand.index()], hands.hist[hand.other().index()]);
    let length = length as i32;
    let (next, next_both) = steps[done];
    let may = allowed[hand.index()].contains(next)
        && (!next_both || allowed[hand.other().index()].contains(next));
    let (progress, ttc) = if may {
        (done as i32, length - done as i32)
    } else {
        (-1, length + 1)
    };
    Instance {
        spell,
        hand,
        length,
        ttc,
        progress,
        next,
        next_both,
        priority: 0,
        rules,
    }
}

/// Whose numbers an instance list uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The bot's own spells: priority, limited to its book level.
    Own {
        /// Highest book level allowed (1..=5).
        book: u8,
    },
    /// The enemy's spells: danger, every spell.
    Enemy,
}

/// What [`instances`] needs of one plannable spell, worked out once: its
/// shape, book level, and its priority (own) and danger (enemy's) for each
/// progress from -1 up, `base × (progress + 1) / (length + 1)`.
struct Plannable {
    spell: Spell,
    shape: Shape,
    book: u8,
    own: Vec<i32>,
    danger: Vec<i32>,
}

/// The plannable spells of a book, in the book's order.
fn plannable_spells(rules: &'static RuleSet) -> &'static [Plannable] {
    static TABLES: PerBook<Vec<Plannable>> =
        [const { std::sync::OnceLock::new() }; RuleSet::ALL.len()];
    TABLES[book_index(rules)].get_or_init(|| {
        rules
            .spells
            .iter()
            .map(|row| row.spell)
            .filter(|&s| table::plannable(s))
            .map(|spell| {
                let row = table::entry_in(rules, spell);
                let shape = Shape::of(rules, spell);
                let length = shape.steps.len() as i32;
                let scaled = |base: i32| {
                    (-1..length)
                        .map(|p| base * (p + 1) / (length + 1))
                        .collect()
                };
                Plannable {
                    spell,
                    book: row.book,
                    own: scaled(row.base),
                    danger: scaled(row.danger),
                    shape,
                }
            })
            .collect()
    })
}

/// Every instance of `player`'s plannable spells on both hands, summons
/// deduplicated (see [`merge_summons`]): the enemy's in table order (left
/// before right for each spell), one's own best first (see
/// [`sort_best_first`]; sorted once when measured, so that the analysis,
/// which moves a few priorities, puts it back in order cheaply).
pub fn instances(pos: &View, player: PlayerId, side: Side) -> Vec<Instance> {
    let allowed = allowed(pos, player);
    let hands = Hands::of(pos, player);
    let key = memo::Key {
        book: book_index(pos.rules),
        hist: hands.hist,
        allowed: allowed.map(GestureSet::bits),
        side,
    };
    memo::remembered(key, || measured(pos.rules, &hands, &allowed, side))
}

/// [`instances`] from what it reads of the position.
fn measured(
    rules: &'static RuleSet,
    hands: &Hands,
    allowed: &[GestureSet; 2],
    side: Side,
) -> Vec<Instance> {
    let mut out = Vec::with_capacity(2 * Spell::ALL.len());
    for p in plannable_spells(rules) {
        let scale = match side {
            Side::Own { book } if p.book > book => continue,
            Side::Own { .. } => &p.own,
            Side::Enemy => &p.danger,
        };
        for hand in Hand::BOTH {
            let mut x = measure_shape(hands, rules, &p.shape, p.spell, hand, allowed);
            x.priority = scale[(x.progress + 1) as usize];
            out.push(x);
        }
    }
    merge_summons(&mut out);
    match side {
        Side::Own { .. } => best_first_from_fresh(rules, out),
        Side::Enemy => out,
    }
}

/// The summons share the tail …SFW: when a smaller one on a hand is as close as a
/// bigger one already listed but worth more, the bigger one takes its priority
/// and the smaller one is dropped (so one summon per distance is pursued).
fn merge_summons(list: &mut Vec<Instance>) {
    const ORDER: [Spell; 4] = [
        Spell::SummonGiant,
        Spell::SummonTroll,
        Spell::SummonOgre,
        Spell::SummonGoblin,
    ];
    // Where each summon stands in the list, per hand, in ORDER.
    let mut at = [[None; 4]; 2];
    for (i, x) in list.iter().enumerate() {
        let o = match x.spell {
            Spell::SummonGiant => 0,
            Spell::SummonTroll => 1,
            Spell::SummonOgre => 2,
            Spell::SummonGoblin => 3,
            _ => continue,
        };
        debug_assert_eq!(ORDER[o], x.spell);
        at[x.hand.index()][o] = Some(i);
    }
    let mut dropped = [false; 2 * Spell::ALL.len()];
    let mut any = false;
    for hand in at {
        let mut kept: [usize; 4] = [0; 4];
        let mut n = 0;
        for i in hand.into_iter().flatten() {
            let earlier = kept[..n]
                .iter()
                .copied()
                .find(|&k| list[k].ttc == list[i].ttc);
            match earlier {
                Some(k) if list[i].priority > list[k].priority => {
                    list[k].priority = list[i].priority;
                    dropped[i] = true;
                    any = true;
                }
                _ => {
                    kept[n] = i;
                    n += 1;
                }
            }
        }
    }
    if any {
        let mut i = 0;
        list.retain(|_| {
            i += 1;
            !dropped[i - 1]
        });
    }
}

mod allowed;
mod fresh_order;
mod memo;
mod order;

pub use allowed::{allowed, GestureSet};
use fresh_order::best_first_from_fresh;
pub use order::{resort_best_first, sort_best_first};
#[cfg(test)]
mod tests;
