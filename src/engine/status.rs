//! The status list: every living being with hit points and flag letters, in
//! the order a given viewer sees it.

use super::duel::Duel;
use super::ids::{BeingId, PlayerId};
use super::BeingIndex;

/// One row of the status list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusRow {
    /// The being shown.
    pub being: BeingId,
    /// Monsters are indented under their controller.
    pub indented: bool,
    /// Hit points left (never shown negative).
    pub hp: i32,
    /// Flag letters `IHCPbdp`.
    pub flags: String,
}

impl Duel {
    /// The status list as `viewer` sees it: ownerless monsters first, then the
    /// viewer and his monsters, then every other wizard followed by his monsters.
    pub fn status(&self, viewer: PlayerId) -> Vec<StatusRow> {
        let viewer = viewer.index();
        let row = |id: BeingIndex| {
            let b = &self.beings[id];
            StatusRow {
                being: BeingId::new(id),
                indented: !b.is_wizard(),
                hp: b.hp.max(0),
                flags: b.flags(),
            }
        };
        let living_wizard = |w: usize| {
            let b = &self.beings[w];
            b.alive && !b.surrendered
        };
        let monsters: Vec<BeingIndex> = (self.players..self.beings.len())
            .filter(|&m| self.beings[m].alive)
            .collect();
        let owner_of = |m: BeingIndex| self.beings[m].owner.filter(|&o| living_wizard(o));
        let mut rows: Vec<StatusRow> = monsters
            .iter()
            .filter(|&&m| owner_of(m).is_none())
            .map(|&m| row(m))
            .collect();
        let order = std::iter::once(viewer).chain((0..self.players).filter(|&w| w != viewer));
        for w in order {
            if w >= self.players || !living_wizard(w) {
                continue;
            }
            rows.push(row(w));
            rows.extend(
                monsters
                    .iter()
                    .filter(|&&m| owner_of(m) == Some(w))
                    .map(|&m| row(m)),
            );
        }
        rows
    }
}
