//! The bytes a JSON string cannot hold as they are (control characters,
//! `"` and `\\`), found eight at a time: the report escapes them, and the
//! plain script reader stops at them. Both run over text that nearly never
//! holds one.

/// The index of the first byte from `from` on that needs an escape: eight
/// bytes at a time, the first flagged byte of a word found by its bit. The
/// last few bytes are read as the eight that end the text (those already
/// read masked off), so a short piece costs one word, not a loop.
#[inline]
pub(super) fn next_escape(bytes: &[u8], from: usize) -> Option<usize> {
    let len = bytes.len();
    let mut i = from;
    while i + 8 <= len {
        let flags = escape_flags(word_at(bytes, i));
        if flags != 0 {
            return Some(i + (flags.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    if i >= len {
        return None;
    }
    if len >= 8 {
        // The word ending the text; its first `i - start` bytes are read.
        let start = len - 8;
        let flags = escape_flags(word_at(bytes, start)) & (!0u64 << (8 * (i - start)));
        return (flags != 0).then(|| start + (flags.trailing_zeros() / 8) as usize);
    }
    bytes[i..]
        .iter()
        .position(|&b| ESCAPES[usize::from(b)] != 0)
        .map(|k| i + k)
}

/// The eight bytes from `at` (which the caller keeps in bounds) as a word.
fn word_at(bytes: &[u8], at: usize) -> u64 {
    let mut eight = [0u8; 8];
    eight.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(eight)
}

/// The high bit of each byte of `w` that is a control character, `"` or
/// `\\` (the classic tests for a zero or a small byte in a word). A byte
/// after a flagged one may be flagged wrongly (a borrow carries into it),
/// but the lowest flagged byte is always right, and only it is used; a
/// byte that needs no escape never lends a borrow, so masking off bytes
/// below changes nothing above them.
fn escape_flags(w: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let zero_in = |v: u64| v.wrapping_sub(ONES) & !v & HIGHS;
    let below_space = w.wrapping_sub(ONES * 0x20) & !w & HIGHS;
    below_space | zero_in(w ^ (ONES * u64::from(b'"'))) | zero_in(w ^ (ONES * u64::from(b'\\')))
}

/// For each byte, the letter after its backslash in JSON, or 0 for a byte
/// written as it is.
pub(super) static ESCAPES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 0x20 {
        table[b] = b'u';
        b += 1;
    }
    table[0x08] = b'b';
    table[b'\t' as usize] = b't';
    table[b'\n' as usize] = b'n';
    table[0x0c] = b'f';
    table[b'\r' as usize] = b'r';
    table[b'"' as usize] = b'"';
    table[b'\\' as usize] = b'\\';
    table
};

/// Appends `s` with JSON escapes, the same ones `serde_json` writes: `\"`,
/// `\\`, the short forms `\b \t \n \f \r`, and `\u00xx` for the other
/// control characters. Everything else is copied as it is, in runs.
pub(super) fn escape_into(out: &mut Vec<u8>, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let bytes = s.as_bytes();
    let mut plain_from = 0;
    while let Some(at) = next_escape(bytes, plain_from) {
        out.extend_from_slice(&bytes[plain_from..at]);
        plain_from = at + 1;
        let byte = bytes[at];
        let short = ESCAPES[usize::from(byte)];
        if short == b'u' {
            out.extend_from_slice(&[
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX[usize::from(byte >> 4)],
                HEX[usize::from(byte & 0xf)],
            ]);
        } else {
            out.extend_from_slice(&[b'\\', short]);
        }
    }
    out.extend_from_slice(&bytes[plain_from..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first byte needing an escape, a byte at a time: what the word
    /// scan must agree with.
    fn slowly(bytes: &[u8], from: usize) -> Option<usize> {
        (from..bytes.len()).find(|&i| ESCAPES[usize::from(bytes[i])] != 0)
    }

    #[test]
    fn the_word_scan_finds_the_first_escape_from_any_start() {
        for len in 0..20 {
            for special in [b'"', b'\\', b'\n', 0x1f, 0, b' ', 0x7f, b'!'] {
                for at in 0..len {
                    let mut bytes = vec![b'a'; len];
                    bytes[at] = special;
                    if at + 1 < len {
                        bytes[at + 1] = b'\n';
                    }
                    for from in 0..=len {
                        assert_eq!(
                            next_escape(&bytes, from),
                            slowly(&bytes, from),
                            "{bytes:?} from {from}"
                        );
                    }
                }
            }
        }
    }
}
