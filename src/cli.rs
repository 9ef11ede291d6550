//! The command line, kept compatible with the original's
//! `spellcast remotedisplay [remotedisplay ...]`.
//!
//! Parsing is separate from `main` so the rules for display names and player
//! counts can be unit-tested without starting anything. This file reads the
//! options and the duel of windows; `cli/headless.rs` reads `--script`,
//! `--replay` and `--seat`, and the quick path of a plain script run.

use crate::engine::RuleSet;
use crate::seat::{ComputerLevel, SeatSpec, SeatSpecError};
use clap::Parser;
use std::path::PathBuf;
use thiserror::Error;

mod headless;
pub use headless::quick_script;

/// The most remote displays one duel can have (eight players in all).
pub const MAX_REMOTE_DISPLAYS: usize = 7;

/// What the user typed, before it is checked.
#[derive(Debug, Parser)]
#[command(
    name = "spellcast",
    version,
    about = "A game of duelling wizards: one window on $DISPLAY, one on each remote display, \
             and wizards played by the computer or by programs",
    after_help = "A bare host name means host:0.0; an empty argument means $DISPLAY.\n\
                  Players: $DISPLAY, then each REMOTEDISPLAY, each --computer, each --program.\n\
                  Resources: spellcast*name (name[:m|f|n|x]), spellcast*font, spellcast*rules, spellcast*helper.\n\
                  Headless matches between two seats: spellcast match --help"
)]
pub struct Args {
    /// Displays of the other players (1 to 7): host, host:0.0 or :1.
    #[arg(value_name = "REMOTEDISPLAY")]
    pub displays: Vec<String>,

    /// Play a duel headless from a JSON script (`-` for standard input) and print a JSON report.
    #[arg(long, value_name = "FILE")]
    pub script: Option<PathBuf>,

    /// Seed every random choice of the engine, so a duel can be replayed exactly.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,

    /// The rule book: spellcast (the default), gesticulation, ...; with --script it overrides the script's "rules".
    #[arg(long, value_name = "NAME")]
    pub rules: Option<String>,

    /// Death Match: the wizard NAME (at a window) holds an Onyx, a beam to use once.
    #[arg(long, value_name = "NAME")]
    pub onyx: Vec<String>,

    /// Add a wizard played by the computer: easy, medium (the default) or hard.
    #[arg(long, value_name = "LEVEL", num_args = 0..=1, require_equals = true,
          default_missing_value = "medium")]
    pub computer: Vec<String>,

    /// Add a wizard played by a program speaking the seat protocol (a plain
    /// list of words runs directly, anything else under sh -c).
    #[arg(long, value_name = "COMMAND")]
    pub program: Vec<String>,

    /// Be a program seat played by a person: the seat protocol on standard
    /// input and output, the window on the one display named, else $DISPLAY
    /// (ssh sets none: --program="ssh bob@oak spellcast --seat :0").
    #[arg(long)]
    pub seat: bool,

    /// Show a saved duel (a script, as `spellcast match --save` writes)
    /// round by round in a window on $DISPLAY (or the one display named).
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,

    /// Open a spectator's window on DISPLAY (repeatable; empty: $DISPLAY,
    /// which then plays no wizard).
    #[arg(long, value_name = "DISPLAY", num_args = 0..=1, require_equals = true,
          default_missing_value = "")]
    pub watch: Vec<String>,

    /// With nobody playing at a window, each turn lasts at least MS
    /// milliseconds, so spectators can follow [default: 1500].
    #[arg(long, value_name = "MS")]
    pub pace: Option<u64>,

    /// The learner's helper in every window: spells on their way, effects'
    /// turns left, who is the computer (as the resource spellcast*helper: on).
    #[arg(long)]
    pub helper: bool,
}

/// How long a turn lasts at least when only spectators watch (`--pace`).
pub const DEFAULT_PACE_MS: u64 = 1500;

