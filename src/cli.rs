//! The command line, kept compatible with the original's
//! `spellcast remotedisplay [remotedisplay ...]`.
//!
//! Parsing is separate from `main` so the rules for display names and player
//! counts can be unit-tested without starting anything.

use clap::Parser;
use std::path::PathBuf;
use thiserror::Error;

/// The most remote displays one duel can have (eight players in all).
pub const MAX_REMOTE_DISPLAYS: usize = 7;

/// What the user typed, before it is checked.
#[derive(Debug, Parser)]
#[command(
    name = "spellcast",
    version,
    about = "A game of duelling wizards: one window on $DISPLAY, one on each remote display",
    after_help = "A bare host name means host:0.0; an empty argument means $DISPLAY.\n\
                  Resources: spellcast*name (name[:m|f|n|x]) and spellcast*font."
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
}

/// What the program will do once the arguments are checked.
#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    /// Headless duel from a script file (`-` = stdin).
    Script {
        /// Where the script comes from.
        path: PathBuf,
        /// Overrides the script's own seed.
        seed: Option<u64>,
    },
    /// An X11 duel: player 0 on `$DISPLAY` (None), then one player per argument.
    Windows {
        /// Display names in player order; `None` means `$DISPLAY`.
        displays: Vec<Option<String>>,
        /// Fixed seed for the engine, or None for a fresh one.
        seed: Option<u64>,
    },
}

/// Arguments that parse but cannot make a duel.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum UsageError {
    /// The original needs someone to duel with.
    #[error("spellcast needs at least one remote display (2 to 8 players); try --help")]
    TooFewDisplays,
    /// Eight players is the most the game supports.
    #[error(
        "spellcast takes at most {MAX_REMOTE_DISPLAYS} remote displays (8 players); {0} given"
    )]
    TooManyDisplays(usize),
    /// `--script` plays headless, so displays make no sense with it.
    #[error("--script plays without windows; do not name displays with it")]
    DisplaysWithScript,
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
    pub fn into_command(self) -> Result<Command, UsageError> {
        if let Some(path) = self.script {
            if !self.displays.is_empty() {
                return Err(UsageError::DisplaysWithScript);
            }
            return Ok(Command::Script {
                path,
                seed: self.seed,
            });
        }
        match self.displays.len() {
            0 => Err(UsageError::TooFewDisplays),
            n if n > MAX_REMOTE_DISPLAYS => Err(UsageError::TooManyDisplays(n)),
            _ => {
                let mut displays = vec![None];
                displays.extend(self.displays.iter().map(|d| display_name(d)));
                Ok(Command::Windows {
                    displays,
                    seed: self.seed,
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Command, UsageError> {
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
                seed: None
            }
        );
    }

    #[test]
    fn player_count_limits() {
        assert_eq!(parse(&[]), Err(UsageError::TooFewDisplays));
        let eight: Vec<&str> = vec![":1"; 8];
        assert_eq!(parse(&eight), Err(UsageError::TooManyDisplays(8)));
        let seven: Vec<&str> = vec![":1"; 7];
        assert!(parse(&seven).is_ok());
    }

    #[test]
    fn script_mode_takes_no_displays() {
        assert_eq!(
            parse(&["--script", "-", "--seed", "4"]),
            Ok(Command::Script {
                path: "-".into(),
                seed: Some(4)
            })
        );
        assert_eq!(
            parse(&["--script", "x.json", ":1"]),
            Err(UsageError::DisplaysWithScript)
        );
    }
}
