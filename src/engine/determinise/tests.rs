use super::*;
use crate::engine::test_support::*;
use crate::engine::{Gesture, Hand, Step, View, Viewer};

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

/// Fills every hidden row with one pair, noting the rows it was asked.
fn filled_with(
    pair: (Gesture, Gesture),
    asked: &mut Vec<HiddenRow>,
) -> impl FnMut(&View, HiddenRow) -> (Gesture, Gesture) + '_ {
    move |_, h| {
        asked.push(h);
        pair
    }
}

#[test]
fn a_determinised_copy_with_sampled_rows_looks_the_same_to_its_seat() {
    let d = invisible_ann();
    let mut asked = Vec::new();
    let wave = (Gesture::Wave, Gesture::Wave);
    let copy = d
        .seat_view(p(1))
        .determinise(99, &mut filled_with(wave, &mut asked))
        .into_duel();
    assert_eq!(asked, d.hidden_rows(p(1)));
    assert_eq!(copy.view(p(1)), d.view(p(1)));
    assert_ne!(copy.view(p(0)), d.view(p(0)), "Ann's own rows changed");
    let ann = &copy.being(crate::engine::BeingId::new(0)).history;
    assert_eq!(
        ann[4].marks,
        [Mark::Made(Gesture::Wave); 2],
        "the sample, not F F"
    );
    assert!(copy.narration_since(Viewer::Observer, 0).0.is_empty());
    // The copy plays on by itself, recording nothing.
    let mut copy = copy;
    play(&mut copy, &["-- --"]);
    assert!(copy.narration_since(Viewer::Observer, 0).0.is_empty());
    assert_eq!(copy.rounds_played(), d.rounds_played() + 1);
}

#[test]
fn an_anti_spelled_row_is_kept_and_not_sampled() {
    let mut d = duel(&["Ann:f", "Bob"]);
    // Anti-spell is SPf, aimed at Bob by default.
    play(&mut d, &["S- --", "P- --", "FF --"]);
    let copy = d.seat_view(p(0)).determinised(1).into_duel();
    let bob = &copy.being(crate::engine::BeingId::new(1)).history;
    assert_eq!(bob.last().map(|r| r.marks), Some([Mark::AntiSpell; 2]));
    assert!(d.hidden_rows(p(0)).is_empty());
}

#[test]
fn before_the_reveal_the_others_new_rows_are_not_in_the_copy() {
    let mut d = duel(&["Ann:f", "Bob"]);
    let stab = (Gesture::Stab, Gesture::Nothing);
    let step = d.start_round(&[Some(stab), Some(stab)]).expect("legal");
    assert_eq!(step, Step::Questions);
    d.answer(p(0), &[0]).expect("legal");
    assert_eq!(d.waiting_on().collect::<Vec<_>>(), vec![p(1)]);
    let copy = d.seat_view(p(1)).determinised(5).into_duel();
    assert_eq!(copy.waiting_on().collect::<Vec<_>>(), vec![p(0), p(1)]);
    // Bob's own copy keeps what nobody hides from him: his questions, his view.
    assert_eq!(copy.open_questions(p(1)), d.open_questions(p(1)));
    assert_eq!(copy.view(p(1)), d.view(p(1)));
    // Ann's stab, not revealed yet, is not in it.
    let ann = &copy.being(crate::engine::BeingId::new(0)).history;
    assert_eq!(ann[0].marks, [Mark::Made(Gesture::Nothing); 2]);
    assert!(copy.round.casts.is_empty(), "no cast made from her row");
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
    let mut asked = Vec::new();
    let palms = (Gesture::Palm, Gesture::Palm);
    let mut copy = d
        .seat_view(p(0))
        .determinise(1, &mut filled_with(palms, &mut asked))
        .into_duel();
    let step = copy.answer(p(0), &[0]).expect("legal");
    finish(&mut copy, step);
    let row = copy.being(crate::engine::BeingId::new(1)).history[4];
    assert_eq!(row.gesture(Hand::Right), Some(Gesture::Palm));
}

/// Plays `rounds` rounds of a fixed pseudo-random sequence of moves with the
/// pre-filled answers; returns every seat's view and the whole narration.
fn play_on(mut d: Duel, rounds: usize, seed: usize) -> (Vec<crate::engine::View>, String) {
    for r in 0..rounds {
        if d.outcome().is_some() {
            break;
        }
        let step = if d.waiting_on().next().is_some() {
            Step::Questions
        } else {
            let moves: Vec<Option<(Gesture, Gesture)>> = (0..d.players())
                .map(|i| {
                    let k = (seed * 7 + r * 13 + i * 5) % 64;
                    d.is_active(p(i))
                        .then(|| (Gesture::ALL[k % 8], Gesture::ALL[k / 8]))
                })
                .collect();
            d.start_round(&moves).expect("legal moves")
        };
        finish(&mut d, step);
    }
    let views = (0..d.players()).map(|i| d.view(p(i))).collect();
    (views, d.narration_since(Viewer::Observer, 0).0.join("\n"))
}

#[test]
fn a_copy_into_a_used_duel_plays_on_like_a_fresh_copy() {
    let mut source = duel(&["Ann:f", "Bob", "Cid"]);
    let mut used = duel(&["Dee", "Eve"]);
    play(&mut used, &["PS DF", "WW SD", "FF PP"]);
    let mut asked = false;
    for r in 0..12 {
        let mut asking = source.clone();
        let stab = Some((Gesture::Stab, Gesture::Palm));
        let step = asking.start_round(&[stab; 3]).expect("legal moves");
        asked |= step == Step::Questions;
        for from in [&source, &asking] {
            let mut target = used.clone();
            target.clone_from(from);
            assert_eq!(play_on(target, 6, r), play_on(from.clone(), 6, r));
        }
        used = asking;
        play(&mut source, &[["DS WP FF", "SP DW CC", "WF PS SS"][r % 3]]);
    }
    assert!(asked, "some copies were taken while questions were open");
}
