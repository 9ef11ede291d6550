//! Rule books. A [`RuleSet`] is a value that owns its book: its spell table
//! (only its own spells, in its own order), its gesture alphabet per hand,
//! the wizards' hit points, how many wizards it allows, where its reveal
//! falls in the round, how gestures complete its spells, and its
//! resolver. A [`Duel`] holds a `&'static` reference to one.
//!
//! The books: [`original`] (Waving Hands as the 1993 X11 game plays it,
//! `spellcast`), [`gesticulation`] and [`deathmatch`]. One [`Spell`] vocabulary serves them
//! all, as one piece type serves every chess variant; what a book knows is
//! what its table lists.
//!
//! Adding a book (`fixture/` is one, in the unit tests' build only):
//!
//! 1. a folder here: `table.rs` (a `const` slice of [`SpellInfo`] rows) and
//!    `mod.rs` declaring `pub(crate) static RULES: RuleSet`, built with
//!    [`RuleSet::new`] from a [`Book`] (usually `..original::BOOK` with its
//!    differences): the stages asked after the reveal, a resolver calling
//!    the shared stages of `resolve/` it keeps and its own for the rest,
//!    its hand-overs and flags;
//! 2. its name in the `books!` line below, the one list of books;
//! 3. its rules in a section of spellcast-rules(7) (`tests/docs.rs` fails
//!    on a book without one).
//!
//! Only if it needs them, each failing loudly when forgotten: a spell
//! identity no book has yet is a line of `spells!` (`spellbook.rs`), then
//! the computer's row for it (`computer/table.rs`, a `match` that does not
//! compile without it), its element if it is one of the book's `bolts` and
//! a stage that resolves it (`every_book_tests.rs` fails on a bolt the
//! computer gives no element and on a spell that, cast, tells nothing);
//! state of its own on a being is a variant of [`BookMarks`] (between
//! turns) or [`BookZaps`] (within a round's resolution) holding its
//! folder's type, which shared stages only ask questions of.
//!
//! What a book declares, and what it hands over. Where a book plays a
//! stage its own way, it hands the stage over as functions the shared
//! round calls without knowing the book: `resolve` (everything after the
//! targets), [`Windows`] (Delayed Effect's and Permanency's picks, options
//! added to the target questions), [`Announcing`] (a stage before the
//! spell choices), `paralysed_gesture` and `settle_end`. No shared stage
//! calls a function of a book's folder. The rest are plain values a
//! shared stage reads as it reads the table, each one rule of
//! spellcast-rules(7): numbers and lists (`hit_points`, `players`, the
//! gestures, `after_reveal`, `bolts`, `dispel_spares`, `fear_forbids`,
//! `charm_resist_cost`) and one-test flags (`lone_clap_is_nothing`,
//! `new_monster_targets`, `storm_spares_bolt_subject`,
//! `lone_surrenderer_wins`, `frozen_keep_resistances`,
//! `sight_stops_spells`, `mirrors_bounce`, and for the computer
//! `charm_person_seizes_hand`, `remove_enchantment_strips_shield`). A
//! book's state on a being is its own type ([`BookMarks`], and for one
//! round's resolution [`BookZaps`]).

mod book_marks;
mod book_zaps;
#[cfg(test)]
mod every_book_tests;
mod onyx;

