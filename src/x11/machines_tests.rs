//! The machine players without X: replies folded into their state, stale
//! replies ignored, held charm answers, failures and the final join.

use super::*;
use crate::engine::{PlayerSpec, Step};
use crate::seat::Seat;
use std::sync::mpsc::{channel, Receiver};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A seat that palms with its left hand, says something once, and logs
/// which calls it was given; or fails at once.
struct Scripted {
    fail: bool,
    speech: Option<String>,
    log: Arc<Mutex<Vec<String>>>,
}

impl Seat for Scripted {
    fn describe(&self) -> String {
        "scripted".into()
    }
    fn hello(&mut self, _: &Duel, _: PlayerId) -> Result<(), SeatFailure> {
        self.log.lock().unwrap().push("hello".into());
        if self.fail {
            Err(SeatFailure::Crashed)
        } else {
            Ok(())
        }
    }
    fn choose_move(
        &mut self,
        _: &Duel,
        _: PlayerId,
        round: u32,
    ) -> Result<(Gesture, Gesture), SeatFailure> {
        self.log.lock().unwrap().push(format!("move {round}"));
        Ok((Gesture::Palm, Gesture::Nothing))
    }
    fn choose_answers(
        &mut self,
        duel: &Duel,
        me: PlayerId,
        _: u32,
    ) -> Result<Vec<usize>, SeatFailure> {
        self.log.lock().unwrap().push("answers".into());
        Ok(duel.default_answers(me))
    }
    fn tell_round(&mut self, _: &Duel, _: PlayerId, r: RoundInfo) -> Result<(), SeatFailure> {
        self.log.lock().unwrap().push(format!("round {}", r.number));
        Ok(())
    }
    fn tell_said(&mut self, who: &str, text: &str) -> Result<(), SeatFailure> {
        self.log.lock().unwrap().push(format!("said {who}: {text}"));
        Ok(())
    }
    fn tell_end(&mut self, _: &Duel, _: PlayerId) {
        self.log.lock().unwrap().push("end".into());
    }
    fn take_speech(&mut self) -> Option<String> {
        self.speech.take()
    }
}

/// A duel of a person (player 0) and one scripted seat (player 1).
fn setup(fail: bool) -> (Duel, Machines, Receiver<SeatReply>, Arc<Mutex<Vec<String>>>) {
    let specs = [PlayerSpec::parse("Alice:f"), PlayerSpec::parse("White")];
    let duel = Duel::new(&specs, 3).expect("two names");
    let log = Arc::new(Mutex::new(Vec::new()));
    let seat = Scripted {
        fail,
        speech: Some("hi".into()),
        log: log.clone(),
    };
    let (tx, rx) = channel();
    let reply = Box::new(move |r| {
        let _ = tx.send(r);
    });
    let worker = SeatWorker::spawn(Box::new(seat), PlayerId::new(1), reply);
    let machines = Machines::new(1, vec![(worker, "scripted".into())]);
    machines.hello(&duel);
    (duel, machines, rx, log)
}

fn next(rx: &Receiver<SeatReply>) -> SeatReply {
    rx.recv_timeout(Duration::from_secs(10)).expect("a reply")
}

#[test]
fn a_move_is_heard_after_its_speech_and_ends_the_phase() {
    let (mut duel, mut m, rx, log) = setup(false);
    assert!(m.present(1) && m.ended(1) && !m.present(0));
    m.begin_gestures(&duel);
    assert!(!m.ended(1), "waited for while it thinks");
    assert_eq!(m.heard(1, next(&rx), &duel), Heard::Said("hi".into()));
    assert_eq!(m.heard(1, next(&rx), &duel), Heard::Decided);
    assert!(m.ended(1));
    assert_eq!(m.chosen(1), (Gesture::Palm, Gesture::Nothing));
    // A stale move (for another round) changes nothing.
    m.begin_gestures(&duel);
    let stale = SeatReply::Move {
        round: 7,
        gestures: (Gesture::Wave, Gesture::Wave),
    };
    assert_eq!(m.heard(1, stale, &duel), Heard::Nothing);
    assert!(!m.ended(1));
    assert_eq!(m.heard(1, next(&rx), &duel), Heard::Decided);
    // The palm casts a shield: its question is asked of the seat.
    let moves = [
        Some((Gesture::Nothing, Gesture::Nothing)),
        Some(m.chosen(1)),
    ];
    assert_eq!(duel.start_round(&moves), Ok(Step::Questions));
    m.begin_questions(&duel);
    assert!(!m.ended(1));
    assert_eq!(m.heard(1, next(&rx), &duel), Heard::Decided);
    let answers = m.answers(1).expect("answers given");
    assert_eq!(answers.len(), duel.open_questions(PlayerId::new(1)).len());
    m.tell_said(&duel, 0, "well met");
    m.end_all(&duel);
    let log = log.lock().unwrap().clone();
    assert_eq!(
        log,
        [
            "hello",
            "move 0",
            "move 0",
            "answers",
            "said Alice: well met",
            "end"
        ]
    );
}

#[test]
fn held_charm_answers_answer_the_same_questions_without_asking() {
    let (mut duel, mut m, rx, log) = setup(false);
    let moves = [
        Some((Gesture::Nothing, Gesture::Nothing)),
        Some((Gesture::Palm, Gesture::Nothing)),
    ];
    duel.start_round(&moves).expect("a legal round");
    let open = duel.open_questions(PlayerId::new(1)).to_vec();
    assert!(!open.is_empty(), "the shield asks its target");
    // As if asked before the moves: the reply is held, not used.
    m.seats[0].asked = Asked::Early(open.clone());
    let early = SeatReply::Answers {
        round: 0,
        answers: vec![0; open.len()],
    };
    assert_eq!(m.heard(1, early, &duel), Heard::Nothing);
    m.begin_questions(&duel);
    assert!(m.ended(1), "the held answers need no request");
    assert_eq!(m.answers(1), Some(vec![0; open.len()]));
    m.end_all(&duel);
    drop(rx);
    assert!(!log.lock().unwrap().contains(&"answers".to_string()));
}

#[test]
fn a_failed_seat_is_let_go_and_joined() {
    let (duel, mut m, rx, log) = setup(true);
    assert_eq!(m.heard(1, next(&rx), &duel), Heard::Said("hi".into()));
    let failed = next(&rx);
    assert!(matches!(failed, SeatReply::Failed(_)));
    assert_eq!(m.heard(1, failed, &duel), Heard::Failed);
    assert!(!m.present(1) && m.ended(1));
    m.begin_gestures(&duel);
    assert!(m.ended(1), "a seat let go is never waited for");
    m.end_all(&duel);
    assert_eq!(*log.lock().unwrap(), ["hello"]);
}
