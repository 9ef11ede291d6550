//! Every player's window together: the front end the game loop drives.
//! It feeds input from all displays (one channel) to the right window, sends
//! each window's drawing to its display's writer, and decides when a phase
//! is over. Players whose display is gone count as having ended everything.

use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use rand::Rng;

use super::display::{Link, Msg};
use super::question_pane::{Form, QuestionRow};
use super::window::{Action, PlayerWindow};
use super::wording;
use crate::engine::{Choice, Duel, Gesture, PlayerId, Question, QuestionKind, Step};
use crate::game::{Finish, Front};

/// What stopped [`Table::pump`].
enum Pumped {
    /// Every player still here has ended the phase.
    Done,
    /// A player sent a line of speech.
    Said(usize, String),
}

/// All the windows of one duel.
pub struct Table {
    windows: Vec<PlayerWindow>,
    links: Vec<Option<Link>>,
    rx: Receiver<Msg>,
    /// Which players must act in the current phase (for the done-star).
    acting: Vec<bool>,
    /// When each idle player's done-star appears.
    star_due: Vec<Option<Instant>>,
    stars: Vec<bool>,
    /// Players whose departure the engine has been told about.
    withdrawn: Vec<bool>,
}

impl Table {
    /// Windows and their display links, player by player; input arrives on `rx`.
    pub fn new(windows: Vec<PlayerWindow>, links: Vec<Link>, rx: Receiver<Msg>) -> Table {
        let n = windows.len();
        Table {
            windows,
            links: links.into_iter().map(Some).collect(),
            rx,
            acting: vec![false; n],
            star_due: vec![None; n],
            stars: vec![false; n],
            withdrawn: vec![false; n],
        }
    }

    /// Tells the engine about players whose display has gone: their wizards
    /// surrender at the end of the turn (issue 5), their questions take the
    /// pre-filled answers. Returns the step that follows if that completed
    /// the open batch.
    fn report_gone(&mut self, duel: &mut Duel) -> Option<Step> {
        let mut step = None;
        for p in self.newly_gone() {
            if let Some(s) = duel.withdraw(PlayerId::new(p)) {
                step = Some(s);
            }
        }
        step
    }

    /// Players whose display has gone and who were not yet reported.
    fn newly_gone(&mut self) -> Vec<usize> {
        let mut gone = Vec::new();
        for p in 0..self.windows.len() {
            if !self.present(p) && !self.withdrawn[p] {
                self.withdrawn[p] = true;
                gone.push(p);
            }
        }
        gone
    }

    /// Takes every window down (the program is about to end).
    pub fn close_all(&mut self) {
        for link in self.links.iter_mut().filter_map(Option::take) {
            link.close();
        }
    }

    /// Whether player `p`'s display is still with us.
    pub fn present(&self, p: usize) -> bool {
        self.links.get(p).is_some_and(Option::is_some)
    }

    /// Players whose display is gone.
    pub fn gone_players(&self) -> Vec<usize> {
        (0..self.windows.len())
            .filter(|&p| !self.present(p))
            .collect()
    }

    fn drop_player(&mut self, p: usize, why: &str) {
        if let Some(link) = self.links.get_mut(p).and_then(Option::take) {
            link.close();
            eprintln!("spellcast: player {} {why}", p + 1);
        }
    }

    fn flush(&mut self) {
        for p in 0..self.windows.len() {
            let ops = self.windows[p].render();
            let sent = match self.links[p].as_mut() {
                Some(link) => link.send(ops),
                None => true,
            };
            if !sent {
                self.drop_player(p, "is gone (display closed)");
            }
        }
    }

    fn begin_stars(&mut self, acting: Vec<bool>) {
        let now = Instant::now();
        let mut rng = rand::thread_rng();
        self.star_due = acting
            .iter()
            .map(|&a| (!a).then(|| now + Duration::from_millis(100 * rng.gen_range(5..=54))))
            .collect();
        self.acting = acting;
        self.update_stars(now);
    }

    fn update_stars(&mut self, now: Instant) {
        let stars: Vec<bool> = (0..self.windows.len())
            .map(|p| {
                if self.acting[p] {
                    self.windows[p].ended() || !self.present(p)
                } else {
                    self.star_due[p].is_some_and(|t| t <= now)
                }
            })
            .collect();
        if stars != self.stars {
            self.stars = stars.clone();
            for w in &mut self.windows {
                w.set_stars(stars.clone());
            }
        }
    }

    fn all_done(&self) -> bool {
        (0..self.windows.len())
            .all(|p| !self.present(p) || (self.windows[p].ended() && !self.windows[p].busy()))
    }

