//! `--watch`: a spectator's window on a duel nobody plays. Two easy
//! computers duel; `$DISPLAY` only watches (`--watch=` names it), at a fast
//! `--pace` so the test is short. The window shows both wizards' gestures
//! as they are revealed, the duel's text, and Quit at the end, which ends
//! the program with the transcript saved.

use crate::common;
use crate::x11_ui;

use common::xvfb::{Xvfb, WAIT};
use x11_ui::{load, metrics, test_font, wait_until, Area, GameProcess, Player, END_LABEL};

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
    watcher.quit();
    let (status, out, err) = game.wait(WAIT);
    assert!(status.success(), "exit status {status}; stderr: {err}");
    let transcript = std::fs::read_to_string(out.trim()).expect("the transcript");
    assert!(
        transcript.contains("has won +++") || transcript.contains("draw"),
        "{transcript}"
    );
}
