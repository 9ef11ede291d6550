//! Narration of summoned monsters, elementals and their attacks.

use super::pen::*;
use super::*;
use std::fmt::{self, Write};

/// The text of one of this family's events for the reader `p` writes for.
pub(super) fn write(e: &MonsterEvent, p: &Pen, out: &mut impl Write) -> Result<bool, fmt::Error> {
    match e {
        MonsterEvent::Summoned { monster, owner } => put!(
            out,
            p.name(*monster),
            " appears by ",
            p.whose(*owner),
            " side, awaiting orders."
        ),
        MonsterEvent::ElementalsMerge { fire, count } => put!(
            out,
            "The ",
            count_word(u8::try_from(*count).unwrap_or(u8::MAX)),
            " ",
            if *fire { "Fire" } else { "Ice" },
            " Elementals merge into one."
        ),
        MonsterEvent::ElementalGone { monster } => put!(
            out,
            p.name(*monster),
            " is engulfed and vanishes in a cloud of steam."
        ),
        MonsterEvent::MonsterDestroyed { monster } => {
            put!(out, p.name(*monster), " dissolves into nothingness.")
        }
        MonsterEvent::MonsterCharmed { monster, owner } => {
            put!(out, p.name(*monster), " now obeys ", p.whom(*owner), ".")
        }
        MonsterEvent::MonsterParalysed { monster } => {
            if p.game.beings[*monster].kind.is_elemental() {
                put!(out, p.name(*monster), " stiffens, but rages on regardless.")
            } else {
                put!(out, p.name(*monster), " is paralysed and cannot attack.")
            }
        }
        MonsterEvent::MonsterConfused { monster } => {
            put!(out, p.name(*monster), " looks confused.")
        }
        MonsterEvent::MonsterAmnesiac { monster } => {
            put!(out, p.name(*monster), " looks around blankly.")
        }
        MonsterEvent::RefusesSelf { monster } => {
            put!(out, p.name(*monster), " refuses to attack himself.")
        }
        MonsterEvent::CannotSee { monster, target } => {
            put!(out, p.name(*monster), " cannot see ", p.whom(*target), ".")
        }
        MonsterEvent::MonsterBlocked { monster, target } => put!(
            out,
            p.name(*monster),
            " attacks ",
            p.whom(*target),
            ", but is blocked."
        ),
        MonsterEvent::MonsterHits {
            monster,
            target,
            damage,
        } => put!(
            out,
            p.name(*monster),
            " hits ",
            p.whom(*target),
            " for ",
            damage,
            " damage."
        ),
        MonsterEvent::ElementalResisted { monster, target } => put!(
            out,
            p.name(*monster),
            " washes harmlessly over ",
            p.whom(*target),
            "."
        ),
    }
    Ok(true)
}
