//! `--results FILE` and `--merge FILE...`: one JSON line per duel, each
//! saying which match it belongs to and how the duel went, so the shares
//! of a match played anywhere can be summed into the summary of the whole.
//!
//! A line: `{"seats":["computer:easy","computer:hard"],"rules":"spellcast",
//! "games":100,"seed":7,"opening":2,"think_ms":null,"limit_ms":10000,
//! "duel":12,"rotation":1,"winner":1,"ending":"kill","failed":[false,false]}`:
//! the match (its seats as named, rule book, duels, seed, opening rounds,
//! thinking cap, and `"rollouts":N` after the cap when the match was
//! played at fixed work, a program's reply limit), the duel's number (from
//! 1, as in `--save`'s `duel-N.json`) and seating in its group (pair or
//! rotation), the winning seat's index in `seats` (from 0; `null` for a
//! draw), how it ended, and per seat whether its program failed.
//!
//! A merge takes only regular files, lines of at most [`MAX_RESULT_LINE`]
//! bytes, and refuses lines that contradict the match (its schedule, its
//! book) or themselves (an ending without a winner).

use super::args::{MatchConfig, SeatSpec, MAX_SEATS};
use super::schedule::{group_count, group_size, GameSpec};
use super::scoreboard::Scoreboard;
use super::stats::{DuelRecord, Ending};
use crate::computer::Effort;
use crate::engine::RuleSet;
use crate::input_file::{open_regular, read_line_capped};
use crate::outside_text::{one_line, quoted, MAX_LINE_CHARS};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::BufReader;
use std::path::{Path, PathBuf};

/// Which match a line belongs to: lines merge only with lines of the same.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultLine {
    /// The seats as named, in order.
    pub seats: Vec<String>,
    /// The rule book every duel was played by.
    pub rules: String,
    /// Duels in the whole match.
    pub games: u32,
    /// The match seed.
    pub seed: u64,
    /// Opening rounds.
    pub opening: u32,
    /// The computer's cap on thinking, if any.
    pub think_ms: Option<u64>,
    /// The computer's fixed rollouts a decision (`--rollouts`), if any;
    /// absent from the line otherwise, as before the option.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rollouts: Option<u32>,
    /// A program seat's reply limit (`--limit-ms`).
    pub limit_ms: u64,
    /// The duel's number, from 1.
    pub duel: usize,
    /// Its seating within its group (`schedule::GameSpec::rotation`).
    pub rotation: usize,
    /// The winning seat's index, from 0; `None` for a draw.
    pub winner: Option<usize>,
    /// How the duel ended.
    pub ending: Ending,
    /// Per seat, whether its program failed.
    pub failed: Vec<bool>,
}

impl ResultLine {
    /// The line for a duel of the match `config`.
    pub fn new(config: &MatchConfig, game: &GameSpec, record: &DuelRecord) -> ResultLine {
        ResultLine {
            seats: config.seats.iter().map(|s| s.to_string()).collect(),
            rules: config.rules.name.to_string(),
            games: config.games,
            seed: config.seed,
            opening: config.opening,
            think_ms: match config.effort {
                Effort::ThinkMs(ms) => Some(ms),
                _ => None,
            },
            rollouts: match config.effort {
                Effort::Rollouts(n) => Some(n),
                _ => None,
            },
            limit_ms: config.limit.as_millis() as u64,
            duel: game.index + 1,
            rotation: game.rotation,
            winner: record.winner,
            ending: record.ending,
            failed: record.failed.clone(),
        }
    }

