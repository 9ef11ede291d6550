//! What one seat may know of a duel, as a type: a [`SeatView`] wraps the
//! duel and the seat's player, and offers only what that wizard sees (his
//! [`View`], his text pane's narration, the names everyone was told) and,
//! for a computer's search, a determinised copy made by the engine from
//! the seat's view ([`SeatView::determinise`]), which holds no hidden row.
//! Seats are handed a `SeatView`, never the `Duel`, so that what they may
//! read is fixed by the compiler rather than by a promise.

use super::being::Gender;
use super::determinise::{Determinised, HiddenRow, Sampler};
use super::duel::{Duel, Outcome, RoundKind};
use super::gesture::{Gesture, Seen};
use super::ids::{BeingId, PlayerId};
use super::narrate::Viewer;
use super::question::Question;
use super::status::StatusRow;
use super::view::View;

/// One seat's window onto a duel; see the module notes.
#[derive(Debug, Clone, Copy)]
pub struct SeatView<'a> {
    duel: &'a Duel,
    me: PlayerId,
}

impl Duel {
    /// What player `me`'s seat may see of this duel.
    pub fn seat_view(&self, me: PlayerId) -> SeatView<'_> {
        SeatView { duel: self, me }
    }
}

impl<'a> SeatView<'a> {
    /// The seat's player.
    pub fn me(&self) -> PlayerId {
        self.me
    }

    /// Everything the seat's wizard sees now (beings, gestures as seen,
    /// own questions).
    pub fn view(&self) -> View {
        self.duel.view(self.me)
    }

    /// What the seat's gesture column of `owner` shows now: the rows of
    /// [`SeatView::view`] ([`Duel::rows_seen`]), fog where the seat could
    /// not see and [`Seen::Unrevealed`] before the reveal.
    pub fn rows_seen(&self, owner: PlayerId) -> Vec<[Seen; 2]> {
        self.duel.rows_seen(owner, Viewer::Player(self.me))
    }

    /// The seat's status list: the living beings in its window's order,
    /// with hit points and flags (what every seat is told).
    pub fn status(&self) -> Vec<StatusRow> {
        self.duel.status(self.me)
    }

    /// A being's name, as every seat was told it.
    pub fn being_name(&self, id: BeingId) -> &'a str {
        &self.duel.being(id).name
    }

    /// How many wizards the duel has.
    pub fn players(&self) -> usize {
        self.duel.players()
    }

    /// The seat's open questions (also in [`SeatView::view`]).
    pub fn open_questions(&self) -> &'a [Question] {
        self.duel.open_questions(self.me)
    }

    /// The lines the seat's text pane shows since `cursor`, and the next cursor.
    pub fn narration_since(&self, cursor: usize) -> (Vec<String>, usize) {
        self.duel.narration_since(Viewer::Player(self.me), cursor)
    }

    /// The wizards' names, in player order (announced to everyone).
    pub fn names(&self) -> Vec<String> {
        self.wizards().map(|(name, _)| name.to_string()).collect()
    }

    /// The wizards as `name[:g]`, in player order, as `hello` lists them.
    pub fn player_list(&self) -> Vec<String> {
        self.wizards()
            .map(|(name, gender)| match gender {
                Gender::Male => name.to_string(),
                Gender::Female => format!("{name}:f"),
                Gender::Neuter => format!("{name}:n"),
                Gender::None => format!("{name}:x"),
            })
            .collect()
    }

    fn wizards(&self) -> impl Iterator<Item = (&'a str, Gender)> {
        let duel: &'a Duel = self.duel;
        duel.beings()[..duel.players()]
            .iter()
            .map(|b| (&*b.name, b.gender))
    }

    /// The seat's wizard's name.
    pub fn my_name(&self) -> &'a str {
        &self.duel.being(self.me.into()).name
    }

    /// The number of the normal turn being played (or next).
    pub fn turn(&self) -> u32 {
        self.duel.turn()
    }

    /// The kind of the current (or next) round.
    pub fn round_kind(&self) -> RoundKind {
        self.duel.round_kind()
    }

    /// Rounds started so far, extra rounds included.
    pub fn rounds_played(&self) -> u32 {
        self.duel.rounds_played()
    }

    /// The rule book the duel is played by (known to everyone).
    pub fn rules(&self) -> &'static super::RuleSet {
        self.duel.rules()
    }

    /// Whether the engine takes `gestures` as this seat's move
    /// ([`Duel::check_move`]: an Onyx beam needs an Onyx not yet used).
    pub fn check_move(
        &self,
        gestures: (super::Gesture, super::Gesture),
    ) -> Result<(), super::MoveError> {
        self.duel.check_move(self.me, gestures)
    }

    /// Set once the duel is over (announced to everyone).
    pub fn outcome(&self) -> Option<Outcome> {
        self.duel.outcome()
    }

    /// The seat's determinised copy, made by the engine from this seat's
    /// view (`determinise.rs`): no log (and none recorded), random draws
    /// from `seed`, the others' answers to the open batch forgotten (asked
    /// again), and every row hidden from the seat filled by `fill`, in the
    /// order [`SeatView::hidden_rows`] lists them. The true hidden rows
    /// are never in it.
    pub fn determinise(&self, seed: u64, fill: &mut Sampler) -> Determinised {
        self.duel.determinise_for(self.me, seed, fill)
    }

    /// [`SeatView::determinise`] with every hidden row filled with
    /// "nothing": the copy a computer seat is handed, to imagine the
    /// hidden rows afresh in each of its own determinisations.
    pub fn determinised(&self, seed: u64) -> Determinised {
        self.determinise(seed, &mut |_, _| (Gesture::Nothing, Gesture::Nothing))
    }

    /// The rows of the others this seat could not see and a determinisation
    /// fills: fogged rows of living wizards, and the others' moves of a
    /// round whose charm questions are open.
    pub fn hidden_rows(&self) -> Vec<HiddenRow> {
        self.duel.hidden_rows(self.me)
    }
}
