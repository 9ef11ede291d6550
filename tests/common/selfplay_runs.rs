//! What every book's random self-play test shares: play many seeded duels
//! collecting every failure, how many duels a run by hand
//! asks for, one round's random answers, and the invariants of a round.

use rand::rngs::StdRng;
use rand::Rng;
use spellcast::engine::{BeingKind, CastingEvent, Duel, Event, Gesture, RuleSet, Step};

/// Plays duels with seeds `0..duels` and fails naming every failing seed.
pub fn run(duels: u64, play: impl Fn(u64) -> Result<(), String>) {
    let failures: Vec<String> = (0..duels)
        .filter_map(|seed| play(seed).err().map(|e| format!("seed {seed}: {e}")))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `SPELLCAST_SELFPLAY_DUELS`, else the 100,000.
pub fn duels_asked() -> u64 {
    std::env::var("SPELLCAST_SELFPLAY_DUELS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100_000)
}

/// Starts a round with `moves` and gives every question asked a uniformly
/// random option, whoever it is asked of and whenever the book asks it.
pub fn play_round(
    duel: &mut Duel,
    moves: &[Option<(Gesture, Gesture)>],
    rng: &mut StdRng,
) -> Result<(), String> {
    let mut step = duel.start_round(moves).map_err(|e| e.to_string())?;
    while step == Step::Questions {
        let who = duel.waiting_on().next().ok_or("nobody to answer")?;
        let answers: Vec<usize> = duel
            .open_questions(who)
            .iter()
            .map(|q| rng.gen_range(0..q.options.len().max(1)))
            .collect();
        step = duel.answer(who, &answers).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The invariants every book keeps after a round: each spell cast since
/// event `events_seen` is one of the book's, and each living being has
/// hit points above 0 and at most `top_hp` of its kind (the rules text's
/// figures). Returns how many events have now been checked.
pub fn check_round(
    duel: &Duel,
    rules: &RuleSet,
    events_seen: usize,
    round: u32,
    top_hp: fn(BeingKind) -> i32,
) -> Result<usize, String> {
    for e in &duel.events()[events_seen..] {
        if let Event::Casting(CastingEvent::Casts(c)) = e {
            if !rules.has(c.spell) {
                return Err(format!("round {round}: {:?} is not in the book", c.spell));
            }
        }
    }
    for b in duel.beings() {
        if b.alive() && (b.hp <= 0 || b.hp > top_hp(b.kind)) {
            return Err(format!("round {round}: {} has {} hp", b.name, b.hp));
        }
    }
    Ok(duel.events().len())
}
