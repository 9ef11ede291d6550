//! Every player's window together: the front end the game loop drives.
//! It feeds input from all displays (one channel) to the right window, sends
//! each window's drawing to its display's writer, and decides when a phase
//! is over. Players whose display is gone count as having ended everything.
//!
//! The displays are [`Screen`]s and time is a [`Clock`], and idle players'
//! done-stars come from a seeded generator, so the table runs without X in
//! its unit tests.

mod front;
pub mod screen;
#[cfg(test)]
mod tests;
mod watchers;

use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::display::Msg;
use super::seat_threads::{Heard, SeatThreads};
use super::window::{Action, PlayerWindow};
use crate::driver::Driver;
use crate::engine::{Duel, PlayerId};
use crate::seat::SeatFailure;
pub use screen::{Clock, Inbox, Screen, Waited};
pub use watchers::Watchers;

/// What stopped [`Table::pump`].
enum Pumped {
    /// Every player still here has ended the phase.
    Done,
    /// A player sent a line of speech.
    Said(usize, String),
}

/// All the windows of one duel, and the players at no window.
pub struct Table<S: Screen, C: Clock> {
    /// The people's windows: players 0 to `windows.len() - 1`.
    windows: Vec<PlayerWindow>,
    links: Vec<Option<S>>,
    /// The computer and program players, after the people.
    seats: SeatThreads,
    clock: C,
    /// Draws when idle players' done-stars appear.
    rng: StdRng,
    /// Which players must act in the current phase (for the done-star).
    acting: Vec<bool>,
    /// When each idle player's done-star appears.
    star_due: Vec<Option<Instant>>,
    stars: Vec<bool>,
    /// Players whose departure the engine has been told about.
    withdrawn: Vec<bool>,
    /// When each quiet display is next to be probed, if it is watched.
    probes: Vec<Option<Instant>>,
    /// Spectators' windows: input for spectator `i` comes as player
    /// `players() + i`.
    watchers: Watchers<S>,
    /// With nobody playing at a window, how long each phase lasts at least,
    /// so spectators can follow.
    pace: Duration,
    /// When the current phase may end, at that pace.
    pace_due: Option<Instant>,
    /// The duel is over: spectators are waited for too (their Quit).
    over: bool,
}

impl<S: Screen, C: Clock> Table<S, C> {
    /// Windows and their displays, player by player, then the machine
    /// players; input and seat replies come through `clock`; `seed` seeds
    /// the done-stars' delays.
    pub fn new(
        windows: Vec<PlayerWindow>,
        links: Vec<S>,
        seats: SeatThreads,
        clock: C,
        seed: u64,
    ) -> Table<S, C> {
        let n = windows.len() + seats.len();
        Table {
            windows,
            links: links.into_iter().map(Some).collect(),
            seats,
            clock,
            rng: StdRng::seed_from_u64(seed),
            acting: vec![false; n],
            star_due: vec![None; n],
            stars: vec![false; n],
            withdrawn: vec![false; n],
            probes: vec![None; n],
            watchers: Watchers::none(),
            pace: Duration::ZERO,
            pace_due: None,
            over: false,
        }
    }

    /// Adds spectators' windows; with nobody playing at a window, each
    /// phase lasts at least `pace`.
    pub fn watch(&mut self, watchers: Watchers<S>, pace: Duration) {
        self.watchers = watchers;
        self.pace = pace;
    }

    /// A phase begins: with nobody playing at a window, it ends no sooner
    /// than the pace allows.
    fn begin_pace(&mut self) {
        let nobody_plays = !self.links.iter().any(Option::is_some);
        self.pace_due = (nobody_plays && self.watchers.any()).then(|| self.clock.now() + self.pace);
    }

    /// Tells the driver about players whose display (or seat) has gone:
    /// their wizards surrender at the end of the turn, their
    /// questions take the pre-filled answers.
    fn report_gone(&mut self, driver: &mut Driver) {
        for p in self.newly_gone() {
            driver.withdraw(PlayerId::new(p));
        }
    }

    /// Players whose display has gone and who were not yet reported.
    fn newly_gone(&mut self) -> Vec<usize> {
        let mut gone = Vec::new();
        for p in 0..self.players() {
            if !self.present(p) && !self.withdrawn[p] {
                self.withdrawn[p] = true;
                gone.push(p);
            }
        }
        gone
    }

