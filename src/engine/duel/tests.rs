use super::*;
use crate::engine::test_support::*;
use crate::engine::{EffectView, Gender, Spell, Viewer};

fn read(duel: &Duel, v: Viewer) -> String {
    duel.narration_since(v, 0).0.join("\n")
}

#[test]
fn bad_player_lists_are_refused() {
    let specs = |names: &[&str]| -> Vec<PlayerSpec> {
        names.iter().map(|n| PlayerSpec::parse(n)).collect()
    };
    assert!(Duel::new(&specs(&["Ann"]), 0).is_err());
    assert!(Duel::new(&specs(&["Ann", "Ann:f"]), 0).is_err());
    assert!(Duel::new(&specs(&["Ann", "nobody"]), 0).is_err());
    assert_eq!(
        duel(&["Ann", "Bob:f"]).being(BeingId::new(1)).gender,
        Gender::Female
    );
}

#[test]
fn bad_moves_are_refused_and_change_nothing() {
    let mut d = duel(&["Ann:f", "Bob"]);
    assert_eq!(
        d.start_round(&[Some(NOTHING)]),
        Err(MoveError::WrongLength {
            given: 1,
            players: 2
        })
    );
    assert_eq!(
        d.start_round(&[Some(NOTHING), None]),
        Err(MoveError::Missing(p(1)))
    );
    assert_eq!(d.rounds_played(), 0);
    // A stab opens a target question; no new round may start meanwhile.
    let step = d
        .start_round(&[Some((Gesture::Stab, Gesture::Nothing)), Some(NOTHING)])
        .expect("legal");
    assert_eq!(step, Step::Questions);
    assert_eq!(
        d.start_round(&[Some(NOTHING), Some(NOTHING)]),
        Err(MoveError::QuestionsOpen)
    );
    assert_eq!(d.waiting_on().collect::<Vec<_>>(), vec![p(0)]);
    assert_eq!(d.answer(p(1), &[0]), Err(AnswerError::NotAsked(p(1))));
    assert!(matches!(
        d.answer(p(0), &[0, 0]),
        Err(AnswerError::WrongCount { .. })
    ));
    assert!(matches!(
        d.answer(p(0), &[9]),
        Err(AnswerError::OutOfRange { answer: 9, .. })
    ));
    assert_eq!(d.answer(p(0), &[2]), Ok(Step::RoundDone));
    assert_eq!(d.being(BeingId::new(1)).hp, 14);
}

#[test]
fn a_player_who_leaves_a_duel_of_two_hands_the_other_the_win() {
    let mut d = duel(&["Ann:f", "Bob"]);
    assert_eq!(d.withdraw(p(1)), None);
    assert!(d.has_withdrawn(p(1)));
    let step = round(&mut d, &[NOTHING, NOTHING]);
    assert_eq!(step, Step::Over(Outcome::Winner(p(0))));
    assert_eq!(d.outcome(), Some(Outcome::Winner(p(0))));
    assert!(read(&d, Viewer::Player(p(0))).contains("Bob has left the arena"));
    assert_eq!(
        d.start_round(&[Some(NOTHING), Some(NOTHING)]),
        Err(MoveError::DuelOver)
    );
}

#[test]
fn the_others_play_on_when_one_of_three_leaves() {
    let mut d = duel(&["Ann:f", "Bob", "Cy"]);
    d.withdraw(p(2));
    round(&mut d, &[NOTHING; 3]);
    assert_eq!(d.outcome(), None);
    assert!(!d.being(BeingId::new(2)).alive());
    assert!(d.is_active(p(0)) && d.is_active(p(1)) && !d.is_active(p(2)));
    let rows: Vec<_> = d.status(p(0)).iter().map(|r| r.being.index()).collect();
    assert_eq!(rows, vec![0, 1]);
}

#[test]
fn leaving_while_asked_takes_the_defaults_and_resumes_the_round() {
    let mut d = duel(&["Ann:f", "Bob", "Cy"]);
    let step = d
        .start_round(&[
            Some(NOTHING),
            Some(NOTHING),
            Some((Gesture::Stab, Gesture::Nothing)),
        ])
        .expect("legal");
    assert_eq!(step, Step::Questions);
    assert_eq!(d.withdraw(p(2)), Some(Step::RoundDone));
    assert!(
        !d.being(BeingId::new(2)).alive(),
        "Cy surrendered at the end of the turn"
    );
    assert!(d.being(BeingId::new(2)).surrendered);
    assert_eq!(
        d.being(BeingId::new(0)).hp,
        14,
        "the stab took its default target"
    );
    assert_eq!(d.outcome(), None);
    assert!(!d.is_active(p(2)));
}

#[test]
fn transcript_lists_each_turn_with_gestures_and_speech() {
    let mut d = duel(&["Ann:f", "Bob"]);
    d.say(p(1), "hello there");
    round(
        &mut d,
        &[
            (Gesture::Palm, Gesture::Stab),
            (Gesture::Wave, Gesture::Nothing),
        ],
    );
    let t = d.transcript();
    assert!(t.starts_with("Spellcast Game Transcript\n\n"), "{t}");
    assert!(t.contains("Bob says \"hello there\""), "{t}");
    assert!(
        t.contains("\n\tTurn 1:\nAnn (15): P K\nBob (15): W .\n"),
        "{t}"
    );
    assert!(t.contains("Ann stabs (right hand) at Bob."), "{t}");
    assert!(t.contains("Bob is stabbed."), "{t}");
}

