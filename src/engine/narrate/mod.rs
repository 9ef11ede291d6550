//! Narration: what happened, recorded as small events and turned into words
//! only when someone reads them. A wizard reads about himself in the second
//! person; everyone else, and the transcript's observer, in the third.

use super::cast::{Aim, Cast};
use super::duel::{Duel, Outcome, RoundKind};
use super::gesture::{Gesture, Hand, Mark};
use super::ids::PlayerId;
use super::spellbook::Spell;
use super::BeingId;

/// Who is reading: a player's window, or the transcript's outside observer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    /// The seat of this player.
    Player(PlayerId),
    /// Nobody in particular: what the transcript records.
    Observer,
}

/// The kinds of harm, in the order the original reports them.
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Harm {
    Stab,
    Missile,
    LightWounds,
    HeavyWounds,
    Lightning,
    Fireball,
    FireStorm,
    IceStorm,
    FingerOfDeath,
}

mod arena;
mod casting;
mod countering;
mod enchantments;
mod event;
mod gestures;
mod harm;
mod monsters;
mod pen;
mod sight_and_speed;

pub(crate) use event::Event;
use pen::Pen;

impl Event {
    /// Writes the text `viewer` reads straight into `out`, without a string
    /// of its own for the commonest lines (round headers and the cast
    /// list); false when this event is not shown to that viewer.
    pub(crate) fn write_text(
        &self,
        game: &Duel,
        viewer: Viewer,
        out: &mut impl std::fmt::Write,
    ) -> Result<bool, std::fmt::Error> {
        let p = Pen { game, viewer };
        match self {
            Event::TurnHeader { turn, kind, lines } => {
                if viewer != Viewer::Observer {
                    return Ok(false);
                }
                arena::write_header(&p, *turn, *kind, lines, out)?;
            }
            Event::Casts(c) => casting::write_cast(&p, c, out)?,
            _ => match self.text(game, viewer) {
                Some(t) => out.write_str(&t)?,
                None => return Ok(false),
            },
        }
        Ok(true)
    }

    /// The text `viewer` reads, or None when this event is not shown to that viewer.
    pub(crate) fn text(&self, game: &Duel, viewer: Viewer) -> Option<String> {
        let p = Pen { game, viewer };
        match self {
            Event::Enters { .. }
            | Event::Speech { .. }
            | Event::TurnHeader { .. }
            | Event::Surrenders { .. }
            | Event::Withdraws { .. }
            | Event::GameOver { .. }
            | Event::MagicFades => arena::text(self, &p),
            Event::TwoStabs { .. }
            | Event::Amnesiac { .. }
            | Event::Confused { .. }
            | Event::Charmed { .. }
            | Event::Afraid { .. }
            | Event::Frozen { .. } => gestures::text(self, &p),
            Event::Banked { .. }
            | Event::MadePermanent { .. }
            | Event::Casts { .. }
            | Event::GoesWild { .. } => casting::text(self, &p),
            Event::TornApart { .. }
            | Event::CounterDispelled { .. }
            | Event::MirrorDispelled { .. }
            | Event::CounterFlares { .. }
            | Event::MirrorSwirls { .. }
            | Event::Dispelled { .. }
            | Event::Countered { .. }
            | Event::ShortBoltSpent { .. }
            | Event::MirrorsBounce { .. }
            | Event::Reflected { .. }
            | Event::LifeAndDeathCancel { .. }
            | Event::Steam { .. }
            | Event::MindsClash { .. }
            | Event::StormsCancel => countering::text(self, &p),
            Event::Summoned { .. }
            | Event::ElementalsMerge { .. }
            | Event::ElementalGone { .. }
            | Event::MonsterDestroyed { .. }
            | Event::MonsterCharmed { .. }
            | Event::MonsterParalysed { .. }
            | Event::MonsterConfused { .. }
            | Event::MonsterAmnesiac { .. }
            | Event::RefusesSelf { .. }
            | Event::CannotSee { .. }
            | Event::MonsterBlocked { .. }
            | Event::MonsterHits { .. }
            | Event::ElementalResisted { .. } => monsters::text(self, &p),
            Event::Resists { .. }
            | Event::Protected { .. }
            | Event::ProtectionFading { .. }
            | Event::ControlFizzles { .. }
            | Event::ParalysisHand { .. }
            | Event::NoEffect { .. }
            | Event::CharmHand { .. }
            | Event::Enchanted { .. }
            | Event::StillEnchanted { .. }
            | Event::Diseased { .. }
            | Event::Poisoned { .. }
            | Event::EnchantmentsRemoved { .. }
            | Event::WindowCloses { .. } => enchantments::text(self, &p),
            Event::Blinded { .. }
            | Event::SightReturns { .. }
            | Event::Vanishes { .. }
            | Event::Reappears { .. }
            | Event::HasteEnds { .. }
            | Event::TimeStop { .. }
            | Event::Haste { .. } => sight_and_speed::text(self, &p),
            Event::Blocked { .. }
            | Event::Hurt { .. }
            | Event::DiseaseCured { .. }
            | Event::PerfectHealth { .. }
            | Event::Healed { .. }
            | Event::Raised { .. }
            | Event::Dies { .. }
            | Event::Sickens { .. } => harm::text(self, &p),
        }
    }
}
