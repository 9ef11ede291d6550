//! The positions, built from the rules: for each blow of a book, the enemy
//! one or two gestures from it with the victim's hit points low enough that
//! it kills, and the victim either with nothing under way or partway
//! through one answer (in either hand, timed to stand the turn the blow
//! lands, or a turn early). The saving moves are what the matcher says
//! of the victim's gestures; the engine is asked only to confirm that the
//! position is what was built (the blow, unanswered, kills) and whether it
//! agrees that each saving move saves.

use super::matcher::{self, Row};
use super::rules::{self, Blow, Harm, Timing};
use spellcast::engine::{
    Choice, Duel, Gesture, Hand, PlayerId, PlayerSpec, QuestionKind, RuleSet, Spell,
};

/// One position: the victim (`defender`) to move.
pub struct Position {
    pub name: String,
    pub duel: Duel,
    pub defender: usize,
    pub blow: Spell,
    /// The moves that save, from the rules.
    pub saves: Vec<Row>,
    /// Saving moves the engine does not let save (a disagreement to look into).
    pub disputed: Vec<Row>,
    /// The enemy's moves from this turn to the one the blow lands.
    pub enemy_moves: Vec<Row>,
}

/// The victim's answer under way: which spell, how many turns early
/// (0: it stands the turn the blow lands), in which hand.
#[derive(Debug, Clone, Copy)]
struct Setup {
    answer: Spell,
    early: usize,
    hand: Hand,
}

const NOTHING: Row = [Gesture::Nothing, Gesture::Nothing];

fn hand_name(h: Hand) -> &'static str {
    match h {
        Hand::Left => "left",
        Hand::Right => "right",
    }
}

/// Lays `spell`'s steps into `rows` (in `hand`) so its last step falls on
/// index `end`; steps at or after `limit` are not laid (not yet made).
fn lay(book: &RuleSet, spell: Spell, hand: Hand, end: usize, limit: usize, rows: &mut [Row]) {
    let steps: Vec<(Gesture, bool)> = book.info(spell).steps().collect();
    let first = end + 1 - steps.len();
    for (i, (g, both)) in steps.into_iter().enumerate() {
        let t = first + i;
        if t < limit && t < rows.len() {
            rows[t][hand.index()] = g;
            if both {
                rows[t][hand.other().index()] = g;
            }
        }
    }
}

/// The hit points to leave the victim at: the blow must kill.
fn hit_points(book: &RuleSet, blow: &Blow) -> Vec<i32> {
    let full = rules::hit_points(book);
    let mut out = match blow.harm {
        Harm::Kills => vec![full, 6],
        Harm::Points(p) => vec![p, (p - 2).max(2)],
    };
    out.dedup();
    out
}

/// The answer (and the blow) each wizard casts when a hand completes
/// several spells or a clap must be announced, and where it aims them: an
/// answer at the wizard himself, the blow at the other wizard. Every other
/// question takes its pre-filled answer.
fn choose(duel: &Duel, p: PlayerId, wants: &[Spell]) -> Vec<usize> {
    let mut out = duel.default_answers(p);
    let wanted = |spell: &Spell| wants.iter().any(|w| w.canonical() == spell.canonical());
    let other = PlayerId::new(1 - p.index());
    for (i, q) in duel.open_questions(p).iter().enumerate() {
        let pick = match &q.kind {
            QuestionKind::SpellChoice { .. } | QuestionKind::Announce => q
                .options
                .iter()
                .position(|o| matches!(o, Choice::Spell { spell, .. } if wanted(spell))),
            QuestionKind::Target { spell, .. } if wanted(spell) => {
                let at = if rules::aims_at_caster(*spell) {
                    p
                } else {
                    other
                };
                q.options
                    .iter()
                    .position(|o| *o == Choice::Being(at.into()))
            }
            _ => None,
        };
        if let Some(k) = pick {
            out[i] = k;
        }
    }
    out
}

/// Plays one round of `moves` (by seat), each wizard choosing for `wants[seat]`.
fn play(duel: &mut Duel, moves: [Row; 2], wants: [&[Spell]; 2]) {
    if duel.outcome().is_some() {
        return;
    }
    let given: Vec<Option<(Gesture, Gesture)>> = (0..2)
        .map(|p| {
            duel.is_active(PlayerId::new(p))
                .then_some((moves[p][0], moves[p][1]))
        })
        .collect();
    let Ok(mut step) = duel.start_round(&given) else {
        return;
    };
    while step == spellcast::engine::Step::Questions {
        let Some(p) = duel.waiting_on().next() else {
            return;
        };
        let answers = choose(duel, p, wants[p.index()]);
        match duel.answer(p, &answers) {
            Ok(next) => step = next,
            Err(_) => return,
        }
    }
}

fn alive(duel: &Duel, p: usize) -> bool {
    let me = PlayerId::new(p);
    duel.view(me).beings.iter().any(|b| b.id == me.into())
}

