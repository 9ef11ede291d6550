//! Narration of what mind spells do to the gestures just made.

use super::pen::*;
use super::*;
use std::fmt::{self, Write};

/// The text of one of this family's events for the reader `p` writes for.
pub(super) fn write(e: &GestureEvent, p: &Pen, out: &mut impl Write) -> Result<bool, fmt::Error> {
    match e {
        GestureEvent::TwoStabs { wizard } => {
            if !p.me(*wizard) {
                return Ok(false);
            }
            put!(
                out,
                "You cannot stab with both hands; your right hand does nothing."
            )
        }
        GestureEvent::Amnesiac {
            wizard,
            left,
            right,
        } => put!(
            out,
            p.does(*wizard, "absent-mindedly repeat", "absent-mindedly repeats"),
            " last turn's gestures: ",
            left.name(),
            " with the left hand and ",
            right.name(),
            " with the right."
        ),
        GestureEvent::Confused {
            wizard,
            hand,
            gesture,
        } => put!(
            out,
            p.does(*wizard, "accidentally make", "accidentally makes"),
            " a ",
            gesture.name(),
            " with ",
            p.his(*wizard),
            " ",
            hand.name(),
            " hand."
        ),
        GestureEvent::Charmed {
            wizard,
            hand,
            gesture,
        } => put!(
            out,
            p.does(*wizard, "mysteriously make", "mysteriously makes"),
            " a ",
            gesture.name(),
            " with ",
            p.his(*wizard),
            " ",
            hand.name(),
            " hand."
        ),
        GestureEvent::Afraid { wizard, changed } => match changed {
            [true, true] => put!(
                out,
                p.does(*wizard, "are", "is"),
                " too frightened to use either hand."
            ),
            [true, false] => put!(
                out,
                cap(p.whose(*wizard)),
                " left hand shakes with fear and does nothing."
            ),
            [false, true] => put!(
                out,
                cap(p.whose(*wizard)),
                " right hand shakes with fear and does nothing."
            ),
            [false, false] => put!(
                out,
                p.does(
                    *wizard,
                    "are terrified, but manage",
                    "is terrified, but manages"
                ),
                " to gesture anyway."
            ),
        },
        GestureEvent::Frozen {
            wizard,
            hand,
            gesture,
        } => put!(
            out,
            cap(p.whose(*wizard)),
            " ",
            hand.name(),
            " hand is frozen in ",
            gesture.name(),
            "."
        ),
    }
    Ok(true)
}
