//! A wizard's gesture history and what each viewer may see of it.

use super::gesture::{Gesture, Hand, Mark, Seen};

/// One recorded row: what both hands did in one turn the wizard was active
/// (or an anti-spell or death row), with what it takes to decide who saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Row {
    /// Left and right hand.
    pub marks: [Mark; 2],
    /// Hidden from everyone else: the wizard was invisible or time was stopped.
    pub hidden: bool,
    /// Bit v set: wizard v was blind when the row was recorded.
    pub blind_viewers: u8,
}

impl Row {
    /// A row of two gestures.
    pub fn made(left: Gesture, right: Gesture) -> Row {
        Row {
            marks: [Mark::Made(left), Mark::Made(right)],
            hidden: false,
            blind_viewers: 0,
        }
    }

    /// The gesture of one hand, if the row holds gestures.
    pub fn gesture(&self, hand: Hand) -> Option<Gesture> {
        self.marks[hand.index()].gesture()
    }

    /// What `viewer` (a wizard index) sees of this row of `owner`'s history.
    pub fn seen_by(&self, owner: usize, viewer: Option<usize>) -> [Seen; 2] {
        let fogged = match viewer {
            Some(v) if v == owner => false,
            Some(v) => self.hidden || self.blind_viewers & (1 << v) != 0,
            None => false,
        };
        if fogged {
            [Seen::Fog, Seen::Fog]
        } else {
            [Seen::Mark(self.marks[0]), Seen::Mark(self.marks[1])]
        }
    }
}

/// The newest gesture of `hand` before the last row, skipping anti-spell rows
/// (what Amnesia repeats and Paralysis freezes); nothing before the first row.
pub(crate) fn previous_gesture(history: &[Row], hand: Hand) -> Gesture {
    let n = history.len();
    if n < 2 {
        return Gesture::Nothing;
    }
    history[..n - 1]
        .iter()
        .rev()
        .find_map(|r| r.gesture(hand))
        .unwrap_or(Gesture::Nothing)
}
