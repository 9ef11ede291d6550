//! `spellcast match` beyond two seats and one machine (issue 23): a
//! three-seat free-for-all, the rotation of seats through the places,
//! shares merged into the whole, per-duel seeds reaching a program, duels
//! made different by openings, fixed work that replays, and one-line
//! errors with exit status 2.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::common;
use common::match_run::{empty_dir, succeeds, text, usage_error};

/// A deterministic program seat that reports its `hello` seed on standard error.
const ECHO: &str = "program:python3 tests/players/seed_echo_player.py";
/// The same, starting its cycle of gestures where its seed says.
const SEEDED_ECHO: &str = "program:python3 tests/players/seed_echo_player.py seeded";

/// The wizards' names by seat, as the match names them.
const NAMES: [&str; 3] = ["Arnold", "Barbara", "Cedric"];

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// The saved duels of a folder, by duel number.
fn saved(dir: &Path) -> BTreeMap<usize, Value> {
    std::fs::read_dir(dir)
        .expect("saved duels")
        .map(|e| e.expect("an entry").path())
        .filter_map(|file| {
            let name = file.file_name()?.to_str()?.to_string();
            let n = name
                .strip_prefix("duel-")?
                .strip_suffix(".json")?
                .parse()
                .ok()?;
            let script = std::fs::read_to_string(&file).expect("a saved duel");
            Some((n, serde_json::from_str(&script).expect("JSON")))
        })
        .collect()
}

