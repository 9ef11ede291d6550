//! `spellcast --seat`: a person's window at the far end of the seat
//! protocol. The host game runs Alice's window on one display and
//! `spellcast --seat` as a program seat whose window is on a second display
//! (as `ssh bob@oak spellcast --seat` would put it on Bob's desktop); the
//! far wizard (White, the first unused default name) is played through that
//! window with XTEST, waiting on drawn pixels only.

use crate::common;
use crate::x11_ui;

use common::xvfb::{Xvfb, WAIT};
use x11_ui::{load, metrics, test_font, wait_until, GameProcess, Player, END_LABEL};

const PALM: i32 = 1;
const WAVE: i32 = 4;
const STAB: i32 = 7;

/// Alice's host game and White's far window, each on its own display.
struct FarDuel {
    game: GameProcess,
    alice: Player,
    white: Player,
    _xa: Xvfb,
    _xb: Xvfb,
}

fn start(tag: &str) -> FarDuel {
    let xa = Xvfb::start();
    let xb = Xvfb::start();
    let probe = xa.client();
    let font = test_font(&probe);
    let m = metrics(&probe, &font);
    load(&xa, Some("Alice:f"), &font);
    load(&xb, Some("Bob"), &font);
    let seat = format!(
        "--program={} --seat {}",
        env!("CARGO_BIN_EXE_spellcast"),
        xb.display()
    );
    let game = GameProcess::start(&xa.display(), &[seat], 7, tag);
    let alice = Player::find(&xa, "Alice", 0, m);
    // The host names the far wizard; its window is column 1 of the grid.
    let white = Player::find(&xb, "White", 1, m);
    FarDuel {
        game,
        alice,
        white,
        _xa: xa,
        _xb: xb,
    }
}

/// Whether the window's button reads Quit (far shorter than End Move).
fn quitting(p: &Player, end_move: usize) -> bool {
    p.ink(END_LABEL) * 10 < end_move * 7
}

/// Alice stabs White, who waves and speaks; White sees his wound in his
/// own status list, then surrenders (both palms, answering his shields'
/// questions in his window); both windows end the duel, and both save
/// their transcripts.
#[test]
fn a_duel_played_through_the_far_window_to_its_end() {
    let duel = start("seat-duel");
    let (alice, white) = (&duel.alice, &duel.white);

    // Turn 1.
    alice.choose_gesture(1, STAB);
    let end_move = alice.ink(END_LABEL);
    alice.end();
    white.choose_gesture(0, WAVE);
    white.say("good luck");
    white.end();
    alice.wait_answering(0, 3);
    alice.end();

    // Turn 2: White's row (his own first) shows fewer hit points than Alice's.
    white.wait_gesture_phase();
    assert_ne!(
        white.shot(white.hp_area(0)).rgb,
        white.shot(white.hp_area(1)).rgb,
        "the stab is shown in the far window's status list"
    );
    assert!(
        white.ink(Player::picture_area(0, 1, 6)) > 40,
        "Alice's stab is in her column of the far window"
    );
    white.choose_gesture(0, PALM);
    white.choose_gesture(1, PALM);
    white.end();
    alice.end();
    white.wait_answering(0, 3);
    white.end();
    wait_until("White's window to end the duel", || {
        quitting(white, end_move)
    });
    wait_until("Alice's window to end the duel", || {
        quitting(alice, end_move)
    });
    white.answer(0, 2, 1);
    white.quit();
    alice.answer(0, 2, 1);
    alice.quit();
    let mut game = duel.game;
    let (status, out, err) = game.wait(WAIT);
    assert!(status.success(), "exit status {status}; stderr: {err}");
    assert!(!err.contains("panicked"), "stderr: {err}");
    let transcript = std::fs::read_to_string(out.trim()).expect("the host's transcript");
    assert!(transcript.contains("+++ Alice has won +++"), "{transcript}");
    assert!(
        transcript.contains("White says \"good luck\""),
        "{transcript}"
    );
    // The far seat's transcript path comes through the host's standard error.
    let far = err
        .lines()
        .filter_map(|l| l.split_whitespace().last())
        .find(|w| w.contains("spellcast-"))
        .unwrap_or_else(|| panic!("no far transcript named: {err}"));
    let far_text = std::fs::read_to_string(far).expect("the far transcript");
    assert!(far_text.contains("You say \"good luck\""), "{far_text}");
    assert!(far_text.contains("Alice"), "{far_text}");
}

/// The far seat's process: the game's child whose command line has `--seat`.
fn far_seat_pid(game: u32) -> Option<u32> {
    let tasks = std::fs::read_dir(format!("/proc/{game}/task")).ok()?;
    tasks
        .flatten()
        .filter_map(|t| std::fs::read_to_string(t.path().join("children")).ok())
        .flat_map(|c| {
            c.split_whitespace()
                .filter_map(|p| p.parse::<u32>().ok())
                .collect::<Vec<_>>()
        })
        .find(|pid| {
            std::fs::read(format!("/proc/{pid}/cmdline"))
                .is_ok_and(|c| String::from_utf8_lossy(&c).contains("--seat"))
        })
}

/// The link is cut in the middle of the duel (the far seat's process is
/// killed while White is choosing his gestures): White leaves, surrendering,
/// and Alice's game goes on to its end without him.
#[test]
fn a_cut_link_makes_the_far_wizard_leave_and_the_duel_goes_on() {
    let duel = start("seat-cut");
    let (alice, white) = (&duel.alice, &duel.white);
    alice.choose_gesture(0, WAVE);
    let end_move = alice.ink(END_LABEL);
    white.wait_gesture_phase();
    let pid = far_seat_pid(duel.game.pid()).expect("the far seat is the game's child");
    let killed = std::process::Command::new("kill")
        .args(["-9", &pid.to_string()])
        .status()
        .expect("run kill");
    assert!(killed.success());
    alice.end();
    wait_until("Alice's window to end the duel", || {
        quitting(alice, end_move)
    });
    alice.answer(0, 2, 1);
    alice.quit();
    let mut game = duel.game;
    let (status, out, err) = game.wait(WAIT);
    assert!(status.success(), "exit status {status}; stderr: {err}");
    let transcript = std::fs::read_to_string(out.trim()).expect("the host's transcript");
    assert!(transcript.contains("+++ Alice has won +++"), "{transcript}");
    assert!(
        err.contains("White") && err.contains("surrenders"),
        "one line names the far seat: {err}"
    );
}
