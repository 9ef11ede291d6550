//! Random self-play under Gesticulation (spellcast-rules(7), GESTICULATION): two or
//! three wizards making random gestures and giving random legal answers
//! (every question asked before the reveal: hands, targets, the hands of
//! Paralyses, monster orders, summons at monsters and at monsters about to
//! be made), with the book's invariants checked after every round: hit
//! points within bounds (15 for a wizard, the text's 1/2/3/4 for goblin,
//! ogre, troll and giant, 3 for an elemental), no spell outside the book
//! ever cast, and every duel over or at the round cap. A quick run is part
//! of the suite; the long run is ignored and run by hand:
//!
//! ```text
//! SPELLCAST_SELFPLAY_DUELS=100000 cargo test --profile ci --test engine gesticulation_selfplay:: -- --ignored --nocapture
//! ```

use crate::common;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use spellcast::engine::{BeingKind, Duel, Gesture, Hand, PlayerId, PlayerSpec, RuleSet};

/// Rounds after which a duel is abandoned.
const MAX_ROUNDS: u32 = 200;

/// Greatest hit points by kind, from the rules text.
fn top_hp(kind: BeingKind) -> i32 {
    match kind {
        BeingKind::Wizard => 15,
        BeingKind::Goblin => 1,
        BeingKind::Ogre => 2,
        BeingKind::Troll => 3,
        BeingKind::Giant => 4,
        BeingKind::FireElemental | BeingKind::IceElemental => 3,
    }
}

/// Plays one duel from `seed`; returns what went wrong, if anything.
fn play(seed: u64) -> Result<(), String> {
    let rules = RuleSet::by_name("gesticulation").ok_or("no gesticulation book")?;
    let mut rng = StdRng::seed_from_u64(seed);
    let players = rng.gen_range(2..=3);
    let specs: Vec<PlayerSpec> = ["A", "B:f", "C"][..players]
        .iter()
        .map(|s| PlayerSpec::parse(s))
        .collect();
    let mut duel = Duel::with_rules(&specs, seed, rules).map_err(|e| e.to_string())?;
    let mut events_seen = 0;
    for round in 0..MAX_ROUNDS {
        if duel.outcome().is_some() {
            return Ok(());
        }
        let mut moves = Vec::new();
        for p in 0..players {
            if !duel.is_active(PlayerId::new(p)) {
                moves.push(None);
                continue;
            }
            let mut pick = |hand: Hand| {
                let choices = rules.gestures[hand.index()];
                choices[rng.gen_range(0..choices.len())]
            };
            let (l, r) = (pick(Hand::Left), pick(Hand::Right));
            // Claps with both hands often enough to reach the clap spells,
            // fingers often enough for Paralysis (F-F-F).
            let m = if rng.gen_bool(0.15) {
                (Gesture::Clap, Gesture::Clap)
            } else if rng.gen_bool(0.2) {
                (Gesture::Fingers, r)
            } else {
                (l, r)
            };
            moves.push(Some(m));
        }
        common::selfplay_runs::play_round(&mut duel, &moves, &mut rng)?;
        events_seen = common::selfplay_runs::check_round(&duel, rules, events_seen, round, top_hp)?;
    }
    Ok(())
}

fn run(duels: u64) {
    common::selfplay_runs::run(duels, play);
}

#[test]
fn random_gesticulation_duels_keep_the_books_invariants() {
    run(300);
}

#[test]
#[ignore]
fn many_random_gesticulation_duels() {
    let duels = common::selfplay_runs::duels_asked();
    let start = std::time::Instant::now();
    run(duels);
    println!("{duels} Gesticulation duels in {:.1?}", start.elapsed());
}
