//! A program seat as a [`Seat`]: each call becomes the seat protocol's
//! message, written from what `duel.view(me)` and the seat's text pane show.

use super::kind::{player_list, RoundInfo, Seat};
use super::message::{DuelResult, End, Hello, Message, MoveRequest, RoundReport, Said, ViewJson};
use super::program::{ProgramSeat, SeatFailure};
use super::view_map::{asked_questions, counted, view_json, BeingLabels};
use crate::engine::{Duel, Gesture, Outcome, PlayerId, Viewer};

/// Beings as the protocol writes them, for this duel.
fn labels(duel: &Duel) -> BeingLabels {
    let names = duel.beings()[..duel.players()]
        .iter()
        .map(|b| b.name.to_string())
        .collect();
    BeingLabels::new(names)
}

/// The seat's `VIEW` now.
fn seat_view(duel: &Duel, me: PlayerId) -> ViewJson {
    view_json(&duel.view(me), &labels(duel))
}

/// The script report's form of a finished (or cut short) duel.
pub fn duel_result(duel: &Duel) -> DuelResult {
    match duel.outcome() {
        Some(Outcome::Winner(p)) => DuelResult::Winner {
            winner: duel.being(p.into()).name.to_string(),
        },
        _ => DuelResult::Draw { draw: true },
    }
}

impl Seat for ProgramSeat {
    fn describe(&self) -> String {
        format!("program {:?}", self.command())
    }

    fn hello(&mut self, duel: &Duel, me: PlayerId) -> Result<(), SeatFailure> {
        let you = &duel.being(me.into()).name;
        let limit_ms = u64::try_from(self.limit().as_millis()).unwrap_or(u64::MAX);
        let ready = ProgramSeat::hello(self, Hello::new(you, player_list(duel), limit_ms))?;
        self.speech = ready.say;
        Ok(())
    }

    fn choose_move(
        &mut self,
        duel: &Duel,
        me: PlayerId,
        round: u32,
    ) -> Result<(Gesture, Gesture), SeatFailure> {
        let reply = self.ask_move(MoveRequest {
            round: counted(round),
            turn: counted(duel.turn()),
            kind: duel.round_kind().into(),
            view: seat_view(duel, me),
        })?;
        self.speech = reply.say;
        Ok((reply.left, reply.right))
    }

    fn choose_answers(
        &mut self,
        duel: &Duel,
        me: PlayerId,
        round: u32,
    ) -> Result<Vec<usize>, SeatFailure> {
        let asked = asked_questions(duel.open_questions(me), &labels(duel));
        let reply = self.ask_answers(counted(round), seat_view(duel, me), &asked)?;
        self.speech = reply.say;
        Ok(reply.answers)
    }

    fn tell_round(
        &mut self,
        duel: &Duel,
        me: PlayerId,
        round: RoundInfo,
    ) -> Result<(), SeatFailure> {
        let (text, cursor) = duel.narration_since(Viewer::Player(me), self.cursor);
        self.cursor = cursor;
        let mut view = seat_view(duel, me);
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

    fn tell_end(&mut self, duel: &Duel, me: PlayerId) {
        let end = End {
            result: duel_result(duel),
            view: seat_view(duel, me),
        };
        self.close(Some(end));
    }

    fn take_speech(&mut self) -> Option<String> {
        self.speech.take()
    }
}
