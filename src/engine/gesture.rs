//! Gestures: what one hand does in one turn, and what a viewer sees of it.

use serde::{Deserialize, Serialize};

/// One hand's action in one turn. The numbering is the original's, which also
/// orders the gesture popup (nothing, palm, digit, fingers / wave, clap, snap, stab).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Gesture {
    /// The hand does nothing; breaks every spell.
    #[default]
    Nothing = 0,
    /// P, the palm facing forward.
    Palm = 1,
    /// D, the pointing digit.
    Digit = 2,
    /// F, the fingers wiggled.
    Fingers = 3,
    /// W, the wave.
    Wave = 4,
    /// C, half a clap: useful only when the other hand claps too.
    Clap = 5,
    /// S, the snap.
    Snap = 6,
    /// A knife stab; not a gesture of any spell.
    Stab = 7,
    /// Death Match's Onyx beam: one hand, the holder only, once a duel
    /// (not in [`Gesture::ALL`], which is the original's popup).
    Onyx = 8,
}

impl Gesture {
    /// All eight choices in popup order.
    pub const ALL: [Gesture; 8] = [
        Gesture::Nothing,
        Gesture::Palm,
        Gesture::Digit,
        Gesture::Fingers,
        Gesture::Wave,
        Gesture::Clap,
        Gesture::Snap,
        Gesture::Stab,
    ];

    /// The letter a `--script` move uses (`-` for nothing, `k` for a stab).
    pub fn script_letter(self) -> char {
        match self {
            Gesture::Nothing => '-',
            Gesture::Palm => 'P',
            Gesture::Digit => 'D',
            Gesture::Fingers => 'F',
            Gesture::Wave => 'W',
            Gesture::Clap => 'C',
            Gesture::Snap => 'S',
            Gesture::Stab => 'k',
            Gesture::Onyx => 'O',
        }
    }

    /// Parses a `--script` move letter.
    pub fn from_script_letter(c: char) -> Option<Gesture> {
        Some(match c {
            '-' => Gesture::Nothing,
            'P' => Gesture::Palm,
            'D' => Gesture::Digit,
            'F' => Gesture::Fingers,
            'W' => Gesture::Wave,
            'C' => Gesture::Clap,
            'S' => Gesture::Snap,
            'k' => Gesture::Stab,
            'O' => Gesture::Onyx,
            _ => return None,
        })
    }

    /// The letter the transcript uses (`.` for nothing, `K` for a stab), as the original.
    pub fn transcript_letter(self) -> char {
        match self {
            Gesture::Nothing => '.',
            Gesture::Stab => 'K',
            g => g.script_letter(),
        }
    }

    /// The word used in narration and in the charm-gesture answer.
    pub fn name(self) -> &'static str {
        match self {
            Gesture::Nothing => "nothing",
            Gesture::Palm => "palm",
            Gesture::Digit => "digit",
            Gesture::Fingers => "fingers",
            Gesture::Wave => "wave",
            Gesture::Clap => "clap",
            Gesture::Snap => "snap",
            Gesture::Stab => "stab",
            Gesture::Onyx => "onyx",
        }
    }

    /// The gesture a paralysed hand freezes into: C, S and W become F, D and P.
    pub fn paralysed(self) -> Gesture {
        match self {
            Gesture::Clap => Gesture::Fingers,
            Gesture::Snap => Gesture::Digit,
            Gesture::Wave => Gesture::Palm,
            g => g,
        }
    }
}

/// A hand of a wizard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Hand {
    /// The left hand; always listed first.
    Left,
    /// The right hand.
    Right,
}

impl Hand {
    /// Both hands in the order the original examines them.
    pub const BOTH: [Hand; 2] = [Hand::Left, Hand::Right];

    /// `left` / `right`, as scripts and narration write it.
    pub fn name(self) -> &'static str {
        match self {
            Hand::Left => "left",
            Hand::Right => "right",
        }
    }

    /// Index into a `[T; 2]` pair of hands.
    pub fn index(self) -> usize {
        match self {
            Hand::Left => 0,
            Hand::Right => 1,
        }
    }

    /// The other hand.
    pub fn other(self) -> Hand {
        match self {
            Hand::Left => Hand::Right,
            Hand::Right => Hand::Left,
        }
    }
}

/// What one hand shows in one recorded row of a wizard's history.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mark {
    /// A real gesture (or nothing, or a stab).
    Made(Gesture),
    /// The disruption left by an Anti-spell: no spell may span it.
    AntiSpell,
}

impl Mark {
    /// The gesture, if this mark is one.
    pub fn gesture(self) -> Option<Gesture> {
        match self {
            Mark::Made(g) => Some(g),
            Mark::AntiSpell => None,
        }
    }
}

/// What a viewer sees in one square of the gesture grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Seen {
    /// The mark is visible.
    Mark(Mark),
    /// Fog: hidden by blindness, invisibility or a time stop; the seat will
    /// never see this hand.
    Fog,
    /// Made this round but not revealed yet (the others' newest row during
    /// the questions asked before the reveal); shown as fog in the window,
    /// and it will be revealed, or fogged, when the round resolves.
    Unrevealed,
}