/// Every round's moves of a saved duel, by place (player order), names left out.
fn moves_by_place(script: &Value) -> Vec<Vec<String>> {
    let players: Vec<String> = script["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| p.as_str().unwrap().split(':').next().unwrap().to_string())
        .collect();
    script["rounds"]
        .as_array()
        .expect("rounds")
        .iter()
        .map(|round| {
            players
                .iter()
                .map(|p| round["moves"][p].as_str().unwrap_or("").to_string())
                .collect()
        })
        .collect()
}

/// A three-seat free-for-all of six duels between easy computers.
const THREE_EASY: [&str; 10] = [
    "match",
    "computer:easy",
    "computer:easy",
    "computer:easy",
    "--games",
    "6",
    "--seed",
    "2",
    "--think-ms",
    "20",
];

/// The searching levels in a free-for-all (CI smoke, a few duels): every
/// duel is played to its end with three wizards and none fails.
#[test]
fn hard_and_medium_play_a_three_seat_free_for_all() {
    let out = succeeds(&[
        "match",
        "computer:hard",
        "computer:medium",
        "computer:easy",
        "--games",
        "6",
        "--seed",
        "5",
        "--think-ms",
        "20",
        "--jobs",
        "1",
        "--json",
    ]);
    let summary: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(summary["games"], 6);
    assert_eq!(summary["failures"], 0);
    let seats = summary["seats"].as_array().expect("seats");
    let names: Vec<&str> = seats.iter().map(|s| s["seat"].as_str().unwrap()).collect();
    assert_eq!(names, ["computer:hard", "computer:medium", "computer:easy"]);
    let wins: u64 = seats.iter().map(|s| s["wins"].as_u64().unwrap()).sum();
    assert_eq!(wins + summary["draws"].as_u64().unwrap(), 6);
}

#[test]
fn a_three_seat_free_for_all_rotates_the_seats_and_replays() {
    let dir = empty_dir("ffa-rotation");
    let out = succeeds(&[&THREE_EASY[..], &["--json", "--save", path(&dir)]].concat());
    let summary: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let keys: BTreeSet<&str> = summary
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    assert_eq!(
        keys,
        BTreeSet::from(["games", "seats", "draws", "failures"])
    );
    assert_eq!(summary["games"], 6);
    assert_eq!(summary["failures"], 0);
    let seats = summary["seats"].as_array().expect("seats");
    assert_eq!(seats.len(), 3);
    let wins: Vec<u64> = seats.iter().map(|s| s["wins"].as_u64().unwrap()).collect();
    assert!(seats.iter().all(|s| s["seat"] == "computer:easy"));
    assert_eq!(
        wins.iter().sum::<u64>() + summary["draws"].as_u64().unwrap(),
        6
    );
    // Progress: one line per rotation, six duels with three seats.
    let progress = text(&out.stderr);
    assert_eq!(
        progress
            .lines()
            .filter(|l| l.starts_with("rotation "))
            .count(),
        1
    );

    let duels = saved(&dir);
    assert_eq!(duels.len(), 6);
    // The rotation plays the three wizards in all six orders, so each sits
    // in each place twice and just after each other one equally often.
    let orders: BTreeSet<Vec<String>> = (1..=6)
        .map(|n| {
            duels[&n]["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|who| who.as_str().unwrap().split(':').next().unwrap().to_string())
                .collect()
        })
        .collect();
    assert_eq!(orders.len(), 6, "{orders:?}");
    for order in &orders {
        let mut sorted = order.clone();
        sorted.sort();
        assert_eq!(sorted, NAMES.map(String::from).to_vec());
    }
    // Every saved duel replays to a result; together they are the summary's.
    let mut replayed = [0u64; 4];
    for n in 1..=6 {
        let file = dir.join(format!("duel-{n}.json"));
        let out = succeeds(&["--script", path(&file)]);
        let report: Value = serde_json::from_slice(&out.stdout).expect("a report");
        match report["result"]["winner"].as_str() {
            Some(name) => replayed[NAMES.iter().position(|n| *n == name).unwrap()] += 1,
            None => replayed[3] += 1,
        }
    }
    assert_eq!(&replayed[..3], &wins[..]);
    assert_eq!(replayed[3], summary["draws"].as_u64().unwrap());

    // The same match in words says the same.
    let words = succeeds(&THREE_EASY);
    let words = text(&words.stdout);
    assert!(words.starts_with("Seat 1: computer:easy\nSeat 2: computer:easy\nSeat 3"));
    assert!(words.contains("6 duels: seat 1 won "), "{words}");
    assert!(
        words.contains("Duels in which a program failed: 0"),
        "{words}"
    );
}

/// A match of deterministic seats, whole and in two shares: the merged
/// summary is the whole's, in JSON and in words.
#[test]
fn two_shares_merged_make_the_whole_match() {
    let dir = empty_dir("shares");
    for seats in [&[ECHO, SEEDED_ECHO][..], &[ECHO, ECHO, SEEDED_ECHO]] {
        let mut common: Vec<&str> = vec!["match"];
        common.extend_from_slice(seats);
        // Two rotations of three seats, three pairs of two.
        let games = if seats.len() == 2 { "6" } else { "12" };
        common.extend_from_slice(&["--games", games, "--seed", "8", "--jobs", "2"]);
        let whole_results = dir.join("whole.jsonl");
        let mut whole = common.clone();
        whole.extend_from_slice(&["--json", "--results", path(&whole_results)]);
        let whole = succeeds(&whole);
        let mut files = Vec::new();
        for share in ["1/2", "2/2"] {
            let file = dir.join(format!("share-{}.jsonl", &share[..1]));
            let mut args = common.clone();
            args.extend_from_slice(&["--shard", share, "--results", path(&file)]);
            succeeds(&args);
            files.push(file);
        }
        let lines = |f: &Path| std::fs::read_to_string(f).unwrap().lines().count();
        assert_eq!(
            lines(&files[0]) + lines(&files[1]),
            games.parse::<usize>().unwrap()
        );
        assert!(lines(&files[1]) > 0);
        let merged = succeeds(&[
            "match",
            "--merge",
            path(&files[1]),
            path(&files[0]),
            "--json",
        ]);
        assert_eq!(text(&merged.stdout), text(&whole.stdout), "{seats:?}");
        // In words too: the shares merged say what the whole's own lines say.
        let words = succeeds(&["match", "--merge", path(&files[0]), path(&files[1])]);
        let whole_words = succeeds(&["match", "--merge", path(&whole_results)]);
        assert_eq!(text(&words.stdout), text(&whole_words.stdout));
        assert!(text(&words.stdout).contains(&format!("{games} duels: ")));
    }
}

/// At fixed work (`--rollouts`) the computer looks at no clock: the same
/// seed plays the same duels move by move however busy the machine, one
/// job or two, and the result lines say the match was played so.
#[test]
fn fixed_work_replays_the_computers_duels() {
    let dir = empty_dir("fixed-work");
    let mut played = Vec::new();
    for (run, jobs) in [("a", "1"), ("b", "2")] {
        let save = dir.join(run);
        let results = dir.join(format!("{run}.jsonl"));
        succeeds(&[
            "match",
            "computer:hard",
            "computer:medium",
            "--games",
            "2",
            "--seed",
            "11",
            "--rollouts",
            "40",
            "--jobs",
            jobs,
            "--save",
            path(&save),
            "--results",
            path(&results),
        ]);
        let lines = std::fs::read_to_string(&results).expect("result lines");
        assert!(
            lines.lines().all(|l| l.contains("\"rollouts\":40")),
            "{lines}"
        );
        played.push(saved(&save));
    }
    assert_eq!(played[0].len(), 2);
    assert_eq!(played[0], played[1]);
}

/// Every duel's `hello` carries a seed; a seat gets the same one in both
/// duels of a pair and another in the next pair.
#[test]
fn per_duel_seeds_reach_a_program_seat() {
    let out = succeeds(&[
        "match",
        ECHO,
        "computer:easy",
        "--games",
        "6",
        "--seed",
        "5",
        "--think-ms",
        "20",
        "--jobs",
        "1",
    ]);
    let seeds: Vec<u64> = text(&out.stderr)
        .lines()
        .filter_map(|l| l.strip_prefix("Arnold: seed "))
        .map(|s| s.parse().expect("a whole number"))
        .collect();
    assert_eq!(seeds.len(), 6, "{}", text(&out.stderr));
    assert!(seeds.iter().all(|&s| s < 1 << 53));
    for pair in seeds.chunks(2) {
        assert_eq!(pair[0], pair[1]);
    }
    let distinct: BTreeSet<u64> = seeds.iter().copied().collect();
    assert_eq!(distinct.len(), 3);
}

/// Two deterministic programs that ignore what they see play the same duel
/// in every pair without an opening, and different ones with.
#[test]
fn openings_make_every_pair_a_different_duel() {
    let play = |opening: &str| {
        let dir = empty_dir(&format!("openings-{opening}"));
        succeeds(&[
            "match",
            ECHO,
            ECHO,
            "--games",
            "6",
            "--seed",
            "4",
            "--opening",
            opening,
            "--save",
            path(&dir),
        ]);
        saved(&dir)
    };
    let plain = play("0");
    let pair_moves = |duels: &BTreeMap<usize, Value>| -> Vec<Vec<Vec<String>>> {
        (1..=6)
            .step_by(2)
            .map(|n| moves_by_place(&duels[&n]))
            .collect()
    };
    let same = pair_moves(&plain);
    assert!(
        same.windows(2).all(|w| w[0] == w[1]),
        "without an opening, one duel"
    );

    let opened = play("3");
    let moves = pair_moves(&opened);
    let distinct: BTreeSet<_> = moves.iter().collect();
    assert_eq!(distinct.len(), 3, "every pair its own duel");
    for n in (1..=6).step_by(2) {
        // Both duels of a pair open alike, place by place.
        let (first, second) = (
            moves_by_place(&opened[&n]),
            moves_by_place(&opened[&(n + 1)]),
        );
        assert_eq!(first[..3], second[..3]);
        // The opening's gestures are F, S, W, D or nothing, never a palm.
        for round in &first[..3] {
            assert!(
                round.iter().all(|m| m.chars().all(|c| "FSWD-".contains(c))),
                "{round:?}"
            );
        }
        // And the saved duel replays to its end.
        let file = empty_dir("openings-replay").join("duel.json");
        std::fs::write(&file, opened[&n].to_string()).unwrap();
        let report: Value =
            serde_json::from_slice(&succeeds(&["--script", path(&file)]).stdout).expect("a report");
        assert!(report["result"].is_object());
    }
}

#[test]
fn bad_shares_seats_and_result_files_are_one_line_and_status_2() {
    let two = ["match", "computer:easy", "computer:easy", "--games", "4"];
    fn with<'a>(two: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
        [two, extra].concat()
    }
    assert!(usage_error(&with(&two, &["--shard", "2"])).contains("--shard takes I/N"));
    assert!(usage_error(&with(&two, &["--shard", "0/2"])).contains("I must be from 1 to N"));
    assert!(usage_error(&with(&two, &["--shard", "3/2"])).contains("I must be from 1 to N"));
    assert!(usage_error(&with(&two, &["--shard", "1/3"])).contains("only 2 pairs"));
    assert!(usage_error(&with(&two, &["--opening", "99"])).contains("--opening"));
    assert!(usage_error(&with(&two, &["--results", "/nonexistent/r.jsonl"])).contains("--results"));
    let ffa = ["match", "computer", "computer", "computer", "--games", "4"];
    assert!(usage_error(&ffa).contains("multiple of 6"));
    let nine = [&["match"][..], &["computer"; 9]].concat();
    assert!(usage_error(&nine).contains("at most 8 seats"));

    let dir = empty_dir("bad-results");
    let garbled = dir.join("garbled.jsonl");
    std::fs::write(&garbled, "{\"seats\":[\"computer\"\u{1b}[31m\n").unwrap();
    let line = usage_error(&["match", "--merge", path(&garbled)]);
    assert!(line.contains("line 1 is not a --results line"), "{line}");
    assert!(!line.contains('\u{1b}'));
    let line = usage_error(&["match", "--merge", "/nonexistent/share.jsonl"]);
    assert!(
        line.contains("cannot read /nonexistent/share.jsonl"),
        "{line}"
    );
    let half = dir.join("half.jsonl");
    succeeds(&with(
        &two,
        &[
            "--shard",
            "1/2",
            "--results",
            path(&half),
            "--think-ms",
            "20",
        ],
    ));
    let line = usage_error(&["match", "--merge", path(&half)]);
    assert!(
        line.contains("2 of the match's 4 duels are in none"),
        "{line}"
    );
    let line = usage_error(&["match", "--merge", path(&half), path(&half)]);
    assert!(line.contains("is both in"), "{line}");
    assert!(usage_error(&["match", "computer", "--merge", path(&half)]).contains("--merge"));
}
