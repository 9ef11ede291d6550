//! Replays every rule-book scenario under tests/variants (one folder per
//! book: gesticulation, deathmatch) through the library, in process, and
//! compares each with its expected report exactly as
//! the recorded-duel comparison with its questions does
//! (`engine_support/report_compare.rs`). The expected reports were worked
//! out by hand from the rules as spellcast-rules(7) gives them, never from
//! an engine; four worked examples of the books' rules are among them,
//! unedited.
//!
//! A scenario that the library refuses (a script it cannot read, such as one
//! naming `"rules"` before the engine knows rule books, or any play error)
//! counts as not matching. So that partial work can land, the test fails only
//! when fewer scenarios of a book match than tests/variants/PASSING records
//! (gesticulation, then deathmatch); raise those numbers with every
//! improvement.

use crate::oracle_files;
use crate::report_compare;

use serde_json::Value;
use spellcast::script::{play, Script};
use std::path::Path;

/// The rule books, in the order of their floors in tests/variants/PASSING.
const BOOKS: [&str; 2] = ["gesticulation", "deathmatch"];

/// None when the scenario's script plays to its expected report, else why not.
fn mismatch(scenario: &Value) -> Option<String> {
    // A Script borrows its strings from the text it is read from.
    let text = scenario["script"].to_string();
    let script: Script = match serde_json::from_str(&text) {
        Ok(script) => script,
        Err(e) => return Some(format!("script not accepted: {e}")),
    };
    match play(&script, None) {
        Err(e) => Some(format!("error: {e}")),
        Ok(report) => report_compare::difference(&scenario["expected"], &report),
    }
}

/// (matching, total) for one book's folder, printing each mismatch.
fn replay_book(root: &Path, book: &str) -> (usize, usize) {
    let folder = root.join(book);
    let (mut matched, mut total) = (0, 0);
    for path in oracle_files::duel_files(&folder) {
        let name = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        let text = std::fs::read_to_string(&path).expect("readable scenario");
        let scenario: Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name} is not JSON: {e}"));
        assert!(
            scenario["script"].is_object() && scenario["expected"]["rounds"].is_array(),
            "{name} lacks its script or expected report"
        );
        assert_eq!(
            scenario["script"]["rules"].as_str(),
            Some(book),
            "{name} does not name its rule book"
        );
        total += 1;
        match mismatch(&scenario) {
            None => matched += 1,
            Some(why) => println!("{name}: {why}"),
        }
    }
    (matched, total)
}

#[test]
fn rule_book_scenarios_replay_as_the_texts_say() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/variants");
    let floors: Vec<usize> = std::fs::read_to_string(root.join("PASSING"))
        .expect("tests/variants/PASSING exists")
        .split_whitespace()
        .map(|n| n.parse().expect("PASSING holds numbers"))
        .collect();
    let mut failures = Vec::new();
    for (i, book) in BOOKS.iter().enumerate() {
        let (matched, total) = replay_book(&root, book);
        println!("{book}: {matched}/{total} scenarios match");
        let floor = floors.get(i).copied().unwrap_or(0);
        assert!(
            total >= 2,
            "the {book} scenarios are missing ({total} found)"
        );
        if matched < floor {
            failures.push(format!(
                "{book}: {matched}/{total} scenarios match, fewer than the {floor} in tests/variants/PASSING"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
