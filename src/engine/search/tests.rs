use super::*;
use crate::engine::test_support::*;
use crate::engine::{Step, Viewer};

/// Ann turns invisible (PPws), then makes a row Bob cannot see.
fn invisible_ann() -> Duel {
    let mut d = duel(&["Ann:f", "Bob"]);
    play(&mut d, &["P- --", "P- --", "WW --", "SS --", "FF --"]);
    d
}

#[test]
fn the_rows_made_invisibly_are_hidden_from_the_other_seat_only() {
    let d = invisible_ann();
    let hidden = HiddenRow {
        player: p(0),
        row: 4,
        hands: [true; 2],
    };
    assert_eq!(d.hidden_rows(p(1)), vec![hidden]);
    assert!(d.hidden_rows(p(0)).is_empty());
}

#[test]
fn a_determinised_copy_with_sampled_rows_looks_the_same_to_its_seat() {
    let d = invisible_ann();
    let mut copy = d.determinised(p(1), 99);
    for h in copy.hidden_rows(p(1)) {
        for hand in Hand::BOTH {
            copy.set_gesture(h.player, h.row, hand, Gesture::Wave)
                .expect("a hidden row");
        }
    }
    assert_eq!(copy.view(p(1)), d.view(p(1)));
    assert_ne!(copy.view(p(0)), d.view(p(0)), "Ann's own rows changed");
    assert!(copy.narration_since(Viewer::Observer, 0).0.is_empty());
    // The copy plays on by itself, recording nothing.
    play(&mut copy, &["-- --"]);
    assert!(copy.narration_since(Viewer::Observer, 0).0.is_empty());
    assert_eq!(copy.rounds_played(), d.rounds_played() + 1);
}

#[test]
fn anti_spell_rows_and_rows_past_the_end_are_refused() {
    let mut d = duel(&["Ann:f", "Bob"]);
    // Anti-spell is SPf, aimed at Bob by default.
    play(&mut d, &["S- --", "P- --", "FF --"]);
    let anti = d.being(crate::engine::BeingId::new(1)).history.len() - 1;
    assert_eq!(
        d.set_gesture(p(1), anti, Hand::Left, Gesture::Palm),
        Err(SampleError::AntiSpellRow {
            player: p(1),
            row: anti
        })
    );
    assert!(matches!(
        d.set_gesture(p(1), anti + 1, Hand::Left, Gesture::Palm),
        Err(SampleError::NoSuchRow { .. })
    ));
    assert!(matches!(
        d.set_gesture(p(5), 0, Hand::Left, Gesture::Palm),
        Err(SampleError::NoSuchRow { .. })
    ));
}

#[test]
fn the_others_answers_to_the_open_batch_are_asked_again_in_a_copy() {
    let mut d = duel(&["Ann:f", "Bob"]);
    let stab = (Gesture::Stab, Gesture::Nothing);
    let step = d.start_round(&[Some(stab), Some(stab)]).expect("legal");
    assert_eq!(step, Step::Questions);
    d.answer(p(0), &[0]).expect("legal");
    assert_eq!(d.waiting_on().collect::<Vec<_>>(), vec![p(1)]);
    let copy = d.determinised(p(1), 5);
    assert_eq!(copy.waiting_on().collect::<Vec<_>>(), vec![p(0), p(1)]);
    // Bob's own copy keeps what nobody hides from him: his questions.
    assert_eq!(copy.open_questions(p(1)), d.open_questions(p(1)));
    // The newest rows are already in the cast list: they cannot change.
    let mut copy = copy;
    assert_eq!(
        copy.set_gesture(p(0), 0, Hand::Left, Gesture::Palm),
        Err(SampleError::InResolution {
            player: p(0),
            row: 0
        })
    );
}

#[test]
fn the_victims_move_is_hidden_while_the_charmer_chooses_his_gesture() {
    let mut d = duel(&["Ann:f", "Bob"]);
    // Charm Person is PSDF, aimed at Bob; the left hand by default.
    play(&mut d, &["P- --", "S- --", "D- --", "F- --"]);
    let charmer = d.waiting_on().collect::<Vec<_>>();
    assert_eq!(charmer, vec![p(0)], "Ann picks the charmed gesture");
    let step = d
        .start_round(&[Some(NOTHING), Some((Gesture::Wave, Gesture::Wave))])
        .expect("legal");
    assert_eq!(step, Step::Questions);
    let hidden = d.hidden_rows(p(0));
    assert_eq!(
        hidden.last(),
        Some(&HiddenRow {
            player: p(1),
            row: 4,
            hands: [true; 2]
        })
    );
    let mut copy = d.determinised(p(0), 1);
    copy.set_gesture(p(1), 4, Hand::Right, Gesture::Palm)
        .expect("the pending move");
    let step = copy.answer(p(0), &[0]).expect("legal");
    finish(&mut copy, step);
    let row = copy.being(crate::engine::BeingId::new(1)).history[4];
    assert_eq!(row.gesture(Hand::Right), Some(Gesture::Palm));
}
