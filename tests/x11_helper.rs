//! The learner's helper: with `spellcast*helper: on` the window's title
//! names the computer and its level, and below the question pane's first
//! line each hand's spells on their way are listed with the gestures each
//! still needs; without it the window is the original's (no such line, the
//! plain title).

use crate::common;
use crate::x11_ui;

use common::xvfb::Xvfb;
use x11_ui::{drawn_text, metrics, test_font, wait_until, Area, GameProcess, Player};

const SNAP: i32 = 6;

/// Question row 1 (the line under the phase's own line), inside its borders.
fn second_row(p: &Player) -> Area {
    let row = p.m.lh + 8;
    Area {
        x: 34,
        y: 620 + row + 2,
        w: 730,
        h: row - 3,
    }
}

/// Alice against an easy computer, her resources as given; she snaps with
/// her left hand in turn 1 and waits for turn 2's gesture phase.
fn snap_then_wait(helper: bool, title: &str, tag: &str) -> (Xvfb, GameProcess, Player, String) {
    let x = Xvfb::start();
    let probe = x.client();
    let font = test_font(&probe);
    let m = metrics(&probe, &font);
    let mut resources = format!("spellcast*name: Alice:f\nspellcast*font: {font}\n");
    if helper {
        resources.push_str("spellcast*helper: on\n");
    }
    x.load_resources(&resources);
    let game = GameProcess::start(&x.display(), &["--computer=easy".to_string()], 4, tag);
    let alice = Player::find(&x, title, 0, m);
    alice.choose_gesture(0, SNAP);
    alice.end();
    // Turn 2: her snap has moved up a row.
    wait_until("the snap one row up", || {
        alice.ink(Player::picture_area(0, 0, 6)) > 40
    });
    alice.wait_gesture_phase();
    (x, game, alice, font)
}

#[test]
fn the_helper_names_the_spells_a_snap_is_on_its_way_to() {
    let (x, _game, alice, font) =
        snap_then_wait(true, "Alice (White: computer, easy)", "helper-on");
    // The spell table: Missile is S D, Anti-spell S P F, Fear S W D (the
    // nearest three; Summon Goblin S F W is as near but later by name).
    let line = "Alice, left hand: Missile (1 more), Anti-spell (2 more), Fear (2 more)";
    let want = drawn_text(&x.client(), &font, line);
    let shown = || alice.text_in(second_row(&alice));
    let sizes = |t: &Vec<Vec<bool>>| (t.len(), t.first().map_or(0, Vec::len));
    let deadline = std::time::Instant::now() + common::xvfb::WAIT;
    while shown() != want {
        assert!(
            std::time::Instant::now() < deadline,
            "the helper's line for Alice's left hand: drawn {:?}, wanted {:?}",
            sizes(&shown()),
            sizes(&want)
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn without_the_helper_the_window_is_the_originals() {
    let (_x, _game, alice, _font) = snap_then_wait(false, "Alice", "helper-off");
    assert_eq!(alice.ink(second_row(&alice)), 0, "no helper line");
}