/// What the program will do once the arguments are checked.
#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    /// Headless duel from a script file (`-` = stdin).
    Script {
        /// Where the script comes from.
        path: PathBuf,
        /// Overrides the script's own seed.
        seed: Option<u64>,
        /// Overrides the script's own rule book (checked when the script is read).
        rules: Option<String>,
    },
    /// A saved duel shown round by round.
    Replay {
        /// The saved duel (a script).
        path: PathBuf,
        /// Where the window opens; `None` means `$DISPLAY`.
        display: Option<String>,
        /// `--helper`.
        helper: bool,
    },
    /// A person's window at the far end of the seat protocol.
    Seat {
        /// Where the window opens; `None` means `$DISPLAY`.
        display: Option<String>,
        /// `--helper`.
        helper: bool,
    },
    /// An X11 duel: player 0 on `$DISPLAY` (None), then one player per
    /// argument, then the computer and program seats.
    Windows {
        /// Display names in player order; `None` means `$DISPLAY`.
        displays: Vec<Option<String>>,
        /// The players after the displays: computers first, then programs,
        /// each in the order given.
        seats: Vec<SeatSpec>,
        /// Fixed seed for the engine, or None for a fresh one.
        seed: Option<u64>,
        /// Spectators' displays (`--watch`); None means `$DISPLAY`.
        watch: Vec<Option<String>>,
        /// `--pace`, in milliseconds.
        pace_ms: u64,
        /// `--helper`: the learner's helper in every window.
        helper: bool,
        /// `--rules`; None lets the `spellcast*rules` resource decide.
        rules: Option<&'static RuleSet>,
        /// `--onyx`: who holds an Onyx.
        onyx: Vec<String>,
    },
}

/// Arguments that parse but cannot make a duel.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum UsageError {
    /// The original needs someone to duel with.
    #[error(
        "at least one remote display, --computer or --program is needed (2 to 8 players); try --help"
    )]
    TooFewDisplays,
    /// Eight players is the most the game supports.
    #[error("at most 8 players can duel ($DISPLAY and 7 more); {0} given")]
    TooManyDisplays(usize),
    /// `--script` plays headless, so displays make no sense with it.
    #[error("--script plays without windows; do not name displays or seats with it")]
    DisplaysWithScript,
    /// An option (or a player) the headless mode does not take: accepted, it
    /// would be ignored.
    #[error("{mode} does not take {option}: it takes {takes}")]
    NotTaken {
        /// `--script`, `--replay` or `--seat`.
        mode: &'static str,
        /// The option given.
        option: &'static str,
        /// What the mode takes.
        takes: &'static str,
    },
    /// `--onyx` hands an Onyx to a wizard at a window, and only there.
    #[error("--onyx is for wizards at windows; a script names its holders with \"onyx\"")]
    OnyxAtWindowsOnly,
    /// `--rules` names no book.
    #[error("--rules: no rule book is called {name:?} (try {})", RuleSet::names(), name = .0)]
    UnknownRules(String),
    /// A `--computer` level or `--program` command that makes no seat.
    #[error("{0}")]
    BadSeat(#[from] SeatSpecError),
}

/// A display name's host, number and screen, so `:0` and `unix:0.0` compare equal.
fn screen_key(display: &str) -> String {
    let (host, rest) = display.rsplit_once(':').unwrap_or(("", display));
    let host = if host == "unix" { "" } else { host };
    let (number, screen) = rest.split_once('.').unwrap_or((rest, "0"));
    format!("{host}:{number}.{screen}")
}

/// Turns a command-line display argument into the name handed to X:
/// empty means `$DISPLAY`, a bare host gets `:0.0` as the original did.
pub fn display_name(arg: &str) -> Option<String> {
    if arg.is_empty() {
        None
    } else if arg.contains(':') {
        Some(arg.to_string())
    } else {
        Some(format!("{arg}:0.0"))
    }
}

