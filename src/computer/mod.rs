//! The computer opponent. It decides from one seat's [`View`](crate::engine::View)
//! only (read through [`ViewExt`] and [`BeingExt`]), so it can never read what
//! that seat cannot see.
//!
//! - [`Easy`] is the baseline, after the Warlocks Duel app's bot (its steps
//!   are listed in `easy.rs`).
//! - The search pieces ([`candidates`], [`regret`], [`evaluate`]) are the
//!   engine-independent parts of the stronger levels (`medium`, `hard`: a
//!   one-ply matrix search over both wizards' candidate moves, valued by
//!   short rollouts).
//!
//! Every decision draws its randomness from [`decision_rng`], so the same seed
//! always gives the same decision.

mod analysis;
mod answer_search;
mod answers;
mod attack;
pub mod candidates;
mod defence;
mod easy;
pub mod evaluate;
mod examine;
mod keyed_sort;
mod options;
mod player;
mod progress;
mod reading_memo;
pub mod regret;
pub mod rivals;
pub mod rollout;
pub mod search;
pub mod sim;
pub mod sketch;
mod table;
mod threats;
mod view_ext;
pub mod weights;

pub use analysis::{Analysis, Census, Threat};
pub use attack::bad_pair;
pub use defence::{Pick, Picks};
pub use easy::{Easy, Plan};
pub use examine::{Examination, Line, MAX_LINES};
pub use player::{Budget, Computer, Effort, Level, Stats};
pub use progress::{Instance, Side};
/// For the engine's check that every book's bolts have their element here.
#[cfg(test)]
pub(crate) use table::element;
pub use table::{entry, Aim, Element, Entry, Family};
pub use view_ext::{BeingExt, ViewExt, UNCOUNTED_TURNS};

use rand::rngs::StdRng;
use rand::SeedableRng;

/// The random source of one decision: a function of the duel's seed, the turn
/// and the seat, so a decision replays exactly and two seats never share a stream.
pub fn decision_rng(seed: u64, turn: u32, seat: usize) -> StdRng {
    let mut x = seed ^ (u64::from(turn) << 32) ^ (seat as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    // splitmix64 finaliser: nearby inputs give unrelated streams.
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    StdRng::seed_from_u64(x ^ (x >> 31))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn decision_streams_repeat_and_differ() {
        let draw = |seed, turn, seat| decision_rng(seed, turn, seat).gen::<u64>();
        assert_eq!(draw(7, 3, 1), draw(7, 3, 1));
        assert_ne!(draw(7, 3, 1), draw(7, 3, 0));
        assert_ne!(draw(7, 3, 1), draw(7, 4, 1));
        assert_ne!(draw(7, 3, 1), draw(8, 3, 1));
    }
}
