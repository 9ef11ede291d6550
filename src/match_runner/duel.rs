//! One headless duel between seats, played to its end: the driver behind
//! `spellcast match`. It asks each seat in the order the seat protocol
//! fixes (a charmer's gesture before the moves, then the moves, then each
//! batch of questions, then the round's news), gives a failed seat's wizard
//! up as a closed window would be (one line on standard error, the wizard
//! withdraws, the others play on), stops a duel that reaches the turn cap
//! as a draw, and writes the whole duel down as a replayable script.

use super::script_record::ScriptRecorder;
use super::stats::Ending;
use crate::engine::{Duel, Gesture, Outcome, PlayerId, PlayerSpec, SetupError, Step};
use crate::seat::kind::{failure_line, player_list};
use crate::seat::{LogSink, RoundInfo, Seat, SeatFailure};
use thiserror::Error;

/// Normal turns after which an undecided duel is stopped as a draw.
pub const TURN_CAP: u32 = 100;

/// A seat the driver plays.
pub type BoxedSeat = Box<dyn Seat + Send>;

/// A duel the driver could not play.
#[derive(Debug, Error)]
pub enum DriverError {
    /// The players cannot start a duel.
    #[error("{0}")]
    Setup(#[from] SetupError),
    /// One seat per player is needed.
    #[error("{seats} seats for {players} players")]
    SeatCount {
        /// Seats given.
        seats: usize,
        /// Players in the duel.
        players: usize,
    },
    /// The engine refused what the driver gave it (a bug in the driver).
    #[error("the engine refused a move or answer: {0}")]
    Engine(String),
}

/// How a duel went.
#[derive(Debug, Clone)]
pub struct Played {
    /// The result; `None` when the turn cap stopped the duel (a draw).
    pub outcome: Option<Outcome>,
    /// How it ended, for the match's count.
    pub ending: Ending,
    /// Per player, whether the seat failed.
    pub failed: Vec<bool>,
    /// The duel as a script (`script-format.md`) that replays it.
    pub script: serde_json::Value,
    /// The duel's transcript, as an observer read it.
    pub transcript: String,
}

/// Answers asked for before the moves: who, to which questions, which answers.
type Held = (PlayerId, Vec<crate::engine::Question>, Vec<usize>);

/// The duel and its seats while it is played.
struct Table {
    duel: Duel,
    seats: Vec<Option<BoxedSeat>>,
    failed: Vec<bool>,
    record: ScriptRecorder,
    log: LogSink,
}

/// Plays one duel of `players` on `seed`, seat `i` playing player `i`, and
/// writes failure lines to `log`.
pub fn play_duel(
    players: &[PlayerSpec],
    seed: u64,
    seats: Vec<BoxedSeat>,
    log: LogSink,
) -> Result<Played, DriverError> {
    let duel = Duel::new(players, seed)?;
    if seats.len() != players.len() {
        return Err(DriverError::SeatCount {
            seats: seats.len(),
            players: players.len(),
        });
    }
    let record = ScriptRecorder::new(player_list(&duel), seed);
    let mut table = Table {
        failed: vec![false; seats.len()],
        seats: seats.into_iter().map(Some).collect(),
        duel,
        record,
        log,
    };
    for p in table.players() {
        let result = table.with_seat(p, |seat, duel| seat.hello(duel, p));
        table.settle(p, result, false);
    }
    while table.duel.outcome().is_none() && table.duel.turn() < TURN_CAP {
        table.play_round()?;
    }
    table.finish();
    let outcome = table.duel.outcome();
    Ok(Played {
        ending: ending(&table.duel),
        outcome,
        failed: table.failed,
        script: table.record.to_json(),
        transcript: table.duel.transcript(),
    })
}

/// How a finished (or capped) duel ended.
fn ending(duel: &Duel) -> Ending {
    match duel.outcome() {
        None => Ending::TurnCap,
        Some(Outcome::Draw) => Ending::Draw,
        Some(Outcome::Winner(w)) => {
            let wizards = &duel.beings()[..duel.players()];
            let gave_up = wizards
                .iter()
                .enumerate()
                .any(|(i, b)| i != w.index() && b.surrendered);
            if gave_up {
                Ending::Surrender
            } else {
                Ending::Kill
            }
        }
    }
}

impl Table {
    fn players(&self) -> impl Iterator<Item = PlayerId> {
        (0..self.seats.len()).map(PlayerId::new)
    }

    /// Runs `f` on `p`'s seat if it still plays; `None` if it does not.
    fn with_seat<T>(
        &mut self,
        p: PlayerId,
        f: impl FnOnce(&mut BoxedSeat, &Duel) -> Result<T, SeatFailure>,
    ) -> Option<Result<T, SeatFailure>> {
        let seat = self.seats.get_mut(p.index())?.as_mut()?;
        Some(f(seat, &self.duel))
    }

    /// After a call on `p`'s seat: passes on its speech, and gives the seat
    /// up if it failed. Returns the value on success, and the step a
    /// withdrawal led to, if any.
    fn settle<T>(
        &mut self,
        p: PlayerId,
        result: Option<Result<T, SeatFailure>>,
        in_round: bool,
    ) -> (Option<T>, Option<Step>) {
        self.pass_speech(p, in_round);
        match result {
            Some(Ok(value)) => (Some(value), None),
            Some(Err(failure)) => (None, self.give_up(p, &failure, in_round)),
            None => (None, None),
        }
    }

