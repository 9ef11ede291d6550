//! What the far window shows, built from the seat protocol's messages only:
//! the last `VIEW` received and the text lines the game sent. Nothing here
//! knows more than the seat was told. Everything it hands the window is
//! text from the host, so it goes out escaped and cut (`outside_text`): a
//! hostile host draws no control characters and no endless line.

use std::collections::HashMap;

use crate::engine::{Gesture, Mark, RuleSet, Seen};
use crate::outside_text::{one_line, MAX_LINE_CHARS, MAX_QUOTED_CHARS};
use crate::seat::message::{BeingJson, ViewJson};
use crate::x11::scene::{effect_text, Source};
use crate::x11::status_pane::StatusLine;

/// The seat's knowledge of the duel, as the protocol gave it.
#[derive(Debug, Clone)]
pub struct FarView {
    /// The wizards' names, in player order.
    names: Vec<String>,
    /// The book `hello` names: the window's gestures and Spell List.
    rules: &'static RuleSet,
    view: Option<ViewJson>,
    /// Every text pane line received, in order.
    lines: Vec<String>,
    /// Each monster's label (`Frilep the Goblin`) by its `#N`, kept after
    /// it dies so a question can still name it.
    labels: HashMap<String, String>,
}

impl FarView {
    /// Knowledge of a duel between these wizards (names without genders)
    /// under `rules`.
    pub fn new(names: Vec<String>, rules: &'static RuleSet) -> FarView {
        FarView {
            names,
            rules,
            view: None,
            lines: Vec::new(),
            labels: HashMap::new(),
        }
    }

    /// The wizards' names, in player order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Takes a new `VIEW`.
    pub fn update(&mut self, view: ViewJson) {
        for b in &view.beings {
            if let Some(label) = &b.label {
                self.labels.insert(b.name.clone(), label.clone());
            }
        }
        self.view = Some(view);
    }

    /// Adds a line to the text pane, escaped and cut to a line's length.
    pub fn tell(&mut self, line: String) {
        self.lines.push(one_line(&line, MAX_LINE_CHARS));
    }

    /// Every line told so far (the far seat's transcript).
    pub fn lines(&self) -> &[String] {
        &self.lines
    }

    /// A living being of the last view, by its protocol name.
    pub fn being(&self, name: &str) -> Option<&BeingJson> {
        self.view.as_ref()?.beings.iter().find(|b| b.name == name)
    }

    /// How a being is named in the window: a wizard by name, a monster by
    /// its label.
    pub fn label(&self, name: &str) -> String {
        shown(self.labels.get(name).map_or(name, String::as_str))
    }

    /// Whether a view has ever shown this being (a wizard, or a monster
    /// made so far; `#N` of a monster still to be summoned is not).
    pub fn ever_seen(&self, name: &str) -> bool {
        self.names.iter().any(|n| n == name) || self.labels.contains_key(name)
    }

    /// The engine's being number of a protocol name: wizards in player
    /// order, then `#N` for the N-th monster.
    pub fn being_index(&self, name: &str) -> Option<usize> {
        if let Some(i) = self.names.iter().position(|n| n == name) {
            return Some(i);
        }
        let n: usize = name.strip_prefix('#')?.parse().ok()?;
        n.checked_sub(1).map(|k| self.names.len() + k)
    }

    fn status_line(&self, b: &BeingJson) -> StatusLine {
        let wizard = (b.kind == "wizard")
            .then(|| self.names.iter().position(|n| *n == b.name))
            .flatten();
        let hp_flags = if b.flags.is_empty() {
            b.hp.to_string()
        } else {
            format!("{} {}", b.hp, shown(&b.flags))
        };
        StatusLine {
            wizard,
            name: shown(b.label.as_ref().unwrap_or(&b.name)),
            indented: b.kind != "wizard",
            hp_flags,
        }
    }
}

/// A name, label or flag from the host as the window draws it.
fn shown(text: &str) -> String {
    one_line(text, MAX_QUOTED_CHARS)
}

/// One hand as the protocol writes it: a move letter, `?` or `*`.
fn seen_of(letter: char) -> Seen {
    match letter {
        '*' => Seen::Mark(Mark::AntiSpell),
        c => match Gesture::from_script_letter(c) {
            Some(g) => Seen::Mark(Mark::Made(g)),
            None => Seen::Fog,
        },
    }
}

