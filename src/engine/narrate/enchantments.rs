//! Narration of enchantments taking hold, lasting and ending (sight and
//! speed have their own file).

use super::pen::*;
use super::*;
use std::fmt::{self, Write};

/// The text of one of this family's events for the reader `p` writes for.
pub(super) fn write(
    e: &EnchantmentEvent,
    p: &Pen,
    out: &mut impl Write,
) -> Result<bool, fmt::Error> {
    match e {
        EnchantmentEvent::Resists { being, heat, again } => {
            let what = if *heat { "heat" } else { "cold" };
            if *again {
                put!(
                    out,
                    p.does(*being, "continue to glow", "continues to glow"),
                    " with resistance to ",
                    what,
                    "."
                )
            } else {
                put!(
                    out,
                    p.does(*being, "become", "becomes"),
                    " resistant to ",
                    what,
                    "."
                )
            }
        }
        EnchantmentEvent::Protected { being, again } => {
            if *again {
                put!(
                    out,
                    "The ",
                    p.game.rules().protection().name(),
                    " around ",
                    p.whom(*being),
                    " flares back to full strength."
                )
            } else {
                put!(
                    out,
                    "A ",
                    p.game.rules().protection().name(),
                    " springs up around ",
                    p.whom(*being),
                    "."
                )
            }
        }
        EnchantmentEvent::ProtectionFading { being, left } => match left {
            0 => put!(
                out,
                "The ",
                p.game.rules().protection().name(),
                " around ",
                p.whom(*being),
                " fades away."
            ),
            _ => put!(
                out,
                "The ",
                p.game.rules().protection().name(),
                " around ",
                p.whom(*being),
                " is fading."
            ),
        },
        EnchantmentEvent::ControlFizzles { being, spell } => {
            if *spell == Spell::CharmMonster {
                put!(
                    out,
                    "The referees carry off the ",
                    spell.name(),
                    " on ",
                    p.whom(*being),
                    ": nobody is left to control."
                )
            } else {
                put!(
                    out,
                    "The ",
                    spell.name(),
                    " on ",
                    p.whom(*being),
                    " fizzles, not knowing which hand to seize."
                )
            }
        }
        EnchantmentEvent::ParalysisHand { wizard, hand } => put!(
            out,
            cap(p.whose(*wizard)),
            " ",
            hand.name(),
            " hand is paralysed."
        ),
        EnchantmentEvent::NoEffect { being, spell } => {
            put!(
                out,
                "The ",
                spell.name(),
                " cannot sink into ",
                p.whom(*being),
                "."
            )
        }
        EnchantmentEvent::CharmHand { wizard, hand } => {
            put!(
                out,
                cap(p.whose(*wizard)),
                " ",
                hand.name(),
                " hand is charmed."
            )
        }
        EnchantmentEvent::Enchanted { being, spell } => enchanted(*being, *spell, p, out)?,
        EnchantmentEvent::StillEnchanted { being } => put!(
            out,
            p.does(*being, "are still", "is still"),
            " under a permanent enchantment."
        ),
        EnchantmentEvent::Diseased { being } => {
            put!(out, p.does(*being, "give", "gives"), " a feverish sneeze.")
        }
        EnchantmentEvent::Poisoned { being } => {
            put!(out, p.does(*being, "look", "looks"), " very ill.")
        }
        EnchantmentEvent::EnchantmentsRemoved { being } => {
            put!(
                out,
                "All enchantments are stripped from ",
                p.whom(*being),
                "."
            )
        }
        EnchantmentEvent::EnchantmentEnds { being, spell } => {
            put!(
                out,
                "The ",
                spell.name(),
                " on ",
                p.whom(*being),
                " is undone."
            )
        }
        EnchantmentEvent::BankLost { wizard, spell } => put!(
            out,
            "The ",
            spell.name(),
            " waiting by ",
            p.his(*wizard),
            " head is lost."
        ),
        EnchantmentEvent::AntiSpellFizzles { wizard } => put!(
            out,
            "The Anti-spell on ",
            p.whom(*wizard),
            " finds nothing to disrupt."
        ),
        EnchantmentEvent::WindowCloses { wizard, permanency } => put!(
            out,
            "The ",
            if *permanency {
                "Permanency"
            } else {
                "Delayed Effect"
            },
            " around ",
            p.whom(*wizard),
            " dies away."
        ),
    }
    Ok(true)
}

/// How an enchantment taking hold of `b` reads.
fn enchanted(b: BeingId, spell: Spell, p: &Pen, out: &mut impl Write) -> fmt::Result {
    match spell {
        Spell::Amnesia => put!(out, p.does(b, "feel", "looks"), " forgetful."),
        Spell::Confusion => put!(out, p.does(b, "feel", "looks"), " confused."),
        Spell::Fear => put!(out, p.does(b, "feel", "looks"), " frightened."),
        Spell::Paralysis => put!(out, p.does(b, "feel", "looks"), " stiff."),
        Spell::AntiSpell => put!(out, cap(p.whose(b)), " gestures are disrupted."),
        Spell::DelayedEffect => put!(
            out,
            "A Delayed Effect waits around ",
            p.whom(b),
            " for the next spell."
        ),
        Spell::Permanency => put!(
            out,
            "A Permanency waits around ",
            p.whom(b),
            " for the next spell."
        ),
        Spell::Haste => put!(out, p.does(b, "begin", "begins"), " to speed up."),
        Spell::TimeStop => put!(out, "Time stops for everyone but ", p.whom(b), "."),
        s => put!(out, s.name(), " is cast on ", p.whom(b), "."),
    }
    Ok(())
}