    /// The line as written, with its line break.
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).map_or_else(|_| String::new(), |j| j + "\n")
    }

    /// The same match as `other`.
    fn same_match(&self, other: &ResultLine) -> bool {
        (
            (&self.seats, &self.rules, self.games, self.seed),
            (self.opening, self.think_ms, self.rollouts, self.limit_ms),
        ) == (
            (&other.seats, &other.rules, other.games, other.seed),
            (
                other.opening,
                other.think_ms,
                other.rollouts,
                other.limit_ms,
            ),
        )
    }

    /// What is wrong with a line that parses, if anything: anything the
    /// match it names would not have played or written.
    fn fault(&self) -> Option<String> {
        let n = self.seats.len();
        if !(2..=MAX_SEATS).contains(&n) {
            return Some(format!("{n} seats"));
        }
        if let Some(bad) = self.seats.iter().find(|s| s.parse::<SeatSpec>().is_err()) {
            return Some(format!("a seat that is none, {}", quoted(bad)));
        }
        let Some(rules) = RuleSet::by_name(&self.rules) else {
            return Some(format!("no rule book is called {}", quoted(&self.rules)));
        };
        if n > rules.players.1 {
            return Some(format!("{n} seats under {}", rules.name));
        }
        if self.games == 0 || self.duel == 0 || self.duel > self.games as usize {
            return Some(format!("duel {} of {}", self.duel, self.games));
        }
        let unit = group_size(n);
        if n > 2 && !(self.games as usize).is_multiple_of(unit) {
            return Some(format!(
                "{} duels, not a whole number of rotations of {n} seats ({unit} duels)",
                self.games
            ));
        }
        if self.rotation != (self.duel - 1) % unit {
            return Some(format!(
                "duel {} in seating {}, which the match plays in seating {}",
                self.duel,
                self.rotation,
                (self.duel - 1) % unit
            ));
        }
        if self.winner.is_some_and(|w| w >= n) || self.failed.len() != n {
            return Some(format!("a winner or failures for other than {n} seats"));
        }
        let won = matches!(self.ending, Ending::Kill | Ending::Surrender);
        if won != self.winner.is_some() {
            return Some(format!(
                "an ending, {}, that contradicts its winner",
                serde_json::to_string(&self.ending).unwrap_or_default()
            ));
        }
        if self.limit_ms == 0 || self.think_ms == Some(0) || self.rollouts == Some(0) {
            return Some("a limit of 0".to_string());
        }
        if self.opening > super::args::MAX_OPENING_ROUNDS {
            return Some(format!("an opening of {} rounds", self.opening));
        }
        None
    }
}

/// The longest results line read: eight seats' commands and the rest.
pub const MAX_RESULT_LINE: usize = 64 << 10;

/// Where a line came from, for messages.
fn place(file: &Path, line: usize) -> String {
    format!("{} line {line}", file.display())
}

/// Reads the result files and returns the match's seats and its count, or
/// the one line that says what is wrong.
pub fn merge(files: &[PathBuf]) -> Result<(Vec<SeatSpec>, Scoreboard), String> {
    let mut first: Option<(ResultLine, String)> = None;
    // By duel number: a map, since a garbled line's `games` may be huge.
    let mut duels: BTreeMap<usize, (DuelRecord, String)> = BTreeMap::new();
    for file in files {
        let mut input = BufReader::new(open_regular(file).map_err(|e| e.to_string())?);
        for i in 0.. {
            let here = place(file, i + 1);
            let Some(text) =
                read_line_capped(&mut input, &here, MAX_RESULT_LINE).map_err(|e| e.to_string())?
            else {
                break;
            };
            let line: ResultLine = serde_json::from_str(&text)
                .map_err(|e| format!("{here} is not a --results line of spellcast match: {e}"))?;
            if let Some(fault) = line.fault() {
                return Err(format!("{here} is not a --results line: {fault}"));
            }
            let (one, one_place) = first.get_or_insert_with(|| (line.clone(), here.clone()));
            if !line.same_match(one) {
                return Err(format!(
                    "{here} is from another match than {one_place} \
                     (seats, rules, games, seed, opening, think_ms, rollouts or limit_ms differ)"
                ));
            }
            let record = DuelRecord {
                winner: line.winner,
                ending: line.ending,
                failed: line.failed,
            };
            if let Some((_, before)) = duels.get(&line.duel) {
                return Err(format!("duel {} is both in {before} and {here}", line.duel));
            }
            duels.insert(line.duel, (record, here));
        }
    }
    let Some((line, _)) = first else {
        return Err("the files hold no --results lines".to_string());
    };
    let missing = line.games as usize - duels.len();
    if missing > 0 {
        // The first number not taken: where the count of keys below falls behind.
        let first_missing = duels
            .keys()
            .zip(1..)
            .find(|&(&duel, expected)| duel != expected)
            .map_or(duels.len() + 1, |(_, expected)| expected);
        return Err(format!(
            "{missing} of the match's {} duels are in none of the files (the first: duel {first_missing}); \
             merge the results of every share once it has finished",
            line.games
        ));
    }
    let seats: Vec<SeatSpec> = line.seats.iter().filter_map(|s| s.parse().ok()).collect();
    let n = seats.len();
    let mut board = Scoreboard::new(n, line.games, group_count(line.games, n));
    for (duel, (record, _)) in &duels {
        board.add((duel - 1) / group_size(n), record);
    }
    Ok((seats, board))
}

