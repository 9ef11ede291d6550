//! The narration tells, round by round, the events the 1993 original told.
//!
//! Every duel recorded from the original (tests/oracle, never edited) is
//! replayed through the engine; the narration's typed events of each round
//! are mapped onto the vocabulary of tests/oracle-events (copied verbatim
//! from the original's text panes, never edited; its README lists the
//! vocabulary) and compared with what the original told in that round, as
//! multisets: the order inside a round is ours. The words are not compared:
//! the sentences are our own.
//!
//! On failure the first differing round of each duel is printed, with
//! counts by kind; `ORACLE_EVENTS_ALL=1` prints every differing round.
//!
//! The mapping is [`told`], the one place that says where our events are
//! finer or coarser than the vocabulary. It names every event of every
//! family, so a new kind of event does not compile until it is placed here.

use crate::oracle_files;

use serde_json::Value;
use spellcast::engine::{
    Aim, BeingId, BeingKind, CastHand, CastingEvent, CounterEvent, CourseEvent, Duel,
    EnchantmentEvent, Event, GestureEvent, Harm, MonsterEvent, Outcome, SightSpeedEvent,
    WoundEvent,
};
use spellcast::script::{parse, play_duel};
use std::collections::BTreeMap;
use std::path::Path;

/// One event as the vocabulary writes it: `[kind, detail, who]`.
type Told = (String, Option<String>, Option<String>);

/// A being as the vocabulary names it: a wizard by name, a monster `#N`.
fn name(duel: &Duel, b: BeingId) -> String {
    let being = duel.being(b);
    match being.kind {
        BeingKind::Wizard => being.name.to_string(),
        _ => format!("#{}", being.monster_number),
    }
}

/// The vocabulary's name of a kind of monster.
fn monster_kind(kind: BeingKind) -> &'static str {
    match kind {
        BeingKind::Wizard => "Wizard",
        BeingKind::Goblin => "Goblin",
        BeingKind::Ogre => "Ogre",
        BeingKind::Troll => "Troll",
        BeingKind::Giant => "Giant",
        BeingKind::FireElemental => "Fire Elemental",
        BeingKind::IceElemental => "Ice Elemental",
    }
}

/// The spell (or Stab) a kind of harm comes from.
fn harm_name(h: Harm) -> &'static str {
    match h {
        Harm::Stab => "Stab",
        Harm::Missile => "Missile",
        Harm::LightWounds => "Cause Light Wounds",
        Harm::HeavyWounds => "Cause Heavy Wounds",
        Harm::Lightning => "Lightning Bolt",
        Harm::Fireball => "Fireball",
        Harm::Iceball => "Iceball",
        Harm::FireStorm => "Fire Storm",
        Harm::IceStorm => "Ice Storm",
        Harm::FingerOfDeath => "Finger of Death",
        // Death Match's harms never occur in the original's duels.
        Harm::MissileSwarm => "Missile Swarm",
        Harm::FrostBolt => "Frost Bolt",
        Harm::Onyx => "Onyx Beam",
        Harm::Leech => "Summon Leech",
    }
}

