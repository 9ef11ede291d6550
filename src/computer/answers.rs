//! The baseline's answers to every question the engine asks (its steps 7
//! and 8, see `easy.rs`, and the answers for the other questions):
//! targets, which spell, monsters, paralysis and charm hands, the charm
//! gesture, the elemental, and the Delayed Effect / Permanency choices.

use super::analysis::{completes_last_row, resists, Analysis};
use super::progress::Instance;
use super::table::{self, Aim, Element, Family, FULL_BOOK};
use super::threats;
use super::view_ext::{BeingExt, ViewExt};
use crate::engine::{
    BeingId, BeingKind, BeingView, Choice, Gesture, Hand, Question, QuestionKind, RuleSet, Spell,
    View,
};

/// The menu choice naming being `id` (a wizard's player id names his being).
fn being(id: impl Into<BeingId>) -> Choice {
    Choice::Being(id.into())
}

/// Damage booked on a monster a Charm Monster takes: more than any monster
/// has hit points, so no other spell or monster is sent after it.
const CHARMED: i32 = i32::MAX / 4;

/// Hit points at or below which a banked cure is released at once (two
/// thirds of a wizard's 15): below it the cure is needed now, above it the
/// bank is worth more kept.
const RELEASE_CURE_AT: i32 = 10;

/// The option of `q` equal to `want`, else its default (or first) option.
fn pick(q: &Question, want: Choice) -> usize {
    q.options
        .iter()
        .position(|o| *o == want)
        .unwrap_or_else(|| q.fallback())
}

/// One answer (an option index) per open question of the seat, in order.
pub fn answer_all(pos: &View, a: &Analysis) -> Vec<usize> {
    let mut assigned: Vec<(BeingId, i32)> = Vec::new();
    let orders = monster_orders(pos, a);
    let attacking_enemy = pos.questions.iter().any(|q| match q.kind {
        QuestionKind::Target { spell, .. } => table::entry(spell).aim == Aim::Enemy,
        _ => false,
    });
    let mut mind_at: Vec<Choice> = Vec::new();
    pos.questions
        .iter()
        .map(|q| match &q.kind {
            QuestionKind::Target { spell, .. } => {
                let mut to = target(pos, a, *spell, attacking_enemy, &mut assigned);
                if spell.is_mind_spell() {
                    // A second mind spell on the same wizard would cancel the first.
                    if mind_at.contains(&to) && to != Choice::Nobody {
                        to = Choice::Nobody;
                    }
                    mind_at.push(to);
                }
                pick(q, to)
            }
            QuestionKind::SpellChoice { hand } => spell_to_cast(pos, a, q, *hand),
            QuestionKind::Delay | QuestionKind::Permanent => best_spell(q),
            QuestionKind::Monster { monster, .. } => {
                let to = orders.iter().find(|(m, _)| m == monster).map(|(_, t)| *t);
                to.map_or_else(|| q.fallback(), |t| pick(q, being(t)))
            }
            QuestionKind::Elemental => pick(q, Choice::Fire(elemental_is_fire(pos, a))),
            QuestionKind::ParalyzeHand { victim, .. } | QuestionKind::CharmHand { victim } => {
                pick(q, Choice::Hand(hand_to_seize(pos, a, *victim)))
            }
            QuestionKind::CharmGesture { .. } => pick(q, Choice::Gesture(Gesture::Nothing)),
            QuestionKind::Announce => announce(pos, a, q),
            QuestionKind::ResistCharm { .. } => pick(q, Choice::Yes(resist_charm(pos, a))),
            QuestionKind::Release { spell } => {
                let row = table::entry(*spell);
                let hurt = pos.wizard(a.me).is_some_and(|b| b.hp <= RELEASE_CURE_AT);
                let now = row.aim == Aim::Enemy || (row.family == Family::Cure && hurt);
                pick(q, Choice::Yes(now))
            }
        })
        .collect()
}

