//! The rules of the duel: pure, deterministic, no X11 and no I/O.
//!
//! Every front end drives the engine the same way:
//!
//! 1. ask [`Game::round_kind`] and [`Game::is_active`] who moves this round;
//! 2. collect each active wizard's two gestures;
//! 3. call [`Game::play_round`] with them and an [`Answerer`], which the engine
//!    calls back with each batch of questions, exactly in the original's order;
//! 4. read what happened: [`Game::messages`] (rendered per viewer),
//!    [`Game::status`], [`Game::seen_history`], [`Game::outcome`].
//!
//! Randomness (confusion, monster names) comes only from the seed given to
//! [`Game::new`], so a duel always replays identically.

mod being;
mod game;
pub mod gesture;
mod history;
mod monster_names;
mod narrate;
pub mod question;
mod recognise;
mod resolve;
pub mod spellbook;
mod status;
mod transcript;
mod turn;

pub use being::{Being, BeingKind, Gender};
pub use game::{Game, Outcome, PlayerSpec, RoundKind};
pub use gesture::{Gesture, Hand, Mark, Seen};
pub use history::Row;
pub use narrate::{Event, Harm, Viewer};
pub use question::{Answerer, CastHand, Choice, DefaultAnswers, Question, QuestionKind};
pub use spellbook::Spell;
pub use status::StatusRow;
pub use turn::{Aim, Cast};

/// Index of a being: wizards first (0..players), then monsters in creation order.
/// It never changes, so front ends can keep it across turns.
pub type BeingId = usize;
