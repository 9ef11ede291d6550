//! The random player of the computer's tests: any gestures but a surrender.
//! Test files include it with `#[path = "common/random_play.rs"] mod random_play;`.

use rand::rngs::StdRng;
use rand::Rng;
use spellcast::engine::Gesture;

/// Two gestures drawn uniformly from the six of the spell book (never P-P).
pub fn random_pair(rng: &mut StdRng) -> (Gesture, Gesture) {
    loop {
        let pick = |rng: &mut StdRng| Gesture::ALL[rng.gen_range(1..7)];
        let pair = (pick(rng), pick(rng));
        if pair != (Gesture::Palm, Gesture::Palm) {
            return pair;
        }
    }
}
