//! Displays that go away: a window closed through the window manager, an X
//! server killed mid-duel, and one frozen with SIGSTOP. The others play on.

use crate::common;
use crate::x11_ui;

use std::process::Command;
use std::time::{Duration, Instant};

use common::xvfb::{Xvfb, WAIT};
use x11_ui::{
    artefact, load, metrics, test_font, wait_until, GameProcess, Player, TwoPlayers, END_LABEL,
};
use x11rb::protocol::xproto::ConnectionExt as _;

const PALM: i32 = 1;
const DIGIT: i32 = 2;

fn signal(pid: u32, sig: &str) {
    let ok = Command::new("kill")
        .args([sig, &pid.to_string()])
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    assert!(ok, "kill {sig} {pid}");
}

/// Bob closes his window: it disappears, his wizard surrenders at the end of
/// the turn, Alice wins and quits; nobody asked for a transcript.
#[test]
fn closing_a_window_surrenders() {
    let mut duel = TwoPlayers::start("Alice", 5, "close");
    let (alice, bob) = (&duel.alice, &duel.bob);
    bob.wait_gesture_phase();
    bob.close_window("Spellcast: Bob");
    bob.client.wait_for_no_window("Spellcast: Bob", WAIT);
    alice.choose_gesture(0, DIGIT);
    alice.end();
    // The end: only Alice's transcript question (pre-filled No) and Quit.
    alice.wait_answering(0, 2);
    alice.quit();
    let (status, out, err) = duel.game.wait(WAIT);
    assert!(status.success(), "status {status}, stderr {err}");
    assert!(out.trim().is_empty(), "no transcript was asked for: {out}");
    assert!(err.contains("player 2 left"), "stderr: {err}");
    assert!(!err.contains("panicked"), "stderr: {err}");
}

/// The number of threads of process `pid`.
fn threads(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/task"))
        .map(|d| d.count())
        .unwrap_or(0)
}

/// Another client destroys Bob's window (`xdotool windowclose`, no window
/// manager involved): Bob leaves as if he had closed it, Alice wins, and
/// Bob's reader and writer threads are gone.
#[test]
fn a_window_destroyed_by_another_client_surrenders() {
    let mut duel = TwoPlayers::start("Alice", 5, "destroyed");
    let (alice, bob) = (&duel.alice, &duel.bob);
    bob.wait_gesture_phase();
    let pid = duel.game.pid();
    let before = threads(pid);
    let w = bob.client.find_windows("Spellcast: Bob")[0];
    bob.client.conn.destroy_window(w).unwrap();
    bob.client.sync();
    alice.choose_gesture(0, DIGIT);
    alice.end();
    alice.wait_answering(0, 2);
    wait_until("Bob's display threads to stop", || {
        threads(pid) + 2 == before
    });
    alice.quit();
    let (status, out, err) = duel.game.wait(WAIT);
    assert!(status.success(), "status {status}, stderr {err}");
    assert!(out.trim().is_empty(), "no transcript was asked for: {out}");
    assert!(err.contains("player 2 left"), "stderr: {err}");
}

/// Both windows of a duel destroyed by another client: the game ends.
#[test]
fn a_game_with_no_windows_left_ends() {
    let mut duel = TwoPlayers::start("Alice", 5, "nowindows");
    let (alice, bob) = (&duel.alice, &duel.bob);
    bob.wait_gesture_phase();
    for (p, title) in [(alice, "Spellcast: Alice"), (bob, "Spellcast: Bob")] {
        let w = p.client.find_windows(title)[0];
        p.client.conn.destroy_window(w).unwrap();
        p.client.sync();
    }
    let (status, _out, err) = duel.game.wait(WAIT);
    assert!(!err.contains("panicked"), "stderr: {err}");
    assert!(err.contains("player 1 left"), "stderr: {err}");
    assert!(status.code().is_some(), "status {status}");
}

