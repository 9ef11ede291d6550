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
    let stab = (Gesture::Stab, Gesture::Nothing);
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
    // Two stabs at each other: 1 damage each (rules: stab, 1 point).
    assert!(matches!(driver.phase(), Phase::RoundDone(r) if r.number == 0));
    assert_eq!(driver.duel().being(crate::engine::BeingId::new(1)).hp, 14);
    assert_eq!(driver.duel().being(crate::engine::BeingId::new(0)).hp, 14);
}
