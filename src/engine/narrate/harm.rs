//! Narration of wounds, cures, deaths and disease.

use super::pen::*;
use super::*;

/// The text of one of this family's events for the reader `p` writes for.
pub(super) fn text(e: &WoundEvent, p: &Pen) -> Option<String> {
    Some(match e {
        WoundEvent::Blocked { being, kind } => {
            let what = harm_name(*kind);
            format!("The {what} at {} is stopped.", p.whom(*being))
        }
        WoundEvent::Hurt { being, kind, count } => {
            let b = *being;
            let times = Times(*count);
            match kind {
                Harm::Stab => format!("{} stabbed{times}.", p.does(b, "are", "is")),
                Harm::Missile => format!("{} hit by a Missile{times}.", p.does(b, "are", "is")),
                Harm::LightWounds => {
                    format!("{} light wounds{times}.", p.does(b, "suffer", "suffers"))
                }
                Harm::HeavyWounds => {
                    format!("{} heavy wounds{times}.", p.does(b, "suffer", "suffers"))
                }
                Harm::Lightning => {
                    format!("{} struck by lightning{times}.", p.does(b, "are", "is"))
                }
                Harm::Fireball => {
                    format!("{} engulfed in a Fireball{times}.", p.does(b, "are", "is"))
                }
                Harm::Iceball => {
                    format!("{} engulfed in an Iceball{times}.", p.does(b, "are", "is"))
                }
                Harm::FireStorm => format!("{} burned by the Fire Storm.", p.does(b, "are", "is")),
                Harm::IceStorm => format!("{} frozen by the Ice Storm.", p.does(b, "are", "is")),
                Harm::FingerOfDeath => {
                    format!("{} touched by the Finger of Death.", p.does(b, "are", "is"))
                }
                Harm::MissileSwarm if *count == 1 => {
                    format!("{} hit by a missile.", p.does(b, "are", "is"))
                }
                Harm::MissileSwarm => {
                    format!("{} hit by {} missiles.", p.does(b, "are", "is"), count)
                }
                Harm::FrostBolt => {
                    format!("{} struck by a Frost Bolt{times}.", p.does(b, "are", "is"))
                }
                Harm::Onyx => format!("{} seared by the Onyx beam.", p.does(b, "are", "is")),
                Harm::Leech => format!("{} bitten by leeches ({count}).", p.does(b, "are", "is")),
            }
        }
        WoundEvent::DiseaseCured { being } => format!("{} fever breaks.", cap(p.whose(*being))),
        WoundEvent::PerfectHealth { being } => {
            format!("{} in perfect health again.", p.does(*being, "are", "is"))
        }
        WoundEvent::Healed { being, spell } => match spell {
            Spell::RaiseDead => format!("The Raise Dead pours fresh life into {}.", p.whom(*being)),
            s => format!("The {} knits {} wounds.", s.name(), p.whose(*being)),
        },
        WoundEvent::CorpseDestroyed { being } => {
            format!("The corpse of {} crumbles to dust.", p.name(*being))
        }
        WoundEvent::Raised { being } => {
            format!("{} back to life!", p.does(*being, "come", "comes"))
        }
        WoundEvent::Dies { being } => {
            if p.me(*being) {
                "You are dead.".into()
            } else {
                format!("{} dies.", p.name(*being))
            }
        }
        WoundEvent::Sickens {
            being,
            poison,
            stage,
        } => {
            let b = *being;
            match (poison, stage) {
                (_, 0) => format!(
                    "{} of {}.",
                    p.does(b, "die", "dies"),
                    if *poison { "poison" } else { "disease" }
                ),
                (false, 4) => format!("{} a little feverish.", p.does(b, "feel", "looks")),
                (false, 3) => format!("{} shivering.", p.does(b, "are", "is")),
                (false, 2) => format!("{} deathly pale and coughing.", p.does(b, "are", "is")),
                (false, _) => format!("{} at death's door.", p.does(b, "are", "is")),
                (true, 4) => format!("{} a little queasy.", p.does(b, "feel", "looks")),
                (true, 3) => format!("{} sweating.", p.does(b, "are", "is")),
                (true, 2) => format!("{} a ghastly green.", p.does(b, "turn", "turns")),
                (true, _) => format!("{} barely standing.", p.does(b, "are", "is")),
            }
        }
    })
}

/// ` (two times)` after a repeated wound, nothing after a single one.
struct Times(u8);

impl std::fmt::Display for Times {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0 > 1 {
            write!(f, " ({} times)", count_word(self.0))
        } else {
            Ok(())
        }
    }
}
