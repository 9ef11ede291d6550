//! Narration: what happened, recorded as small events and turned into words
//! only when someone reads them. A wizard reads about himself in the second
//! person; everyone else, and the transcript's observer, in the third.

use super::duel::{Duel, Outcome, RoundKind};
use super::gesture::{Gesture, Hand, Mark};
use super::ids::PlayerId;
use super::spellbook::Spell;
use super::turn::{Aim, Cast};
use super::BeingIndex;

/// Who is reading: a player's window, or the transcript's outside observer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    /// The seat of this player.
    Player(PlayerId),
    /// Nobody in particular: what the transcript records.
    Observer,
}

/// The kinds of harm, in the order the original reports them.
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Harm {
    Stab,
    Missile,
    LightWounds,
    HeavyWounds,
    Lightning,
    Fireball,
    FireStorm,
    IceStorm,
    FingerOfDeath,
}

/// One thing that happened in the duel. Each variant carries only ids and
/// numbers; [`Event::text`] writes the words for a given reader.
#[allow(missing_docs)]
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Event {
    Enters {
        wizard: BeingIndex,
    },
    Speech {
        wizard: BeingIndex,
        text: String,
    },
    /// The transcript's header of a round: each living being's hp and gestures.
    TurnHeader {
        turn: u32,
        kind: RoundKind,
        lines: Vec<(BeingIndex, i32, Option<[Mark; 2]>)>,
    },
    TwoStabs {
        wizard: BeingIndex,
    },
    Amnesiac {
        wizard: BeingIndex,
        left: Gesture,
        right: Gesture,
    },
    Confused {
        wizard: BeingIndex,
        hand: Hand,
        gesture: Gesture,
    },
    Charmed {
        wizard: BeingIndex,
        hand: Hand,
        gesture: Gesture,
    },
    Afraid {
        wizard: BeingIndex,
        changed: [bool; 2],
    },
    Frozen {
        wizard: BeingIndex,
        hand: Hand,
        gesture: Gesture,
    },
    Surrenders {
        wizard: BeingIndex,
    },
    Banked {
        wizard: BeingIndex,
        spell: Spell,
        lost: Option<Spell>,
    },
    MadePermanent {
        wizard: BeingIndex,
        spell: Spell,
    },
    Casts(Cast),
    GoesWild {
        caster: BeingIndex,
        target: BeingIndex,
        spell: Spell,
    },
    MagicFades,
    TornApart {
        being: BeingIndex,
    },
    CounterDispelled {
        being: BeingIndex,
    },
    MirrorDispelled {
        being: BeingIndex,
    },
    CounterFlares {
        being: BeingIndex,
        mirror_lost: bool,
    },
    MirrorSwirls {
        being: BeingIndex,
    },
    Dispelled {
        cast: Cast,
    },
    Countered {
        cast: Cast,
        target: BeingIndex,
    },
    ShortBoltSpent {
        wizard: BeingIndex,
    },
    MirrorsBounce {
        cast: Cast,
        target: BeingIndex,
    },
    Reflected {
        cast: Cast,
        mirror: BeingIndex,
    },
    Summoned {
        monster: BeingIndex,
        owner: BeingIndex,
    },
    ElementalsMerge {
        fire: bool,
        count: usize,
    },
    StormsCancel,
    ElementalGone {
        monster: BeingIndex,
    },
    MonsterDestroyed {
        monster: BeingIndex,
    },
    LifeAndDeathCancel {
        being: BeingIndex,
    },
    Steam {
        being: BeingIndex,
    },
    MindsClash {
        being: BeingIndex,
        counts: Vec<(Spell, u8)>,
    },
    Resists {
        being: BeingIndex,
        heat: bool,
        again: bool,
    },
    Protected {
        being: BeingIndex,
        again: bool,
    },
    ProtectionFading {
        being: BeingIndex,
        left: u8,
    },
    ControlFizzles {
        being: BeingIndex,
        spell: Spell,
    },
    ParalysisHand {
        wizard: BeingIndex,
        hand: Hand,
    },
    NoEffect {
        being: BeingIndex,
        spell: Spell,
    },
    MonsterCharmed {
        monster: BeingIndex,
        owner: BeingIndex,
    },
    CharmHand {
        wizard: BeingIndex,
        hand: Hand,
    },
    Enchanted {
        being: BeingIndex,
        spell: Spell,
    },
    StillEnchanted {
        being: BeingIndex,
    },
    Diseased {
        being: BeingIndex,
    },
    Poisoned {
        being: BeingIndex,
    },
    Blinded {
        being: BeingIndex,
        again: bool,
    },
    SightReturns {
        being: BeingIndex,
    },
    Vanishes {
        being: BeingIndex,
        again: bool,
    },
    Reappears {
        being: BeingIndex,
    },
    HasteEnds {
        being: BeingIndex,
        nulled: bool,
    },
    EnchantmentsRemoved {
        being: BeingIndex,
    },
    Blocked {
        being: BeingIndex,
        kind: Harm,
    },
    Hurt {
        being: BeingIndex,
        kind: Harm,
        count: u8,
    },
    DiseaseCured {
        being: BeingIndex,
    },
    PerfectHealth {
        being: BeingIndex,
    },
    Healed {
        being: BeingIndex,
        amount: i32,
    },
    Raised {
        being: BeingIndex,
    },
    MonsterParalysed {
        monster: BeingIndex,
    },
    MonsterConfused {
        monster: BeingIndex,
    },
    MonsterAmnesiac {
        monster: BeingIndex,
    },
    RefusesSelf {
        monster: BeingIndex,
    },
    CannotSee {
        monster: BeingIndex,
        target: BeingIndex,
    },
    MonsterBlocked {
        monster: BeingIndex,
        target: BeingIndex,
    },
    MonsterHits {
        monster: BeingIndex,
        target: BeingIndex,
        damage: i32,
    },
    ElementalResisted {
        monster: BeingIndex,
        target: BeingIndex,
    },
    Dies {
        being: BeingIndex,
    },
    WindowCloses {
        wizard: BeingIndex,
        permanency: bool,
    },
    Sickens {
        being: BeingIndex,
        poison: bool,
        stage: u8,
    },
    TimeStop {
        being: BeingIndex,
        running: bool,
    },
    Haste {
        being: BeingIndex,
        starting: bool,
        running: bool,
    },
    /// A wizard's display went away; he is taken to surrender.
    Withdraws {
        wizard: BeingIndex,
    },
    GameOver(Outcome),
}

