//! Driving the duel from outside: a question a player may answer before the
//! moves (the Charm Person gesture, asked during the gesture phase).

use spellcast::engine::{
    Choice, Duel, Gesture, Hand, Mark, PlayerId, PlayerSpec, Question, QuestionKind, Seen, Step,
    Viewer,
};

fn letters(s: &str) -> Option<(Gesture, Gesture)> {
    let mut c = s.chars().filter_map(Gesture::from_script_letter);
    Some((c.next()?, c.next()?))
}

/// The option index of `choice`, else the question's fallback.
fn pick(q: &Question, choice: Choice) -> usize {
    q.options
        .iter()
        .position(|o| *o == choice)
        .unwrap_or(q.fallback())
}

/// Plays one round of two wizards; charm hands go left, all else by default.
fn round(duel: &mut Duel, moves: [&str; 2]) -> Step {
    let mv: Vec<_> = moves.iter().map(|m| letters(m)).collect();
    let mut step = duel.start_round(&mv).expect("legal moves");
    while step == Step::Questions {
        for p in duel.waiting_on().collect::<Vec<_>>() {
            let answers: Vec<usize> = duel
                .open_questions(p)
                .iter()
                .map(|q| pick(q, Choice::Hand(Hand::Left)))
                .collect();
            step = duel.answer(p, &answers).expect("legal answers");
        }
    }
    step
}

/// Arnold charms Barbara's left hand (P S D F) and is then asked its gesture.
fn charmed_duel() -> Duel {
    let players = [PlayerSpec::parse("Arnold"), PlayerSpec::parse("Barbara:f")];
    let mut duel = Duel::new(&players, 3).expect("two good names");
    for right in ['P', 'S', 'D', 'F'] {
        let arnold = format!("-{right}");
        assert_eq!(round(&mut duel, [&arnold, "--"]), Step::RoundDone);
    }
    duel
}

fn barbara_newest_left(duel: &Duel) -> Seen {
    let rows = duel.seen_history(PlayerId::new(1), Viewer::Observer);
    rows.last().expect("Barbara moved")[0]
}

#[test]
fn a_charm_gesture_answered_before_the_moves_is_the_one_made() {
    let mut duel = charmed_duel();
    let arnold = PlayerId::new(0);
    let open = duel.open_questions(arnold).to_vec();
    assert!(
        matches!(
            open[..],
            [Question {
                kind: QuestionKind::CharmGesture { .. },
                ..
            }]
        ),
        "{open:?}"
    );
    let digit = pick(&open[0], Choice::Gesture(Gesture::Digit));
    assert_eq!(duel.answer(arnold, &[digit]), Ok(Step::RoundDone));
    assert!(duel.open_questions(arnold).is_empty());
    round(&mut duel, ["--", "WW"]);
    assert_eq!(
        barbara_newest_left(&duel),
        Seen::Mark(Mark::Made(Gesture::Digit))
    );
}

#[test]
fn a_charm_gesture_still_open_at_the_moves_is_asked_then() {
    let mut duel = charmed_duel();
    let arnold = PlayerId::new(0);
    let step = duel
        .start_round(&[letters("--"), letters("WW")])
        .expect("legal moves");
    assert_eq!(step, Step::Questions);
    let open = duel.open_questions(arnold).to_vec();
    let snap = pick(&open[0], Choice::Gesture(Gesture::Snap));
    let mut step = duel.answer(arnold, &[snap]).expect("legal answer");
    while step == Step::Questions {
        for p in duel.waiting_on().collect::<Vec<_>>() {
            let n = duel.open_questions(p).len();
            let defaults: Vec<usize> = duel.default_answers(p);
            assert_eq!(defaults.len(), n);
            step = duel.answer(p, &defaults).expect("defaults are legal");
        }
    }
    assert_eq!(
        barbara_newest_left(&duel),
        Seen::Mark(Mark::Made(Gesture::Snap))
    );
}
