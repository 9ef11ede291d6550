//! Narration of enchantments taking hold, lasting and ending (sight and
//! speed have their own file).

use super::pen::*;
use super::*;

/// The text of one of this family's events for the reader `p` writes for.
pub(super) fn text(e: &EnchantmentEvent, p: &Pen) -> Option<String> {
    Some(match e {
        EnchantmentEvent::Resists { being, heat, again } => {
            let what = if *heat { "heat" } else { "cold" };
            if *again {
                format!(
                    "{} {} with resistance to {what}.",
                    p.does(*being, "continue to glow", "continues to glow"),
                    "still"
                )
                .replace(" still with", " with")
            } else {
                format!(
                    "{} resistant to {what}.",
                    p.does(*being, "become", "becomes")
                )
            }
        }
        EnchantmentEvent::Protected { being, again } => {
            if *again {
                format!(
                    "The {} around {} flares back to full strength.",
                    p.game.rules().protection().name(),
                    p.whom(*being)
                )
            } else {
                format!(
                    "A {} springs up around {}.",
                    p.game.rules().protection().name(),
                    p.whom(*being)
                )
            }
        }
        EnchantmentEvent::ProtectionFading { being, left } => match left {
            0 => format!(
                "The {} around {} fades away.",
                p.game.rules().protection().name(),
                p.whom(*being)
            ),
            _ => format!(
                "The {} around {} is fading.",
                p.game.rules().protection().name(),
                p.whom(*being)
            ),
        },
        EnchantmentEvent::ControlFizzles { being, spell } => {
            if *spell == Spell::CharmMonster {
                format!(
                    "The referees carry off the {} on {}: nobody is left to control.",
                    spell.name(),
                    p.whom(*being)
                )
            } else {
                format!(
                    "The {} on {} fizzles, not knowing which hand to seize.",
                    spell.name(),
                    p.whom(*being)
                )
            }
        }
        EnchantmentEvent::ParalysisHand { wizard, hand } => format!(
            "{} {} hand is paralysed.",
            cap(p.whose(*wizard)),
            hand.name()
        ),
        EnchantmentEvent::NoEffect { being, spell } => {
            format!("The {} cannot sink into {}.", spell.name(), p.whom(*being))
        }
        EnchantmentEvent::CharmHand { wizard, hand } => {
            format!("{} {} hand is charmed.", cap(p.whose(*wizard)), hand.name())
        }
        EnchantmentEvent::Enchanted { being, spell } => enchanted(*being, *spell, p),
        EnchantmentEvent::StillEnchanted { being } => format!(
            "{} under a permanent enchantment.",
            p.does(*being, "are still", "is still")
        ),
        EnchantmentEvent::Diseased { being } => {
            format!("{} a feverish sneeze.", p.does(*being, "give", "gives"))
        }
        EnchantmentEvent::Poisoned { being } => {
            format!("{} very ill.", p.does(*being, "look", "looks"))
        }
        EnchantmentEvent::EnchantmentsRemoved { being } => {
            format!("All enchantments are stripped from {}.", p.whom(*being))
        }
        EnchantmentEvent::EnchantmentEnds { being, spell } => {
            format!("The {} on {} is undone.", spell.name(), p.whom(*being))
        }
        EnchantmentEvent::BankLost { wizard, spell } => format!(
            "The {} waiting by {} head is lost.",
            spell.name(),
            p.his(*wizard)
        ),
        EnchantmentEvent::AntiSpellFizzles { wizard } => format!(
            "The Anti-spell on {} finds nothing to disrupt.",
            p.whom(*wizard)
        ),
        EnchantmentEvent::WindowCloses { wizard, permanency } => format!(
            "The {} around {} dies away.",
            if *permanency {
                "Permanency"
            } else {
                "Delayed Effect"
            },
            p.whom(*wizard)
        ),
    })
}

/// How an enchantment taking hold of `b` reads.
fn enchanted(b: BeingId, spell: Spell, p: &Pen) -> String {
    match spell {
        Spell::Amnesia => format!("{} forgetful.", p.does(b, "feel", "looks")),
        Spell::Confusion => format!("{} confused.", p.does(b, "feel", "looks")),
        Spell::Fear => format!("{} frightened.", p.does(b, "feel", "looks")),
        Spell::Paralysis => format!("{} stiff.", p.does(b, "feel", "looks")),
        Spell::AntiSpell => format!("{} gestures are disrupted.", cap(p.whose(b))),
        Spell::DelayedEffect => format!(
            "A Delayed Effect waits around {} for the next spell.",
            p.whom(b)
        ),
        Spell::Permanency => format!(
            "A Permanency waits around {} for the next spell.",
            p.whom(b)
        ),
        Spell::Haste => format!("{} to speed up.", p.does(b, "begin", "begins")),
        Spell::TimeStop => format!("Time stops for everyone but {}.", p.whom(b)),
        s => format!("{} is cast on {}.", s.name(), p.whom(b)),
    }
}