impl Source for FarView {
    fn rules(&self) -> &'static RuleSet {
        self.rules
    }

    /// In the window's order: monsters nobody commands, then this seat's
    /// wizard with his monsters, then each other wizard with his.
    fn status_lines(&self, me: usize) -> Vec<StatusLine> {
        let Some(view) = &self.view else {
            return Vec::new();
        };
        let wizards: Vec<&BeingJson> = view.beings.iter().filter(|b| b.kind == "wizard").collect();
        let listed = |c: &Option<String>| {
            c.as_ref()
                .is_some_and(|c| wizards.iter().any(|w| w.name == *c))
        };
        let monsters = view.beings.iter().filter(|b| b.kind != "wizard");
        let mut rows: Vec<StatusLine> = monsters
            .clone()
            .filter(|m| !listed(&m.controller))
            .map(|m| self.status_line(m))
            .collect();
        let my_name = self.names.get(me);
        let order = wizards
            .iter()
            .filter(|w| Some(&w.name) == my_name)
            .chain(wizards.iter().filter(|w| Some(&w.name) != my_name));
        for w in order {
            rows.push(self.status_line(w));
            rows.extend(
                monsters
                    .clone()
                    .filter(|m| m.controller.as_ref() == Some(&w.name))
                    .map(|m| self.status_line(m)),
            );
        }
        rows
    }

    fn columns(&self) -> usize {
        self.names.len()
    }

    fn history(&self, owner: usize, _me: usize) -> Vec<[Seen; 2]> {
        let (Some(view), Some(name)) = (&self.view, self.names.get(owner)) else {
            return Vec::new();
        };
        let Some((_, rows)) = view.gestures.0.iter().find(|(n, _)| n == name) else {
            return Vec::new();
        };
        rows.iter()
            .map(|r| {
                let mut hands = r.chars().map(seen_of);
                let left = hands.next().unwrap_or(Seen::Fog);
                [left, hands.next().unwrap_or(Seen::Fog)]
            })
            .collect()
    }

    fn narration_since(&self, _me: usize, cursor: usize) -> (Vec<String>, usize) {
        let from = cursor.min(self.lines.len());
        (self.lines[from..].to_vec(), self.lines.len())
    }

    fn lasting(&self, _me: usize) -> Vec<(String, String, Option<u32>)> {
        let Some(view) = &self.view else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for b in &view.beings {
            let name = shown(b.label.as_ref().unwrap_or(&b.name));
            for e in &b.effects {
                let text = shown(&effect_text(&e.name, e.hand.as_deref()));
                out.push((name.clone(), text, e.turns));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Labels, flags, effects and lines from a hostile host reach the
    /// window escaped and cut: no control character, no endless line.
    #[test]
    fn host_text_is_drawn_escaped() {
        let mut view = FarView::new(vec!["Al".into(), "Bo".into()], RuleSet::original());
        let nasty = "x\u{1b}[2J\ny";
        let being = serde_json::json!({"name": "#1", "label": nasty, "kind": nasty,
            "hp": 3, "flags": nasty, "controller": null,
            "effects": [{"name": nasty, "hand": nasty, "turns": 2}]});
        let json = serde_json::json!({"turn": 1, "beings": [being],
            "gestures": {"Al": [], "Bo": []},
            "me": {"banked": null, "short_lightning_used": false}});
        view.update(serde_json::from_value(json).expect("a view"));
        let rows = view.status_lines(0);
        assert_eq!(rows[0].name, "x\\u{1b}[2J\\ny");
        assert!(!rows[0].hp_flags.chars().any(char::is_control));
        let lasting = view.lasting(0);
        assert_eq!(lasting.len(), 1);
        for (name, effect, _) in lasting {
            assert!(!(name + &effect).chars().any(char::is_control));
        }
        assert_eq!(view.label("#1\u{7}"), "#1\\u{7}");
        view.tell(format!("{nasty}{}", "z".repeat(1 << 20)));
        let (lines, _) = view.narration_since(0, 0);
        assert!(
            lines[0].starts_with("x\\u{1b}[2J\\ny"),
            "{}",
            &lines[0][..20]
        );
        assert!(lines[0].chars().count() <= MAX_LINE_CHARS);
    }
}
