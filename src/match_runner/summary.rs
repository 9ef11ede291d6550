//! What a match prints: a progress line per finished pair on standard
//! error, and the summary on standard output, in words or as one JSON object.

use super::args::SeatSpec;
use super::stats::{Ending, Side, Tally};
use serde::Serialize;

/// The JSON summary, fields in the documented order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JsonSummary {
    /// Duels played.
    pub games: u32,
    /// Seat A and its wins.
    pub a: SeatWins,
    /// Seat B and its wins.
    pub b: SeatWins,
    /// Draws.
    pub draws: u32,
    /// A's score: (wins + draws / 2) / games.
    pub score: f64,
    /// A's Elo difference over B; `null` if infinite.
    pub elo: Option<f64>,
    /// Lower bound of its 95 % interval; `null` if infinite.
    pub elo_low: Option<f64>,
    /// Upper bound of its 95 % interval; `null` if infinite.
    pub elo_high: Option<f64>,
    /// Duels in which a program seat failed.
    pub failures: u32,
}

/// A seat as written on the command line, and its wins.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeatWins {
    /// `computer:LEVEL` or `program:COMMAND`.
    pub seat: String,
    /// Duels it won.
    pub wins: u32,
}

/// An Elo figure for JSON: one decimal, `None` when infinite or unknown.
fn finite(elo: f64) -> Option<f64> {
    // Adding 0.0 turns -0.0 into 0.0.
    elo.is_finite().then(|| (elo * 10.0).round() / 10.0 + 0.0)
}

/// An Elo figure for people: signed, whole, `+inf`/`-inf` at the ends.
fn signed(elo: f64) -> String {
    if elo.is_nan() {
        "?".to_string()
    } else if elo.is_infinite() {
        if elo > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        match elo.round() as i64 {
            0 => "0".to_string(),
            whole => format!("{whole:+}"),
        }
    }
}

/// The summary as one JSON object.
pub fn json_summary(seats: &[SeatSpec; 2], tally: &Tally) -> JsonSummary {
    let elo = tally.elo();
    JsonSummary {
        games: tally.played(),
        a: SeatWins {
            seat: seats[0].to_string(),
            wins: tally.wins(Side::A),
        },
        b: SeatWins {
            seat: seats[1].to_string(),
            wins: tally.wins(Side::B),
        },
        draws: tally.draws(),
        score: tally.score(),
        elo: finite(elo.elo),
        elo_low: finite(elo.low),
        elo_high: finite(elo.high),
        failures: tally.failed_duels(),
    }
}

/// A seat as a summary line names it: control characters escaped, cut
/// to a line, so no seat's name can break or forge a line.
pub fn shown_seat(seat: &SeatSpec) -> String {
    crate::outside_text::one_line(&seat.to_string(), crate::outside_text::MAX_LINE_CHARS)
}

/// The summary in words, a few lines ending with a line break.
pub fn text_summary(seats: &[SeatSpec; 2], tally: &Tally) -> String {
    let elo = tally.elo();
    let n = tally.played();
    let ending = |e| tally.endings(e);
    let mut out = String::new();
    // A seat names a command as typed or read from a results file: escaped.
    out.push_str(&format!(
        "A: {}\nB: {}\n",
        shown_seat(&seats[0]),
        shown_seat(&seats[1])
    ));
    out.push_str(&format!(
        "{n} duels: A won {}, B won {}, {} drawn\n",
        tally.wins(Side::A),
        tally.wins(Side::B),
        tally.draws()
    ));
    out.push_str(&format!(
        "A's score: {:.3} ({} of {n})\n",
        tally.score(),
        tally.points()
    ));
    // Pairs that all scored alike show no spread: a zero-width interval
    // would claim a certainty the few duels do not give.
    let interval = if elo.low == elo.high && elo.low.is_finite() {
        format!("95 % interval not given: its {n} duels show no spread")
    } else {
        format!("95 % interval {} to {}", signed(elo.low), signed(elo.high))
    };
    out.push_str(&format!(
        "Elo difference of A: {} ({interval})\n",
        signed(elo.elo),
    ));
    let others = ending(Ending::Draw);
    out.push_str(&format!(
        "Endings: {} by a kill, {} by surrender, {} drawn at the turn cap, {others} other {}\n",
        ending(Ending::Kill),
        ending(Ending::Surrender),
        ending(Ending::TurnCap),
        if others == 1 { "draw" } else { "draws" }
    ));
    out.push_str(&format!(
        "Failed seats: A in {} duels, B in {}\n",
        tally.failures(Side::A),
        tally.failures(Side::B)
    ));
    out
}

