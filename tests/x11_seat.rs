//! `spellcast --seat`: a person's window at the far end of the seat
//! protocol. The host game runs Alice's window on one display and
//! `spellcast --seat` as a program seat whose window is on a second display
//! (as `ssh bob@oak spellcast --seat :0` would put it on Bob's desktop),
//! started without `$DISPLAY` as ssh starts it; the far wizard is named by
//! the far display's `spellcast*name` (Bob) and played through that window
//! with XTEST, waiting on drawn pixels only. A host line the far seat
//! cannot read is told in one escaped, capped line (`x11_ui/far.rs` plays
//! the host).

use crate::common;
use crate::x11_ui;

use common::xvfb::{Xvfb, WAIT};
use x11_ui::{load, metrics, test_font, wait_until, Area, GameProcess, Player, END_LABEL};

const PALM: i32 = 1;
const WAVE: i32 = 4;
const STAB: i32 = 7;

/// Alice's host game and Bob's far window, each on its own display.
struct FarDuel {
    game: GameProcess,
    alice: Player,
    bob: Player,
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
    // As ssh runs it: no $DISPLAY, the display named after --seat.
    let seat = format!(
        "--program=env -u DISPLAY {} --seat {}",
        env!("CARGO_BIN_EXE_spellcast"),
        xb.display()
    );
    let game = GameProcess::start(&xa.display(), &[seat], 7, tag);
    let alice = Player::find(&xa, "Alice", 0, m);
    // The far display's resource names the far wizard (not the host's
    // default, White); its window is column 1 of the grid.
    let bob = Player::find(&xb, "Bob", 1, m);
    FarDuel {
        game,
        alice,
        bob,
        _xa: xa,
        _xb: xb,
    }
}

/// Whether the window's button reads Quit (far shorter than End Move).
fn quitting(p: &Player, end_move: usize) -> bool {
    p.ink(END_LABEL) * 10 < end_move * 7
}