/// Step 7: whom a spell the bot completes is aimed at.
fn target(
    pos: &View,
    a: &Analysis,
    spell: Spell,
    attacking: bool,
    assigned: &mut Vec<(BeingId, i32)>,
) -> Choice {
    let me = being(a.me);
    let enemy = a.enemy.map_or(Choice::Nobody, being);
    let row = table::entry_in(pos.rules, spell);
    let predicted_now = |ok: &dyn Fn(Spell) -> bool| {
        a.predicted
            .iter()
            .flatten()
            .any(|t| t.instance.ttc == 1 && ok(t.instance.spell))
    };
    let enemy_hp = a
        .enemy
        .and_then(|e| pos.wizard(e))
        .map_or(i32::MAX, |b| b.hp);
    if table::is_counter_spell(spell) {
        // Block a summons the enemy aims at himself, unless that would block our own attack.
        let summons = predicted_now(&|s| table::entry(s).family == Family::Summon);
        return if summons && !attacking { enemy } else { me };
    }
    if spell == Spell::CharmMonster {
        return strongest_enemy_monster(pos, a, assigned).map_or(Choice::Nobody, being);
    }
    if row.family == Family::Damage || spell == Spell::Stab {
        let damage = if spell == Spell::Stab { 1 } else { row.damage };
        if damage >= enemy_hp {
            return enemy;
        }
        return finishable_monster(pos, a, damage, assigned).map_or(enemy, being);
    }
    if spell.is_mind_spell() && predicted_now(&|s| s.is_mind_spell() && s != Spell::Paralysis) {
        // Two mind spells on one wizard cancel: take the enemy's on ourselves.
        return me;
    }
    match row.aim {
        Aim::Caster => me,
        Aim::Enemy | Aim::EnemyMonster => enemy,
        Aim::Nobody => Choice::Nobody,
    }
}

/// Enemy monsters (and elementals the bot does not resist), weakest first.
fn enemy_monsters<'a>(pos: &'a View, a: &Analysis) -> Vec<&'a BeingView> {
    let mut list: Vec<_> = pos
        .beings
        .iter()
        .filter(|b| b.kind != BeingKind::Wizard && b.controller != Some(a.me))
        .filter(|b| match b.kind {
            BeingKind::FireElemental => !resists(pos, a.me, Element::Fire),
            BeingKind::IceElemental => !resists(pos, a.me, Element::Cold),
            _ => true,
        })
        .collect();
    list.sort_by_key(|b| b.hp);
    list
}

fn already(assigned: &[(BeingId, i32)], id: BeingId) -> i32 {
    assigned
        .iter()
        .filter(|(b, _)| *b == id)
        .map(|(_, d)| d)
        .sum()
}

/// The strongest uncontrolled monster `damage` finishes off (damage is booked).
fn finishable_monster(
    pos: &View,
    a: &Analysis,
    damage: i32,
    assigned: &mut Vec<(BeingId, i32)>,
) -> Option<BeingId> {
    let target = enemy_monsters(pos, a)
        .into_iter()
        .filter(|b| !b.kind.is_elemental())
        .filter(|b| {
            let left = b.hp - already(assigned, b.id);
            left > 0 && left <= damage
        })
        .max_by_key(|b| b.attack())?;
    assigned.push((target.id, damage));
    Some(target.id)
}

/// The strongest enemy monster not already doomed; it will be ours.
fn strongest_enemy_monster(
    pos: &View,
    a: &Analysis,
    assigned: &mut Vec<(BeingId, i32)>,
) -> Option<BeingId> {
    let target = enemy_monsters(pos, a)
        .into_iter()
        .filter(|b| !b.kind.is_elemental() && already(assigned, b.id) < b.hp)
        .max_by_key(|b| b.attack())?;
    assigned.push((target.id, CHARMED));
    Some(target.id)
}

