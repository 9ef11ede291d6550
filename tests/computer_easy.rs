//! The `easy` computer (the baseline bot): a worked example of its first two
//! turns, followed by hand from its steps, and its answers to each kind of
//! question.

use spellcast::computer::{sketch, Easy};
use spellcast::engine::Gesture::*;
use spellcast::engine::{
    BeingId, BeingKind, CastHand, Choice, EffectView, Hand, PlayerId, Question, QuestionKind, Seen,
    Spell, View,
};

fn question(kind: QuestionKind, options: Vec<Choice>, default: Option<usize>) -> Question {
    Question {
        player: PlayerId::new(0),
        kind,
        options,
        default,
    }
}

fn wizards() -> Vec<Choice> {
    vec![
        Choice::Nobody,
        Choice::Being(BeingId::new(0)),
        Choice::Being(BeingId::new(1)),
    ]
}

#[test]
fn worked_example_opening_is_snap_digit() {
    let pos = sketch::opening(2, 0);
    let plan = Easy::default().plan(&pos);
    let spells = plan.picks.map(|p| p.map(|p| p.instance.spell));
    assert_eq!(spells, [Some(Spell::Missile), Some(Spell::Confusion)]);
    assert_eq!(plan.gestures, (Snap, Digit));
    // The beginner's book (level 1) gives the same move.
    assert_eq!(Easy { book: 1 }.gestures(&pos), (Snap, Digit));
}

#[test]
fn worked_example_second_turn_answers_cause_light_wounds() {
    let mut pos = sketch::opening(2, 0);
    sketch::push_row(&mut pos, 0, Digit, Digit);
    sketch::push_row(&mut pos, 1, Snap, Wave);
    let plan = Easy::default().plan(&pos);
    let right = plan.picks[1].expect("a right-hand pick");
    assert_eq!(right.instance.spell, Spell::Confusion);
    assert!(right.defensive, "Confusion answers the threat");
    assert_eq!(
        plan.picks[0].map(|p| p.instance.spell),
        Some(Spell::CureLightWounds)
    );
    assert_eq!(plan.gestures, (Fingers, Snap));
}

#[test]
fn the_same_position_always_gives_the_same_move() {
    let mut pos = sketch::opening(2, 1);
    sketch::push_row(&mut pos, 0, Wave, Palm);
    sketch::push_row(&mut pos, 1, Digit, Snap);
    let first = Easy::default().gestures(&pos);
    for _ in 0..3 {
        assert_eq!(Easy::default().gestures(&pos), first);
    }
}

#[test]
fn a_feared_wizard_plans_only_waves_and_palms() {
    let mut pos = sketch::opening(2, 0);
    pos.beings[0].effects.push(EffectView {
        spell: Spell::Fear,
        hand: None,
        turns: None,
    });
    let (l, r) = Easy::default().gestures(&pos);
    for g in [l, r] {
        assert!(matches!(g, Wave | Palm | Nothing), "{g:?}");
    }
    assert_ne!((l, r), (Palm, Palm));
}

#[test]
fn a_missile_is_aimed_at_a_goblin_it_kills_else_the_wizard() {
    let mut pos = sketch::opening(2, 0);
    // Targets are asked before the reveal.
    pos.before_reveal = true;
    let target = |pos: &View| {
        let mut pos = pos.clone();
        let mut options = wizards();
        options.push(Choice::Being(BeingId::new(2)));
        pos.questions = vec![question(
            QuestionKind::Target {
                spell: Spell::Missile,
                hand: CastHand::Right,
            },
            options,
            Some(2),
        )];
        Easy::default().answers(&pos)
    };
    pos.beings
        .push(sketch::being(2, BeingKind::Goblin, Some(1)));
    assert_eq!(target(&pos), vec![3]);
    pos.beings[2].kind = BeingKind::Ogre;
    pos.beings[2].hp = 2;
    assert_eq!(target(&pos), vec![2]);
}

