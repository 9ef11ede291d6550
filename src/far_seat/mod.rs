//! `spellcast --seat`: a person's window at the far end of the seat
//! protocol. The game that hosts the duel starts this as a program
//! (`--program="ssh bob@oak spellcast --seat"`); it speaks the protocol on
//! standard input and output and shows the wizard's window on its own
//! `$DISPLAY`, fed from the protocol's messages only (`far_view.rs`,
//! `asked.rs`), so no X traffic crosses the network and the window never
//! knows more than the seat is told. `host_link.rs` carries the lines;
//! `seat_loop.rs` plays the phases in the window.
//!
//! The `ready` reply says `"person": true`, so the host waits minutes, not
//! seconds, for each reply (man/spellcast-protocol.5). A `hello` followed
//! by the end of the input (the host only probing the command) opens no
//! window at all.

mod asked;
mod far_view;
mod hello_check;
mod host_link;
mod seat_loop;

use std::process::ExitCode;
use std::sync::mpsc::{channel, Receiver};

use crate::outside_text::{one_line, MAX_LINE_CHARS, MAX_QUOTED_CHARS};
use crate::seat::message::{Hello, Message};
use crate::x11::display::{connect::connect_all, hint, Connected, DisplayError, Msg};
use crate::x11::layout;
use crate::x11::window::PlayerWindow;
pub use far_view::FarView;

/// Plays one seat from standard input and output, its window on
/// `display` (None: `$DISPLAY`), with the learner's helper if `helper`
/// (or the display's `spellcast*helper` resource) asks.
pub fn run(display: Option<String>, helper: bool) -> ExitCode {
    let (tx, rx) = channel();
    host_link::spawn_reader(tx.clone());
    let hello = match first_hello(&rx) {
        Ok(Some(hello)) => hello,
        // A broken link has said why.
        Ok(None) if host_link::was_broken() => return host_link::status(),
        Ok(None) => return fail("the game's input ended before its hello"),
        Err(e) => return fail(&e),
    };
    // The window offers the book's gestures and lists its spells.
    let hello_check::Table { names, me, rules } = match hello_check::check(&hello) {
        Ok(table) => table,
        Err(why) => return fail(&why),
    };
    // The display is opened before `ready`, so a host probing this command
    // shows a display that cannot be opened as its start-up error, and the
    // far player's `spellcast*name` names his wizard.
    let connected = match open_display(display.as_deref()) {
        Ok(c) => c,
        Err(why) => return fail(&why),
    };
    let mut ready = serde_json::json!({"ready": true, "person": true, "name": "spellcast --seat"});
    if let Some(name) = &connected.name {
        ready["wizard"] = serde_json::Value::String(name.clone());
    }
    if !host_link::reply(&ready) {
        return ExitCode::from(1);
    }
    // A probe ends here, before any window opens.
    let first = match rx.recv() {
        Ok(Msg::Host(Some(line))) => line,
        _ => return host_link::status(),
    };
    let screen = display
        .clone()
        .unwrap_or_else(|| std::env::var("DISPLAY").unwrap_or_default());
    let origin = layout::window_origins(&[layout::screen_key(&screen)])
        .pop()
        .unwrap_or((0, 0));
    let connected_helper = connected.helper;
    let title = crate::x11::book::window_title(&hello.you, rules, false, &[]);
    let opened = match connected.open_window(&title, names.len(), origin) {
        Ok(d) => d,
        Err(e) => return fail(&e.to_string()),
    };
    let helper = helper || connected_helper;
    let mut window = PlayerWindow::new(me, names.clone(), opened.font.clone());
    window.set_helper(helper);
    let link = opened.start(0, tx);
    let mut seat = seat_loop::FarSeat::new(window, link, FarView::new(names, rules));
    seat.host_line(&first);
    let status = seat.run(&rx);
    match host_link::was_broken() {
        true => ExitCode::from(1),
        false => status,
    }
}

/// Connects to `display` (None: `$DISPLAY`). With neither, it refuses
/// rather than guess: ssh sets no `$DISPLAY`, and a guessed `:0` could be
/// a screen that is not the far player's.
fn open_display(display: Option<&str>) -> Result<Connected, String> {
    let named = match display {
        Some(d) => Some(d.to_string()),
        None => std::env::var("DISPLAY").ok().filter(|d| !d.is_empty()),
    };
    let Some(name) = named else {
        return Err(
            "no display: $DISPLAY is not set here (ssh sets none); name it: spellcast --seat :0"
                .to_string(),
        );
    };
    match connect_all(&[Some(name.clone())]).pop() {
        Some(Ok(c)) => Ok(c),
        Some(Err(DisplayError::Open { display, reason })) => {
            let line = format!("cannot open display {display}: {reason}");
            Err(match hint::open_hint(&name, &reason) {
                Some(hint) => format!("{line}; {hint}"),
                None => line,
            })
        }
        Some(Err(e)) => Err(e.to_string()),
        None => Err(format!("cannot open display {name}")),
    }
}

/// Waits for the host's `hello`; None if the link closes first.
fn first_hello(rx: &Receiver<Msg>) -> Result<Option<Hello>, String> {
    loop {
        match rx.recv() {
            Ok(Msg::Host(Some(line))) => match serde_json::from_str::<Message>(&line) {
                Ok(Message::Hello(hello)) => return Ok(Some(hello)),
                _ => {
                    let got = one_line(&line, MAX_QUOTED_CHARS);
                    return Err(format!(
                        "the first line must be the host's hello, a JSON object \
                         (spellcast-protocol(5)); got {got:?}: a host game starts this \
                         program as --program=\"ssh bob@oak spellcast --seat :0\""
                    ));
                }
            },
            Ok(Msg::Host(None)) | Err(_) => return Ok(None),
            Ok(_) => {}
        }
    }
}

/// One line on standard error and status 1.
fn fail(why: &str) -> ExitCode {
    host_link::tell(&one_line(why, MAX_LINE_CHARS));
    ExitCode::from(1)
}
