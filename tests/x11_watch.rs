//! `--watch`: a spectator's window on a duel nobody plays. Two easy
//! computers duel; `$DISPLAY` only watches (`--watch=` names it), at a fast
//! `--pace` so the test is short. The window shows both wizards' gestures
//! as they are revealed, the duel's text, and at the end the transcript
//! question (asked of the spectator, as nobody plays at a window) and
//! Quit, which ends the program with the transcript saved.

use crate::common;
use crate::x11_ui;

use common::xvfb::{Xvfb, WAIT};
use x11_ui::{
    drawn_text, load, metrics, test_font, wait_until, Area, GameProcess, Player, END_LABEL,
};

/// The gesture popup's place of W (as in tests/x11_seat.rs).
const WAVE: i32 = 4;

#[test]
fn a_spectator_watches_two_computers_to_the_end() {
    let x = Xvfb::start();
    let probe = x.client();
    let font = test_font(&probe);
    let m = metrics(&probe, &font);
    load(&x, None, &font);
    let args = [
        "--computer=easy".to_string(),
        "--computer=easy".to_string(),
        "--watch=".to_string(),
        "--pace=100".to_string(),
    ];
    let mut game = GameProcess::start(&x.display(), &args, 3, "watch");
    // No wizard is played on $DISPLAY: the window is the spectator's.
    let watcher = Player::find(&x, "White vs Black", 0, m);
    assert!(probe.find_windows("Spellcast: White").is_empty());
    wait_until("the spectator's button", || watcher.ink(END_LABEL) > 0);
    let waiting = watcher.ink(END_LABEL);
    wait_until("both wizards' gestures in the spectator's grid", || {
        let column = |c| {
            (0..2)
                .map(|hand| watcher.ink(Player::picture_area(c, hand, 7)))
                .sum::<usize>()
        };
        column(0) > 40 && column(1) > 40
    });
    // Inside the text pane's frame (32, 32, 400 × 512): its first lines.
    let text_pane = Area {
        x: 36,
        y: 36,
        w: 390,
        h: 100,
    };
    assert!(watcher.ink(text_pane) > 0, "the duel's text is shown");
    wait_until("the end of the duel (Quit)", || {
        watcher.ink(END_LABEL) * 10 < waiting * 6
    });
    // Nobody plays at a window: the spectator is asked about the transcript.
    watcher.answer(0, 2, 1);
    watcher.quit();
    let (status, out, err) = game.wait(WAIT);
    assert!(status.success(), "exit status {status}; stderr: {err}");
    let transcript = std::fs::read_to_string(out.trim()).expect("the transcript");
    assert!(
        transcript.contains("has won +++") || transcript.contains("draw"),
        "{transcript}"
    );
}

/// A spectator of a duel Alice plays (against the computer) on another
/// display: while the wizards choose, its question pane says it watches
/// (not "You are out of the game."), and once Alice has moved, the turn's
/// header in its text pane reads "Turn 1:" with nothing drawn before it
/// (the transcript's tab is blank space, not a box).
#[test]
fn a_spectator_is_told_it_watches_and_its_turn_headers_have_no_box() {
    let xa = Xvfb::start();
    let xb = Xvfb::start();
    let probe = xb.client();
    let font = test_font(&probe);
    let m = metrics(&probe, &font);
    load(&xa, Some("Alice"), &font);
    load(&xb, None, &font);
    let args = [
        "--computer=easy".to_string(),
        format!("--watch={}", xb.display()),
    ];
    let mut game = GameProcess::start(&xa.display(), &args, 3, "watch-words");
    let alice = Player::find(&xa, "Alice", 0, m);
    let watcher = Player::find(&xb, "Alice vs White", 0, m);
    // Alice has not moved yet, so the spectator stays in the gesture phase.
    let first_row = Area {
        x: 34,
        y: 621,
        w: 730,
        h: m.lh + 6,
    };
    let watching = drawn_text(
        &probe,
        &font,
        "You are watching: the wizards are choosing their gestures.",
    );
    wait_until("the spectator's line in its question pane", || {
        watcher.text_in(first_row) == watching
    });
    alice.choose_gesture(0, WAVE);
    alice.end();
    let header = drawn_text(&probe, &font, "Turn 1:");
    let text_line = |k: i32| Area {
        x: 33,
        y: 33 + k * m.lh,
        w: 396,
        h: m.lh,
    };
    wait_until(
        "\"Turn 1:\" alone on its line in the spectator's text",
        || (0..512 / m.lh).any(|k| watcher.text_in(text_line(k)) == header),
    );
    drop(game.wait_or_kill());
}