    fn next_deadline(&self) -> Option<Instant> {
        let stars = self
            .star_due
            .iter()
            .enumerate()
            .filter(|(p, t)| !self.stars[*p] && t.is_some())
            .filter_map(|(_, t)| *t);
        let lags = self.links.iter().flatten().filter_map(Link::next_check);
        stars.chain(lags).min()
    }

    /// Runs the windows until the phase is over or someone speaks. Sleeps in
    /// the channel between events: no polling.
    fn pump(&mut self) -> Pumped {
        loop {
            let now = Instant::now();
            for p in 0..self.links.len() {
                if self.links[p].as_mut().is_some_and(|l| l.lagging(now)) {
                    self.drop_player(p, "is gone (display stopped answering)");
                }
            }
            self.update_stars(now);
            self.flush();
            if self.all_done() {
                return Pumped::Done;
            }
            let msg = match self.next_deadline() {
                Some(t) => match self.rx.recv_timeout(t.saturating_duration_since(now)) {
                    Ok(m) => Some(m),
                    Err(RecvTimeoutError::Timeout) => None,
                    Err(RecvTimeoutError::Disconnected) => return self.everyone_gone(),
                },
                None => match self.rx.recv() {
                    Ok(m) => Some(m),
                    Err(_) => return self.everyone_gone(),
                },
            };
            match msg {
                None => {}
                Some(Msg::Gone(p)) => self.drop_player(p, "is gone (display closed)"),
                Some(Msg::Input(p, input)) => {
                    if !self.present(p) {
                        continue;
                    }
                    for action in self.windows[p].handle(input) {
                        match action {
                            Action::Leave => self.drop_player(p, "left (window closed)"),
                            Action::Say(text) => {
                                self.flush();
                                return Pumped::Said(p, text);
                            }
                        }
                    }
                }
            }
        }
    }

    fn everyone_gone(&mut self) -> Pumped {
        for p in 0..self.links.len() {
            self.drop_player(p, "is gone");
        }
        Pumped::Done
    }

    fn sync_all(&mut self, duel: &Duel) {
        for w in &mut self.windows {
            w.sync_messages(duel);
        }
    }

    /// Runs the windows until the phase is over, logging speech as it comes.
    fn pump_phase(&mut self, duel: &mut Duel) {
        while let Pumped::Said(p, text) = self.pump() {
            duel.say(PlayerId::new(p), &text);
            self.sync_all(duel);
        }
    }

    /// Gives one player's answers to the duel. Window answers are always in
    /// range; should the duel refuse them anyway, the player's questions take
    /// their pre-filled answers.
    fn submit(&mut self, duel: &mut Duel, p: PlayerId) -> Option<Step> {
        let mut answers: Vec<usize> = duel
            .open_questions(p)
            .iter()
            .map(Question::fallback)
            .collect();
        for (i, a) in self.windows[p.index()].answers() {
            if let (Some(a), Some(slot)) = (a, answers.get_mut(i)) {
                *slot = a;
            }
        }
        match duel.answer(p, &answers) {
            Ok(step) => Some(step),
            Err(e) => {
                eprintln!("spellcast: {e}; using the pre-filled answers");
                duel.withdraw(p)
            }
        }
    }
}

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

impl Front for Table {
    fn moves(&mut self, duel: &mut Duel) -> Option<Vec<Option<(Gesture, Gesture)>>> {
        self.report_gone(duel);
        if (0..self.windows.len()).all(|p| !self.present(p)) {
            return None;
        }
        let kind = duel.round_kind();
        let mut acting = Vec::with_capacity(self.windows.len());
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
        self.begin_stars(acting);
        self.pump_phase(duel);
        self.report_gone(duel);
        if (0..self.windows.len()).all(|p| !self.present(p)) {
            return None;
        }
        let moves = self
            .windows
            .iter_mut()
            .enumerate()
            .map(|(p, w)| {
                let m = duel.is_active(PlayerId::new(p)).then(|| w.chosen());
                w.hold();
                m
            })
            .collect();
        // Nothing is sent now: the next phase draws the result in one go.
        Some(moves)
    }

    fn answers(&mut self, duel: &mut Duel) -> Step {
        self.sync_all(duel);
        let hidden = duel.before_reveal();
        let mut acting = Vec::with_capacity(self.windows.len());
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
        for p in 0..self.windows.len() {
            let rows = if p == 0 {
                vec![(0, save.clone())]
            } else {
                Vec::new()
            };
            self.windows[p].begin_end(duel, rows);
        }
        self.begin_stars(vec![true; self.windows.len()]);
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