impl Args {
    /// Checks the player count and resolves display names.
    pub fn into_command(mut self) -> Result<Command, UsageError> {
        if let Some(command) = self.headless_command()? {
            return Ok(command);
        }
        let rules = match self.rules.as_deref() {
            None => None,
            Some(name) => Some(RuleSet::by_name(name).ok_or_else(|| {
                UsageError::UnknownRules(crate::outside_text::one_line(name, 40))
            })?),
        };
        let mut seats = Vec::new();
        for level in &self.computer {
            seats.push(SeatSpec::Computer(level.parse()?));
        }
        for command in &self.program {
            seats.push(format!("program:{command}").parse()?);
        }
        let watch: Vec<Option<String>> = self.watch.iter().map(|d| display_name(d)).collect();
        let here = std::env::var("DISPLAY").unwrap_or_default();
        let watching_here = watch.iter().any(|w| match w {
            None => true,
            Some(w) => screen_key(w) == screen_key(&here),
        });
        let first = usize::from(!watching_here);
        let players = first + self.displays.len() + seats.len();
        if players < 2 {
            return Err(UsageError::TooFewDisplays);
        }
        if players > MAX_REMOTE_DISPLAYS + 1 {
            return Err(UsageError::TooManyDisplays(players));
        }
        let mut displays = vec![None; first];
        displays.extend(self.displays.iter().map(|d| display_name(d)));
        Ok(Command::Windows {
            displays,
            seats,
            seed: self.seed,
            watch,
            pace_ms: self.pace.unwrap_or(DEFAULT_PACE_MS),
            helper: self.helper,
            rules,
            onyx: self.onyx,
        })
    }
}

/// A clap error as one line for stderr: its first line without clap's own
/// `error: ` prefix, since `main` puts the program's name in front. When
/// that line announces a list ("the following required arguments were not
/// provided:"), the list's indented lines that clap prints below it are
/// joined onto it, so the line still names what is missing.
pub fn clap_error_line(error: &clap::Error) -> String {
    let text = error.render().to_string();
    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default();
    let mut message = first.strip_prefix("error: ").unwrap_or(first).to_string();
    if message.ends_with(':') {
        let items: Vec<&str> = lines
            .take_while(|l| l.starts_with(' '))
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        message.push(' ');
        message.push_str(&items.join(", "));
    }
    // clap's "a similar argument exists" tip, on a line of its own below.
    let suggested = match error.get(clap::error::ContextKind::SuggestedArg) {
        Some(clap::error::ContextValue::String(arg)) => Some(arg.clone()),
        Some(clap::error::ContextValue::Strings(args)) => args.first().cloned(),
        _ => None,
    };
    match suggested {
        Some(arg) => format!("{}; did you mean {arg}?", message.trim_end()),
        None => format!("{}; try --help", message.trim_end()),
    }
}

