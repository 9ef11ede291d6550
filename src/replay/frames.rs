//! A saved duel as the frames `--replay` steps through: what an observer's
//! window showed before the first round and after each round (status list,
//! gesture columns, and how many of the transcript's lines were told).

use crate::engine::{Duel, RuleSet, Seen, Viewer};
use crate::script::{self, ScriptError};
use crate::x11::scene::{Observed, Source};
use crate::x11::status_pane::StatusLine;

/// The window after one round.
#[derive(Debug, Clone)]
pub struct Frame {
    /// The turn the window names (from 1; 0 before the first).
    pub turn: u32,
    status: Vec<StatusLine>,
    columns: Vec<Vec<[Seen; 2]>>,
    /// How many of [`Frames::lines`] had been told.
    told: usize,
}

/// Every frame of one duel, and the observer's text.
#[derive(Debug, Clone)]
pub struct Frames {
    /// The wizards' names, in player order.
    pub names: Vec<String>,
    /// The frames, the start first.
    pub frames: Vec<Frame>,
    lines: Vec<String>,
    /// The book the saved duel was played under, so the window's Spell
    /// List, gestures and helper are that book's.
    rules: &'static RuleSet,
}

impl Frames {
    /// Plays a script (the saved duel) and keeps each round's frame.
    pub fn of_script(text: &str) -> Result<Frames, ScriptError> {
        let parsed = script::parse(text)?;
        let mut frames = Vec::new();
        let mut lines = Vec::new();
        let mut cursor = 0;
        let duel = script::play_watching(&parsed, None, |duel: &Duel| {
            let (new, next) = duel.narration_since(Viewer::Observer, cursor);
            cursor = next;
            lines.extend(new);
            let seen = Observed(duel);
            frames.push(Frame {
                turn: duel.turn(),
                status: seen.status_lines(0),
                columns: (0..duel.players()).map(|p| seen.history(p, 0)).collect(),
                told: lines.len(),
            });
        })?;
        let names = (0..duel.players())
            .map(|p| duel.being(crate::engine::BeingId::new(p)).name.to_string())
            .collect();
        Ok(Frames {
            names,
            frames,
            lines,
            rules: duel.rules,
        })
    }

    /// Frame `i` as a window's source.
    pub fn shown(&self, i: usize) -> Shown<'_> {
        Shown {
            frame: &self.frames[i.min(self.frames.len().saturating_sub(1))],
            lines: &self.lines,
            rules: self.rules,
        }
    }
}

/// One frame, read by a window.
pub struct Shown<'a> {
    frame: &'a Frame,
    lines: &'a [String],
    rules: &'static RuleSet,
}

impl Source for Shown<'_> {
    fn status_lines(&self, _me: usize) -> Vec<StatusLine> {
        self.frame.status.clone()
    }

    fn columns(&self) -> usize {
        self.frame.columns.len()
    }

    fn history(&self, owner: usize, _me: usize) -> Vec<[Seen; 2]> {
        self.frame.columns.get(owner).cloned().unwrap_or_default()
    }

    fn narration_since(&self, _me: usize, cursor: usize) -> (Vec<String>, usize) {
        let end = self.frame.told.min(self.lines.len());
        let from = cursor.min(end);
        (self.lines[from..end].to_vec(), end)
    }

    fn rules(&self) -> &'static RuleSet {
        self.rules
    }
}