/// What the original would have told for one of our events: none, one or
/// several entries of the vocabulary.
fn told(duel: &Duel, e: &Event) -> Vec<Told> {
    let n = |b: BeingId| Some(name(duel, b));
    let pair = |a: BeingId, b: BeingId| Some(format!("{}>{}", name(duel, a), name(duel, b)));
    let one = |kind: &str, detail: Option<String>, who: Option<String>| {
        vec![(kind.to_string(), detail, who)]
    };
    let s = |x: &str| Some(x.to_string());
    match e {
        Event::Course(e) => match e {
            // Not told in the rounds: arrivals come before round 1, speech and a
            // display going away are not events of the duel, and headers only
            // divide the rounds.
            CourseEvent::Enters { .. }
            | CourseEvent::Speech { .. }
            | CourseEvent::Withdraws { .. }
            | CourseEvent::TurnHeader { .. } => vec![],
            CourseEvent::Surrenders { wizard } => one("surrenders", None, n(*wizard)),
            CourseEvent::GameOver(Outcome::Winner(w)) => one("wins", None, n((*w).into())),
            CourseEvent::GameOver(Outcome::Draw) => one("draw", None, None),
        },
        Event::Gesture(e) => match e {
            // Told to that wizard alone; the original tells them to nobody.
            GestureEvent::TwoStabs { .. } => vec![],
            GestureEvent::Amnesiac {
                wizard,
                left,
                right,
            } => one(
                "amnesiac-repeat",
                Some(format!("left {}/right {}", left.name(), right.name())),
                n(*wizard),
            ),
            GestureEvent::Confused {
                wizard,
                hand,
                gesture,
            } => one(
                "confused-gesture",
                Some(format!("{} {}", hand.name(), gesture.name())),
                n(*wizard),
            ),
            GestureEvent::Charmed {
                wizard,
                hand,
                gesture,
            } => one(
                "charmed-gesture",
                Some(format!("{} {}", hand.name(), gesture.name())),
                n(*wizard),
            ),
            GestureEvent::Afraid { wizard, changed } => {
                let hands = match changed {
                    [true, true] => "both",
                    [true, false] => "left",
                    [false, true] => "right",
                    [false, false] => "none",
                };
                one("fear-hands", s(hands), n(*wizard))
            }
            GestureEvent::Frozen {
                wizard,
                hand,
                gesture,
            } => one(
                "frozen-hand",
                Some(format!("{} {}", hand.name(), gesture.name())),
                n(*wizard),
            ),
        },
        Event::Casting(e) => match e {
            CastingEvent::MadePermanent { .. } => vec![],
            // Death Match's announced claps; the original has none.
            CastingEvent::Announced { wizard, spell, .. } => {
                one("announced", s(spell.name()), n(*wizard))
            }
            // Gesticulation's `delay` answer; the original has none.
            CastingEvent::NotBanked { wizard, spell } => {
                one("not-banked", s(spell.name()), n(*wizard))
            }
            CastingEvent::Banked {
                wizard,
                spell,
                lost,
            } => {
                let mut out = one("banked", s(spell.name()), n(*wizard));
                if let Some(l) = lost {
                    out.extend(one("banked-lost", s(l.name()), n(*wizard)));
                }
                out
            }
            CastingEvent::Casts(c) => {
                let target = match c.aim {
                    Aim::Nobody => "nobody".to_string(),
                    Aim::Arena => "arena".to_string(),
                    Aim::At(t) => name(duel, t),
                    Aim::NewMonster(n) => format!("#{n}"),
                    Aim::Delay => "delay".to_string(),
                };
                let kind = if c.hand == CastHand::Delayed {
                    "release"
                } else {
                    "cast"
                };
                let spell = if c.permanent {
                    format!("Permanent {}", c.spell.name())
                } else {
                    c.spell.name().to_string()
                };
                one(
                    kind,
                    Some(spell),
                    Some(format!("{}>{target}", name(duel, c.caster))),
                )
            }
            CastingEvent::GoesWild {
                caster,
                target,
                spell,
            } => one("goes-wild", s(spell.name()), pair(*caster, *target)),
        },
        Event::Counter(e) => match e {
            CounterEvent::MagicFades => one("magic-fades", None, None),
            CounterEvent::TornApart { being } => one("torn-apart", None, n(*being)),
            CounterEvent::CounterDispelled { being } => {
                one("dispelled-on", s("Counter-spell"), n(*being))
            }
            CounterEvent::MirrorDispelled { being } => {
                one("dispelled-on", s("Magic Mirror"), n(*being))
            }
            // Finer: ours says in the same event that the Counter-spell broke a
            // mirror; the vocabulary tells that apart.
            CounterEvent::CounterFlares { being, mirror_lost } => {
                let mut out = one("counter-spell", None, n(*being));
                if *mirror_lost {
                    out.extend(one("mirror-shattered", None, n(*being)));
                }
                out
            }
            CounterEvent::MirrorSwirls { being } => one("effect", s("Magic Mirror"), n(*being)),
            CounterEvent::Dispelled { cast } => one("dispelled", s(cast.spell.name()), None),
            // The vocabulary names the being the Counter-spell guards.
            CounterEvent::Countered { cast, target } => {
                one("countered", s(cast.spell.name()), n(*target))
            }
            CounterEvent::ShortBoltSpent { wizard } => one("short-bolt-spent", None, n(*wizard)),
            CounterEvent::MirrorsBounce { cast, .. } => {
                one("bounces", s(cast.spell.name()), n(cast.caster))
            }
            CounterEvent::Reflected { cast, mirror } => one(
                "reflected",
                s(cast.spell.name()),
                pair(cast.caster, *mirror),
            ),
            CounterEvent::StormsCancel => one("storms-cancel", None, None),
            // The vocabulary has no kind of its own for these (no recorded
            // duel meets them); the nearest is two spells cancelling.
            CounterEvent::LifeAndDeathCancel { being } => {
                one("mind-clash", s("Finger of Death+Raise Dead"), n(*being))
            }
            CounterEvent::Steam { being } => one("steam", s("Fireball"), n(*being)),
            CounterEvent::Meltwater { being } => one("steam", s("Iceball"), n(*being)),
            // Coarser: ours counts each spell; the vocabulary lists it that
            // many times, sorted, joined by `+`.
            CounterEvent::MindsClash { being, counts } => {
                let mut names: Vec<&str> = counts
                    .iter()
                    .flat_map(|&(sp, k)| std::iter::repeat_n(sp.name(), usize::from(k)))
                    .collect();
                names.sort_unstable();
                one("mind-clash", Some(names.join("+")), n(*being))
            }
        },
        Event::Monster(e) => match e {
            MonsterEvent::Summoned { monster, owner } => one(
                "summoned",
                s(monster_kind(duel.being(*monster).kind)),
                n(*owner),
            ),
            MonsterEvent::ElementalsMerge { fire, .. } => one(
                "elementals-merge",
                s(if *fire {
                    "Fire Elemental"
                } else {
                    "Ice Elemental"
                }),
                None,
            ),
            MonsterEvent::ElementalGone { monster } => one(
                "elemental-gone",
                s(monster_kind(duel.being(*monster).kind)),
                None,
            ),
            MonsterEvent::MonsterDestroyed { monster } => {
                one("monster-destroyed", None, n(*monster))
            }
            MonsterEvent::MonsterCharmed { monster, owner } => {
                one("effect", s("Charm Monster"), pair(*monster, *owner))
            }
            MonsterEvent::MonsterParalysed { monster } => {
                one("monster-paralysed", None, n(*monster))
            }
            // No recorded duel confuses a monster; named after its siblings.
            MonsterEvent::MonsterConfused { monster } => one("monster-confused", None, n(*monster)),
            MonsterEvent::MonsterAmnesiac { monster } => one("monster-amnesiac", None, n(*monster)),
            MonsterEvent::RefusesSelf { monster } => one("monster-refuses", None, n(*monster)),
            MonsterEvent::CannotSee { monster, target } => {
                one("monster-cannot-see", None, pair(*monster, *target))
            }
            MonsterEvent::MonsterBlocked { monster, target } => {
                one("monster-blocked", None, pair(*monster, *target))
            }
            MonsterEvent::MonsterHits {
                monster, target, ..
            } => one("monster-hits", None, pair(*monster, *target)),
            MonsterEvent::ElementalResisted { monster, target } => {
                one("monster-resisted", None, pair(*monster, *target))
            }
        },
        Event::Enchantment(e) => match e {
            EnchantmentEvent::Resists { being, heat, again } => one(
                if *again { "still" } else { "effect" },
                s(if *heat { "Resist Heat" } else { "Resist Cold" }),
                n(*being),
            ),
            EnchantmentEvent::Protected { being, again } => one(
                if *again { "still" } else { "effect" },
                s("Protection from Evil"),
                n(*being),
            ),
            EnchantmentEvent::ProtectionFading { being, left } => one(
                if *left == 0 { "last-turn" } else { "fading" },
                s("Protection from Evil"),
                n(*being),
            ),
            EnchantmentEvent::ControlFizzles { being, spell } => {
                one("no-effect", s(spell.name()), n(*being))
            }
            // Finer: ours names the hand seized; the vocabulary only tells the
            // spell taking hold.
            EnchantmentEvent::ParalysisHand { wizard, .. } => {
                one("effect", s("Paralysis"), n(*wizard))
            }
            EnchantmentEvent::CharmHand { wizard, .. } => {
                one("effect", s("Charm Person"), n(*wizard))
            }
            EnchantmentEvent::NoEffect { being, spell } => {
                one("no-effect", s(spell.name()), n(*being))
            }
            EnchantmentEvent::Enchanted { being, spell } => {
                one("effect", s(spell.name()), n(*being))
            }
            EnchantmentEvent::StillEnchanted { being } => one("still-permanent", None, n(*being)),
            EnchantmentEvent::Diseased { being } => one("effect", s("Disease"), n(*being)),
            EnchantmentEvent::Poisoned { being } => one("effect", s("Poison"), n(*being)),
            // Coarser: Remove Enchantment taking hold is one event, and each
            // enchantment it ends another, as in the vocabulary.
            EnchantmentEvent::EnchantmentsRemoved { being } => {
                one("effect", s("Remove Enchantment"), n(*being))
            }
            EnchantmentEvent::EnchantmentEnds { being, spell } => {
                one("ends", s(spell.name()), n(*being))
            }
            EnchantmentEvent::BankLost { wizard, spell } => {
                one("banked-lost", s(spell.name()), n(*wizard))
            }
            EnchantmentEvent::AntiSpellFizzles { wizard } => {
                one("anti-spell-fizzles", None, n(*wizard))
            }
            EnchantmentEvent::WindowCloses { wizard, permanency } => one(
                "window-closes",
                s(if *permanency {
                    "Permanency"
                } else {
                    "Delayed Effect"
                }),
                n(*wizard),
            ),
        },
        Event::SightSpeed(e) => match e {
            SightSpeedEvent::Blinded { being, again } => one(
                if *again { "still" } else { "effect" },
                s("Blindness"),
                n(*being),
            ),
            SightSpeedEvent::SightReturns { being } => one("ends", s("Blindness"), n(*being)),
            SightSpeedEvent::Vanishes { being, again } => one(
                if *again { "still" } else { "effect" },
                s("Invisibility"),
                n(*being),
            ),
            SightSpeedEvent::Reappears { being } => one("ends", s("Invisibility"), n(*being)),
            SightSpeedEvent::HasteEnds { being, nulled } => one(
                if *nulled {
                    "haste-nulled"
                } else {
                    "haste-ends"
                },
                None,
                n(*being),
            ),
            SightSpeedEvent::TimeStop { being, running } => one(
                if *running {
                    "time-stop-runs"
                } else {
                    "time-stop-ends"
                },
                None,
                n(*being),
            ),
            SightSpeedEvent::Haste {
                being,
                starting,
                running,
            } => one(
                if *starting {
                    "haste-starts"
                } else if *running {
                    "haste-runs"
                } else {
                    "haste-ends"
                },
                None,
                n(*being),
            ),
        },
        Event::Wound(e) => match e {
            WoundEvent::CorpseDestroyed { being } => one("corpse-destroyed", None, n(*being)),
            WoundEvent::Blocked { being, kind } => one("blocked", s(harm_name(*kind)), n(*being)),
            // Coarser: one event for a wound dealt several times; the
            // vocabulary writes the count after the name.
            WoundEvent::Hurt { being, kind, count } => {
                let detail = match count {
                    1 => harm_name(*kind).to_string(),
                    k => format!("{} x{k}", harm_name(*kind)),
                };
                one("hurt", Some(detail), n(*being))
            }
            WoundEvent::DiseaseCured { being } => one("ends", s("Disease"), n(*being)),
            WoundEvent::PerfectHealth { being } => one("perfect-health", None, n(*being)),
            WoundEvent::Healed { being, spell } => one("heal", s(spell.name()), n(*being)),
            WoundEvent::Raised { being } => one("raised", None, n(*being)),
            WoundEvent::Dies { being } => one("dies", None, n(*being)),
            WoundEvent::Sickens {
                being,
                poison,
                stage,
            } => one(
                "sickness",
                Some(format!(
                    "{} {stage}",
                    if *poison { "Poison" } else { "Disease" }
                )),
                n(*being),
            ),
        },
    }
}

