//! A program seat as a [`Seat`]: each call becomes the seat protocol's
//! message, written from what the seat's view and text pane show.

use super::message::{DuelResult, End, Hello, Message, MoveRequest, RoundReport, Said, ViewJson};
use super::program::{ProgramSeat, SeatFailure};
use super::seat_trait::{Decision, Seat};
use super::view_map::{asked_questions, counted, view_json, BeingLabels};
use crate::driver::RoundInfo;
use crate::engine::{Gesture, Outcome, SeatView};

/// Beings as the protocol writes them, for this duel.
fn labels(seat: &SeatView) -> BeingLabels {
    let mut labels = BeingLabels::new(seat.names());
    labels.set_rules(seat.rules());
    labels
}

/// The seat's `VIEW` now.
fn seat_view(seat: &SeatView) -> ViewJson {
    view_json(&seat.view(), &labels(seat))
}

/// The script report's form of a finished (or cut short) duel, with the
/// wizards' names in player order.
pub fn duel_result(outcome: Option<Outcome>, names: &[String]) -> DuelResult {
    match outcome {
        Some(Outcome::Winner(p)) => DuelResult::Winner {
            winner: names.get(p.index()).cloned().unwrap_or_default(),
        },
        _ => DuelResult::Draw { draw: true },
    }
}

impl Seat for ProgramSeat {
    fn describe(&self) -> String {
        format!("program {:?}", self.command())
    }

    fn hello(&mut self, seat: SeatView) -> Result<Decision<()>, SeatFailure> {
        let limit_ms = u64::try_from(self.limit().as_millis()).unwrap_or(u64::MAX);
        let hello = Hello::new(seat.rules(), seat.my_name(), seat.player_list(), limit_ms)
            .with_seed(self.seed);
        let ready = ProgramSeat::hello(self, hello)?;
        Ok(Decision {
            value: (),
            say: ready.say,
        })
    }

    fn choose_move(
        &mut self,
        seat: SeatView,
        round: u32,
    ) -> Result<Decision<(Gesture, Gesture)>, SeatFailure> {
        let request = MoveRequest {
            round: counted(round),
            turn: counted(seat.turn()),
            kind: seat.round_kind().into(),
            view: seat_view(&seat),
        };
        let reply = self.ask_move_taken(request, |gestures| seat.check_move(gestures))?;
        Ok(Decision {
            value: (reply.left, reply.right),
            say: reply.say,
        })
    }

    fn choose_answers(
        &mut self,
        seat: SeatView,
        round: u32,
    ) -> Result<Decision<Vec<usize>>, SeatFailure> {
        let asked = asked_questions(seat.open_questions(), &labels(&seat));
        let reply = self.ask_answers(counted(round), seat_view(&seat), &asked)?;
        Ok(Decision {
            value: reply.answers,
            say: reply.say,
        })
    }

    fn tell_round(&mut self, seat: SeatView, round: RoundInfo) -> Result<(), SeatFailure> {
        let (text, cursor) = seat.narration_since(self.cursor);
        self.cursor = cursor;
        let mut view = seat_view(&seat);
        view.turn = counted(round.turn);
        self.tell(&Message::Round(RoundReport {
            round: counted(round.number),
            kind: round.kind.into(),
            view,
            text,
        }))
    }

    fn tell_said(&mut self, who: &str, text: &str) -> Result<(), SeatFailure> {
        self.tell(&Message::Said(Said {
            who: who.to_string(),
            text: text.to_string(),
        }))
    }

    fn tell_end(&mut self, seat: SeatView) {
        let end = End {
            result: duel_result(seat.outcome(), &seat.names()),
            view: seat_view(&seat),
        };
        self.close(Some(end));
    }
}