/// The one list of books. Each name is a folder here whose `mod.rs`
/// declares `pub(crate) static RULES: RuleSet`; the macro declares the
/// folders as modules and lists their books in [`RuleSet::ALL`], in this
/// order (`spellcast` first). The books after `tests only:` are in the
/// unit tests' build alone.
macro_rules! books {
    ($($book:ident),+ ; tests only: $($fixture:ident),*) => {
        $(pub(crate) mod $book;)+
        $(#[cfg(test)] mod $fixture;)*

        impl RuleSet {
            /// Every book, `spellcast` first: the `books!` list in
            /// `rules/mod.rs` (the unit tests' build adds its fixture book).
            pub const ALL: &'static [&'static RuleSet] = &[
                $(&$book::RULES,)+
                $(#[cfg(test)] &$fixture::RULES,)*
            ];
        }
    };
}

books! { original, gesticulation, deathmatch; tests only: fixture }

use super::being::Being;
use super::duel::Duel;
use super::gesture::{Gesture, Hand};
use super::narrate::Harm;
use super::question::Question;
use super::recognise::FoundSpells;
use super::recognise::Recogniser;
use super::round::{Stage, Step};
use super::spellbook::{Group, Spell, SpellInfo, TargetKind};
pub(crate) use book_marks::BookMarks;
pub(crate) use book_zaps::BookZaps;
pub(crate) use onyx::OnyxHolders;
use std::fmt;

/// Carries out a round from the moment the targets are set: called with
/// [`Stage::Targets`] and no answers to begin, then with each of its own
/// stages once that stage's batch of questions is answered. Returns the
/// stage whose batch is open next, or the step that ends the round.
pub(crate) type Resolver = fn(&mut Duel, Stage, &[Question], &[usize]) -> Result<Stage, Step>;

/// The bound every book's recogniser keeps: the most spells ending in one
/// pair of gestures in any book (the original's and Gesticulation's 20:
/// it sizes the round's candidate lists). [`RuleSet::new`] refuses, at
/// compile time, a book that needs more.
pub(crate) const MOST_ENDING: usize = 20;

/// No row: a spell the book does not have.
const ABSENT: u8 = u8::MAX;

/// A set of rules: the book's table, alphabet, numbers and resolution.
pub struct RuleSet {
    /// The name `--rules` and a script's `"rules"` use (`spellcast`, `gesticulation`).
    pub name: &'static str,
    /// The title a window shows.
    pub title: &'static str,
    /// The book's spells, stab and surrender included, in the book's order.
    pub spells: &'static [SpellInfo],
    /// Gestures each hand may make (left, right), in popup order.
    pub gestures: [&'static [Gesture]; 2],
    /// A wizard's starting and greatest hit points.
    pub hit_points: i32,
    /// The fewest and the most wizards a duel may have.
    pub players: (usize, usize),
    /// Row of each spell identity in `spells`, [`ABSENT`] if the book lacks it.
    rows: [u8; Spell::COUNT],
    /// `gestures` as one bit per gesture, so [`RuleSet::allows`] (asked for
    /// both hands of every wizard every round) is one test, not a search.
    hand_masks: [u16; 2],
    /// Each identity's row by value ([`NOT_IN_BOOK`] if the book lacks it):
    /// resolution reads it for every cast, so it is one index away.
    by_spell: [SpellInfo; Spell::COUNT],
    /// The book's sequences decoded: how gestures complete its spells,
    /// read directly (not through a function pointer) since it runs for
    /// every wizard every round.
    pub(crate) recogniser: Recogniser,
    /// The book's reveal point: the stages asked once the round's gestures
    /// are revealed; every other stage comes before the reveal. See
    /// [`RuleSet::before_reveal`].
    pub(crate) after_reveal: &'static [Stage],
    pub(crate) resolve: Resolver,
    /// Whether a wizard who surrenders as the last other one dies wins
    /// (the original) or draws (both variants).
    pub(crate) lone_surrenderer_wins: bool,
    /// Spells a Dispel Magic does not cancel (Gesticulation: Anti-spell).
    pub(crate) dispel_spares: &'static [Spell],
    /// Whether beings frozen by a Time Stop keep their resistances.
    pub(crate) frozen_keep_resistances: bool,
    /// What a paralysed hand's last gesture becomes (the original: C, S,
    /// W to F, D, P; Gesticulation: to D, F, P).
    pub(crate) paralysed_gesture: fn(Gesture) -> Gesture,
    /// Whether a blind caster's or an invisible target's spells and stabs
    /// go wild (Gesticulation: they land).
    pub(crate) sight_stops_spells: bool,
    /// Whether a spell between two Magic Mirrors dissipates (Gesticulation:
    /// it hits its caster).
    pub(crate) mirrors_bounce: bool,
    /// The book's Delayed Effect and Permanency stages, before the targets.
    pub(crate) windows: Windows,
    /// The book's damage spells of one element, in the order they are dealt.
    pub(crate) bolts: &'static [Bolt],
    /// The small differences shared stages ask about.
    pub(crate) quirks: Quirks,
}

/// What the shared stages (the round's start, the cast list, the mind
/// spells) ask of a book beyond its table: each field names one rule.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Quirks {
    /// The book's own stage between the gestures and the spell choices
    /// (Death Match's clap announcements).
    pub announcing: Option<Announcing>,
    /// A one-handed clap is recorded as nothing (Death Match).
    pub lone_clap_is_nothing: bool,
    /// Charm Person seizes a hand of its subject (the original); under
    /// Gesticulation it only keeps him from aiming at the charmer.
    pub charm_person_seizes_hand: bool,
    /// Remove Enchantment takes a wizard's Shield and resistances away
    /// (Death Match): an attack rather than a cure.
    pub remove_enchantment_strips_shield: bool,
    /// The charmed wizard may resist for this much damage (Death Match: 3).
    pub charm_resist_cost: Option<i32>,
    /// Target questions offer the next monsters to be made this turn (`#N`).
    pub new_monster_targets: bool,
    /// The gestures Fear forbids (the original: C, D, F, S).
    pub fear_forbids: &'static [Gesture],
    /// The book's own ending, asked before the usual one (Death Match's
    /// double death and surrender-with-death).
    pub settle_end: Option<fn(&Duel) -> Option<crate::engine::Outcome>>,
    /// A bolt's subject is spared the opposite storm of its turn (the
    /// original's steam, Gesticulation's Iceball); under Death Match the
    /// storm still strikes him (its resolver deals the storms itself).
    pub storm_spares_bolt_subject: bool,
}

/// A damage spell of one element (the original's Fireball, Gesticulation's
/// Iceball, Death Match's Frost Bolt): the shared stages deal it, stop it
/// by its element's resistance, cancel it with the opposite storm and let
/// it destroy the opposite elemental, reading the book's list
/// ([`RuleSet::bolts`]) and never naming the spell.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bolt {
    pub spell: Spell,
    /// How the narration names its wound.
    pub harm: Harm,
    /// Hit points each one takes.
    pub damage: i32,
    /// Cold (Resist Cold stops it, a Fire Storm cancels it, it destroys a
    /// fire elemental) or heat (the other way round).
    pub cold: bool,
}

