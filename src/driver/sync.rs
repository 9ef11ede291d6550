//! The driver for front ends that decide on the spot (the computer's
//! simulations): every batch answered at once, one player at a time.

use super::{Ask, Driver};
use crate::engine::{Duel, PlayerId};
use std::borrow::BorrowMut;

/// Answers every batch of the round being played with `answers` (one
/// option index per open question of the player, given the duel), one
/// player at a time in the driver's order, until the round is done or
/// something other than answers is owed. A refusal is a bug in the
/// caller: loud in debug builds; in release the round is left where it is.
pub fn answer_all<D: BorrowMut<Duel>>(
    driver: &mut Driver<D>,
    mut answers: impl FnMut(&Duel, PlayerId) -> Vec<usize>,
) {
    while let Some(request) = driver.next_request() {
        if request.ask != Ask::Answers {
            return;
        }
        let given = answers(driver.duel(), request.player);
        if let Err(e) = driver.give_answers(request.player, given) {
            debug_assert!(false, "answers refused: {e}");
            return;
        }
    }
}
