//! What a caller can get wrong when driving a duel. Nothing is applied when
//! a call fails, so the caller may correct itself and try again.

use super::ids::PlayerId;
use thiserror::Error;

/// Why [`super::Duel::start_round`] refused the moves.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The duel is over.
    #[error("the duel is over")]
    DuelOver,
    /// A round is being resolved and waits for answers.
    #[error("a round is waiting for answers")]
    QuestionsOpen,
    /// One entry per player is needed.
    #[error("{given} moves given for {players} players")]
    WrongLength {
        /// Entries given.
        given: usize,
        /// Players in the duel.
        players: usize,
    },
    /// An Onyx beam from a wizard who holds no Onyx not yet used.
    #[error("{0} beams an Onyx but holds none not yet used")]
    NoOnyx(PlayerId),
    /// Both hands beam: one Onyx makes one beam.
    #[error("{0} beams an Onyx with both hands (one Onyx, one beam)")]
    TwoBeams(PlayerId),
    /// A move for a wizard who does not move this round.
    #[error("{0} does not move this round")]
    Inactive(PlayerId),
    /// No move for a wizard who moves this round.
    #[error("{0} moves this round but no move was given")]
    Missing(PlayerId),
}

/// Why [`super::Duel::give_onyx`] refused to hand out an Onyx.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OnyxError {
    /// The duel's book has no Onyx beam (its name).
    #[error("the {0} rules have no Onyx beam")]
    NotInBook(&'static str),
    /// No such player in this duel.
    #[error("{0} is not a player of this duel")]
    NoSuchPlayer(PlayerId),
}

/// Why [`super::Duel::answer`] refused the answers.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AnswerError {
    /// The player has no open questions (never asked, or already answered).
    #[error("{0} has no open questions")]
    NotAsked(PlayerId),
    /// One answer per open question is needed.
    #[error("{player} has {expected} open questions, {given} answers given")]
    WrongCount {
        /// Who answered.
        player: PlayerId,
        /// Open questions.
        expected: usize,
        /// Answers given.
        given: usize,
    },
    /// An option index past the end of a question's menu.
    #[error(
        "{player}: answer {answer} to question {question} is not one of its {options} options"
    )]
    OutOfRange {
        /// Who answered.
        player: PlayerId,
        /// 0-based position among the player's open questions.
        question: usize,
        /// The index given.
        answer: usize,
        /// How many options the question has.
        options: usize,
    },
}

/// Why [`super::Duel::set_gesture`] refused to overwrite a gesture.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SampleError {
    /// No such player, or no such row in his history.
    #[error("{player} has no row {row}")]
    NoSuchRow {
        /// Whose history.
        player: PlayerId,
        /// The row asked for.
        row: usize,
    },
    /// The row is an Anti-spell's disruption, which everyone is told of.
    #[error("row {row} of {player} is an Anti-spell row")]
    AntiSpellRow {
        /// Whose history.
        player: PlayerId,
        /// The row asked for.
        row: usize,
    },
    /// The round's newest rows have already made the cast list that the
    /// questions before the reveal are about; they can no longer change.
    #[error("row {row} of {player} is already part of this round's casts")]
    InResolution {
        /// Whose history.
        player: PlayerId,
        /// The row asked for.
        row: usize,
    },
}