/// A stage a book adds once the gestures are recorded, before the spell
/// choices: its questions, what their answers change, and how it narrows
/// the spells a wizard's gestures complete. The shared stages call the
/// book's functions through it and know nothing of the book.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Announcing {
    /// Opens the stage's questions ([`Stage::Announce`]).
    pub ask: fn(&mut Duel),
    /// Applies their answers.
    pub record: fn(&mut Duel, &[Question], &[usize]),
    /// Drops from the spells a wizard's gestures complete those the
    /// stage's answers did not allow.
    pub narrow: fn(&RuleSet, &Being, &mut FoundSpells),
}

/// The stages between the spell choices and the targets as a book plays
/// them: which Delayed Effect and Permanency picks are asked, and what the
/// target questions add. The original's are the shared ones of
/// `cast_list.rs`; Gesticulation hands over its own (its windows reach
/// spells of their own turn, and Delayed Effect banks a spell aimed at
/// `delay`: `rules/gesticulation/delay.rs`, `permanency.rs`), so the round
/// calls them without knowing the book.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Windows {
    /// Opens Delayed Effect's picks ([`Stage::Delay`]).
    pub ask_delay: fn(&mut Duel),
    /// Opens Permanency's picks ([`Stage::Permanent`]).
    pub ask_permanent: fn(&mut Duel),
    /// Adds the book's own options to the target questions (one per
    /// aimed cast, in cast-list order): Gesticulation's `delay`.
    pub offer_targets: Option<fn(&Duel, &mut [Question])>,
}

