//! The far window's phases, driven by the host's messages: `move` opens the
//! gesture phase and End Move sends the gestures; `questions` fills the
//! question pane and End Answers sends the answers; `round` and `said` add
//! to the text pane; `end` (or the link lost) turns the button to Quit.
//!
//! Speech travels with the seat's next reply, as the protocol carries it;
//! the window echoes it at once, and the echo the host sends back in the
//! next `round` is not printed twice.

use std::process::ExitCode;
use std::sync::mpsc::Receiver;
use std::time::Instant;

use serde_json::{json, Value};

use super::asked::{answer_text, row_for};
use super::far_view::FarView;
use super::host_link;
use crate::engine::{Choice, RoundKind};
use crate::outside_text::{one_line, MAX_LINE_CHARS};
use crate::seat::message::{Message, QuestionJson, RoundKindName};
use crate::x11::display::{Link, Msg};
use crate::x11::question_pane::{Form, QuestionRow};
use crate::x11::window::{Action, PlayerWindow};
use crate::x11::wording;

/// What the host waits for from this seat.
enum Pending {
    Nothing,
    Move,
    Answers(Vec<QuestionJson>),
}

/// The far seat's window and its state.
pub struct FarSeat {
    window: PlayerWindow,
    link: Option<Link>,
    view: FarView,
    pending: Pending,
    /// Speech typed since the last reply.
    speech: Vec<String>,
    /// Lines already shown (speech) that the next `round` repeats.
    echoed: Vec<String>,
    /// The duel is over (or the link lost): the button reads Quit.
    over: bool,
    /// The transcript question has been settled by a Quit.
    settled: bool,
    /// A line from the host after the end has been told of (once).
    told_after_end: bool,
}

fn engine_kind(kind: RoundKindName) -> RoundKind {
    match kind {
        RoundKindName::Normal => RoundKind::Normal,
        RoundKindName::Haste => RoundKind::Haste,
        RoundKindName::Timestop => RoundKind::TimeStop,
    }
}

impl FarSeat {
    /// The window, its display and what the seat knows so far.
    pub fn new(window: PlayerWindow, link: Link, view: FarView) -> FarSeat {
        FarSeat {
            window,
            link: Some(link),
            view,
            pending: Pending::Nothing,
            speech: Vec::new(),
            echoed: Vec::new(),
            over: false,
            settled: false,
            told_after_end: false,
        }
    }

    /// Runs until the person quits or closes the window.
    pub fn run(&mut self, rx: &Receiver<Msg>) -> ExitCode {
        loop {
            self.flush();
            if self.link.is_none() {
                return ExitCode::SUCCESS;
            }
            if self.window.ended() && !self.window.busy() {
                if self.over {
                    if self.save_transcript() {
                        continue;
                    }
                    return self.close();
                }
                self.send_reply();
            }
            match rx.recv() {
                Ok(Msg::Host(Some(line))) => self.host_line(&line),
                Ok(Msg::Host(None)) => self.link_lost(),
                Ok(Msg::Input(_, input)) => {
                    for action in self.window.handle(input, Instant::now()) {
                        match action {
                            Action::Say(text) => self.say(text),
                            Action::Leave => return self.close(),
                        }
                    }
                }
                Ok(Msg::Gone(_)) | Err(_) => return self.close(),
                Ok(Msg::Drawn(_) | Msg::Seat(..)) => {}
            }
        }
    }

    fn flush(&mut self) {
        let ops = self.window.render();
        if let Some(link) = self.link.as_mut() {
            if !link.send(ops) {
                self.link = None;
            }
        }
    }

    fn close(&mut self) -> ExitCode {
        if let Some(link) = self.link.take() {
            link.close();
        }
        ExitCode::SUCCESS
    }