    /// Takes every window down (the program is about to end).
    pub fn close_all(&mut self) {
        for link in self.links.iter_mut().filter_map(Option::take) {
            link.close();
        }
        self.watchers.close_all();
    }

    /// Ends the machine players' seats and waits for their threads.
    pub fn end_seats(&mut self, duel: &Duel) {
        self.seats.end_all(duel);
    }

    /// Every player, at a window or not.
    fn players(&self) -> usize {
        self.windows.len() + self.seats.len()
    }

    /// Whether player `p`'s display (or seat) is still with us.
    pub fn present(&self, p: usize) -> bool {
        match self.links.get(p) {
            Some(link) => link.is_some(),
            None => self.seats.present(p),
        }
    }

    /// Whether some person's window is still up: a game without one ends.
    fn anyone_watching(&self) -> bool {
        self.links.iter().any(Option::is_some) || self.watchers.any()
    }

    /// Whether player `p` has ended the phase (pressed End, or decided).
    fn ended(&self, p: usize) -> bool {
        match self.windows.get(p) {
            Some(w) => w.ended(),
            None => self.seats.ended(p),
        }
    }

    /// Players whose display is gone.
    pub fn gone_players(&self) -> Vec<usize> {
        (0..self.players()).filter(|&p| !self.present(p)).collect()
    }

    fn drop_player(&mut self, p: usize, why: &str) {
        if let Some(link) = self.links.get_mut(p).and_then(Option::take) {
            link.close();
            eprintln!("spellcast: player {} {why}", p + 1);
        }
    }

    fn flush(&mut self) {
        for p in 0..self.windows.len() {
            let ops = self.windows[p].render();
            let sent = match self.links[p].as_mut() {
                Some(link) => link.send(ops),
                None => true,
            };
            if !sent {
                self.drop_player(p, "is gone (display closed)");
            }
        }
        self.watchers.flush();
    }

    fn begin_stars(&mut self, acting: Vec<bool>) {
        let now = self.clock.now();
        let rng = &mut self.rng;
        self.star_due = acting
            .iter()
            .map(|&a| (!a).then(|| now + Duration::from_millis(100 * rng.gen_range(5..=54))))
            .collect();
        self.acting = acting;
        self.update_stars(now);
    }

    fn update_stars(&mut self, now: Instant) {
        let stars: Vec<bool> = (0..self.players())
            .map(|p| {
                if self.acting[p] {
                    self.ended(p) || !self.present(p)
                } else {
                    self.star_due[p].is_some_and(|t| t <= now)
                }
            })
            .collect();
        if stars != self.stars {
            self.stars = stars.clone();
            for w in &mut self.windows {
                w.set_stars(stars.clone());
            }
            self.watchers.set_stars(&stars);
        }
    }

    /// Whether every player still here has ended the phase. With nobody
    /// left at a window, the seats at none are still waited for: the duel
    /// plays on until the leavers' surrender is due.
    fn all_done(&self) -> bool {
        let busy = |p: usize| self.windows.get(p).is_some_and(PlayerWindow::busy);
        let paced = self.pace_due.is_none_or(|t| self.clock.now() >= t);
        let spectators = !self.over || self.watchers.all_quit();
        paced
            && spectators
            && (0..self.players()).all(|p| !self.present(p) || (self.ended(p) && !busy(p)))
    }

    fn next_deadline(&self) -> Option<Instant> {
        let stars = self
            .star_due
            .iter()
            .enumerate()
            .filter(|(p, t)| !self.stars[*p] && t.is_some())
            .filter_map(|(_, t)| *t);
        let lags = self.links.iter().flatten().filter_map(S::next_check);
        stars
            .chain(lags)
            .chain(self.probes.iter().flatten().copied())
            .chain(self.pace_due)
            .min()
    }

    /// Whether the phase waits for player `p` while someone else has ended:
    /// then a quiet display is probed, so a frozen one is found.
    fn waited_on(&self, p: usize) -> bool {
        let others_wait = (0..self.players()).any(|q| q != p && self.present(q) && self.ended(q));
        !self.windows[p].ended() && others_wait
    }

