//! The checks of `spellcast match`'s options.

use super::*;

fn config(args: &[&str]) -> Result<MatchConfig, MatchUsageError> {
    let mut v = vec!["spellcast match"];
    v.extend_from_slice(args);
    MatchArgs::try_parse_from(v)
        .expect("clap accepts")
        .into_config(99)
}

#[test]
fn defaults() {
    let c = config(&["computer", "program:python3 p.py --fast"]).unwrap();
    assert_eq!(
        c.seats,
        [
            SeatSpec::Computer(ComputerLevel::Medium),
            SeatSpec::Program("python3 p.py --fast".into())
        ]
    );
    assert_eq!(c.games, 100);
    assert_eq!((c.opening, c.shard, c.results), (2, Shard::WHOLE, None));
    assert_eq!(c.seed, 99);
    assert!(c.jobs >= 1);
    assert_eq!(c.effort, Effort::Own);
    assert_eq!(c.limit, Duration::from_millis(10_000));
    assert_eq!((c.save, c.json), (None, false));
}

#[test]
fn every_option() {
    let c = config(&[
        "--games",
        "20",
        "--seed",
        "5",
        "--jobs",
        "3",
        "--think-ms",
        "50",
        "--limit-ms",
        "700",
        "--save",
        "out",
        "--json",
        "--opening",
        "0",
        "--shard",
        "2/10",
        "--results",
        "r.jsonl",
        "--rules",
        "gesticulation",
        "computer:hard",
        "computer:easy",
    ])
    .unwrap();
    assert_eq!(
        c,
        MatchConfig {
            seats: vec![
                SeatSpec::Computer(ComputerLevel::Hard),
                SeatSpec::Computer(ComputerLevel::Easy)
            ],
            games: 20,
            seed: 5,
            jobs: 3,
            effort: Effort::ThinkMs(50),
            limit: Duration::from_millis(700),
            save: Some("out".into()),
            json: true,
            opening: 0,
            shard: Shard {
                index: 2,
                count: 10
            },
            results: Some("r.jsonl".into()),
            rules: RuleSet::by_name("gesticulation").unwrap(),
        }
    );
}

/// Death Match is a duel of two (spellcast-rules(7), DEATH MATCH); an unknown book
/// is named back with the known ones.
#[test]
fn rules_are_checked() {
    assert_eq!(
        config(&["a", "b"].map(|_| "computer")).unwrap().rules,
        RuleSet::original()
    );
    let three = ["--rules", "deathmatch", "computer", "computer", "computer"];
    assert_eq!(
        config(&three).unwrap_err().to_string(),
        "the deathmatch rules take at most 2 seats, not 3"
    );
    let err = config(&["--rules", "chess\n", "computer", "computer"]).unwrap_err();
    assert_eq!(
        err.to_string(),
        // Every book listed (the unit tests' build adds its fixture book).
        format!(
            "--rules: no rule book is called \"chess\\n\" (try {})",
            crate::engine::RuleSet::names()
        )
    );
}

#[test]
fn free_for_alls_play_whole_rotations() {
    let c = config(&["computer:hard", "computer:easy", "computer:easy"]).unwrap();
    assert_eq!((c.seats.len(), c.games), (3, 102));
    assert_eq!(config(&["computer"; 8]).unwrap().games, 104);
    assert_eq!(
        config(&["--games", "10", "computer", "computer", "computer"]),
        Err(MatchUsageError::PartRotation {
            games: 10,
            seats: 3,
            unit: 6
        })
    );
    // Four seats: a rotation of four seatings.
    assert!(config(&["--games", "8", "computer", "computer", "computer", "computer"]).is_ok());
    assert_eq!(
        config(&["computer"; 9]),
        Err(MatchUsageError::TooManySeats(9))
    );
    // Shares: no more than the match has pairs or rotations.
    assert!(config(&["--games", "6", "--shard", "3/3", "computer", "computer"]).is_ok());
    let too_many = config(&["--games", "6", "--shard", "1/4", "computer", "computer"]);
    assert_eq!(
        too_many.unwrap_err().to_string(),
        "--shard 1/4: the match has only 3 pairs, so at most 3 shares"
    );
    assert_eq!(
        config(&["--opening", "21", "computer", "computer"]),
        Err(MatchUsageError::LongOpening(21))
    );
}

/// Fixed work is a count of rollouts and no clock: the two ways of
/// bounding a decision do not mix.
#[test]
fn rollouts_replace_the_clock() {
    let c = config(&["--rollouts", "400", "computer:hard", "computer:medium"]).unwrap();
    assert_eq!(c.effort, Effort::Rollouts(400));
    let both = [
        "spellcast match",
        "--rollouts",
        "4",
        "--think-ms",
        "4",
        "computer",
        "computer",
    ];
    assert!(MatchArgs::try_parse_from(both).is_err());
}

#[test]
fn merge_takes_files_and_nothing_that_plays() {
    let args =
        MatchArgs::try_parse_from(["spellcast match", "--merge", "a", "b", "--json"]).unwrap();
    assert_eq!(args.merge, [PathBuf::from("a"), PathBuf::from("b")]);
    assert!(args.json);
    for other in [
        &["--games", "2"][..],
        &["computer"],
        &["--shard", "1/2"],
        &["--rollouts", "9"],
    ] {
        let mut words = vec!["spellcast match"];
        words.extend_from_slice(other);
        words.extend_from_slice(&["--merge", "a"]);
        assert!(MatchArgs::try_parse_from(words).is_err(), "{other:?}");
    }
}

#[test]
fn bad_seats_and_counts_are_one_line_errors() {
    let cases: [(&[&str], MatchUsageError); 8] = [
        (
            &["human", "computer"],
            MatchUsageError::Seat(SeatSpecError::BadSeat("human".into())),
        ),
        (
            &["computer:", "computer"],
            MatchUsageError::Seat(SeatSpecError::BadLevel(String::new())),
        ),
        (
            &["computer:wizardly", "computer"],
            MatchUsageError::Seat(SeatSpecError::BadLevel("wizardly".into())),
        ),
        (
            &["computer", "program: "],
            MatchUsageError::Seat(SeatSpecError::EmptyCommand),
        ),
        (
            &["--games", "0", "computer", "computer"],
            MatchUsageError::NoGames,
        ),
        (
            &["--jobs", "0", "computer", "computer"],
            MatchUsageError::NoJobs,
        ),
        (
            &["--limit-ms", "0", "computer", "computer"],
            MatchUsageError::ZeroTime("--limit-ms"),
        ),
        (
            &["--rollouts", "0", "computer", "computer"],
            MatchUsageError::ZeroTime("--rollouts"),
        ),
    ];
    for (args, expected) in cases {
        let got = config(args);
        assert_eq!(got, Err(expected), "{args:?}");
        assert!(!got.unwrap_err().to_string().contains('\n'));
    }
}

#[test]
fn seats_print_as_written() {
    for s in ["computer:easy", "program:./bot --x", "program:a:b"] {
        assert_eq!(s.parse::<SeatSpec>().unwrap().to_string(), s);
    }
    assert_eq!(
        "computer".parse::<SeatSpec>().unwrap().to_string(),
        "computer:medium"
    );
}

#[test]
fn clap_rejects_a_missing_seat() {
    assert!(MatchArgs::try_parse_from(["spellcast match", "computer"]).is_err());
}
