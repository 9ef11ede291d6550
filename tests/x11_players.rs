//! More than two players: window sizes, names from resources (with the
//! default names for rejected ones), and a round played on three displays.

use crate::common;
use crate::x11_ui;

use common::xvfb::{Xvfb, WAIT, WIDE_SIZE};
use x11_ui::{artefact, load, metrics, test_font, GameProcess, Player};

/// Three displays, one of which asks for the forbidden name `nobody`: it gets
/// the first default name, White, with a notice; all three windows are
/// 832×750, show three named columns, and a round is played to the next one.
#[test]
fn three_players_play_a_round() {
    let xs: Vec<Xvfb> = (0..3).map(|_| Xvfb::start()).collect();
    let probe = xs[0].client();
    let font = test_font(&probe);
    let m = metrics(&probe, &font);
    load(&xs[0], Some("Merlin"), &font);
    load(&xs[1], Some("nobody:f"), &font);
    load(&xs[2], Some("Morgan:f"), &font);
    let mut game = GameProcess::start(
        &xs[0].display(),
        &[xs[1].display(), xs[2].display()],
        3,
        "three",
    );
    let players = [
        Player::find(&xs[0], "Merlin", 0, m),
        Player::find(&xs[1], "White", 1, m),
        Player::find(&xs[2], "Morgan", 2, m),
    ];
    for p in &players {
        assert_eq!((p.width, p.height), (832, 750));
    }
    // Each player picks a gesture and ends the move.
    for p in &players {
        p.choose_gesture(1, 2 + p.column); // right hand: digit, fingers, wave
        p.end();
    }
    // The next round begins for everyone; each sees the others' gestures.
    for p in &players {
        p.wait_gesture_phase();
        for col in 0..3 {
            assert!(
                p.ink(Player::picture_area(col, 1, 6)) > 40,
                "player {} sees column {col}'s gesture",
                p.column
            );
            assert!(
                p.ink(Player::picture_area(col, 0, 6)) == 0,
                "left hands did nothing"
            );
        }
        // Three wizards at full health in the status list.
        for row in 0..3 {
            assert!(p.ink(p.hp_area(row)) > 0, "row {row} has hit points");
        }
        assert_eq!(p.ink(p.hp_area(3)), 0, "no fourth being");
    }
    players[2]
        .screenshot()
        .write(artefact("three-players-morgan.ppm"));
    assert!(game.running());
    let (_, _, err) = game.wait_or_kill();
    assert!(
        err.contains("player 2 cannot be called \"nobody\"; using \"White\""),
        "notice for the rejected name: {err}"
    );
}

/// Eight players (here all on one display): every window is 832 + 5×116
/// pixels wide, each one 40 px right of and below the one before; the display's one name goes to the first player and the
/// others, rejected as duplicates, get the default names in order.
#[test]
fn eight_player_windows_are_wider() {
    let x = Xvfb::start_with_size(WIDE_SIZE.0, WIDE_SIZE.1);
    let client = x.client();
    let font = test_font(&client);
    load(&x, Some("Merlin"), &font);
    let others: Vec<String> = (0..7).map(|_| x.display()).collect();
    let mut game = GameProcess::start(&x.display(), &others, 1, "eight");
    let mut corners = Vec::new();
    for name in [
        "Merlin", "White", "Black", "Red", "Green", "Blue", "Yellow", "Orange",
    ] {
        let w = client.wait_for_window(&format!("Spellcast: {name}"), WAIT);
        let (x, y, width, height) = client.geometry(w);
        assert_eq!((width, height), (832 + 5 * 116, 750), "{name}");
        corners.push((x, y));
    }
    // One screen: each further window is moved 40 px right and down.
    let expected: Vec<(i16, i16)> = (0..8).map(|k| (101 + 40 * k, 101 + 40 * k)).collect();
    assert_eq!(corners, expected, "windows cascade instead of stacking");
    assert!(game.running());
    let (_, _, err) = game.wait_or_kill();
    assert_eq!(
        err.lines()
            .filter(|l| l.contains("cannot be called"))
            .count(),
        7,
        "one notice per rejected name: {err}"
    );
}

