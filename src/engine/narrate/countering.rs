//! Narration of spells that are countered, bounce, cancel each other or
//! fail: dispels, counter-spells, mirrors, storms, clashing minds.

use super::pen::*;
use super::*;

/// The text of one of this family's events for the reader `p` writes for.
pub(super) fn text(e: &CounterEvent, p: &Pen) -> Option<String> {
    Some(match e {
        CounterEvent::MagicFades => "All the magical energies in the arena fade away.".into(),
        CounterEvent::TornApart { being } => format!(
            "{} torn apart by the unravelling magic!",
            p.does(*being, "are", "is")
        ),
        CounterEvent::CounterDispelled { being } => {
            format!("The Counter-spell around {} is dispelled.", p.whom(*being))
        }
        CounterEvent::MirrorDispelled { being } => {
            format!("The Magic Mirror around {} is dispelled.", p.whom(*being))
        }
        CounterEvent::CounterFlares { being, mirror_lost } => {
            let mut s = format!("A Counter-spell flares around {}.", p.whom(*being));
            if *mirror_lost {
                s.push_str(" It shatters the Magic Mirror there.");
            }
            s
        }
        CounterEvent::MirrorSwirls { being } => {
            format!("A Magic Mirror swirls around {}.", p.whom(*being))
        }
        CounterEvent::Dispelled { cast } => format!(
            "{} {} is dispelled.",
            cap(p.whose(cast.caster)),
            cast.spell.name()
        ),
        CounterEvent::Countered { cast, target } => format!(
            "{} {} is destroyed by the Counter-spell around {}.",
            cap(p.whose(cast.caster)),
            cast.spell.name(),
            p.whom(*target)
        ),
        CounterEvent::ShortBoltSpent { wizard } => {
            if p.me(*wizard) {
                "You have already used the short Lightning Bolt this battle; it fizzles.".into()
            } else {
                format!("{}'s Lightning Bolt fizzles.", p.name(*wizard))
            }
        }
        CounterEvent::MirrorsBounce { cast, target } => format!(
            "{} {} bounces between the mirrors of {} and {} until it falls apart.",
            cap(p.whose(cast.caster)),
            cast.spell.name(),
            p.whom(*target),
            p.whom(cast.caster)
        ),
        CounterEvent::Reflected { cast, mirror } => format!(
            "{} {} is reflected by the Magic Mirror around {}!",
            cap(p.whose(cast.caster)),
            cast.spell.name(),
            p.whom(*mirror)
        ),
        CounterEvent::StormsCancel => {
            "The Fire Storm and the Ice Storm meet and cancel each other out.".into()
        }
        CounterEvent::LifeAndDeathCancel { being } => format!(
            "The Raise Dead and the Finger of Death on {} cancel each other out.",
            p.whom(*being)
        ),
        CounterEvent::Meltwater { being } => format!(
            "The Iceball at {} meets the Fire Storm and melts into harmless water.",
            p.whom(*being)
        ),
        CounterEvent::Steam { being } => format!(
            "The Fireball at {} meets the Ice Storm and bursts into harmless steam.",
            p.whom(*being)
        ),
        CounterEvent::MindsClash { being, counts } => {
            let list: Vec<String> = counts
                .iter()
                .map(|&(s, n)| {
                    if n > 1 {
                        format!("{} {}", count_word(n), s.name())
                    } else {
                        s.name().to_string()
                    }
                })
                .collect();
            let list = match list.split_last() {
                Some((last, rest)) if !rest.is_empty() => {
                    format!("{} and {last}", rest.join(", "))
                }
                _ => list.join(""),
            };
            format!(
                "The {list} on {} interfere with each other and have no effect.",
                p.whom(*being)
            )
        }
    })
}
