//! The table without X: scripted input on a scripted clock, screens that
//! freeze on cue. Phases, done-stars, departures and the lag rule.

use super::*;
use crate::driver::{Driver, Phase};
use crate::engine::PlayerSpec;
use crate::x11::canvas::Op;
use crate::x11::display::LAG_LIMIT;
use crate::x11::font::FontMetrics;
use crate::x11::input::Input;
use crate::x11::phases::Front;
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;

/// Messages due at times after the start; time jumps to whatever comes next.
struct Script {
    start: Instant,
    now: Rc<Cell<Instant>>,
    queue: VecDeque<(Duration, Msg)>,
}

impl Clock for Script {
    fn now(&self) -> Instant {
        self.now.get()
    }

    fn wait(&mut self, deadline: Option<Instant>) -> Waited {
        let due = self.queue.front().map(|(at, _)| self.start + *at);
        match (due, deadline) {
            (Some(at), d) if d.is_none_or(|d| at <= d) => {
                self.now.set(self.now.get().max(at));
                self.queue
                    .pop_front()
                    .map_or(Waited::Closed, |(_, m)| Waited::Msg(m))
            }
            (_, Some(d)) => {
                self.now.set(self.now.get().max(d));
                Waited::Timeout
            }
            (_, None) => Waited::Closed,
        }
    }
}

/// What a fake display went through.
#[derive(Default)]
struct Seen {
    batches: usize,
    closed: bool,
    /// A frozen display never finishes a batch.
    frozen: bool,
    /// When its oldest unfinished batch (or probe) was sent.
    stuck_since: Option<Instant>,
}

struct FakeScreen {
    now: Rc<Cell<Instant>>,
    seen: Rc<RefCell<Seen>>,
}

impl Screen for FakeScreen {
    fn send(&mut self, ops: Vec<Op>) -> bool {
        let mut seen = self.seen.borrow_mut();
        if !ops.is_empty() {
            seen.batches += 1;
            if seen.frozen && seen.stuck_since.is_none() {
                seen.stuck_since = Some(self.now.get());
            }
        }
        !seen.closed
    }
    fn close(self) {
        self.seen.borrow_mut().closed = true;
    }
    fn heard(&mut self, _: Instant) {}
    fn keep_alive(&mut self, now: Instant, waited_on: bool) -> Option<Instant> {
        let mut seen = self.seen.borrow_mut();
        if waited_on && seen.frozen && seen.stuck_since.is_none() {
            seen.stuck_since = Some(now);
        }
        None
    }
    fn lagging(&mut self, now: Instant) -> bool {
        let seen = self.seen.borrow();
        seen.stuck_since
            .is_some_and(|t| now.duration_since(t) > LAG_LIMIT)
    }
    fn next_check(&self) -> Option<Instant> {
        let seen = self.seen.borrow();
        seen.stuck_since
            .map(|t| t + LAG_LIMIT + Duration::from_millis(10))
    }
}

type TestTable = Table<FakeScreen, Script>;

