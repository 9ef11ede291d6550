//! The duel a caller drives: its lasting state, and the calls that move it on
//! (`start_round`, `answer`, `say`, `withdraw`) or read it (`view`,
//! `narration_since`, and the omniscient queries referees and tests use).

use super::being::{Being, BeingKind};
use super::beings::Beings;
use super::cast::Cast;
use super::errors::{AnswerError, MoveError};
use super::gesture::{Gesture, Seen};
use super::ids::{BeingId, PlayerId};
use super::narrate::{CourseEvent, Event, Viewer};
use super::question::Question;
use super::round::{Round, Stage, Step};
use super::rules::{OnyxHolders, RuleSet};
use super::setup::{check_players, PlayerSpec, SetupError, MAX_PLAYERS};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::sync::Arc;

/// What kind of round is next; only some wizards move in haste and time-stop rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RoundKind {
    /// Every living wizard moves.
    #[default]
    Normal,
    /// Hasted wizards make an extra move, resolved with the next normal round.
    Haste,
    /// Time-stopped wizards move alone, resolved at once.
    TimeStop,
}

impl RoundKind {
    /// `normal`, `haste`, `timestop` as the script report writes it.
    pub fn script_name(self) -> &'static str {
        match self {
            RoundKind::Normal => "normal",
            RoundKind::Haste => "haste",
            RoundKind::TimeStop => "timestop",
        }
    }
}

/// How a duel ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// This wizard won.
    Winner(PlayerId),
    /// Nobody won.
    Draw,
}

/// A duel between 2 to 8 wizards. The caller drives it: [`Duel::start_round`]
/// with the moves, then [`Duel::answer`] for each player the duel waits on,
/// until a [`Step`] says the round is done or the duel over. Cloning is cheap
/// enough for search, and `clone_from` into a duel kept for the purpose
/// reuses its buffers and allocates nothing once they have grown.
#[derive(Debug)]
pub struct Duel {
    pub(crate) beings: Beings,
    pub(crate) players: usize,
    pub(crate) rng: StdRng,
    /// Number of the next normal turn, from 0 (the transcript's `Turn N+1`).
    pub(crate) turn: u32,
    pub(crate) round_kind: RoundKind,
    /// Which wizards move in the current (or next) round.
    pub(crate) active: [bool; MAX_PLAYERS],
    /// Spells completed in a haste round, resolved with the next round.
    pub(crate) haste_casts: Vec<Cast>,
    /// The narration log, shared by a duel's copies until one of them adds
    /// to it (a search's copies, narration off, never do).
    pub(crate) events: Arc<Vec<Event>>,
    pub(crate) outcome: Option<Outcome>,
    /// Whether narration events are recorded at all (bots and benchmarks may skip them).
    pub(crate) narrating: bool,
    pub(crate) rounds_played: u32,
    /// Wizards whose player has gone; they surrender at the end of the turn.
    pub(crate) leaving: [bool; MAX_PLAYERS],
    /// The round in progress (or the scratch of the last one).
    pub(crate) round: Round,
    /// The rules this duel plays by.
    pub(crate) rules: &'static RuleSet,
    /// Who holds an Onyx not yet used (Death Match).
    pub(crate) onyx: OnyxHolders,
}

impl Clone for Duel {
    fn clone(&self) -> Duel {
        Duel {
            beings: self.beings.clone(),
            players: self.players,
            rng: self.rng.clone(),
            turn: self.turn,
            round_kind: self.round_kind,
            active: self.active,
            haste_casts: self.haste_casts.clone(),
            events: self.events.clone(),
            outcome: self.outcome,
            narrating: self.narrating,
            rounds_played: self.rounds_played,
            leaving: self.leaving,
            round: self.round.clone(),
            rules: self.rules,
            onyx: self.onyx,
        }
    }

    /// Field by field, so that every buffer of `self` is reused. The source
    /// is taken apart whole, so a new field cannot be forgotten here.
    fn clone_from(&mut self, source: &Duel) {
        let Duel {
            beings,
            players,
            rng,
            turn,
            round_kind,
            active,
            haste_casts,
            events,
            outcome,
            narrating,
            rounds_played,
            leaving,
            round,
            rules,
            onyx,
        } = source;
        self.beings.clone_from(beings);
        self.players = *players;
        self.rng.clone_from(rng);
        self.turn = *turn;
        self.round_kind = *round_kind;
        self.active = *active;
        self.haste_casts.clone_from(haste_casts);
        self.events = Arc::clone(events);
        self.outcome = *outcome;
        self.narrating = *narrating;
        self.rounds_played = *rounds_played;
        self.leaving = *leaving;
        self.round.clone_from(round);
        self.rules = rules;
        self.onyx = *onyx;
    }
}

impl Duel {
    /// Starts a duel; `seed` fixes every random choice. The players are
    /// checked here, in one place: 2 to 8, names not empty, not `nobody`,
    /// not taken.
    pub fn new(players: &[PlayerSpec], seed: u64) -> Result<Duel, SetupError> {
        Duel::with_rules(players, seed, RuleSet::original())
    }

