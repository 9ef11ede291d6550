//! Openings: the first few rounds of every duel of a pair (or rotation)
//! played from random gestures instead of by the seats, as chess runners
//! start games from an opening book, so that deterministic seats do not
//! play the same duel in every pair.
//!
//! An opening is chosen from the group's seed (itself made from the match
//! seed and the group's number) and is kept by *place*: player 1 makes the
//! same gestures in every duel of the group, whichever seat sits there, so
//! each seat plays each side of it.
//!
//! What an opening may do: each hand makes one of F, S, W or D each round
//! (those of them the duel's rule book gives that hand: no F in Death Match),
//! and the opening never completes a spell, harmless or not. Palm is never
//! used, since P alone is a Shield, nor claps, nor the knife. Each wizard's
//! gestures are tried on the duel itself (the rule set the duel plays by
//! recognises them) and drawn again if anything would be cast; a wizard for
//! whom [`DRAWS`] draws all cast something does nothing that round. So an
//! opening asks no questions and changes nothing but the gesture rows.

use super::schedule::splitmix64;
use crate::engine::{CourseEvent, Duel, Event, Gesture, Hand, PlayerSpec, RuleSet, Step};

/// The gestures an opening draws from: none completes a spell alone.
const LETTERS: [Gesture; 4] = [
    Gesture::Fingers,
    Gesture::Snap,
    Gesture::Wave,
    Gesture::Digit,
];

/// Draws per wizard and round before it is left doing nothing.
pub const DRAWS: usize = 64;

/// Mixed into the group's seed so the opening's numbers are not the engine's.
const SALT: u64 = 0x0be7_1a9c_0dde_55aa;

/// One round's moves, by player; an opening is a list of them.
pub type OpeningRound = Vec<(Gesture, Gesture)>;

/// A stream of numbers from a seed (SplitMix64), the same on every host.
struct Numbers(u64);

impl Numbers {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        splitmix64(self.0)
    }

    fn gesture(&mut self, letters: &[Gesture]) -> Gesture {
        letters[(self.next() % letters.len() as u64) as usize]
    }
}

/// The opening gestures `rules` gives a hand, in [`LETTERS`]' order (all
/// four under the original's rules, so its openings are unchanged).
fn hand_letters(rules: &RuleSet, hand: Hand) -> Vec<Gesture> {
    LETTERS
        .into_iter()
        .filter(|&g| rules.allows(hand, g))
        .collect()
}

/// The opening of `rounds` rounds for a duel of `players` on the engine
/// seed `seed`: one [`OpeningRound`] per round. Empty if the players
/// cannot start a duel (the duel itself then says why).
pub fn opening(players: &[PlayerSpec], seed: u64, rounds: u32) -> Vec<OpeningRound> {
    opening_by(RuleSet::original(), players, seed, rounds)
}

/// [`opening`] for a duel played by `rules`, from the book's gestures only.
pub fn opening_by(
    rules: &'static RuleSet,
    players: &[PlayerSpec],
    seed: u64,
    rounds: u32,
) -> Vec<OpeningRound> {
    let Ok(mut duel) = Duel::with_rules(players, seed, rules) else {
        return Vec::new();
    };
    let (left, right) = (
        hand_letters(rules, Hand::Left),
        hand_letters(rules, Hand::Right),
    );
    if left.is_empty() || right.is_empty() {
        return Vec::new();
    }
    let mut numbers = Numbers(seed ^ SALT);
    let mut opening = Vec::new();
    for _ in 0..rounds {
        let mut round = Vec::new();
        for p in 0..players.len() {
            let others_idle = |mine| {
                let mut moves = vec![Some((Gesture::Nothing, Gesture::Nothing)); players.len()];
                moves[p] = Some(mine);
                moves
            };
            let found = (0..DRAWS)
                .map(|_| (numbers.gesture(&left), numbers.gesture(&right)))
                .find(|&mine| casts_nothing(&duel, &others_idle(mine)));
            round.push(found.unwrap_or((Gesture::Nothing, Gesture::Nothing)));
        }
        let moves: Vec<_> = round.iter().copied().map(Some).collect();
        // Each wizard's spells come from his own gestures only, so the round
        // together casts nothing either; checked once more all the same.
        if !casts_nothing(&duel, &moves) || duel.start_round(&moves).is_err() {
            debug_assert!(false, "an opening round that casts: {round:?}");
            break;
        }
        opening.push(round);
    }
    opening
}

