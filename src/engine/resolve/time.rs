//! The end of a round: deaths, disease, the end of the duel, and what kind
//! of round comes next.

use crate::engine::being::{turns, Life};
use crate::engine::duel::{Duel, Outcome, RoundKind};
use crate::engine::gesture::{Gesture, Mark};
use crate::engine::history::Row;
use crate::engine::ids::BeingId;
use crate::engine::ids::PlayerId;
use crate::engine::lasting::HasteTick;
use crate::engine::narrate::{CourseEvent, EnchantmentEvent, SightSpeedEvent, WoundEvent};
use crate::engine::setup::MAX_PLAYERS;

impl Duel {
    /// Deaths, disease and poison, and the Delayed Effect / Permanency windows.
    pub(crate) fn pass_time(&mut self, active: &[bool]) {
        let time_stop = self.round_kind == RoundKind::TimeStop;
        for (w, &was_active) in self.wizard_ids().zip(active) {
            if !self.beings[w].alive() {
                continue;
            }
            if self.beings[w].hp <= 0 {
                let b = &mut self.beings[w];
                b.life = Life::Gone;
                b.clear_effects();
                let blind_viewers = b.history.last().map_or(0, |r| r.blind_viewers);
                b.history.push(Row {
                    marks: [Mark::Made(Gesture::Nothing); 2],
                    hidden: time_stop,
                    blind_viewers,
                });
                self.say_event(WoundEvent::Dies { being: w });
                continue;
            }
            self.sicken(w);
            if self.beings[w].alive() && was_active {
                let fx = &mut self.beings[w].fx;
                if fx.delay_window > 0 {
                    fx.delay_window -= 1;
                    if fx.delay_window == 0 {
                        self.say_event(EnchantmentEvent::WindowCloses {
                            wizard: w,
                            permanency: false,
                        });
                    }
                }
                let fx = &mut self.beings[w].fx;
                if fx.perm_window > 0 {
                    fx.perm_window -= 1;
                    if fx.perm_window == 0 {
                        self.say_event(EnchantmentEvent::WindowCloses {
                            wizard: w,
                            permanency: true,
                        });
                    }
                }
            }
        }
        for m in self.monster_ids() {
            let b = &mut self.beings[m];
            if !b.alive() {
                continue;
            }
            if b.hp <= 0 {
                b.life = b.life_after_death();
                b.clear_effects();
                self.say_event(WoundEvent::Dies { being: m });
            } else {
                self.sicken(m);
            }
        }
    }

    /// Disease and poison count down; at zero the being dies on the spot.
    fn sicken(&mut self, id: BeingId) {
        if self.is_frozen(id) {
            return;
        }
        for poison in [false, true] {
            let b = &mut self.beings[id];
            if !b.alive() {
                return;
            }
            let counter = if poison {
                &mut b.fx.poison
            } else {
                &mut b.fx.disease
            };
            if *counter == 0 {
                continue;
            }
            *counter -= 1;
            let stage = *counter;
            if stage == 0 {
                b.life = b.life_after_death();
            }
            // The first step of the count falls in the casting round, which
            // tells only the sickness taking hold.
            if stage + 1 < turns::SICKNESS {
                self.say_event(WoundEvent::Sickens {
                    being: id,
                    poison,
                    stage,
                });
            }
        }
    }

    /// Ends the duel when at most one wizard still fights.
    pub(crate) fn check_end(&mut self) -> Option<Outcome> {
        for w in 0..self.players {
            if self.leaving[w] && self.beings[w].alive() {
                self.beings[w].surrendered = true;
            }
        }
        if let Some(outcome) = self.rules.quirks.settle_end.and_then(|settle| settle(self)) {
            return Some(self.finish(outcome));
        }
        // (how many, the first) of the fighting and of the surrendered wizards.
        let (mut live, mut surrendered) = ((0, 0), (0, 0));
        for (w, b) in self.beings[..self.players].iter().enumerate() {
            if !b.alive() {
                continue;
            }
            let tally = if b.surrendered {
                &mut surrendered
            } else {
                &mut live
            };
            if tally.0 == 0 {
                tally.1 = w;
            }
            tally.0 += 1;
        }
        if live.0 > 1 {
            return None;
        }
        let outcome = match (live.0, surrendered.0) {
            (1, _) => Outcome::Winner(PlayerId::new(live.1)),
            (0, 1) if self.rules.lone_surrenderer_wins => {
                Outcome::Winner(PlayerId::new(surrendered.1))
            }
            _ => Outcome::Draw,
        };
        Some(self.finish(outcome))
    }

    /// The duel ends with `outcome`.
    fn finish(&mut self, outcome: Outcome) -> Outcome {
        self.outcome = Some(outcome);
        self.active = [false; MAX_PLAYERS];
        self.say_event(CourseEvent::GameOver(outcome));
        outcome
    }

    /// Time stops come first, then haste; otherwise a normal round.
    pub(crate) fn decide_next_round(&mut self) {
        let mut stopped = false;
        for id in self.being_ids() {
            if !self.beings[id].alive() {
                continue;
            }
            let Some(running) = self.beings[id].fx.time_stop.tick() else {
                continue;
            };
            stopped |= running;
            self.say_event(SightSpeedEvent::TimeStop { being: id, running });
        }
        if stopped {
            self.round_kind = RoundKind::TimeStop;
            self.active = self.wizards_where(|b| b.alive() && b.fx.time_stop.is_on());
            return;
        }
        let mut hasted = false;
        for id in self.being_ids() {
            if !self.beings[id].alive() {
                continue;
            }
            let Some(HasteTick { starting, running }) = self.beings[id].fx.haste.tick() else {
                continue;
            };
            hasted |= running;
            self.say_event(SightSpeedEvent::Haste {
                being: id,
                starting,
                running,
            });
        }
        if hasted {
            self.round_kind = RoundKind::Haste;
            self.active = self.wizards_where(|b| b.alive() && b.fx.haste.is_on());
        } else {
            self.round_kind = RoundKind::Normal;
            self.active = self.wizards_alive();
        }
        // A wizard a book's spell marked sits the next turn out.
        for w in 0..self.players {
            if self.beings[w].marks.book.take_sits_out() {
                self.active[w] = false;
            }
        }
    }
}