/// [`merge`]'s failure as the one line to print.
pub fn merge_error(error: &str) -> String {
    one_line(error, MAX_LINE_CHARS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(duel: usize, winner: Option<usize>) -> ResultLine {
        ResultLine {
            seats: vec!["computer:easy".into(), "computer:hard".into()],
            rules: "spellcast".into(),
            games: 4,
            seed: 7,
            opening: 2,
            think_ms: None,
            rollouts: None,
            limit_ms: 10_000,
            duel,
            rotation: (duel + 1) % 2,
            winner,
            ending: if winner.is_some() {
                Ending::Kill
            } else {
                Ending::TurnCap
            },
            failed: vec![false, false],
        }
    }

    /// A test's own folder of results files, removed with everything in
    /// it when the test ends (passing or not), so tests leave no trace.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(test: &str) -> Scratch {
            let dir = std::env::temp_dir()
                .join(format!("spellcast-results-{}-{test}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            Scratch(dir)
        }

        fn write(&self, name: &str, lines: &[String]) -> PathBuf {
            let path = self.0.join(name);
            std::fs::write(&path, lines.concat()).unwrap();
            path
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn lines_read_back_as_written() {
        let l = line(3, Some(1));
        assert_eq!(
            l.to_line(),
            "{\"seats\":[\"computer:easy\",\"computer:hard\"],\"rules\":\"spellcast\",\
             \"games\":4,\"seed\":7,\"opening\":2,\"think_ms\":null,\"limit_ms\":10000,\
             \"duel\":3,\"rotation\":0,\"winner\":1,\"ending\":\"kill\",\
             \"failed\":[false,false]}\n"
        );
        assert_eq!(serde_json::from_str::<ResultLine>(&l.to_line()).unwrap(), l);
    }

    /// A match at fixed work (`--rollouts`) says so in its lines, and does
    /// not merge with the same match played on a clock.
    #[test]
    fn fixed_work_is_part_of_the_match() {
        let mut fixed = line(2, Some(0));
        fixed.rollouts = Some(400);
        let text = fixed.to_line();
        assert!(
            text.contains("\"think_ms\":null,\"rollouts\":400,\"limit_ms\""),
            "{text}"
        );
        assert_eq!(serde_json::from_str::<ResultLine>(&text).unwrap(), fixed);
        let scratch = Scratch::new("fixed");
        let mixed = scratch.write("mixed", &[text, line(1, Some(1)).to_line()]);
        let err = merge(&[mixed]).unwrap_err();
        assert!(err.contains("from another match"), "{err}");
    }

    #[test]
    fn shares_merge_into_the_whole_in_any_order() {
        let scratch = Scratch::new("shares");
        let a = scratch.write("a", &[line(4, None).to_line(), line(1, Some(0)).to_line()]);
        let b = scratch.write(
            "b",
            &[line(3, Some(1)).to_line(), line(2, Some(0)).to_line()],
        );
        let (seats, board) = merge(&[b.clone(), a.clone()]).unwrap();
        let (_, again) = merge(&[a, b]).unwrap();
        assert_eq!(board, again);
        let text = board.text(&seats);
        assert!(
            text.contains("4 duels: A won 2, B won 1, 1 drawn"),
            "{text}"
        );
    }

    /// Lines of a match under another book or another reply limit, a
    /// free-for-all of part rotations, a duel in a seating the match does
    /// not play it in, or an ending that contradicts the winner: refused.
    #[test]
    fn lines_that_do_not_add_up_are_refused() {
        let scratch = Scratch::new("lines_that_do_not_add_up_are_refused");
        let good = line(1, Some(0)).to_line();
        let mut deathmatch = line(2, Some(0));
        deathmatch.rules = "deathmatch".into();
        let mut limit = line(2, Some(0));
        limit.limit_ms = 500;
        let mut part = line(1, Some(0));
        part.seats.push("computer:medium".into());
        part.failed.push(false);
        part.games = 4;
        let mut seating = line(2, Some(0));
        seating.rotation = 0;
        let mut kill_draw = line(2, None);
        kill_draw.ending = Ending::Kill;
        let mut cap_won = line(2, Some(1));
        cap_won.ending = Ending::TurnCap;
        let mut chess = line(1, Some(0));
        chess.rules = "chess".into();
        let cases: [(&[String], &str); 7] = [
            (&[good.clone(), deathmatch.to_line()], "from another match"),
            (&[good.clone(), limit.to_line()], "from another match"),
            (&[part.to_line()], "not a whole number of rotations"),
            (&[good.clone(), seating.to_line()], "in seating 0"),
            (
                &[good.clone(), kill_draw.to_line()],
                "contradicts its winner",
            ),
            (&[good.clone(), cap_won.to_line()], "contradicts its winner"),
            (&[chess.to_line()], "no rule book"),
        ];
        for (i, (lines, says)) in cases.iter().enumerate() {
            let file = scratch.write(&format!("unsound-{i}"), lines);
            let error = merge(&[file]).unwrap_err();
            assert!(error.contains(says), "{says}: {error}");
        }
        let old = "{\"seats\":[\"computer\",\"computer\"],\"games\":1,\"seed\":7,\
                   \"opening\":2,\"think_ms\":null,\"duel\":1,\"winner\":null,\
                   \"ending\":\"draw\",\"failed\":[false,false]}\n";
        let error = merge(&[scratch.write("no-rules", &[old.to_string()])]).unwrap_err();
        assert!(error.contains("missing field"), "{error}");
    }

    /// A seat's command from a file cannot forge a summary line: its
    /// control characters are shown escaped, as `--json` writes them.
    #[test]
    fn seat_names_from_files_are_escaped_in_the_summary() {
        let scratch = Scratch::new("seat_names_from_files_are_escaped_in_the_summary");
        let forged = "program:./p\n4 duels: A won 4, B won 0, 0 drawn\u{1b}[2J";
        let lines: Vec<String> = (1..=4)
            .map(|duel| {
                let mut l = line(duel, None);
                l.seats[0] = forged.into();
                l.to_line()
            })
            .collect();
        let (seats, board) = merge(&[scratch.write("forged", &lines)]).unwrap();
        let text = board.text(&seats);
        assert!(!text.contains('\u{1b}'), "{text}");
        assert!(text.starts_with("A: program:./p\\n4 duels"), "{text}");
        assert!(
            text.contains("\n4 duels: A won 0, B won 0, 4 drawn\n"),
            "{text}"
        );
    }

    /// A free-for-all of three seats (rotations of six seatings) merges
    /// into its whole, each duel counted in its own rotation.
    #[test]
    fn a_free_for_all_merges_by_rotation() {
        let scratch = Scratch::new("a_free_for_all_merges_by_rotation");
        let lines: Vec<String> = (1..=12)
            .map(|duel| {
                let mut l = line(duel, Some(duel % 3));
                l.seats = vec!["computer:easy".into(); 3];
                l.failed = vec![false; 3];
                l.games = 12;
                l.rotation = (duel - 1) % 6;
                l.to_line()
            })
            .collect();
        let (seats, board) = merge(&[scratch.write("ffa", &lines)]).unwrap();
        let text = board.text(&seats);
        assert!(text.contains("12 duels"), "{text}");
    }

    #[test]
    fn garbled_foreign_doubled_or_missing_lines_are_refused() {
        let good = line(1, Some(0)).to_line();
        let mut other = line(2, Some(0));
        other.seed = 8;
        let mut bad_winner = line(2, Some(0));
        bad_winner.winner = Some(2);
        let cases: [(&[String], &str); 6] = [
            (
                &["{\"seats\": 3}\n".into()],
                "is not a --results line of spellcast match",
            ),
            (&[good.clone(), other.to_line()], "from another match than"),
            (&[good.clone(), good.clone()], "duel 1 is both in"),
            (
                std::slice::from_ref(&good),
                "3 of the match's 4 duels are in none",
            ),
            (&[bad_winner.to_line()], "a winner or failures"),
            (&[], "no --results lines"),
        ];
        let scratch = Scratch::new("refused");
        for (i, (lines, says)) in cases.iter().enumerate() {
            let file = scratch.write(&format!("bad-{i}"), lines);
            let error = merge(&[file]).unwrap_err();
            assert!(error.contains(says), "{error}");
        }
        let error = merge(&[PathBuf::from("/nonexistent/results")]).unwrap_err();
        assert!(
            error.starts_with("cannot read /nonexistent/results"),
            "{error}"
        );
    }
}