    /// One message from the host. After the duel's end none is taken: a
    /// phase begun then would put its rows where the transcript question
    /// was, and an answer of theirs would read as a Yes.
    pub fn host_line(&mut self, line: &str) {
        if self.over {
            if !std::mem::replace(&mut self.told_after_end, true) {
                host_link::tell("the game wrote after the duel's end: ignored");
            }
            return;
        }
        let message = match serde_json::from_str::<Message>(line) {
            Ok(m) => m,
            Err(e) => {
                let why = format!("a line from the game not understood: {e}");
                host_link::tell(&one_line(&why, MAX_LINE_CHARS));
                return;
            }
        };
        match message {
            Message::Hello(_) => {}
            Message::Move(m) => {
                self.view.update(m.view);
                self.pending = Pending::Move;
                let info = wording::gesture_phase_line(engine_kind(m.kind), true);
                self.window.begin_gestures(&self.view, true, info);
            }
            Message::Questions(q) => {
                self.view.update(q.view);
                let rows = q
                    .questions
                    .iter()
                    .enumerate()
                    .map(|(i, question)| (i, row_for(question, &self.view)))
                    .collect();
                self.pending = Pending::Answers(q.questions);
                self.window.begin_questions(&self.view, rows);
            }
            Message::Round(r) => {
                self.view.update(r.view);
                for line in r.text {
                    match self.echoed.iter().position(|e| *e == line) {
                        Some(i) => {
                            self.echoed.remove(i);
                        }
                        None => self.view.tell(line),
                    }
                }
                self.window.wait(&self.view);
            }
            Message::Said(s) => {
                let line = format!("{} says \"{}\"", s.who, s.text);
                self.echo(line);
            }
            Message::End(end) => {
                self.view.update(end.view);
                self.finish();
            }
        }
    }

    /// Shows a line now that the next `round` will repeat.
    fn echo(&mut self, line: String) {
        self.view.tell(line.clone());
        self.echoed.push(line);
        self.window.sync_messages(&self.view);
    }

    fn say(&mut self, text: String) {
        if self.over {
            return;
        }
        self.echo(format!("You say \"{text}\""));
        self.speech.push(text);
    }

    /// The reply the host waits for, once the person has ended the phase.
    fn send_reply(&mut self) {
        let mut reply = match std::mem::replace(&mut self.pending, Pending::Nothing) {
            Pending::Nothing => return,
            Pending::Move => {
                let (left, right) = self.window.chosen();
                let letters: String = [left.script_letter(), right.script_letter()]
                    .iter()
                    .collect();
                json!({ "move": letters })
            }
            Pending::Answers(questions) => {
                let held = self.window.answers();
                let answers: Vec<String> = questions
                    .iter()
                    .enumerate()
                    .map(|(i, q)| {
                        let a = held.iter().find(|(b, _)| *b == i).and_then(|(_, a)| *a);
                        answer_text(q, a)
                    })
                    .collect();
                json!({ "answers": answers })
            }
        };
        if !self.speech.is_empty() {
            reply["say"] = Value::String(self.speech.join(" "));
            self.speech.clear();
        }
        self.window.hold();
        if !host_link::reply(&reply) {
            self.link_lost();
        }
    }

    /// The duel is over: Quit, and the transcript question.
    fn finish(&mut self) {
        self.over = true;
        self.pending = Pending::Nothing;
        let save = QuestionRow {
            text: wording::SAVE_TRANSCRIPT.to_string(),
            form: Form::Menu,
            labels: vec!["No".to_string(), "Yes".to_string()],
            choices: vec![Choice::Yes(false), Choice::Yes(true)],
            spell_hand: None,
            answer: Some(0),
        };
        self.window
            .begin_end(&self.view, vec![(0, save)], Instant::now());
    }

    /// The host is gone: this wizard has left the duel.
    fn link_lost(&mut self) {
        if self.over {
            return;
        }
        self.view
            .tell("The link to the game is lost: you have left the duel.".to_string());
        self.finish();
    }

    /// Quit pressed: if the transcript was asked for, saves this window's
    /// text and shows its path in the window (over ssh, standard error goes
    /// to the host, not to this player), leaving the window up until the
    /// next Quit; true if it did. The path also goes to standard error.
    fn save_transcript(&mut self) -> bool {
        if self.settled {
            return false;
        }
        self.settled = true;
        let wanted = self.window.answers().first().and_then(|(_, a)| *a) == Some(1);
        if !wanted {
            return false;
        }
        let mut text = self.view.lines().join("\n");
        text.push('\n');
        let line = match crate::transcript_file::save(&text) {
            Ok(path) => {
                eprintln!("{}", path.display());
                format!("The transcript is saved in {}.", path.display())
            }
            Err(e) => {
                host_link::tell(&one_line(&e.to_string(), MAX_LINE_CHARS));
                format!("The transcript could not be saved: {e}.")
            }
        };
        self.view.tell(line);
        self.window
            .begin_end(&self.view, Vec::new(), Instant::now());
        true
    }
}
