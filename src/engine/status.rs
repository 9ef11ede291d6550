//! The status list: every living being with hit points and flag letters, in
//! the order a given viewer sees it.

use super::duel::Duel;
use super::ids::{BeingId, PlayerId};

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
        let viewer = BeingId::from(viewer);
        let row = |id: BeingId| {
            let b = &self.beings[id];
            StatusRow {
                being: id,
                indented: !b.is_wizard(),
                hp: b.hp.max(0),
                flags: b.flags(),
            }
        };
        // A wizard who surrenders keeps his row while he is alive, that is
        // until the turn is over, or to the end if his surrender ends the
        // duel (as in the original); his monsters are ownerless at once.
        let listed_wizard = |w: BeingId| self.beings[w].alive();
        let living_wizard = |w: BeingId| {
            let b = &self.beings[w];
            b.alive() && !b.surrendered
        };
        let monsters: Vec<BeingId> = self
            .monster_ids()
            .filter(|&m| self.beings[m].alive())
            .collect();
        let owner_of = |m: BeingId| self.beings[m].owner.filter(|&o| living_wizard(o));
        let mut rows: Vec<StatusRow> = monsters
            .iter()
            .filter(|&&m| owner_of(m).is_none())
            .map(|&m| row(m))
            .collect();
        let order = std::iter::once(viewer).chain(self.wizard_ids().filter(|&w| w != viewer));
        for w in order {
            if w.index() >= self.players || !listed_wizard(w) {
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

#[cfg(test)]
mod tests {
    use crate::engine::{Duel, Gesture, PlayerId, PlayerSpec, Step};

    /// Plays one round: `surrender` palms with both hands, the others do
    /// nothing; every question takes its pre-filled answer.
    fn round(duel: &mut Duel, surrender: usize) -> Step {
        let moves: Vec<_> = (0..duel.players())
            .map(|p| {
                let g = if p == surrender {
                    Gesture::Palm
                } else {
                    Gesture::Nothing
                };
                Some((g, g))
            })
            .collect();
        let mut step = duel.start_round(&moves).expect("legal moves");
        while step == Step::Questions {
            let p = duel.waiting_on().next().expect("someone is asked");
            let a: Vec<usize> = duel.default_answers(p);
            step = duel.answer(p, &a).expect("pre-filled answers");
        }
        step
    }

    fn listed(duel: &Duel, viewer: usize) -> Vec<usize> {
        let rows = duel.status(PlayerId::new(viewer));
        rows.iter().map(|r| r.being.index()).collect()
    }

    #[test]
    fn a_surrender_that_ends_the_duel_keeps_its_row() {
        let specs = [PlayerSpec::parse("A"), PlayerSpec::parse("B")];
        let mut duel = Duel::new(&specs, 1).expect("names");
        assert!(matches!(round(&mut duel, 0), Step::Over(_)));
        assert_eq!(listed(&duel, 1), [1, 0]);
    }

    #[test]
    fn a_surrendered_wizard_leaves_the_list_when_the_duel_goes_on() {
        let specs = ["A", "B", "C"].map(PlayerSpec::parse);
        let mut duel = Duel::new(&specs, 1).expect("names");
        assert_eq!(round(&mut duel, 0), Step::RoundDone);
        assert_eq!(listed(&duel, 1), [1, 2]);
    }
}
