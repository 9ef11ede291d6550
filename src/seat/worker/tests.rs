use super::*;
use crate::engine::{PlayerSpec, RoundKind, SeatView, Step};
use crate::seat::{ComputerLevel, ComputerSeat};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(10);

fn duel() -> Duel {
    let specs = [PlayerSpec::parse("A"), PlayerSpec::parse("B")];
    Duel::new(&specs, 1).expect("two players")
}

/// A seat whose move waits for the test to open a gate, that says something
/// with each move, and that can be told to fail or panic on answers.
struct FakeSeat {
    gate: Mutex<mpsc::Receiver<()>>,
    on_answers: &'static str,
    ended: Arc<AtomicBool>,
}

impl Seat for FakeSeat {
    fn describe(&self) -> String {
        "fake".into()
    }
    fn hello(&mut self, _: SeatView) -> Result<Decision<()>, SeatFailure> {
        Ok(Decision::silent(()))
    }
    fn choose_move(
        &mut self,
        _: SeatView,
        _: u32,
    ) -> Result<Decision<(Gesture, Gesture)>, SeatFailure> {
        let _ = self.gate.lock().expect("gate").recv_timeout(WAIT);
        Ok(Decision {
            value: (Gesture::Wave, Gesture::Snap),
            say: Some("hm".into()),
        })
    }
    fn choose_answers(&mut self, _: SeatView, _: u32) -> Result<Decision<Vec<usize>>, SeatFailure> {
        match self.on_answers {
            "panic" => panic!("a bug in a seat"),
            "fail" => Err(SeatFailure::Timeout(5)),
            _ => Ok(Decision::silent(vec![])),
        }
    }
    fn tell_round(&mut self, _: SeatView, _: RoundInfo) -> Result<(), SeatFailure> {
        Ok(())
    }
    fn tell_said(&mut self, _: &str, _: &str) -> Result<(), SeatFailure> {
        Ok(())
    }
    fn tell_end(&mut self, _: SeatView) {
        self.ended.store(true, Ordering::SeqCst);
    }
}

/// A worker for a fake seat, its gate, its replies and its `ended` flag.
fn fake_worker(
    on_answers: &'static str,
) -> (
    SeatWorker,
    mpsc::Sender<()>,
    mpsc::Receiver<SeatReply>,
    Arc<AtomicBool>,
) {
    let (open, gate) = mpsc::channel();
    let ended = Arc::new(AtomicBool::new(false));
    let seat = FakeSeat {
        gate: Mutex::new(gate),
        on_answers,
        ended: ended.clone(),
    };
    let (tx, replies) = mpsc::channel();
    let sink: ReplySink = Box::new(move |r| {
        let _ = tx.send(r);
    });
    let worker = SeatWorker::spawn(Box::new(seat), PlayerId::new(1), sink);
    (worker, open, replies, ended)
}

#[test]
fn requests_return_at_once_and_replies_come_through_the_callback() {
    let (worker, open, replies, ended) = fake_worker("ok");
    let d = duel();
    worker.hello(&d);
    worker.request_move(&d, 0);
    // The seat is still thinking: nothing has come back, yet the caller goes on.
    assert!(replies.recv_timeout(Duration::from_millis(50)).is_err());
    open.send(()).expect("gate");
    assert_eq!(replies.recv_timeout(WAIT), Ok(SeatReply::Say("hm".into())));
    assert_eq!(
        replies.recv_timeout(WAIT),
        Ok(SeatReply::Move {
            round: 0,
            gestures: (Gesture::Wave, Gesture::Snap)
        })
    );
    let round = RoundInfo {
        number: 0,
        kind: RoundKind::Normal,
        turn: 0,
    };
    worker.tell_round(&d, round);
    worker.tell_said("A", "hello");
    worker.end(&d).join().expect("worker thread");
    assert!(ended.load(Ordering::SeqCst));
    assert!(replies.try_recv().is_err());
}

#[test]
fn a_failure_is_reported_once_and_later_requests_are_dropped() {
    let (worker, open, replies, ended) = fake_worker("fail");
    let d = duel();
    worker.request_answers(&d, 3);
    assert_eq!(
        replies.recv_timeout(WAIT),
        Ok(SeatReply::Failed(SeatFailure::Timeout(5)))
    );
    open.send(()).expect("gate");
    worker.request_move(&d, 4);
    worker.request_answers(&d, 4);
    worker.end(&d).join().expect("worker thread");
    assert!(replies.try_recv().is_err());
    // A failed seat gets no goodbye.
    assert!(!ended.load(Ordering::SeqCst));
}

#[test]
fn a_panicking_seat_is_a_failure_not_a_dead_game() {
    let (worker, _open, replies, _) = fake_worker("panic");
    worker.request_answers(&duel(), 0);
    assert_eq!(
        replies.recv_timeout(WAIT),
        Ok(SeatReply::Failed(SeatFailure::Crashed))
    );
    worker.dismiss().join().expect("worker thread");
}

#[test]
fn a_computer_worker_plays_legal_moves_and_answers() {
    let (tx, replies) = mpsc::channel();
    let sink: ReplySink = Box::new(move |r| {
        let _ = tx.send(r);
    });
    let me = PlayerId::new(0);
    let seat = ComputerSeat::at_level(ComputerLevel::Easy, crate::computer::Effort::Own, 7);
    let worker = SeatWorker::spawn(Box::new(seat), me, sink);
    let mut d = duel();
    for round in 0..30 {
        if d.outcome().is_some() || !d.is_active(me) || !d.is_active(PlayerId::new(1)) {
            break;
        }
        worker.request_move(&d, round);
        let Ok(SeatReply::Move { round: r, gestures }) = replies.recv_timeout(WAIT) else {
            panic!("no move");
        };
        assert_eq!(r, round);
        let mut step = d
            .start_round(&[Some(gestures), Some((Gesture::Nothing, Gesture::Nothing))])
            .expect("legal move");
        while step == Step::Questions {
            let p = d.waiting_on().next().expect("someone is asked");
            let answers = if p == me {
                worker.request_answers(&d, round);
                match replies.recv_timeout(WAIT) {
                    Ok(SeatReply::Answers { answers, .. }) => answers,
                    other => panic!("expected answers, got {other:?}"),
                }
            } else {
                d.default_answers(p)
            };
            step = d.answer(p, &answers).expect("legal answers");
        }
    }
    worker.end(&d).join().expect("worker thread");
}