/// Step 8: the target of each own monster. Weakest monsters pick first; each
/// takes the weakest enemy monster still standing, unless it would overkill
/// it while the monsters still to come could finish it. If the monsters
/// together can kill the enemy wizard, they all go for him.
fn monster_orders(pos: &View, a: &Analysis) -> Vec<(BeingId, BeingId)> {
    let Some(enemy_wizard) = a.enemy else {
        return Vec::new();
    };
    let enemy = BeingId::from(enemy_wizard);
    let mut own: Vec<_> = pos
        .monsters_of(a.me)
        .filter(|b| !b.kind.is_elemental())
        .collect();
    own.sort_by_key(|b| b.attack());
    let total: i32 = own.iter().map(|b| b.attack()).sum();
    let enemy_hp = pos.wizard(enemy_wizard).map_or(i32::MAX, |b| b.hp);
    let foes = enemy_monsters(pos, a);
    if foes.is_empty() || total >= enemy_hp {
        return own.iter().map(|m| (m.id, enemy)).collect();
    }
    let mut assigned: Vec<(BeingId, i32)> = Vec::new();
    let mut unassigned = total;
    let mut out = Vec::new();
    for m in own {
        unassigned -= m.attack();
        let mut to = enemy;
        for f in &foes {
            let left = f.hp - already(&assigned, f.id);
            if left <= 0 || (m.attack() > left && unassigned >= left) {
                continue;
            }
            assigned.push((f.id, m.attack()));
            to = f.id;
            break;
        }
        out.push((m.id, to));
    }
    out
}

/// Fire unless ice serves better: an element the bot resists (or will within
/// a turn) and the enemy does not.
fn elemental_is_fire(pos: &View, a: &Analysis) -> bool {
    let value = |el: Element| {
        let soon = a
            .own
            .iter()
            .any(|x| x.spell == table::resist_for(el) && x.possible() && x.ttc <= 1);
        let ours = resists(pos, a.me, el) || soon;
        let theirs = a.enemy.is_some_and(|e| resists(pos, e, el));
        2 * ours as i32 + !theirs as i32
    };
    value(Element::Fire) >= value(Element::Cold)
}

/// The hand to paralyse or charm: the victim's more dangerous hand, or, on
/// ourselves (a reflected spell), the hand whose best plan is worth less.
fn hand_to_seize(pos: &View, a: &Analysis, victim: BeingId) -> Hand {
    if victim == BeingId::from(a.me) {
        let best = |h: Hand| {
            a.own
                .iter()
                .find(|x| x.hand == h && x.possible())
                .map_or(i32::MIN, |x| x.priority)
        };
        return if best(Hand::Right) < best(Hand::Left) {
            Hand::Right
        } else {
            Hand::Left
        };
    }
    if a.enemy.map(BeingId::from) == Some(victim) || victim.index() >= pos.gestures.len() {
        return a.danger_hand();
    }
    Analysis::against(pos, a.me, victim.as_player(), FULL_BOOK).danger_hand()
}

/// Death Match's announcement for a two-handed clap: a clap spell that
/// stops an enemy blow on the turn it lands (a Magic Mirror begun against
/// a Fireball: only the announced spell can grow from the clap, so a
/// mirror left unannounced is no mirror), else the one the bot's own list
/// rates best now (each has just made its opening clap), so the spell it
/// pursues is the one that can grow from the clap.
fn announce(pos: &View, a: &Analysis, q: &Question) -> usize {
    let offered = |spell: Spell| {
        q.options
            .iter()
            .position(|o| matches!(o, Choice::Spell { spell: s, .. } if *s == spell))
    };
    let begun = || a.own.iter().filter(|x| x.possible() && x.progress >= 1);
    begun()
        .filter(|x| threats::answers_a_blow(pos, a, x))
        .find_map(|x| offered(x.spell))
        .or_else(|| begun().find_map(|x| offered(x.spell)))
        .unwrap_or_else(|| q.fallback())
}