#[test]
fn counter_spell_and_cures_are_aimed_explicitly() {
    let mut pos = sketch::opening(2, 0);
    // Targets are asked before the reveal.
    pos.before_reveal = true;
    let kind = |spell| QuestionKind::Target {
        spell,
        hand: CastHand::Left,
    };
    pos.questions = vec![
        question(kind(Spell::CounterSpell), wizards(), Some(2)),
        question(kind(Spell::CureLightWounds), wizards(), Some(1)),
        question(kind(Spell::SummonGoblin), wizards(), Some(1)),
    ];
    assert_eq!(Easy::default().answers(&pos), vec![1, 1, 1]);
    // The enemy is one gesture from a goblin (S-F, then W): counter-spell him,
    // even though his newest row is still hidden at question time.
    sketch::push_row(&mut pos, 1, Snap, Digit);
    sketch::push_row(&mut pos, 1, Fingers, Digit);
    sketch::push_row(&mut pos, 0, Wave, Digit);
    sketch::push_row(&mut pos, 0, Palm, Digit);
    sketch::push_row(&mut pos, 0, Palm, Digit);
    // His row of this turn, as the engine shows it before the reveal.
    pos.gestures[1].push([Seen::Unrevealed, Seen::Unrevealed]);
    pos.questions.truncate(1);
    assert_eq!(Easy::default().answers(&pos), vec![2]);
}

#[test]
fn mind_spells_are_taken_on_ourselves_when_the_enemy_completes_one() {
    let mut pos = sketch::opening(2, 0);
    // Targets are asked before the reveal.
    pos.before_reveal = true;
    sketch::push_row(&mut pos, 1, Snap, Digit);
    sketch::push_row(&mut pos, 1, Wave, Digit);
    sketch::push_row(&mut pos, 0, Digit, Digit);
    sketch::push_row(&mut pos, 0, Snap, Digit);
    sketch::push_row(&mut pos, 0, Fingers, Digit);
    pos.gestures[1].push([Seen::Unrevealed, Seen::Unrevealed]);
    pos.questions = vec![question(
        QuestionKind::Target {
            spell: Spell::Confusion,
            hand: CastHand::Left,
        },
        wizards(),
        Some(2),
    )];
    assert_eq!(
        Easy::default().answers(&pos),
        vec![1],
        "Fear (S-W-D) is coming"
    );
}

#[test]
fn hand_questions_seize_the_dangerous_hand() {
    let mut pos = sketch::opening(2, 0);
    sketch::push_row(&mut pos, 1, Palm, Wave);
    sketch::push_row(&mut pos, 1, Palm, Fingers);
    let hands = vec![Choice::Hand(Hand::Left), Choice::Hand(Hand::Right)];
    pos.questions = vec![
        question(
            QuestionKind::ParalyzeHand {
                victim: BeingId::new(1),
                hand: None,
            },
            hands.clone(),
            Some(0),
        ),
        question(
            QuestionKind::CharmHand {
                victim: BeingId::new(1),
            },
            hands,
            Some(0),
        ),
        question(
            QuestionKind::CharmGesture {
                victim: BeingId::new(1),
                hand: Hand::Right,
            },
            vec![Choice::Gesture(Palm), Choice::Gesture(Nothing)],
            Some(0),
        ),
    ];
    // Right W-F is Cause Light Wounds one away (threat 8) against P-P on the left.
    assert_eq!(Easy::default().answers(&pos), vec![1, 1, 1]);
}

#[test]
fn monsters_finish_enemy_monsters_then_go_for_the_wizard() {
    let mut pos = sketch::opening(2, 0);
    pos.beings
        .push(sketch::being(2, BeingKind::Goblin, Some(0)));
    pos.beings.push(sketch::being(3, BeingKind::Ogre, Some(0)));
    pos.beings
        .push(sketch::being(4, BeingKind::Goblin, Some(1)));
    let options = vec![
        Choice::Nobody,
        Choice::Being(BeingId::new(0)),
        Choice::Being(BeingId::new(1)),
        Choice::Being(BeingId::new(2)),
        Choice::Being(BeingId::new(3)),
        Choice::Being(BeingId::new(4)),
    ];
    let ask = |monster| {
        question(
            QuestionKind::Monster { monster, attack: 0 },
            options.clone(),
            Some(2),
        )
    };
    pos.questions = vec![ask(BeingId::new(2)), ask(BeingId::new(3))];
    // The goblin kills the enemy goblin; the ogre goes for the wizard.
    assert_eq!(Easy::default().answers(&pos), vec![5, 2]);
    // With the enemy at 3 hp, both go for the kill.
    pos.beings[1].hp = 3;
    assert_eq!(Easy::default().answers(&pos), vec![2, 2]);
}

