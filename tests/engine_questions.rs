//! The questions the engine asks (spellcast(6), THE WINDOW): menus,
//! defaults and batches; and what each viewer may see (fog for
//! invisibility, blindness and time stop).

use crate::engine_support;

use engine_support::*;
use spellcast::engine::{Choice, Gesture, Hand, QuestionKind, Seen, Spell, Viewer};

#[test]
fn target_menus_follow_the_target_kind() {
    let mut d = Duel::two();
    d.seq(&["---/---", "SFW/---"]);
    let goblin = d.monsters()[0];
    // Missile (being or nobody): nobody, wizards, monsters.
    d.seq(&["SD/--", "--/--"]);
    let t = d.last_targets(Spell::Missile);
    assert_eq!(
        t[0].options,
        vec![Choice::Nobody, being(A), being(B), being(goblin)]
    );
    // Anti-spell (wizard or nobody): no monsters.
    d.seq(&["SPF/---", "---/---"]);
    let t = d.last_targets(Spell::AntiSpell);
    assert_eq!(t[0].options, vec![Choice::Nobody, being(A), being(B)]);
    // Dispel Magic (wizard): no nobody, no monsters.
    d.seq(&["CDPW/C---", "----/----"]);
    let t = d.last_targets(Spell::DispelMagic);
    assert_eq!(t[0].options, vec![being(A), being(B)]);
    assert_eq!(t[0].options[t[0].fallback()], being(A), "self by default");
}

#[test]
fn self_spells_default_to_the_caster_others_to_the_first_other_wizard() {
    let mut d = Duel::three();
    // Carol: Shield (self), Barbara: missile (first other = Arnold),
    // Arnold: stab (first other = Barbara).
    d.seq(&["-k/--", "SD/--", "-P/--"]);
    let qs = d.last_questions();
    let default = |p: usize, s: Spell| {
        let q = qs
            .iter()
            .find(|q| {
                q.player.index() == p
                    && matches!(q.kind, QuestionKind::Target { spell, .. } if spell == s)
            })
            .expect("target question");
        q.options[q.fallback()]
    };
    assert_eq!(default(C, Spell::Shield), being(C));
    assert_eq!(default(B, Spell::Missile), being(A));
    assert_eq!(default(A, Spell::Stab), being(B));
}

#[test]
fn default_target_skips_dead_wizards() {
    let mut d = Duel::three();
    d.rule(A, "spell", spell_choice(Spell::FingerOfDeath, false));
    d.seq(&[
        "PWPFSSSD/--------",
        "--------/--------",
        "--------/--------",
    ]);
    assert!(!d.alive(B));
    d.round(&["k-", "--", "--"]);
    let t = d.last_targets(Spell::Stab);
    assert_eq!(t[0].options[t[0].fallback()], being(C));
    assert!(
        !t[0].options.contains(&being(B)),
        "dead wizards are not offered"
    );
    assert_eq!(d.hp(C), 14);
}

#[test]
fn storms_and_surrender_ask_nothing() {
    let mut d = Duel::two();
    d.seq(&["SWWC/---C", "----/----"]);
    assert!(d.last_questions().is_empty());
    let mut d = Duel::three();
    d.round(&["--", "--", "PP"]);
    // Carol's two palms cast two Shields (targets asked), but no surrender question.
    assert!(d.last_questions().iter().all(|q| matches!(
        q.kind,
        QuestionKind::Target {
            spell: Spell::Shield,
            ..
        }
    )));
    assert_eq!(d.last_questions().len(), 2);
}

#[test]
fn spell_choices_come_before_targets_and_before_the_reveal() {
    let mut d = Duel::two();
    d.rule(A, "spell", spell_choice(Spell::CounterSpell, false));
    d.seq(&["WPP/---", "--k/---"]);
    assert_eq!(d.last_batches.len(), 2, "choice batch, then target batch");
    assert_eq!(d.last_batches[0].len(), 1);
    assert_eq!(
        d.last_batches[0][0].kind,
        QuestionKind::SpellChoice { hand: Hand::Left }
    );
    assert!(d.last_reveals[0]);
    let targets = &d.last_batches[1];
    assert_eq!(targets.len(), 2, "both players' targets in one batch");
    assert!(d.last_reveals[1]);
}

