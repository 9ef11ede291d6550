//! The learner's helper, off unless `spellcast*helper: on` or `--helper`
//! asks for it (the original's window is the default, pixel for pixel).
//! It adds, below the question pane's first line, for each wizard the
//! viewer can see, one line with the spells each hand is on its way to and
//! the gestures each still needs; and, under each being of the status list, its lasting
//! effects with the turns left where they are known.
//!
//! Progress is read from the gesture columns as the window shows them: a
//! spell is on its way when the hand's newest gestures are the start of
//! the spell's (a gesture marked for both hands needs the other hand too);
//! a hidden gesture matches nothing.

use super::status_pane::StatusLine;
use crate::engine::{Gesture, Hand, Mark, RuleSet, Seen, Spell};

/// The resource that switches the helper on, queried like the name.
pub const HELPER_RESOURCE: (&str, &str) = ("spellcast.helper", "Spellcast.Helper");

/// At most this many spells are named per hand (those nearest first).
const SPELLS_PER_HAND: usize = 3;

/// Whether a resource's value switches the helper on.
pub fn switched_on(value: Option<&str>) -> bool {
    value.is_some_and(|v| {
        let v = v.trim();
        ["on", "true", "yes", "1"]
            .iter()
            .any(|w| v.eq_ignore_ascii_case(w))
    })
}

fn made(seen: Seen) -> Option<Gesture> {
    match seen {
        Seen::Mark(Mark::Made(g)) => Some(g),
        _ => None,
    }
}

/// Whether the last `done` rows of `history` begin `steps` for `hand`.
fn begins(history: &[[Seen; 2]], hand: Hand, steps: &[(Gesture, bool)], done: usize) -> bool {
    let rows = &history[history.len() - done..];
    rows.iter().zip(steps).all(|(row, &(g, both))| {
        let mine = made(row[hand.index()]) == Some(g);
        let other = made(row[1 - hand.index()]) == Some(g);
        mine && (!both || other)
    })
}

/// The spells `hand` is on its way to, with how many gestures each still
/// needs: nearest first, then by name.
pub fn on_the_way(rules: &RuleSet, history: &[[Seen; 2]], hand: Hand) -> Vec<(Spell, usize)> {
    let mut found: Vec<(Spell, usize)> = Vec::new();
    for row in rules.spells {
        let spell = row.spell;
        if spell == Spell::Stab || found.iter().any(|(s, _)| s.name() == spell.name()) {
            continue;
        }
        let steps: Vec<(Gesture, bool)> = row.steps().collect();
        let longest = (1..steps.len().min(history.len() + 1))
            .rev()
            .find(|&done| begins(history, hand, &steps, done));
        if let Some(done) = longest {
            found.push((spell, steps.len() - done));
        }
    }
    found.sort_by(|a, b| a.1.cmp(&b.1).then(a.0.name().cmp(b.0.name())));
    found.truncate(SPELLS_PER_HAND);
    found
}

/// One line per wizard with a spell on its way, both hands on it, so a
/// duel of two wizards fits the question pane's rows below the phase's
/// own line without scrolling: `Alice, gestures to go, left: Missile 1,
/// Fear 2; right: Shield 1`. A line that `fits` refuses loses its farthest
/// spells, whole, one at a time (from the hand naming more, else the one
/// whose last is farther), each hand keeping its nearest.
pub fn progress_lines(
    rules: &RuleSet,
    names: &[String],
    columns: &[Vec<[Seen; 2]>],
    fits: &dyn Fn(&str) -> bool,
) -> Vec<String> {
    let mut lines = Vec::new();
    for (name, history) in names.iter().zip(columns) {
        let mut hands = Hand::BOTH.map(|hand| on_the_way(rules, history, hand));
        if hands.iter().all(Vec::is_empty) {
            continue;
        }
        let mut line = wizard_line(name, &hands);
        while !fits(&line) && drop_farthest(&mut hands) {
            line = wizard_line(name, &hands);
        }
        lines.push(line);
    }
    lines
}

/// `Alice, gestures to go, left: Missile 1, Fear 2; right: Shield 1`.
fn wizard_line(name: &str, hands: &[Vec<(Spell, usize)>; 2]) -> String {
    let parts: Vec<String> = Hand::BOTH
        .iter()
        .zip(hands)
        .filter(|(_, spells)| !spells.is_empty())
        .map(|(hand, spells)| {
            let list: Vec<String> = spells
                .iter()
                .map(|(s, left)| format!("{} {left}", s.name()))
                .collect();
            format!("{}: {}", hand.name(), list.join(", "))
        })
        .collect();
    format!("{name}, gestures to go, {}", parts.join("; "))
}

/// Drops the farthest spell of the hand naming more (else of the hand
/// whose last spell is farther); false when each hand names one at most.
fn drop_farthest(hands: &mut [Vec<(Spell, usize)>; 2]) -> bool {
    let weight = |spells: &Vec<(Spell, usize)>| (spells.len(), spells.last().map(|s| s.1));
    let pick = if weight(&hands[1]) >= weight(&hands[0]) {
        1
    } else {
        0
    };
    if hands[pick].len() <= 1 {
        return false;
    }
    hands[pick].pop();
    true
}

