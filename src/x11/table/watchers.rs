//! Spectators' windows (`--watch=DISPLAY`): each plays no wizard and shows
//! the duel as an observer sees it (the transcript's text, the gestures as
//! an observer sees them). The table never waits for a spectator except at
//! the end, for Quit, so a duel nobody plays can be watched to its end.

use std::time::Instant;

use super::Screen;
use crate::engine::Duel;
use crate::x11::input::Input;
use crate::x11::scene::Observed;
use crate::x11::window::{Action, PlayerWindow};

/// One spectator's window and its display.
pub struct Watcher<S: Screen> {
    window: PlayerWindow,
    link: Option<S>,
}

/// Every spectator of one duel.
pub struct Watchers<S: Screen> {
    list: Vec<Watcher<S>>,
}

impl<S: Screen> Watchers<S> {
    /// No spectators.
    pub fn none() -> Watchers<S> {
        Watchers { list: Vec::new() }
    }

    /// Spectators' windows with their displays.
    pub fn new(windows: Vec<PlayerWindow>, links: Vec<S>) -> Watchers<S> {
        let list = windows
            .into_iter()
            .zip(links)
            .map(|(window, link)| Watcher {
                window,
                link: Some(link),
            })
            .collect();
        Watchers { list }
    }

    /// Whether some spectator's window is still up.
    pub fn any(&self) -> bool {
        self.list.iter().any(|w| w.link.is_some())
    }

    /// Whether every spectator still here has pressed Quit.
    pub fn all_quit(&self) -> bool {
        self.list
            .iter()
            .all(|w| w.link.is_none() || (w.window.ended() && !w.window.busy()))
    }

    /// Runs `f` on every spectator's window, with the duel as observed.
    pub fn each(&mut self, duel: &Duel, f: impl Fn(&mut PlayerWindow, &Observed)) {
        let seen = Observed(duel);
        for w in &mut self.list {
            f(&mut w.window, &seen);
        }
    }

    /// As [`Watchers::each`], telling `f` which window is the first.
    pub fn each_first(&mut self, duel: &Duel, f: impl Fn(&mut PlayerWindow, &Observed, bool)) {
        let seen = Observed(duel);
        for (i, w) in self.list.iter_mut().enumerate() {
            f(&mut w.window, &seen, i == 0);
        }
    }

    /// The first spectator's answer to its first end question, while its
    /// window is up.
    pub fn first_answer(&self) -> Option<usize> {
        let w = self.list.first().filter(|w| w.link.is_some())?;
        w.window.answers().first().and_then(|(_, a)| *a)
    }

    /// Sets the done-stars.
    pub fn set_stars(&mut self, stars: &[bool]) {
        for w in &mut self.list {
            w.window.set_stars(stars.to_vec());
        }
    }

    /// Sends each window's drawing; a display that is gone is let go.
    pub fn flush(&mut self) {
        for w in &mut self.list {
            let ops = w.window.render();
            if let Some(link) = w.link.as_mut() {
                if !link.send(ops) {
                    w.link = None;
                }
            }
        }
    }

    /// Input for spectator `i` (scrolling, the spell list, Quit, closing).
    pub fn input(&mut self, i: usize, input: Input, now: Instant) {
        let Some(w) = self.list.get_mut(i) else {
            return;
        };
        if let Some(link) = w.link.as_mut() {
            link.heard(now);
        }
        let leave = w.window.handle(input, now).contains(&Action::Leave);
        if leave {
            self.gone(i);
        }
    }

    /// Spectator `i`'s display is gone (or he closed the window).
    pub fn gone(&mut self, i: usize) {
        if let Some(link) = self.list.get_mut(i).and_then(|w| w.link.take()) {
            link.close();
        }
    }

    /// Takes every window down.
    pub fn close_all(&mut self) {
        for i in 0..self.list.len() {
            self.gone(i);
        }
    }
}