/// A font resource the server does not have: a notice on standard error,
/// the next font of the chain is used, and the game starts all the same.
#[test]
fn unknown_font_falls_back_with_a_notice() {
    let xa = Xvfb::start();
    let xb = Xvfb::start();
    xa.load_resources("spellcast*font: -no-such-font-*\nspellcast*name: Ann\n");
    let font = test_font(&xb.client());
    load(&xb, Some("Ben"), &font);
    let mut game = GameProcess::start(&xa.display(), &[xb.display()], 2, "font");
    xa.client().wait_for_window("Spellcast: Ann", WAIT);
    xb.client().wait_for_window("Spellcast: Ben", WAIT);
    assert!(game.running());
    let (_, _, err) = game.wait_or_kill();
    assert!(
        err.contains("cannot load font \"-no-such-font-*\""),
        "notice for the missing font: {err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

/// Waiting players cost nothing: with eight windows open and everyone
/// thinking, the game uses no CPU time at all for a second.
#[test]
fn idle_game_uses_no_cpu() {
    let x = Xvfb::start_with_size(WIDE_SIZE.0, WIDE_SIZE.1);
    let client = x.client();
    let others: Vec<String> = (0..7).map(|_| x.display()).collect();
    let mut game = GameProcess::start(&x.display(), &others, 1, "idle");
    let names = [
        "White", "Black", "Red", "Green", "Blue", "Yellow", "Orange", "Purple",
    ];
    for name in names {
        client.wait_for_window(&format!("Spellcast: {name}"), WAIT);
    }
    // The window on top opens its gesture popup on a press: by then the
    // game has drawn the windows and handled their first events.
    let m = metrics(&client, &test_font(&client));
    let top = top_window(&client, &names);
    Player::find(&x, names[top], top as i32, m).wait_gesture_phase();
    let pid = game.pid();
    let ticks = || {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("stat");
        let fields: Vec<&str> = stat.rsplit(") ").next().unwrap().split(' ').collect();
        fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
    };
    // Finished drawing never wakes the game later: no settling time needed.
    let before = ticks();
    std::thread::sleep(std::time::Duration::from_secs(1));
    assert_eq!(ticks(), before, "CPU used while everyone thinks");
    assert!(game.running());
}

/// Which of the players' windows is on top (the root's children are listed
/// bottom to top).
fn top_window(client: &common::xvfb::XClient, names: &[&str]) -> usize {
    use x11rb::protocol::xproto::ConnectionExt as _;
    let tree = client
        .conn
        .query_tree(client.root)
        .expect("send QueryTree")
        .reply()
        .expect("QueryTree reply");
    tree.children
        .iter()
        .rev()
        .find_map(|&w| {
            let title = client.title(w)?;
            names
                .iter()
                .position(|n| title == format!("Spellcast: {n}"))
        })
        .expect("a spellcast window")
}

/// The text pane's scroll bar: a click above the thumb does nothing, a right
/// click on it scrolls back, a left click at the same height forward again,
/// and dragging the thumb scrolls too.
#[test]
fn text_scroll_bar_clicks_and_drags() {
    let xa = Xvfb::start();
    let xb = Xvfb::start();
    let probe = xa.client();
    let font = test_font(&probe);
    let m = metrics(&probe, &font);
    load(&xa, Some("Ann"), &font);
    load(&xb, Some("Ben"), &font);
    let _game = GameProcess::start(&xa.display(), &[xb.display()], 4, "scroll");
    let ann = Player::find(&xa, "Ann", 0, m);
    ann.wait_gesture_phase();
    for i in 0..60 {
        ann.say(&format!("line {i}"));
    }
    let text = x11_ui::Area {
        x: 32,
        y: 32,
        w: 400,
        h: 512,
    };
    let bar = |y: i32| (22, y);
    // Input is handled and drawn in order: once the gesture popup has
    // opened (and closed) after the typing, every line has been drawn.
    ann.wait_gesture_phase();
    let bottom = ann.shot(text);
    // The thumb covers the lower part of the bar. A click above it does
    // nothing (as in the original); clicks on it scroll by the pointer's
    // depth: back with the right button, forward again with the left.
    ann.click(bar(100), 3);
    ann.click(bar(530), 3);
    x11_ui::wait_until("scrolled back", || ann.shot(text) != bottom);
    let back = ann.shot(text);
    ann.click(bar(530), 1);
    x11_ui::wait_until("scrolled forward again", || ann.shot(text) == bottom);
    // The thumb is at the bottom of the bar: drag it up.
    ann.move_to(bar(535));
    ann.client.press(1);
    ann.move_to(bar(400));
    ann.client.release(1);
    x11_ui::wait_until("dragged back", || {
        let now = ann.shot(text);
        now != bottom && now != back
    });
}
