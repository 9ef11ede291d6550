//! `easy`: the baseline, our own re-implementation of how the Warlocks Duel
//! app's bot decides (one ply, no randomness: its every choice can be
//! followed by hand), on our spell book, with that bot's known quirks fixed
//! (a total order for its sort, cold resistance counted, either of Disease
//! and Poison cured, hit points read for cures and killing shots).
//!
//! Each turn it goes through eight steps, which the other files name:
//!
//! 1. predict the enemy's most dangerous spell on each hand
//!    ([`analysis`](super::analysis));
//! 2. count the monsters' strength on each side (`analysis`);
//! 3. adjust its own spells' priorities to the position (`analysis`);
//! 4. "break the enemy": answer each threat with a spell that lands in time
//!    ([`defence`](super::defence));
//! 5. fill the free hands with the best spells that do not clash
//!    ([`attack`](super::attack));
//! 6. turn the two picks into a gesture pair (`attack`);
//! 7. aim each spell it completes, and 8. send each of its monsters at a
//!    target ([`answers`](super::answers), with the other questions).

use super::analysis::Analysis;
use super::answers::answer_all;
use super::attack::{emit, fill};
use super::defence::{defend, Picks};
use super::table::FULL_BOOK;
use crate::engine::{Gesture, PlayerId, Seen, View};

/// The baseline bot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Easy {
    /// Highest magic-book level of its own spells (1 = beginner list ... 5 = all).
    pub book: u8,
}

impl Default for Easy {
    fn default() -> Easy {
        Easy { book: FULL_BOOK }
    }
}

/// The baseline's whole reasoning for one move, kept for tests and for the search.
#[derive(Debug, Clone)]
pub struct Plan {
    /// What it read from the position.
    pub analysis: Analysis,
    /// The spell each hand pursues.
    pub picks: Picks,
    /// The gestures it makes (left, right).
    pub gestures: (Gesture, Gesture),
}

impl Easy {
    /// Steps 1–6: the spells it pursues and the gestures it makes now.
    pub fn plan(&self, pos: &View) -> Plan {
        self.plan_for(pos, pos.me)
    }

    /// The plan of wizard `player` read from `pos` (the search uses it for both sides).
    pub fn plan_for(&self, pos: &View, player: PlayerId) -> Plan {
        let analysis = Analysis::new(pos, player, self.book);
        let mut picks = defend(pos, &analysis);
        fill(&analysis, &mut picks);
        let gestures = emit(&picks);
        Plan {
            analysis,
            picks,
            gestures,
        }
    }

    /// The gestures (left, right) it makes in this position.
    pub fn gestures(&self, pos: &View) -> (Gesture, Gesture) {
        self.plan(pos).gestures
    }

    /// One option index per open question of the seat, in order.
    pub fn answers(&self, pos: &View) -> Vec<usize> {
        match without_unrevealed_rows(pos) {
            Some(seen) => answer_all(&seen, &Analysis::new(&seen, seen.me, self.book)),
            None => answer_all(pos, &Analysis::new(pos, pos.me, self.book)),
        }
    }
}

/// The position as it stood before this turn's gestures, for answers given
/// before the reveal: the enemies' newest row is still unrevealed then, and
/// would break every spell in progress. (Our own newest row is known and
/// kept.) A row is this turn's exactly when the engine marks it unrevealed;
/// the row counts are no guide: a wizard frozen by Death Match's Frost Bolt
/// (or left out of a hasted round) has fewer rows than the other for the
/// rest of the duel, and the enemy read through this turn's row then has no
/// blow under way (a mirror's clap was announced as Fear, the bolt about
/// to land unseen).
/// `None` when no answer is given before the reveal: the position serves as it is.
fn without_unrevealed_rows(pos: &View) -> Option<View> {
    if !pos.before_reveal || pos.questions.is_empty() {
        return None;
    }
    let mut out = pos.clone();
    for (p, rows) in out.gestures.iter_mut().enumerate() {
        let this_turn = |row: &[Seen; 2]| row.contains(&Seen::Unrevealed);
        if p != pos.me.index() && rows.last().is_some_and(this_turn) {
            rows.pop();
        }
    }
    Some(out)
}
