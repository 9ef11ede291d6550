//! The reveal, under every book: while a question asked before the reveal
//! is open, no seat's view shows another wizard's row of the round being
//! played; once the reveal has come, the rows are shown. Random legal
//! duels, every question of every batch checked from the asked seat's view.
//!
//! Which questions come after the reveal, from the rules texts: the
//! original asks the elemental's kind, the hand Paralysis or Charm Person
//! seizes and the monsters' orders "after he has seen all the gestures
//! made that turn" (the manual page, Summon Elemental and Paralysis);
//! Gesticulation asks everything before the reveal (spellcast-rules(7),
//! GESTICULATION: "Every question is asked before the reveal"); Death Match asks only the charmed hand
//! after it (spellcast-rules(7), DEATH MATCH), its monsters' orders
//! before it.
//!
//! Nor is the text pane told anything more while the reveal has not come:
//! what a round's resolution tells (its casts and what they did) would
//! tell the fogged rows, so each seat's narration stands still from the
//! recording of the rows to the reveal.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use spellcast::engine::{
    Duel, Gesture, Hand, PlayerId, PlayerSpec, QuestionKind, RuleSet, Seen, Step, Viewer,
};

/// Duels per book, and rounds after which one is abandoned.
const DUELS: u64 = 20;
const MAX_ROUNDS: u32 = 60;

/// Whether `book` asks a question of this kind after the reveal; `None`
/// where this test does not check (see the module notes).
fn after_reveal(book: &str, kind: &QuestionKind) -> Option<bool> {
    match book {
        "gesticulation" => Some(false),
        "deathmatch" => Some(matches!(kind, QuestionKind::CharmHand { .. })),
        _ => Some(matches!(
            kind,
            QuestionKind::Elemental
                | QuestionKind::ParalyzeHand { .. }
                | QuestionKind::CharmHand { .. }
                | QuestionKind::Monster { .. }
        )),
    }
}

/// A wizard's random play: gestures drawn from the book's alphabet, and
/// now and then one of the book's spells worked to its end with one hand
/// (both for its two-handed steps), so that summons, Paralysis, Charm
/// Person and the elementals come up.
#[derive(Default)]
struct Player {
    /// The hand working a spell, and the steps still to make.
    plan: Option<(Hand, Vec<(Gesture, bool)>)>,
}

impl Player {
    fn random_move(&mut self, rules: &RuleSet, rng: &mut StdRng) -> (Gesture, Gesture) {
        let mut pick = |hand: Hand| loop {
            let choices = rules.gestures[hand.index()];
            let g = choices[rng.gen_range(0..choices.len())];
            if g != Gesture::Onyx {
                return g;
            }
        };
        let mut pair = [pick(Hand::Left), pick(Hand::Right)];
        if self.plan.is_none() && rng.gen_bool(0.5) {
            let row = &rules.spells[rng.gen_range(0..rules.spells.len())];
            let hand = if rng.gen_bool(0.5) {
                Hand::Left
            } else {
                Hand::Right
            };
            let steps: Vec<(Gesture, bool)> = row.steps().rev().collect();
            let legal = steps.iter().all(|&(g, both)| {
                g != Gesture::Onyx
                    && rules.allows(hand, g)
                    && (!both || rules.allows(Hand::Left, g) && rules.allows(Hand::Right, g))
            });
            if legal && !steps.is_empty() {
                self.plan = Some((hand, steps));
            }
        }
        if let Some((hand, steps)) = &mut self.plan {
            if let Some((g, both)) = steps.pop() {
                pair[hand.index()] = g;
                if both {
                    pair = [g, g];
                }
            }
            if steps.is_empty() {
                self.plan = None;
            }
        }
        if pair == [Gesture::Palm, Gesture::Palm] {
            pair[1] = Gesture::Nothing;
        }
        (pair[0], pair[1])
    }
}

/// What one book's duels showed: questions checked, and the leaks (a
/// before-reveal question whose view shows another's new row) and the
/// stale fogs (an after-reveal question whose view still hides it).
#[derive(Debug, Default)]
struct Tally {
    checked: usize,
    leaks: Vec<String>,
    /// Batches before the reveal at which a seat's narration had grown.
    told: Vec<String>,
    fogged: Vec<String>,
}

/// How many rows wizard `w` has made so far.
fn rows_of(duel: &Duel, w: usize) -> usize {
    duel.seen_history(PlayerId::new(w), Viewer::Observer).len()
}

/// Checks every open question of the batch from its seat's view.
fn check_batch(duel: &Duel, book: &str, before: &[usize], tally: &mut Tally) {
    let players = duel.players();
    for p in (0..players).map(PlayerId::new) {
        let view = duel.seat_view(p).view();
        for q in duel.open_questions(p) {
            let Some(after) = after_reveal(book, &q.kind) else {
                continue;
            };
            for (w, rows) in view.gestures.iter().enumerate() {
                let moved = rows_of(duel, w) > before[w];
                if w == p.index() || !moved {
                    continue;
                }
                tally.checked += 1;
                let hidden = rows.last() == Some(&[Seen::Unrevealed; 2]);
                let what = format!("turn {} {:?} asked of {p:?}", duel.turn(), q.kind);
                if !after && !hidden {
                    tally.leaks.push(what);
                } else if after && hidden {
                    tally.fogged.push(what);
                }
            }
        }
    }
}

