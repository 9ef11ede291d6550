//! A file named on the command line, read with a bound: a script
//! (`--script`, `--replay`) or a results file (`match --merge`). Only a
//! regular file is opened (a link to `/dev/zero`, a FIFO or a terminal
//! would be read without end), and no more than a cap is read, so what a
//! way in costs is bounded by its input whatever the path names.

use std::fs::File;
use std::io::{BufRead, Read};
use std::path::Path;
use thiserror::Error;

use crate::outside_text::{one_line, MAX_QUOTED_CHARS};

/// The largest script read: far more than a duel of the most rounds a
/// script may hold (spellcast-script(5)) at eight players needs.
pub const MAX_SCRIPT_BYTES: u64 = 256 << 20;

/// Why a file could not be read; each names the path, escaped and cut.
#[derive(Debug, Error)]
pub enum InputFileError {
    /// Opening or reading failed.
    #[error("cannot read {}: {source}", one_line(.path, MAX_QUOTED_CHARS))]
    Io {
        /// The path as given.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// A device, FIFO, socket or directory: not read at all.
    #[error("cannot read {}: not a regular file", one_line(.path, MAX_QUOTED_CHARS))]
    NotRegular {
        /// The path as given.
        path: String,
    },
    /// More than the cap.
    #[error("cannot read {}: larger than {cap} bytes", one_line(.path, MAX_QUOTED_CHARS))]
    TooLarge {
        /// The path as given.
        path: String,
        /// The cap.
        cap: u64,
    },
    /// Not UTF-8 text.
    #[error("cannot read {}: not UTF-8 text", one_line(.path, MAX_QUOTED_CHARS))]
    NotText {
        /// The path as given.
        path: String,
    },
}

/// Opens `path` if it names a regular file (links followed).
pub fn open_regular(path: &Path) -> Result<File, InputFileError> {
    open_sized(path).map(|(file, _)| file)
}

/// As [`open_regular`], with the file's size when opened.
fn open_sized(path: &Path) -> Result<(File, u64), InputFileError> {
    let shown = || path.display().to_string();
    let io = |source| InputFileError::Io {
        path: shown(),
        source,
    };
    let file = File::open(path).map_err(io)?;
    // The opened file's own kind, so a link swapped after a check is no way round.
    let metadata = file.metadata().map_err(io)?;
    if !metadata.is_file() {
        return Err(InputFileError::NotRegular { path: shown() });
    }
    Ok((file, metadata.len()))
}

/// The whole text of the regular file `path`, at most `cap` bytes.
pub fn read_text(path: &Path, cap: u64) -> Result<String, InputFileError> {
    let (file, size) = open_sized(path)?;
    // Room for the whole file (a byte more, to see its end, within the
    // cap): read in one go rather than grown and copied a step at a time.
    // The size is only a hint; a file that grows is still read to the cap.
    let room = usize::try_from(size.min(cap).saturating_add(1)).unwrap_or(0);
    read_into(
        file,
        &path.display().to_string(),
        cap,
        Vec::with_capacity(room),
    )
}

/// The whole text of `input` (standard input, say), at most `cap` bytes;
/// `name` names it in errors.
pub fn read_capped(input: impl Read, name: &str, cap: u64) -> Result<String, InputFileError> {
    read_into(input, name, cap, Vec::new())
}

/// [`read_capped`] into `bytes`.
fn read_into(
    input: impl Read,
    name: &str,
    cap: u64,
    mut bytes: Vec<u8>,
) -> Result<String, InputFileError> {
    input
        .take(cap.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|source| InputFileError::Io {
            path: name.to_string(),
            source,
        })?;
    if bytes.len() as u64 > cap {
        return Err(InputFileError::TooLarge {
            path: name.to_string(),
            cap,
        });
    }
    String::from_utf8(bytes).map_err(|_| InputFileError::NotText {
        path: name.to_string(),
    })
}

/// One line of `input` without its line break, at most `cap` bytes:
/// `Ok(None)` at the end, an error for a longer line or one not UTF-8.
pub fn read_line_capped(
    input: &mut impl BufRead,
    name: &str,
    cap: usize,
) -> Result<Option<String>, InputFileError> {
    let mut bytes = Vec::new();
    let io = |source| InputFileError::Io {
        path: name.to_string(),
        source,
    };
    let read = input
        .take(cap as u64 + 2)
        .read_until(b'\n', &mut bytes)
        .map_err(io)?;
    if read == 0 {
        return Ok(None);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
    }
    if bytes.len() > cap {
        return Err(InputFileError::TooLarge {
            path: name.to_string(),
            cap: cap as u64,
        });
    }
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| InputFileError::NotText {
            path: name.to_string(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn special_files_are_not_read() {
        for path in ["/dev/zero", "/dev/null", "/"] {
            let error = read_text(Path::new(path), 1 << 20).unwrap_err();
            let line = error.to_string();
            assert!(
                line.contains("not a regular file") || line.contains("cannot read"),
                "{line}"
            );
        }
        let error = read_text(Path::new("/dev/zero"), 10).unwrap_err();
        assert!(
            matches!(error, InputFileError::NotRegular { .. }),
            "{error}"
        );
    }

    #[test]
    fn reads_stop_at_the_cap() {
        let endless = std::io::repeat(b'a');
        let error = read_capped(endless, "stdin", 1000).unwrap_err();
        assert!(matches!(error, InputFileError::TooLarge { cap: 1000, .. }));
        assert_eq!(read_capped(&b"abc"[..], "x", 3).unwrap(), "abc");
        let mut lines = &b"one\r\ntwo\n\nfour"[..];
        let mut read = || read_line_capped(&mut lines, "x", 4).unwrap();
        assert_eq!(read().as_deref(), Some("one"));
        assert_eq!(read().as_deref(), Some("two"));
        assert_eq!(read().as_deref(), Some(""));
        assert_eq!(read().as_deref(), Some("four"));
        assert_eq!(read(), None);
        let mut long = std::io::repeat(b'x');
        let mut long = std::io::BufReader::new(&mut long);
        assert!(read_line_capped(&mut long, "x", 4).is_err());
        let escaped = InputFileError::NotRegular {
            path: "a\nb".into(),
        };
        assert_eq!(escaped.to_string(), "cannot read a\\nb: not a regular file");
    }
}
