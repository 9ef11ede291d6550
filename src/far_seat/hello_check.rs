//! The host's `hello` checked before anything is shown: a hostile or
//! broken host is refused with one line, not drawn. Two to eight players
//! (what the format allows, spellcast-protocol(5)), names as a script's
//! (spellcast-script(5): unique, at most 32 characters, no control
//! characters), this seat among them, and a book this program knows.

use crate::engine::{RuleSet, MAX_PLAYERS};
use crate::outside_text::quoted;
use crate::script::MAX_NAME_CHARS;
use crate::seat::message::Hello;

/// What the window needs of a `hello` that holds.
#[derive(Debug)]
pub struct Table {
    /// The wizards' names (without genders), in player order.
    pub names: Vec<String>,
    /// This seat's place among them.
    pub me: usize,
    /// The book the duel is played by.
    pub rules: &'static RuleSet,
}

/// The table `hello` sets, or the reason it is refused (outside text quoted).
pub fn check(hello: &Hello) -> Result<Table, String> {
    let count = hello.players.len();
    if !(2..=MAX_PLAYERS).contains(&count) {
        return Err(format!(
            "hello names {count} players; a duel has 2 to {MAX_PLAYERS}"
        ));
    }
    let mut names: Vec<String> = Vec::with_capacity(count);
    for entry in &hello.players {
        let name = entry.split(':').next().unwrap_or(entry);
        let bad = name.is_empty()
            || name.chars().nth(MAX_NAME_CHARS).is_some()
            || entry.chars().nth(2 * MAX_NAME_CHARS).is_some()
            || entry.chars().any(char::is_control);
        if bad {
            return Err(format!(
                "hello names a player {}: a name has 1 to {MAX_NAME_CHARS} characters, none a control",
                quoted(entry)
            ));
        }
        if names.iter().any(|n| n == name) {
            return Err(format!("hello names {} twice", quoted(name)));
        }
        names.push(name.to_string());
    }
    let Some(me) = names.iter().position(|n| *n == hello.you) else {
        return Err(format!(
            "hello names {} among no players",
            quoted(&hello.you)
        ));
    };
    let Some(rules) = RuleSet::by_name(&hello.rules) else {
        return Err(format!(
            "hello names rules {} this program does not know",
            quoted(&hello.rules)
        ));
    };
    if count > rules.players.1 {
        return Err(format!("hello names {count} players under {}", rules.name));
    }
    Ok(Table { names, me, rules })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hello(players: Vec<String>, you: &str) -> Hello {
        Hello {
            protocol: 1,
            rules: "spellcast".into(),
            you: you.into(),
            players,
            limit_ms: 1000,
            seed: None,
            book: None,
        }
    }

    #[test]
    fn a_hello_the_format_does_not_allow_is_refused() {
        let many: Vec<String> = (0..600).map(|i| format!("W{i}")).collect();
        let cases = [
            (hello(many, "W0"), "600 players"),
            (hello(vec!["Al".into()], "Al"), "1 players"),
            (
                hello(vec!["Al".into(), "B\u{1b}]0;x\u{7}".into()], "Al"),
                "\\u{1b}",
            ),
            (hello(vec!["Al".into(), "x".repeat(33)], "Al"), "1 to 32"),
            (hello(vec!["Al".into(), "Al:f".into()], "Al"), "twice"),
            (hello(vec!["Al".into(), "Bo".into()], "C\nx"), "\"C\\nx\""),
        ];
        for (h, says) in cases {
            let error = check(&h).unwrap_err();
            assert!(error.contains(says), "{says}: {error}");
            assert!(!error.chars().any(char::is_control), "{error}");
        }
        let table = check(&hello(vec!["Al".into(), "Bo:f".into()], "Bo")).unwrap();
        assert_eq!((table.names, table.me), (vec!["Al".into(), "Bo".into()], 1));
    }
}
