//! The options of `spellcast analyse`, parsed by clap; anything it does not
//! take is one error line (exit status 2).

use crate::computer::{Effort, Level};
use clap::Parser;
use std::ffi::OsString;
use std::path::PathBuf;

/// `spellcast analyse FILE --as NAME [OPTIONS]`, as typed.
#[derive(Debug, Clone, Parser)]
#[command(
    name = "spellcast analyse",
    about = "Show the computer's move, and why, in the position a script stops at",
    after_help = "FILE is a script (spellcast-script(5)) whose rounds stop where the position \
                  is wanted; the computer decides NAME's next move from NAME's seat, seeded \
                  by the script's seed. At fixed --rollouts the same position always gets the \
                  same answer. The report's JSON is described in spellcast-analysis(5)."
)]
pub struct AnalyseArgs {
    /// The script.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The wizard to move, as the script's player list names him.
    #[arg(long = "as", value_name = "NAME")]
    pub wizard: String,
    /// The computer's level: easy, medium or hard (default hard).
    #[arg(long, value_name = "L", default_value = "hard",
          value_parser = ["easy", "medium", "hard"])]
    pub level: String,
    /// Cap the decision at this many milliseconds (the level's own budget otherwise).
    #[arg(long, value_name = "MS", conflicts_with = "rollouts",
          value_parser = clap::value_parser!(u64).range(1..=60_000))]
    pub think_ms: Option<u64>,
    /// Play this many rollouts at most, with no clock: the same answer on any machine.
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub rollouts: Option<u32>,
    /// Write the analysis as one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// What to analyse, and how.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// The script's path.
    pub path: PathBuf,
    /// The wizard to move.
    pub wizard: String,
    /// The level deciding.
    pub level: Level,
    /// What it may spend.
    pub effort: Effort,
    /// JSON instead of text.
    pub json: bool,
}

impl AnalyseArgs {
    /// The request these options make.
    pub fn into_request(self) -> Request {
        let effort = match (self.think_ms, self.rollouts) {
            (_, Some(n)) => Effort::Rollouts(n),
            (Some(ms), None) => Effort::ThinkMs(ms),
            (None, None) => Effort::Own,
        };
        Request {
            path: self.file,
            wizard: self.wizard,
            level: Level::parse(&self.level).unwrap_or(Level::Hard),
            effort,
            json: self.json,
        }
    }
}

/// The request of the words after `analyse`; `Ok(None)` once help or the
/// version is printed; `Err` with the one line to show otherwise.
pub fn parse(args: &[OsString]) -> Result<Option<Request>, String> {
    let mut words = vec![OsString::from("spellcast analyse")];
    words.extend_from_slice(args);
    match AnalyseArgs::try_parse_from(words) {
        Ok(parsed) => Ok(Some(parsed.into_request())),
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            Ok(None)
        }
        Err(e) => Err(crate::cli::clap_error_line(&e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<OsString> {
        line.split_whitespace().map(OsString::from).collect()
    }

    #[test]
    fn the_options_make_a_request() {
        let r = parse(&words("pos.json --as White --rollouts 200 --json"))
            .expect("good options")
            .expect("a request");
        assert_eq!(r.wizard, "White");
        assert_eq!(r.level, Level::Hard);
        assert_eq!(r.effort, Effort::Rollouts(200));
        assert!(r.json);
        let r = parse(&words("pos.json --as Black --level medium --think-ms 100"))
            .expect("good options")
            .expect("a request");
        assert_eq!((r.level, r.effort), (Level::Medium, Effort::ThinkMs(100)));
    }

    #[test]
    fn what_it_does_not_take_is_refused_on_one_line() {
        for bad in [
            "pos.json",
            "--as White",
            "pos.json --as White --level exploit-hard",
            "pos.json --as White --think-ms 100 --rollouts 5",
            "pos.json --as White --rollouts 0",
            "pos.json --as White --seed 4",
            "pos.json --as White --games 4",
        ] {
            let line = parse(&words(bad)).expect_err(bad);
            assert!(!line.contains('\n'), "{bad}: {line}");
        }
    }
}
