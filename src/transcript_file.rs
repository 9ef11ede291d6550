//! Saving the transcript at the end of a duel, safely.
//!
//! The original wrote `/tmp/spellcast-<pid>`, a name anyone could predict and
//! plant a link at. We create a new file with an unpredictable name, with
//! `O_CREAT|O_EXCL` (which never follows a link or opens an existing file),
//! readable only by the user.

use rand::Rng;
use std::fs::OpenOptions;
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why a transcript could not be saved.
#[derive(Debug, Error)]
pub enum TranscriptError {
    /// The directory refused the file (missing, not writable, full...).
    #[error("cannot save the transcript in {dir}: {source}")]
    Create {
        /// The transcript directory.
        dir: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The file was created but could not be written completely.
    #[error("cannot write the transcript {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
}

/// Where transcripts go: `$TMPDIR`, or `/tmp` when it is unset or empty.
pub fn transcript_dir() -> PathBuf {
    match std::env::var_os("TMPDIR") {
        Some(d) if !d.is_empty() => PathBuf::from(d),
        _ => PathBuf::from("/tmp"),
    }
}

/// Writes `text` to a new file `spellcast-XXXXXXXXXX` in `dir` (mode 0600)
/// and returns its path. Existing files and links are never touched.
pub fn save_in(dir: &Path, text: &str) -> Result<PathBuf, TranscriptError> {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let mut rng = rand::thread_rng();
    let mut last_error = None;
    for _ in 0..100 {
        let suffix: String = (0..10)
            .map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char)
            .collect();
        let path = dir.join(format!("spellcast-{suffix}"));
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&path)
        {
            Ok(mut file) => {
                return file
                    .write_all(text.as_bytes())
                    .and_then(|()| file.sync_all())
                    .map(|()| path.clone())
                    .map_err(|source| TranscriptError::Write { path, source });
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last_error = Some(e),
            Err(source) => {
                return Err(TranscriptError::Create {
                    dir: dir.to_path_buf(),
                    source,
                })
            }
        }
    }
    Err(TranscriptError::Create {
        dir: dir.to_path_buf(),
        source: last_error.unwrap_or_else(|| std::io::Error::other("no free name")),
    })
}

/// Saves the transcript in [`transcript_dir`].
pub fn save(text: &str) -> Result<PathBuf, TranscriptError> {
    save_in(&transcript_dir(), text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn scratch_dir(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!(
            "spellcast-test-{tag}-{}-{}",
            std::process::id(),
            rand::thread_rng().gen::<u32>()
        ));
        std::fs::create_dir_all(&d).expect("scratch dir");
        d
    }

    #[test]
    fn saves_a_private_new_file() {
        let dir = scratch_dir("save");
        let path = save_in(&dir, "Spellcast Game Transcript\n").expect("saved");
        assert!(path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with("spellcast-") && n.len() == 20));
        let meta = std::fs::metadata(&path).expect("exists");
        assert_eq!(meta.permissions().mode() & 0o777, 0o600);
        assert_eq!(
            std::fs::read_to_string(&path).expect("readable"),
            "Spellcast Game Transcript\n"
        );
        let again = save_in(&dir, "x").expect("second save");
        assert_ne!(path, again);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn planted_files_and_links_are_left_alone() {
        let dir = scratch_dir("plant");
        let victim = dir.join("victim");
        std::fs::write(&victim, "precious").expect("victim");
        let planted = dir.join(format!("spellcast-{}", std::process::id()));
        std::os::unix::fs::symlink(&victim, &planted).expect("link");
        std::fs::write(dir.join("spellcast-aaaaaaaaaa"), "old").expect("file");
        for _ in 0..20 {
            let p = save_in(&dir, "new").expect("saved");
            assert_ne!(p, planted);
        }
        assert_eq!(
            std::fs::read_to_string(&victim).expect("victim"),
            "precious"
        );
        assert_eq!(
            std::fs::read_to_string(dir.join("spellcast-aaaaaaaaaa")).expect("old"),
            "old"
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn an_unwritable_directory_is_a_clear_error() {
        let err = save_in(Path::new("/nonexistent/spellcast-dir"), "x").expect_err("fails");
        let msg = err.to_string();
        assert!(
            msg.starts_with("cannot save the transcript in /nonexistent/spellcast-dir"),
            "{msg}"
        );
        assert!(!msg.contains('\n'));
    }
}
