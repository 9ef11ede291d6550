//! The reader thread of one display: X events in, [`Input`] for the game
//! loop out.

use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::thread::JoinHandle;

use x11rb::connection::Connection;
use x11rb::protocol::xproto::{ConnectionExt as _, KeyButMask, Mapping, Window};
use x11rb::protocol::Event;
use x11rb::rust_connection::RustConnection;

use super::stop::Alive;
use super::Msg;
use crate::x11::input::Input;
use crate::x11::keys::{Key, Keymap};
use crate::x11::layout::Rect;

/// Starts the reader thread of player `player`'s display.
pub(super) fn spawn(
    conn: Arc<RustConnection>,
    window: Window,
    keymap: Keymap,
    wm_delete: u32,
    tx: Sender<Msg>,
    player: usize,
    alive: Alive,
) -> JoinHandle<()> {
    std::thread::spawn(move || {
        run(conn, window, keymap, wm_delete, tx, player);
        drop(alive);
    })
}

fn run(
    conn: Arc<RustConnection>,
    window: Window,
    mut keymap: Keymap,
    wm_delete: u32,
    tx: Sender<Msg>,
    player: usize,
) {
    loop {
        let event = match conn.wait_for_event() {
            Ok(e) => e,
            Err(_) => {
                let _ = tx.send(Msg::Gone(player));
                return;
            }
        };
        let input = match event {
            Event::ButtonPress(e) if e.event == window && (1..=3).contains(&e.detail) => {
                Some(Input::Press {
                    button: e.detail,
                    x: e.event_x.into(),
                    y: e.event_y.into(),
                })
            }
            Event::ButtonRelease(e) if e.event == window && (1..=3).contains(&e.detail) => {
                Some(Input::Release {
                    button: e.detail,
                    x: e.event_x.into(),
                    y: e.event_y.into(),
                })
            }
            Event::MotionNotify(e) if e.event == window => Some(Input::Motion {
                x: e.event_x.into(),
                y: e.event_y.into(),
            }),
            Event::KeyPress(e) => {
                let shifted =
                    e.state.contains(KeyButMask::SHIFT) ^ e.state.contains(KeyButMask::LOCK);
                let control = e.state.contains(KeyButMask::CONTROL);
                match keymap.key(e.detail, shifted, control) {
                    Key::Other => None,
                    k => Some(Input::Key(k)),
                }
            }
            Event::Expose(e) if e.window == window => Some(Input::Expose(Rect::new(
                e.x.into(),
                e.y.into(),
                e.width.into(),
                e.height.into(),
            ))),
            Event::ClientMessage(e) if e.format == 32 && e.data.as_data32()[0] == wm_delete => {
                Some(Input::Close)
            }
            Event::DestroyNotify(e) if e.window == window => {
                // Another client destroyed the window: the player leaves,
                // and nothing more will come from this display.
                let _ = tx.send(Msg::Input(player, Input::Close));
                return;
            }
            Event::MappingNotify(e) if e.request == Mapping::KEYBOARD => {
                // Rare (keyboard remapped): one round trip, on this thread only.
                let s = conn.setup();
                let (min, max) = (s.min_keycode, s.max_keycode);
                if let Ok(Ok(r)) = conn
                    .get_keyboard_mapping(min, max.saturating_sub(min).saturating_add(1))
                    .map(|c| c.reply())
                {
                    keymap = Keymap::new(min, r.keysyms_per_keycode, r.keysyms);
                }
                None
            }
            _ => None,
        };
        if let Some(input) = input {
            if tx.send(Msg::Input(player, input)).is_err() {
                return;
            }
        }
    }
}
