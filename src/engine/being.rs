//! Wizards and monsters, and the enchantments that cling to them.

use super::gesture::{Gesture, Hand};
use super::history::Row;
use super::ids::BeingId;
use super::lasting::{Haste, TimeStop, Timed};
use super::rules::{BookMarks, BookZaps};
use super::spellbook::Spell;
use std::sync::Arc;

/// Pronoun set of a wizard, chosen by the `name:g` suffix. Monsters are male.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Gender {
    /// he / him / his / himself
    #[default]
    Male,
    /// she / her / her / herself
    Female,
    /// ke / hir / hir / hirself: ambiguous in human terms
    Neuter,
    /// it / it / its / itself: genderless
    None,
}

impl Gender {
    /// Reads the letter after the colon of `name:g`; anything unknown is male, as in the original.
    pub fn from_suffix(s: &str) -> Gender {
        match s.chars().next() {
            Some('f' | 'F') => Gender::Female,
            Some('n' | 'N') => Gender::Neuter,
            Some('x' | 'X') => Gender::None,
            _ => Gender::Male,
        }
    }

    /// Subject pronoun: he, she, ke, it.
    pub fn subject(self) -> &'static str {
        ["he", "she", "ke", "it"][self as usize]
    }
    /// Object pronoun: him, her, hir, it.
    pub fn object(self) -> &'static str {
        ["him", "her", "hir", "it"][self as usize]
    }
    /// Possessive: his, her, hir, its.
    pub fn possessive(self) -> &'static str {
        ["his", "her", "hir", "its"][self as usize]
    }
    /// Reflexive: himself, herself, hirself, itself.
    pub fn reflexive(self) -> &'static str {
        ["himself", "herself", "hirself", "itself"][self as usize]
    }
}

/// Where a being stands between life and death.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Life {
    /// Takes part in the duel.
    Alive,
    /// Torn apart by Dispel Magic or Remove Enchantment: it still counts as
    /// alive until the turn's end, then it dies leaving no corpse.
    TornApart,
    /// A dead monster whose body Raise Dead can be aimed at.
    Corpse,
    /// Dead with nothing to raise: wizards, elementals, the torn apart and
    /// the vanished (Raise Dead aimed at one still works, as in the original).
    Gone,
}

/// What a being is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BeingKind {
    /// A player's wizard.
    Wizard,
    /// 1 hp, hits for 1.
    Goblin,
    /// 2 hp, hits for 2.
    Ogre,
    /// 3 hp, hits for 3.
    Troll,
    /// 4 hp, hits for 4.
    Giant,
    /// Hits everyone for 3 unless heat-resistant.
    FireElemental,
    /// Hits everyone for 3 unless cold-resistant.
    IceElemental,
}

impl BeingKind {
    /// The report's `kind` string.
    pub fn name(self) -> &'static str {
        match self {
            BeingKind::Wizard => "wizard",
            BeingKind::Goblin => "goblin",
            BeingKind::Ogre => "ogre",
            BeingKind::Troll => "troll",
            BeingKind::Giant => "giant",
            BeingKind::FireElemental => "fire elemental",
            BeingKind::IceElemental => "ice elemental",
        }
    }

    /// Starting (and maximum) hit points.
    pub fn max_hp(self) -> i32 {
        match self {
            BeingKind::Wizard => 15,
            BeingKind::Goblin => 1,
            BeingKind::Ogre => 2,
            BeingKind::Troll | BeingKind::FireElemental | BeingKind::IceElemental => 3,
            BeingKind::Giant => 4,
        }
    }

    /// Damage of one attack.
    pub fn damage(self) -> i32 {
        match self {
            BeingKind::Wizard => 0,
            BeingKind::Goblin => 1,
            BeingKind::Ogre => 2,
            BeingKind::Troll | BeingKind::FireElemental | BeingKind::IceElemental => 3,
            BeingKind::Giant => 4,
        }
    }

    /// Elementals attack everyone and obey nobody.
    pub fn is_elemental(self) -> bool {
        matches!(self, BeingKind::FireElemental | BeingKind::IceElemental)
    }
}

/// A spell that takes hold of a mind for the next turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mind {
    Amnesia,
    /// A permanent confusion fixes its hand and gesture the first time.
    Confusion(Option<(Hand, Gesture)>),
    /// Charm Person: who controls which hand, and (once chosen, if permanent) the gesture.
    Charm {
        charmer: BeingId,
        hand: Hand,
        gesture: Option<Gesture>,
    },
    Fear,
    Paralysis(Option<Hand>),
    /// Charm Monster, with the new owner.
    CharmMonster(BeingId),
}

