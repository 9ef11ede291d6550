//! Which duels a match plays: games in groups on one seed, the seats
//! rotated through the players' places within a group, and the shares of
//! `--shard`.
//!
//! With `n` seats, game `i` belongs to group `i / n` and is its rotation
//! `i % n`: in rotation `r` player `p` is played by seat `(p + r) mod n`,
//! so over a whole group every seat sits in every place once. With two
//! seats a group is the familiar pair (seat A first, then seat B first);
//! the last group of a two-seat match with an odd number of games has one
//! game only. Everything about a game follows from the match seed and the
//! game's number, never from which games are played alongside it, so a
//! share plays exactly the duels the whole match would.

use std::fmt;
use thiserror::Error;

/// One duel of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameSpec {
    /// 0-based game number (duel `index + 1` of the match).
    pub index: usize,
    /// Its group (for two seats, its pair).
    pub group: usize,
    /// The engine's seed (the same for every game of a group).
    pub seed: u64,
    /// How far the seats are rotated through the places.
    pub rotation: usize,
    /// Seats in the match.
    pub seats: usize,
}

impl GameSpec {
    /// The seat that plays player `player` in this game.
    pub fn seat_at(&self, player: usize) -> usize {
        (player + self.rotation) % self.seats
    }

    /// The player a seat plays in this game.
    pub fn player_of(&self, seat: usize) -> usize {
        (seat + self.seats - self.rotation % self.seats) % self.seats
    }

    /// The seed of a seat's own randomness (a computer's choices, a
    /// program's `hello`): the same in every game of a group, so the games
    /// of a group differ only in who sits where.
    pub fn seat_seed(&self, seat: usize) -> u64 {
        self.seed ^ (0x5eed_0000 + seat as u64)
    }
}

/// SplitMix64: spreads consecutive numbers over all seeds, so two matches
/// with nearby `--seed`s share no duels.
pub fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seed of group (pair) `group` in a match seeded with `base`.
pub fn pair_seed(base: u64, group: usize) -> u64 {
    splitmix64(splitmix64(base) ^ group as u64)
}

/// The games of a match of `games` duels between `seats` seats.
pub fn game_specs(games: u32, seats: usize, base_seed: u64) -> Vec<GameSpec> {
    let seats = seats.max(1);
    (0..games as usize)
        .map(|index| GameSpec {
            index,
            group: index / seats,
            seed: pair_seed(base_seed, index / seats),
            rotation: index % seats,
            seats,
        })
        .collect()
}

/// Groups in a match of `games` duels between `seats` seats.
pub fn group_count(games: u32, seats: usize) -> usize {
    (games as usize).div_ceil(seats.max(1))
}

/// `--shard I/N`: the I-th of N shares of a match (I from 1). Share I
/// plays the groups whose number leaves I − 1 over when divided by N, so
/// the shares are disjoint, together are the whole, and none waits on
/// another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// I, from 1.
    pub index: usize,
    /// N, at least 1.
    pub count: usize,
}

impl Shard {
    /// The whole match as one share.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Whether the share plays game `game`.
    pub fn plays(&self, game: &GameSpec) -> bool {
        game.group % self.count == self.index - 1
    }

    /// The share's games of `specs`.
    pub fn select(&self, specs: &[GameSpec]) -> Vec<GameSpec> {
        specs.iter().filter(|g| self.plays(g)).copied().collect()
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A `--shard` that names no share.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ShardError {
    /// Not two whole numbers around a slash.
    #[error("--shard takes I/N, two whole numbers such as 2/5, not {0}")]
    Form(String),
    /// I or N out of range.
    #[error("--shard {0}: I must be from 1 to N")]
    Range(String),
    /// More shares than the match has groups of duels.
    #[error("--shard {shard}: the match has only {groups} {unit}, so at most {groups} shares")]
    TooMany {
        /// The share asked for.
        shard: String,
        /// Groups in the match.
        groups: usize,
        /// "pairs" or "rotations".
        unit: &'static str,
    },
}

impl std::str::FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let shown = crate::outside_text::one_line(text, crate::outside_text::MAX_QUOTED_CHARS);
        let whole = |s: &str| {
            (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
                .then(|| s.parse::<usize>().ok())
                .flatten()
        };
        let (i, n) = text
            .split_once('/')
            .and_then(|(i, n)| Some((whole(i)?, whole(n)?)))
            .ok_or_else(|| ShardError::Form(shown.clone()))?;
        if i == 0 || n == 0 || i > n {
            return Err(ShardError::Range(shown));
        }
        Ok(Shard { index: i, count: n })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn pairs_share_a_seed_and_swap_seats() {
        let specs = game_specs(5, 2, 42);
        assert_eq!(specs.len(), 5);
        assert_eq!(specs[0].seed, specs[1].seed);
        assert_ne!(specs[1].seed, specs[2].seed);
        assert_eq!(specs[4].group, 2);
        assert_eq!((specs[0].player_of(0), specs[0].player_of(1)), (0, 1));
        assert_eq!((specs[1].player_of(0), specs[1].player_of(1)), (1, 0));
        // Nearby base seeds give unrelated duels.
        let other: HashSet<u64> = game_specs(100, 2, 43).iter().map(|g| g.seed).collect();
        assert!(game_specs(100, 2, 42)
            .iter()
            .all(|g| !other.contains(&g.seed)));
    }

    #[test]
    fn every_seat_sits_in_every_place_once_per_group() {
        for seats in 2..=8 {
            let specs = game_specs(3 * seats as u32, seats, 7);
            for group in specs.chunks(seats) {
                assert!(group.iter().all(|g| g.seed == group[0].seed));
                for seat in 0..seats {
                    let places: HashSet<usize> = group.iter().map(|g| g.player_of(seat)).collect();
                    assert_eq!(places.len(), seats);
                }
                for g in group {
                    for p in 0..seats {
                        assert_eq!(g.player_of(g.seat_at(p)), p);
                    }
                }
            }
        }
    }

    #[test]
    fn shares_are_disjoint_and_make_the_whole() {
        let specs = game_specs(21, 3, 1);
        let mut seen = Vec::new();
        for i in 1..=3 {
            let shard: Shard = format!("{i}/3").parse().unwrap();
            let share = shard.select(&specs);
            assert!(share.iter().all(|g| g.group % 3 == i - 1));
            seen.extend(share.iter().map(|g| g.index));
        }
        seen.sort_unstable();
        assert_eq!(seen, (0..21).collect::<Vec<_>>());
    }

    #[test]
    fn bad_shards_are_one_line_errors() {
        for bad in ["", "1", "1/", "/2", "a/b", "1/2/3", "-1/2", "+1/2", "1 /2"] {
            assert!(
                matches!(bad.parse::<Shard>(), Err(ShardError::Form(_))),
                "{bad:?}"
            );
        }
        for bad in ["0/2", "3/2", "1/0", "0/0"] {
            assert!(
                matches!(bad.parse::<Shard>(), Err(ShardError::Range(_))),
                "{bad:?}"
            );
        }
        assert_eq!("2/5".parse(), Ok(Shard { index: 2, count: 5 }));
        assert_eq!(Shard::WHOLE.to_string(), "1/1");
    }
}