#[test]
fn talk_during_questions_is_logged_where_it_was_said() {
    let mut d = duel(&["Ann:f", "Bob"]);
    let step = d
        .start_round(&[Some((Gesture::Stab, Gesture::Nothing)), Some(NOTHING)])
        .expect("legal");
    assert_eq!(step, Step::Questions);
    d.say(p(1), "aim well");
    finish(&mut d, step);
    let t = d.transcript();
    let said = t.find("Bob says \"aim well\"").expect("speech logged");
    let stab = t.find("Ann stabs").expect("stab announced");
    let header = t.find("\tTurn 1:").expect("header");
    assert!(header < said && said < stab, "{t}");
    d.say(p(7), "nobody here");
    assert!(!d.transcript().contains("nobody here"));
    d.say(p(0), "after the round");
    assert!(d.transcript().ends_with("Ann says \"after the round\"\n"));
}

#[test]
fn each_wizard_reads_about_himself_in_the_second_person() {
    let mut d = duel(&["Ann:f", "Bob"]);
    round(&mut d, &[(Gesture::Stab, Gesture::Nothing), NOTHING]);
    assert!(read(&d, Viewer::Player(p(0))).contains("You stab (left hand) at Bob."));
    assert!(read(&d, Viewer::Player(p(1))).contains("Ann stabs (left hand) at you."));
    assert!(read(&d, Viewer::Player(p(1))).contains("You are stabbed."));
    assert_eq!(d.being(BeingId::new(1)).hp, 14);
    let (first, cursor) = d.narration_since(Viewer::Player(p(1)), 0);
    let (none, again) = d.narration_since(Viewer::Player(p(1)), cursor);
    assert!(!first.is_empty() && none.is_empty() && again == cursor);
}

#[test]
fn the_others_new_gestures_stay_hidden_until_the_reveal() {
    let mut d = duel(&["Ann:f", "Bob"]);
    let step = d
        .start_round(&[
            Some((Gesture::Stab, Gesture::Nothing)),
            Some((Gesture::Wave, Gesture::Nothing)),
        ])
        .expect("legal");
    assert_eq!(step, Step::Questions);
    let ann = d.view(p(0));
    let bob = d.view(p(1));
    assert_eq!(ann.gestures[1], vec![[Seen::Unrevealed; 2]]);
    assert_eq!(bob.gestures[0], vec![[Seen::Unrevealed; 2]]);
    assert_eq!(
        bob.gestures[1],
        vec![[
            Seen::Mark(crate::engine::Mark::Made(Gesture::Wave)),
            Seen::Mark(crate::engine::Mark::Made(Gesture::Nothing))
        ]]
    );
    assert_eq!(ann.questions.len(), 1);
    assert!(bob.questions.is_empty());
    finish(&mut d, step);
    assert_ne!(d.view(p(0)).gestures[1], vec![[Seen::Unrevealed; 2]]);
    let v = d.view(p(0));
    assert_eq!(v.beings.len(), 2);
    assert_eq!(v.beings[1].hp, 14);
    assert_eq!(v.turn, 1);
}

fn effect(spell: Spell, turns: Option<u32>) -> EffectView {
    EffectView {
        spell,
        hand: None,
        turns,
    }
}

#[test]
fn duels_that_differ_only_in_hidden_gestures_look_the_same_to_the_other_seat() {
    // Ann turns invisible (PPws); her next row is hidden from Bob.
    let opening = ["P- --", "P- --", "WW --", "SS --"];
    let mut a = duel(&["Ann:f", "Bob"]);
    play(&mut a, &opening);
    let mut b = a.clone();
    play(&mut a, &["-- --"]);
    play(&mut b, &["FF --"]);
    assert_ne!(a.view(p(0)), b.view(p(0)), "Ann sees her own gestures");
    let bob = a.view(p(1));
    assert_eq!(bob, b.view(p(1)));
    assert_eq!(bob.gestures[0].last(), Some(&[Seen::Fog; 2]));
    assert_eq!(
        bob.beings[0].effects,
        vec![effect(Spell::Invisibility, Some(2))]
    );
    assert_eq!(bob.beings[0].flags, "I");
}

#[test]
fn a_paralysed_hand_is_listed_until_it_has_frozen() {
    let mut d = duel(&["Ann:f", "Bob"]);
    // Paralysis is FFF, aimed at the first other wizard; the left hand is the default.
    play(&mut d, &["F- --", "F- --", "F- --"]);
    let held = EffectView {
        spell: Spell::Paralysis,
        hand: Some(crate::engine::Hand::Left),
        turns: Some(1),
    };
    assert_eq!(d.view(p(0)).beings[1].effects, vec![held]);
    assert_eq!(d.view(p(1)).beings[1].effects, vec![held]);
    play(&mut d, &["-- --"]);
    assert!(d.view(p(0)).beings[1].effects.is_empty());
}

#[test]
fn protection_from_evil_counts_its_turns_down_in_every_view() {
    let mut d = duel(&["Ann:f", "Bob"]);
    play(&mut d, &["W- --", "W- --"]);
    // P completes Shield and Protection from Evil (WWP): choose the latter.
    let step = d
        .start_round(&[Some((g('P'), g('-'))), Some(NOTHING)])
        .expect("legal");
    assert_eq!(step, Step::Questions);
    let pick = d.open_questions(p(0))[0]
        .options
        .iter()
        .position(|o| {
            *o == crate::engine::Choice::Spell {
                spell: Spell::ProtectionFromEvil,
                both: false,
            }
        })
        .expect("offered");
    let step = d.answer(p(0), &[pick]).expect("legal");
    finish(&mut d, step);
    for left in [3, 2, 1] {
        for seat in [p(0), p(1)] {
            assert_eq!(
                d.view(seat).beings[0].effects,
                vec![effect(Spell::ProtectionFromEvil, Some(left))]
            );
        }
        play(&mut d, &["-- --"]);
    }
    assert!(d.view(p(1)).beings[0].effects.is_empty());
}
