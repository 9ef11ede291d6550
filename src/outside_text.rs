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
/// Rust writes them (`\n`, `\u{1b}`), and at most `max` characters of
/// `text` kept: when it is longer, its start and its last quarter, with `…`
/// for what was left out (a message's end says where the problem is).
pub fn one_line(text: &str, max: usize) -> String {
    let count = text.chars().count();
    if count <= max {
        return sanitize(text, max, false);
    }
    let tail = max / 4;
    let (cut, _) = text
        .char_indices()
        .nth(count - tail)
        .unwrap_or((text.len(), ' '));
    let mut line = sanitize(&text[..cut], max - tail, false);
    line.push_str(&sanitize(&text[cut..], tail, false));
    line
}

/// `text` in double quotes, escaped as by [`one_line`] (quotes and
/// backslashes too) and cut after [`MAX_QUOTED_CHARS`] characters.
pub fn quoted(text: &str) -> String {
    format!("\"{}\"", sanitize(text, MAX_QUOTED_CHARS, true))
}

/// The one sanitising function behind [`one_line`] and [`quoted`].
fn sanitize(text: &str, max: usize, quoting: bool) -> String {
    let mut out = String::with_capacity(text.len().min(max) + 8);
    for (count, c) in text.chars().enumerate() {
        if count == max {
            out.push('…');
            break;
        }
        match c {
            '"' | '\\' if quoting => {
                out.push('\\');
                out.push(c);
            }
            // `escape_debug` leaves printable characters alone and escapes
            // the rest; quotes are handled above.
            '"' | '\'' | '\\' => out.push(c),
            _ => out.extend(c.escape_debug()),
        }
    }
    out
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
        assert!(quoted(&long).ends_with("x…\""));
        assert_eq!(one_line("abc", 3), "abc");
        assert_eq!(one_line("abcd", 3), "abc…");
        assert_eq!(one_line("abcdefghij", 8), "abcdef…ij");
        assert_eq!(one_line("", 3), "");
    }
}
