//! The JSON report, written straight into a byte buffer as the duel goes.
//!
//! Each round is written once, when it ends; the final state and the
//! transcript at the end. Object keys come in sorted order, as the report
//! has always been written (and as `serde_json` writes its own maps), so the
//! text stays the same byte for byte.

use super::answers::Asked;
use super::escapes::escape_into;
use crate::engine::{Being, BeingId, Choice, Duel, Outcome, RoundKind, RuleSet};

/// The report being written: the rounds so far, then the rest at the end.
pub(super) struct Report {
    /// Each player's name as a JSON string, quotes included: written into
    /// every round, so escaped once.
    quoted: Vec<Vec<u8>>,
    /// Players in the order of their names, as the `questions` keys are written.
    by_name: Vec<usize>,
    rounds: Vec<u8>,
}

impl Report {
    pub(super) fn new(names: &[String]) -> Report {
        let mut by_name: Vec<usize> = (0..names.len()).collect();
        by_name.sort_by(|&a, &b| names[a].cmp(&names[b]));
        let quoted = names
            .iter()
            .map(|name| {
                let mut q = Vec::with_capacity(name.len() + 2);
                string(&mut q, name);
                q
            })
            .collect();
        Report {
            quoted,
            by_name,
            rounds: Vec::with_capacity(4096),
        }
    }

    /// Writes one round: its kind, who moved, the questions asked with the
    /// answers used, and the living beings after it.
    pub(super) fn round(&mut self, duel: &Duel, kind: RoundKind, active: &[bool], asked: &[Asked]) {
        let out = &mut self.rounds;
        out.push(if out.is_empty() { b'[' } else { b',' });
        out.extend_from_slice(b"{\"active\":[");
        let mut first = true;
        for (name, _) in self.quoted.iter().zip(active).filter(|(_, &a)| a) {
            comma(out, &mut first);
            out.extend_from_slice(name);
        }
        out.extend_from_slice(b"],\"beings\":[");
        let mut first = true;
        for (i, b) in duel.beings().iter().enumerate().filter(|(_, b)| b.alive()) {
            comma(out, &mut first);
            out.extend_from_slice(b"{\"hp\":");
            integer(out, i64::from(b.hp));
            if !b.is_wizard() {
                out.extend_from_slice(b",\"monster\":");
                integer(out, b.monster_number as i64);
            }
            out.extend_from_slice(b",\"name\":");
            being_name(out, &self.quoted, i, b);
            out.push(b'}');
        }
        out.extend_from_slice(b"],\"questions\":{");
        let mut first = true;
        for &p in &self.by_name {
            let mut theirs = asked.iter().filter(|a| a.player == p).peekable();
            if theirs.peek().is_none() {
                continue;
            }
            comma(out, &mut first);
            out.extend_from_slice(&self.quoted[p]);
            out.extend_from_slice(b":[");
            let mut first_answer = true;
            for a in theirs {
                comma(out, &mut first_answer);
                question(out, duel, &self.quoted, a);
            }
            out.push(b']');
        }
        out.extend_from_slice(b"},\"type\":");
        word(out, kind.script_name());
        out.push(b'}');
    }

    /// Writes the whole report into `out`: final beings, players, result,
    /// the rounds written so far, and the transcript.
    pub(super) fn finish(self, duel: &Duel, out: &mut Vec<u8>) {
        out.reserve(self.rounds.len() + 4096);
        out.extend_from_slice(b"{\"beings\":[");
        let mut first = true;
        for b in duel.beings() {
            comma(out, &mut first);
            self.final_being(out, b);
        }
        out.extend_from_slice(b"],\"players\":[");
        let mut first = true;
        for name in &self.quoted {
            comma(out, &mut first);
            out.extend_from_slice(name);
        }
        out.extend_from_slice(b"],\"result\":");
        match duel.outcome() {
            Some(Outcome::Winner(w)) => {
                out.extend_from_slice(b"{\"winner\":");
                out.extend_from_slice(&self.quoted[w.index()]);
                out.push(b'}');
            }
            Some(Outcome::Draw) => out.extend_from_slice(b"{\"draw\":true}"),
            None => out.extend_from_slice(b"{\"unfinished\":true}"),
        }
        out.extend_from_slice(b",\"rounds\":");
        if self.rounds.is_empty() {
            out.push(b'[');
        }
        out.extend_from_slice(&self.rounds);
        out.push(b']');
        // Reports of the original's duels stay as they were; others say their book.
        if duel.rules() != RuleSet::original() {
            out.extend_from_slice(b",\"rules\":");
            string(out, duel.rules().name);
        }
        out.extend_from_slice(b",\"transcript\":\"");
        // The transcript is written whole, then escaped in one pass: the
        // narration writes in pieces of a few bytes, and escaping each on
        // the way costs more than copying it twice. Writing into a String
        // cannot fail.
        let mut text = String::with_capacity(32 * 1024);
        let _ = duel.write_transcript(&mut text);
        // About one byte in forty is a newline, written as two.
        out.reserve(text.len() + text.len() / 16 + 2);
        escape_into(out, &text);
        out.extend_from_slice(b"\"}");
    }

