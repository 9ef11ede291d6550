//! The end of a duel through the X windows: the first player asks for the
//! transcript, everyone presses Quit, and the transcript is written safely:
//! a new private file whose path is printed, never a planted link or file;
//! an unwritable transcript directory is a one-line error and exit status 1.

use crate::common;
use crate::x11_ui;

use common::xvfb::WAIT;
use std::os::unix::fs::PermissionsExt;
use x11_ui::{GameProcess, TwoPlayers};

const PALM: i32 = 1;

/// Two displays; Bob surrenders on the first turn (palms with both hands),
/// Alice asks for the transcript and both press Quit. Returns the game's
/// exit status, stdout and stderr; `before_end` runs once the game is up.
fn surrender_and_quit(
    tag: &str,
    before_end: impl FnOnce(&GameProcess),
) -> (bool, i32, String, String) {
    let mut duel = TwoPlayers::start("Alice:f", 3, tag);
    let (alice, bob) = (&duel.alice, &duel.bob);
    before_end(&duel.game);

    bob.choose_gesture(0, PALM);
    bob.choose_gesture(1, PALM);
    alice.end();
    bob.end();
    // Each palm also casts a Shield; Bob keeps their pre-filled targets.
    bob.wait_answering(0, 3);
    bob.end();
    // Alice has won; she alone is asked about the transcript (No, Yes).
    alice.answer(0, 2, 1);
    alice.quit();
    bob.quit();
    let (status, out, err) = duel.game.wait(WAIT);
    (status.success(), status.code().unwrap_or(-1), out, err)
}

#[test]
fn transcript_is_a_new_private_file_and_planted_names_are_left_alone() {
    let mut planted = None;
    let (ok, _, out, err) = surrender_and_quit("transcript-safe", |game| {
        // Plant what an attacker could: the original's name for this very
        // game, pointing at a victim file, and a file in our own pattern.
        let dir = &game.tmpdir;
        let victim = dir.join("victim");
        std::fs::write(&victim, "precious").expect("victim");
        let link = dir.join(format!("spellcast-{}", game.pid()));
        std::os::unix::fs::symlink(&victim, &link).expect("planted link");
        std::fs::write(dir.join("spellcast-AAAAAAAAAA"), "old").expect("planted file");
        planted = Some((dir.clone(), victim, link));
    });
    assert!(ok, "the game ends with status 0; stderr: {err}");
    assert!(!err.contains("panicked"), "stderr: {err}");
    let (dir, victim, link) = planted.expect("files were planted");
    let path = std::path::PathBuf::from(out.trim());
    assert!(
        path.starts_with(&dir),
        "the path is printed on stdout: {out:?}"
    );
    assert_ne!(path, link);
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    assert!(name.starts_with("spellcast-"), "{name}");
    let meta = std::fs::symlink_metadata(&path).expect("the transcript exists");
    assert!(meta.file_type().is_file(), "a plain file, not a link");
    assert_eq!(
        meta.permissions().mode() & 0o777,
        0o600,
        "readable only by the user"
    );
    let text = std::fs::read_to_string(&path).expect("readable transcript");
    assert!(text.starts_with("Spellcast Game Transcript"), "{text}");
    assert!(text.contains("Bob (15): P P"), "{text}");
    assert!(text.contains("+++ Alice has won +++"), "{text}");
    assert_eq!(
        std::fs::read_to_string(&victim).expect("victim"),
        "precious"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("spellcast-AAAAAAAAAA")).expect("planted file"),
        "old"
    );
}

#[test]
fn an_unwritable_transcript_directory_is_reported_after_the_windows_close() {
    let (ok, code, out, err) = surrender_and_quit("transcript-unwritable", |game| {
        // The directory disappears while the duel is on.
        std::fs::remove_dir_all(&game.tmpdir).expect("remove the transcript directory");
    });
    assert!(!ok);
    assert_eq!(code, 1, "stderr: {err}");
    assert!(out.trim().is_empty(), "no path printed: {out:?}");
    assert!(!err.contains("panicked"), "stderr: {err}");
    let line = err
        .lines()
        .find(|l| l.contains("transcript"))
        .unwrap_or_default();
    assert!(line.contains("cannot save the transcript"), "stderr: {err}");
}