/// Hit points from which the bot pays Death Match's price to resist a charm.
const RESIST_CHARM_FROM: i32 = 10;

/// Whether to resist a charm (Death Match: 3 damage): when healthy and a
/// spell of two or more gestures is under way that a charmed hand would break.
fn resist_charm(pos: &View, a: &Analysis) -> bool {
    let hp = pos.wizard(a.me).map_or(0, |b| b.hp);
    let cost = pos.rules.charm_resist_cost().unwrap_or(i32::MAX);
    let under_way = a
        .own
        .iter()
        .any(|x| x.possible() && x.progress >= 2 && x.priority > 0);
    hp >= RESIST_CHARM_FROM.max(cost + 1) && under_way
}

/// Which of the spells one hand completed to cast: a blow that kills the
/// enemy at his hit points (a storm only when its caster outlives it),
/// never a storm that kills its own caster while another spell is offered
/// (a storm strikes "everything not resistant", its caster too: the hand
/// that ends c-W-W-S also ends Death Match's W-W-S, and the Goblin is the
/// better cast for a wizard the storm would kill); then a spell that stops
/// one of the enemy's blows as it lands (W-W-F-P also ends W-F-P: the
/// Resist Heat, not the Cause Light Wounds, when a Fire Storm is one
/// gesture off); then an elemental of the element that serves (see
/// [`elemental_is_fire`]), a bolt of an element the enemy does not
/// resist, else the highest base priority.
fn spell_to_cast(pos: &View, a: &Analysis, q: &Question, hand: Hand) -> usize {
    let fire = elemental_is_fire(pos, a);
    let enemy_resists = |el| element_stopped(pos, a, el);
    let hp_of = |p: Option<crate::engine::PlayerId>| p.and_then(|p| pos.wizard(p)).map(|w| w.hp);
    let (my_hp, their_hp) = (hp_of(Some(a.me)), hp_of(a.enemy));
    q.options
        .iter()
        .enumerate()
        .filter_map(|(i, o)| match o {
            Choice::Spell { spell, .. } if *spell != Spell::Surrender => {
                let row = table::entry_in(pos.rules, *spell);
                let element = table::element(*spell);
                let storm = row.family == Family::Storm;
                let kills_me = storm
                    && my_hp.is_some_and(|hp| row.damage >= hp)
                    && !element.is_some_and(|el| resists(pos, a.me, el));
                let hits_enemy = matches!(row.family, Family::Damage | Family::Storm)
                    && !element.is_some_and(|el| {
                        if storm {
                            a.enemy.is_some_and(|e| resists(pos, e, el))
                        } else {
                            enemy_resists(el)
                        }
                    });
                let kills = !kills_me
                    && (*spell == Spell::FingerOfDeath
                        || (hits_enemy && their_hp.is_some_and(|hp| row.damage >= hp)));
                let length = pos.rules.info(*spell).steps().count() as i32;
                let cast_now = Instance {
                    spell: *spell,
                    hand,
                    length,
                    ttc: 0,
                    progress: length,
                    next: Gesture::Nothing,
                    next_both: false,
                    priority: 0,
                    rules: pos.rules,
                };
                let answers = threats::answers_a_blow(pos, a, &cast_now);
                let suits = match (element, row.family) {
                    (Some(el), Family::Elemental) => (el == Element::Fire) == fire,
                    (Some(el), _) if row.aim == Aim::Enemy => !element_likely_stopped(pos, a, el),
                    _ => true,
                };
                Some((
                    (kills, !kills_me, answers),
                    suits,
                    row.base,
                    row.rank,
                    std::cmp::Reverse(i),
                    i,
                ))
            }
            _ => None,
        })
        .max()
        .map_or_else(|| q.fallback(), |t| t.5)
}