/// One line for standard error when a pair of duels is done.
pub fn progress_line(tally: &Tally) -> String {
    format!(
        "pair {}/{}: A {} - B {} - drawn {}, score {:.3}, Elo {}",
        tally.pairs_done(),
        tally.pair_count(),
        tally.wins(Side::A),
        tally.wins(Side::B),
        tally.draws(),
        tally.score(),
        signed(tally.elo().elo)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::match_runner::args::ComputerLevel;
    use crate::match_runner::stats::DuelRecord;

    fn seats() -> [SeatSpec; 2] {
        [
            SeatSpec::Program("python3 p.py".into()),
            SeatSpec::Computer(ComputerLevel::Easy),
        ]
    }

    fn sample() -> Tally {
        let mut t = Tally::new(4);
        let games = [
            (Some(0), Ending::Kill, vec![false, false]),
            (Some(1), Ending::Surrender, vec![true, false]),
            (None, Ending::TurnCap, vec![false, false]),
            (Some(0), Ending::Kill, vec![false, false]),
        ];
        for (i, (winner, ending, failed)) in games.into_iter().enumerate() {
            t.add(
                i / 2,
                &DuelRecord {
                    winner,
                    ending,
                    failed,
                },
            );
        }
        t
    }

    #[test]
    fn json_has_the_documented_keys_in_order() {
        let line = serde_json::to_string(&json_summary(&seats(), &sample())).unwrap();
        let keys = [
            "\"games\":4",
            "\"a\":{\"seat\":\"program:python3 p.py\",\"wins\":2}",
            "\"b\":{\"seat\":\"computer:easy\",\"wins\":1}",
            "\"draws\":1",
            "\"score\":0.625",
            "\"elo\":88.7",
            "\"elo_low\":",
            "\"elo_high\":",
            "\"failures\":1",
        ];
        let mut from = 0;
        for key in keys {
            let at = line[from..]
                .find(key)
                .unwrap_or_else(|| panic!("{key} in {line}"));
            from += at + key.len();
        }
    }

    #[test]
    fn infinite_elo_is_null_in_json_and_inf_in_words() {
        let mut t = Tally::new(1);
        t.add(
            0,
            &DuelRecord {
                winner: Some(0),
                ending: Ending::Kill,
                failed: vec![false, false],
            },
        );
        let json = serde_json::to_value(json_summary(&seats(), &t)).unwrap();
        assert!(json["elo"].is_null());
        assert!(text_summary(&seats(), &t).contains("Elo difference of A: +inf"));
    }

    #[test]
    fn words_say_everything_counted() {
        let text = text_summary(&seats(), &sample());
        assert_eq!(
            text.lines().take(3).collect::<Vec<_>>(),
            [
                "A: program:python3 p.py",
                "B: computer:easy",
                "4 duels: A won 2, B won 1, 1 drawn"
            ]
        );
        assert!(text.contains("A's score: 0.625 (2.5 of 4)"));
        assert!(text.contains("Elo difference of A: +89 (95 % interval"));
        assert!(text.contains("2 by a kill, 1 by surrender, 1 drawn at the turn cap, 0 other"));
        assert!(text.contains("Failed seats: A in 1 duels, B in 0"));
        assert_eq!(
            progress_line(&sample()),
            "pair 2/2: A 2 - B 1 - drawn 1, score 0.625, Elo +89"
        );
    }
}
