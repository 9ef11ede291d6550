//! What one seat's window shows, and nothing more. Plain data: the seat
//! layer turns it into the JSON VIEW of the seat protocol, the windows draw
//! from it.

use super::being::BeingKind;
use super::duel::{Duel, RoundKind};
use super::gesture::{Gesture, Hand, Mark, Seen};

use super::ids::{BeingId, PlayerId};
use super::narrate::Viewer;
use super::question::Question;
use super::rules::RuleSet;
use super::spellbook::Spell;

/// One seat's view of the duel at this moment. It never depends on anything
/// the seat could not see: two duels that differ only in hidden gestures
/// give equal views.
#[derive(Debug, PartialEq, Eq)]
pub struct View {
    /// The seat's own wizard.
    pub me: PlayerId,
    /// The turn number the window shows.
    pub turn: u32,
    /// The kind of the current (or next) round.
    pub round_kind: RoundKind,
    /// The living beings: wizards in player order, then monsters in creation order.
    pub beings: Vec<BeingView>,
    /// Per wizard (player order), his rows as this seat's gesture column shows
    /// them, oldest first: [`Seen::Fog`] where this seat could not see, and
    /// [`Seen::Unrevealed`] on the others' newest rows until the round's
    /// gestures are revealed (the window draws both as fog).
    pub gestures: Vec<Vec<[Seen; 2]>>,
    /// The spell the seat's wizard has banked with Delayed Effect.
    pub banked: Option<Spell>,
    /// Whether the seat's wizard has cast the short Lightning Bolt.
    pub short_lightning_used: bool,
    /// Death Match: the spells announced with two-handed claps that this
    /// seat's columns show as claps, its own at once and the others' from
    /// the reveal (the book makes them public then), the last eight rows'.
    pub announced: Vec<Announcement>,
    /// The seat's own open questions, with their legal options and default.
    pub questions: Vec<Question>,
    /// Whether the open questions come before the round's gestures are
    /// revealed ([`Duel::before_reveal`]).
    pub before_reveal: bool,
    /// The duel's rule book: which spells exist, which gestures each hand
    /// may make (the computer plans from it).
    pub rules: &'static RuleSet,
}

/// A clap spell a wizard announced with a two-handed clap (Death Match).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Announcement {
    /// Who clapped.
    pub wizard: PlayerId,
    /// The clap's row in his gesture column, oldest first from 0.
    pub row: usize,
    /// The spell announced.
    pub spell: Spell,
}

/// A living being as the status list shows it.
#[derive(Debug, PartialEq, Eq)]
pub struct BeingView {
    /// Which being.
    pub id: BeingId,
    /// Its name (a monster's full name).
    pub name: String,
    /// Wizard or which monster.
    pub kind: BeingKind,
    /// Hit points as the status list shows them (never below 0).
    pub hp: i32,
    /// The status list's flag letters (`IHCPbdp`).
    pub flags: String,
    /// The wizard commanding a monster; None for wizards and elementals.
    pub controller: Option<PlayerId>,
    /// Lasting effects announced to this seat and not yet announced over, in
    /// the order the seat protocol lists them (Paralysis first, Permanency last).
    pub effects: Vec<EffectView>,
}

/// Written out so that `clone_from` reuses the copy's lists and strings
/// (the computer keeps views it compares later, copied over old ones).
impl Clone for View {
    fn clone(&self) -> View {
        View {
            me: self.me,
            turn: self.turn,
            round_kind: self.round_kind,
            beings: self.beings.clone(),
            gestures: self.gestures.clone(),
            banked: self.banked,
            short_lightning_used: self.short_lightning_used,
            announced: self.announced.clone(),
            questions: self.questions.clone(),
            before_reveal: self.before_reveal,
            rules: self.rules,
        }
    }

    fn clone_from(&mut self, source: &View) {
        self.me = source.me;
        self.turn = source.turn;
        self.round_kind = source.round_kind;
        self.beings.clone_from(&source.beings);
        self.gestures.clone_from(&source.gestures);
        self.banked = source.banked;
        self.short_lightning_used = source.short_lightning_used;
        self.announced.clone_from(&source.announced);
        self.questions.clone_from(&source.questions);
        self.before_reveal = source.before_reveal;
        self.rules = source.rules;
    }
}

/// Written out for the same reason as [`View`]'s.
impl Clone for BeingView {
    fn clone(&self) -> BeingView {
        BeingView {
            id: self.id,
            name: self.name.clone(),
            kind: self.kind,
            hp: self.hp,
            flags: self.flags.clone(),
            controller: self.controller,
            effects: self.effects.clone(),
        }
    }

    fn clone_from(&mut self, source: &BeingView) {
        self.id = source.id;
        self.name.clone_from(&source.name);
        self.kind = source.kind;
        self.hp = source.hp;
        self.flags.clone_from(&source.flags);
        self.controller = source.controller;
        self.effects.clone_from(&source.effects);
    }
}

/// A lasting effect on a being.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EffectView {
    /// The spell whose effect it is.
    pub spell: Spell,
    /// The hand it holds, for Paralysis and Charm Person.
    pub hand: Option<Hand>,
    /// Turns left, where the rules fix them and this seat can count them.
    pub turns: Option<u32>,
}

