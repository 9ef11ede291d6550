//! Which spells a wizard's gestures complete, read straight from a book's
//! table by the rule text's three conditions: the last gestures of one hand
//! are the spell's sequence, a lower-case step is made by both hands at
//! once, and the gestures come on consecutive turns. And from that, the
//! moves that save: those after which an answer stands when it must.

use super::rules::Timing;
use spellcast::engine::{Gesture, Hand, RuleSet, Spell};

/// One turn's gestures, left then right.
pub type Row = [Gesture; 2];

/// Whether `spell` of `book` is completed by `hand` on turn `end` of `rows`.
pub fn completes(book: &RuleSet, spell: Spell, rows: &[Row], hand: Hand, end: usize) -> bool {
    let steps: Vec<(Gesture, bool)> = book.info(spell).steps().collect();
    let n = steps.len();
    if n == 0 || end >= rows.len() || end + 1 < n {
        return false;
    }
    let first = end + 1 - n;
    steps.iter().enumerate().all(|(i, &(g, both))| {
        let row = rows[first + i];
        row[hand.index()] == g && (!both || row[hand.other().index()] == g)
    })
}

/// Whether `spell` is completed by either hand on turn `end`.
pub fn completed(book: &RuleSet, spell: Spell, rows: &[Row], end: usize) -> bool {
    [Hand::Left, Hand::Right]
        .into_iter()
        .any(|h| completes(book, spell, rows, h, end))
}

/// Every move a wizard may make in `book` but a surrender (P with both
/// hands) or two stabs (one dagger).
pub fn moves(book: &RuleSet) -> Vec<Row> {
    let mut out = Vec::new();
    for &l in book.gestures[0] {
        for &r in book.gestures[1] {
            let surrender = l == Gesture::Palm && r == Gesture::Palm;
            let two_stabs = l == Gesture::Stab && r == Gesture::Stab;
            if !surrender && !two_stabs && l != Gesture::Onyx && r != Gesture::Onyx {
                out.push([l, r]);
            }
        }
    }
    out
}

/// The answer of `answers` that stands when a blow lands on turn `landing`
/// of `rows` (the answer's timing decides which turns count), if one does.
/// `fresh` is the first turn whose claps are not yet announced: in Death
/// Match a clap made before it counts only for `announced`.
pub fn standing(
    book: &RuleSet,
    answers: &[(Spell, Timing)],
    rows: &[Row],
    landing: usize,
    announced: Option<Spell>,
    fresh: usize,
) -> Option<Spell> {
    answers
        .iter()
        .map(|a| a.0)
        .zip(answers.iter().map(|a| a.1))
        .find_map(|(spell, timing)| {
            let turns = match timing {
                Timing::Landing => landing..landing + 1,
                Timing::ByLanding => 0..landing + 1,
            };
            let n = book.info(spell).steps().len();
            let starts_with_clap = book.info(spell).gestures.starts_with('c');
            turns
                .into_iter()
                .any(|end| {
                    let start = (end + 1).saturating_sub(n);
                    let may =
                        !(super::rules::is_deathmatch(book) && starts_with_clap && start < fresh)
                            || announced == Some(spell);
                    may && completed(book, spell, rows, end)
                })
                .then_some(spell)
        })
}

/// The moves for turn `rows.len()` after which one of `answers` stands
/// when the blow lands `distance` turns on (1: this turn, 2: the next),
/// given the gestures made so far; `announced` is the clap spell the
/// wizard announced before this turn (Death Match).
pub fn saving_moves(
    book: &RuleSet,
    answers: &[(Spell, Timing)],
    rows: &[Row],
    distance: usize,
    announced: Option<Spell>,
) -> Vec<Row> {
    let all = moves(book);
    all.iter()
        .copied()
        .filter(|&m| follow_up(book, answers, rows, m, distance, announced).is_some())
        .collect()
}

/// For a saving move `m`: the second move (when the blow is two turns off)
/// and the answer that then stands.
pub fn follow_up(
    book: &RuleSet,
    answers: &[(Spell, Timing)],
    rows: &[Row],
    m: Row,
    distance: usize,
    announced: Option<Spell>,
) -> Option<(Option<Row>, Spell)> {
    let now = rows.len();
    let landing = now + distance - 1;
    let mut next: Vec<Row> = rows.to_vec();
    next.push(m);
    if distance == 1 {
        return standing(book, answers, &next, landing, announced, now).map(|a| (None, a));
    }
    if storm_on_self(book, &next, now) {
        return None;
    }
    moves(book).into_iter().find_map(|m2| {
        let mut then = next.clone();
        then.push(m2);
        standing(book, answers, &then, landing, announced, now).map(|a| (Some(m2), a))
    })
}

/// Whether the wizard's own gestures complete a storm on turn `end`: "Everything
/// not resistant ... sustains 5 points of damage that turn", its caster too,
/// which a wizard low enough for the blow to kill does not survive.
fn storm_on_self(book: &RuleSet, rows: &[Row], end: usize) -> bool {
    [Spell::FireStorm, Spell::IceStorm]
        .into_iter()
        .any(|storm| book.has(storm) && completed(book, storm, rows, end))
}
