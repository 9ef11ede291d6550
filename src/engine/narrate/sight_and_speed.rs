//! Narration of sight and speed: blindness and invisibility coming and
//! going, Haste and Time Stop starting, running and ending.

use super::pen::*;
use super::*;

/// The text of one of this family's events for the reader `p` writes for.
pub(super) fn text(e: &SightSpeedEvent, p: &Pen) -> Option<String> {
    Some(match e {
        SightSpeedEvent::Blinded { being, again } => {
            if *again {
                format!("{} still blind.", p.does(*being, "are", "is"))
            } else {
                format!("Scales grow over {} eyes!", p.his(*being))
            }
        }
        SightSpeedEvent::SightReturns { being } => {
            format!("{} sight returns.", cap(p.whose(*being)))
        }
        SightSpeedEvent::Vanishes { being, again } => {
            if *again {
                format!("{} still invisible.", p.does(*being, "are", "is"))
            } else {
                format!("{} from view.", p.does(*being, "fade", "fades"))
            }
        }
        SightSpeedEvent::Reappears { being } => {
            format!("{} visible again.", p.does(*being, "become", "becomes"))
        }
        SightSpeedEvent::HasteEnds { being, nulled } => {
            if *nulled {
                format!("The Haste on {} is nulled.", p.whom(*being))
            } else {
                format!("{} down.", p.does(*being, "slow", "slows"))
            }
        }
        SightSpeedEvent::TimeStop { being, running } => {
            if *running {
                if p.me(*being) {
                    "Everything around you stops.".into()
                } else {
                    format!("{} accelerates into a flickering blur.", p.name(*being))
                }
            } else {
                format!(
                    "{} moving at normal speed.",
                    p.does(*being, "reappear,", "reappears,")
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
                format!("{} moving very quickly.", p.does(b, "begin", "begins"))
            } else if *running {
                format!("{} still moving quickly.", p.does(b, "are", "is"))
            } else {
                format!("{} down to normal speed.", p.does(b, "slow", "slows"))
            }
        }
    })
}
