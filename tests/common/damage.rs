//! Random damage to recorded input, for the fuzzers of the ways in
//! (`fuzz_ways_in.rs`, `fuzz_far_seat.rs`): a few bytes changed, dropped
//! or a stretch repeated, so that a case stays close enough to the format
//! to reach deep into the reader.

use rand::rngs::StdRng;
use rand::Rng;

/// What one fuzzer's damage may put in.
pub struct Damage<'a> {
    /// Bytes a changed byte becomes: the format's punctuation and the
    /// control characters worth trying.
    pub pool: &'a [u8],
    /// The longest stretch repeated in place.
    pub longest_repeat: usize,
    /// An inserted byte.
    pub insert: fn(&mut StdRng) -> u8,
}

/// `bytes` with one to three pieces of damage.
pub fn damage(rng: &mut StdRng, mut bytes: Vec<u8>, how: &Damage) -> Vec<u8> {
    for _ in 0..rng.gen_range(1..4) {
        if bytes.is_empty() {
            break;
        }
        let at = rng.gen_range(0..bytes.len());
        match rng.gen_range(0..4) {
            0 => bytes[at] = how.pool[rng.gen_range(0..how.pool.len())],
            1 => {
                bytes.remove(at);
            }
            2 => {
                let end = (at + rng.gen_range(1..how.longest_repeat)).min(bytes.len());
                let piece = bytes[at..end].to_vec();
                bytes.splice(at..at, piece);
            }
            _ => {
                let byte = (how.insert)(rng);
                bytes.insert(at, byte);
            }
        }
    }
    bytes
}