    /// Starts a duel played by `rules`: [`Duel::new`] under another book,
    /// whose player count and hit points are checked and given here.
    pub fn with_rules(
        players: &[PlayerSpec],
        seed: u64,
        rules: &'static RuleSet,
    ) -> Result<Duel, SetupError> {
        check_players(players)?;
        let (min, max) = rules.players;
        if !(min..=max).contains(&players.len()) {
            return Err(SetupError::BookPlayerCount {
                book: rules.name,
                min,
                max,
                given: players.len(),
            });
        }
        let beings: Vec<Being> = players
            .iter()
            .map(|p| {
                let mut w = Being::new(&p.name, p.gender, BeingKind::Wizard);
                w.hp = rules.hit_points;
                w.top_hp = rules.hit_points;
                w
            })
            .collect();
        let beings = Beings::from(beings);
        let n = beings.len();
        let mut duel = Duel {
            beings,
            players: n,
            rng: StdRng::seed_from_u64(seed),
            turn: 0,
            round_kind: RoundKind::Normal,
            active: [false; MAX_PLAYERS],
            haste_casts: Vec::new(),
            events: Arc::default(),
            outcome: None,
            narrating: true,
            rounds_played: 0,
            leaving: [false; MAX_PLAYERS],
            round: Round::default(),
            rules,
            onyx: OnyxHolders::default(),
        };
        duel.active = duel.wizards_alive();
        for w in 0..n {
            duel.say_event(CourseEvent::Enters { wizard: w.into() });
        }
        Ok(duel)
    }

    /// Turns narration off or on; with it off the engine records no text (for fast self-play).
    pub fn set_narration(&mut self, on: bool) {
        self.narrating = on;
    }

