//! Narration of what mind spells do to the gestures just made.

use super::pen::*;
use super::*;

/// The text of one of this family's events for the reader `p` writes for.
pub(super) fn text(e: &GestureEvent, p: &Pen) -> Option<String> {
    Some(match e {
        GestureEvent::TwoStabs { wizard } => {
            if !p.me(*wizard) {
                return None;
            }
            "You cannot stab with both hands; your right hand does nothing.".into()
        }
        GestureEvent::Amnesiac {
            wizard,
            left,
            right,
        } => format!(
            "{} last turn's gestures: {} with the left hand and {} with the right.",
            p.does(*wizard, "absent-mindedly repeat", "absent-mindedly repeats"),
            left.name(),
            right.name()
        ),
        GestureEvent::Confused {
            wizard,
            hand,
            gesture,
        } => format!(
            "{} a {} with {} {} hand.",
            p.does(*wizard, "accidentally make", "accidentally makes"),
            gesture.name(),
            p.his(*wizard),
            hand.name()
        ),
        GestureEvent::Charmed {
            wizard,
            hand,
            gesture,
        } => format!(
            "{} a {} with {} {} hand.",
            p.does(*wizard, "mysteriously make", "mysteriously makes"),
            gesture.name(),
            p.his(*wizard),
            hand.name()
        ),
        GestureEvent::Afraid { wizard, changed } => match changed {
            [true, true] => format!(
                "{} too frightened to use either hand.",
                p.does(*wizard, "are", "is")
            ),
            [true, false] => format!(
                "{} left hand shakes with fear and does nothing.",
                cap(p.whose(*wizard))
            ),
            [false, true] => format!(
                "{} right hand shakes with fear and does nothing.",
                cap(p.whose(*wizard))
            ),
            [false, false] => format!(
                "{} to gesture anyway.",
                p.does(
                    *wizard,
                    "are terrified, but manage",
                    "is terrified, but manages"
                )
            ),
        },
        GestureEvent::Frozen {
            wizard,
            hand,
            gesture,
        } => format!(
            "{} {} hand is frozen in {}.",
            cap(p.whose(*wizard)),
            hand.name(),
            gesture.name()
        ),
    })
}
