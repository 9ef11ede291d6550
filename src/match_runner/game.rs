//! One game of a match: its seats opened in the game's places, its
//! opening, the duel played, saved as a script when asked, and its result
//! seen from the seats.

use super::args::MatchConfig;
use super::duel::play_duel_by;
use super::opening::opening_by;
use super::schedule::GameSpec;
use super::stats::DuelRecord;
use crate::engine::{Outcome, PlayerSpec};
use crate::seat::{open_seat, stderr_sink, SeatOptions};
use std::io::Write;
use std::path::Path;

/// The wizards' names by seat: seat A's (the first named) is always
/// Arnold, whichever player he is, seat B's Barbara, and so on.
pub const NAMES: [&str; 8] = [
    "Arnold",
    "Barbara:f",
    "Cedric",
    "Deirdre:f",
    "Edmund",
    "Fiona:f",
    "Gareth",
    "Helga:f",
];

/// The players of a game in rotation 0 (seat `i` is player `i`): the
/// duel an opening is tried on. Names do not change what is cast.
fn first_rotation(seats: usize) -> Vec<PlayerSpec> {
    NAMES[..seats]
        .iter()
        .map(|n| PlayerSpec::parse(n))
        .collect()
}

/// Plays one game of the match and saves it if asked.
pub fn play_game(
    config: &MatchConfig,
    options: &SeatOptions,
    game: &GameSpec,
) -> Result<DuelRecord, String> {
    let mut players = Vec::new();
    let mut seats = Vec::new();
    for player in 0..game.seats {
        let seat = game.seat_at(player);
        let spec = PlayerSpec::parse(NAMES[seat]);
        let opened = open_seat(
            &config.seats[seat],
            &spec.name,
            options,
            game.seat_seed(seat),
        )
        .map_err(|e| format!("{} ({}) {e}", spec.name, config.seats[seat]))?;
        players.push(spec);
        seats.push(opened);
    }
    let rules = config.rules;
    let opening = opening_by(
        rules,
        &first_rotation(game.seats),
        game.seed,
        config.opening,
    );
    let played = play_duel_by(rules, &players, game.seed, seats, &opening, stderr_sink())
        .map_err(|e| e.to_string())?;
    if let Some(dir) = &config.save {
        save(dir, game.index, &played.script)?;
    }
    let winner = match played.outcome {
        Some(Outcome::Winner(p)) => Some(game.seat_at(p.index())),
        _ => None,
    };
    Ok(DuelRecord {
        winner,
        ending: played.ending,
        failed: (0..game.seats)
            .map(|seat| played.failed[game.player_of(seat)])
            .collect(),
    })
}

/// Makes the `--save` folder if needed, and refuses one that already
/// holds duel files: a match never overwrites an earlier one's duels.
pub fn save_folder(dir: &Path) -> Result<(), String> {
    let shown = dir.display();
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {shown}: {e}"))?;
    let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read {shown}: {e}"))?;
    for entry in entries.flatten() {
        let name = entry.file_name();
        if is_duel_file(&name.to_string_lossy()) {
            return Err(format!(
                "--save {shown} already holds duel files ({}); name an empty or new folder",
                name.to_string_lossy()
            ));
        }
    }
    Ok(())
}

/// Whether a file name is one `--save` writes: `duel-N.json`.
fn is_duel_file(name: &str) -> bool {
    name.strip_prefix("duel-")
        .and_then(|rest| rest.strip_suffix(".json"))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Writes game `index` (0-based) as `DIR/duel-N.json`, N from 1: a new
/// file (never one already there, nor through a link planted in its place),
/// readable only by its owner, like the transcript.
fn save(dir: &Path, index: usize, script: &serde_json::Value) -> Result<(), String> {
    use std::os::unix::fs::OpenOptionsExt;
    let path = dir.join(format!("duel-{}.json", index + 1));
    let text = serde_json::to_string_pretty(script).map_err(|e| e.to_string())?;
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&path)
        .and_then(|mut file| file.write_all((text + "\n").as_bytes()))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}
