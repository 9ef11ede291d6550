use super::*;
use crate::engine::{Gesture, SeatView};
use crate::seat::{ComputerLevel, ComputerSeat, Seat};
use std::sync::{Arc, Mutex};

fn players() -> Vec<PlayerSpec> {
    vec![PlayerSpec::parse("Arnold"), PlayerSpec::parse("Barbara:f")]
}

fn computer(seed: u64) -> BoxedSeat {
    Box::new(ComputerSeat::at_level(
        ComputerLevel::Easy,
        crate::computer::Effort::Own,
        seed,
    ))
}

fn log() -> (LogSink, Arc<Mutex<Vec<u8>>>) {
    let buffer = Arc::new(Mutex::new(Vec::new()));
    (buffer.clone(), buffer)
}

fn log_text(buffer: &Arc<Mutex<Vec<u8>>>) -> String {
    String::from_utf8(buffer.lock().expect("log").clone()).expect("text")
}

/// The report of a script.
fn replayed(script: &serde_json::Value) -> serde_json::Value {
    let report = match crate::script::run_text(&script.to_string(), None) {
        Ok(report) => report,
        Err(e) => panic!("{e} in {script}"),
    };
    report
}

fn expected_result(played: &Played) -> serde_json::Value {
    match played.outcome {
        Some(Outcome::Winner(p)) => {
            serde_json::json!({"winner": players()[p.index()].name})
        }
        Some(Outcome::Draw) => serde_json::json!({"draw": true}),
        None => serde_json::json!({"unfinished": true}),
    }
}

#[test]
fn two_computers_play_to_the_end_and_the_script_replays_it() {
    let mut charms = 0;
    for seed in 0..40 {
        let (sink, buffer) = log();
        let played = play_duel(
            &players(),
            seed,
            vec![computer(seed), computer(seed + 50)],
            &[],
            sink,
        )
        .expect("a duel");
        assert_eq!(played.failed, vec![false, false]);
        assert_eq!(log_text(&buffer), "");
        assert_eq!(played.ending == Ending::TurnCap, played.outcome.is_none());
        let report = replayed(&played.script);
        assert_eq!(report["result"], expected_result(&played), "seed {seed}");
        // Not just the result: the same duel, line for line.
        assert_eq!(report["transcript"], played.transcript, "seed {seed}");
        charms += played.script.to_string().matches("charm-gesture").count();
    }
    // Some duels charm a hand, whose gesture is asked before the moves.
    assert!(charms > 0);
}

/// A seat that moves `--` and fails on its `fail_at`-th call.
struct Failing {
    calls: usize,
    fail_at: usize,
}

impl Seat for Failing {
    fn describe(&self) -> String {
        "program \"broken\"".into()
    }
    fn hello(&mut self, _: SeatView) -> Result<Decision<()>, SeatFailure> {
        self.call().map(Decision::silent)
    }
    fn choose_move(
        &mut self,
        _: SeatView,
        _: u32,
    ) -> Result<Decision<(Gesture, Gesture)>, SeatFailure> {
        self.call()
            .map(|()| Decision::silent((Gesture::Nothing, Gesture::Nothing)))
    }
    fn choose_answers(
        &mut self,
        seat: SeatView,
        _: u32,
    ) -> Result<Decision<Vec<usize>>, SeatFailure> {
        self.call()?;
        let answers = seat.open_questions().iter().map(|q| q.fallback()).collect();
        Ok(Decision::silent(answers))
    }
    fn tell_round(&mut self, _: SeatView, _: RoundInfo) -> Result<(), SeatFailure> {
        self.call()
    }
    fn tell_said(&mut self, _: &str, _: &str) -> Result<(), SeatFailure> {
        Ok(())
    }
    fn tell_end(&mut self, _: SeatView) {}
}

impl Failing {
    fn call(&mut self) -> Result<(), SeatFailure> {
        self.calls += 1;
        if self.calls >= self.fail_at {
            Err(SeatFailure::Timeout(10))
        } else {
            Ok(())
        }
    }
}

