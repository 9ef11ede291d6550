//! What the Gesticulation unit tests share: a two-wizard duel under the
//! book and a way to play rounds of `"LR LR"` answering chosen questions.

use super::RULES;
use crate::engine::question::{Choice, Question};
use crate::engine::test_support::g;
use crate::engine::{BeingId, Duel, PlayerSpec, Step};

/// A and B (female), seed 1, Gesticulation.
pub(super) fn duel() -> Duel {
    let specs = [PlayerSpec::parse("A"), PlayerSpec::parse("B:f")];
    Duel::with_rules(&specs, 1, &RULES).expect("a valid duel")
}

/// Plays rounds of `"LR LR"`; `pick` answers a question (by its option)
/// or leaves it to the pre-filled answer. Every question asked is kept.
pub(super) fn play(
    duel: &mut Duel,
    rounds: &[&str],
    pick: impl Fn(&Question) -> Option<Choice>,
) -> Vec<Question> {
    let mut asked = Vec::new();
    for r in rounds {
        let moves: Vec<_> = r
            .split(' ')
            .map(|m| {
                let mut c = m.chars();
                Some((g(c.next().unwrap_or('-')), g(c.next().unwrap_or('-'))))
            })
            .collect();
        let mut step = duel.start_round(&moves).expect("legal moves");
        while step == Step::Questions {
            let who = duel.waiting_on().next().expect("someone is waited on");
            let questions = duel.open_questions(who).to_vec();
            let answers: Vec<usize> = questions
                .iter()
                .map(|q| {
                    pick(q)
                        .and_then(|c| q.options.iter().position(|o| *o == c))
                        .unwrap_or(q.fallback())
                })
                .collect();
            asked.extend(questions);
            step = duel.answer(who, &answers).expect("legal answers");
        }
    }
    asked
}

/// Hit points of being `i`.
pub(super) fn hp(duel: &Duel, i: usize) -> i32 {
    duel.being(BeingId::new(i)).hp
}
