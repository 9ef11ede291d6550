//! `spellcast match --save DIR` (issue 21): each duel file is made new,
//! readable only by its owner, never written through a planted link, and a
//! folder that already holds duel files is refused with one line.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::common;
use common::match_run::fresh_dir;

fn save_match(dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_spellcast"))
        .args(["match", "computer:easy", "computer:easy", "--games", "2"])
        .args(["--seed", "5", "--think-ms", "20", "--save"])
        .arg(dir)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output()
        .expect("spellcast runs")
}

#[test]
fn saved_duels_are_new_private_files_and_never_overwritten() {
    let dir = fresh_dir("save-private");
    let out = save_match(&dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for n in 1..=2 {
        let meta = std::fs::metadata(dir.join(format!("duel-{n}.json"))).expect("saved");
        assert_eq!(meta.permissions().mode() & 0o777, 0o600);
    }
    let before = std::fs::read(dir.join("duel-1.json")).expect("saved");
    // A second match into the same folder is refused, and changes nothing.
    let out = save_match(&dir);
    assert_eq!(out.status.code(), Some(2));
    let errors = String::from_utf8_lossy(&out.stderr);
    assert_eq!(errors.lines().count(), 1, "{errors}");
    assert!(errors.contains("already holds duel files"), "{errors}");
    assert!(out.stdout.is_empty());
    assert_eq!(
        std::fs::read(dir.join("duel-1.json")).expect("kept"),
        before
    );
}

#[test]
fn a_link_planted_in_the_folder_is_never_followed() {
    let dir = fresh_dir("save-link");
    std::fs::create_dir_all(&dir).expect("a folder");
    let target = dir.join("precious.txt");
    std::fs::write(&target, "keep me\n").expect("a file");
    std::os::unix::fs::symlink(&target, dir.join("duel-2.json")).expect("a link");
    let out = save_match(&dir);
    assert_eq!(out.status.code(), Some(2));
    let errors = String::from_utf8_lossy(&out.stderr);
    assert_eq!(errors.lines().count(), 1, "{errors}");
    assert!(errors.starts_with("spellcast: --save "), "{errors}");
    assert_eq!(std::fs::read_to_string(&target).expect("kept"), "keep me\n");
    assert!(!dir.join("duel-1.json").exists());
}