    /// A being's final state.
    fn final_being(&self, out: &mut Vec<u8>, b: &Being) {
        out.extend_from_slice(b"{\"alive\":");
        boolean(out, b.alive());
        out.extend_from_slice(b",\"controller\":");
        match b.controller() {
            Some(p) => out.extend_from_slice(&self.quoted[p.index()]),
            None => out.extend_from_slice(b"null"),
        }
        out.extend_from_slice(b",\"flags\":");
        string(out, &b.flags());
        out.extend_from_slice(b",\"hp\":");
        integer(out, i64::from(b.hp));
        out.extend_from_slice(b",\"kind\":");
        word(out, b.kind.name());
        if !b.is_wizard() {
            out.extend_from_slice(b",\"monster\":");
            integer(out, b.monster_number as i64);
        }
        out.extend_from_slice(b",\"name\":");
        string(out, &b.name);
        out.extend_from_slice(b",\"surrendered\":");
        boolean(out, b.surrendered);
        out.push(b'}');
    }
}

/// One question asked and the answer used.
fn question(out: &mut Vec<u8>, duel: &Duel, quoted: &[Vec<u8>], a: &Asked) {
    out.push(b'{');
    if let Some(about) = a.about {
        out.extend_from_slice(b"\"about\":");
        being_label(out, duel, quoted, about);
        out.push(b',');
    }
    out.extend_from_slice(b"\"answer\":");
    match &a.spell_named {
        Some(name) => string(out, name),
        None => choice(out, duel, quoted, a.answer),
    }
    if let Some(hand) = a.hand {
        out.extend_from_slice(b",\"hand\":");
        word(out, hand);
    }
    out.extend_from_slice(b",\"kind\":");
    word(out, a.kind);
    if let Some(n) = a.missiles {
        out.extend_from_slice(b",\"missiles\":");
        integer(out, i64::from(n));
    }
    if let Some(spell) = a.spell {
        out.extend_from_slice(b",\"spell\":");
        word(out, spell);
    }
    out.push(b'}');
}

/// A being as reports name it: a wizard by name, a monster as `"#N"`.
fn being_label(out: &mut Vec<u8>, duel: &Duel, quoted: &[Vec<u8>], b: BeingId) {
    let Some(being) = duel.beings().get(b.index()) else {
        // A summons ordered before it was made, and never made: its number.
        out.extend_from_slice(b"\"#");
        integer(out, (b.index() + 1 - duel.players()) as i64);
        out.push(b'"');
        return;
    };
    if being.is_wizard() {
        being_name(out, quoted, b.index(), being);
    } else {
        out.extend_from_slice(b"\"#");
        integer(out, being.monster_number as i64);
        out.push(b'"');
    }
}

/// An answer as reports write it.
fn choice(out: &mut Vec<u8>, duel: &Duel, quoted: &[Vec<u8>], c: Choice) {
    match c {
        Choice::Being(b) => being_label(out, duel, quoted, b),
        Choice::NewMonster(n) => string(out, &format!("#{n}")),
        Choice::Gesture(g) => {
            let mut letter = [0; 4];
            string(out, g.script_letter().encode_utf8(&mut letter));
        }
        other => word(out, super::answers::fixed_text(other).unwrap_or("")),
    }
}

/// The name of the being at `index`: a wizard's from the players' quoted
/// names (the wizards are the first beings, in player order), a monster's
/// escaped here.
fn being_name(out: &mut Vec<u8>, quoted: &[Vec<u8>], index: usize, b: &Being) {
    match quoted.get(index) {
        Some(name) if b.is_wizard() => out.extend_from_slice(name),
        _ => string(out, &b.name),
    }
}

fn comma(out: &mut Vec<u8>, first: &mut bool) {
    if !std::mem::take(first) {
        out.push(b',');
    }
}

fn boolean(out: &mut Vec<u8>, b: bool) {
    out.extend_from_slice(if b { b"true" } else { b"false" });
}

/// A number in decimal, as JSON writes it.
fn integer(out: &mut Vec<u8>, n: i64) {
    if n < 0 {
        out.push(b'-');
    }
    out.extend_from_slice(crate::decimal::digits(n, &mut [0u8; 20]));
}

/// One of the engine's fixed words (a kind, hand or spell name) in quotes:
/// none of them has anything to escape, so it is copied as it is.
fn word(out: &mut Vec<u8>, s: &'static str) {
    debug_assert!(
        super::escapes::next_escape(s.as_bytes(), 0).is_none(),
        "{s:?}"
    );
    out.push(b'"');
    out.extend_from_slice(s.as_bytes());
    out.push(b'"');
}

/// A JSON string in quotes.
fn string(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    escape_into(out, s);
    out.push(b'"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let samples = [
            "plain",
            "quote \" and backslash \\",
            "\n\tTurn 1:\r\u{8}\u{c}",
            "\u{0}\u{1}\u{1f}\u{7f} é ✓",
            "",
        ];
        // Every byte that matters at every offset of a word, among plain text.
        let mut long: Vec<String> = Vec::new();
        for special in [
            '"', '\\', '\n', '\u{1f}', '\u{0}', ' ', '\u{7f}', 'é', '!', '#',
        ] {
            for at in 0..17 {
                let mut t = "White casts Shield (left hand) at himself.".to_string();
                t.insert(at, special);
                long.push(t);
            }
        }
        for s in samples.into_iter().chain(long.iter().map(String::as_str)) {
            let mut ours = Vec::new();
            string(&mut ours, s);
            let theirs = serde_json::to_vec(s).expect("a string serialises");
            assert_eq!(
                String::from_utf8_lossy(&ours),
                String::from_utf8_lossy(&theirs)
            );
        }
    }

    #[test]
    fn integers_are_written_as_serde_json_writes_them() {
        for n in [0, 7, -3, 15, 1234567890, i64::MIN, i64::MAX] {
            let mut ours = Vec::new();
            integer(&mut ours, n);
            assert_eq!(ours, serde_json::to_vec(&n).expect("a number serialises"));
        }
    }
}
