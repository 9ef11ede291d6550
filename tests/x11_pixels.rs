//! The window against the original's pixels (the original's
//! drawing): frames as XDrawRectangle draws them, the scroll thumb's gap,
//! the speech box and its caret, the notched square picture frames, popups
//! with a drop shadow (the harness finds every popup by it) and a menu
//! a quick click leaves as it was.

use crate::common;
use crate::x11_ui;

use common::xvfb::WAIT;
use x11_ui::{artefact, Player, TwoPlayers};

fn black(p: &Player, x: i32, y: i32) -> bool {
    p.screenshot().pixel(x as u32, y as u32) == (0, 0, 0)
}

/// Asserts the colour of window pixels, naming each one on failure.
fn expect(p: &Player, what: &str, points: &[(i32, i32)], want_black: bool) {
    let shot = p.screenshot();
    for &(x, y) in points {
        let is = shot.pixel(x as u32, y as u32) == (0, 0, 0);
        assert_eq!(is, want_black, "{what}: pixel ({x},{y})");
    }
}

#[test]
fn frames_bars_speech_box_and_pictures_match_the_original() {
    let duel = TwoPlayers::start("Alice", 3, "pixels");
    let alice = &duel.alice;
    alice.wait_gesture_phase();
    alice.screenshot().write(artefact("pixels-alice.ppm"));
    let lh = alice.m.lh;
    // Text pane frame (29,30) 404×515 covers x 29..433, y 30..545.
    expect(
        alice,
        "text frame",
        &[(29, 30), (433, 30), (29, 545), (433, 545)],
        true,
    );
    expect(
        alice,
        "outside the text frame",
        &[(434, 300), (300, 546)],
        false,
    );
    // Scroll bar (16,30) 13×515: thumb x 18..27, then 1 px of white before
    // the divider at x 29; 1 px of white above and below the thumb.
    expect(
        alice,
        "scroll thumb",
        &[(18, 32), (27, 300), (27, 543)],
        true,
    );
    expect(
        alice,
        "gaps around the thumb",
        &[(28, 300), (17, 300), (20, 31), (20, 544)],
        false,
    );
    // Status frame (473,447) 328×107 covers y 447..554.
    expect(alice, "status frame", &[(473, 447), (801, 554)], true);
    // Speech box: (345,574), lh+12 high, so lh+13 rows covered; the caret
    // leaves white between it and the bottom border.
    let bottom = 574 + lh + 12;
    expect(
        alice,
        "speech box",
        &[(345, 574), (799, 574), (400, bottom)],
        true,
    );
    expect(
        alice,
        "above the speech box bottom",
        &[(346, bottom - 1), (348, bottom - 1), (350, bottom - 1)],
        false,
    );
    expect(
        alice,
        "caret",
        &[
            (348, 576 + lh + 1),
            (346, 576 + lh + 4),
            (350, 576 + lh + 4),
        ],
        true,
    );
    // Picture frames: square corners with notches inside.
    let (x, y) = (476, 33);
    expect(
        alice,
        "picture corner and notch",
        &[
            (x, y),
            (x + 3, y + 1),
            (x + 1, y + 3),
            (x + 47, y + 47),
            (x + 44, y + 46),
        ],
        true,
    );
    expect(
        alice,
        "beside the notch",
        &[(x + 4, y + 1), (x + 2, y + 4), (x + 2, y + 2)],
        false,
    );
    assert!(
        !black(alice, 476 + 48, 33),
        "pictures are 48 px wide, 2 px apart"
    );
}

/// A quick click (press and release without moving) on the transcript
/// question showing No leaves it at No: the menu is still centred on the
/// pointer as in the original (§7.6), but a click that does not move picks
/// nothing (spellcast(6)), so no transcript is saved.
#[test]
fn a_quick_click_on_a_menu_leaves_the_answer_as_it_was() {
    let mut duel = TwoPlayers::start("Alice", 5, "quickclick");
    let (alice, bob) = (&duel.alice, &duel.bob);
    bob.wait_gesture_phase();
    bob.close_window("Spellcast: Bob");
    alice.end();
    alice.wait_answering(0, 2);
    let lh = alice.m.lh;
    alice.click((700, 620 + (lh + 8) / 2), 1);
    alice.quit();
    let (status, out, err) = duel.game.wait(WAIT);
    assert!(status.success(), "status {status}, stderr {err}");
    assert!(
        !out.contains("spellcast-"),
        "the answer stayed No and nothing was saved: {out:?}"
    );
}

/// Resting the pointer on a picture of the gesture popup names the gesture
/// in the strip below the pictures (issue 16: the clap was taken for the
/// snap); on no picture the strip is blank, as in the original.
#[test]
fn the_gesture_popup_names_the_picture_under_the_pointer() {
    let duel = TwoPlayers::start("Alice", 3, "gesturenames");
    let alice = &duel.alice;
    let font = x11_ui::test_font(&alice.client);
    let (popup, _edge) = alice.open_gesture_popup(0);
    let strip = x11_ui::Area {
        x: popup.x + 1,
        y: popup.y + 161,
        w: popup.w - 2,
        h: 18,
    };
    let strip_ink = || {
        let shot = alice.shot(strip);
        x11_ui::ink_rows(shot.width, shot.height, |x, y| {
            shot.pixel(x, y) == (0, 0, 0)
        })
    };
    // On the popup's margin, above the pictures: nothing is named.
    alice.move_to((popup.x + 5, popup.y + 5));
    x11_ui::wait_until("a blank strip off the pictures", || strip_ink().is_empty());
    // The clap: second picture of the second row.
    let clap = x11_ui::drawn_text(&alice.client, &font, "clap (C)");
    assert!(!clap.is_empty());
    alice.move_to((popup.x + 20 + 50 + 24, popup.y + 60 + 50 + 24));
    x11_ui::wait_until("\"clap (C)\" under the pictures", || strip_ink() == clap);
    alice.screenshot().write(artefact("gesture-popup-clap.ppm"));
    // The snap next to it.
    let snap = x11_ui::drawn_text(&alice.client, &font, "snap (S)");
    alice.move_to((popup.x + 20 + 100 + 24, popup.y + 60 + 50 + 24));
    x11_ui::wait_until("\"snap (S)\" under the pictures", || strip_ink() == snap);
    alice.move_to((popup.x + 5, popup.y + 5));
    alice.client.release(1);
}
