//! A saved duel as the frames `--replay` steps through: what an observer's
//! window showed before the first round and after each round (status list,
//! gesture columns, and how many of the transcript's lines were told).
//!
//! A script may hold 100,000 rounds, so no frame is a copy of the window.
//! The duel as it ended is kept: gesture rows and narrated events are only
//! ever added, so a frame says how many rows each column had and how many
//! events had been narrated, and reads them from the ended duel; the status
//! list is kept as each round's changed lines, with a whole copy now and
//! then (`status_track.rs`) to rebuild any frame from. What a replay holds
//! grows with the rounds, not with their square.

use super::status_track::StatusTrack;
use crate::engine::{Duel, PlayerId, RuleSet, Seen, Viewer};
use crate::script::{self, ScriptError};
use crate::x11::scene::{Observed, Source};
use crate::x11::status_pane::StatusLine;

/// Every frame of one duel.
#[derive(Debug)]
pub struct Frames {
    /// The wizards' names, in player order.
    pub names: Vec<String>,
    /// The duel as it ended; its book is the window's Spell List's,
    /// gestures' and helper's.
    ended: Duel,
    /// Each frame's count of the duel's events narrated, the start first.
    told: Vec<u32>,
    /// Each frame's count of rows in each column, frame by frame.
    rows: Vec<u32>,
    /// The status list of every frame.
    status: StatusTrack,
}

impl Frames {
    /// Plays a script (the saved duel) and keeps each round's frame.
    pub fn of_script(text: &str) -> Result<Frames, ScriptError> {
        let parsed = script::parse(text)?;
        let frames = parsed.rounds.len() + 1;
        let mut told = Vec::with_capacity(frames);
        let mut rows = Vec::with_capacity(frames * parsed.players.len());
        let mut status = StatusTrack::default();
        let ended = script::play_watching(&parsed, None, |duel: &Duel| {
            told.push(duel.events().len() as u32);
            for p in 0..duel.players() {
                rows.push(duel.history_len(PlayerId::new(p)) as u32);
            }
            status.push(Observed(duel).status_lines(0));
        })?;
        let names = (0..ended.players())
            .map(|p| ended.being(crate::engine::BeingId::new(p)).name.to_string())
            .collect();
        Ok(Frames {
            names,
            ended,
            told,
            rows,
            status,
        })
    }

    /// How many frames there are (at least one: the start).
    pub fn len(&self) -> usize {
        self.told.len()
    }

    /// Never true: a duel has its start.
    pub fn is_empty(&self) -> bool {
        self.told.is_empty()
    }

    /// Frame `i` (the last if past it) as a window's source.
    pub fn shown(&self, i: usize) -> Shown<'_> {
        let frame = i.min(self.len().saturating_sub(1));
        let players = self.ended.players();
        Shown {
            frames: self,
            status: self.status.at(frame),
            rows: self
                .rows
                .get(frame * players..(frame + 1) * players)
                .unwrap_or_default(),
            told: self.told.get(frame).map_or(0, |&t| t as usize),
        }
    }
}

/// One frame, read by a window.
pub struct Shown<'a> {
    frames: &'a Frames,
    status: Vec<StatusLine>,
    rows: &'a [u32],
    told: usize,
}

impl Source for Shown<'_> {
    fn status_lines(&self, _me: usize) -> Vec<StatusLine> {
        self.status.clone()
    }

    fn columns(&self) -> usize {
        self.frames.ended.players()
    }

    fn history(&self, owner: usize, _me: usize) -> Vec<[Seen; 2]> {
        if owner >= self.columns() {
            return Vec::new();
        }
        let mut rows = self
            .frames
            .ended
            .seen_history(PlayerId::new(owner), Viewer::Observer);
        rows.truncate(self.rows.get(owner).map_or(0, |&r| r as usize));
        rows
    }

    /// The lines of the events narrated by this frame, after `cursor`
    /// (an event count, as the duel's own cursor is).
    fn narration_since(&self, _me: usize, cursor: usize) -> (Vec<String>, usize) {
        let end = self.told;
        let lines = self
            .frames
            .ended
            .narration_between(Viewer::Observer, cursor, end);
        (lines, end)
    }

    fn rules(&self) -> &'static RuleSet {
        self.frames.ended.rules()
    }
}

#[cfg(test)]
mod tests;