/// Bob's X server is frozen (SIGSTOP) in the gesture phase while nothing is
/// drawn: once Alice has ended her move and waits for him, a cheap probe finds
/// Bob's display dead within seconds and the duel goes on.
#[test]
fn a_display_frozen_while_quiet_is_dropped() {
    let (mut game, alice, _xa, thaw) = with_bob_frozen("quietfreeze");
    alice.end();
    let waited = Instant::now();
    alice.wait_answering(0, 2);
    assert!(
        waited.elapsed() < Duration::from_secs(15),
        "Bob was dropped only after {:?}",
        waited.elapsed()
    );
    alice.quit();
    let (status, _out, err) = game.wait(WAIT);
    drop(thaw);
    assert!(status.success(), "status {status}, stderr {err}");
    assert!(err.contains("stopped answering"), "stderr: {err}");
}

/// Morgan's X server dies mid-duel in a three-player game: the program keeps
/// running, Alice and Bob finish the duel (Alice surrenders, Bob wins).
#[test]
fn a_dead_display_does_not_stop_the_others() {
    let xs: Vec<Xvfb> = (0..3).map(|_| Xvfb::start()).collect();
    let probe = xs[0].client();
    let font = test_font(&probe);
    let m = metrics(&probe, &font);
    for (x, name) in xs.iter().zip(["Alice", "Bob", "Morgan"]) {
        load(x, Some(name), &font);
    }
    let mut game = GameProcess::start(
        &xs[0].display(),
        &[xs[1].display(), xs[2].display()],
        9,
        "dead",
    );
    let alice = Player::find(&xs[0], "Alice", 0, m);
    let bob = Player::find(&xs[1], "Bob", 1, m);
    let morgan = Player::find(&xs[2], "Morgan", 2, m);
    morgan.wait_gesture_phase();
    let mut xs = xs;
    drop(morgan);
    drop(xs.pop()); // SIGTERM: Morgan's server is gone
    alice.choose_gesture(0, PALM);
    alice.choose_gesture(1, PALM);
    alice.end();
    bob.end();
    assert!(game.running(), "the game survived a dead display");
    // Alice's palms also cast two Shields (targets: nobody and three wizards).
    alice.wait_answering(0, 4);
    alice.end();
    // Alice surrendered and Morgan withdrew: Bob has won; everyone quits.
    alice.wait_answering(0, 2);
    // Bob's window may still be catching up (a busy machine): press his
    // Quit only once it shows, or the label's own change reads as a press
    // taken. Alice's button, not yet pressed, shows the same Quit.
    let quit_label = alice.shot(END_LABEL).rgb;
    wait_until("Bob's Quit button", || {
        bob.shot(END_LABEL).rgb == quit_label
    });
    bob.quit();
    alice.quit();
    let (status, _out, err) = game.wait(WAIT);
    assert!(status.success(), "status {status}, stderr {err}");
    assert!(err.contains("player 3"), "Morgan's loss is reported: {err}");
    assert!(!err.contains("panicked"), "stderr: {err}");
}

/// Bob's X server is frozen (SIGSTOP) while Alice talks a lot (every line is
/// drawn in Bob's window too): Alice can still enter gestures and see them;
/// Bob is dropped once he is more than 3 seconds behind.
#[test]
fn a_frozen_display_does_not_freeze_the_others() {
    let (mut game, alice, _xa, thaw) = with_bob_frozen("frozen");
    // Many short lines: each one redraws the text pane of both windows.
    let start = Instant::now();
    let mut n = 0;
    while start.elapsed() < Duration::from_secs(4) {
        n += 1;
        alice.say(&n.to_string());
    }
    alice.choose_gesture(0, DIGIT);
    wait_until("Alice's digit in her bottom square", || {
        alice.ink(Player::picture_area(0, 0, 7)) > 40
    });
    alice.screenshot().write(artefact("frozen-alice.ppm"));
    alice.end();
    // Bob has been dropped: his wizard surrenders and Alice wins.
    alice.wait_answering(0, 2);
    alice.quit();
    let (status, _out, err) = game.wait(WAIT);
    drop(thaw);
    assert!(status.success(), "status {status}, stderr {err}");
    assert!(err.contains("stopped answering"), "stderr: {err}");
    assert!(!err.contains("panicked"), "stderr: {err}");
}

