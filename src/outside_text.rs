//! Text from outside (a program's reply, a player's name, a script's key or
//! field, a command line) made safe to put in a message: every failure and
//! error line the game prints goes through [`one_line`] or [`quoted`], so it
//! stays one line, carries no terminal escapes, and has a bounded length
//! whatever the text held.

/// How many characters of an outside text a message keeps; the rest is
/// shown as `…`.
pub const MAX_QUOTED_CHARS: usize = 60;

/// How long a whole message built from outside text may grow, in characters.
pub const MAX_LINE_CHARS: usize = 400;

/// `text` on one line: control characters and other unprintable ones
/// (line and paragraph separators, bidirectional overrides) escaped as
/// Rust writes them (`\n`, `\u{1b}`), and at most `max` characters long
/// (escapes counted): when it would be longer, its start and its end, with
/// `…` for what was left out (a message's end says where the problem is).
pub fn one_line(text: &str, max: usize) -> String {
    let (whole, cut) = sanitize(text.chars(), max, false);
    if !cut {
        return whole;
    }
    let tail_chars = max / 4;
    let head_chars = max.saturating_sub(tail_chars + 1);
    let (mut line, _) = sanitize(text.chars(), head_chars, false);
    line.push('…');
    let (mut tail, _) = pieces(text.chars().rev(), tail_chars, false);
    tail.reverse();
    line.extend(tail);
    line
}

/// `text` in double quotes, escaped as by [`one_line`] (quotes and
/// backslashes too), cut after [`MAX_QUOTED_CHARS`] characters with `…`.
pub fn quoted(text: &str) -> String {
    let (mut inner, cut) = sanitize(text.chars(), MAX_QUOTED_CHARS, true);
    if cut {
        inner.push('…');
    }
    format!("\"{inner}\"")
}

/// How one character is written in a message.
fn escape(c: char, quoting: bool) -> String {
    match c {
        '"' | '\\' if quoting => format!("\\{c}"),
        // `escape_debug` leaves printable characters alone and escapes the
        // rest; quotes are handled above.
        '"' | '\'' | '\\' => c.to_string(),
        _ => c.escape_debug().to_string(),
    }
}

/// The one sanitising function: the escapes of `chars`, as many whole ones
/// as fit in `max` characters, and whether any were left out.
fn sanitize(chars: impl Iterator<Item = char>, max: usize, quoting: bool) -> (String, bool) {
    let (pieces, cut) = pieces(chars, max, quoting);
    (pieces.concat(), cut)
}

/// [`sanitize`]'s escapes one by one, so the end of a text can be escaped
/// from its last character backwards.
fn pieces(chars: impl Iterator<Item = char>, max: usize, quoting: bool) -> (Vec<String>, bool) {
    let mut out = Vec::new();
    let mut count = 0;
    for c in chars {
        let piece = escape(c, quoting);
        let len = piece.chars().count();
        if count + len > max {
            return (out, true);
        }
        count += len;
        out.push(piece);
    }
    (out, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_nothing_breaks_the_line() {
        let nasty = "a\nb\r\u{1b}[31mred\u{0}\u{7f}\u{85}\u{2028}\u{202e}é'\"\\";
        let line = one_line(nasty, 100);
        assert_eq!(
            line,
            "a\\nb\\r\\u{1b}[31mred\\0\\u{7f}\\u{85}\\u{2028}\\u{202e}é'\"\\"
        );
        assert!(line.chars().all(|c| !c.is_control()));
        assert_eq!(quoted("say \"hi\"\n"), "\"say \\\"hi\\\"\\n\"");
    }

    #[test]
    fn length_is_capped_with_an_ellipsis() {
        let long = "x".repeat(10_000);
        assert_eq!(quoted(&long).chars().count(), MAX_QUOTED_CHARS + 3);
        // Escapes count: a line of escapes is as short as any.
        assert!(one_line(&"\u{1b}".repeat(1000), 100).chars().count() <= 100);
        assert_eq!(one_line("ab\u{1b}cdefgh", 12), "ab\\u{1b}…fgh");
        assert!(quoted(&long).ends_with("x…\""));
        assert_eq!(one_line("abc", 3), "abc");
        assert_eq!(one_line("abcd", 3), "ab…");
        assert_eq!(one_line("abcdefghij", 8), "abcde…ij");
        assert_eq!(one_line("", 3), "");
        assert_eq!(one_line("ab", 0), "…");
    }
}
