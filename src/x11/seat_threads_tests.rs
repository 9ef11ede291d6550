//! The machine players without X: replies folded into their state, stale
//! replies ignored, charm answers handed back early, failures and the final join.

use super::*;
use crate::driver::{Driver, Phase};
use crate::engine::{PlayerSpec, SeatView};
use crate::seat::{Decision, Seat};
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
    fn hello(&mut self, _: SeatView) -> Result<Decision<()>, SeatFailure> {
        self.log.lock().unwrap().push("hello".into());
        if self.fail {
            Err(SeatFailure::Crashed)
        } else {
            Ok(Decision {
                value: (),
                say: self.speech.take(),
            })
        }
    }
    fn choose_move(
        &mut self,
        _: SeatView,
        round: u32,
    ) -> Result<Decision<(Gesture, Gesture)>, SeatFailure> {
        self.log.lock().unwrap().push(format!("move {round}"));
        Ok(Decision {
            value: (Gesture::Palm, Gesture::Nothing),
            say: self.speech.take(),
        })
    }
    fn choose_answers(
        &mut self,
        seat: SeatView,
        _: u32,
    ) -> Result<Decision<Vec<usize>>, SeatFailure> {
        self.log.lock().unwrap().push("answers".into());
        let answers = seat.open_questions().iter().map(|q| q.fallback()).collect();
        Ok(Decision::silent(answers))
    }
    fn tell_round(&mut self, _: SeatView, r: RoundInfo) -> Result<(), SeatFailure> {
        self.log.lock().unwrap().push(format!("round {}", r.number));
        Ok(())
    }
    fn tell_said(&mut self, who: &str, text: &str) -> Result<(), SeatFailure> {
        self.log.lock().unwrap().push(format!("said {who}: {text}"));
        Ok(())
    }
    fn tell_end(&mut self, _: SeatView) {
        self.log.lock().unwrap().push("end".into());
    }
}

/// A duel of a person (player 0) and one scripted seat (player 1).
fn setup(
    fail: bool,
) -> (
    Driver,
    SeatThreads,
    Receiver<SeatReply>,
    Arc<Mutex<Vec<String>>>,
) {
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
    let machines = SeatThreads::new(1, vec![(worker, "scripted".into())]);
    machines.hello(&duel);
    let mut driver = Driver::new(duel);
    driver.ask_charm_early(PlayerId::new(1));
    (driver, machines, rx, log)
}

fn next(rx: &Receiver<SeatReply>) -> SeatReply {
    rx.recv_timeout(Duration::from_secs(10)).expect("a reply")
}

#[test]
fn a_move_is_heard_after_its_speech_and_ends_the_phase() {
    let (mut driver, mut m, rx, log) = setup(false);
    assert!(m.present(1) && m.ended(1) && !m.present(0));
    driver.begin_round();
    m.begin_gestures(&driver);
    assert!(!m.ended(1), "waited for while it thinks");
    assert_eq!(
        m.heard(1, next(&rx), driver.duel()),
        Heard::Said("hi".into())
    );
    assert_eq!(m.heard(1, next(&rx), driver.duel()), Heard::Decided);
    assert!(m.ended(1));
    assert_eq!(m.chosen(1), (Gesture::Palm, Gesture::Nothing));
    // A stale move (for another round) changes nothing.
    m.begin_gestures(&driver);
    let stale = SeatReply::Move {
        round: 7,
        gestures: (Gesture::Wave, Gesture::Wave),
    };
    assert_eq!(m.heard(1, stale, driver.duel()), Heard::Nothing);
    assert!(!m.ended(1));
    assert_eq!(m.heard(1, next(&rx), driver.duel()), Heard::Decided);
    // The palm casts a shield: its question is asked of the seat.
    let nothing = (Gesture::Nothing, Gesture::Nothing);
    driver.give_move(PlayerId::new(0), nothing).expect("asked");
    driver
        .give_move(PlayerId::new(1), m.chosen(1))
        .expect("asked");
    assert_eq!(driver.phase(), Phase::Answers);
    m.begin_questions(&driver);
    assert!(!m.ended(1));
    assert_eq!(m.heard(1, next(&rx), driver.duel()), Heard::Decided);
    let answers = m.answers(1).expect("answers given");
    assert_eq!(
        answers.len(),
        driver.duel().open_questions(PlayerId::new(1)).len()
    );
    m.tell_said(driver.duel(), 0, "well met");
    m.end_all(driver.duel());
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
fn a_failed_seat_is_let_go_and_joined() {
    let (mut driver, mut m, rx, log) = setup(true);
    let failed = next(&rx);
    assert!(matches!(failed, SeatReply::Failed(_)));
    assert_eq!(m.heard(1, failed, driver.duel()), Heard::Failed);
    assert!(!m.present(1) && m.ended(1));
    driver.begin_round();
    m.begin_gestures(&driver);
    assert!(m.ended(1), "a seat let go is never waited for");
    m.end_all(driver.duel());
    assert_eq!(*log.lock().unwrap(), ["hello"]);
}
