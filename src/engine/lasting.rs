//! How long the timed enchantments last, by name rather than by counter
//! value: a Haste's course, a Time Stop's, and the "n turns, or for good"
//! of Protection from Evil, Invisibility and Blindness.

/// A Haste on one being. The decision between rounds moves it on:
/// a new one starts its extra rounds, a running one counts them down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Haste {
    /// Not hasted.
    #[default]
    Off,
    /// Landed this turn on a being not hasted; its extra rounds start at the
    /// next decision (the narration says it accelerates then).
    New,
    /// Cast again while one ran (or was new): the count starts over, quietly.
    Renewed,
    /// Extra rounds left, 1 to [`Haste::ROUNDS`].
    Running(u8),
}

/// What a decision between rounds did to a Haste.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct HasteTick {
    /// A new Haste began its extra rounds.
    pub starting: bool,
    /// The being moves in the coming haste round.
    pub running: bool,
}

impl Haste {
    /// The extra rounds a Haste gives once it has started.
    pub const ROUNDS: u8 = 3;

    /// A Haste lands (or a permanent one acts again).
    pub fn cast(self) -> Haste {
        match self {
            Haste::Off => Haste::New,
            _ => Haste::Renewed,
        }
    }

    /// Whether any Haste is on the being.
    pub fn is_on(self) -> bool {
        self != Haste::Off
    }

    /// Whether the being moves in the coming haste round.
    pub fn is_running(self) -> bool {
        matches!(self, Haste::Running(_))
    }

    /// A monster hasted before this turn attacks twice; a new Haste waits.
    pub fn doubles_attacks(self) -> bool {
        matches!(self, Haste::Renewed | Haste::Running(_))
    }

    /// The extra rounds a seat's view shows as left.
    pub fn rounds_shown(self) -> u8 {
        match self {
            Haste::Off => 0,
            Haste::New | Haste::Renewed => Haste::ROUNDS,
            Haste::Running(n) => n,
        }
    }

    /// One decision between rounds; `None` when not hasted.
    pub fn tick(&mut self) -> Option<HasteTick> {
        let (next, starting) = match *self {
            Haste::Off => return None,
            Haste::New => (Haste::Running(Haste::ROUNDS), true),
            Haste::Renewed => (Haste::Running(Haste::ROUNDS), false),
            Haste::Running(n) if n > 1 => (Haste::Running(n - 1), false),
            Haste::Running(_) => (Haste::Off, false),
        };
        *self = next;
        Some(HasteTick {
            starting,
            running: next.is_running(),
        })
    }
}

/// A Time Stop on one being.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum TimeStop {
    /// Time runs for this being.
    #[default]
    Off,
    /// Landed this turn: the next round is stopped for the others.
    Cast,
    /// The being moves (and its monsters attack) in the stopped round.
    Moving,
}

impl TimeStop {
    /// Whether a Time Stop is on the being.
    pub fn is_on(self) -> bool {
        self != TimeStop::Off
    }

    /// One decision between rounds; returns whether the being moves
    /// in a stopped round next, `None` when no Time Stop is on it.
    pub fn tick(&mut self) -> Option<bool> {
        let (next, running) = match *self {
            TimeStop::Off => return None,
            TimeStop::Cast => (TimeStop::Moving, true),
            TimeStop::Moving => (TimeStop::Off, false),
        };
        *self = next;
        Some(running)
    }
}

/// An enchantment that lasts some turns, or for good under Permanency
/// (Protection from Evil, Invisibility, Blindness). A permanent one is cast
/// again every turn, so its count never runs out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Timed {
    /// Turns left, the current one included; 0 when off.
    pub turns: u8,
    /// Made permanent: it takes hold again every turn.
    pub permanent: bool,
}

impl Timed {
    /// Whether it holds now.
    pub fn is_on(self) -> bool {
        self.turns > 0
    }

    /// The turns a seat's view shows: none for a permanent one.
    pub fn turns_shown(self) -> Option<u32> {
        (!self.permanent).then_some(u32::from(self.turns))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_haste_starts_then_runs_three_rounds() {
        let mut h = Haste::Off.cast();
        assert_eq!(h, Haste::New);
        assert!(!h.doubles_attacks());
        let ticks: Vec<_> = std::iter::from_fn(|| h.tick()).collect();
        let running: Vec<bool> = ticks.iter().map(|t| t.running).collect();
        assert_eq!(running, [true, true, true, false]);
        assert!(ticks[0].starting && ticks[1..].iter().all(|t| !t.starting));
        assert_eq!(h, Haste::Off);
    }

    #[test]
    fn a_renewed_haste_restarts_quietly() {
        let mut h = Haste::Running(1).cast();
        assert_eq!(h, Haste::Renewed);
        assert!(h.doubles_attacks());
        assert_eq!(
            h.tick(),
            Some(HasteTick {
                starting: false,
                running: true
            })
        );
        assert_eq!(h, Haste::Running(3));
    }

    #[test]
    fn a_time_stop_gives_one_stopped_round() {
        let mut t = TimeStop::Cast;
        assert_eq!(t.tick(), Some(true));
        assert_eq!(t.tick(), Some(false));
        assert_eq!(t.tick(), None);
    }
}
