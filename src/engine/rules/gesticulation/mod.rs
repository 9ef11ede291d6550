//! Gesticulation (`--rules gesticulation`): Nicholson's 1993 rewrite of
//! Bartle's rules, read as `docs/variants.md` §1 says. Every question is
//! asked before the reveal; the table is in `table.rs`; the stages that
//! differ from the original's are in this folder.

mod table;

use super::original::{resolve_original, BOOK};
use super::{Book, RuleSet};
use crate::engine::question::QuestionKind;
use crate::engine::recognise::Recogniser;
pub(crate) use table::TABLE;

/// A `static`, so that it has one address and rule sets compare by it.
pub(crate) static RULES: RuleSet = RuleSet::new(Book {
    name: "gesticulation",
    title: "Gesticulation",
    spells: &TABLE,
    after_reveal,
    resolve: resolve_original,
    ..BOOK
});

/// The book's decoded sequences, for the bound of [`super::MOST_ENDING`].
pub(crate) const RULES_RECOGNISER: Recogniser = Recogniser::new(&TABLE);

/// "Everything is decided before the reveal" (variants.md §1.1).
fn after_reveal(_: &QuestionKind) -> bool {
    false
}