/// A table of `n` people, the duel, each screen's record and the clock.
fn table(
    n: usize,
    seed: u64,
    script: Vec<(u64, Msg)>,
) -> (TestTable, Driver, Vec<Rc<RefCell<Seen>>>) {
    let names: Vec<String> = ["Alice", "Bob", "Carol"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let specs: Vec<PlayerSpec> = names.iter().map(|s| PlayerSpec::parse(s)).collect();
    let duel = Duel::new(&specs, 1).expect("good names");
    let start = Instant::now();
    let now = Rc::new(Cell::new(start));
    let font = FontMetrics::monospace(6, 10, 3);
    let windows = (0..n)
        .map(|p| PlayerWindow::new(p, names.clone(), font.clone()))
        .collect();
    let seen: Vec<Rc<RefCell<Seen>>> = (0..n).map(|_| Rc::default()).collect();
    let screens = seen
        .iter()
        .map(|s| FakeScreen {
            now: now.clone(),
            seen: s.clone(),
        })
        .collect();
    let clock = Script {
        start,
        now,
        queue: script
            .into_iter()
            .map(|(ms, m)| (Duration::from_millis(ms), m))
            .collect(),
    };
    let table = Table::new(windows, screens, SeatThreads::none(n), clock, seed);
    (table, Driver::new(duel), seen)
}

/// Player `p` presses and releases End.
fn end(ms: u64, p: usize) -> Vec<(u64, Msg)> {
    let at = |press| {
        let (button, x, y) = (1, 40, 590);
        Msg::Input(
            p,
            if press {
                Input::Press { button, x, y }
            } else {
                Input::Release { button, x, y }
            },
        )
    };
    vec![(ms, at(true)), (ms, at(false))]
}

fn all<const N: usize>(parts: [Vec<(u64, Msg)>; N]) -> Vec<(u64, Msg)> {
    parts.into_iter().flatten().collect()
}

fn elapsed(t: &TestTable) -> Duration {
    t.clock.now().duration_since(t.clock.start)
}

#[test]
fn the_gesture_phase_ends_when_everyone_has_ended() {
    let script = all([end(1000, 0), end(2500, 1)]);
    let (mut t, mut driver, seen) = table(2, 1, script);
    driver.begin_round();
    t.moves(&mut driver);
    // Both moved nothing: the round is played at once, asking nothing.
    assert!(matches!(driver.phase(), Phase::RoundDone(_)));
    assert_eq!(driver.duel().beings()[0].history.len(), 1);
    assert_eq!(elapsed(&t), Duration::from_millis(2500));
    assert_eq!(t.stars, [true, true]);
    assert!(seen
        .iter()
        .all(|s| s.borrow().batches > 0 && !s.borrow().closed));
}

#[test]
fn idle_players_stars_come_from_the_seed() {
    let (mut a, driver, _) = table(3, 9, Vec::new());
    let (mut b, _, _) = table(3, 9, Vec::new());
    a.windows[0].begin_gestures(&driver.duel().seat_view(PlayerId::new(0)), true, "");
    a.begin_stars(vec![true, false, false]);
    b.begin_stars(vec![true, false, false]);
    let due = |t: &TestTable| {
        let start = t.clock.start;
        t.star_due
            .iter()
            .map(|d| d.map(|d| d.duration_since(start)))
            .collect::<Vec<_>>()
    };
    assert_eq!(due(&a), due(&b), "same seed, same delays");
    let d = due(&a);
    assert_eq!(d[0], None, "an acting player's star waits for End");
    for delay in d[1..].iter().flatten() {
        assert!((500..=5400).contains(&delay.as_millis()), "{delay:?}");
    }
    let start = a.clock.start;
    a.update_stars(start + Duration::from_millis(400));
    assert_eq!(a.stars, [false, false, false]);
    a.update_stars(start + Duration::from_millis(5400));
    assert_eq!(a.stars, [false, true, true]);
}

#[test]
fn a_departed_player_surrenders_and_the_others_play_on() {
    let script = all([vec![(800, Msg::Gone(1))], end(2000, 0), end(2000, 2)]);
    let (mut t, mut driver, seen) = table(3, 1, script);
    driver.begin_round();
    t.moves(&mut driver);
    assert!(t.watched());
    assert!(seen[1].borrow().closed && !seen[0].borrow().closed);
    assert!(driver.duel().has_withdrawn(PlayerId::new(1)));
    assert!(!driver.duel().has_withdrawn(PlayerId::new(0)));
    assert_eq!(t.gone_players(), [1]);
}

#[test]
fn a_frozen_display_is_dropped_after_the_lag_limit() {
    let (mut t, mut driver, seen) = table(2, 1, end(1000, 0));
    seen[1].borrow_mut().frozen = true;
    driver.begin_round();
    t.moves(&mut driver);
    assert!(t.watched(), "Alice plays on");
    assert!(seen[1].borrow().closed);
    assert!(driver.duel().has_withdrawn(PlayerId::new(1)));
    let waited = elapsed(&t);
    assert!(
        waited > LAG_LIMIT && waited < LAG_LIMIT + Duration::from_millis(100),
        "{waited:?}"
    );
}

#[test]
fn a_table_with_no_window_left_stops() {
    let script = vec![(100, Msg::Gone(0)), (200, Msg::Gone(1))];
    let (mut t, mut driver, _) = table(2, 1, script);
    // Both surrender at the end of the turn: nobody is left to win.
    let finish = crate::x11::phases::play(&mut driver, &mut t);
    assert!(finish.is_some());
    assert!(!t.watched());
    assert_eq!(driver.duel().outcome(), Some(crate::engine::Outcome::Draw));
}
