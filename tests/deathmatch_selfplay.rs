//! Random self-play under Death Match (spellcast-rules(7), DEATH MATCH): two wizards
//! making random gestures of the book and giving random legal answers, with
//! the book's invariants checked after every round: hit points within
//! bounds (20 for a wizard, the text's 2/3/4/3 for goblin, ogre, troll and
//! elemental), no spell outside the book ever cast, no F in any history,
//! and every duel over or at the round cap. A quick run is part of the
//! suite; the long run is ignored and run by hand:
//!
//! ```text
//! SPELLCAST_SELFPLAY_DUELS=100000 cargo test --profile ci --test engine deathmatch_selfplay:: -- --ignored --nocapture
//! ```

use crate::common;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use spellcast::engine::{BeingKind, Duel, Gesture, Hand, Mark, PlayerId, PlayerSpec, RuleSet};

/// Rounds after which a duel is abandoned.
const MAX_ROUNDS: u32 = 200;

/// Greatest hit points by kind, from the rules text.
fn top_hp(kind: BeingKind) -> i32 {
    match kind {
        BeingKind::Wizard => 20,
        BeingKind::Goblin => 2,
        BeingKind::Ogre => 3,
        BeingKind::Troll => 4,
        BeingKind::FireElemental | BeingKind::IceElemental => 3,
        BeingKind::Giant => 0,
    }
}

/// Plays one duel from `seed`; returns what went wrong, if anything.
fn play(seed: u64) -> Result<(), String> {
    let rules = RuleSet::by_name("deathmatch").ok_or("no deathmatch book")?;
    let specs = [PlayerSpec::parse("A"), PlayerSpec::parse("B:f")];
    let mut duel = Duel::with_rules(&specs, seed, rules).map_err(|e| e.to_string())?;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut events_seen = 0;
    for round in 0..MAX_ROUNDS {
        if duel.outcome().is_some() {
            return Ok(());
        }
        let mut moves = Vec::new();
        for p in 0..2 {
            if !duel.is_active(PlayerId::new(p)) {
                moves.push(None);
                continue;
            }
            let mut pick = |hand: Hand| {
                let choices: Vec<Gesture> = rules.gestures[hand.index()]
                    .iter()
                    .copied()
                    .filter(|&g| g != Gesture::Onyx)
                    .collect();
                choices[rng.gen_range(0..choices.len())]
            };
            let (l, r) = (pick(Hand::Left), pick(Hand::Right));
            // Claps with both hands often enough to reach the clap spells.
            let m = if rng.gen_bool(0.15) {
                (Gesture::Clap, Gesture::Clap)
            } else {
                (l, r)
            };
            moves.push(Some(m));
        }
        common::selfplay_runs::play_round(&mut duel, &moves, &mut rng)?;
        events_seen = common::selfplay_runs::check_round(&duel, rules, events_seen, round, top_hp)?;
        for b in duel.beings() {
            if b.kind == BeingKind::Giant {
                return Err(format!("round {round}: a giant in Death Match"));
            }
        }
        for p in 0..2 {
            let owner = PlayerId::new(p);
            for row in duel.seen_history(owner, spellcast::engine::Viewer::Player(owner)) {
                for seen in row {
                    if seen == spellcast::engine::Seen::Mark(Mark::Made(Gesture::Fingers)) {
                        return Err(format!("round {round}: an F in a history"));
                    }
                }
            }
        }
    }
    Ok(())
}

fn run(duels: u64) {
    common::selfplay_runs::run(duels, play);
}

#[test]
fn random_death_matches_keep_the_books_invariants() {
    run(300);
}

#[test]
#[ignore]
fn many_random_death_matches() {
    let duels = common::selfplay_runs::duels_asked();
    let start = std::time::Instant::now();
    run(duels);
    println!("{duels} Death Match duels in {:.1?}", start.elapsed());
}
