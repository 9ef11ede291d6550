//! The rules of the duel: pure, deterministic, no X11 and no I/O.
//!
//! Front ends drive a [`Duel`] through `crate::driver::Driver`, which
//! makes these calls in this order:
//!
//! 1. ask [`Duel::round_kind`] and [`Duel::is_active`] who moves this round;
//! 2. collect each active wizard's two gestures and call [`Duel::start_round`];
//! 3. while the [`Step`] is [`Step::Questions`], give each player in
//!    [`Duel::waiting_on`] his answers to [`Duel::open_questions`] with
//!    [`Duel::answer`];
//! 4. read what happened: [`Duel::view`] per seat, [`Duel::narration_since`]
//!    per reader, [`Duel::outcome`].
//!
//! [`Duel::say`] and [`Duel::withdraw`] may be called at any moment.
//! Randomness (confusion, monster names) comes only from the seed given to
//! [`Duel::new`], so a duel always replays identically.

mod batch;
mod being;
mod beings;
mod cast;
mod cast_list;
mod determinise;
mod duel;
mod effects;
mod errors;
pub mod gesture;
mod history;
mod ids;
mod inline_list;
mod lasting;
mod monster_names;
mod narrate;
pub mod question;
mod question_type;
mod recognise;
mod record;
mod resolve;
mod round;
mod rules;
mod seat_view;
mod setup;
pub mod spellbook;
mod status;
#[cfg(test)]
pub(crate) mod test_support;
mod transcript;
mod view;

pub use being::{Being, BeingKind, Gender, Life};
pub use cast::{Aim, Cast};
pub use determinise::{Determinised, HiddenRow, Sampler};
pub use duel::{Duel, Outcome, RoundKind};
pub use errors::{AnswerError, MoveError, OnyxError, SampleError};
pub use gesture::{Gesture, Hand, Mark, Seen};
pub use history::Row;
pub use ids::{BeingId, PlayerId};
pub use narrate::{
    CastingEvent, CounterEvent, CourseEvent, EnchantmentEvent, Event, GestureEvent, Harm,
    MonsterEvent, SightSpeedEvent, Viewer, WoundEvent,
};
pub use question::{check_answers, CastHand, Choice, Question, QuestionKind};
pub use question_type::{OptionsName, QuestionType, Wording};
pub use round::Step;
pub use rules::RuleSet;
pub use seat_view::SeatView;
pub use setup::{
    check_name, check_players, NameProblem, PlayerSpec, SetupError, MAX_PLAYERS, MIN_PLAYERS,
};
pub use spellbook::{Group, Spell, SpellInfo, TargetKind};
pub use status::StatusRow;
pub use view::{Announcement, BeingView, EffectView, View};
