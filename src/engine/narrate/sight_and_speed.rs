//! Narration of sight and speed: blindness and invisibility coming and
//! going, Haste and Time Stop starting, running and ending.

use super::pen::*;
use super::*;
use std::fmt::{self, Write};

/// The text of one of this family's events for the reader `p` writes for.
pub(super) fn write(
    e: &SightSpeedEvent,
    p: &Pen,
    out: &mut impl Write,
) -> Result<bool, fmt::Error> {
    match e {
        SightSpeedEvent::Blinded { being, again } => {
            if *again {
                put!(out, p.does(*being, "are", "is"), " still blind.")
            } else {
                put!(out, "Scales grow over ", p.his(*being), " eyes!")
            }
        }
        SightSpeedEvent::SightReturns { being } => {
            put!(out, cap(p.whose(*being)), " sight returns.")
        }
        SightSpeedEvent::Vanishes { being, again } => {
            if *again {
                put!(out, p.does(*being, "are", "is"), " still invisible.")
            } else {
                put!(out, p.does(*being, "fade", "fades"), " from view.")
            }
        }
        SightSpeedEvent::Reappears { being } => {
            put!(out, p.does(*being, "become", "becomes"), " visible again.")
        }
        SightSpeedEvent::HasteEnds { being, nulled } => {
            if *nulled {
                put!(out, "The Haste on ", p.whom(*being), " is nulled.")
            } else {
                put!(out, p.does(*being, "slow", "slows"), " down.")
            }
        }
        SightSpeedEvent::TimeStop { being, running } => {
            if *running {
                if p.me(*being) {
                    put!(out, "Everything around you stops.")
                } else {
                    put!(out, p.name(*being), " accelerates into a flickering blur.")
                }
            } else {
                put!(
                    out,
                    p.does(*being, "reappear,", "reappears,"),
                    " moving at normal speed."
                )
            }
        }
        SightSpeedEvent::Haste {
            being,
            starting,
            running,
        } => {
            let b = *being;
            if *starting {
                put!(out, p.does(b, "begin", "begins"), " moving very quickly.")
            } else if *running {
                put!(out, p.does(b, "are", "is"), " still moving quickly.")
            } else {
                put!(out, p.does(b, "slow", "slows"), " down to normal speed.")
            }
        }
    }
    Ok(true)
}