/// Alice stabs Bob, who waves and speaks; Bob sees his wound in his
/// own status list, then surrenders (both palms, answering his shields'
/// questions in his window); both windows end the duel, and both save
/// their transcripts.
#[test]
fn a_duel_played_through_the_far_window_to_its_end() {
    let duel = start("seat-duel");
    let (alice, bob) = (&duel.alice, &duel.bob);

    // Turn 1.
    alice.choose_gesture(1, STAB);
    let end_move = alice.ink(END_LABEL);
    alice.end();
    bob.choose_gesture(0, WAVE);
    bob.say("good luck");
    bob.end();
    alice.wait_answering(0, 3);
    alice.end();

    // Turn 2: Bob's row (his own first) shows fewer hit points than Alice's.
    bob.wait_gesture_phase();
    assert_ne!(
        bob.shot(bob.hp_area(0)).rgb,
        bob.shot(bob.hp_area(1)).rgb,
        "the stab is shown in the far window's status list"
    );
    assert!(
        bob.ink(Player::picture_area(0, 1, 6)) > 40,
        "Alice's stab is in her column of the far window"
    );
    bob.choose_gesture(0, PALM);
    bob.choose_gesture(1, PALM);
    bob.end();
    alice.end();
    bob.wait_answering(0, 3);
    bob.end();
    wait_until("Bob's window to end the duel", || quitting(bob, end_move));
    wait_until("Alice's window to end the duel", || {
        quitting(alice, end_move)
    });
    bob.answer(0, 2, 1);
    // The first Quit saves the far transcript and shows where in the far
    // window (over ssh its standard error reaches only the host): the
    // question row goes and the window stays for a second Quit.
    let question = Area {
        x: 40,
        y: 622,
        w: 720,
        h: 96,
    };
    let asked = bob.ink(question);
    wait_until("the far window to save its transcript and stay up", || {
        bob.end();
        let pressed = std::time::Instant::now();
        while pressed.elapsed() < std::time::Duration::from_millis(1500) {
            if bob.ink(question) + 100 < asked {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(15));
        }
        false
    });
    assert!(
        !bob.client.find_windows(&bob.title).is_empty(),
        "the far window stays up to show the transcript's path"
    );
    bob.quit();
    alice.answer(0, 2, 1);
    alice.quit();
    let mut game = duel.game;
    let (status, out, err) = game.wait(WAIT);
    assert!(status.success(), "exit status {status}; stderr: {err}");
    assert!(!err.contains("panicked"), "stderr: {err}");
    let transcript = std::fs::read_to_string(out.trim()).expect("the host's transcript");
    assert!(transcript.contains("+++ Alice has won +++"), "{transcript}");
    assert!(
        transcript.contains("Bob says \"good luck\""),
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
/// killed while Bob is choosing his gestures): Bob leaves, surrendering,
/// and Alice's game goes on to its end without him.
#[test]
fn a_cut_link_makes_the_far_wizard_leave_and_the_duel_goes_on() {
    let duel = start("seat-cut");
    let (alice, bob) = (&duel.alice, &duel.bob);
    alice.choose_gesture(0, WAVE);
    let end_move = alice.ink(END_LABEL);
    bob.wait_gesture_phase();
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
        err.contains("Bob") && err.contains("surrenders"),
        "one line names the far seat: {err}"
    );
}

/// As ssh starts it, the far seat has no `$DISPLAY`: named no display, it
/// refuses before `ready`, so the host's check of the command shows the
/// reason on one line and ends with status 2 before any window opens.
#[test]
fn a_far_seat_without_a_display_is_refused_at_the_start() {
    let xa = Xvfb::start();
    let font = test_font(&xa.client());
    load(&xa, Some("Alice"), &font);
    let seat = format!(
        "--program=env -u DISPLAY {} --seat",
        env!("CARGO_BIN_EXE_spellcast")
    );
    let mut game = GameProcess::start(&xa.display(), &[seat], 7, "seat-nodisplay");
    let (status, _, err) = game.wait(WAIT);
    assert_eq!(status.code(), Some(2), "stderr: {err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(
        err.contains("cannot start")
            && err.contains("$DISPLAY is not set")
            && err.contains("--seat :0"),
        "the far seat's reason and what to write: {err}"
    );
    assert!(xa.client().find_windows("Spellcast: Alice").is_empty());
}

/// The longest "not understood" line: the program's name, then at most
/// 400 characters of message (`outside_text::MAX_LINE_CHARS`).
const MOST_LINE_CHARS: usize = "spellcast --seat: ".len() + 400;

/// A host whose lines the far seat cannot read, once its window is up: one
/// with an escape sequence and a line break inside a JSON string (which
/// the parser's message repeats), then one of 500 KB. Each is told in one
/// line on standard error, its control characters escaped and its length
/// capped; nothing the host wrote forges a line of its own.
#[test]
fn lines_from_the_game_not_understood_are_told_in_one_clean_line() {
    let x = Xvfb::start();
    let mut seat = x11_ui::far::FarSeat::start(&x.display());
    assert!(seat.send(x11_ui::far::hello("Bob", &["Alice:f", "Bob"]).as_bytes()));
    let forged = r#"{"type": "\u001b]0;owned\u0007\nspellcast: all is well"}"#;
    assert!(seat.send(forged.as_bytes()));
    let huge = format!(r#"{{"type": "{}"}}"#, "x".repeat(500 * 1024));
    assert!(seat.send(huge.as_bytes()));
    let told: Vec<String> = (0..2)
        .map(|_| seat.next_error(WAIT).expect("a line on standard error"))
        .collect();
    for line in &told {
        assert!(
            line.starts_with("spellcast --seat: a line from the game not understood: "),
            "{line}"
        );
        assert!(!line.chars().any(char::is_control), "{line:?}");
        assert!(
            line.chars().count() <= MOST_LINE_CHARS,
            "{} chars",
            line.len()
        );
    }
    assert!(
        told[0].contains("\\u{1b}]0;owned\\u{7}\\nspellcast: all is well"),
        "{}",
        told[0]
    );
    assert!(told[1].contains('…'), "the 500 KB line is cut: {}", told[1]);
    seat.close_input();
    let ended = seat.end(&x.client(), "Spellcast: Bob", WAIT, "not understood");
    assert!(!ended.by_itself, "the window stays up for its person");
    assert_eq!(ended.errors, told, "nothing else on standard error");
}

/// A host that goes on after `end` (a new phase, then a round) is told
/// once that it is ignored: the window keeps its transcript question, so
/// a question of the new phase whose default is its second option is not
/// read as the Yes that saves a transcript nobody asked for.
#[test]
fn lines_after_the_end_leave_the_transcript_question_alone() {
    let host = crate::fuzz_far_seat::recorded_host("spellcast");
    let kind = |line: &str| {
        let v: serde_json::Value = serde_json::from_str(line).expect("a recorded line");
        v["type"].as_str().unwrap_or_default().to_string()
    };
    let find = |k: &str| {
        host.iter()
            .find(|l| kind(l) == k)
            .unwrap_or_else(|| panic!("a recorded {k}"))
            .clone()
    };
    let mut asked: serde_json::Value = serde_json::from_str(&find("questions")).expect("JSON");
    let second = asked["questions"][0]["options"][1].clone();
    asked["questions"][0]["default"] = second;
    let x = Xvfb::start();
    let mut seat = x11_ui::far::FarSeat::start(&x.display());
    for line in [
        host[0].clone(),
        find("end"),
        asked.to_string(),
        find("round"),
    ] {
        assert!(seat.send(line.as_bytes()));
    }
    let told = seat.next_error(WAIT).expect("a line on standard error");
    assert_eq!(
        told,
        "spellcast --seat: the game wrote after the duel's end: ignored"
    );
    seat.close_input();
    let ended = seat.end(&x.client(), "Spellcast: ", WAIT, "after the end");
    assert!(!ended.by_itself, "the window waits for its person");
    assert_eq!(ended.errors, [told], "no transcript saved");
}
