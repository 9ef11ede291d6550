//! `spellcast --replay FILE [DISPLAY]`: a saved duel (a script, such as
//! `spellcast match --save` writes) shown in a window as an observer saw
//! it, round by round. `frames.rs` plays the script once and keeps each
//! round's window; this loop shows one frame at a time in a fresh window
//! (so stepping back shows the text pane as it was) and reads the keys
//! that step: Space, `n` or Return forward, `p` or BackSpace back, `s` to
//! the start, `e` to the end, `q` to leave. The last frame shows Quit.

mod frames;
mod status_track;

use std::path::Path;
use std::process::ExitCode;
use std::sync::mpsc::channel;
use std::time::Instant;

use crate::input_file::{read_text, MAX_SCRIPT_BYTES};
use crate::outside_text::{one_line, MAX_LINE_CHARS};
use crate::x11::display::{connect::connect_all, Link, Msg};
use crate::x11::font::FontMetrics;
use crate::x11::input::Input;
use crate::x11::keys::Key;
use crate::x11::layout;
use crate::x11::question_pane::QuestionRow;
use crate::x11::scene::Source;
use crate::x11::window::{Action, PlayerWindow};
pub use frames::{Frames, Shown};

/// What a key asks of the replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// One round on.
    Next,
    /// One round back.
    Back,
    /// To the start.
    Start,
    /// To the end.
    End,
    /// Leave.
    Quit,
}

/// The step a key asks for, if any.
pub fn step_of(key: &Key) -> Option<Step> {
    match key {
        Key::Char(' ' | 'n') | Key::Return => Some(Step::Next),
        Key::Char('p' | 'b') | Key::BackSpace => Some(Step::Back),
        Key::Char('s' | '<') => Some(Step::Start),
        Key::Char('e' | '>') => Some(Step::End),
        Key::Char('q') => Some(Step::Quit),
        _ => None,
    }
}

/// The frame a step leads to from `at`, of `count` frames.
pub fn stepped(at: usize, step: Step, count: usize) -> usize {
    let last = count.saturating_sub(1);
    match step {
        Step::Next => (at + 1).min(last),
        Step::Back => at.saturating_sub(1),
        Step::Start => 0,
        Step::End | Step::Quit => last,
    }
}

/// Shows the saved duel in `path` on `display` (None: `$DISPLAY`), with
/// the learner's helper if `helper` (or `spellcast*helper`) asks.
pub fn run(path: &Path, display: Option<String>, helper: bool) -> ExitCode {
    let text = match read_text(path, MAX_SCRIPT_BYTES) {
        Ok(t) => t,
        Err(e) => return fail(2, &e.to_string()),
    };
    let frames = match Frames::of_script(&text) {
        Ok(f) => f,
        Err(e) => return fail(2, &e.to_string()),
    };
    let connected = match connect_all(std::slice::from_ref(&display)).pop() {
        Some(Ok(c)) => c,
        Some(Err(e)) => return fail(1, &e.to_string()),
        None => return fail(1, "no display"),
    };
    let screen = display.unwrap_or_else(|| std::env::var("DISPLAY").unwrap_or_default());
    let origin = layout::window_origins(&[layout::screen_key(&screen)])
        .pop()
        .unwrap_or((0, 0));
    let helper = helper || connected.helper;
    let title = replay_title(&frames);
    let opened = match connected.open_window(&title, frames.names.len(), origin) {
        Ok(d) => d,
        Err(e) => return fail(1, &e.to_string()),
    };
    let font = opened.font.clone();
    let (tx, rx) = channel();
    let mut link = opened.start(0, tx);
    let mut at = 0;
    let mut window = frame_window(&frames, at, &font, helper);
    loop {
        if !link.send(window.render()) {
            return ExitCode::SUCCESS;
        }
        let input = match rx.recv() {
            Ok(Msg::Input(_, input)) => input,
            Ok(Msg::Gone(_)) | Err(_) => return ExitCode::SUCCESS,
            Ok(_) => continue,
        };
        let step = match &input {
            Input::Key(k) => step_of(k),
            _ => None,
        };
        match step {
            Some(Step::Quit) => return leave(link),
            Some(step) => {
                let next = stepped(at, step, frames.len());
                if next != at {
                    at = next;
                    window = frame_window(&frames, at, &font, helper);
                }
            }
            None => {
                if window
                    .handle(input, Instant::now())
                    .contains(&Action::Leave)
                {
                    return leave(link);
                }
                let last = at + 1 == frames.len();
                if last && window.ended() && !window.busy() {
                    return leave(link);
                }
            }
        }
    }
}

/// The window's title: whose duel, and under which book if not the
/// original's (as the players' own windows name it).
fn replay_title(frames: &Frames) -> String {
    let duel = format!("replay of {}", frames.names.join(" vs "));
    crate::x11::book::window_title(&duel, frames.shown(0).rules(), false, &[])
}

/// A window showing frame `at`, drawn afresh.
fn frame_window(frames: &Frames, at: usize, font: &FontMetrics, helper: bool) -> PlayerWindow {
    let players = frames.names.len();
    let mut window = PlayerWindow::new(players, frames.names.clone(), font.clone());
    window.set_helper(helper);
    let shown = frames.shown(at);
    let count = frames.len();
    let info = format!(
        "Replay: round {at} of {}. Space: next, p: back, s: start, e: end, q: quit.",
        count.saturating_sub(1)
    );
    if at + 1 == count {
        let rows = vec![(0, QuestionRow::info(&info))];
        window.begin_end(&shown, rows, Instant::now());
    } else {
        window.begin_gestures(&shown, false, &info);
        window.wait(&shown);
    }
    window
}

fn leave(link: Link) -> ExitCode {
    link.close();
    ExitCode::SUCCESS
}

/// One line on standard error and the status.
fn fail(status: u8, why: &str) -> ExitCode {
    eprintln!("spellcast: --replay: {}", one_line(why, MAX_LINE_CHARS));
    ExitCode::from(status)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_stay_inside_the_duel() {
        assert_eq!(stepped(0, Step::Back, 5), 0);
        assert_eq!(stepped(0, Step::Next, 5), 1);
        assert_eq!(stepped(4, Step::Next, 5), 4);
        assert_eq!(stepped(2, Step::Start, 5), 0);
        assert_eq!(stepped(2, Step::End, 5), 4);
        assert_eq!(step_of(&Key::Char(' ')), Some(Step::Next));
        assert_eq!(step_of(&Key::Char('x')), None);
    }
}