#[test]
fn a_one_handed_spell_on_both_hands_is_cast_twice() {
    let mut d = Duel::two();
    d.seq(&["SD/SD", "--/--"]);
    assert_eq!(d.last_targets(Spell::Missile).len(), 2);
    assert_eq!(d.hp(B), 13);
}

#[test]
fn a_both_handed_choice_is_offered_on_both_hands() {
    // Left P W P W W c (Haste) and right S W W c (Fire Storm) end in the same
    // clap: both two-handed spells are offered to both hands, tagged both.
    let mut d = Duel::two();
    d.rule(A, "spell", spell_choice(Spell::Haste, true));
    d.seq(&["PWPWWC/--SWWC", "------/------"]);
    let q = d.last_of("spell");
    assert_eq!(q.len(), 2, "one question per hand");
    for q in &q {
        assert!(q.options.contains(&spell_choice(Spell::Haste, true)));
        assert!(q.options.contains(&spell_choice(Spell::FireStorm, true)));
    }
    assert_eq!(
        d.last_targets(Spell::Haste).len(),
        1,
        "cast once with both hands"
    );
    assert_eq!(d.hp(B), 15, "no storm");
}

#[test]
fn paralysis_and_charm_questions_come_after_the_reveal() {
    let mut d = Duel::two();
    d.seq(&["FFF/---", "---/---"]);
    let q = d.last_of("paralyze");
    assert_eq!(q.len(), 1);
    assert_eq!(d.reveal_of("paralyze"), [false]);
    let mut d = Duel::two();
    d.seq(&["PSDF/----", "----/----"]);
    assert_eq!(d.reveal_of("charm-hand"), [false]);
}

// ---------------------------------------------------------------- visibility

#[test]
fn invisibility_fogs_rows_of_the_next_three_turns_for_others_only() {
    let mut d = Duel::two();
    d.seq(&["PPWS/--WS", "----/----"]);
    d.seq(&["kDF/-k-", "---/---"]);
    d.idle(1);
    let seen_by_b = d.game.seen_history(pid(A), Viewer::Player(pid(B)));
    assert_eq!(seen_by_b.len(), 8);
    assert_eq!(
        seen_by_b[3],
        [seen(Gesture::Snap), seen(Gesture::Snap)],
        "the casting turn is seen"
    );
    for (i, row) in seen_by_b.iter().enumerate().take(7).skip(4) {
        assert_eq!(*row, [Seen::Fog, Seen::Fog], "row {i}");
    }
    assert_eq!(seen_by_b[7], [seen(Gesture::Nothing); 2], "visible again");
    let own = d.game.seen_history(pid(A), Viewer::Player(pid(A)));
    assert_eq!(own[4], [seen(Gesture::Stab), seen(Gesture::Nothing)]);
    assert_eq!(own[5], [seen(Gesture::Digit), seen(Gesture::Stab)]);
    assert_eq!(
        d.game.seen_history(pid(A), Viewer::Observer),
        own,
        "the transcript sees all"
    );
}

#[test]
fn blindness_fogs_what_the_blind_wizard_sees_while_blind_and_forever() {
    let mut d = Duel::three();
    d.aim(A, Spell::Blindness, being(B));
    d.seq(&["DWFFD/----D", "-----/-----", "-----/-----"]);
    d.seq(&["---/---", "---/---", "SDF/---"]);
    d.idle(2);
    let carol_by_b = d.game.seen_history(pid(C), Viewer::Player(pid(B)));
    assert_eq!(
        carol_by_b[4],
        [seen(Gesture::Nothing); 2],
        "blinded during turn 5: its row is seen"
    );
    for (i, row) in carol_by_b.iter().enumerate().take(8).skip(5) {
        assert_eq!(*row, [Seen::Fog; 2], "row {i} made while Barbara was blind");
    }
    assert_eq!(carol_by_b[8], [seen(Gesture::Nothing); 2], "sight returned");
    let carol_by_a = d.game.seen_history(pid(C), Viewer::Player(pid(A)));
    for (i, g) in [
        (5, Gesture::Snap),
        (6, Gesture::Digit),
        (7, Gesture::Fingers),
    ] {
        assert_eq!(
            carol_by_a[i],
            [seen(g), seen(Gesture::Nothing)],
            "others see"
        );
    }
    assert_eq!(d.flags(B), "");
}

