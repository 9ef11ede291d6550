//! A whole two-player duel through the X windows, driven with XTEST: names
//! from each display's resources, gestures through the gesture popups, End
//! Move, a target question answered through its menu, a spoken line, a kill,
//! Quit on both displays and the transcript saved. Assertions look at the
//! pixels where pictures and hit points belong and at the transcript.

use crate::common;
use crate::x11_ui;

use common::xvfb::WAIT;
use x11_ui::{artefact, wait_until, Player, TwoPlayers, END, END_LABEL};

const NOTHING: i32 = 0;
const PALM: i32 = 1;
const DIGIT: i32 = 2;
const FINGERS: i32 = 3;
const WAVE: i32 = 4;
const SNAP: i32 = 6;
const STAB: i32 = 7;

/// Alice casts Finger of Death (P W P F S S S D) with her left hand while Bob
/// does nothing; on the second turn her right hand stabs, and she aims the
/// stab at herself through the target menu to prove the answer is used.
#[test]
fn duel_to_a_kill_with_popups_speech_and_transcript() {
    let mut duel = TwoPlayers::start("Alice:f", 7, "duel");
    let (alice, bob) = (&duel.alice, &duel.bob);
    assert_eq!((alice.width, bob.width), (832, 832));

    // Turn 1: a lone palm casts Shield; its target question is pre-filled.
    alice.choose_gesture(0, PALM);
    wait_until("Alice's palm in her bottom square", || {
        alice.ink(Player::picture_area(0, 0, 7)) > 40
    });
    let full_hp = alice.shot(alice.hp_area(0));
    assert_eq!(
        full_hp.rgb,
        alice.shot(alice.hp_area(1)).rgb,
        "both wizards start with 15"
    );
    assert!(
        alice.ink(Player::picture_area(1, 0, 7)) > 200,
        "Bob's square is fogged for Alice"
    );
    alice.end();
    bob.wait_gesture_phase();
    bob.end();
    alice.wait_answering(0, 3);
    alice.end();

    // Turn 2: wave and a stab; the stab is aimed at Alice through the menu
    // (nobody, Alice, Bob), against its default of Bob.
    alice.choose_gesture(0, WAVE);
    alice.choose_gesture(1, STAB);
    // Bob now sees turn 1's palm in Alice's column, one row up.
    wait_until("Alice's palm in Bob's window", || {
        bob.ink(Player::picture_area(0, 0, 6)) > 40
    });
    alice.end();
    bob.end();
    alice.answer(0, 3, 1);
    alice.end();

    // Turn 3: palm again (Shield); the stab has hurt Alice, not Bob.
    alice.choose_gesture(0, PALM);
    assert_ne!(
        alice.shot(alice.hp_area(0)).rgb,
        full_hp.rgb,
        "Alice stabbed herself"
    );
    assert_eq!(
        alice.shot(alice.hp_area(1)).rgb,
        full_hp.rgb,
        "Bob still has 15"
    );
    alice.end();
    bob.end();
    alice.wait_answering(0, 3);
    alice.end();

    // Turns 4 to 7: F S S S, and Bob speaks.
    for (turn, g) in [(4, FINGERS), (5, SNAP), (6, SNAP), (7, SNAP)] {
        alice.choose_gesture(0, g);
        if turn == 4 {
            bob.say("good luck");
        }
        if turn == 5 {
            alice.screenshot().write(artefact("duel-alice.ppm"));
            bob.screenshot().write(artefact("duel-bob.ppm"));
        }
        alice.end();
        bob.end();
    }

    // Turn 8: D completes Finger of Death and Missile: choose Finger of
    // Death (listed first), then keep its pre-filled target, Bob.
    alice.choose_gesture(0, DIGIT);
    alice.end();
    bob.end();
    alice.answer(0, 2, 0);
    alice.end();
    alice.wait_answering(0, 3);
    alice.end();

    // The duel is over: Alice is asked about the transcript (No, Yes).
    alice.answer(0, 2, 1);
    wait_until("Bob gone from the status list", || {
        alice.ink(alice.status_name_area(1)) == 0
    });
    alice.quit();
    bob.quit();
    let (status, out, err) = duel.game.wait(WAIT);
    assert!(status.success(), "exit status {status}; stderr: {err}");
    assert!(!err.contains("panicked"), "stderr: {err}");
    let path = out.trim();
    assert!(
        path.starts_with(duel.game.tmpdir.to_str().unwrap()),
        "transcript path on stdout: {out:?}"
    );
    let transcript = std::fs::read_to_string(path).expect("read the transcript");
    assert!(transcript.contains("+++ Alice has won +++"), "{transcript}");
    assert!(
        transcript.contains("Bob says \"good luck\""),
        "{transcript}"
    );
    assert!(transcript.contains("Alice (15): P ."), "{transcript}");
    assert!(transcript.contains("Alice (15): W K"), "{transcript}");
    assert!(transcript.contains("Alice (14): D ."), "{transcript}");
    let _ = NOTHING;
}