fn play(book: &'static RuleSet, seed: u64, tally: &mut Tally) -> Result<(), String> {
    let mut rng = StdRng::seed_from_u64(seed);
    let players = rng.gen_range(book.players.0..=book.players.1.min(3));
    let specs: Vec<PlayerSpec> = ["A", "B:f", "C"][..players]
        .iter()
        .map(|s| PlayerSpec::parse(s))
        .collect();
    let mut duel = Duel::with_rules(&specs, seed, book).map_err(|e| e.to_string())?;
    let mut wizards: Vec<Player> = (0..players).map(|_| Player::default()).collect();
    for _ in 0..MAX_ROUNDS {
        if duel.outcome().is_some() {
            break;
        }
        let moves: Vec<Option<(Gesture, Gesture)>> = (0..players)
            .map(|p| {
                duel.is_active(PlayerId::new(p))
                    .then(|| wizards[p].random_move(book, &mut rng))
            })
            .collect();
        let before: Vec<usize> = (0..players).map(|w| rows_of(&duel, w)).collect();
        let mut step = duel.start_round(&moves).map_err(|e| e.to_string())?;
        let mut told_at_rows: Option<Vec<usize>> = None;
        while step == Step::Questions {
            check_batch(&duel, book.name, &before, tally);
            let recorded = (0..players).any(|w| rows_of(&duel, w) > before[w]);
            if recorded && duel.before_reveal() {
                let told: Vec<usize> = (0..players)
                    .map(|p| {
                        duel.narration_since(Viewer::Player(PlayerId::new(p)), 0)
                            .0
                            .len()
                    })
                    .collect();
                match &told_at_rows {
                    None => told_at_rows = Some(told),
                    Some(first) if *first != told => tally.told.push(format!(
                        "turn {} {:?}: {first:?} lines, then {told:?}",
                        duel.turn(),
                        duel.open_questions(duel.waiting_on().next().ok_or("nobody")?)
                            .first()
                            .map(|q| &q.kind)
                    )),
                    Some(_) => {}
                }
            }
            let who = duel.waiting_on().next().ok_or("nobody to answer")?;
            let answers: Vec<usize> = duel
                .open_questions(who)
                .iter()
                .map(|q| rng.gen_range(0..q.options.len()))
                .collect();
            step = duel.answer(who, &answers).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

fn check_book(name: &str) {
    let book = RuleSet::by_name(name).expect("a listed book");
    let mut tally = Tally::default();
    for seed in 0..DUELS {
        play(book, seed, &mut tally).expect("a legal duel");
    }
    assert!(
        tally.checked > 100,
        "{name}: too few rows checked: {tally:?}"
    );
    assert!(
        tally.leaks.is_empty(),
        "{name}: {} of {} rows shown before the reveal, first {:?}",
        tally.leaks.len(),
        tally.checked,
        &tally.leaks[..tally.leaks.len().min(5)]
    );
    assert!(
        tally.told.is_empty(),
        "{name}: {} batches before the reveal told a seat more, first {:?}",
        tally.told.len(),
        &tally.told[..tally.told.len().min(5)]
    );
    assert!(
        tally.fogged.is_empty(),
        "{name}: {} of {} rows still hidden after the reveal, first {:?}",
        tally.fogged.len(),
        tally.checked,
        &tally.fogged[..tally.fogged.len().min(5)]
    );
}

#[test]
fn the_original_shows_no_new_row_before_its_reveal() {
    check_book("spellcast");
}

#[test]
fn gesticulation_shows_no_new_row_before_its_reveal() {
    check_book("gesticulation");
}

#[test]
fn death_match_shows_no_new_row_before_its_reveal() {
    check_book("deathmatch");
}

/// Two duels that differ only in Bob's newest row, while Ann aims her stab
/// before the reveal: Ann's view, her helper's text, her determinised copy
/// and the computer's answers for her are the same, under every book.
#[test]
fn a_row_not_revealed_changes_nothing_its_seat_is_given() {
    use spellcast::computer::{Computer, Level};
    use spellcast::x11::helper::progress_lines;
    use spellcast::x11::scene::Source;
    let ann = PlayerId::new(0);
    for book in RuleSet::ALL {
        let seen: Vec<_> = [
            (Gesture::Palm, Gesture::Nothing),
            (Gesture::Wave, Gesture::Snap),
        ]
        .into_iter()
        .map(|bob| {
            let specs = [PlayerSpec::parse("Ann"), PlayerSpec::parse("Bob")];
            let mut d = Duel::with_rules(&specs, 7, book).expect("two wizards");
            let quiet = (Gesture::Nothing, Gesture::Nothing);
            // Bob's D starts Amnesia (D-P-P) in the original.
            let first = [Some(quiet), Some((Gesture::Digit, Gesture::Nothing))];
            assert_eq!(d.start_round(&first), Ok(Step::RoundDone));
            let stab = (Gesture::Nothing, Gesture::Stab);
            let step = d.start_round(&[Some(stab), Some(bob)]).expect("legal");
            assert_eq!(step, Step::Questions);
            assert!(!d.open_questions(ann).is_empty() && d.before_reveal());
            let seat = d.seat_view(ann);
            let columns: Vec<_> = (0..2).map(|w| seat.history(w, 0)).collect();
            let helper = progress_lines(book, &seat.names(), &columns, &|_| true);
            let copy = seat.determinised(0).into_duel();
            let answers = Computer::new(Level::Medium, 0).decide_answers(&copy, 3);
            (seat.view(), helper, copy.view(ann), answers)
        })
        .collect();
        assert_eq!(seen[0], seen[1], "{}", book.name);
    }
}
