//! Which duels a match plays: games in groups on one seed, the seats
//! rotated through the players' places within a group, and the shares of
//! `--shard`.
//!
//! A group has [`group_size`] games, one per seating. The seatings are a
//! Williams design, the crossover trials' answer to the same question:
//! over a group every seat sits in every place equally often *and* sits
//! just after every other seat equally often, so no seat always plays
//! after the same neighbour (a place effect that plain rotation, A B C /
//! B C A / C A B, leaves: the seat after a strong player always the same).
//! With an even number of seats a group has `n` seatings, with an odd
//! number `2n` (the rotations and their mirrors; for three seats, all six
//! orders). With two seats a group is the familiar pair (seat A first,
//! then seat B first); the last group of a two-seat match with an odd
//! number of games has one game only. Everything about a game follows from the match seed and the
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
    /// Which seating of its group it is (`0..group_size(seats)`).
    pub rotation: usize,
    /// Seats in the match.
    pub seats: usize,
}

impl GameSpec {
    /// The seat that plays player `player` in this game.
    pub fn seat_at(&self, player: usize) -> usize {
        seating(self.seats, self.rotation, player)
    }

    /// The player a seat plays in this game.
    pub fn player_of(&self, seat: usize) -> usize {
        (0..self.seats)
            .find(|&p| self.seat_at(p) == seat)
            .unwrap_or(seat)
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

/// Games in a group of `seats` seats: one per seating of the Williams
/// design, `seats` for an even number, twice that for an odd one.
pub fn group_size(seats: usize) -> usize {
    let seats = seats.max(1);
    if seats.is_multiple_of(2) || seats == 1 {
        seats
    } else {
        2 * seats
    }
}

/// The seat in place `player` of seating `row` of a group of `seats`.
/// The design's first row is 0, 1, n−1, 2, n−2, …; row `r < n` adds `r` to
/// every entry (mod n), and row `n + r` (odd `n` only) is row `r` read
/// backwards.
fn seating(seats: usize, row: usize, player: usize) -> usize {
    let n = seats.max(1);
    let (shift, place) = if row < n {
        (row, player)
    } else {
        (row - n, n - 1 - player)
    };
    let first = if place == 0 {
        0
    } else if place % 2 == 1 {
        place.div_ceil(2)
    } else {
        n - place / 2
    };
    (first + shift) % n
}

/// The games of a match of `games` duels between `seats` seats.
pub fn game_specs(games: u32, seats: usize, base_seed: u64) -> Vec<GameSpec> {
    let seats = seats.max(1);
    let size = group_size(seats);
    (0..games as usize)
        .map(|index| GameSpec {
            index,
            group: index / size,
            seed: pair_seed(base_seed, index / size),
            rotation: index % size,
            seats,
        })
        .collect()
}

/// Groups in a match of `games` duels between `seats` seats.
pub fn group_count(games: u32, seats: usize) -> usize {
    (games as usize).div_ceil(group_size(seats))
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
    fn every_seat_sits_in_every_place_and_after_every_seat_equally_often() {
        for seats in 2..=8 {
            let size = group_size(seats);
            let specs = game_specs(3 * size as u32, seats, 7);
            for group in specs.chunks(size) {
                assert!(group.iter().all(|g| g.seed == group[0].seed));
                let mut places = vec![vec![0; seats]; seats];
                let mut follows = vec![vec![0; seats]; seats];
                for g in group {
                    for p in 0..seats {
                        assert_eq!(g.player_of(g.seat_at(p)), p);
                        places[g.seat_at(p)][p] += 1;
                        if p + 1 < seats {
                            follows[g.seat_at(p)][g.seat_at(p + 1)] += 1;
                        }
                    }
                }
                let each = size / seats;
                assert!(
                    places.iter().flatten().all(|&k| k == each),
                    "{seats}: {places:?}"
                );
                for (a, row) in follows.iter().enumerate() {
                    for (b, &k) in row.iter().enumerate() {
                        assert_eq!(k, if a == b { 0 } else { each }, "{seats}: {follows:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn three_seats_play_all_six_orders() {
        let orders: HashSet<Vec<usize>> = game_specs(6, 3, 1)
            .iter()
            .map(|g| (0..3).map(|p| g.seat_at(p)).collect())
            .collect();
        assert_eq!(orders.len(), 6);
    }

    #[test]
    fn shares_are_disjoint_and_make_the_whole() {
        let specs = game_specs(42, 3, 1);
        let mut seen = Vec::new();
        for i in 1..=3 {
            let shard: Shard = format!("{i}/3").parse().unwrap();
            let share = shard.select(&specs);
            assert!(share.iter().all(|g| g.group % 3 == i - 1));
            seen.extend(share.iter().map(|g| g.index));
        }
        seen.sort_unstable();
        assert_eq!(seen, (0..42).collect::<Vec<_>>());
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
