use super::*;
use crate::engine::PlayerSpec;

fn duel() -> Duel {
    let specs = [PlayerSpec::parse("A"), PlayerSpec::parse("B")];
    Duel::new(&specs, 5).expect("two good names")
}

#[test]
fn waits_on_every_move_then_plays_the_round() {
    let mut driver = Driver::new(duel());
    assert_eq!(driver.phase(), Phase::Between);
    driver.begin_round();
    let asked: Vec<Request> = driver.requests().collect();
    assert_eq!(asked.len(), 2);
    assert!(asked.iter().all(|r| r.ask == Ask::Move && r.round == 0));
    let stab = (Gesture::Nothing, Gesture::Nothing);
    driver.give_move(PlayerId::new(1), stab).expect("asked");
    assert!(driver.waits_on(PlayerId::new(0)));
    assert!(!driver.waits_on(PlayerId::new(1)));
    assert_eq!(
        driver.give_move(PlayerId::new(1), stab),
        Err(Refused::NotAsked {
            player: PlayerId::new(1),
            what: "a move"
        })
    );
    driver.give_move(PlayerId::new(0), stab).expect("asked");
    // Nothing made, nothing asked: the round is played.
    assert!(matches!(driver.phase(), Phase::RoundDone(r) if r.number == 0));
    assert_eq!(driver.duel().rounds_played(), 1);
    assert_eq!(driver.next_request(), None);
}

#[test]
fn the_gone_still_give_moves_and_surrender_at_the_end_of_the_turn() {
    let mut duel = duel();
    // Both wizards gone: their moves are still owed (the front gives none).
    let mut driver = Driver::new(&mut duel);
    driver.withdraw(PlayerId::new(0));
    driver.withdraw(PlayerId::new(1));
    driver.begin_round();
    assert_eq!(
        driver.phase(),
        Phase::Moves,
        "moves of the gone are still given"
    );
    driver
        .give_move(PlayerId::new(0), (Gesture::Nothing, Gesture::Nothing))
        .expect("owed");
    driver
        .give_move(PlayerId::new(1), (Gesture::Nothing, Gesture::Nothing))
        .expect("owed");
    assert!(matches!(driver.phase(), Phase::RoundDone(_)));
    assert!(driver.is_over(), "both surrendered at the end of the turn");
}

/// A charmer's gesture question, open between rounds, in a duel of two.
fn charmed() -> Duel {
    let specs = [PlayerSpec::parse("A"), PlayerSpec::parse("B")];
    // Charm Person is P S D F; A makes it over four rounds, B does nothing.
    let mut duel = Duel::new(&specs, 2).expect("two good names");
    let nothing = (Gesture::Nothing, Gesture::Nothing);
    for g in [
        Gesture::Palm,
        Gesture::Snap,
        Gesture::Digit,
        Gesture::Fingers,
    ] {
        let mut driver = Driver::new(&mut duel);
        driver.begin_round();
        driver
            .give_move(PlayerId::new(0), (g, Gesture::Nothing))
            .expect("owed");
        driver.give_move(PlayerId::new(1), nothing).expect("owed");
        answer_all(&mut driver, |d, p| d.default_answers(p));
    }
    duel
}

#[test]
fn the_charm_rule_asks_protocol_seats_before_the_moves_and_holds_the_answer() {
    let duel = charmed();
    let charmer = PlayerId::new(0);
    let asked = duel.open_questions(charmer).to_vec();
    assert!(
        !asked.is_empty() && !duel.mid_round(),
        "a charm gesture is asked between rounds"
    );
    // A window (not a protocol seat): asked when the engine asks, after the moves.
    let mut window = Driver::new(duel.clone());
    window.begin_round();
    assert!(window.requests().all(|r| r.ask == Ask::Move));
    // A protocol seat: asked first, its answer held.
    let mut seat = Driver::new(duel);
    seat.ask_charm_early(charmer);
    seat.keep_journal();
    seat.begin_round();
    let first = seat.next_request().expect("something is asked");
    assert_eq!((first.player, first.ask), (charmer, Ask::Answers));
    let last = asked
        .iter()
        .map(|q| q.options.len() - 1)
        .collect::<Vec<_>>();
    seat.give_answers(charmer, last.clone()).expect("fits");
    assert!(
        seat.take_applied().is_empty(),
        "held, not yet given to the engine"
    );
    let nothing = (Gesture::Nothing, Gesture::Nothing);
    seat.give_move(PlayerId::new(0), nothing).expect("owed");
    seat.give_move(PlayerId::new(1), nothing).expect("owed");
    let applied = seat.take_applied();
    assert!(matches!(&applied[0], Applied::Moves(_)));
    assert_eq!(
        applied[1],
        Applied::Answers {
            player: charmer,
            questions: asked,
            answers: last
        },
        "the held answer went in when the engine asked the same questions"
    );
    assert!(
        seat.requests()
            .all(|r| r.player != charmer || r.ask != Ask::Answers)
            || seat.duel().open_questions(charmer).is_empty()
    );
}