/// Our narration of each round, as sorted lists of the vocabulary's events.
/// A round starts with its header; what comes before round 1 (arrivals) is
/// not a round's.
fn our_rounds(duel: &Duel) -> Vec<Vec<Told>> {
    let mut rounds: Vec<Vec<Told>> = Vec::new();
    for e in duel.events() {
        if matches!(e, Event::Course(CourseEvent::TurnHeader { .. })) {
            rounds.push(Vec::new());
        } else if let Some(round) = rounds.last_mut() {
            round.extend(told(duel, e));
        }
    }
    for r in &mut rounds {
        r.sort();
    }
    rounds
}

/// The original's narration of each round, sorted likewise.
fn oracle_rounds(events: &Value) -> Vec<Vec<Told>> {
    let text = |v: &Value| v.as_str().map(String::from);
    events["rounds"]
        .as_array()
        .expect("rounds")
        .iter()
        .map(|r| {
            let mut round: Vec<Told> = r
                .as_array()
                .expect("a round is a list")
                .iter()
                .map(|e| (text(&e[0]).expect("a kind"), text(&e[1]), text(&e[2])))
                .collect();
            round.sort();
            round
        })
        .collect()
}

/// `a` less `b`, as multisets of sorted lists.
fn minus(a: &[Told], b: &[Told]) -> Vec<Told> {
    let mut rest = b.to_vec();
    a.iter()
        .filter(|x| match rest.iter().position(|y| y == *x) {
            Some(i) => {
                rest.remove(i);
                false
            }
            None => true,
        })
        .cloned()
        .collect()
}

