//! Proves the Xvfb harness itself: private servers, resources, window lookup,
//! screenshots and XTEST input, before any game test relies on them.

use crate::common;

use common::xvfb::{keysym, XClient, Xvfb, WAIT};
use x11rb::connection::Connection;
use x11rb::protocol::xproto::{
    AtomEnum, ConnectionExt as _, CreateWindowAux, EventMask, KeyButMask, PropMode, WindowClass,
};
use x11rb::protocol::Event;
use x11rb::wrapper::ConnectionExt as _;

#[test]
fn two_servers_in_parallel_get_their_own_displays_and_resources() {
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(Xvfb::start);
        let b = s.spawn(Xvfb::start);
        (a.join().unwrap(), b.join().unwrap())
    });
    assert_ne!(a.display(), b.display());
    assert!(a.display().starts_with(':'), "display {:?}", a.display());

    a.load_resources("spellcast*name: Alice:f\nspellcast*font: fixed\n");
    b.load_resources("spellcast*name: Bob\n");
    for (server, name) in [(&a, "Alice:f"), (&b, "Bob")] {
        let c = server.client();
        let db = x11rb::resource_manager::new_from_default(&c.conn).unwrap();
        assert_eq!(
            db.get_string("spellcast.name", "Spellcast.Name"),
            Some(name)
        );
    }
    let c = a.client();
    let db = x11rb::resource_manager::new_from_default(&c.conn).unwrap();
    assert_eq!(
        db.get_string("spellcast.font", "Spellcast.Font"),
        Some("fixed")
    );
}

#[test]
fn server_stops_on_drop() {
    let display = {
        let x = Xvfb::start();
        x.client();
        x.display()
    };
    assert!(
        x11rb::connect(Some(&display)).is_err(),
        "{display} still accepts connections after drop"
    );
}

/// A plain window like the game's: titled, mapped at (100,100), white, listening to input.
fn open_window(c: &XClient, title: &str) -> u32 {
    let screen = &c.conn.setup().roots[0];
    let w = c.conn.generate_id().unwrap();
    let aux = CreateWindowAux::new()
        .background_pixel(screen.white_pixel)
        .event_mask(EventMask::KEY_PRESS | EventMask::BUTTON_PRESS | EventMask::EXPOSURE);
    c.conn
        .create_window(
            0,
            w,
            c.root,
            100,
            100,
            200,
            100,
            1,
            WindowClass::INPUT_OUTPUT,
            0,
            &aux,
        )
        .unwrap();
    c.conn
        .change_property8(
            PropMode::REPLACE,
            w,
            AtomEnum::WM_NAME,
            AtomEnum::STRING,
            title.as_bytes(),
        )
        .unwrap();
    c.conn.map_window(w).unwrap();
    c.sync();
    w
}

#[test]
fn finds_windows_takes_screenshots_and_fakes_input() {
    let x = Xvfb::start();
    let app = x.client();
    let w = open_window(&app, "Spellcast: Test");

    let tester = x.client();
    assert_eq!(tester.wait_for_window("Spellcast: Test", WAIT), w);
    assert!(tester.find_windows("Spellcast: Nobody").is_empty());
    assert_eq!(tester.geometry(w), (101, 101, 200, 100)); // inside the 1-px border

    // Xvfb's root is black; the window is white with a black border.
    let shot = tester.screenshot_root();
    assert_eq!((shot.width, shot.height), (1600, 1200));
    assert_eq!(shot.pixel(50, 50), (0, 0, 0));
    assert_eq!(shot.pixel(150, 150), (255, 255, 255));
    let win = tester.screenshot(w);
    assert_eq!((win.width, win.height), (200, 100));
    assert_eq!(win.pixel(0, 0), (255, 255, 255));
    assert!(win.to_bytes().starts_with(b"P6\n200 100\n255\n"));

    // Input arrives at the window under the pointer.
    tester.click(150, 130, 1);
    tester.type_text("aZ\n");
    tester.ctrl('k');
    tester.key(keysym::BACKSPACE);
    let mut buttons = Vec::new();
    let mut keys = Vec::new();
    while keys.len() < 5 {
        match app.conn.wait_for_event().unwrap() {
            Event::ButtonPress(e) => buttons.push((e.detail, e.event_x, e.event_y)),
            Event::KeyPress(e) => keys.push((e.detail, e.state)),
            _ => {}
        }
    }
    assert_eq!(buttons, vec![(1, 49, 29)]);
    let shift = KeyButMask::SHIFT;
    let control = KeyButMask::CONTROL;
    assert_eq!(keys[0].0, tester.keycode(keysym::of_char('a')).0);
    assert!(!keys[0].1.contains(shift));
    // 'Z' is Shift + the z key: the Shift press is itself a KeyPress.
    assert_eq!(keys[1].0, tester.keycode(keysym::SHIFT_L).0);
    assert_eq!(keys[2].0, tester.keycode(keysym::of_char('z')).0);
    assert!(keys[2].1.contains(shift));
    assert_eq!(keys[3].0, tester.keycode(keysym::RETURN).0);
    assert_eq!(keys[4].0, tester.keycode(keysym::CONTROL_L).0);
    let next = loop {
        if let Event::KeyPress(e) = app.conn.wait_for_event().unwrap() {
            break e;
        }
    };
    assert_eq!(next.detail, tester.keycode(keysym::of_char('k')).0);
    assert!(next.state.contains(control));
    app.conn.sync().unwrap();
}
