//! Integers in decimal without the formatting machinery: the narration and
//! the `--script` report write many small numbers, and `write!` costs more
//! than the number (see the `--script` figure in tests/bench/README.md).

/// The decimal digits of `n`'s magnitude, written into the end of `buf`;
/// returns them (no sign: the caller writes `-` when `n < 0`).
pub(crate) fn digits(n: i64, buf: &mut [u8; 20]) -> &[u8] {
    let mut rest = n.unsigned_abs();
    let mut start = buf.len();
    loop {
        start -= 1;
        buf[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    &buf[start..]
}

#[cfg(test)]
mod tests {
    use super::digits;

    #[test]
    fn digits_of_the_extremes_and_zero() {
        let mut buf = [0u8; 20];
        assert_eq!(digits(0, &mut buf), b"0");
        assert_eq!(digits(-15, &mut buf), b"15");
        assert_eq!(digits(i64::MIN, &mut buf), b"9223372036854775808");
        assert_eq!(digits(i64::MAX, &mut buf), b"9223372036854775807");
    }
}
