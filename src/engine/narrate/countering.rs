//! Narration of spells that are countered, bounce, cancel each other or
//! fail: dispels, counter-spells, mirrors, storms, clashing minds.

use super::pen::*;
use super::*;
use std::fmt::{self, Write};

/// The text of one of this family's events for the reader `p` writes for.
pub(super) fn write(e: &CounterEvent, p: &Pen, out: &mut impl Write) -> Result<bool, fmt::Error> {
    match e {
        CounterEvent::MagicFades => put!(out, "All the magical energies in the arena fade away."),
        CounterEvent::TornApart { being } => put!(
            out,
            p.does(*being, "are", "is"),
            " torn apart by the unravelling magic!"
        ),
        CounterEvent::CounterDispelled { being } => {
            put!(
                out,
                "The Counter-spell around ",
                p.whom(*being),
                " is dispelled."
            )
        }
        CounterEvent::MirrorDispelled { being } => {
            put!(
                out,
                "The Magic Mirror around ",
                p.whom(*being),
                " is dispelled."
            )
        }
        CounterEvent::CounterFlares { being, mirror_lost } => {
            put!(out, "A Counter-spell flares around ", p.whom(*being), ".");
            if *mirror_lost {
                put!(out, " It shatters the Magic Mirror there.");
            }
        }
        CounterEvent::MirrorSwirls { being } => {
            put!(out, "A Magic Mirror swirls around ", p.whom(*being), ".")
        }
        CounterEvent::Dispelled { cast } => put!(
            out,
            cap(p.whose(cast.caster)),
            " ",
            cast.spell.name(),
            " is dispelled."
        ),
        CounterEvent::Countered { cast, target } => put!(
            out,
            cap(p.whose(cast.caster)),
            " ",
            cast.spell.name(),
            " is destroyed by the Counter-spell around ",
            p.whom(*target),
            "."
        ),
        CounterEvent::ShortBoltSpent { wizard } => {
            if p.me(*wizard) {
                put!(
                    out,
                    "You have already used the short Lightning Bolt this battle; it fizzles."
                )
            } else {
                put!(out, p.name(*wizard), "'s Lightning Bolt fizzles.")
            }
        }
        CounterEvent::MirrorsBounce { cast, target } => put!(
            out,
            cap(p.whose(cast.caster)),
            " ",
            cast.spell.name(),
            " bounces between the mirrors of ",
            p.whom(*target),
            " and ",
            p.whom(cast.caster),
            " until it falls apart."
        ),
        CounterEvent::Reflected { cast, mirror } => put!(
            out,
            cap(p.whose(cast.caster)),
            " ",
            cast.spell.name(),
            " is reflected by the Magic Mirror around ",
            p.whom(*mirror),
            "!"
        ),
        CounterEvent::StormsCancel => {
            put!(
                out,
                "The Fire Storm and the Ice Storm meet and cancel each other out."
            )
        }
        CounterEvent::LifeAndDeathCancel { being } => put!(
            out,
            "The Raise Dead and the Finger of Death on ",
            p.whom(*being),
            " cancel each other out."
        ),
        CounterEvent::Meltwater { being } => put!(
            out,
            "The Iceball at ",
            p.whom(*being),
            " meets the Fire Storm and melts into harmless water."
        ),
        CounterEvent::Steam { being } => put!(
            out,
            "The Fireball at ",
            p.whom(*being),
            " meets the Ice Storm and bursts into harmless steam."
        ),
        CounterEvent::MindsClash { being, counts } => {
            // `The two Fear, Amnesia and Confusion on ...`: commas, then `and`.
            put!(out, "The ");
            for (i, &(spell, n)) in counts.iter().enumerate() {
                if i > 0 {
                    put!(out, if i + 1 == counts.len() { " and " } else { ", " });
                }
                if n > 1 {
                    put!(out, count_word(n), " ");
                }
                put!(out, spell.name());
            }
            put!(
                out,
                " on ",
                p.whom(*being),
                " interfere with each other and have no effect."
            );
        }
    }
    Ok(true)
}
