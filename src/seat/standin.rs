//! The stand-in computer: legal, sensible, random play until the searching
//! computer is hooked into [`super::computer::brain_for`]. Each hand carries
//! on a one-handed spell its recent gestures have begun (the further along,
//! the likelier), or starts one; questions take the window's pre-filled
//! answer where it has one (the caster for self-aimed spells, an enemy
//! otherwise) and a random option where it has none.

use super::computer::Brain;
use crate::engine::{Duel, Gesture, Hand, Mark, PlayerId, QuestionKind, Seen, Spell};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The stand-in brain; see the module doc.
pub struct StandInBrain {
    rng: StdRng,
}

impl StandInBrain {
    /// A brain whose choices follow from `seed`.
    pub fn new(seed: u64) -> StandInBrain {
        StandInBrain {
            rng: StdRng::seed_from_u64(seed),
        }
    }

    /// The next gesture of one hand, given its gestures so far (oldest first).
    fn next_gesture(&mut self, made: &[Option<Gesture>]) -> Gesture {
        let mut options: Vec<(Gesture, usize)> = Vec::new();
        for spell in Spell::ALL {
            let steps: Vec<(Gesture, bool)> = spell.steps().collect();
            if steps.is_empty() || steps.iter().any(|&(_, both)| both) {
                continue;
            }
            let done = progress(made, &steps);
            options.push((steps[done].0, (done + 1) * (done + 1)));
        }
        let total: usize = options.iter().map(|o| o.1).sum();
        if total == 0 {
            return Gesture::Nothing;
        }
        let mut pick = self.rng.gen_range(0..total);
        for (gesture, weight) in options {
            if pick < weight {
                return gesture;
            }
            pick -= weight;
        }
        Gesture::Nothing
    }
}

/// How many of `steps` the hand's latest gestures already made (fewer than all).
fn progress(made: &[Option<Gesture>], steps: &[(Gesture, bool)]) -> usize {
    (1..steps.len().min(made.len() + 1))
        .rev()
        .find(|&k| {
            made[made.len() - k..]
                .iter()
                .zip(&steps[..k])
                .all(|(m, s)| *m == Some(s.0))
        })
        .unwrap_or(0)
}

impl Brain for StandInBrain {
    fn choose_move(&mut self, duel: &Duel, me: PlayerId) -> (Gesture, Gesture) {
        let view = duel.view(me);
        let rows = view.gestures.get(me.index()).cloned().unwrap_or_default();
        let hand = |h: Hand| -> Vec<Option<Gesture>> {
            rows.iter()
                .map(|r| match r[h.index()] {
                    Seen::Mark(Mark::Made(g)) => Some(g),
                    _ => None,
                })
                .collect()
        };
        let left = self.next_gesture(&hand(Hand::Left));
        let mut right = self.next_gesture(&hand(Hand::Right));
        // Two palms surrender; two knives are one knife wasted.
        if (left, right) == (Gesture::Palm, Gesture::Palm)
            || (left, right) == (Gesture::Stab, Gesture::Stab)
        {
            right = Gesture::Nothing;
        }
        (left, right)
    }

    fn choose_answers(&mut self, duel: &Duel, me: PlayerId) -> Vec<usize> {
        duel.open_questions(me)
            .iter()
            .map(|q| match (&q.kind, q.default) {
                (
                    QuestionKind::SpellChoice { .. }
                    | QuestionKind::Elemental
                    | QuestionKind::CharmGesture { .. }
                    | QuestionKind::Delay
                    | QuestionKind::Permanent,
                    _,
                )
                | (_, None) => self.rng.gen_range(0..q.options.len().max(1)),
                (_, Some(d)) => d,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{PlayerSpec, Step};

    fn duel() -> Duel {
        let specs = [PlayerSpec::parse("A"), PlayerSpec::parse("B")];
        Duel::new(&specs, 3).expect("two players")
    }

    #[test]
    fn progress_counts_the_begun_part_of_a_spell() {
        let g = |c| Gesture::from_script_letter(c);
        let steps: Vec<(Gesture, bool)> = "SWD".chars().map(|c| (g(c).unwrap(), false)).collect();
        assert_eq!(progress(&[g('S'), g('W')], &steps), 2);
        assert_eq!(progress(&[g('D'), g('S')], &steps), 1);
        assert_eq!(progress(&[g('D')], &steps), 0);
        // A finished spell starts over.
        assert_eq!(progress(&[g('S'), g('W'), g('D')], &steps), 0);
    }

    #[test]
    fn plays_whole_duels_with_legal_answers() {
        for seed in 0..4 {
            let mut d = duel();
            let mut brains = [StandInBrain::new(seed), StandInBrain::new(seed + 100)];
            let mut rounds = 0;
            while d.outcome().is_none() && d.turn() < 100 {
                let moves: Vec<_> = (0..2)
                    .map(|p| {
                        let p = PlayerId::new(p);
                        d.is_active(p).then(|| brains[p.index()].choose_move(&d, p))
                    })
                    .collect();
                assert!(moves
                    .iter()
                    .flatten()
                    .all(|m| *m != (Gesture::Palm, Gesture::Palm)));
                let mut step = d.start_round(&moves).expect("legal moves");
                while step == Step::Questions {
                    let p = d.waiting_on().next().expect("someone is asked");
                    let answers = brains[p.index()].choose_answers(&d, p);
                    step = d.answer(p, &answers).expect("legal answers");
                }
                rounds += 1;
            }
            assert!(rounds > 1);
        }
    }
}
