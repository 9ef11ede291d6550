//! The analysis written out: as text for a person, as one JSON object for a
//! program (the fields: man/spellcast-analysis.5). Moves are written in the
//! script's letters (`WD`: the left hand waves, the right points a digit).

use super::Analysis;
use crate::computer::Line;
use crate::engine::{BeingId, Choice, Gesture, Question, QuestionKind, View};
use serde_json::{json, Value};
use std::fmt::Write;

/// A move as a script writes it: the left hand's letter, the right's.
fn letters((l, r): (Gesture, Gesture)) -> String {
    [l.script_letter(), r.script_letter()].iter().collect()
}

/// A move in words: `left wave, right digit`.
fn words((l, r): (Gesture, Gesture)) -> String {
    format!("left {}, right {}", l.name(), r.name())
}

/// A being's name as the seat sees it (`#N` for one it cannot name).
fn being(view: &View, id: BeingId) -> String {
    view.beings
        .iter()
        .find(|b| b.id == id)
        .map_or_else(|| format!("#{}", id.index()), |b| b.name.clone())
}

/// What a question asks, in a few words (`target of Shield (right hand)`).
pub fn question(view: &View, kind: &QuestionKind) -> String {
    match kind {
        QuestionKind::SpellChoice { hand } => format!("spell of the {} hand", hand.name()),
        QuestionKind::Target { spell, hand } => {
            format!("target of {} ({})", spell.name(), hand.phrase())
        }
        QuestionKind::Monster { monster, attack } => match attack {
            0 => format!("target of {}", being(view, *monster)),
            _ => format!("second target of {}", being(view, *monster)),
        },
        QuestionKind::Elemental => "elemental".to_string(),
        QuestionKind::ParalyzeHand { victim, .. } => {
            format!("hand of {} to paralyse", being(view, *victim))
        }
        QuestionKind::CharmHand { victim } => format!("hand of {} to charm", being(view, *victim)),
        QuestionKind::CharmGesture { victim, hand } => {
            format!("gesture of {}'s {} hand", being(view, *victim), hand.name())
        }
        QuestionKind::Release { spell } => format!("release {}", spell.name()),
        QuestionKind::Delay => "spell to bank".to_string(),
        QuestionKind::Permanent => "spell to make permanent".to_string(),
        QuestionKind::Announce => "clap spell announced".to_string(),
        QuestionKind::ResistCharm { hand } => {
            format!("resist the charm on the {} hand", hand.name())
        }
    }
}

/// An answer in a word or a name.
pub fn choice(view: &View, c: Choice) -> String {
    match c {
        Choice::Nobody => "nobody".to_string(),
        Choice::Being(id) => being(view, id),
        Choice::Spell { spell, .. } => spell.name().to_string(),
        Choice::Hand(h) => h.name().to_string(),
        Choice::Fire(true) => "fire".to_string(),
        Choice::Fire(false) => "ice".to_string(),
        Choice::Yes(true) => "yes".to_string(),
        Choice::Yes(false) => "no".to_string(),
        Choice::Gesture(g) => g.name().to_string(),
        Choice::NewMonster(n) => format!("#{n}"),
        Choice::NoSpell => "no spell".to_string(),
        Choice::Delay => "delay".to_string(),
    }
}

fn answer(view: &View, (q, a): &(Question, usize)) -> (String, String, &'static str) {
    let given = q
        .options
        .get(*a)
        .map_or_else(|| "?".to_string(), |c| choice(view, *c));
    (question(view, &q.kind), given, q.kind.script_kind())
}

fn signed(v: f64) -> String {
    format!("{v:+.2}")
}

/// The name of a wizard the seat sees, or `?`.
fn wizard_name(view: &View, index: usize) -> String {
    view.beings
        .iter()
        .find(|b| b.id == BeingId::from(crate::engine::PlayerId::new(index)))
        .map_or_else(|| "?".to_string(), |b| b.name.clone())
}

/// The analysis as text.
pub fn text(a: &Analysis) -> String {
    let v = &a.view;
    let x = &a.examination;
    let me = wizard_name(v, a.wizard.index());
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{me} to move, turn {} ({} rules); {}, {} rollouts",
        v.turn + 1,
        v.rules.name,
        a.level.name(),
        x.rollouts
    );
    let _ = writeln!(out, "move: {} ({})", letters(x.gestures), words(x.gestures));
    for qa in &x.answers {
        let (q, given, _) = answer(v, qa);
        let _ = writeln!(out, "  {q}: {given}");
    }
    if x.lines.is_empty() {
        return out;
    }
    let _ = writeln!(out, "value: {}", signed(x.value));
    let _ = writeln!(
        out,
        "candidates (share, value; the reply feared, its value):"
    );
    for line in &x.lines {
        let _ = writeln!(out, "  {}", line_text(v, line));
    }
    if let Some(enemy) = x.enemy {
        let _ = writeln!(out, "{}'s replies expected:", wizard_name(v, enemy.index()));
        for (m, p) in x.replies.iter().filter(|(_, p)| *p > 0.0) {
            let _ = writeln!(out, "  {} {:.2}", letters(*m), p);
        }
    }
    out
}

fn line_text(v: &View, line: &Line) -> String {
    let mut s = format!(
        "{}  {:.2}  {}",
        letters(line.gestures),
        line.share,
        line.value.map_or_else(|| "  -  ".to_string(), signed)
    );
    if let Some((m, worst)) = line.feared {
        let _ = write!(s, "  feared {} {}", letters(m), signed(worst));
    }
    for (kind, c) in &line.plan {
        let _ = write!(s, "  [{}: {}]", question(v, kind), choice(v, *c));
    }
    s
}

/// The analysis as one JSON object.
pub fn json(a: &Analysis) -> Value {
    let v = &a.view;
    let x = &a.examination;
    let answers: Vec<Value> = x
        .answers
        .iter()
        .map(|qa| {
            let (q, given, kind) = answer(v, qa);
            json!({"kind": kind, "question": q, "answer": given})
        })
        .collect();
    let lines: Vec<Value> = x
        .lines
        .iter()
        .map(|l| {
            let plan: Vec<Value> = l
                .plan
                .iter()
                .map(|(kind, c)| json!({"question": question(v, kind), "answer": choice(v, *c)}))
                .collect();
            json!({
                "move": letters(l.gestures),
                "share": l.share,
                "value": l.value,
                "feared": l.feared.map(|(m, worst)| json!({"move": letters(m), "value": worst})),
                "plan": plan,
            })
        })
        .collect();
    let replies: Vec<Value> = x
        .replies
        .iter()
        .map(|(m, p)| json!({"move": letters(*m), "share": p}))
        .collect();
    json!({
        "wizard": wizard_name(v, a.wizard.index()),
        "turn": v.turn + 1,
        "rules": v.rules.name,
        "level": a.level.name(),
        "rollouts": x.rollouts,
        "move": letters(x.gestures),
        "answers": answers,
        "value": x.value,
        "candidates": lines,
        "enemy": x.enemy.map(|e| wizard_name(v, e.index())),
        "replies": replies,
    })
}