/// The status list with, under each being, a row for each lasting effect
/// on it and its turns left (where known).
pub fn with_effects(
    rows: Vec<StatusLine>,
    lasting: &[(String, String, Option<u32>)],
) -> Vec<StatusLine> {
    let mut out = Vec::with_capacity(rows.len() + lasting.len());
    for row in rows {
        let name = row.name.clone();
        out.push(row);
        for (_, effect, turns) in lasting.iter().filter(|(b, _, _)| *b == name) {
            out.push(StatusLine {
                wizard: None,
                name: format!("  {effect}"),
                indented: true,
                hp_flags: turns.map(|t| format!("{t} left")).unwrap_or_default(),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(l: Gesture, r: Gesture) -> [Seen; 2] {
        [Seen::Mark(Mark::Made(l)), Seen::Mark(Mark::Made(r))]
    }

    #[test]
    fn a_snap_is_on_its_way_to_missile_and_the_rest() {
        // The spell table: Missile is S D; Anti-spell S P F; Fear S W D.
        let history = [row(Gesture::Snap, Gesture::Nothing)];
        let left = on_the_way(RuleSet::original(), &history, Hand::Left);
        let named: Vec<(&str, usize)> = left.iter().map(|(s, n)| (s.name(), *n)).collect();
        assert_eq!(named, vec![("Missile", 1), ("Anti-spell", 2), ("Fear", 2)]);
        assert!(on_the_way(RuleSet::original(), &history, Hand::Right).is_empty());
    }

    #[test]
    fn a_hidden_gesture_matches_nothing_and_both_hands_need_both() {
        assert!(on_the_way(RuleSet::original(), &[[Seen::Fog, Seen::Fog]], Hand::Left).is_empty());
        // Time Stop is S P P c: the clap is for both hands.
        let one = [
            row(Gesture::Snap, Gesture::Nothing),
            row(Gesture::Palm, Gesture::Nothing),
            row(Gesture::Palm, Gesture::Nothing),
        ];
        let time_stop = |h: &[[Seen; 2]]| {
            on_the_way(RuleSet::original(), h, Hand::Left)
                .iter()
                .any(|(s, n)| s.name() == "Time Stop" && *n == 1)
        };
        assert!(time_stop(&one));
        assert!(switched_on(Some(" On ")));
        assert!(!switched_on(Some("off")));
        assert!(!switched_on(None));
    }

    #[test]
    fn one_line_per_wizard_losing_its_farthest_spells_whole_to_fit() {
        // The spell table: S starts Missile (S D), Anti-spell (S P F) and
        // Fear (S W D); D starts Amnesia (D P P), Confusion (D S F) and
        // Cure Light Wounds (D F W).
        let names = ["Alice".to_string(), "Bob".to_string()];
        let columns = [
            vec![row(Gesture::Snap, Gesture::Digit)],
            vec![row(Gesture::Nothing, Gesture::Nothing)],
        ];
        let all = |_: &str| true;
        let whole = "Alice, gestures to go, left: Missile 1, Anti-spell 2, Fear 2; \
                     right: Amnesia 2, Confusion 2, Cure Light Wounds 2";
        assert_eq!(
            progress_lines(RuleSet::original(), &names, &columns, &all),
            vec![whole.to_string()],
            "Bob's hands are on the way to nothing"
        );
        let short = |l: &str| l.len() <= 80;
        let cut = progress_lines(RuleSet::original(), &names, &columns, &short);
        assert_eq!(
            cut,
            vec![
                "Alice, gestures to go, left: Missile 1, Anti-spell 2; right: Amnesia 2"
                    .to_string()
            ]
        );
        let none = |_: &str| false;
        let nearest = progress_lines(RuleSet::original(), &names, &columns, &none);
        assert_eq!(
            nearest,
            vec!["Alice, gestures to go, left: Missile 1; right: Amnesia 2".to_string()],
            "each hand keeps its nearest"
        );
    }

    #[test]
    fn effects_follow_their_being_with_the_turns_left() {
        let line = |name: &str, wizard| StatusLine {
            wizard,
            name: name.to_string(),
            indented: wizard.is_none(),
            hp_flags: "15".to_string(),
        };
        let rows = vec![line("Alice", Some(0)), line("Bob", Some(1))];
        let lasting = [
            ("Bob".to_string(), "Disease".to_string(), Some(5)),
            ("Bob".to_string(), "Paralysis (left)".to_string(), None),
        ];
        let shown: Vec<(String, String)> = with_effects(rows, &lasting)
            .into_iter()
            .map(|r| (r.name, r.hp_flags))
            .collect();
        let want = [
            ("Alice", "15"),
            ("Bob", "15"),
            ("  Disease", "5 left"),
            ("  Paralysis (left)", ""),
        ];
        let want: Vec<(String, String)> = want
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        assert_eq!(shown, want);
    }
}