/// Counts of each spell landing on a being this turn, and the side facts recorded with them.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Zaps {
    pub count: [u8; Spell::COUNT],
    /// Caster of the last Paralysis / Charm spell; `Some(None)` when reflected off a monster.
    pub controller: Option<Option<BeingId>>,
    /// Whether the last mind spell to land was permanent.
    pub mind_permanent: bool,
    /// Who raised this being.
    pub raiser: Option<BeingId>,
    /// Shield effects from Shield, Counter-spell or Dispel Magic.
    pub shield: u8,
    /// The shield of a running Protection from Evil.
    pub pfe_shield: bool,
    pub heat_immune: bool,
    pub cold_immune: bool,
    /// A bolt of cold met a Fire Storm here (Gesticulation's Iceball:
    /// meltwater), so the shared attacks spare the being that storm.
    /// Shared: every book's bolts meet the storms (`RuleSet::bolts`).
    pub spared_fire_storm: bool,
    /// A bolt of heat met an Ice Storm here (the original's Fireball:
    /// steam), so the shared attacks spare the being that storm. Shared
    /// as `spared_fire_storm` is.
    pub spared_ice_storm: bool,
    /// What the being's book notes for the round (`rules/book_zaps.rs`):
    /// shared stages ask it questions and read none of its fields.
    pub book: BookZaps,
}

impl Default for Zaps {
    fn default() -> Zaps {
        Zaps {
            count: [0; Spell::COUNT],
            controller: None,
            mind_permanent: false,
            raiser: None,
            shield: 0,
            pfe_shield: false,
            heat_immune: false,
            cold_immune: false,
            spared_fire_storm: false,
            spared_ice_storm: false,
            book: BookZaps::Blank,
        }
    }
}

impl Zaps {
    pub fn of(&self, s: Spell) -> u8 {
        self.count[s.index()]
    }
    pub fn has(&self, s: Spell) -> bool {
        self.count[s.index()] > 0
    }
    /// Any shield effect: Shield, Counter-spell, Dispel Magic's subject, Protection from Evil.
    pub fn shielded(&self) -> bool {
        self.shield > 0 || self.pfe_shield || self.has_shield_spell()
    }
    pub fn has_shield_spell(&self) -> bool {
        self.count[Spell::Shield.index()] > 0
    }
}

/// How long effects last: the values their counters in [`Effects`] take
/// when they land, counted down at the end of each round.
pub(crate) mod turns {
    /// Disease and poison: the victim dies at the end of the sixth turn.
    pub const SICKNESS: u8 = 6;
    /// Protection from Evil: the turn it lands and three more.
    pub const PROTECTION: u8 = 4;
    /// Blindness and Invisibility: the turn they land and three more.
    pub const SIGHT: u8 = 4;
    /// Delayed Effect and Permanency wait this many of the wizard's turns.
    pub const WINDOW: u8 = 4;
}

/// Lasting enchantments: everything Remove Enchantment and Dispel Magic
/// end, so that they end them by clearing the whole value (a new
/// enchantment added here ends with them without a list to keep). Death
/// and raising clear them too. Plain data, so a being's copy is a copy of
/// bytes.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Effects {
    pub pending_mind: Option<Mind>,
    pub permanent_mind: Option<Mind>,
    /// A monster's mind spell acting on this turn's attacks.
    pub mind_in_force: Option<Mind>,
    pub delay_window: u8,
    pub perm_window: u8,
    pub bank: Option<Spell>,
    pub disease: u8,
    pub poison: u8,
    pub resist_heat: bool,
    pub resist_cold: bool,
    pub pfe: Timed,
    pub haste: Haste,
    /// Haste made permanent: it lands again every turn.
    pub perm_haste: bool,
    pub time_stop: TimeStop,
    pub invisible: Timed,
    pub blind: Timed,
}

/// What a being carries beyond its enchantments, which Remove Enchantment
/// leaves (spellcast-rules(7)); death and raising clear it with them.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Marks {
    /// A permanently confused monster's one random victim.
    pub fixed_target: Option<BeingId>,
    /// The book's own state (`rules/book_marks.rs`): shared stages ask
    /// it questions and read none of its fields.
    pub book: BookMarks,
}

/// A wizard or a monster.
#[derive(Debug)]
pub struct Being {
    /// Unique name ("White", "Frilep the Goblin"), shared between copies of
    /// a duel so that cloning one for search allocates no string.
    pub name: Arc<str>,
    /// Pronouns for narration.
    pub gender: Gender,
    /// Wizard or which monster.
    pub kind: BeingKind,
    /// Hit points left; may be negative until the end of the turn.
    pub hp: i32,
    /// Starting and maximum hit points: the kind's, or for a wizard the rule book's.
    pub(crate) top_hp: i32,
    /// Alive, torn apart, a corpse, or gone: see [`Being::alive`].
    pub life: Life,
    /// Surrendered this turn or earlier.
    pub surrendered: bool,
    /// Monster's controller (a wizard), if any.
    pub(crate) owner: Option<BeingId>,
    /// 1-based creation number for monsters, 0 for wizards.
    pub monster_number: usize,
    pub(crate) history: Vec<Row>,
    pub(crate) short_bolt_used: bool,
    pub(crate) hand_paralysed: Option<Hand>,
    pub(crate) fx: Effects,
    pub(crate) marks: Marks,
    pub(crate) previous_target: Option<BeingId>,
}