impl Quirks {
    /// The original's rules: none of the above.
    pub(crate) const NONE: Quirks = Quirks {
        announcing: None,
        lone_clap_is_nothing: false,
        charm_person_seizes_hand: true,
        remove_enchantment_strips_shield: false,
        charm_resist_cost: None,
        new_monster_targets: false,
        fear_forbids: &[
            Gesture::Clap,
            Gesture::Digit,
            Gesture::Fingers,
            Gesture::Snap,
        ],
        settle_end: None,
        storm_spares_bolt_subject: true,
    };
}

/// What a book says about a spell it lacks: no target, never cast.
const NOT_IN_BOOK: SpellInfo = SpellInfo::new(
    Spell::Surrender,
    "",
    false,
    false,
    TargetKind::None,
    Group::NotCast,
);

/// The parts a book declares; [`RuleSet::new`] derives the rest.
pub(crate) struct Book {
    pub name: &'static str,
    pub title: &'static str,
    pub spells: &'static [SpellInfo],
    pub gestures: [&'static [Gesture]; 2],
    pub hit_points: i32,
    pub players: (usize, usize),
    pub after_reveal: &'static [Stage],
    pub resolve: Resolver,
    pub lone_surrenderer_wins: bool,
    pub dispel_spares: &'static [Spell],
    pub frozen_keep_resistances: bool,
    pub paralysed_gesture: fn(Gesture) -> Gesture,
    pub sight_stops_spells: bool,
    pub mirrors_bounce: bool,
    pub windows: Windows,
    pub bolts: &'static [Bolt],
    pub quirks: Quirks,
}

/// Every gesture, in the original's popup order.
pub(crate) static ALL_GESTURES: [Gesture; 8] = Gesture::ALL;

impl RuleSet {
    /// Builds a rule set at compile time: indexes the table and decodes its sequences.
    pub(crate) const fn new(book: Book) -> RuleSet {
        let mut rows = [ABSENT; Spell::COUNT];
        let mut by_spell = [NOT_IN_BOOK; Spell::COUNT];
        let mut i = 0;
        while i < book.spells.len() {
            rows[book.spells[i].spell as usize] = i as u8;
            by_spell[book.spells[i].spell as usize] = book.spells[i];
            i += 1;
        }
        let mut hand_masks = [0u16; 2];
        let mut h = 0;
        while h < 2 {
            let mut g = 0;
            while g < book.gestures[h].len() {
                hand_masks[h] |= 1 << book.gestures[h][g] as u16;
                g += 1;
            }
            h += 1;
        }
        let recogniser = Recogniser::new(book.spells);
        assert!(
            recogniser.most_ending <= MOST_ENDING,
            "a book ending more spells in one pair of gestures than MOST_ENDING"
        );
        RuleSet {
            name: book.name,
            title: book.title,
            spells: book.spells,
            gestures: book.gestures,
            hit_points: book.hit_points,
            players: book.players,
            rows,
            hand_masks,
            by_spell,
            recogniser,
            after_reveal: book.after_reveal,
            resolve: book.resolve,
            lone_surrenderer_wins: book.lone_surrenderer_wins,
            dispel_spares: book.dispel_spares,
            frozen_keep_resistances: book.frozen_keep_resistances,
            paralysed_gesture: book.paralysed_gesture,
            sight_stops_spells: book.sight_stops_spells,
            mirrors_bounce: book.mirrors_bounce,
            windows: book.windows,
            bolts: book.bolts,
            quirks: book.quirks,
        }
    }

    /// Waving Hands as the 1993 X11 game plays it.
    pub fn original() -> &'static RuleSet {
        &original::RULES
    }