/// For a display that could not be opened: if its name is a computer
/// level's (`hard`, which a bare host name turns into `hard:0.0`), the words
/// to add to the error, since `--computer hard` takes `hard` for a display
/// (`--computer` takes its level only after `=`).
pub fn level_hint(display: &str) -> Option<String> {
    let host = display.strip_suffix(":0.0").unwrap_or(display);
    ComputerLevel::parse(host)?;
    Some(format!(
        "for a computer at level {host}, write --computer={host}"
    ))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The command clap and [`Args::into_command`] make of `args`.
    pub(crate) fn parse(args: &[&str]) -> Result<Command, UsageError> {
        let mut v = vec!["spellcast"];
        v.extend_from_slice(args);
        Args::try_parse_from(v)
            .expect("clap accepts")
            .into_command()
    }

    #[test]
    fn bare_host_gets_display_zero() {
        assert_eq!(display_name("elm"), Some("elm:0.0".to_string()));
        assert_eq!(display_name("elm:1"), Some("elm:1".to_string()));
        assert_eq!(display_name(":2"), Some(":2".to_string()));
        assert_eq!(display_name(""), None);
    }

    #[test]
    fn player_zero_is_always_the_default_display() {
        let cmd = parse(&["oak", ""]).unwrap();
        assert_eq!(
            cmd,
            Command::Windows {
                displays: vec![None, Some("oak:0.0".into()), None],
                seats: vec![],
                seed: None,
                watch: vec![],
                pace_ms: DEFAULT_PACE_MS,
                helper: false,
                rules: None,
                onyx: Vec::new(),
            }
        );
    }

    #[test]
    fn player_count_limits() {
        assert_eq!(parse(&[]), Err(UsageError::TooFewDisplays));
        let eight: Vec<&str> = vec![":1"; 8];
        assert_eq!(parse(&eight), Err(UsageError::TooManyDisplays(9)));
        let seven: Vec<&str> = vec![":1"; 7];
        assert!(parse(&seven).is_ok());
    }

    #[test]
    fn computer_and_program_seats_follow_the_displays() {
        use crate::seat::ComputerLevel;
        assert_eq!(
            parse(&["--computer"]),
            Ok(Command::Windows {
                displays: vec![None],
                seats: vec![SeatSpec::Computer(ComputerLevel::Medium)],
                seed: None,
                watch: vec![],
                pace_ms: DEFAULT_PACE_MS,
                helper: false,
                rules: None,
                onyx: Vec::new(),
            })
        );
        let cmd = parse(&["--program=./p.sh", "oak", "--computer=hard", "--computer"]);
        assert_eq!(
            cmd,
            Ok(Command::Windows {
                displays: vec![None, Some("oak:0.0".into())],
                seats: vec![
                    SeatSpec::Computer(ComputerLevel::Hard),
                    SeatSpec::Computer(ComputerLevel::Medium),
                    SeatSpec::Program("./p.sh".into()),
                ],
                seed: None,
                watch: vec![],
                pace_ms: DEFAULT_PACE_MS,
                helper: false,
                rules: None,
                onyx: Vec::new(),
            })
        );
        // Without =, the word after --computer is a display, not a level.
        assert!(matches!(
            parse(&["--computer", "oak"]),
            Ok(Command::Windows { ref displays, .. }) if displays.len() == 2
        ));
        assert!(matches!(
            parse(&["--computer=expert"]),
            Err(UsageError::BadSeat(_))
        ));
        assert!(matches!(
            parse(&["--program="]),
            Err(UsageError::BadSeat(_))
        ));
        assert!(matches!(
            parse(&["--computer", "--rules", "gesticulation"]),
            Ok(Command::Windows { rules: Some(rules), .. }) if rules.name == "gesticulation"
        ));
        assert_eq!(
            parse(&["--computer", "--rules=chess"]),
            Err(UsageError::UnknownRules("chess".into()))
        );
        let many: Vec<&str> = vec!["--computer"; 8];
        assert_eq!(parse(&many), Err(UsageError::TooManyDisplays(9)));
    }

    #[test]
    fn clap_errors_become_one_line() {
        let error = Args::try_parse_from(["spellcast", "--bogus"]).expect_err("unknown option");
        let line = clap_error_line(&error);
        assert!(line.contains("--bogus"), "{line}");
        assert!(!line.contains('\n') && !line.starts_with("error"), "{line}");
    }

    #[test]
    fn a_misspelt_option_gets_the_nearest_one() {
        for (typed, meant) in [("--computr", "--computer"), ("--rule", "--rules")] {
            let error = Args::try_parse_from(["spellcast", typed]).expect_err("unknown option");
            let line = clap_error_line(&error);
            assert!(line.ends_with(&format!("did you mean {meant}?")), "{line}");
        }
    }

    #[test]
    fn missing_arguments_are_named_on_the_one_line() {
        let command = clap::Command::new("t")
            .arg(clap::Arg::new("a").value_name("A").required(true))
            .arg(clap::Arg::new("b").value_name("B").required(true));
        let error = command
            .try_get_matches_from(["t"])
            .expect_err("A and B missing");
        let line = clap_error_line(&error);
        assert_eq!(
            line,
            "the following required arguments were not provided: <A>, <B>; try --help"
        );
    }

    #[test]
    fn a_display_named_like_a_level_gets_a_hint() {
        let hint = level_hint("hard:0.0").expect("hard is a level");
        assert!(hint.contains("--computer=hard"), "{hint}");
        assert!(level_hint("easy").is_some());
        assert_eq!(level_hint("oak:0.0"), None);
        assert_eq!(level_hint("hard:1"), None);
    }
}
