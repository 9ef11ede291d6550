//! Which spells a wizard's gestures complete, read straight from a book's
//! table by the rule text's three conditions: the last gestures of one hand
//! are the spell's sequence, a lower-case step is made by both hands at
//! once, and the gestures come on consecutive turns. And from that, the
//! moves that save: those after which an answer stands when it must, or,
//! with the blow two gestures off, those that land a spell on the enemy now
//! that keeps him from making the blow's last gesture next turn.

use super::rules::Timing;
use spellcast::engine::{Gesture, Hand, RuleSet, Spell};

/// One turn's gestures, left then right.
pub type Row = [Gesture; 2];

/// Both hands doing nothing.
const NOTHING: Row = [Gesture::Nothing, Gesture::Nothing];

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

/// The blow's hand as the enemy moves it: its gesture this turn and the
/// blow's last gesture, due next turn (for a blow two gestures off).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BlowEnd {
    pub now: Gesture,
    pub last: Gesture,
}

/// Whether `spell`, landing on the enemy this turn, keeps him from making
/// the blow's last gesture next turn (man/spellcast.6): Amnesia ("next
/// turn the wizard repeats this turn's gestures exactly") unless this
/// turn's gesture is the last one again; Fear where the book forbids the
/// last gesture; Anti-Spell ("none of the wizard's gestures up to now can
/// count towards a spell").
fn spoils(book: &RuleSet, spell: Spell, end: BlowEnd) -> bool {
    match spell {
        Spell::Amnesia => end.now != end.last,
        Spell::Fear => book.fear_forbids().contains(&end.last),
        Spell::AntiSpell => true,
        _ => false,
    }
}

/// The spells of `book` that may spoil a blow two gestures off.
pub fn spoilers(book: &RuleSet) -> Vec<Spell> {
    [Spell::Amnesia, Spell::Fear, Spell::AntiSpell]
        .into_iter()
        .filter(|&s| book.has(s))
        .collect()
}

/// The moves for turn `rows.len()` after which one of `answers` stands
/// when the blow lands `distance` turns on (1: this turn, 2: the next),
/// given the gestures made so far, or which land a spell that spoils the
/// blow's `end`; `announced` is the clap spell the wizard announced before
/// this turn (Death Match).
pub fn saving_moves(
    book: &RuleSet,
    answers: &[(Spell, Timing)],
    rows: &[Row],
    distance: usize,
    announced: Option<Spell>,
    end: Option<BlowEnd>,
) -> Vec<Row> {
    let all = moves(book);
    all.iter()
        .copied()
        .filter(|&m| follow_up(book, answers, rows, m, distance, announced, end).is_some())
        .collect()
}

/// The spoiler completed by move `m` after `rows`, when it spoils `end`
/// (in Death Match a spell begun with a clap before this turn counts only
/// if it is the one announced).
fn spoiler(
    book: &RuleSet,
    rows: &[Row],
    m: Row,
    end: BlowEnd,
    announced: Option<Spell>,
) -> Option<Spell> {
    let mut next: Vec<Row> = rows.to_vec();
    next.push(m);
    let now = rows.len();
    spoilers(book).into_iter().find(|&s| {
        let n = book.info(s).steps().len();
        // Its first gesture falls before this turn when it is longer than one.
        let clap_before = book.info(s).gestures.starts_with('c') && n > 1;
        let may = !(super::rules::is_deathmatch(book) && clap_before) || announced == Some(s);
        may && completed(book, s, &next, now) && spoils(book, s, end)
    })
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
    end: Option<BlowEnd>,
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
    if let Some(spell) = end.and_then(|e| spoiler(book, rows, m, e, announced)) {
        return Some((Some(NOTHING), spell));
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