fn hp(duel: &Duel, p: usize) -> i32 {
    let me = PlayerId::new(p);
    duel.view(me)
        .beings
        .iter()
        .find(|b| b.id == me.into())
        .map_or(0, |b| b.hp)
}

/// Every position of `book`, in a fixed order.
pub fn positions(book: &'static RuleSet) -> Vec<Position> {
    let mut out = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for blow in rules::blows(book) {
        let answers = rules::answers(book, &blow);
        for distance in [1usize, 2] {
            let mut setups: Vec<Option<Setup>> = vec![None];
            for &(answer, timing) in &answers {
                for early in [0usize, 1] {
                    if early == 1 && timing == Timing::ByLanding && distance == 1 {
                        continue; // already resistant: no threat at all
                    }
                    for hand in [Hand::Left, Hand::Right] {
                        setups.push(Some(Setup {
                            answer,
                            early,
                            hand,
                        }));
                    }
                }
            }
            for enemy_hand in [Hand::Left, Hand::Right] {
                for setup in &setups {
                    for target in hit_points(book, &blow) {
                        let made = build(
                            book,
                            &blow,
                            &answers,
                            distance,
                            enemy_hand,
                            *setup,
                            target,
                            out.len(),
                        );
                        if let Some(p) = made {
                            let key = format!(
                                "{:?}",
                                (p.duel.view(PlayerId::new(0)).gestures, target, p.defender)
                            );
                            if seen.insert(key) {
                                out.push(p);
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

#[allow(clippy::too_many_arguments)]
fn build(
    book: &'static RuleSet,
    blow: &Blow,
    answers: &[(Spell, Timing)],
    distance: usize,
    enemy_hand: Hand,
    setup: Option<Setup>,
    target: i32,
    index: usize,
) -> Option<Position> {
    let n = book.info(blow.spell).steps().len();
    let made = n.checked_sub(distance)?;
    // Turns counted from the first built row; `now` is the turn to move.
    let (answer_len, answer_end_from_now) = match setup {
        // The answer's last step on turn now + distance - 1 - early.
        Some(s) => (
            book.info(s.answer).steps().len(),
            distance as isize - 1 - s.early as isize,
        ),
        None => (0, 0),
    };
    let answer_start = answer_end_from_now - answer_len as isize + 1;
    let span = (made as isize).max(-answer_start).max(0) as usize;
    let stabs = (rules::hit_points(book) - target).max(0) as usize;
    let now = stabs + span;
    let landing = now + distance - 1;
    let defender = index % 2;
    let enemy = 1 - defender;
    let mut enemy_rows = vec![NOTHING; now];
    let mut defender_rows = vec![NOTHING; now];
    for row in enemy_rows.iter_mut().take(stabs) {
        row[Hand::Right.index()] = Gesture::Stab;
    }
    lay(book, blow.spell, enemy_hand, landing, now, &mut enemy_rows);
    let mut announced = None;
    if let Some(s) = setup {
        let end = (now as isize + answer_end_from_now) as usize;
        lay(book, s.answer, s.hand, end, now, &mut defender_rows);
        if end + 1 >= answer_len && end + 1 - answer_len < now {
            announced = Some(s.answer);
        }
    }
    let specs = [PlayerSpec::parse("White"), PlayerSpec::parse("Black")];
    let mut duel = Duel::with_rules(&specs, 17 + index as u64, book).ok()?;
    duel.set_narration(false);
    let mut wants: [Vec<Spell>; 2] = [Vec::new(), Vec::new()];
    wants[enemy] = vec![blow.spell];
    wants[defender] = setup.map(|s| vec![s.answer]).unwrap_or_default();
    for t in 0..now {
        let mut moves = [NOTHING; 2];
        moves[enemy] = enemy_rows[t];
        moves[defender] = defender_rows[t];
        play(&mut duel, moves, [&wants[0], &wants[1]]);
    }
    // The position must be what was built: both alive, the blow lethal.
    if duel.outcome().is_some() || !alive(&duel, defender) {
        return None;
    }
    let lethal = match blow.harm {
        Harm::Kills => true,
        Harm::Points(p) => hp(&duel, defender) <= p,
    };
    if !lethal {
        return None;
    }
    // Unanswered, the blow kills.
    let mut full_enemy = enemy_rows.clone();
    full_enemy.resize(landing + 1, NOTHING);
    lay(
        book,
        blow.spell,
        enemy_hand,
        landing,
        landing + 1,
        &mut full_enemy,
    );
    let mut unanswered = duel.clone();
    for &row in &full_enemy[now..=landing] {
        let mut moves = [NOTHING; 2];
        moves[enemy] = row;
        play(&mut unanswered, moves, [&wants[0], &wants[1]]);
    }
    if alive(&unanswered, defender) {
        return None;
    }
    let end = (distance == 2).then(|| matcher::BlowEnd {
        now: full_enemy[now][enemy_hand.index()],
        last: full_enemy[landing][enemy_hand.index()],
    });
    let saves = matcher::saving_moves(book, answers, &defender_rows, distance, announced, end);
    // The blow's last gesture may complete another blow as well (in
    // Gesticulation Fireball and Iceball are both F-S-S-D-D): the caster
    // chooses which a crowded hand casts (spellcast-rules(7)), so a move
    // saves only if its answer stops every one of them.
    let others: Vec<Blow> = rules::blows(book)
        .into_iter()
        .filter(|b| b.spell != blow.spell)
        .filter(|b| matcher::completes(book, b.spell, &full_enemy, enemy_hand, landing))
        .collect();
    let saves: Vec<Row> = saves
        .into_iter()
        .filter(|&m| {
            let Some((_, answer)) =
                matcher::follow_up(book, answers, &defender_rows, m, distance, announced, end)
            else {
                return false;
            };
            others.iter().all(|other| {
                rules::answers(book, other)
                    .iter()
                    .any(|&(spell, _)| spell == answer)
                    || matcher::spoilers(book).contains(&answer)
            })
        })
        .collect();
    let disputed = saves
        .iter()
        .copied()
        .filter(|&m| {
            !engine_lets_save(
                &duel,
                book,
                answers,
                &defender_rows,
                m,
                distance,
                (announced, end),
                &full_enemy,
                now,
                [defender, enemy],
                blow.spell,
            )
        })
        .collect();
    let name = format!(
        "{} {} away ({} hand), {}, {} hp",
        blow.spell.name(),
        distance,
        hand_name(enemy_hand),
        match setup {
            None => "nothing under way".to_string(),
            Some(s) => format!(
                "{} {} ({} hand)",
                s.answer.name(),
                if s.early == 0 {
                    "on time"
                } else {
                    "a turn early"
                },
                hand_name(s.hand)
            ),
        },
        hp(&duel, defender)
    );
    Some(Position {
        name,
        duel,
        defender,
        blow: blow.spell,
        saves,
        disputed,
        enemy_moves: full_enemy[now..=landing].to_vec(),
    })
}

/// Plays position `p` out: the victim moves by `decide` and answers his
/// questions by `answer` (each given the duel as it stands), the enemy
/// lands the blow (aiming it at the victim); whether the victim is alive
/// once it has landed. So the check covers what the gestures alone do
/// not: a saving spell cast at the right being.
pub fn play_out(
    p: &Position,
    mut decide: impl FnMut(&Duel) -> Row,
    mut answer: impl FnMut(&Duel) -> Vec<usize>,
) -> bool {
    let mut duel = p.duel.clone();
    let (me, enemy) = (PlayerId::new(p.defender), PlayerId::new(1 - p.defender));
    let wants = [p.blow];
    for &row in &p.enemy_moves {
        if duel.outcome().is_some() {
            break;
        }
        let mut moves: [Option<(Gesture, Gesture)>; 2] = [None, None];
        let mine = decide(&duel);
        moves[me.index()] = Some((mine[0], mine[1]));
        moves[enemy.index()] = Some((row[0], row[1]));
        let Ok(mut step) = duel.start_round(&moves) else {
            return false;
        };
        while step == spellcast::engine::Step::Questions {
            let Some(who) = duel.waiting_on().next() else {
                break;
            };
            let given = if who == me {
                answer(&duel)
            } else {
                choose(&duel, who, &wants)
            };
            match duel.answer(who, &given) {
                Ok(next) => step = next,
                Err(_) => return false,
            }
        }
    }
    alive(&duel, p.defender)
}

/// Whether the engine lets the saving move `m` save: played (with the
/// second move that makes an answer stand, when the blow is two gestures
/// off) against the blow completed, the victim lives.
#[allow(clippy::too_many_arguments)]
fn engine_lets_save(
    duel: &Duel,
    book: &RuleSet,
    answers: &[(Spell, Timing)],
    rows: &[Row],
    m: Row,
    distance: usize,
    (announced, end): (Option<Spell>, Option<matcher::BlowEnd>),
    enemy_rows: &[Row],
    now: usize,
    [defender, enemy]: [usize; 2],
    blow: Spell,
) -> bool {
    let Some((second, answer)) =
        matcher::follow_up(book, answers, rows, m, distance, announced, end)
    else {
        return false;
    };
    let mine: Vec<Row> = std::iter::once(m).chain(second).collect();
    let enemy_wants = [blow];
    let mine_wants = [answer];
    let mut g = duel.clone();
    for (k, my) in mine.iter().enumerate() {
        let mut moves = [NOTHING; 2];
        moves[enemy] = enemy_rows[now + k];
        moves[defender] = *my;
        let mut wants: [&[Spell]; 2] = [&[], &[]];
        wants[enemy] = &enemy_wants;
        wants[defender] = &mine_wants;
        play(&mut g, moves, wants);
    }
    alive(&g, defender)
}