    /// What `p` said in its last reply goes into the duel and to the others.
    fn pass_speech(&mut self, p: PlayerId, in_round: bool) {
        let Some(text) = self
            .seats
            .get_mut(p.index())
            .and_then(|s| s.as_mut())
            .and_then(|s| s.take_speech())
        else {
            return;
        };
        self.duel.say(p, &text);
        let who = self.duel.being(p.into()).name.clone();
        for q in self.players().filter(|&q| q != p) {
            let result = self.with_seat(q, |seat, _| seat.tell_said(&who, &text));
            if let Some(Err(failure)) = result {
                self.give_up(q, &failure, in_round);
            }
        }
    }

    /// A failed seat: one line on standard error, the seat ended, its wizard withdrawn.
    fn give_up(&mut self, p: PlayerId, failure: &SeatFailure, in_round: bool) -> Option<Step> {
        let seat = self.seats.get_mut(p.index()).and_then(Option::take)?;
        let name = self.duel.being(p.into()).name.clone();
        let line = failure_line(&name, &seat.describe(), failure);
        if let Ok(mut log) = self.log.lock() {
            let _ = writeln!(log, "{line}");
        }
        drop(seat);
        self.failed[p.index()] = true;
        self.record.withdraw(p, in_round);
        self.duel.withdraw(p)
    }

    /// One round: charm answers, moves, questions, news.
    fn play_round(&mut self) -> Result<(), DriverError> {
        let number = self.duel.rounds_played();
        let (kind, turn) = (self.duel.round_kind(), self.duel.turn());
        self.record.begin_round();
        let mut held = self.ask_before_moves(number);
        let mut moves = Vec::with_capacity(self.seats.len());
        for p in self.players() {
            if !self.duel.is_active(p) {
                moves.push(None);
                continue;
            }
            let result = self.with_seat(p, |seat, duel| seat.choose_move(duel, p, number));
            let (gestures, _) = self.settle(p, result, true);
            moves.push(Some(
                gestures.unwrap_or((Gesture::Nothing, Gesture::Nothing)),
            ));
        }
        self.record.moves(&moves);
        let step = self
            .duel
            .start_round(&moves)
            .map_err(|e| DriverError::Engine(e.to_string()))?;
        if step == Step::Questions {
            self.answer_questions(number, &mut held)?;
        }
        self.tell_round(RoundInfo { number, kind, turn });
        Ok(())
    }

    /// Asks the charmers for their victims' gestures, as the protocol wants
    /// them, before the moves. The answers are held and given to the engine
    /// when `start_round` asks those questions first, as a script's are
    /// (given between rounds, the engine would not keep them).
    fn ask_before_moves(&mut self, round: u32) -> Vec<Held> {
        let waiting: Vec<PlayerId> = self.duel.waiting_on().collect();
        let mut held = Vec::new();
        for p in waiting {
            let questions = self.duel.open_questions(p).to_vec();
            let result = self.with_seat(p, |seat, duel| seat.choose_answers(duel, p, round));
            if let (Some(answers), _) = self.settle(p, result, true) {
                held.push((p, questions, answers));
            }
        }
        held
    }

    /// Asks the players the duel waits on until the round is resolved; the
    /// held answers go first where they answer the same questions. A batch
    /// that opens when the round is done (the next round's charm gestures)
    /// waits for the next round, as in a script.
    fn answer_questions(&mut self, round: u32, held: &mut Vec<Held>) -> Result<(), DriverError> {
        loop {
            let next = self.duel.waiting_on().next();
            let Some(p) = next else {
                return Ok(());
            };
            let open = self.duel.open_questions(p);
            let early = held
                .iter()
                .position(|(q, asked, _)| *q == p && asked == open);
            let (answers, withdrawn) = match early {
                Some(i) => (Some(held.swap_remove(i).2), None),
                None => {
                    let result =
                        self.with_seat(p, |seat, duel| seat.choose_answers(duel, p, round));
                    self.settle(p, result, true)
                }
            };
            let step = match answers {
                Some(answers) => self.apply_answers(p, &answers),
                // Given up now or earlier: the withdrawal took the defaults.
                None => {
                    let step = withdrawn.or_else(|| self.duel.withdraw(p));
                    if self.is_waiting_on(p) {
                        return Err(DriverError::Engine(format!("{p} is still asked")));
                    }
                    step
                }
            };
            if matches!(step, Some(Step::RoundDone | Step::Over(_))) {
                return Ok(());
            }
        }
    }

    /// Gives `p`'s answers to the engine (as the script will name them) and
    /// records them; a refusal gives the seat up.
    fn apply_answers(&mut self, p: PlayerId, answers: &[usize]) -> Option<Step> {
        let questions = self.duel.open_questions(p).to_vec();
        let answers: Vec<usize> = questions
            .iter()
            .zip(answers)
            .map(|(q, &a)| self.record.canonical(q, a))
            .chain(answers.iter().skip(questions.len()).copied())
            .collect();
        match self.duel.answer(p, &answers) {
            Ok(step) => {
                self.record.answers(p, &questions, &answers);
                Some(step)
            }
            Err(e) => self.give_up(p, &SeatFailure::Refused(e.to_string()), true),
        }
    }

    fn is_waiting_on(&self, p: PlayerId) -> bool {
        self.duel.waiting_on().any(|q| q == p)
    }

    /// Tells every seat the round is over.
    fn tell_round(&mut self, round: RoundInfo) {
        for p in self.players() {
            let result = self.with_seat(p, |seat, duel| seat.tell_round(duel, p, round));
            self.settle(p, result, false);
        }
    }

    /// Says goodbye to every seat still playing.
    fn finish(&mut self) {
        for p in self.players() {
            if let Some(mut seat) = self.seats[p.index()].take() {
                seat.tell_end(&self.duel, p);
            }
        }
    }
}

#[cfg(test)]
mod tests;
