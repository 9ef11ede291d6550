//! Which rule book a duel at the windows plays, and what the windows make
//! of it outside the panes: `--rules` or else the `spellcast*rules`
//! resource of the first player's display, the book's player count checked
//! before any window opens, Death Match's Onyx holders (`--onyx`), the
//! windows' titles and the transcript's heading.

use crate::engine::{RuleSet, Spell};
use crate::outside_text::one_line;
use crate::seat::SeatSpec;
use thiserror::Error;

/// How long a resource's value may be when a message quotes it.
const QUOTED: usize = 40;

/// The book as the command line asks for it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BookChoice {
    /// `--rules`; None lets the `spellcast*rules` resource decide (else the original).
    pub rules: Option<&'static RuleSet>,
    /// `--onyx NAME`: the wizards (at windows) holding an Onyx, Death Match only.
    pub onyx: Vec<String>,
}

/// Why the book cannot make this duel: one line, exit status 2.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
pub enum BookError {
    /// The resource names no book.
    #[error("spellcast*rules: no rule book is called {0:?} (try {list})", list = RuleSet::names())]
    UnknownResource(String),
    /// More (or fewer) wizards than the book allows.
    #[error("the {title} rules are for {range} players; {given} given")]
    Players {
        /// The book's title.
        title: &'static str,
        /// `exactly 2`, `2 to 8`.
        range: String,
        /// How many wizards were asked for.
        given: usize,
    },
    /// `--onyx` under a book without the beam.
    #[error("--onyx: the {0} rules have no Onyx beam (try --rules deathmatch)")]
    NoOnyx(&'static str),
    /// `--onyx` names nobody playing at a window.
    #[error("--onyx: {0:?} is not a player at a window (only they can hold an Onyx)")]
    NotAtWindow(String),
    /// The engine refused to hand out an Onyx.
    #[error("--onyx: {0}")]
    Onyx(#[from] crate::engine::OnyxError),
}

/// The book the duel plays: the command line's, else the resource's, else the original.
pub fn resolve(
    given: Option<&'static RuleSet>,
    resource: Option<&str>,
) -> Result<&'static RuleSet, BookError> {
    match (given, resource) {
        (Some(rules), _) => Ok(rules),
        (None, None) => Ok(RuleSet::original()),
        (None, Some(name)) => RuleSet::by_name(name.trim())
            .ok_or_else(|| BookError::UnknownResource(one_line(name, QUOTED))),
    }
}

/// Whether the book allows `given` wizards.
pub fn check_players(rules: &RuleSet, given: usize) -> Result<(), BookError> {
    let (least, most) = rules.players;
    if (least..=most).contains(&given) {
        return Ok(());
    }
    let range = match least == most {
        true => format!("exactly {least}"),
        false => format!("{least} to {most}"),
    };
    Err(BookError::Players {
        title: rules.title,
        range,
        given,
    })
}

/// Which of the wizards at windows (`names`, in player order) hold an Onyx.
pub fn onyx_holders(
    rules: &RuleSet,
    holders: &[String],
    names: &[String],
) -> Result<Vec<bool>, BookError> {
    let mut holds = vec![false; names.len()];
    if holders.is_empty() {
        return Ok(holds);
    }
    if !rules.has(Spell::OnyxBeam) {
        return Err(BookError::NoOnyx(rules.name));
    }
    for h in holders {
        let p = names
            .iter()
            .position(|n| n == h)
            .ok_or_else(|| BookError::NotAtWindow(one_line(h, QUOTED)))?;
        holds[p] = true;
    }
    Ok(holds)
}

/// A window's title after `Spellcast: `: the name, then in parentheses the
/// book when it is not the original's and, with the helper on, who is the
/// computer or a program: `Alice (Death Match; White: computer, medium)`.
pub fn window_title(
    name: &str,
    rules: &RuleSet,
    helper: bool,
    seats: &[(String, &SeatSpec)],
) -> String {
    let mut notes = Vec::new();
    if rules != RuleSet::original() {
        notes.push(rules.title.to_string());
    }
    if helper {
        notes.extend(seats.iter().map(|(n, spec)| match spec {
            SeatSpec::Computer(level) => format!("{n}: computer, {}", level.name()),
            SeatSpec::Program(_) => format!("{n}: program"),
        }));
    }
    match notes.is_empty() {
        true => name.to_string(),
        false => format!("{name} ({})", notes.join("; ")),
    }
}

/// The transcript as saved: a duel under another book says which below the
/// title line; the original's is the engine's text unchanged.
pub fn transcript(rules: &RuleSet, text: String) -> String {
    if rules == RuleSet::original() {
        return text;
    }
    match text.split_once('\n') {
        Some((title, rest)) => format!(
            "{title}\nRules: {} (--rules {})\n{rest}",
            rules.title, rules.name
        ),
        None => format!("{text}\nRules: {} (--rules {})\n", rules.title, rules.name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat::ComputerLevel;

    fn book(name: &str) -> &'static RuleSet {
        RuleSet::by_name(name).expect("a book")
    }

    #[test]
    fn the_command_line_wins_over_the_resource() {
        let dm = book("deathmatch");
        assert_eq!(resolve(Some(dm), Some("gesticulation")), Ok(dm));
        assert_eq!(
            resolve(None, Some(" gesticulation ")),
            Ok(book("gesticulation"))
        );
        assert_eq!(resolve(None, None), Ok(RuleSet::original()));
        let e = resolve(None, Some("chess")).expect_err("no such book");
        assert_eq!(
            e.to_string(),
            // Every book listed (the unit tests' build adds its fixture book).
            format!(
                "spellcast*rules: no rule book is called \"chess\" (try {})",
                RuleSet::names()
            )
        );
    }

    /// spellcast-rules(7), DEATH MATCH: "Exactly two wizards".
    #[test]
    fn death_match_refuses_a_third_player_in_one_line() {
        let dm = book("deathmatch");
        assert_eq!(check_players(dm, 2), Ok(()));
        let e = check_players(dm, 3).expect_err("three is one too many");
        assert_eq!(
            e.to_string(),
            "the Death Match rules are for exactly 2 players; 3 given"
        );
        assert_eq!(check_players(book("gesticulation"), 8), Ok(()));
    }

    #[test]
    fn only_death_match_players_at_windows_hold_an_onyx() {
        let names = ["Alice".to_string(), "Bob".to_string()];
        let dm = book("deathmatch");
        assert_eq!(
            onyx_holders(dm, &["Bob".to_string()], &names),
            Ok(vec![false, true])
        );
        assert_eq!(onyx_holders(dm, &[], &names), Ok(vec![false, false]));
        assert!(matches!(
            onyx_holders(dm, &["White".to_string()], &names),
            Err(BookError::NotAtWindow(_))
        ));
        assert_eq!(
            onyx_holders(RuleSet::original(), &["Bob".to_string()], &names),
            Err(BookError::NoOnyx("spellcast"))
        );
    }

    #[test]
    fn titles_name_a_book_other_than_the_original() {
        let o = RuleSet::original();
        let computer = SeatSpec::Computer(ComputerLevel::Medium);
        let seats = [("White".to_string(), &computer)];
        assert_eq!(window_title("Alice", o, false, &seats), "Alice");
        assert_eq!(
            window_title("Alice", o, true, &seats),
            "Alice (White: computer, medium)"
        );
        let dm = book("deathmatch");
        assert_eq!(
            window_title("Alice", dm, false, &seats),
            "Alice (Death Match)"
        );
        assert_eq!(
            window_title("Alice", dm, true, &seats),
            "Alice (Death Match; White: computer, medium)"
        );
    }

    #[test]
    fn the_transcript_names_a_book_other_than_the_original() {
        let text = "Spellcast Game Transcript\n\nTurn 1:\n".to_string();
        assert_eq!(transcript(RuleSet::original(), text.clone()), text);
        assert_eq!(
            transcript(book("gesticulation"), text),
            "Spellcast Game Transcript\nRules: Gesticulation (--rules gesticulation)\n\nTurn 1:\n"
        );
    }
}