/// A double click on End Answers at the last turn: its first click ends the
/// duel and End becomes Quit in the same place; the second click must not
/// quit (issue 16). The final screen stays up with its question, and a
/// press a moment later quits.
#[test]
fn a_double_click_on_end_answers_does_not_quit() {
    let mut duel = TwoPlayers::start("Alice:f", 7, "doubleclick");
    let (alice, bob) = (&duel.alice, &duel.bob);
    // Alice surrenders (palms with both hands, which also cast two Shields).
    alice.choose_gesture(0, PALM);
    alice.choose_gesture(1, PALM);
    alice.end();
    bob.end();
    alice.wait_answering(0, 3);
    // Bob was asked nothing: Alice's first click ends the duel.
    alice.move_to(END);
    for _ in 0..2 {
        alice.client.press(1);
        alice.client.release(1);
    }
    // The final screen: the transcript question (No, Yes) can be answered,
    // which it cannot once Alice has quit. Its menu opens only after the
    // game has handled both clicks.
    alice.wait_answering(0, 2);
    wait_until("Alice's End to read Quit, as Bob's does", || {
        alice.shot(END_LABEL).rgb == bob.shot(END_LABEL).rgb
    });
    assert!(duel.game.running(), "the second click quit the game");
    // A press a moment later quits: Alice waits for Bob.
    alice.quit();
    assert_ne!(alice.shot(END_LABEL).rgb, bob.shot(END_LABEL).rgb);
    bob.quit();
    let (status, _out, err) = duel.game.wait(WAIT);
    assert!(status.success(), "exit status {status}; stderr: {err}");
    assert!(!err.contains("panicked"), "stderr: {err}");
}

/// A plain click on a question row (press and release without moving)
/// opens its menu centred on the pointer, with the middle item (Alice
/// herself, between nobody and Bob) under it, and must leave the answer
/// as it was: Alice's stab keeps its default target and hurts Bob.
#[test]
fn a_click_on_a_question_row_leaves_its_answer() {
    let mut duel = TwoPlayers::start("Alice:f", 7, "clickrow");
    let (alice, bob) = (&duel.alice, &duel.bob);
    let full_hp = alice.shot(alice.hp_area(0));
    alice.choose_gesture(1, STAB);
    alice.end();
    bob.wait_gesture_phase();
    bob.end();
    // The stab's target question (nobody, Alice, Bob), answered Bob.
    alice.wait_answering(0, 3);
    alice.click_row(0);
    alice.end();
    wait_until("the stab to land on Bob", || {
        alice.shot(alice.hp_area(1)).rgb != full_hp.rgb
    });
    assert_eq!(
        alice.shot(alice.hp_area(0)).rgb,
        full_hp.rgb,
        "the click aimed the stab at Alice"
    );
    drop(duel.game.wait_or_kill());
}