#[test]
fn time_stop_rows_are_fogged_for_everyone_else() {
    let mut d = Duel::three();
    d.seq(&["SPPC/---C", "----/----", "----/----"]);
    d.round(&["DD", "--", "--"]);
    d.idle(1);
    let ts = 4; // index of the time-stop row
    for v in [B, C] {
        assert_eq!(
            d.game.seen_history(pid(A), Viewer::Player(pid(v)))[ts],
            [Seen::Fog; 2]
        );
        assert_eq!(
            d.game.seen_history(pid(A), Viewer::Player(pid(v)))[ts + 1],
            [seen(Gesture::Nothing); 2]
        );
    }
    assert_eq!(
        d.game.seen_history(pid(A), Viewer::Player(pid(A)))[ts],
        [seen(Gesture::Digit); 2]
    );
}

#[test]
fn status_list_orders_viewer_first_and_shows_flags() {
    let mut d = Duel::three();
    d.seq(&["---/---", "SFW/---", "---/---"]);
    let goblin = d.monsters()[0];
    let rows = d.game.status(pid(C));
    let order: Vec<usize> = rows.iter().map(|r| r.being.index()).collect();
    assert_eq!(
        order,
        vec![C, A, B, goblin],
        "viewer first; monsters after their owner"
    );
    assert!(rows[3].indented);
    let rows = d.game.status(pid(B));
    let order: Vec<usize> = rows.iter().map(|r| r.being.index()).collect();
    assert_eq!(order, vec![B, goblin, A, C]);
    assert_eq!(rows[2].hp, 14, "Arnold was hit by the goblin");
}

#[test]
fn narration_personalises_text_per_viewer() {
    let mut d = Duel::two();
    d.round(&["k-", "--"]);
    let a = d.read(A);
    let b = d.read(B);
    let o = d.text(Viewer::Observer);
    assert!(a != b, "subject and victim read different texts");
    assert!(o.contains("Arnold"), "the observer reads names");
    assert!(
        d.game.transcript().contains("\n\tTurn 1:\n"),
        "people count turns from 1"
    );
    // With narration off the engine records nothing but plays the same.
    let mut q = Duel::two();
    q.game.set_narration(false);
    let before = q.game.narration_since(Viewer::Observer, 0).1;
    q.round(&["k-", "--"]);
    assert_eq!(q.hp(B), 14);
    assert_eq!(q.game.narration_since(Viewer::Observer, 0).1, before);
}

#[test]
fn the_script_report_carries_flags_controllers_and_the_result() {
    use serde_json::json;
    let mv = |a: &str, b: &str| json!({ "moves": { "Arnold": a, "Barbara": b } });
    let script = json!({
        "players": ["Arnold", "Barbara:f"],
        "rounds": [
            mv("S-", "W-"), mv("F-", "W-"),
            { "moves": { "Arnold": "W-", "Barbara": "P-" },
              "answers": { "Barbara": [ { "kind": "spell", "hand": "left",
                                          "answer": "Protection from Evil" } ] } },
            { "moves": { "Arnold": "--", "Barbara": "--" },
              "answers": { "Arnold": [ { "kind": "monster", "about": "#1", "answer": "nobody" } ] } },
        ]
    });
    let report = spellcast::script::run_text(&script.to_string(), None).expect("a valid script");
    let beings = report["beings"].as_array().expect("beings");
    assert_eq!(beings.len(), 3);
    assert_eq!(beings[1]["flags"], "P", "Barbara's Protection from Evil");
    assert_eq!(beings[2]["kind"], "goblin");
    assert_eq!(beings[2]["controller"], "Arnold");
    assert_eq!(beings[2]["monster"], 1);
    assert_eq!(report["result"], json!({ "unfinished": true }));
    let last = &report["rounds"][3];
    assert_eq!(last["questions"]["Arnold"][0]["answer"], "nobody");
    assert_eq!(
        last["beings"][2],
        json!({ "name": beings[2]["name"], "monster": 1, "hp": 1 })
    );
}
