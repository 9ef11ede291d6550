//! Narration of summoned monsters, elementals and their attacks.

use super::pen::*;
use super::*;

/// The text of one of this family's events for the reader `p` writes for.
pub(super) fn text(e: &Event, p: &Pen) -> Option<String> {
    Some(match e {
        Event::Summoned { monster, owner } => format!(
            "{} appears by {} side, awaiting orders.",
            p.name(*monster),
            p.whose(*owner)
        ),
        Event::ElementalsMerge { fire, count } => format!(
            "The {} {} Elementals merge into one.",
            count_word(u8::try_from(*count).unwrap_or(u8::MAX)),
            if *fire { "Fire" } else { "Ice" }
        ),
        Event::ElementalGone { monster } => format!(
            "{} is engulfed and vanishes in a cloud of steam.",
            p.name(*monster)
        ),
        Event::MonsterDestroyed { monster } => {
            format!("{} dissolves into nothingness.", p.name(*monster))
        }
        Event::MonsterCharmed { monster, owner } => {
            format!("{} now obeys {}.", p.name(*monster), p.whom(*owner))
        }
        Event::MonsterParalysed { monster } => {
            if p.game.beings[*monster].kind.is_elemental() {
                format!("{} stiffens, but rages on regardless.", p.name(*monster))
            } else {
                format!("{} is paralysed and cannot attack.", p.name(*monster))
            }
        }
        Event::MonsterConfused { monster } => format!("{} looks confused.", p.name(*monster)),
        Event::MonsterAmnesiac { monster } => format!("{} looks around blankly.", p.name(*monster)),
        Event::RefusesSelf { monster } => {
            format!("{} refuses to attack himself.", p.name(*monster))
        }
        Event::CannotSee { monster, target } => {
            format!("{} cannot see {}.", p.name(*monster), p.whom(*target))
        }
        Event::MonsterBlocked { monster, target } => format!(
            "{} attacks {}, but is blocked.",
            p.name(*monster),
            p.whom(*target)
        ),
        Event::MonsterHits {
            monster,
            target,
            damage,
        } => format!(
            "{} hits {} for {damage} damage.",
            p.name(*monster),
            p.whom(*target)
        ),
        Event::ElementalResisted { monster, target } => format!(
            "{} washes harmlessly over {}.",
            p.name(*monster),
            p.whom(*target)
        ),
        _ => return None,
    })
}
