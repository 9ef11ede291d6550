//! The evaluation's weights, one set per book, read from `weights.json`
//! beside this file (built in); `other` serves a book the file does not list.
//! `tests/bench/fit-evaluation.py` fits them by logistic regression of
//! self-play results on the features (data from `tests/computer_fit_data.rs`),
//! a method that depends on no opponent, and can write this file. A fit takes
//! the file's place only if it plays at least as well: the one measured in
//! tests/bench/README.md predicted results better but lost more to the
//! development players, so the file holds the hand-set numbers.

use crate::engine::RuleSet;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The file, as built into the program.
pub const FILE: &str = include_str!("weights.json");

/// The key of the set for books the file does not list.
pub const OTHER: &str = "other";

/// One book's weight of each feature (see [`super::evaluate::Features`]).
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Coefficients {
    /// Per weighed hit point.
    pub hp: f64,
    /// Per pending hit point.
    pub pending: f64,
    /// Per point of monster attack.
    pub monsters: f64,
    /// Per point of threat.
    pub threat: f64,
    /// Per resistance.
    pub resist: f64,
    /// Per protection.
    pub shields: f64,
}

/// Why the weights file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum WeightsError {
    /// Not a map of book names to every feature's weight.
    #[error("the evaluation weights are not a map of books to weights: {0}")]
    Shape(#[from] serde_json::Error),
    /// The set for unlisted books is missing.
    #[error("the evaluation weights have no `{OTHER}` set")]
    NoOther,
    /// A weight is infinite or not a number.
    #[error("the evaluation weight of `{0}` is not finite")]
    NotFinite(String),
}

/// Every book's coefficients, by book.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    /// The sets of the books in [`RuleSet::ALL`], in its order.
    books: Vec<(&'static RuleSet, Coefficients)>,
    other: Coefficients,
}

impl Table {
    /// Reads a weights file's text.
    pub fn parse(text: &str) -> Result<Table, WeightsError> {
        let sets: BTreeMap<String, Coefficients> = serde_json::from_str(text)?;
        for (name, c) in &sets {
            let all = [c.hp, c.pending, c.monsters, c.threat, c.resist, c.shields];
            if !all.iter().all(|x| x.is_finite()) {
                return Err(WeightsError::NotFinite(name.clone()));
            }
        }
        let other = *sets.get(OTHER).ok_or(WeightsError::NoOther)?;
        let books = RuleSet::ALL
            .iter()
            .map(|&r| (r, sets.get(r.name).copied().unwrap_or(other)))
            .collect();
        Ok(Table { books, other })
    }

    /// The set for `rules`.
    pub fn of(&self, rules: &RuleSet) -> &Coefficients {
        self.books
            .iter()
            .find(|(r, _)| std::ptr::eq(*r, rules))
            .map_or(&self.other, |(_, c)| c)
    }
}

/// The built-in file's table, read once. The file is the repository's own,
/// built in, and its test (`weights_file_is_whole_finite_and_signed`) reads
/// it: only a broken build can fail here, and it should fail loudly.
pub fn built_in() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| match Table::parse(FILE) {
        Ok(table) => table,
        Err(e) => panic!("src/computer/weights.json: {e}"),
    })
}