#[test]
fn each_round_tells_the_events_the_original_told() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = manifest.join("tests/oracle-events");
    let files = oracle_files::duel_files(&root);
    let (mut duels, mut duels_matched, mut rounds, mut rounds_matched) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    let mut missing: BTreeMap<String, usize> = BTreeMap::new();
    let mut extra: BTreeMap<String, usize> = BTreeMap::new();
    for path in files.iter().filter(|p| !p.ends_with("README.md")) {
        let relative = path.strip_prefix(&root).expect("under the root");
        let read = |p: &Path| -> Value {
            serde_json::from_str(&std::fs::read_to_string(p).expect("readable")).expect("JSON")
        };
        let expected = oracle_rounds(&read(path));
        let recorded = read(&manifest.join("tests/oracle").join(relative));
        let script_text = recorded["script"].to_string();
        let script = parse(&script_text).expect("the script parses");
        let duel = play_duel(&script, None).expect("the script plays");
        let ours = our_rounds(&duel);
        duels += 1;
        let mut first = None;
        for (i, want) in expected.iter().enumerate() {
            rounds += 1;
            let got = ours.get(i).cloned().unwrap_or_default();
            let (lacking, surplus) = (minus(want, &got), minus(&got, want));
            if lacking.is_empty() && surplus.is_empty() {
                rounds_matched += 1;
                continue;
            }
            for (kind, _, _) in &lacking {
                *missing.entry(kind.clone()).or_default() += 1;
            }
            for (kind, _, _) in &surplus {
                *extra.entry(kind.clone()).or_default() += 1;
            }
            let line = format!(
                "{}: round {i}: missing {lacking:?}, extra {surplus:?}",
                relative.display()
            );
            if std::env::var_os("ORACLE_EVENTS_ALL").is_some() {
                println!("{line}");
            }
            first.get_or_insert(line);
        }
        if ours.len() > expected.len() {
            first.get_or_insert(format!(
                "{}: {} rounds narrated, the original played {}",
                relative.display(),
                ours.len(),
                expected.len()
            ));
        }
        match first {
            None => duels_matched += 1,
            Some(f) => failures.push(f),
        }
    }
    for f in &failures {
        println!("{f}");
    }
    println!("missing by kind: {missing:?}");
    println!("extra by kind: {extra:?}");
    println!("{duels_matched}/{duels} duels, {rounds_matched}/{rounds} rounds tell the original's events");
    assert!(
        duels >= 438,
        "the recorded events are missing ({duels} found)"
    );
    assert!(
        failures.is_empty(),
        "{} duels tell other events than the original",
        failures.len()
    );
}
