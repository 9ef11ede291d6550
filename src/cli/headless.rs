//! The command lines that open no duel of windows: `--script` (a headless
//! duel), `--replay` (a saved duel shown) and `--seat` (a person's window
//! at the far end of the seat protocol), and the quick path that reads a
//! plain `--script` line without clap.

use super::{display_name, Args, Command, UsageError};
use std::ffi::OsString;
use std::path::PathBuf;

/// What `--replay` takes, as its refusals say.
const REPLAY_TAKES: &str = "a file, at most one display and --helper";
/// What `--seat` takes, as its refusals say.
const SEAT_TAKES: &str = "at most one display and --helper";

impl Args {
    /// The command for `--script`, `--replay` or `--seat`, each of which
    /// takes no other players; `None` when none of them is given.
    pub(super) fn headless_command(&mut self) -> Result<Option<Command>, UsageError> {
        let headless = self.script.is_some() || self.replay.is_some() || self.seat;
        if headless && !self.onyx.is_empty() {
            return Err(UsageError::OnyxAtWindowsOnly);
        }
        if self.script.is_some() {
            self.refuse_given("--script", &["--seed", "--rules"], "--seed and --rules")?;
        } else if self.replay.is_some() {
            self.refuse_given("--replay", &["--helper"], REPLAY_TAKES)?;
        } else if self.seat {
            self.refuse_given("--seat", &["--helper"], SEAT_TAKES)?;
        }
        if let Some(path) = self.script.take() {
            if !self.displays.is_empty()
                || !self.computer.is_empty()
                || !self.program.is_empty()
                || self.seat
                || self.replay.is_some()
            {
                return Err(UsageError::DisplaysWithScript);
            }
            return Ok(Some(Command::Script {
                path,
                seed: self.seed,
                rules: self.rules.take(),
            }));
        }
        if let Some(path) = self.replay.take() {
            self.refuse_players("--replay", REPLAY_TAKES)?;
            let display = self.displays.first().and_then(|d| display_name(d));
            let helper = self.helper;
            return Ok(Some(Command::Replay {
                path,
                display,
                helper,
            }));
        }
        if self.seat {
            self.refuse_players("--seat", SEAT_TAKES)?;
            let display = self.displays.first().and_then(|d| display_name(d));
            let helper = self.helper;
            return Ok(Some(Command::Seat { display, helper }));
        }
        Ok(None)
    }

    /// Refuses other players beside `--replay` or `--seat` (which show one
    /// window for a duel played elsewhere), worded as [`Self::refuse_given`]
    /// words an option, so every refusal of the two modes reads alike.
    fn refuse_players(&self, mode: &'static str, takes: &'static str) -> Result<(), UsageError> {
        let given = [
            ("--computer", !self.computer.is_empty()),
            ("--program", !self.program.is_empty()),
            ("--seat", mode != "--seat" && self.seat),
            ("a second display", self.displays.len() > 1),
        ];
        match given.iter().find(|(_, on)| *on) {
            Some(&(option, _)) => Err(UsageError::NotTaken {
                mode,
                option,
                takes,
            }),
            None => Ok(()),
        }
    }

    /// Refuses the first option of the windows' duel that `mode` does not
    /// take (`takes`): accepted, it would be silently ignored. Players,
    /// displays and `--onyx` have their own errors above and below.
    fn refuse_given(
        &self,
        mode: &'static str,
        taken: &[&str],
        takes: &'static str,
    ) -> Result<(), UsageError> {
        let given = [
            ("--seed", self.seed.is_some()),
            ("--rules", self.rules.is_some()),
            ("--watch", !self.watch.is_empty()),
            ("--pace", self.pace.is_some()),
            ("--helper", self.helper),
        ];
        match given
            .iter()
            .find(|(option, on)| *on && !taken.contains(option))
        {
            Some(&(option, _)) => Err(UsageError::NotTaken {
                mode,
                option,
                takes,
            }),
            None => Ok(()),
        }
    }
}

