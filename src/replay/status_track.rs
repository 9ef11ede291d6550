//! The status list of every frame of a replay, kept as each frame's changed
//! lines against the frame before, with a whole list kept now and then to
//! start a rebuild from. A whole list is kept only once at least as many
//! changed lines as it has have been kept since the last, so the whole
//! lists never hold more than the changes do: memory grows with what
//! changed, not with frames times lines.

use crate::x11::status_pane::StatusLine;

/// Every frame's status list.
#[derive(Debug, Clone, Default)]
pub struct StatusTrack {
    /// Per frame: its length and where its changes end in `changes`.
    frames: Vec<(u32, usize)>,
    /// Changed lines, frame after frame: (index in the list, the line).
    changes: Vec<(u32, StatusLine)>,
    /// Whole lists: (frame, the list at that frame), the first at frame 0.
    whole: Vec<(usize, Vec<StatusLine>)>,
    /// The last frame's list, to compare the next with.
    last: Vec<StatusLine>,
    /// Changes kept since the last whole list.
    since_whole: usize,
}

impl StatusTrack {
    /// Adds the next frame's list.
    pub fn push(&mut self, list: Vec<StatusLine>) {
        let frame = self.frames.len();
        for (i, line) in list.iter().enumerate() {
            if self.last.get(i) != Some(line) {
                self.changes.push((i as u32, line.clone()));
                self.since_whole += 1;
            }
        }
        self.frames.push((list.len() as u32, self.changes.len()));
        if frame == 0 || self.since_whole >= list.len().max(1) {
            self.whole.push((frame, list.clone()));
            self.since_whole = 0;
        }
        self.last = list;
    }

    /// Frame `frame`'s list (empty past the last frame).
    pub fn at(&self, frame: usize) -> Vec<StatusLine> {
        if frame >= self.frames.len() {
            return Vec::new();
        }
        let start = self.whole.partition_point(|(f, _)| *f <= frame);
        let Some((from, list)) = start.checked_sub(1).and_then(|k| self.whole.get(k)) else {
            return Vec::new();
        };
        let mut list = list.clone();
        for f in from + 1..=frame {
            let (len, end) = self.frames[f];
            let begin = self.frames[f - 1].1;
            list.truncate(len as usize);
            for (i, line) in &self.changes[begin..end] {
                match list.get_mut(*i as usize) {
                    Some(slot) => *slot = line.clone(),
                    None => list.push(line.clone()),
                }
            }
        }
        list
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(name: &str, hp: u32) -> StatusLine {
        StatusLine {
            wizard: None,
            name: name.to_string(),
            indented: true,
            hp_flags: hp.to_string(),
        }
    }

    /// Lists that grow, shrink, grow back and change are rebuilt exactly
    /// at every frame, whatever whole list the rebuild starts from.
    #[test]
    fn every_frame_rebuilds_as_it_was() {
        let mut lists = Vec::new();
        for f in 0..300u32 {
            let len = (f * 7 % 11) as usize;
            lists.push(
                (0..len)
                    .map(|i| line(&format!("m{i}"), (f / 5 + i as u32) % 4))
                    .collect::<Vec<_>>(),
            );
        }
        let mut track = StatusTrack::default();
        for l in &lists {
            track.push(l.clone());
        }
        for (f, l) in lists.iter().enumerate() {
            assert_eq!(&track.at(f), l, "frame {f}");
        }
        assert!(track.at(300).is_empty());
    }

    /// Frames that change nothing keep nothing.
    #[test]
    fn unchanged_frames_cost_nothing() {
        let mut track = StatusTrack::default();
        for _ in 0..10_000 {
            track.push(vec![line("a", 15), line("b", 15)]);
        }
        assert_eq!(track.changes.len(), 2);
        assert_eq!(track.whole.len(), 1);
        assert_eq!(track.at(9_999), vec![line("a", 15), line("b", 15)]);
    }
}
