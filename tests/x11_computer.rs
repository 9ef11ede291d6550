//! `spellcast --computer`: one window on `$DISPLAY`, a whole duel played
//! through it against the built-in computer, driven with XTEST and waiting
//! on drawn pixels only. Alice gestures for two turns (nothing she does
//! completes a spell), then makes the gesture of surrender with both hands
//! (which also casts two shields, so she answers their questions), and the
//! duel ends: she saves the transcript and quits.

use crate::common;
use crate::x11_ui;

use common::xvfb::{Xvfb, WAIT};
use x11_ui::{load, metrics, test_font, wait_until, Area, GameProcess, Player, END_LABEL};

const PALM: i32 = 1;
const WAVE: i32 = 4;
const SNAP: i32 = 6;

#[test]
fn a_whole_duel_against_the_computer_in_one_window() {
    let x = Xvfb::start();
    let probe = x.client();
    let font = test_font(&probe);
    let m = metrics(&probe, &font);
    load(&x, Some("Alice:f"), &font);
    let mut game = GameProcess::start(&x.display(), &["--computer".to_string()], 11, "computer");
    let alice = Player::find(&x, "Alice", 0, m);
    // The computer takes the first unused default name and has no window.
    assert!(probe.find_windows("Spellcast: White").is_empty());

    // Turn 1: a wave with the left hand; the computer's gestures then show
    // in its column (one row up once turn 2 begins).
    alice.choose_gesture(0, WAVE);
    let end_move = alice.ink(END_LABEL);
    alice.end();
    // Turn 2: a snap (W S casts nothing).
    alice.choose_gesture(0, SNAP);
    assert!(
        alice.ink(Player::picture_area(1, 0, 6)) + alice.ink(Player::picture_area(1, 1, 6)) > 0,
        "the computer's turn-1 gestures are drawn in its column"
    );
    alice.end();
    // Turn 3: both palms, the gesture of surrender.
    alice.choose_gesture(0, PALM);
    alice.choose_gesture(1, PALM);
    alice.end();

    // The shields' target questions (pre-filled): End Answers once they
    // show, then the duel is over and the button reads Quit, far shorter.
    // A press lost while the window redraws is pressed again when the
    // window still shows the same phase well after it (End Move and End
    // Answers both keep their choices when pressed twice).
    let mut pressed = std::time::Instant::now();
    let mut answered = false;
    wait_until("the end of the duel (Quit)", || {
        let ink = alice.ink(END_LABEL);
        if ink * 10 < end_move * 7 {
            return true;
        }
        let first_answers = !answered && ink > end_move && answering(&alice);
        if first_answers || pressed.elapsed() > std::time::Duration::from_millis(1500) {
            alice.end();
            answered |= first_answers;
            pressed = std::time::Instant::now();
        }
        false
    });
    // As in the original, a surrender that ends the duel keeps its row.
    assert!(
        alice.ink(alice.status_name_area(0)) > 0 && alice.ink(alice.status_name_area(1)) > 0,
        "Alice (surrendered) and White both listed at the end"
    );
    // Save the transcript (No, Yes), then Quit.
    alice.answer(0, 2, 1);
    alice.quit();
    let transcript = game.clean_transcript();
    assert!(transcript.contains("+++ White has won +++"), "{transcript}");
    assert!(transcript.contains("surrender"), "{transcript}");
}

/// A program seat that greets, then crashes when asked its first move: its
/// wizard surrenders with one line on standard error, and the person, who
/// only pressed End Move, wins. (A program that cannot even greet is
/// refused before any window opens; `seat_match.rs` checks that.)
#[test]
fn a_failing_program_surrenders_and_the_person_plays_on() {
    let x = Xvfb::start();
    let probe = x.client();
    let font = test_font(&probe);
    let m = metrics(&probe, &font);
    load(&x, Some("Alice:f"), &font);
    let mut game = GameProcess::start(
        &x.display(),
        &["--program=python3 tests/players/misbehaving_player.py crash 1".to_string()],
        5,
        "program",
    );
    let alice = Player::find(&x, "Alice", 0, m);
    alice.wait_gesture_phase();
    let end_move = alice.ink(END_LABEL);
    alice.end();
    wait_until("the end of the duel (Quit)", || {
        alice.ink(END_LABEL) * 10 < end_move * 7
    });
    alice.answer(0, 2, 1);
    alice.quit();
    let (status, out, err) = game.wait(WAIT);
    assert!(status.success(), "exit status {status}; stderr: {err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "one line on stderr: {err}");
    assert!(
        lines[0].starts_with("spellcast: White (program \"python3 tests/players/")
            && lines[0].ends_with("White surrenders"),
        "{err}"
    );
    let transcript = std::fs::read_to_string(out.trim()).expect("read the transcript");
    assert!(transcript.contains("+++ Alice has won +++"), "{transcript}");
}

/// Whether question row 0 holds a question (ink right of the row's start).
fn answering(alice: &Player) -> bool {
    alice.ink(Area {
        x: 40,
        y: 620,
        w: 400,
        h: alice.m.lh + 8,
    }) > 0
}
