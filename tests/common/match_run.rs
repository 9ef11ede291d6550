//! Running the built `spellcast` for the match tests (`match_*.rs`,
//! `seat_match.rs`): the binary with no display and no input, its output
//! as text, fresh folders for saved duels, and the one-line usage error.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Runs the built binary from the repository's folder (where the tests'
/// players live), with no standard input and no `$DISPLAY`.
pub fn spellcast(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_spellcast"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .env_remove("DISPLAY")
        .output()
        .expect("run the spellcast binary")
}

/// Output bytes as text, for messages and checks.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// [`spellcast`], which must succeed.
pub fn succeeds(args: &[&str]) -> Output {
    let out = spellcast(args);
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    out
}

/// A folder of this name under the tests' temporary folder, whatever an
/// earlier run left there removed (not made: `match --save` makes it).
pub fn fresh_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// [`fresh_dir`], made and empty.
pub fn empty_dir(name: &str) -> PathBuf {
    let dir = fresh_dir(name);
    std::fs::create_dir_all(&dir).expect("a fresh folder");
    dir
}

/// Runs a command line that must be refused: exit status 2, one line on
/// standard error starting with the program's name, nothing on standard
/// output. Returns the line.
pub fn usage_error(args: &[&str]) -> String {
    let out = spellcast(args);
    let errors = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {errors}");
    assert_eq!(errors.lines().count(), 1, "{args:?}: {errors}");
    assert!(errors.starts_with("spellcast: ") && !errors.contains("panicked"));
    assert!(out.stdout.is_empty());
    errors
}
