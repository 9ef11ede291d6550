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
pub enum Harm {
    Stab,
    Missile,
    LightWounds,
    HeavyWounds,
    Lightning,
    Fireball,
    /// Gesticulation's cold Fireball.
    Iceball,
    FireStorm,
    IceStorm,
    FingerOfDeath,
    /// Death Match: the Missile Swarm (count: missiles).
    MissileSwarm,
    /// Death Match: Frost Bolt.
    FrostBolt,
    /// Death Match: the Onyx beam.
    Onyx,
    /// Death Match: leeches (count: bites).
    Leech,
}

mod casting;
mod countering;
mod course;
mod enchantments;
mod event;
mod gestures;
mod harm;
mod monsters;
mod pen;
mod sight_and_speed;

pub use event::{
    CastingEvent, CounterEvent, CourseEvent, EnchantmentEvent, Event, GestureEvent, MonsterEvent,
    SightSpeedEvent, WoundEvent,
};
use pen::Pen;

impl Event {
    /// Writes the text `viewer` reads straight into `out`, piece by piece
    /// (`pen.rs`); false when this event is not shown to that viewer.
    pub(crate) fn write_text(
        &self,
        game: &Duel,
        viewer: Viewer,
        out: &mut impl std::fmt::Write,
    ) -> Result<bool, std::fmt::Error> {
        let p = Pen { game, viewer };
        match self {
            Event::Course(e) => course::write(e, &p, out),
            Event::Gesture(e) => gestures::write(e, &p, out),
            Event::Casting(e) => casting::write(e, &p, out),
            Event::Counter(e) => countering::write(e, &p, out),
            Event::Monster(e) => monsters::write(e, &p, out),
            Event::Enchantment(e) => enchantments::write(e, &p, out),
            Event::SightSpeed(e) => sight_and_speed::write(e, &p, out),
            Event::Wound(e) => harm::write(e, &p, out),
        }
    }

    /// The text `viewer` reads, or None when this event is not shown to that viewer.
    pub(crate) fn text(&self, game: &Duel, viewer: Viewer) -> Option<String> {
        let mut text = String::new();
        // Writing into a String cannot fail.
        matches!(self.write_text(game, viewer, &mut text), Ok(true)).then_some(text)
    }
}
