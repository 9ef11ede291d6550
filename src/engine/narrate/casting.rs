//! Narration of the cast list and of spells caught by a Delayed Effect,
//! made permanent or gone wild.

use super::pen::*;
use super::*;
use std::fmt::{self, Write};

/// The text of one of this family's events for the reader `p` writes for.
pub(super) fn write(e: &CastingEvent, p: &Pen, out: &mut impl Write) -> Result<bool, fmt::Error> {
    match e {
        CastingEvent::Banked {
            wizard,
            spell,
            lost,
        } => {
            if p.me(*wizard) {
                put!(
                    out,
                    "Your ",
                    spell.name(),
                    " is caught by the Delayed Effect and hovers by your head."
                )
            } else {
                put!(
                    out,
                    p.name(*wizard),
                    "'s ",
                    spell.name(),
                    " is caught in ",
                    p.his(*wizard),
                    " Delayed Effect."
                )
            }
            if let Some(l) = lost {
                put!(out, " The ", l.name(), " that was waiting there is lost.");
            }
        }
        CastingEvent::NotBanked { wizard, spell } => put!(
            out,
            cap(p.whose(*wizard)),
            " ",
            spell.name(),
            " finds no Delayed Effect and is lost."
        ),
        CastingEvent::MadePermanent { wizard, spell } => {
            if !p.me(*wizard) {
                return Ok(false);
            }
            put!(
                out,
                "Your Permanency takes hold of your ",
                spell.name(),
                "."
            )
        }
        CastingEvent::Casts(c) => write_cast(p, c, out)?,
        CastingEvent::Announced { wizard, spell, row } => {
            if !p.sees_row(*wizard, *row as usize) {
                return Ok(false);
            }
            if p.me(*wizard) {
                put!(out, "You clap and announce ", spell.name(), ".")
            } else {
                put!(
                    out,
                    p.name(*wizard),
                    " claps and announces ",
                    spell.name(),
                    "."
                )
            }
        }
        CastingEvent::GoesWild {
            caster,
            target,
            spell,
        } => {
            if p.me(*caster) {
                put!(
                    out,
                    "You cannot see ",
                    p.name(*target),
                    "! Your ",
                    spell.name(),
                    " goes wild."
                )
            } else if p.me(*target) {
                put!(
                    out,
                    p.name(*caster),
                    " cannot see you, and ",
                    p.his(*caster),
                    " ",
                    spell.name(),
                    " goes wild."
                )
            } else {
                put!(
                    out,
                    p.name(*caster),
                    " cannot see ",
                    p.name(*target),
                    ", and ",
                    p.his(*caster),
                    " ",
                    spell.name(),
                    " goes wild."
                )
            }
        }
    }
    Ok(true)
}

/// One line of the cast list (`White casts Shield (left hand) at himself.`),
/// written straight into `out`.
pub(super) fn write_cast<W: Write + ?Sized>(p: &Pen, c: &Cast, out: &mut W) -> std::fmt::Result {
    let (permanent, spell) = match (c.spell, c.permanent) {
        (Spell::Stab, _) => ("", ""),
        (s, true) => (" Permanent ", s.name()),
        (s, false) => (" ", s.name()),
    };
    let verb = if c.spell == Spell::Stab {
        p.does(c.caster, "stab", "stabs")
    } else {
        p.does(c.caster, "cast", "casts")
    };
    let (to, whom) = match c.aim {
        Aim::Nobody => ("up into the air", None),
        Aim::Arena => ("over the arena", None),
        Aim::NewMonster(_) => ("at a monster about to be summoned", None),
        Aim::Delay => ("into a Delayed Effect", None),
        Aim::At(t) if t == c.caster => ("at ", Some(Words::of(p.himself(t)))),
        Aim::At(t) => ("at ", Some(p.whom(t))),
    };
    // Piece by piece rather than through `write!`: the cast list is most
    // of a transcript's lines.
    verb.put(out)?;
    out.write_str(permanent)?;
    out.write_str(spell)?;
    out.write_str(" (")?;
    out.write_str(c.hand.phrase())?;
    out.write_str(") ")?;
    out.write_str(to)?;
    if let Some(whom) = whom {
        whom.put(out)?;
    }
    out.write_char('.')
}
