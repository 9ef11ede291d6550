//! The strangers in `tests/players/` (development) and `tests/players/heldout/`
//! (held out), written from the rules and the seat protocol alone, play one
//! duel each against the random example, every book played by one development
//! and one held-out stranger (they share one kit, so the books' code paths are
//! all run while the suite stays quick), and the patient defender, the
//! monster builder, the elementalist, the feinter and the shadow, which add
//! choices of their own, in every book: no seat may fail and no stranger may
//! report an error of its own (the kit logs `error:` on standard error when a
//! reply had to fall back). Who wins is not asserted: one duel says nothing of
//! strength.

use serde_json::Value;

use crate::common;
use common::match_run::{spellcast, text};

/// The held-out strangers with choices of their own, played in every book.
const PATIENT: &str = "tests/players/heldout/patient_player.py";
const BUILDER: &str = "tests/players/heldout/builder_player.py";
const STORM: &str = "tests/players/heldout/storm_player.py";
const FEINTER: &str = "tests/players/heldout/feinter_player.py";
const SHADOW: &str = "tests/players/heldout/shadow_player.py";

/// Each stranger plays one duel under `rules` against the seeded random player.
fn strangers_play(rules: &str, strangers: &[&str]) {
    for &stranger in strangers {
        let seat = format!("program:python3 {stranger}");
        let out = spellcast(&[
            "match",
            "--rules",
            rules,
            "--games",
            "1",
            "--seed",
            "5",
            "--jobs",
            "1",
            "--json",
            &seat,
            "program:python3 tests/players/random_player.py 7",
        ]);
        let errors = text(&out.stderr);
        assert!(out.status.success(), "{stranger} under {rules}: {errors}");
        let summary: Value = serde_json::from_slice(&out.stdout).expect("a JSON summary");
        assert_eq!(summary["games"], 1, "{stranger} under {rules}: {summary}");
        assert_eq!(summary["failures"], 0, "{stranger} under {rules}: {errors}");
        assert!(
            !errors.contains(": error:"),
            "{stranger} under {rules} fell back: {errors}"
        );
    }
}

#[test]
fn strangers_play_the_original() {
    strangers_play(
        "spellcast",
        &[
            "tests/players/onestep_player.py",
            "tests/players/heldout/puppeteer_player.py",
            PATIENT,
            BUILDER,
            STORM,
            FEINTER,
            SHADOW,
        ],
    );
}

#[test]
fn strangers_play_gesticulation() {
    strangers_play(
        "gesticulation",
        &[
            "tests/players/warden_player.py",
            "tests/players/heldout/lookahead_player.py",
            PATIENT,
            BUILDER,
            STORM,
            FEINTER,
            SHADOW,
        ],
    );
}

#[test]
fn strangers_play_death_match() {
    strangers_play(
        "deathmatch",
        &[
            "tests/players/beastmaster_player.py",
            "tests/players/heldout/sprinter_player.py",
            PATIENT,
            BUILDER,
            STORM,
            FEINTER,
            SHADOW,
        ],
    );
}