#[test]
fn a_failed_seat_surrenders_with_one_line_and_the_other_wins() {
    for fail_at in [1, 2, 5] {
        let (sink, buffer) = log();
        let seats: Vec<BoxedSeat> = vec![computer(1), Box::new(Failing { calls: 0, fail_at })];
        let played = play_duel(&players(), 4, seats, &[], sink).expect("a duel");
        assert_eq!(played.failed, vec![false, true]);
        assert_eq!(
            log_text(&buffer),
            "spellcast: Barbara (program \"broken\") did not reply within 10 ms; \
             Barbara surrenders\n"
        );
        // Unless the computer happened to kill Barbara first.
        assert_eq!(played.outcome, Some(Outcome::Winner(PlayerId::new(0))));
        assert!(matches!(played.ending, Ending::Surrender | Ending::Kill));
        let rounds = played.script["rounds"].as_array().expect("rounds");
        let withdrawn = rounds
            .iter()
            .filter(|r| {
                r.get("withdraw")
                    .is_some_and(|w| w.get("Barbara").is_some())
            })
            .count();
        assert_eq!(withdrawn, 1, "fail_at {fail_at}: {:?}", played.script);
    }
}

#[test]
fn seats_must_match_the_players() {
    let (sink, _) = log();
    let result = play_duel(&players(), 0, vec![computer(0)], &[], sink);
    assert!(matches!(
        result,
        Err(DuelError::SeatCount {
            seats: 1,
            players: 2
        })
    ));
}

/// The easy computer that fails when told of the round that decided the duel.
struct FailsOnceDecided(ComputerSeat);

impl Seat for FailsOnceDecided {
    fn describe(&self) -> String {
        "program \"flood\"".into()
    }
    fn hello(&mut self, seat: SeatView) -> Result<Decision<()>, SeatFailure> {
        self.0.hello(seat)
    }
    fn choose_move(
        &mut self,
        seat: SeatView,
        round: u32,
    ) -> Result<Decision<(Gesture, Gesture)>, SeatFailure> {
        self.0.choose_move(seat, round)
    }
    fn choose_answers(
        &mut self,
        seat: SeatView,
        round: u32,
    ) -> Result<Decision<Vec<usize>>, SeatFailure> {
        self.0.choose_answers(seat, round)
    }
    fn tell_round(&mut self, seat: SeatView, _: RoundInfo) -> Result<(), SeatFailure> {
        match seat.outcome() {
            Some(_) => Err(SeatFailure::Timeout(10)),
            None => Ok(()),
        }
    }
    fn tell_said(&mut self, _: &str, _: &str) -> Result<(), SeatFailure> {
        Ok(())
    }
    fn tell_end(&mut self, _: SeatView) {}
}

#[test]
fn a_failure_after_the_duel_is_decided_changes_nothing() {
    for seed in 0..6 {
        let (sink, buffer) = log();
        let flood = || -> BoxedSeat {
            Box::new(FailsOnceDecided(ComputerSeat::at_level(
                ComputerLevel::Easy,
                crate::computer::Effort::Own,
                seed + 50,
            )))
        };
        let played =
            play_duel(&players(), seed, vec![computer(seed), flood()], &[], sink).expect("a duel");
        let (sink, _) = log();
        let plain = play_duel(
            &players(),
            seed,
            vec![computer(seed), computer(seed + 50)],
            &[],
            sink,
        )
        .expect("a duel");
        assert_eq!(played.outcome, plain.outcome, "seed {seed}");
        assert_eq!(played.transcript, plain.transcript, "seed {seed}");
        assert_eq!(
            played.failed,
            vec![false, false],
            "not counted as a failure"
        );
        let text = log_text(&buffer);
        if played.outcome.is_some() {
            assert_eq!(
                text,
                "spellcast: Barbara (program \"flood\") did not reply within 10 ms \
                 after the duel was decided; the result stands\n"
            );
            assert!(!text.contains("surrenders"));
        }
    }
}
