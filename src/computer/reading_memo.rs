//! Rollout readings already made, by the view they were made from. The
//! rollouts from one cell often draw the same moves for a round or two, so
//! the same positions come back again and again; a wizard's reading of a
//! position (the baseline's analysis and his policy over candidates)
//! depends on his view and the rollout's settings alone, so a reading made
//! once is copied instead of made again. The view is compared whole, so a
//! copy is only ever of the very same view. Per thread; the readings are
//! the same with or without it.

use super::analysis::Analysis;
use super::easy::Easy;
use crate::engine::{Gesture, View};
use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// A wizard's reading of one position: his analysis, and his candidate
/// pairs with their softmax weights.
#[derive(Debug)]
pub struct Reading {
    /// The baseline's analysis (his answers are read from it).
    pub analysis: Analysis,
    /// His candidate pairs, best first.
    pub pairs: Vec<(Gesture, Gesture)>,
    /// Their softmax weights.
    pub weights: Vec<f64>,
}

/// What a reading was made with besides the view: the candidates' count
/// and the softmax temperature's bits.
pub type Settings = (usize, u64);

/// log2 of the number of readings kept. Few, so that they stay in the
/// cache: a reading is some 6 KB with its view, and at 1,024 a thread the
/// misses of the memory itself cost more time than its extra hits saved
/// (tests/bench/README.md, issue 33, session 7).
const SLOT_BITS: u32 = 8;

/// One kept reading and what it was made from.
struct Kept {
    pos: View,
    settings: Settings,
    reading: Rc<Reading>,
}

thread_local! {
    static KEPT: RefCell<Vec<Option<Kept>>> =
        RefCell::new((0..1 << SLOT_BITS).map(|_| None).collect());
}

/// The reading kept for `pos` read with `settings`, else `work()`'s, kept
/// (shared, not copied: a reading is never changed once made).
pub fn remembered(pos: &View, settings: Settings, work: impl FnOnce() -> Reading) -> Rc<Reading> {
    let slot = slot(pos, settings);
    let hit = KEPT.with(|kept| match &kept.borrow()[slot] {
        Some(k) if k.settings == settings && k.pos == *pos => Some(Rc::clone(&k.reading)),
        _ => None,
    });
    if let Some(reading) = hit {
        return reading;
    }
    let reading = Rc::new(work());
    KEPT.with(|kept| {
        let mut kept = kept.borrow_mut();
        match &mut kept[slot] {
            // The slot's view buffers are reused for the new one.
            Some(k) => {
                k.pos.clone_from(pos);
                k.settings = settings;
                k.reading = Rc::clone(&reading);
            }
            empty => {
                *empty = Some(Kept {
                    pos: pos.clone(),
                    settings,
                    reading: Rc::clone(&reading),
                })
            }
        }
    });
    reading
}

/// log2 of the number of baseline answers kept.
const ANSWER_SLOT_BITS: u32 = 8;

/// One kept set of the baseline's answers and the view they answer.
type KeptAnswers = Option<(View, Vec<usize>)>;

thread_local! {
    static ANSWERS: RefCell<Vec<KeptAnswers>> =
        RefCell::new((0..1 << ANSWER_SLOT_BITS).map(|_| None).collect());
}

/// The baseline's answers to `pos`'s questions (`Easy::answers`), kept by
/// the view they answer: a rollout's first round asks the same questions
/// of the same position again and again (one start, a few moves drawn),
/// and the answers depend on the view alone.
pub fn baseline_answers(pos: &View) -> Vec<usize> {
    let slot = slot(pos, (0, 0)) >> (SLOT_BITS - ANSWER_SLOT_BITS);
    let hit = ANSWERS.with(|kept| match &kept.borrow()[slot] {
        Some((seen, answers)) if seen == pos => Some(answers.clone()),
        _ => None,
    });
    if let Some(answers) = hit {
        return answers;
    }
    let answers = Easy::default().answers(pos);
    ANSWERS.with(|kept| match &mut kept.borrow_mut()[slot] {
        Some((seen, old)) => {
            seen.clone_from(pos);
            old.clone_from(&answers);
        }
        empty => *empty = Some((pos.clone(), answers.clone())),
    });
    answers
}

/// The slot of a view: a hash of what changes from round to round (the
/// seat, the turn, the beings' hit points and marks, each wizard's newest
/// rows); views that agree there and differ elsewhere share a slot and
/// are told apart by the whole comparison.
fn slot(pos: &View, settings: Settings) -> usize {
    let mut h = Mix(0);
    settings.hash(&mut h);
    pos.me.hash(&mut h);
    pos.turn.hash(&mut h);
    for b in &pos.beings {
        b.id.hash(&mut h);
        b.hp.hash(&mut h);
        b.flags.hash(&mut h);
        b.effects.len().hash(&mut h);
    }
    for rows in &pos.gestures {
        rows.len().hash(&mut h);
        rows[rows.len().saturating_sub(2)..].hash(&mut h);
    }
    pos.questions.len().hash(&mut h);
    (h.finish() >> (64 - SLOT_BITS)) as usize
}

/// A quick multiplicative hash (a slot needs spreading, not strength).
struct Mix(u64);

impl Hasher for Mix {
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(u64::from(*b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517C_C1B7_2722_0A95);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_i32(&mut self, n: i32) {
        self.write_u64(n as u32 as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}
