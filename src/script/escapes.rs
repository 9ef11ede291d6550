//! The bytes a JSON string cannot hold as they are (control characters,
//! `"` and `\\`), found eight at a time: the report escapes them, and the
//! plain script reader stops at them. Both run over text that nearly never
//! holds one.

/// The index of the first byte from `from` on that needs an escape: eight
/// bytes at a time, the first flagged byte of a word found by its bit.
pub(super) fn next_escape(bytes: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while let Some(word) = bytes.get(i..i + 8) {
        let mut eight = [0u8; 8];
        eight.copy_from_slice(word);
        let flags = escape_flags(u64::from_le_bytes(eight));
        if flags != 0 {
            return Some(i + (flags.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    let rest = bytes.get(i..)?;
    rest.iter()
        .position(|&b| ESCAPES[usize::from(b)] != 0)
        .map(|k| i + k)
}

/// The high bit of each byte of `w` that is a control character, `"` or
/// `\\` (the classic tests for a zero or a small byte in a word). A byte
/// after a flagged one may be flagged wrongly (a borrow carries into it),
/// but the lowest flagged byte is always right, and only it is used.
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