impl Duel {
    /// What seat `p`'s window shows now.
    pub fn view(&self, p: PlayerId) -> View {
        let mut out = View {
            me: p,
            turn: self.turn,
            round_kind: self.round_kind,
            beings: Vec::new(),
            gestures: Vec::new(),
            banked: None,
            short_lightning_used: false,
            announced: Vec::new(),
            questions: Vec::new(),
            before_reveal: false,
            rules: self.rules,
        };
        self.view_into(p, &mut out);
        out
    }

    /// [`Duel::view`] written over `out`, whose lists and strings are
    /// reused (a search reads thousands of views a decision; most of a
    /// fresh view's cost is its allocations).
    pub fn view_into(&self, p: PlayerId, out: &mut View) {
        let me = p.index();
        let alive = self.beings.iter().enumerate().filter(|(_, b)| b.alive());
        let mut n = 0;
        for (id, b) in alive {
            let fresh = |name: String| BeingView {
                id: BeingId::new(id),
                name,
                kind: b.kind,
                hp: b.hp.max(0),
                flags: b.flags(),
                controller: b.owner.map(BeingId::as_player),
                effects: b.effect_views(self.rules),
            };
            match out.beings.get_mut(n) {
                // The kept being's strings and list are written over.
                Some(old) => {
                    old.id = BeingId::new(id);
                    old.name.clear();
                    old.name.push_str(&b.name);
                    old.kind = b.kind;
                    old.hp = b.hp.max(0);
                    b.flags_into(&mut old.flags);
                    old.controller = b.owner.map(BeingId::as_player);
                    b.effect_views_into(self.rules, &mut old.effects);
                }
                None => out.beings.push(fresh(b.name.to_string())),
            }
            n += 1;
        }
        out.beings.truncate(n);
        out.gestures.truncate(self.players);
        for w in 0..self.players {
            match out.gestures.get_mut(w) {
                Some(rows) => self.rows_seen_into(PlayerId::new(w), Viewer::Player(p), rows),
                None => out
                    .gestures
                    .push(self.rows_seen(PlayerId::new(w), Viewer::Player(p))),
            }
        }
        let own = self.beings.get(me);
        out.me = p;
        out.turn = self.turn;
        out.round_kind = self.round_kind;
        out.banked = own.and_then(|b| b.fx.bank);
        out.short_lightning_used = own.is_some_and(|b| b.short_bolt_used);
        out.announced = self.announcements_shown(&out.gestures);
        out.questions.clear();
        out.questions.extend_from_slice(self.open_questions(p));
        out.before_reveal = self.before_reveal();
        out.rules = self.rules;
    }

    /// The announcements whose clap rows `gestures` (one seat's columns)
    /// show as two-handed claps: none before the reveal but the seat's own,
    /// none in fog.
    fn announcements_shown(&self, gestures: &[Vec<[Seen; 2]>]) -> Vec<Announcement> {
        let clap = [Seen::Mark(Mark::Made(Gesture::Clap)); 2];
        let mut shown = Vec::new();
        for (w, rows) in gestures.iter().enumerate() {
            for &(row, spell) in self.beings[w].marks.book.announced() {
                let row = row as usize;
                if rows.get(row) == Some(&clap) {
                    shown.push(Announcement {
                        wizard: PlayerId::new(w),
                        row,
                        spell,
                    });
                }
            }
        }
        shown
    }

    /// Whether the open questions (or, between rounds, the coming round's
    /// charm questions) come before the round's gestures are revealed: the
    /// book's reveal point ([`super::RuleSet::before_reveal`]) at the
    /// round's stage.
    pub fn before_reveal(&self) -> bool {
        self.rules.before_reveal(self.round.stage)
    }

    /// Whether wizard `w`'s newest row is this round's and not revealed to
    /// the others yet: recorded, before the reveal, and he moved.
    pub(crate) fn newest_row_unrevealed(&self, w: usize) -> bool {
        self.round.stage.rows_recorded() && self.before_reveal() && self.round.active[w]
    }

    /// What `viewer` sees of `owner`'s rows now, oldest first: [`Seen::Fog`]
    /// where the viewer could not see, and [`Seen::Unrevealed`] on another
    /// wizard's row of this round until the reveal (an observer sees no
    /// row before it either). Every seat's gesture column is this.
    pub fn rows_seen(&self, owner: PlayerId, viewer: Viewer) -> Vec<[Seen; 2]> {
        let mut rows = Vec::with_capacity(self.beings[owner.index()].history.len());
        self.rows_seen_into(owner, viewer, &mut rows);
        rows
    }

    /// [`Duel::rows_seen`] written over `rows`.
    fn rows_seen_into(&self, owner: PlayerId, viewer: Viewer, rows: &mut Vec<[Seen; 2]>) {
        let w = owner.index();
        let me = match viewer {
            Viewer::Player(p) => Some(p.index()),
            Viewer::Observer => None,
        };
        rows.clear();
        rows.extend(self.beings[w].history.iter().map(|r| r.seen_by(w, me)));
        if me != Some(w) && self.newest_row_unrevealed(w) {
            if let Some(last) = rows.last_mut() {
                *last = [Seen::Unrevealed; 2];
            }
        }
    }
}
