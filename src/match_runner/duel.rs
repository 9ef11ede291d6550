//! One headless duel between seats, played to its end for `spellcast
//! match`. The [`Driver`] says whom to ask for what, in the order the seat
//! protocol fixes (a charmer's gesture before the moves, then the moves,
//! then each batch of questions); this loop asks the seats synchronously,
//! tells them each round's news, gives a failed seat's wizard up as a
//! closed window would be (one line on standard error, the wizard
//! withdraws, the others play on), stops a duel that reaches the turn cap
//! as a draw, and writes the whole duel down as a replayable script.
//! A seat that fails once the duel is decided changes nothing: its line
//! says so, and it is not counted as a failure. A duel may start from an
//! opening (`opening.rs`): in its rounds the seats are not asked for moves,
//! the opening's gestures are made for them, and they are told the round
//! as any other.

use super::opening::OpeningRound;
use super::script_record::ScriptRecorder;
use super::stats::Ending;
use crate::driver::{Applied, Ask, Driver, Phase, RoundInfo};
use crate::engine::{Duel, Gesture, Outcome, PlayerId, PlayerSpec, RuleSet, SetupError};
use crate::seat::{failure_line, BoxedSeat, Decision, LogSink, SeatFailure};
use thiserror::Error;

/// Normal turns after which an undecided duel is stopped as a draw.
pub const TURN_CAP: u32 = 100;

/// A duel that could not be played.
#[derive(Debug, Error)]
pub enum DuelError {
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
    /// The driver kept asking for what was given (a bug).
    #[error("the driver is stuck: {0}")]
    Stuck(String),
}

/// How a duel went.
#[derive(Debug, Clone)]
pub struct Played {
    /// The result; `None` when the turn cap stopped the duel (a draw).
    pub outcome: Option<Outcome>,
    /// How it ended, for the match's count.
    pub ending: Ending,
    /// Per player, whether the seat failed while the duel was undecided.
    pub failed: Vec<bool>,
    /// The duel as a script (man/spellcast-script.5) that replays it.
    pub script: serde_json::Value,
    /// The duel's transcript, as an observer read it.
    pub transcript: String,
}

/// The duel and its seats while it is played.
struct Bout {
    driver: Driver,
    seats: Vec<Option<BoxedSeat>>,
    failed: Vec<bool>,
    record: ScriptRecorder,
    log: LogSink,
    opening: Vec<OpeningRound>,
}

/// Plays one duel of `players` on `seed`, seat `i` playing player `i`,
/// its first rounds from `opening` (one move per player each), and writes
/// failure lines to `log`.
pub fn play_duel(
    players: &[PlayerSpec],
    seed: u64,
    seats: Vec<BoxedSeat>,
    opening: &[OpeningRound],
    log: LogSink,
) -> Result<Played, DuelError> {
    play_duel_by(RuleSet::original(), players, seed, seats, opening, log)
}

