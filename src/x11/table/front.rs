//! The game loop's side of the table: each phase of a round set up in
//! every window and seat, run until everyone has ended it, and its moves or
//! answers handed to the duel.

use super::{Clock, Screen, Table};
use crate::driver::{Ask, Driver, RoundInfo};
use crate::engine::{Choice, Duel, Gesture, PlayerId, Question, QuestionKind};
use crate::x11::phases::{Finish, Front};
use crate::x11::question_pane::{Form, QuestionRow};
use crate::x11::wording;

/// The question pane row for an engine question.
fn row_for(game: &Duel, q: &Question) -> QuestionRow {
    QuestionRow {
        text: q.prompt(game),
        form: match q.kind {
            QuestionKind::CharmGesture { hand, .. } => Form::Pictures(hand),
            _ => Form::Menu,
        },
        labels: q.labels(game),
        choices: q.options.clone(),
        spell_hand: match q.kind {
            QuestionKind::SpellChoice { hand } => Some(hand),
            _ => None,
        },
        answer: q.default.filter(|&d| d < q.options.len()),
    }
}

impl<S: Screen, C: Clock> Front for Table<S, C> {
    fn moves(&mut self, driver: &mut Driver) {
        self.report_gone(driver);
        let duel = driver.duel();
        let kind = duel.round_kind();
        self.seats.begin_gestures(driver);
        let mut acting = Vec::with_capacity(self.players());
        for p in 0..self.windows.len() {
            let active = duel.is_active(PlayerId::new(p));
            let here = self.present(p);
            // The popup offers the beam while the engine says the Onyx is held.
            self.windows[p].set_onyx(duel.holds_onyx(PlayerId::new(p)));
            self.windows[p].begin_gestures(
                &duel.seat_view(PlayerId::new(p)),
                active && here,
                wording::gesture_phase_line(kind, active),
            );
            acting.push(active);
        }
        for p in self.windows.len()..self.players() {
            acting.push(duel.is_active(PlayerId::new(p)));
        }
        let info = wording::watching_line(kind);
        self.watchers
            .each(duel, |w, seen| w.begin_gestures(seen, false, info));
        self.begin_pace();
        self.begin_stars(acting);
        self.pump_phase(driver);
        // Moves first, then departures: a window that has gone still
        // gives the gestures it had, as the engine has always been given.
        let owed: Vec<PlayerId> = driver
            .requests()
            .filter(|r| r.ask == Ask::Move)
            .map(|r| r.player)
            .collect();
        let mut moves: Vec<(PlayerId, (Gesture, Gesture))> = Vec::with_capacity(owed.len());
        for &p in &owed {
            let gestures = match self.windows.get_mut(p.index()) {
                Some(w) => w.chosen(),
                None => self.seats.chosen(p.index()),
            };
            moves.push((p, gestures));
        }
        for w in &mut self.windows {
            w.hold();
        }
        // Charm answers a seat never gave (it failed): its wizard withdraws.
        self.report_gone(driver);
        for (p, gestures) in moves {
            let given = driver.give_move(p, gestures);
            debug_assert!(given.is_ok(), "{given:?}");
        }
        // Nothing is sent now: the next phase draws the result in one go.
    }

    fn answers(&mut self, driver: &mut Driver) {
        let duel = driver.duel();
        self.sync_all(duel);
        self.seats.begin_questions(driver);
        let duel = driver.duel();
        let mut acting = Vec::with_capacity(self.players());
        for p in 0..self.windows.len() {
            let rows: Vec<(usize, QuestionRow)> = if self.present(p) {
                duel.open_questions(PlayerId::new(p))
                    .iter()
                    .enumerate()
                    .map(|(i, q)| (i, row_for(duel, q)))
                    .collect()
            } else {
                Vec::new()
            };
            acting.push(!rows.is_empty());
            self.windows[p].begin_questions(&duel.seat_view(PlayerId::new(p)), rows);
        }
        for p in self.windows.len()..self.players() {
            let me = PlayerId::new(p);
            acting.push(self.present(p) && !duel.open_questions(me).is_empty());
        }
        self.watchers
            .each(duel, |w, seen| w.begin_questions(seen, Vec::new()));
        self.begin_stars(acting);
        self.pump_phase(driver);
        // A departure may settle the batch (only when nobody else was asked).
        self.report_gone(driver);
        let waiting: Vec<PlayerId> = driver.requests().map(|r| r.player).collect();
        for p in waiting {
            if driver.waits_on(p) {
                self.submit(driver, p);
            }
        }
        for w in &mut self.windows {
            w.hold();
        }
    }

    fn after_round(&mut self, driver: &mut Driver, round: RoundInfo) {
        self.report_gone(driver);
        self.seats.tell_round(driver.duel(), round);
        let duel = driver.duel();
        for (p, w) in self.windows.iter_mut().enumerate() {
            w.wait(&duel.seat_view(PlayerId::new(p)));
        }
        self.watchers.each(driver.duel(), |w, seen| w.wait(seen));
    }

    fn watched(&self) -> bool {
        self.anyone_watching()
    }

    fn finish(&mut self, driver: &mut Driver) -> Finish {
        let duel = driver.duel();
        let save = QuestionRow {
            text: wording::SAVE_TRANSCRIPT.to_string(),
            form: Form::Menu,
            labels: vec!["No".to_string(), "Yes".to_string()],
            choices: vec![Choice::Yes(false), Choice::Yes(true)],
            spell_hand: None,
            answer: Some(0),
        };
        let now = self.clock.now();
        for p in 0..self.windows.len() {
            let rows = if p == 0 {
                vec![(0, save.clone())]
            } else {
                Vec::new()
            };
            self.windows[p].begin_end(&duel.seat_view(PlayerId::new(p)), rows, now);
        }
        // With nobody playing at a window, the first spectator is asked.
        let spectator_asked = self.windows.is_empty();
        self.watchers.each_first(duel, |w, seen, first| {
            let rows = if first && spectator_asked {
                vec![(0, save.clone())]
            } else {
                Vec::new()
            };
            w.begin_end(seen, rows, now);
        });
        self.over = true;
        self.pace_due = None;
        self.seats.stand_down(duel);
        self.begin_stars(vec![true; self.players()]);
        self.pump_phase(driver);
        // Only a yes saves it: the first player's, else (nobody playing at
        // a window) the first spectator's. A window gone answers nothing.
        let save_transcript = if spectator_asked {
            self.watchers.first_answer() == Some(1)
        } else {
            self.present(0) && self.windows[0].answers().first().and_then(|(_, a)| *a) == Some(1)
        };
        Finish { save_transcript }
    }
}