impl Clone for Being {
    /// A copy whose history has room for a few more rows, so that a search
    /// playing on from it does not reallocate at once. Monsters keep no
    /// history, and their copies allocate none for it.
    fn clone(&self) -> Being {
        let mut history = Vec::new();
        if self.is_wizard() || !self.history.is_empty() {
            history.reserve_exact(self.history.len() + 4);
            history.extend_from_slice(&self.history);
        }
        Being {
            name: self.name.clone(),
            gender: self.gender,
            kind: self.kind,
            hp: self.hp,
            top_hp: self.top_hp,
            life: self.life,
            surrendered: self.surrendered,
            owner: self.owner,
            monster_number: self.monster_number,
            history,
            short_bolt_used: self.short_bolt_used,
            hand_paralysed: self.hand_paralysed,
            fx: self.fx,
            marks: self.marks,
            previous_target: self.previous_target,
        }
    }

    /// A copy into an existing being, reusing its name and history buffers.
    /// The source is taken apart whole, so a new field cannot be forgotten.
    fn clone_from(&mut self, source: &Being) {
        let Being {
            name,
            gender,
            kind,
            hp,
            top_hp,
            life,
            surrendered,
            owner,
            monster_number,
            history,
            short_bolt_used,
            hand_paralysed,
            fx,
            marks,
            previous_target,
        } = source;
        if !Arc::ptr_eq(&self.name, name) {
            self.name = Arc::clone(name);
        }
        self.gender = *gender;
        self.kind = *kind;
        self.hp = *hp;
        self.top_hp = *top_hp;
        self.life = *life;
        self.surrendered = *surrendered;
        self.owner = *owner;
        self.monster_number = *monster_number;
        self.history.clone_from(history);
        self.short_bolt_used = *short_bolt_used;
        self.hand_paralysed = *hand_paralysed;
        self.fx = *fx;
        self.marks = *marks;
        self.previous_target = *previous_target;
    }
}

impl Being {
    pub(crate) fn new(name: &str, gender: Gender, kind: BeingKind) -> Being {
        Being {
            name: Arc::from(name),
            gender,
            kind,
            hp: kind.max_hp(),
            top_hp: kind.max_hp(),
            life: Life::Alive,
            surrendered: false,
            owner: None,
            monster_number: 0,
            history: Vec::new(),
            short_bolt_used: false,
            hand_paralysed: None,
            fx: Effects::default(),
            marks: Marks::default(),
            previous_target: None,
        }
    }

    /// The wizard commanding this monster, if any (None for wizards).
    pub fn controller(&self) -> Option<super::PlayerId> {
        self.owner.map(super::BeingId::as_player)
    }

    /// Whether it still takes part (a surrendered wizard stays alive until
    /// the turn ends, a torn-apart monster until the end of resolution).
    pub fn alive(&self) -> bool {
        matches!(self.life, Life::Alive | Life::TornApart)
    }

    /// A dead monster that Raise Dead can be aimed at.
    pub fn corpse(&self) -> bool {
        self.life == Life::Corpse
    }

    /// What is left when it dies at the end of a turn: a corpse for a
    /// monster that was neither an elemental nor torn apart.
    pub(crate) fn life_after_death(&self) -> Life {
        if self.is_wizard() || self.kind.is_elemental() || self.life == Life::TornApart {
            Life::Gone
        } else {
            Life::Corpse
        }
    }

    /// True for a player's wizard.
    pub fn is_wizard(&self) -> bool {
        self.kind == BeingKind::Wizard
    }

    /// Hit points when whole.
    pub fn max_hp(&self) -> i32 {
        self.top_hp
    }

    /// Whether the being is invisible right now.
    pub fn invisible(&self) -> bool {
        self.fx.invisible.is_on()
    }

    /// Whether the being is blind right now.
    pub fn blind(&self) -> bool {
        self.fx.blind.is_on()
    }

    /// The status list's flag letters in the original's order (`IHCPbdp`).
    pub fn flags(&self) -> String {
        let mut s = String::new();
        self.flags_into(&mut s);
        s
    }

    /// [`Being::flags`] written over `s` (a view built over a kept one
    /// reuses its strings).
    pub(crate) fn flags_into(&self, s: &mut String) {
        s.clear();
        let fx = &self.fx;
        for (on, c) in [
            (fx.invisible.is_on(), 'I'),
            (fx.resist_heat, 'H'),
            (fx.resist_cold, 'C'),
            (fx.pfe.is_on(), 'P'),
            (fx.blind.is_on(), 'b'),
            (fx.disease > 0, 'd'),
            (fx.poison > 0, 'p'),
        ] {
            if on {
                s.push(c);
            }
        }
        s.push_str(self.marks.book.flags());
    }

    /// The spell effects a death, a raising or Dispel clears.
    pub(crate) fn clear_effects(&mut self) {
        self.fx = Effects::default();
        self.marks = Marks::default();
        self.hand_paralysed = None;
    }
}