/// Recognises the plain headless command line, `--script FILE [--seed N]` in
/// either order (also as `--script=FILE`, `--seed=N`), without building the
/// clap parser: a script run is a short process and clap's set-up is a
/// noticeable share of it. Returns `None` for anything else, valid or not, so
/// that clap alone decides every other case and words every error.
/// `args` includes the program name, as `std::env::args_os` gives it.
pub fn quick_script(args: &[OsString]) -> Option<Command> {
    let mut path: Option<PathBuf> = None;
    let mut seed: Option<u64> = None;
    let mut rules: Option<String> = None;
    let mut rest = args.iter().skip(1);
    while let Some(arg) = rest.next() {
        let arg = arg.to_str()?;
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) => (name, Some(value)),
            None => (arg, None),
        };
        let value = match inline {
            Some(value) => value,
            None => rest.next()?.to_str()?,
        };
        // clap reads an option's value starting with `-` as another option.
        let plain = !value.is_empty() && (value == "-" || !value.starts_with('-'));
        match name {
            "--script" if path.is_none() && plain => path = Some(PathBuf::from(value)),
            "--seed" if seed.is_none() && value.bytes().all(|b| b.is_ascii_digit()) => {
                seed = Some(value.parse().ok()?)
            }
            "--rules" if rules.is_none() && plain => rules = Some(value.to_string()),
            _ => return None,
        }
    }
    Some(Command::Script {
        path: path?,
        seed,
        rules,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::tests::parse;

    #[test]
    fn script_mode_takes_no_displays() {
        assert_eq!(
            parse(&["--script", "-", "--seed", "4"]),
            Ok(Command::Script {
                path: "-".into(),
                seed: Some(4),
                rules: None,
            })
        );
        assert_eq!(
            parse(&["--script", "-", "--rules", "chess"]),
            Ok(Command::Script {
                path: "-".into(),
                seed: None,
                rules: Some("chess".into()),
            }),
            "a script's book is checked when the script is read"
        );
        assert_eq!(
            parse(&["--script", "x.json", ":1"]),
            Err(UsageError::DisplaysWithScript)
        );
    }

    /// An Onyx is handed to a wizard at a window; elsewhere it would be
    /// silently dropped, so it is refused.
    #[test]
    fn onyx_only_with_windows() {
        for args in [
            &["--script", "x.json", "--onyx", "Al"][..],
            &["--replay", "x.json", "--onyx", "Al"][..],
            &["--seat", "--onyx", "Al"][..],
        ] {
            assert_eq!(parse(args), Err(UsageError::OnyxAtWindowsOnly), "{args:?}");
        }
    }

    /// Every option of the windows' duel that a headless mode would ignore
    /// is refused, a rule book that exists or not; other players beside
    /// `--seat` or `--replay` are refused in the same words.
    #[test]
    fn options_a_mode_does_not_take_are_refused() {
        let cases: &[(&[&str], &str, &str)] = &[
            (
                &["--replay", "f.json", "--rules", "chess"],
                "--replay",
                "--rules",
            ),
            (
                &["--replay", "f.json", "--rules", "deathmatch"],
                "--replay",
                "--rules",
            ),
            (&["--replay", "f.json", "--seed", "3"], "--replay", "--seed"),
            (
                &["--replay", "f.json", "--pace", "10"],
                "--replay",
                "--pace",
            ),
            (&["--replay", "f.json", "--watch"], "--replay", "--watch"),
            (&["--seat", "--rules", "chess"], "--seat", "--rules"),
            (&["--seat", "--pace", "10"], "--seat", "--pace"),
            (&["--seat", "--seed", "1"], "--seat", "--seed"),
            (&["--seat", "--watch=:3"], "--seat", "--watch"),
            (&["--script", "-", "--helper"], "--script", "--helper"),
            (&["--script", "-", "--pace", "10"], "--script", "--pace"),
            (&["--script", "-", "--watch"], "--script", "--watch"),
            (&["--seat", "--computer"], "--seat", "--computer"),
            (&["--seat", ":1", ":2"], "--seat", "a second display"),
            (
                &["--replay", "f.json", "--program", "x"],
                "--replay",
                "--program",
            ),
            (&["--replay", "f.json", "--seat"], "--replay", "--seat"),
        ];
        for (args, mode, option) in cases {
            match parse(args) {
                Err(UsageError::NotTaken {
                    mode: m, option: o, ..
                }) => {
                    assert_eq!((m, o), (*mode, *option), "{args:?}")
                }
                other => panic!("{args:?}: {other:?}"),
            }
        }
        assert!(parse(&["--replay", "f.json", ":1", "--helper"]).is_ok());
        assert!(parse(&["--seat", ":1", "--helper"]).is_ok());
    }

    fn quick(args: &[&str]) -> Option<Command> {
        let mut v = vec![OsString::from("spellcast")];
        v.extend(args.iter().map(OsString::from));
        quick_script(&v)
    }

    #[test]
    fn quick_path_agrees_with_clap_where_it_answers() {
        let cases: &[&[&str]] = &[
            &["--script", "-"],
            &["--script", "duel.json", "--seed", "7"],
            &["--seed", "7", "--script", "duel.json"],
            &["--script=a.json", "--seed=18446744073709551615"],
            &["--rules", "gesticulation", "--script", "duel.json"],
        ];
        for case in cases {
            assert_eq!(quick(case).map(Ok), Some(parse(case)), "{case:?}");
        }
    }

    #[test]
    fn quick_path_leaves_everything_else_to_clap() {
        let cases: &[&[&str]] = &[
            &[],
            &[":1"],
            &["--script"],
            &["--script", ""],
            &["--script", "--seed", "4"],
            &["--script", "a", "--script", "b"],
            &["--script", "a", "--seed", "seven"],
            &["--script", "a", "--seed", "+4"],
            &["--script", "a", "--seed", "18446744073709551616"],
            &["--script", "a", ":1"],
            &["--script", "a", "--", "b"],
            &["--help"],
            &["--seed", "4"],
        ];
        for case in cases {
            assert_eq!(quick(case), None, "{case:?}");
        }
    }
}