/// Whether a bolt of `element` aimed at the enemy now is stopped by what
/// the seat has seen: his resistance standing, or, once this turn's
/// gestures are shown, completed on his row or (where the book spares a
/// bolt's subject from the opposite storm of the same turn) the opposite
/// storm completed on either wizard's row. The shown row is read only in a
/// book where one hand can complete bolts of both elements (see
/// [`bolts_share_a_hand`]).
fn element_stopped(pos: &View, a: &Analysis, element: Element) -> bool {
    let Some(enemy) = a.enemy else {
        return false;
    };
    if !bolts_share_a_hand(pos.rules) {
        return resists(pos, enemy, element);
    }
    let shown = !pos.before_reveal;
    resists(pos, enemy, element)
        || (shown && completes_last_row(pos, enemy, table::resist_for(element)))
        || (shown
            && pos.rules.storm_spares_bolt_subject()
            && [enemy, a.me]
                .into_iter()
                .any(|p| completes_last_row(pos, p, opposite_storm(element))))
}

/// Whether such a bolt is likely stopped: [`element_stopped`], or, before
/// the reveal, the enemy one gesture from that resistance or storm. A
/// player who has learned the game expects the gesture, so between two
/// spells that serve alike (Gesticulation's Fireball and Iceball, one
/// F-S-S-D-D) he casts the other element; he does not give up a killing
/// spell for a lesser one on that guess alone.
fn element_likely_stopped(pos: &View, a: &Analysis, element: Element) -> bool {
    let one_off = |spell: Spell| {
        a.theirs
            .iter()
            .any(|x| x.spell == spell && x.possible() && x.ttc == 1)
    };
    element_stopped(pos, a, element)
        || (pos.before_reveal
            && bolts_share_a_hand(pos.rules)
            && (one_off(table::resist_for(element))
                || (pos.rules.storm_spares_bolt_subject() && one_off(opposite_storm(element)))))
}

/// Whether two of the book's bolts of opposite elements end one sequence
/// (Gesticulation's Fireball and Iceball), so that one hand chooses the
/// element. Elsewhere (the original's one bolt, Death Match's Fireball and
/// Frost Bolt on sequences of their own) the alternative to a bolt is a
/// lesser spell, and a bolt is given up only for a resistance standing:
/// reading the shown row and the enemy's next gesture there too made
/// Death Match's play no better (400 duels against two development
/// players, tests/bench/README.md).
fn bolts_share_a_hand(rules: &RuleSet) -> bool {
    rules.bolts.iter().any(|x| {
        rules.bolts.iter().any(|y| {
            x.cold != y.cold && rules.info(x.spell).steps().eq(rules.info(y.spell).steps())
        })
    })
}

/// The storm that cancels `element`'s.
fn opposite_storm(element: Element) -> Spell {
    match element {
        Element::Fire => Spell::IceStorm,
        Element::Cold => Spell::FireStorm,
    }
}

/// Among spell options, the one with the highest base priority (rank breaks ties).
fn best_spell(q: &Question) -> usize {
    q.options
        .iter()
        .enumerate()
        .filter_map(|(i, o)| match o {
            Choice::Spell { spell, .. } if *spell != Spell::Surrender => {
                let row = table::entry(*spell);
                Some((row.base, row.rank, std::cmp::Reverse(i), i))
            }
            _ => None,
        })
        .max()
        .map_or_else(|| q.fallback(), |t| t.3)
}

#[cfg(test)]
mod tests {
    use super::bolts_share_a_hand;
    use crate::engine::RuleSet;

    /// spellcast-rules(7): Gesticulation's Iceball is cast with Fireball's
    /// gestures; the original has one bolt, Death Match's Frost Bolt its
    /// own sequence.
    #[test]
    fn only_gesticulation_ends_two_bolts_on_one_sequence() {
        let book = |name| RuleSet::by_name(name).expect("a listed book");
        assert!(bolts_share_a_hand(book("gesticulation")));
        assert!(!bolts_share_a_hand(book("spellcast")));
        assert!(!bolts_share_a_hand(book("deathmatch")));
    }
}
