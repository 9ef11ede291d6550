//! The game loop's side of the table: each phase of a round set up in
//! every window and seat, run until everyone has ended it, and its moves or
//! answers handed to the duel.

use super::{Clock, Screen, Table};
use crate::engine::{Choice, Duel, Gesture, PlayerId, Question, QuestionKind, Step};
use crate::game::{Finish, Front};
use crate::seat::RoundInfo;
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
        labels: q.options.iter().map(|c| c.label(game)).collect(),
        choices: q.options.clone(),
        spell_hand: match q.kind {
            QuestionKind::SpellChoice { hand } => Some(hand),
            _ => None,
        },
        answer: q.default.filter(|&d| d < q.options.len()),
    }
}

impl<S: Screen, C: Clock> Front for Table<S, C> {
    fn moves(&mut self, duel: &mut Duel) -> Option<Vec<Option<(Gesture, Gesture)>>> {
        self.report_gone(duel);
        if !self.anyone_watching() {
            return None;
        }
        let kind = duel.round_kind();
        self.round = Some(RoundInfo {
            number: duel.rounds_played(),
            kind,
            turn: duel.turn(),
        });
        self.machines.begin_gestures(duel);
        let mut acting = Vec::with_capacity(self.players());
        for p in 0..self.windows.len() {
            let active = duel.is_active(PlayerId::new(p));
            let here = self.present(p);
            self.windows[p].begin_gestures(
                duel,
                active && here,
                wording::gesture_phase_line(kind, active),
            );
            acting.push(active);
        }
        for p in self.windows.len()..self.players() {
            acting.push(duel.is_active(PlayerId::new(p)));
        }
        self.begin_stars(acting);
        self.pump_phase(duel);
        self.report_gone(duel);
        if !self.anyone_watching() {
            return None;
        }
        let mut moves: Vec<Option<(Gesture, Gesture)>> = self
            .windows
            .iter_mut()
            .enumerate()
            .map(|(p, w)| {
                let m = duel.is_active(PlayerId::new(p)).then(|| w.chosen());
                w.hold();
                m
            })
            .collect();
        for p in self.windows.len()..self.players() {
            moves.push(
                duel.is_active(PlayerId::new(p))
                    .then(|| self.machines.chosen(p)),
            );
        }
        // Nothing is sent now: the next phase draws the result in one go.
        Some(moves)
    }

    fn answers(&mut self, duel: &mut Duel) -> Step {
        self.sync_all(duel);
        let hidden = duel.before_reveal();
        self.machines.begin_questions(duel);
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
            self.windows[p].begin_questions(duel, rows, hidden);
        }
        for p in self.windows.len()..self.players() {
            let me = PlayerId::new(p);
            acting.push(self.present(p) && !duel.open_questions(me).is_empty());
        }
        self.begin_stars(acting);
        self.pump_phase(duel);
        // A departure may settle the batch (only when nobody else was asked).
        let mut step = self.report_gone(duel).unwrap_or(Step::Questions);
        let waiting: Vec<PlayerId> = duel.waiting_on().collect();
        for p in waiting {
            if let Some(s) = self.submit(duel, p) {
                step = s;
            }
        }
        for w in &mut self.windows {
            w.hold();
        }
        step
    }

    fn after_round(&mut self, duel: &mut Duel) {
        self.report_gone(duel);
        if let Some(round) = self.round.take() {
            self.machines.tell_round(duel, round);
        }
        for w in &mut self.windows {
            w.wait(duel);
        }
    }

    fn finish(&mut self, duel: &mut Duel) -> Finish {
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
            self.windows[p].begin_end(duel, rows, now);
        }
        self.machines.stand_down();
        self.begin_stars(vec![true; self.players()]);
        self.pump_phase(duel);
        // Issue 5 hook: the first player's answer decides; if his display is
        // gone the transcript is saved anyway.
        let save_transcript = if self.present(0) {
            self.windows[0].answers().first().and_then(|(_, a)| *a) == Some(1)
        } else {
            true
        };
        Finish { save_transcript }
    }
}
