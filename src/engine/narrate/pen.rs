//! The pen that writes for one reader: second person for himself, names
//! and pronouns for everyone else.

use super::*;

/// Writes sentences for one reader.
pub(super) struct Pen<'a> {
    pub game: &'a Duel,
    pub viewer: Viewer,
}

impl Pen<'_> {
    pub fn me(&self, b: BeingIndex) -> bool {
        self.viewer == Viewer::Player(PlayerId::new(b))
    }
    pub fn name(&self, b: BeingIndex) -> &str {
        &self.game.beings[b].name
    }
    /// "You" or the name, as the subject of a sentence.
    pub fn who(&self, b: BeingIndex) -> String {
        if self.me(b) {
            "You".into()
        } else {
            self.name(b).into()
        }
    }
    /// "you" or the name, as an object.
    pub fn whom(&self, b: BeingIndex) -> String {
        if self.me(b) {
            "you".into()
        } else {
            self.name(b).into()
        }
    }
    /// "your" or "Name's".
    pub fn whose(&self, b: BeingIndex) -> String {
        if self.me(b) {
            "your".into()
        } else {
            format!("{}'s", self.name(b))
        }
    }
    /// A verb agreeing with `who(b)`: `you cast` / `Name casts`.
    pub fn does(&self, b: BeingIndex, you: &str, them: &str) -> String {
        format!("{} {}", self.who(b), if self.me(b) { you } else { them })
    }
    pub fn his(&self, b: BeingIndex) -> &'static str {
        if self.me(b) {
            "your"
        } else {
            self.game.beings[b].gender.possessive()
        }
    }
    pub fn himself(&self, b: BeingIndex) -> &'static str {
        if self.me(b) {
            "yourself"
        } else {
            self.game.beings[b].gender.reflexive()
        }
    }
}

pub(super) fn count_word(n: u8) -> String {
    const WORDS: [&str; 9] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
    ];
    WORDS
        .get(usize::from(n))
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

pub(super) fn harm_name(kind: Harm) -> &'static str {
    match kind {
        Harm::Stab => "stab",
        Harm::Missile => "Missile",
        Harm::LightWounds => "Cause Light Wounds",
        Harm::HeavyWounds => "Cause Heavy Wounds",
        Harm::Lightning => "Lightning Bolt",
        Harm::Fireball => "Fireball",
        Harm::FireStorm => "Fire Storm",
        Harm::IceStorm => "Ice Storm",
        Harm::FingerOfDeath => "Finger of Death",
    }
}

pub(super) fn cap(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
