//! The learner's helper: with `spellcast*helper: on` the window's title
//! names the computer and its level, and below the question pane's first
//! line each wizard's spells on their way are listed, both hands on one
//! line, with the gestures each still needs (whole words, every hand of a
//! two-wizard duel in sight without scrolling); without it the window is the original's (no such line, the
//! plain title). With the helper on, F1 shows the computer's suggestion
//! for the player's own move as the line under the phase's own.

use crate::common;
use crate::x11_ui;

use common::xvfb::Xvfb;
use x11_ui::{drawn_text, metrics, test_font, wait_until, Area, GameProcess, Player, TwoPlayers};

const DIGIT: i32 = 2;
const SNAP: i32 = 6;

/// Question row `k` of the pane, inside its borders.
fn question_row(p: &Player, k: i32) -> Area {
    let row = p.m.lh + 8;
    Area {
        x: 34,
        y: 620 + k * row + 2,
        w: 730,
        h: row - 3,
    }
}

/// Question row 1 (the line under the phase's own line).
fn second_row(p: &Player) -> Area {
    question_row(p, 1)
}

/// Waits until question row `k` of `p`'s window shows `line`, whole.
fn wait_for_line(x: &Xvfb, font: &str, p: &Player, k: i32, line: &str) {
    let want = drawn_text(&x.client(), font, line);
    let shown = || p.text_in(question_row(p, k));
    let sizes = |t: &Vec<Vec<bool>>| (t.len(), t.first().map_or(0, Vec::len));
    let deadline = std::time::Instant::now() + common::xvfb::WAIT;
    while shown() != want {
        assert!(
            std::time::Instant::now() < deadline,
            "question row {k}, wanted {line:?}: drawn {:?}, wanted {:?}",
            sizes(&shown()),
            sizes(&want)
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
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
    let line = "Alice, gestures to go, left: Missile 1, Anti-spell 2, Fear 2";
    wait_for_line(&x, &font, &alice, 1, line);
}

/// The answers' right edge (768) less where question text starts (48):
/// an information row may run over the empty answer column.
const INFO_WIDTH: usize = 720;
/// Where the question column ends: a line wider was cut there before.
const QUESTION_WIDTH: usize = 434;

#[test]
fn every_hand_of_a_duel_is_in_sight_in_whole_words() {
    let duel = TwoPlayers::start_with("Alice:f", 4, "helper-four", &["--helper"], "");
    let font = test_font(&duel.xa.client());
    // The spell table: S starts Missile (S D), Anti-spell (S P F) and Fear
    // (S W D); D starts Amnesia (D P P), Confusion (D S F) and Cure Light
    // Wounds (D F W). No spell is one gesture long but Shield (P), so
    // turn 1 casts nothing and turn 2's gesture phase follows.
    duel.alice.choose_gesture(0, SNAP);
    duel.alice.choose_gesture(1, DIGIT);
    duel.alice.end();
    duel.bob.choose_gesture(0, SNAP);
    duel.bob.choose_gesture(1, SNAP);
    duel.bob.end();
    let alice = "Alice, gestures to go, left: Missile 1, Anti-spell 2, Fear 2; \
                 right: Amnesia 2, Confusion 2, Cure Light Wounds 2";
    let bob = "Bob, gestures to go, left: Missile 1, Anti-spell 2, Fear 2; \
               right: Missile 1, Anti-spell 2, Fear 2";
    let width = |line: &str| {
        drawn_text(&duel.xa.client(), &font, line)
            .first()
            .map_or(0, Vec::len)
    };
    assert!(
        width(alice) > QUESTION_WIDTH && width(alice) <= INFO_WIDTH,
        "the test's line is {} pixels wide in {font}: choose another position",
        width(alice)
    );
    duel.alice.wait_gesture_phase();
    wait_for_line(&duel.xa, &font, &duel.alice, 1, alice);
    wait_for_line(&duel.xa, &font, &duel.alice, 2, bob);
}

#[test]
fn without_the_helper_the_window_is_the_originals() {
    let (_x, _game, alice, _font) = snap_then_wait(false, "Alice", "helper-off");
    assert_eq!(alice.ink(second_row(&alice)), 0, "no helper line");
}

/// F1 (X11's keysymdef.h).
const F1: u32 = 0xffbe;

/// Column-trimmed ink of `rows` limited to the first `w` columns, re-cropped
/// to the rows that hold ink (to compare a line's opening words).
fn opening(rows: &[Vec<bool>], w: usize) -> Vec<Vec<bool>> {
    let cut: Vec<Vec<bool>> = rows.iter().map(|r| r[..w.min(r.len())].to_vec()).collect();
    let inked = |r: &&Vec<bool>| r.iter().any(|&b| b);
    let top = cut.iter().position(|r| inked(&r)).unwrap_or(0);
    let bottom = cut.iter().rposition(|r| inked(&r)).unwrap_or(0);
    cut[top..=bottom.max(top)].to_vec()
}

#[test]
fn the_helper_key_shows_the_computers_suggestion() {
    let x = Xvfb::start();
    let probe = x.client();
    let font = test_font(&probe);
    let m = metrics(&probe, &font);
    x.load_resources(&format!(
        "spellcast*name: Alice:f\nspellcast*font: {font}\nspellcast*helper: on\n"
    ));
    let _game = GameProcess::start(
        &x.display(),
        &["--computer=easy".to_string()],
        4,
        "helper-key",
    );
    let alice = Player::find(&x, "Alice (White: computer, easy)", 0, m);
    alice.wait_gesture_phase();
    // Turn 1: no gesture made yet, so no helper line under the phase's.
    assert_eq!(alice.ink(second_row(&alice)), 0, "nothing under way yet");
    alice.move_to((400, 300));
    alice.client.key(F1);
    let want = drawn_text(&x.client(), &font, "Suggestion (computer):");
    let width = want.first().map_or(0, Vec::len);
    wait_until("the suggestion line", || {
        let shown = alice.text_in(second_row(&alice));
        shown.first().is_some_and(|r| r.len() > width) && opening(&shown, width) == want
    });
}
