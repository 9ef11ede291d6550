//! The two halves every book's random self-play test shares: play many
//! seeded duels collecting every failure, and how many duels a run by hand
//! asks for.

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