/// The process id of an Xvfb: the process holding its listening socket
/// (Xvfb started with -displayfd writes no lock file).
fn server_pid(x: &Xvfb) -> u32 {
    let n = x.display().trim_start_matches(':').to_string();
    let path = format!("/tmp/.X11-unix/X{n}");
    let table = std::fs::read_to_string("/proc/net/unix").expect("/proc/net/unix");
    let inodes: Vec<String> = table
        .lines()
        .filter(|l| l.ends_with(&path) || l.ends_with(&format!("@{path}")))
        .filter_map(|l| l.split_whitespace().nth(6).map(str::to_string))
        .collect();
    assert!(!inodes.is_empty(), "no socket {path}");
    for entry in std::fs::read_dir("/proc").expect("/proc").flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(fds) = std::fs::read_dir(entry.path().join("fd")) else {
            continue;
        };
        for fd in fds.flatten() {
            if let Ok(target) = std::fs::read_link(fd.path()) {
                let t = target.to_string_lossy();
                if inodes.iter().any(|i| t == format!("socket:[{i}]")) {
                    return pid;
                }
            }
        }
    }
    panic!("no process listens on {path}");
}

/// A duel of Alice and Bob in the gesture phase with Bob's X server stopped
/// (SIGSTOP): the game, Alice, her server (kept alive), and Bob's thaw guard.
fn with_bob_frozen(tag: &str) -> (GameProcess, Player, Xvfb, Thaw) {
    let TwoPlayers {
        game,
        alice,
        bob,
        xa,
        xb,
    } = TwoPlayers::start("Alice", 11, tag);
    bob.wait_gesture_phase();
    let bob_pid = server_pid(&xb);
    drop(bob);
    signal(bob_pid, "-STOP");
    (
        game,
        alice,
        xa,
        Thaw {
            pid: bob_pid,
            _server: xb,
        },
    )
}

/// Lets a stopped server run again (so that it can be shut down), then shuts
/// it down: the guard owns the server.
struct Thaw {
    pid: u32,
    _server: Xvfb,
}

impl Drop for Thaw {
    fn drop(&mut self) {
        signal(self.pid, "-CONT");
    }
}

/// Issue 16, item 1: a person who closes his own window in a duel against
/// a program surrenders, as against another person: the program is told
/// that its wizard (White) has won, not that the duel was drawn.
#[test]
fn closing_your_window_against_a_program_surrenders() {
    let x = Xvfb::start();
    let probe = x.client();
    let font = test_font(&probe);
    let m = metrics(&probe, &font);
    load(&x, Some("Alice:f"), &font);
    let heard = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("x11-leave-program-{}.jsonl", std::process::id()));
    let _ = std::fs::remove_file(&heard);
    // `tee` keeps every message the game sends the program. The random
    // player is seeded: unseeded, it surrendered (P P) in the same turn one
    // time in 36, and the duel was rightly a draw.
    let program = format!(
        "--program=tee {} | python3 tests/players/random_player.py 1",
        heard.display()
    );
    let mut game = GameProcess::start(&x.display(), &[program], 5, "leave-program");
    let alice = Player::find(&x, "Alice", 0, m);
    alice.wait_gesture_phase();
    alice.close_window("Spellcast: Alice");
    let (status, _out, err) = game.wait(WAIT);
    assert!(status.success(), "status {status}, stderr {err}");
    assert!(err.contains("player 1 left"), "stderr: {err}");
    let messages = std::fs::read_to_string(&heard).expect("the program's input");
    let end = messages
        .lines()
        .rfind(|l| l.contains("\"type\":\"end\""))
        .unwrap_or_else(|| panic!("no end message: {messages}"));
    assert!(end.contains("\"winner\":\"White\""), "{end}");
    assert!(!end.contains("\"draw\""), "{end}");
}
