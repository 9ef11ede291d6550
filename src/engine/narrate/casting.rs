//! Narration of the cast list and of spells caught by a Delayed Effect,
//! made permanent or gone wild.

use super::pen::*;
use super::*;
use std::fmt::Write;

/// The text of one of this family's events for the reader `p` writes for.
pub(super) fn text(e: &CastingEvent, p: &Pen) -> Option<String> {
    Some(match e {
        CastingEvent::Banked {
            wizard,
            spell,
            lost,
        } => {
            let mut s = if p.me(*wizard) {
                format!(
                    "Your {} is caught by the Delayed Effect and hovers by your head.",
                    spell.name()
                )
            } else {
                format!(
                    "{}'s {} is caught in {} Delayed Effect.",
                    p.name(*wizard),
                    spell.name(),
                    p.his(*wizard)
                )
            };
            if let Some(l) = lost {
                let _ = write!(s, " The {} that was waiting there is lost.", l.name());
            }
            s
        }
        CastingEvent::NotBanked { wizard, spell } => format!(
            "{} {} finds no Delayed Effect and is lost.",
            cap(p.whose(*wizard)),
            spell.name()
        ),
        CastingEvent::MadePermanent { wizard, spell } => {
            if !p.me(*wizard) {
                return None;
            }
            format!("Your Permanency takes hold of your {}.", spell.name())
        }
        CastingEvent::Casts(c) => {
            let mut s = String::new();
            let _ = write_cast(p, c, &mut s);
            s
        }
        CastingEvent::GoesWild {
            caster,
            target,
            spell,
        } => {
            if p.me(*caster) {
                format!(
                    "You cannot see {}! Your {} goes wild.",
                    p.name(*target),
                    spell.name()
                )
            } else if p.me(*target) {
                format!(
                    "{} cannot see you, and {} {} goes wild.",
                    p.name(*caster),
                    p.his(*caster),
                    spell.name()
                )
            } else {
                format!(
                    "{} cannot see {}, and {} {} goes wild.",
                    p.name(*caster),
                    p.name(*target),
                    p.his(*caster),
                    spell.name()
                )
            }
        }
    })
}

/// One line of the cast list (`White casts Shield (left hand) at himself.`),
/// written straight into `out`.
pub(super) fn write_cast(p: &Pen, c: &Cast, out: &mut impl Write) -> std::fmt::Result {
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
    verb.write_to(out)?;
    out.write_str(permanent)?;
    out.write_str(spell)?;
    out.write_str(" (")?;
    out.write_str(c.hand.phrase())?;
    out.write_str(") ")?;
    out.write_str(to)?;
    if let Some(whom) = whom {
        whom.write_to(out)?;
    }
    out.write_char('.')
}