    /// The rules this duel plays by.
    pub fn rules(&self) -> &'static RuleSet {
        self.rules
    }

    /// Number of wizards (players).
    pub fn players(&self) -> usize {
        self.players
    }

    /// The kind of the current round, or of the next one between rounds.
    pub fn round_kind(&self) -> RoundKind {
        self.round_kind
    }

    /// Whether wizard `p` moves in the current (or next) round.
    pub fn is_active(&self, p: PlayerId) -> bool {
        self.active.get(p.index()).copied().unwrap_or(false) && p.index() < self.players
    }

    /// The normal turn being played (or next), counted from 0; people read
    /// it plus one (the transcript's `Turn 1`, the seat protocol's `turn`).
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Rounds started so far, extra (haste, time-stop) rounds included.
    pub fn rounds_played(&self) -> u32 {
        self.rounds_played
    }

    /// Set once the duel is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Plays the moves of a round: one entry per player, `Some` for each
    /// active wizard and `None` for the others. Resolution runs until it
    /// needs answers ([`Step::Questions`]) or the round ends. The charmers'
    /// gesture questions, open since the last round, are asked first if
    /// still unanswered.
    pub fn start_round(&mut self, moves: &[Option<(Gesture, Gesture)>]) -> Result<Step, MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::DuelOver);
        }
        if self.round.stage != Stage::Moves {
            return Err(MoveError::QuestionsOpen);
        }
        if moves.len() != self.players {
            return Err(MoveError::WrongLength {
                given: moves.len(),
                players: self.players,
            });
        }
        for (p, m) in moves.iter().enumerate() {
            match (self.active[p], m) {
                (true, None) => return Err(MoveError::Missing(PlayerId::new(p))),
                (false, Some(_)) => return Err(MoveError::Inactive(PlayerId::new(p))),
                (true, Some(m)) => self.check_move(PlayerId::new(p), *m)?,
                _ => {}
            }
        }
        self.spend_onyxes(moves);
        self.rounds_played += 1;
        let round = &mut self.round;
        round.kind = self.round_kind;
        round.active = self.active;
        for (slot, m) in round.moves.iter_mut().zip(moves) {
            *slot = m.unwrap_or_default();
        }
        round.stage = Stage::Charm;
        Ok(self.advance())
    }

    /// The questions of the open batch that `p` has not answered yet.
    pub fn open_questions(&self, p: PlayerId) -> &[Question] {
        self.round.batch.questions_of(p)
    }

    /// The pre-filled answer of each of `p`'s open questions, in order: what
    /// a window submits untouched, and what a player without a mind of its
    /// own gives.
    pub fn default_answers(&self, p: PlayerId) -> Vec<usize> {
        self.open_questions(p)
            .iter()
            .map(Question::fallback)
            .collect()
    }

    /// The players whose answers the duel is waiting for, in player order.
    pub fn waiting_on(&self) -> impl Iterator<Item = PlayerId> + '_ {
        self.round.batch.waiting()
    }

    /// Answers all of `p`'s open questions: one option index per question,
    /// in order. When the last awaited player has answered, resolution goes
    /// on to the next [`Step`]. On error nothing is applied.
    pub fn answer(&mut self, p: PlayerId, answers: &[usize]) -> Result<Step, AnswerError> {
        let open = self.round.batch.questions_of(p);
        if open.is_empty() {
            return Err(AnswerError::NotAsked(p));
        }
        super::question::check_answers(p, open, answers)?;
        self.round.batch.record(p, answers);
        Ok(self.advance())
    }

    /// Records a line player `p` said, where it happens in the log (between
    /// rounds, while questions are open, after the end). Lines of players the
    /// duel does not have are ignored.
    pub fn say(&mut self, p: PlayerId, text: &str) {
        if p.index() >= self.players {
            return;
        }
        self.log(CourseEvent::Speech {
            wizard: p.into(),
            text: text.to_string(),
        });
    }

    /// Player `p` has gone (a display died, a window was closed, a program
    /// failed): his wizard surrenders at the end of the current (or next)
    /// normal turn, and his questions, now and later, take their pre-filled
    /// answers. If that completes the open batch, returns the step that
    /// follows; otherwise None.
    pub fn withdraw(&mut self, p: PlayerId) -> Option<Step> {
        let w = p.index();
        if w >= self.players || self.leaving[w] || self.outcome.is_some() {
            return None;
        }
        self.leaving[w] = true;
        if self.beings[w].alive() {
            self.log(CourseEvent::Withdraws { wizard: w.into() });
        }
        if !self.round.batch.waits_for(p) {
            return None;
        }
        self.round.batch.default_for(p);
        self.round.batch.complete().then(|| self.advance())
    }

    /// Whether player `p` has gone.
    pub fn has_withdrawn(&self, p: PlayerId) -> bool {
        self.leaving.get(p.index()).copied().unwrap_or(false)
    }

    /// Narration for `reader` since `cursor` (0 for the start): the lines
    /// that reader's text pane prints, and the cursor to pass next time.
    /// Before the book's reveal, what the round's resolution has told so far
    /// (its casts, what they did) is held back: it would tell the rows that
    /// are still fogged.
    pub fn narration_since(&self, reader: Viewer, cursor: usize) -> (Vec<String>, usize) {
        let told = if self.round.stage.rows_recorded() && self.before_reveal() {
            self.round.told_at_rows.min(self.events.len())
        } else {
            self.events.len()
        };
        let told = told.max(cursor.min(self.events.len()));
        (self.narration_between(reader, cursor, told), told)
    }

    /// The lines of the events from `from` up to `to` (event counts, as the
    /// cursor of [`Duel::narration_since`]): a replay's frame, told from
    /// the ended duel.
    pub fn narration_between(&self, reader: Viewer, from: usize, to: usize) -> Vec<String> {
        let to = to.min(self.events.len());
        self.events[from.min(to)..to]
            .iter()
            .filter_map(|e| e.text(self, reader))
            .collect()
    }

    /// Everything narrated so far, in order, typed (the words come from
    /// [`Duel::narration_since`]): round headers split it into rounds.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The transcript the first player may save: gestures, all text, all speech.
    pub fn transcript(&self) -> String {
        super::transcript::write(self)
    }

    /// Every being that ever existed: wizards first, then monsters in
    /// creation order. Omniscient: for referees, reports and tests, not seats.
    pub fn beings(&self) -> &[Being] {
        &self.beings
    }

    /// One being (omniscient, as [`Duel::beings`]).
    pub fn being(&self, id: BeingId) -> &Being {
        &self.beings[id]
    }

    /// What `viewer` sees of `owner`'s gesture history, oldest first, once
    /// the round's gestures are revealed. Fog hides rows made invisibly, in
    /// a time stop, or while the viewer was blind.
    pub fn seen_history(&self, owner: PlayerId, viewer: Viewer) -> Vec<[Seen; 2]> {
        let v = match viewer {
            Viewer::Player(p) => Some(p.index()),
            Viewer::Observer => None,
        };
        self.beings[owner.index()]
            .history
            .iter()
            .map(|r| r.seen_by(owner.index(), v))
            .collect()
    }

    /// How many rows `owner`'s gesture history has: rows are only added,
    /// so a replay keeps this count a round instead of the rows.
    pub fn history_len(&self, owner: PlayerId) -> usize {
        self.beings[owner.index()].history.len()
    }

    /// Whether a round is being resolved (its moves given, questions open);
    /// false between rounds, even while a charmer's gesture is asked.
    pub fn mid_round(&self) -> bool {
        self.round.stage != Stage::Moves
    }

    /// A mask of the wizards for which `f` holds.
    pub(crate) fn wizards_where(&self, f: impl Fn(&Being) -> bool) -> [bool; MAX_PLAYERS] {
        let mut mask = [false; MAX_PLAYERS];
        for (w, b) in self.beings[..self.players].iter().enumerate() {
            mask[w] = f(b);
        }
        mask
    }

    pub(crate) fn say_event(&mut self, e: impl Into<Event>) {
        if self.narrating {
            self.log(e.into());
        }
    }

    /// Adds to the log, copying it first if another duel shares it.
    fn log(&mut self, e: impl Into<Event>) {
        Arc::make_mut(&mut self.events).push(e.into());
    }

    pub(crate) fn is_frozen(&self, id: BeingId) -> bool {
        self.round_kind == RoundKind::TimeStop && !self.beings[id].fx.time_stop.is_on()
    }
}

#[cfg(test)]
mod tests;
