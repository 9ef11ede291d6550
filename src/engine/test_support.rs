//! Small helpers the engine's unit tests share: a duel, rounds played from
//! move strings with the pre-filled answers.

use super::{Duel, Gesture, PlayerId, PlayerSpec, Step};

pub(crate) fn duel(names: &[&str]) -> Duel {
    let specs: Vec<PlayerSpec> = names.iter().map(|n| PlayerSpec::parse(n)).collect();
    Duel::new(&specs, 1).expect("a valid duel")
}

/// A duel of two wizards, A and B, under `rules`.
pub(crate) fn duel_under(rules: &'static super::RuleSet) -> Duel {
    let specs = [PlayerSpec::parse("A"), PlayerSpec::parse("B")];
    Duel::with_rules(&specs, 1, rules).expect("two players")
}

/// Being `i`'s hit points.
pub(crate) fn hp(duel: &Duel, i: usize) -> i32 {
    duel.being(super::BeingId::new(i)).hp
}

pub(crate) const NOTHING: (Gesture, Gesture) = (Gesture::Nothing, Gesture::Nothing);

pub(crate) fn p(i: usize) -> PlayerId {
    PlayerId::new(i)
}

/// Answers every open question with its pre-filled answer until the round ends.
pub(crate) fn finish(duel: &mut Duel, mut step: Step) -> Step {
    while step == Step::Questions {
        let who = duel.waiting_on().next().expect("someone is waited on");
        let answers: Vec<usize> = duel.default_answers(who);
        step = duel.answer(who, &answers).expect("legal answers");
    }
    step
}

/// Plays a round with these moves (None for inactive wizards), default answers.
pub(crate) fn round(duel: &mut Duel, moves: &[(Gesture, Gesture)]) -> Step {
    let moves: Vec<Option<(Gesture, Gesture)>> = moves
        .iter()
        .enumerate()
        .map(|(i, m)| duel.is_active(p(i)).then_some(*m))
        .collect();
    let step = duel.start_round(&moves).expect("legal moves");
    finish(duel, step)
}

pub(crate) fn g(c: char) -> Gesture {
    Gesture::from_script_letter(c).expect("a move letter")
}

/// Plays rounds given as `"LR LR"` per round (one pair per player).
pub(crate) fn play(duel: &mut Duel, rounds: &[&str]) {
    for r in rounds {
        let moves: Vec<(Gesture, Gesture)> = r
            .split(' ')
            .map(|m| {
                let mut c = m.chars();
                (g(c.next().unwrap_or('-')), g(c.next().unwrap_or('-')))
            })
            .collect();
        round(duel, &moves);
    }
}