/// [`play_duel`] under the rule book `rules`, recorded in its script.
pub fn play_duel_by(
    rules: &'static RuleSet,
    players: &[PlayerSpec],
    seed: u64,
    seats: Vec<BoxedSeat>,
    opening: &[OpeningRound],
    log: LogSink,
) -> Result<Played, DuelError> {
    let duel = Duel::with_rules(players, seed, rules)?;
    if seats.len() != players.len() {
        return Err(DuelError::SeatCount {
            seats: seats.len(),
            players: players.len(),
        });
    }
    let record =
        ScriptRecorder::new(duel.seat_view(PlayerId::new(0)).player_list(), seed).with_rules(rules);
    let mut driver = Driver::new(duel);
    driver.keep_journal();
    for p in 0..seats.len() {
        driver.ask_charm_early(PlayerId::new(p));
    }
    let mut table = Bout {
        failed: vec![false; seats.len()],
        seats: seats.into_iter().map(Some).collect(),
        driver,
        record,
        log,
        opening: opening.to_vec(),
    };
    for p in table.players() {
        let result = table.with_seat(p, |seat, duel| seat.hello(duel.seat_view(p)));
        table.settle(p, result, false);
    }
    while !table.driver.is_over() && table.driver.duel().turn() < TURN_CAP {
        table.play_round()?;
    }
    table.finish();
    let duel = table.driver.duel();
    Ok(Played {
        ending: ending(duel),
        outcome: duel.outcome(),
        transcript: duel.transcript(),
        failed: table.failed,
        script: table.record.to_json(),
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

impl Bout {
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
        Some(f(seat, self.driver.duel()))
    }

    /// After a call on `p`'s seat: passes on what its wizard said, and
    /// gives the seat up if it failed. Returns the decision on success.
    fn settle<T>(
        &mut self,
        p: PlayerId,
        result: Option<Result<Decision<T>, SeatFailure>>,
        in_round: bool,
    ) -> Option<T> {
        match result? {
            Ok(decision) => {
                if let Some(text) = decision.say {
                    self.pass_speech(p, &text, in_round);
                }
                Some(decision.value)
            }
            Err(failure) => {
                self.give_up(p, &failure, in_round);
                None
            }
        }
    }

    /// What `p` said goes into the duel and to the others.
    fn pass_speech(&mut self, p: PlayerId, text: &str, in_round: bool) {
        self.driver.say(p, text);
        let who = self.driver.duel().seat_view(p).my_name().to_string();
        for q in self.players().filter(|&q| q != p) {
            let result = self.with_seat(q, |seat, _| seat.tell_said(&who, text));
            if let Some(Err(failure)) = result {
                self.give_up(q, &failure, in_round);
            }
        }
    }

    /// A failed seat: one line on standard error and the seat ended. While
    /// the duel is undecided its wizard withdraws (and surrenders); once
    /// it is decided the result stands and nothing else changes.
    fn give_up(&mut self, p: PlayerId, failure: &SeatFailure, in_round: bool) {
        let Some(seat) = self.seats.get_mut(p.index()).and_then(Option::take) else {
            return;
        };
        let decided = self.driver.is_over();
        let name = self.driver.duel().seat_view(p).my_name().to_string();
        let line = failure_line(&name, &seat.describe(), failure, decided);
        if let Ok(mut log) = self.log.lock() {
            let _ = writeln!(log, "{line}");
        }
        drop(seat);
        if decided {
            return;
        }
        self.failed[p.index()] = true;
        self.write_down();
        self.record.withdraw(p, in_round);
        self.driver.withdraw(p);
        self.write_down();
    }

    /// Copies what the engine took since last time into the script.
    fn write_down(&mut self) {
        let players = self.seats.len();
        for applied in self.driver.take_applied() {
            match applied {
                Applied::Moves(moves) => self.record.moves(&moves.for_engine(players)),
                Applied::Answers {
                    player,
                    questions,
                    answers,
                } => self.record.answers(player, &questions, &answers),
            }
        }
    }

    /// One round: whatever the driver asks for, until the round is played;
    /// then the news.
    fn play_round(&mut self) -> Result<(), DuelError> {
        let played = self.driver.duel().rounds_played() as usize;
        let opening = self.opening.get(played).cloned();
        self.record.begin_round();
        self.driver.begin_round();
        while let Some(request) = self.driver.next_request() {
            let taken = self.driver.taken();
            let (p, round) = (request.player, request.round);
            match request.ask {
                Ask::Move if opening.is_some() => {
                    let moves = opening.as_deref().unwrap_or_default();
                    let gestures = moves.get(p.index()).copied().unwrap_or_default();
                    self.driver
                        .give_move(p, gestures)
                        .map_err(|e| DuelError::Stuck(e.to_string()))?;
                }
                Ask::Move => {
                    let result =
                        self.with_seat(p, |seat, duel| seat.choose_move(duel.seat_view(p), round));
                    let gestures = self.settle(p, result, true);
                    // A seat gone (now or before) makes no gestures.
                    let gestures = gestures.unwrap_or((Gesture::Nothing, Gesture::Nothing));
                    self.driver
                        .give_move(p, gestures)
                        .map_err(|e| DuelError::Stuck(e.to_string()))?;
                }
                Ask::Answers => {
                    let result = self.with_seat(p, |seat, duel| {
                        seat.choose_answers(duel.seat_view(p), round)
                    });
                    match self.settle(p, result, true) {
                        Some(answers) => self.give_answers(p, &answers),
                        // Given up now or before: the withdrawal took the defaults.
                        None => self.driver.withdraw(p),
                    }
                }
            }
            self.write_down();
            if self.driver.taken() == taken {
                return Err(DuelError::Stuck(format!("{p} is still asked")));
            }
        }
        if let Phase::RoundDone(round) = self.driver.phase() {
            self.tell_round(round);
        }
        Ok(())
    }

    /// Gives `p`'s answers to the driver as the script will name them; a
    /// refusal gives the seat up.
    fn give_answers(&mut self, p: PlayerId, answers: &[usize]) {
        let questions = self.driver.duel().open_questions(p);
        let answers: Vec<usize> = questions
            .iter()
            .zip(answers)
            .map(|(q, &a)| self.record.canonical(q, a))
            .chain(answers.iter().skip(questions.len()).copied())
            .collect();
        if let Err(e) = self.driver.give_answers(p, answers) {
            self.give_up(p, &SeatFailure::Refused(e.to_string()), true);
        }
    }

    /// Tells every seat the round is over.
    fn tell_round(&mut self, round: RoundInfo) {
        for p in self.players() {
            let result = self.with_seat(p, |seat, duel| {
                seat.tell_round(duel.seat_view(p), round)
                    .map(Decision::silent)
            });
            self.settle(p, result, false);
        }
    }

    /// Says goodbye to every seat still playing.
    fn finish(&mut self) {
        for p in self.players() {
            if let Some(mut seat) = self.seats[p.index()].take() {
                seat.tell_end(self.driver.duel().seat_view(p));
            }
        }
    }
}

#[cfg(test)]
mod tests;