/// Writes sentences for one reader.
struct Pen<'a> {
    game: &'a Duel,
    viewer: Viewer,
}

impl Pen<'_> {
    fn me(&self, b: BeingIndex) -> bool {
        self.viewer == Viewer::Player(PlayerId::new(b))
    }
    fn name(&self, b: BeingIndex) -> &str {
        &self.game.beings[b].name
    }
    /// "You" or the name, as the subject of a sentence.
    fn who(&self, b: BeingIndex) -> String {
        if self.me(b) {
            "You".into()
        } else {
            self.name(b).into()
        }
    }
    /// "you" or the name, as an object.
    fn whom(&self, b: BeingIndex) -> String {
        if self.me(b) {
            "you".into()
        } else {
            self.name(b).into()
        }
    }
    /// "your" or "Name's".
    fn whose(&self, b: BeingIndex) -> String {
        if self.me(b) {
            "your".into()
        } else {
            format!("{}'s", self.name(b))
        }
    }
    /// A verb agreeing with `who(b)`: `you cast` / `Name casts`.
    fn does(&self, b: BeingIndex, you: &str, them: &str) -> String {
        format!("{} {}", self.who(b), if self.me(b) { you } else { them })
    }
    fn his(&self, b: BeingIndex) -> &'static str {
        if self.me(b) {
            "your"
        } else {
            self.game.beings[b].gender.possessive()
        }
    }
    fn himself(&self, b: BeingIndex) -> &'static str {
        if self.me(b) {
            "yourself"
        } else {
            self.game.beings[b].gender.reflexive()
        }
    }
}

fn count_word(n: u8) -> String {
    const WORDS: [&str; 9] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
    ];
    WORDS
        .get(usize::from(n))
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