    /// Runs the windows until the phase is over or someone speaks. Sleeps in
    /// the channel between events: no polling.
    fn pump(&mut self, driver: &mut Driver) -> Pumped {
        loop {
            let now = self.clock.now();
            for p in 0..self.links.len() {
                if self.links[p].as_mut().is_some_and(|l| l.lagging(now)) {
                    self.drop_player(p, "is gone (display stopped answering)");
                }
            }
            self.update_stars(now);
            self.flush();
            if self.all_done() {
                return Pumped::Done;
            }
            self.probes = (0..self.links.len())
                .map(|p| {
                    let waited_on = self.waited_on(p);
                    self.links[p].as_mut()?.keep_alive(now, waited_on)
                })
                .collect();
            let deadline = self.next_deadline();
            let msg = match self.clock.wait(deadline) {
                Waited::Msg(m) => Some(m),
                Waited::Timeout => None,
                Waited::Closed => return self.everyone_gone(),
            };
            match msg {
                None => {}
                Some(Msg::Seat(p, reply)) => match self.seats.heard(p, reply, driver.duel()) {
                    Heard::Said(text) => {
                        self.flush();
                        return Pumped::Said(p, text);
                    }
                    Heard::Early(answers) => {
                        let me = PlayerId::new(p);
                        if let Err(e) = driver.give_answers(me, answers) {
                            let failure = SeatFailure::Refused(e.to_string());
                            self.seats.give_up(p, &failure, driver.duel());
                        }
                    }
                    Heard::Nothing | Heard::Decided | Heard::Failed => {}
                },
                // A batch was drawn: the lag check above has forgotten it.
                Some(Msg::Drawn(_)) => {}
                // Only a window at the far end of the protocol has a host.
                Some(Msg::Host(_)) => {}
                Some(Msg::Gone(p)) if p >= self.players() => {
                    self.watchers.gone(p - self.players());
                }
                Some(Msg::Input(p, input)) if p >= self.players() => {
                    let now = self.clock.now();
                    self.watchers.input(p - self.players(), input, now);
                }
                Some(Msg::Gone(p)) => self.drop_player(p, "is gone (display closed)"),
                Some(Msg::Input(p, input)) => {
                    let Some(link) = self.links[p].as_mut() else {
                        continue;
                    };
                    let now = self.clock.now();
                    link.heard(now);
                    let actions = self.windows[p].handle(input, now);
                    if self.windows[p].take_suggestion_request() {
                        let seat = driver.duel().seat_view(PlayerId::new(p));
                        let line = crate::x11::suggestion::suggestion_line(seat);
                        self.windows[p].show_suggestion(&line);
                    }
                    for action in actions {
                        match action {
                            Action::Leave => self.drop_player(p, "left (window closed)"),
                            Action::Say(text) => {
                                self.flush();
                                return Pumped::Said(p, text);
                            }
                        }
                    }
                }
            }
        }
    }

    fn everyone_gone(&mut self) -> Pumped {
        for p in 0..self.links.len() {
            self.drop_player(p, "is gone");
        }
        Pumped::Done
    }

    fn sync_all(&mut self, duel: &Duel) {
        for (p, w) in self.windows.iter_mut().enumerate() {
            w.sync_messages(&duel.seat_view(PlayerId::new(p)));
        }
        self.watchers.each(duel, |w, seen| w.sync_messages(seen));
    }

    /// Runs the windows until the phase is over, logging speech as it comes.
    fn pump_phase(&mut self, driver: &mut Driver) {
        while let Pumped::Said(p, text) = self.pump(driver) {
            driver.say(PlayerId::new(p), &text);
            self.seats.tell_said(driver.duel(), p, &text);
            self.sync_all(driver.duel());
        }
    }

    /// Gives one player's answers to the driver. Window answers are always
    /// in range; should they be refused anyway, the player withdraws (his
    /// questions take their pre-filled answers).
    fn submit(&mut self, driver: &mut Driver, p: PlayerId) {
        let mut answers: Vec<usize> = driver.duel().default_answers(p);
        if let Some(w) = self.windows.get(p.index()) {
            for (i, a) in w.answers() {
                if let (Some(a), Some(slot)) = (a, answers.get_mut(i)) {
                    *slot = a;
                }
            }
        } else if let Some(given) = self.seats.answers(p.index()) {
            answers = given;
        }
        let Err(e) = driver.give_answers(p, answers) else {
            return;
        };
        if p.index() >= self.windows.len() {
            let failure = SeatFailure::Refused(e.to_string());
            self.seats.give_up(p.index(), &failure, driver.duel());
            self.withdrawn[p.index()] = true;
        } else {
            debug_assert!(false, "a window's answers refused: {e}");
            eprintln!("spellcast: {e}; using the pre-filled answers");
        }
        driver.withdraw(p);
    }
}
