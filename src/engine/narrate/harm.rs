//! Narration of wounds, cures, deaths and disease.

use super::pen::*;
use super::*;
use std::fmt::{self, Write};

/// The text of one of this family's events for the reader `p` writes for.
pub(super) fn write(e: &WoundEvent, p: &Pen, out: &mut impl Write) -> Result<bool, fmt::Error> {
    match e {
        WoundEvent::Blocked { being, kind } => {
            let what = harm_name(*kind);
            put!(out, "The ", what, " at ", p.whom(*being), " is stopped.")
        }
        WoundEvent::Hurt { being, kind, count } => {
            let b = *being;
            let times = Times(*count);
            match kind {
                Harm::Stab => put!(out, p.does(b, "are", "is"), " stabbed", times, "."),
                Harm::Missile => put!(out, p.does(b, "are", "is"), " hit by a Missile", times, "."),
                Harm::LightWounds => {
                    put!(
                        out,
                        p.does(b, "suffer", "suffers"),
                        " light wounds",
                        times,
                        "."
                    )
                }
                Harm::HeavyWounds => {
                    put!(
                        out,
                        p.does(b, "suffer", "suffers"),
                        " heavy wounds",
                        times,
                        "."
                    )
                }
                Harm::Lightning => {
                    put!(
                        out,
                        p.does(b, "are", "is"),
                        " struck by lightning",
                        times,
                        "."
                    )
                }
                Harm::Fireball => {
                    put!(
                        out,
                        p.does(b, "are", "is"),
                        " engulfed in a Fireball",
                        times,
                        "."
                    )
                }
                Harm::Iceball => {
                    put!(
                        out,
                        p.does(b, "are", "is"),
                        " engulfed in an Iceball",
                        times,
                        "."
                    )
                }
                Harm::FireStorm => put!(out, p.does(b, "are", "is"), " burned by the Fire Storm."),
                Harm::IceStorm => put!(out, p.does(b, "are", "is"), " frozen by the Ice Storm."),
                Harm::FingerOfDeath => {
                    put!(
                        out,
                        p.does(b, "are", "is"),
                        " touched by the Finger of Death."
                    )
                }
                Harm::MissileSwarm if *count == 1 => {
                    put!(out, p.does(b, "are", "is"), " hit by a missile.")
                }
                Harm::MissileSwarm => {
                    put!(out, p.does(b, "are", "is"), " hit by ", count, " missiles.")
                }
                Harm::FrostBolt => {
                    put!(
                        out,
                        p.does(b, "are", "is"),
                        " struck by a Frost Bolt",
                        times,
                        "."
                    )
                }
                Harm::Onyx => put!(out, p.does(b, "are", "is"), " seared by the Onyx beam."),
                Harm::Leech => put!(
                    out,
                    p.does(b, "are", "is"),
                    " bitten by leeches (",
                    count,
                    ")."
                ),
            }
        }
        WoundEvent::DiseaseCured { being } => put!(out, cap(p.whose(*being)), " fever breaks."),
        WoundEvent::PerfectHealth { being } => {
            put!(
                out,
                p.does(*being, "are", "is"),
                " in perfect health again."
            )
        }
        WoundEvent::Healed { being, spell } => match spell {
            Spell::RaiseDead => put!(
                out,
                "The Raise Dead pours fresh life into ",
                p.whom(*being),
                "."
            ),
            s => put!(
                out,
                "The ",
                s.name(),
                " knits ",
                p.whose(*being),
                " wounds."
            ),
        },
        WoundEvent::CorpseDestroyed { being } => {
            put!(out, "The corpse of ", p.name(*being), " crumbles to dust.")
        }
        WoundEvent::Raised { being } => {
            put!(out, p.does(*being, "come", "comes"), " back to life!")
        }
        WoundEvent::Dies { being } => {
            if p.me(*being) {
                put!(out, "You are dead.")
            } else {
                put!(out, p.name(*being), " dies.")
            }
        }
        WoundEvent::Sickens {
            being,
            poison,
            stage,
        } => {
            let b = *being;
            match (poison, stage) {
                (_, 0) => put!(
                    out,
                    p.does(b, "die", "dies"),
                    " of ",
                    if *poison { "poison" } else { "disease" },
                    "."
                ),
                (false, 4) => put!(out, p.does(b, "feel", "looks"), " a little feverish."),
                (false, 3) => put!(out, p.does(b, "are", "is"), " shivering."),
                (false, 2) => put!(out, p.does(b, "are", "is"), " deathly pale and coughing."),
                (false, _) => put!(out, p.does(b, "are", "is"), " at death's door."),
                (true, 4) => put!(out, p.does(b, "feel", "looks"), " a little queasy."),
                (true, 3) => put!(out, p.does(b, "are", "is"), " sweating."),
                (true, 2) => put!(out, p.does(b, "turn", "turns"), " a ghastly green."),
                (true, _) => put!(out, p.does(b, "are", "is"), " barely standing."),
            }
        }
    }
    Ok(true)
}

/// ` (two times)` after a repeated wound, nothing after a single one.
struct Times(u8);

impl Piece for Times {
    fn put<W: Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        if self.0 > 1 {
            put!(out, " (", count_word(self.0), " times)");
        }
        Ok(())
    }
}