/// Whether a round of these moves, played now, ends with nothing cast, no
/// question asked and nobody surrendering.
fn casts_nothing(duel: &Duel, moves: &[Option<(Gesture, Gesture)>]) -> bool {
    let mut trial = duel.clone();
    let before = trial.events().len();
    if trial.start_round(moves) != Ok(Step::RoundDone) {
        return false;
    }
    !trial.events()[before..].iter().any(|e| {
        matches!(
            e,
            Event::Casting(_) | Event::Course(CourseEvent::Surrenders { .. })
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::PlayerId;
    use std::collections::HashSet;

    fn players(n: usize) -> Vec<PlayerSpec> {
        ["Arnold", "Barbara:f", "Cedric", "Deirdre:f"][..n]
            .iter()
            .map(|p| PlayerSpec::parse(p))
            .collect()
    }

    #[test]
    fn openings_are_reproducible_varied_and_of_the_asked_length() {
        let a = opening(&players(2), 17, 3);
        assert_eq!(a.len(), 3);
        assert!(a.iter().all(|round| round.len() == 2));
        assert_eq!(a, opening(&players(2), 17, 3));
        let distinct: HashSet<_> = (0..40).map(|seed| opening(&players(2), seed, 2)).collect();
        assert!(distinct.len() >= 39, "{} of 40", distinct.len());
        assert!(opening(&players(2), 17, 0).is_empty());
    }

    /// Played out, a long opening leaves every wizard whole, nothing cast,
    /// nobody asked anything: only gesture rows of F, S, W and D.
    #[test]
    fn an_opening_casts_nothing() {
        for (n, seed) in [(2, 1), (2, 2), (3, 3), (4, 4)] {
            let players = players(n);
            let rounds = opening(&players, seed, 12);
            assert_eq!(rounds.len(), 12);
            let mut duel = Duel::new(&players, seed).unwrap();
            for round in &rounds {
                let moves: Vec<_> = round.iter().copied().map(Some).collect();
                assert_eq!(duel.start_round(&moves), Ok(Step::RoundDone));
                for &(l, r) in round {
                    for g in [l, r] {
                        assert!(LETTERS.contains(&g) || g == Gesture::Nothing);
                    }
                }
            }
            assert!(!duel.events().iter().any(|e| matches!(e, Event::Casting(_))));
            for p in 0..n {
                assert!(duel.open_questions(PlayerId::new(p)).is_empty());
                assert_eq!(duel.beings()[p].hp, 15, "seed {seed}");
            }
        }
    }

    /// Death Match has no F ("Gestures C D P S W only", spellcast-rules(7), DEATH MATCH):
    /// its openings use S, W and D, start from 20 hit points and cast nothing.
    #[test]
    fn an_opening_keeps_to_the_book() {
        let dm = RuleSet::by_name("deathmatch").expect("book");
        for seed in 0..20 {
            let rounds = opening_by(dm, &players(2), seed, 6);
            assert_eq!(rounds.len(), 6);
            let mut duel = Duel::with_rules(&players(2), seed, dm).unwrap();
            for round in &rounds {
                assert!(round
                    .iter()
                    .all(|&(l, r)| l != Gesture::Fingers && r != Gesture::Fingers));
                let moves: Vec<_> = round.iter().copied().map(Some).collect();
                assert_eq!(duel.start_round(&moves), Ok(Step::RoundDone));
            }
            assert!(!duel.events().iter().any(|e| matches!(e, Event::Casting(_))));
            assert_eq!(duel.beings()[0].hp, 20);
        }
        assert!(
            opening_by(dm, &players(3), 1, 2).is_empty(),
            "two players only"
        );
    }
}