impl Event {
    /// The text `viewer` reads, or None when this event is not shown to that viewer.
    pub(crate) fn text(&self, game: &Duel, viewer: Viewer) -> Option<String> {
        let p = Pen { game, viewer };
        let observer = viewer == Viewer::Observer;
        Some(match self {
            Event::Enters { wizard } => format!(
                "{} into the arena. The referee casts the formal Dispel Magic and Anti-spell on {}.",
                p.does(*wizard, "advance", "advances"),
                if p.me(*wizard) {
                    "you"
                } else {
                    game.beings[*wizard].gender.object()
                }
            ),
            Event::Speech { wizard, text } => {
                format!("{} \"{text}\"", p.does(*wizard, "say", "says"))
            }
            Event::TurnHeader { turn, kind, lines } => {
                if !observer {
                    return None;
                }
                let mut s = format!(
                    "\n\tTurn {turn}{}:\n",
                    match kind {
                        RoundKind::Normal => "",
                        RoundKind::Haste => " (Haste)",
                        RoundKind::TimeStop => " (Time Stop)",
                    }
                );
                for (b, hp, marks) in lines {
                    let name = p.name(*b);
                    let being = &game.beings[*b];
                    if !being.is_wizard() {
                        s.push_str(&format!("{name} ({hp})\n"));
                        continue;
                    }
                    match marks {
                        None => s.push_str(&format!("{name} ({hp}): [no gestures]\n")),
                        Some(m) => {
                            let letter = |m: Mark| match m {
                                Mark::Made(g) => g.transcript_letter(),
                                Mark::AntiSpell => '=',
                            };
                            s.push_str(&format!(
                                "{name} ({hp}): {} {}\n",
                                letter(m[0]),
                                letter(m[1])
                            ));
                        }
                    }
                }
                s
            }
            Event::TwoStabs { wizard } => {
                if !p.me(*wizard) {
                    return None;
                }
                "You cannot stab with both hands; your right hand does nothing.".into()
            }
            Event::Amnesiac { wizard, left, right } => format!(
                "{} last turn's gestures: {} with the left hand and {} with the right.",
                p.does(*wizard, "absent-mindedly repeat", "absent-mindedly repeats"),
                left.name(),
                right.name()
            ),
            Event::Confused { wizard, hand, gesture } => format!(
                "{} a {} with {} {} hand.",
                p.does(*wizard, "accidentally make", "accidentally makes"),
                gesture.name(),
                p.his(*wizard),
                hand.name()
            ),
            Event::Charmed { wizard, hand, gesture } => format!(
                "{} a {} with {} {} hand.",
                p.does(*wizard, "mysteriously make", "mysteriously makes"),
                gesture.name(),
                p.his(*wizard),
                hand.name()
            ),
            Event::Afraid { wizard, changed } => match changed {
                [true, true] => format!("{} too frightened to use either hand.", p.does(*wizard, "are", "is")),
                [true, false] => format!("{} left hand shakes with fear and does nothing.", cap(&p.whose(*wizard))),
                [false, true] => format!("{} right hand shakes with fear and does nothing.", cap(&p.whose(*wizard))),
                [false, false] => format!("{} terrified, but manages to gesture anyway.", p.does(*wizard, "are", "is")),
            },
            Event::Frozen { wizard, hand, gesture } => format!(
                "{} {} hand is frozen in {}.",
                cap(&p.whose(*wizard)),
                hand.name(),
                gesture.name()
            ),
            Event::Surrenders { wizard } => {
                if p.me(*wizard) {
                    "You make the gesture of surrender! You seem to have surrendered.".into()
                } else {
                    format!("{} makes the gesture of surrender!", p.name(*wizard))
                }
            }
            Event::Banked { wizard, spell, lost } => {
                let mut s = if p.me(*wizard) {
                    format!("Your {} is caught by the Delayed Effect and hovers by your head.", spell.name())
                } else {
                    format!("{}'s {} is caught in {} Delayed Effect.", p.name(*wizard), spell.name(), p.his(*wizard))
                };
                if let Some(l) = lost {
                    s.push_str(&format!(" The {} that was waiting there is lost.", l.name()));
                }
                s
            }
            Event::MadePermanent { wizard, spell } => {
                if !p.me(*wizard) {
                    return None;
                }
                format!("Your Permanency takes hold of your {}.", spell.name())
            }
            Event::Casts(c) => {
                let verb = if c.spell == Spell::Stab {
                    p.does(c.caster, "stab", "stabs")
                } else {
                    format!(
                        "{} {}{}",
                        p.does(c.caster, "cast", "casts"),
                        if c.permanent { "Permanent " } else { "" },
                        c.spell.name()
                    )
                };
                let at = match c.aim {
                    Aim::Nobody => "up into the air".to_string(),
                    Aim::Arena => "over the arena".to_string(),
                    Aim::At(t) if t == c.caster => format!("at {}", p.himself(t)),
                    Aim::At(t) => format!("at {}", p.whom(t)),
                };
                format!("{verb} ({}) {at}.", c.hand.phrase())
            }
            Event::GoesWild { caster, target, spell } => {
                if p.me(*caster) {
                    format!("You cannot see {}! Your {} goes wild.", p.name(*target), spell.name())
                } else if p.me(*target) {
                    format!("{} cannot see you, and {} {} goes wild.", p.name(*caster), p.his(*caster), spell.name())
                } else {
                    format!("{} cannot see {}, and {} {} goes wild.", p.name(*caster), p.name(*target), p.his(*caster), spell.name())
                }
            }
            Event::MagicFades => "All the magical energies in the arena fade away.".into(),
            Event::TornApart { being } => format!("{} torn apart by the unravelling magic!", p.does(*being, "are", "is")),
            Event::CounterDispelled { being } => format!("The Counter-spell around {} is dispelled.", p.whom(*being)),
            Event::MirrorDispelled { being } => format!("The Magic Mirror around {} is dispelled.", p.whom(*being)),
            Event::CounterFlares { being, mirror_lost } => {
                let mut s = format!("A Counter-spell flares around {}.", p.whom(*being));
                if *mirror_lost {
                    s.push_str(" It shatters the Magic Mirror there.");
                }
                s
            }
            Event::MirrorSwirls { being } => format!("A Magic Mirror swirls around {}.", p.whom(*being)),
            Event::Dispelled { cast } => format!("{} {} is dispelled.", cap(&p.whose(cast.caster)), cast.spell.name()),
            Event::Countered { cast, target } => format!(
                "{} {} is destroyed by the Counter-spell around {}.",
                cap(&p.whose(cast.caster)),
                cast.spell.name(),
                p.whom(*target)
            ),
            Event::ShortBoltSpent { wizard } => {
                if p.me(*wizard) {
                    "You have already used the short Lightning Bolt this battle; it fizzles.".into()
                } else {
                    format!("{}'s Lightning Bolt fizzles.", p.name(*wizard))
                }
            }
            Event::MirrorsBounce { cast, target } => format!(
                "{} {} bounces between the mirrors of {} and {} until it falls apart.",
                cap(&p.whose(cast.caster)),
                cast.spell.name(),
                p.whom(*target),
                p.whom(cast.caster)
            ),
            Event::Reflected { cast, mirror } => format!(
                "{} {} is reflected by the Magic Mirror around {}!",
                cap(&p.whose(cast.caster)),
                cast.spell.name(),
                p.whom(*mirror)
            ),
            Event::Summoned { monster, owner } => format!(
                "{} appears by {} side, awaiting orders.",
                p.name(*monster),
                p.whose(*owner)
            ),
            Event::ElementalsMerge { fire, count } => format!(
                "The {} {} Elementals merge into one.",
                count_word(u8::try_from(*count).unwrap_or(u8::MAX)),
                if *fire { "Fire" } else { "Ice" }
            ),
            Event::StormsCancel => "The Fire Storm and the Ice Storm meet and cancel each other out.".into(),
            Event::ElementalGone { monster } => format!("{} is engulfed and vanishes in a cloud of steam.", p.name(*monster)),
            Event::MonsterDestroyed { monster } => format!("{} dissolves into nothingness.", p.name(*monster)),
            Event::LifeAndDeathCancel { being } => format!(
                "The Raise Dead and the Finger of Death on {} cancel each other out.",
                p.whom(*being)
            ),
            Event::Steam { being } => format!(
                "The Fireball at {} meets the Ice Storm and bursts into harmless steam.",
                p.whom(*being)
            ),
            Event::MindsClash { being, counts } => {
                let list: Vec<String> = counts
                    .iter()
                    .map(|&(s, n)| {
                        if n > 1 {
                            format!("{} {}", count_word(n), s.name())
                        } else {
                            s.name().to_string()
                        }
                    })
                    .collect();
                let list = match list.split_last() {
                    Some((last, rest)) if !rest.is_empty() => {
                        format!("{} and {last}", rest.join(", "))
                    }
                    _ => list.join(""),
                };
                format!(
                    "The {list} on {} interfere with each other and have no effect.",
                    p.whom(*being)
                )
            }
            Event::Resists { being, heat, again } => {
                let what = if *heat { "heat" } else { "cold" };
                if *again {
                    format!("{} {} with resistance to {what}.", p.does(*being, "continue to glow", "continues to glow"), "still")
                        .replace(" still with", " with")
                } else {
                    format!("{} resistant to {what}.", p.does(*being, "become", "becomes"))
                }
            }
            Event::Protected { being, again } => {
                if *again {
                    format!("The Protection from Evil around {} flares back to full strength.", p.whom(*being))
                } else {
                    format!("A Protection from Evil springs up around {}.", p.whom(*being))
                }
            }
            Event::ProtectionFading { being, left } => match left {
                0 => format!("The Protection from Evil around {} fades away.", p.whom(*being)),
                _ => format!("The Protection from Evil around {} is fading.", p.whom(*being)),
            },
            Event::ControlFizzles { being, spell } => {
                if *spell == Spell::CharmMonster {
                    format!("The referees carry off the {} on {}: nobody is left to control.", spell.name(), p.whom(*being))
                } else {
                    format!("The {} on {} fizzles, not knowing which hand to seize.", spell.name(), p.whom(*being))
                }
            }
            Event::ParalysisHand { wizard, hand } => format!("{} {} hand is paralysed.", cap(&p.whose(*wizard)), hand.name()),
            Event::NoEffect { being, spell } => format!("The {} cannot sink into {}.", spell.name(), p.whom(*being)),
            Event::MonsterCharmed { monster, owner } => format!("{} now obeys {}.", p.name(*monster), p.whom(*owner)),
            Event::CharmHand { wizard, hand } => format!("{} {} hand is charmed.", cap(&p.whose(*wizard)), hand.name()),
            Event::Enchanted { being, spell } => {
                let b = *being;
                match spell {
                    Spell::Amnesia => format!("{} forgetful.", p.does(b, "feel", "looks")),
                    Spell::Confusion => format!("{} confused.", p.does(b, "feel", "looks")),
                    Spell::Fear => format!("{} frightened.", p.does(b, "feel", "looks")),
                    Spell::Paralysis => format!("{} stiff.", p.does(b, "feel", "looks")),
                    Spell::AntiSpell => format!("{} gestures are disrupted.", cap(&p.whose(b))),
                    Spell::DelayedEffect => format!("A Delayed Effect waits around {} for the next spell.", p.whom(b)),
                    Spell::Permanency => format!("A Permanency waits around {} for the next spell.", p.whom(b)),
                    Spell::Haste => format!("{} to speed up.", p.does(b, "begin", "begins")),
                    Spell::TimeStop => format!("Time stops for everyone but {}.", p.whom(b)),
                    s => format!("{} is cast on {}.", s.name(), p.whom(b)),
                }
            }
            Event::StillEnchanted { being } => format!("{} under a permanent enchantment.", p.does(*being, "are still", "is still")),
            Event::Diseased { being } => format!("{} a feverish sneeze.", p.does(*being, "give", "gives")),
            Event::Poisoned { being } => format!("{} very ill.", p.does(*being, "look", "looks")),
            Event::Blinded { being, again } => {
                if *again {
                    format!("{} still blind.", p.does(*being, "are", "is"))
                } else {
                    format!("Scales grow over {} eyes!", p.his(*being))
                }
            }
            Event::SightReturns { being } => format!("{} sight returns.", cap(&p.whose(*being))),
            Event::Vanishes { being, again } => {
                if *again {
                    format!("{} still invisible.", p.does(*being, "are", "is"))
                } else {
                    format!("{} from view.", p.does(*being, "fade", "fades"))
                }
            }
            Event::Reappears { being } => format!("{} visible again.", p.does(*being, "become", "becomes")),
            Event::HasteEnds { being, nulled } => {
                if *nulled {
                    format!("The Haste on {} is nulled.", p.whom(*being))
                } else {
                    format!("{} down.", p.does(*being, "slow", "slows"))
                }
            }
            Event::EnchantmentsRemoved { being } => format!("All enchantments are stripped from {}.", p.whom(*being)),
            Event::Blocked { being, kind } => {
                let what = harm_name(*kind);
                format!("The {what} at {} is stopped.", p.whom(*being))
            }
            Event::Hurt { being, kind, count } => {
                let b = *being;
                let times = if *count > 1 { format!(" ({} times)", count_word(*count)) } else { String::new() };
                match kind {
                    Harm::Stab => format!("{} stabbed{times}.", p.does(b, "are", "is")),
                    Harm::Missile => format!("{} hit by a Missile{times}.", p.does(b, "are", "is")),
                    Harm::LightWounds => format!("{} light wounds{times}.", p.does(b, "suffer", "suffers")),
                    Harm::HeavyWounds => format!("{} heavy wounds{times}.", p.does(b, "suffer", "suffers")),
                    Harm::Lightning => format!("{} struck by lightning{times}.", p.does(b, "are", "is")),
                    Harm::Fireball => format!("{} engulfed in a Fireball{times}.", p.does(b, "are", "is")),
                    Harm::FireStorm => format!("{} burned by the Fire Storm.", p.does(b, "are", "is")),
                    Harm::IceStorm => format!("{} frozen by the Ice Storm.", p.does(b, "are", "is")),
                    Harm::FingerOfDeath => format!("{} touched by the Finger of Death.", p.does(b, "are", "is")),
                }
            }
            Event::DiseaseCured { being } => format!("{} fever breaks.", cap(&p.whose(*being))),
            Event::PerfectHealth { being } => format!("{} in perfect health again.", p.does(*being, "are", "is")),
            Event::Healed { being, amount } => format!("{} {amount} point{}.", p.does(*being, "heal", "heals"), if *amount == 1 { "" } else { "s" }),
            Event::Raised { being } => format!("{} back to life!", p.does(*being, "come", "comes")),
            Event::MonsterParalysed { monster } => format!("{} is paralysed and cannot attack.", p.name(*monster)),
            Event::MonsterConfused { monster } => format!("{} looks confused.", p.name(*monster)),
            Event::MonsterAmnesiac { monster } => format!("{} looks around blankly.", p.name(*monster)),
            Event::RefusesSelf { monster } => format!("{} refuses to attack himself.", p.name(*monster)),
            Event::CannotSee { monster, target } => format!("{} cannot see {}.", p.name(*monster), p.whom(*target)),
            Event::MonsterBlocked { monster, target } => format!("{} attacks {}, but is blocked.", p.name(*monster), p.whom(*target)),
            Event::MonsterHits { monster, target, damage } => format!("{} hits {} for {damage} damage.", p.name(*monster), p.whom(*target)),
            Event::ElementalResisted { monster, target } => format!("{} washes harmlessly over {}.", p.name(*monster), p.whom(*target)),
            Event::Dies { being } => {
                if p.me(*being) {
                    "You are dead.".into()
                } else {
                    format!("{} dies.", p.name(*being))
                }
            }
            Event::WindowCloses { wizard, permanency } => format!(
                "The {} around {} dies away.",
                if *permanency { "Permanency" } else { "Delayed Effect" },
                p.whom(*wizard)
            ),
            Event::Sickens { being, poison, stage } => {
                let b = *being;
                match (poison, stage) {
                    (_, 0) => format!("{} of {}.", p.does(b, "die", "dies"), if *poison { "poison" } else { "disease" }),
                    (false, 4) => format!("{} a little feverish.", p.does(b, "feel", "looks")),
                    (false, 3) => format!("{} shivering.", p.does(b, "are", "is")),
                    (false, 2) => format!("{} deathly pale and coughing.", p.does(b, "are", "is")),
                    (false, _) => format!("{} at death's door.", p.does(b, "are", "is")),
                    (true, 4) => format!("{} a little queasy.", p.does(b, "feel", "looks")),
                    (true, 3) => format!("{} sweating.", p.does(b, "are", "is")),
                    (true, 2) => format!("{} a ghastly green.", p.does(b, "turn", "turns")),
                    (true, _) => format!("{} barely standing.", p.does(b, "are", "is")),
                }
            }
            Event::TimeStop { being, running } => {
                if *running {
                    if p.me(*being) {
                        "Everything around you stops.".into()
                    } else {
                        format!("{} accelerates into a flickering blur.", p.name(*being))
                    }
                } else {
                    format!("{} moving at normal speed.", p.does(*being, "reappear,", "reappears,"))
                }
            }
            Event::Haste { being, starting, running } => {
                let b = *being;
                if *starting {
                    format!("{} moving very quickly.", p.does(b, "begin", "begins"))
                } else if *running {
                    format!("{} still moving quickly.", p.does(b, "are", "is"))
                } else {
                    format!("{} down to normal speed.", p.does(b, "slow", "slows"))
                }
            }
            Event::Withdraws { wizard } => format!("{} left the arena, and will surrender.", p.does(*wizard, "have", "has")),
            Event::GameOver(Outcome::Draw) => "\n+++ The game is a draw +++".to_string(),
            Event::GameOver(Outcome::Winner(w)) => format!("\n+++ {} has won +++", p.name(w.index())),
        })
    }
}

fn harm_name(kind: Harm) -> &'static str {
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

fn cap(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