#[test]
fn spell_choices_elemental_and_release() {
    let mut pos = sketch::opening(2, 0);
    pos.beings[0].flags = "C".into();
    pos.questions = vec![
        question(
            QuestionKind::SpellChoice { hand: Hand::Left },
            vec![
                Choice::Spell {
                    spell: Spell::Shield,
                    both: false,
                },
                Choice::Spell {
                    spell: Spell::ProtectionFromEvil,
                    both: false,
                },
            ],
            None,
        ),
        question(
            QuestionKind::Elemental,
            vec![Choice::Fire(true), Choice::Fire(false)],
            Some(0),
        ),
        question(
            QuestionKind::Release {
                spell: Spell::Fireball,
            },
            vec![Choice::Yes(true), Choice::Yes(false)],
            Some(1),
        ),
        question(
            QuestionKind::Release {
                spell: Spell::Shield,
            },
            vec![Choice::Yes(true), Choice::Yes(false)],
            Some(1),
        ),
    ];
    // Protection over Shield; ice (we resist cold); release the Fireball, keep the Shield.
    assert_eq!(Easy::default().answers(&pos), vec![1, 1, 0, 1]);
}

#[test]
fn a_second_mind_spell_is_not_wasted_on_the_same_wizard() {
    let mut pos = sketch::opening(2, 0);
    // Targets are asked before the reveal.
    pos.before_reveal = true;
    let kind = |spell, hand| QuestionKind::Target { spell, hand };
    pos.questions = vec![
        question(kind(Spell::Confusion, CastHand::Left), wizards(), Some(2)),
        question(kind(Spell::Amnesia, CastHand::Right), wizards(), Some(2)),
    ];
    assert_eq!(Easy::default().answers(&pos), vec![2, 0]);
}

/// Death Match: Barbara's first Frost Bolt (W-D-S-S-D) froze Arnold on
/// turn 6, so he has a row fewer than she has for the rest of the duel;
/// her second is two gestures off (W-D-S shown, S made this turn, D the
/// next) when he claps with both hands. A Magic Mirror (c-S) completes on
/// the turn the bolt lands and reflects it (spellcast-rules(7), DEATH
/// MATCH), and only the announced clap spell can grow from the clap: he
/// announces the Mirror, reading her bolt under way although her row of
/// this turn is still unrevealed and the row counts differ.
#[test]
fn a_wizard_frozen_before_announces_the_mirror_that_meets_the_next_bolt() {
    use spellcast::engine::{Duel, Gesture, Step};
    let bolt = r#"{"answer": "Frost Bolt", "hand": "right", "kind": "spell"},
        {"answer": "Arnold", "hand": "right", "kind": "target", "spell": "Frost Bolt"}"#;
    let text = format!(
        r#"{{"players": ["Arnold", "Barbara:f"], "rules": "deathmatch", "rounds": [
        {{"moves": {{"Arnold": "--", "Barbara": "-W"}}}},
        {{"moves": {{"Arnold": "--", "Barbara": "-D"}}}},
        {{"moves": {{"Arnold": "--", "Barbara": "-S"}}}},
        {{"moves": {{"Arnold": "--", "Barbara": "-S"}}}},
        {{"moves": {{"Arnold": "--", "Barbara": "-D"}}, "answers": {{"Barbara": [{bolt}]}}}},
        {{"moves": {{"Barbara": "-W"}}}},
        {{"moves": {{"Arnold": "--", "Barbara": "-D"}}}},
        {{"moves": {{"Arnold": "--", "Barbara": "-S"}}}}]}}"#
    );
    let script = spellcast::script::parse(&text).expect("a script");
    let mut duel: Duel = spellcast::script::play_duel(&script, None).expect("a duel");
    let arnold = PlayerId::new(0);
    assert_eq!(duel.view(arnold).beings[0].hp, 15, "the first bolt landed");
    let moves = [
        Some((Gesture::Clap, Gesture::Clap)),
        Some((Gesture::Nothing, Gesture::Snap)),
    ];
    let mut step = duel.start_round(&moves).expect("legal moves");
    let mut announced = None;
    while step == Step::Questions {
        let Some(p) = duel.waiting_on().next() else {
            break;
        };
        let view = duel.view(p);
        let answers = Easy::default().answers(&view);
        for (q, &a) in view.questions.iter().zip(&answers) {
            if p == arnold && q.kind == QuestionKind::Announce {
                assert!(view.before_reveal);
                assert_ne!(view.gestures[0].len(), view.gestures[1].len());
                announced = Some(q.options[a]);
            }
        }
        step = duel.answer(p, &answers).expect("legal answers");
    }
    let mirror = Choice::Spell {
        spell: Spell::MagicMirror,
        both: false,
    };
    assert_eq!(announced, Some(mirror));
}
