//! Narration of summoned monsters, elementals and their attacks.

use super::pen::*;
use super::*;

/// The text of one of this family's events for the reader `p` writes for.
pub(super) fn text(e: &MonsterEvent, p: &Pen) -> Option<String> {
    Some(match e {
        MonsterEvent::Summoned { monster, owner } => format!(
            "{} appears by {} side, awaiting orders.",
            p.name(*monster),
            p.whose(*owner)
        ),
        MonsterEvent::ElementalsMerge { fire, count } => format!(
            "The {} {} Elementals merge into one.",
            count_word(u8::try_from(*count).unwrap_or(u8::MAX)),
            if *fire { "Fire" } else { "Ice" }
        ),
        MonsterEvent::ElementalGone { monster } => format!(
            "{} is engulfed and vanishes in a cloud of steam.",
            p.name(*monster)
        ),
        MonsterEvent::MonsterDestroyed { monster } => {
            format!("{} dissolves into nothingness.", p.name(*monster))
        }
        MonsterEvent::MonsterCharmed { monster, owner } => {
            format!("{} now obeys {}.", p.name(*monster), p.whom(*owner))
        }
        MonsterEvent::MonsterParalysed { monster } => {
            if p.game.beings[*monster].kind.is_elemental() {
                format!("{} stiffens, but rages on regardless.", p.name(*monster))
            } else {
                format!("{} is paralysed and cannot attack.", p.name(*monster))
            }
        }
        MonsterEvent::MonsterConfused { monster } => {
            format!("{} looks confused.", p.name(*monster))
        }
        MonsterEvent::MonsterAmnesiac { monster } => {
            format!("{} looks around blankly.", p.name(*monster))
        }
        MonsterEvent::RefusesSelf { monster } => {
            format!("{} refuses to attack himself.", p.name(*monster))
        }
        MonsterEvent::CannotSee { monster, target } => {
            format!("{} cannot see {}.", p.name(*monster), p.whom(*target))
        }
        MonsterEvent::MonsterBlocked { monster, target } => format!(
            "{} attacks {}, but is blocked.",
            p.name(*monster),
            p.whom(*target)
        ),
        MonsterEvent::MonsterHits {
            monster,
            target,
            damage,
        } => format!(
            "{} hits {} for {damage} damage.",
            p.name(*monster),
            p.whom(*target)
        ),
        MonsterEvent::ElementalResisted { monster, target } => format!(
            "{} washes harmlessly over {}.",
            p.name(*monster),
            p.whom(*target)
        ),
    })
}