    /// The book `--rules` and a script's `"rules"` name.
    pub fn by_name(name: &str) -> Option<&'static RuleSet> {
        RuleSet::ALL.iter().copied().find(|r| r.name == name)
    }

    /// Every book's name, comma-separated, for messages.
    pub fn names() -> String {
        let names: Vec<&str> = RuleSet::ALL.iter().map(|r| r.name).collect();
        names.join(", ")
    }

    /// Whether the book has this spell.
    pub fn has(&self, spell: Spell) -> bool {
        self.rows[spell.index()] != ABSENT
    }

    /// The book's row for a spell; a spell it lacks gets a row that is
    /// never aimed and never cast.
    pub fn info(&self, spell: Spell) -> &SpellInfo {
        &self.by_spell[spell.index()]
    }

    /// Finds one of the book's spells by name, ignoring case.
    pub fn spell_named(&self, name: &str) -> Option<Spell> {
        self.spells
            .iter()
            .map(|r| r.spell)
            .find(|s| s.name().eq_ignore_ascii_case(name))
    }

    /// Whether this hand may make this gesture under the book.
    pub fn allows(&self, hand: Hand, gesture: Gesture) -> bool {
        self.hand_masks[hand.index()] & (1 << gesture as u16) != 0
    }

    /// The book's name for the protection a [`Spell::ProtectionFromEvil`]
    /// effect gives: Gesticulation's is Protection from Harm
    /// (spellcast-rules(7)). Effects, narration and the seat protocol
    /// name it so.
    pub fn protection(&self) -> Spell {
        if self.has(Spell::ProtectionFromHarm) {
            Spell::ProtectionFromHarm
        } else {
            Spell::ProtectionFromEvil
        }
    }

    /// A wizard's starting (and greatest) hit points under this book.
    pub fn starting_hit_points(&self) -> i32 {
        self.hit_points
    }

    /// The gestures Fear forbids its subject.
    pub fn fear_forbids(&self) -> &'static [Gesture] {
        self.quirks.fear_forbids
    }

    /// Whether Charm Person seizes a hand of its subject (the original,
    /// Death Match's Charm on a wizard); under Gesticulation it only keeps
    /// him from aiming at the charmer (spellcast-rules(7)).
    pub fn charm_person_seizes_hand(&self) -> bool {
        self.quirks.charm_person_seizes_hand
    }

    /// Whether Remove Enchantment takes a wizard's Shield and resistances
    /// away (Death Match), which makes it a spell to aim at the enemy.
    pub fn remove_enchantment_strips_shield(&self) -> bool {
        self.quirks.remove_enchantment_strips_shield
    }

    /// What resisting a charm costs, in hit points, if the book lets a
    /// charmed wizard resist (Death Match).
    pub fn charm_resist_cost(&self) -> Option<i32> {
        self.quirks.charm_resist_cost
    }

    /// Whether a bolt's subject is spared the opposite storm of the same
    /// turn (see [`Quirks::storm_spares_bolt_subject`]).
    pub fn storm_spares_bolt_subject(&self) -> bool {
        self.quirks.storm_spares_bolt_subject
    }

    /// The one reveal point: whether the questions of this stage are asked
    /// before the round's gestures are revealed to the other wizards.
    /// What a seat's view shows, what the computer's determinisation
    /// samples and what the helper reads all follow from it. A stage a
    /// book does not list comes before the reveal, so a new stage hides
    /// the rows until its book says otherwise.
    pub(crate) fn before_reveal(&self, stage: Stage) -> bool {
        !self.after_reveal.contains(&stage)
    }
}

impl fmt::Debug for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RuleSet").field("name", &self.name).finish()
    }
}

impl Eq for RuleSet {}

impl PartialEq for RuleSet {
    /// Rule sets are `static`s: the same one is the same place.
    fn eq(&self, other: &RuleSet) -> bool {
        std::ptr::eq(self, other)
    }
}

#[cfg(test)]
mod tests;
