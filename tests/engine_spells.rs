//! One or more tests per spell of the table (spellcast(6), SPELLS and RULES):
//! each drives the engine round by round and asserts hit points, deaths,
//! monsters, flags and the winner.

use crate::engine_support;

use engine_support::*;
use spellcast::engine::{BeingKind, Choice, Gesture, Hand, Outcome, QuestionKind, Spell};

// ---------------------------------------------------------------- stab and damage

#[test]
fn stab_does_one_damage_to_the_default_target() {
    let mut d = Duel::two();
    d.round(&["k-", "--"]);
    assert_eq!(d.hp(B), 14);
    assert_eq!(d.hp(A), 15);
    let t = d.last_targets(Spell::Stab);
    assert_eq!(t.len(), 1);
    assert_eq!(t[0].player.index(), A);
    assert_eq!(
        t[0].kind,
        QuestionKind::Target {
            spell: Spell::Stab,
            hand: spellcast::engine::CastHand::Left
        }
    );
    assert_eq!(t[0].options[t[0].fallback()], being(B));
}

#[test]
fn stab_with_both_hands_stabs_with_the_left_only() {
    let mut d = Duel::two();
    d.round(&["kk", "--"]);
    assert_eq!(d.hp(B), 14, "only one stab lands");
    assert_eq!(d.last_targets(Spell::Stab).len(), 1);
    assert_eq!(d.newest(A), [Some(Gesture::Stab), Some(Gesture::Nothing)]);
}

#[test]
fn shield_blocks_stab_and_missile_for_one_turn() {
    let mut d = Duel::two();
    // Arnold: Missile (S D) with the left, a stab with the right on round 2.
    d.seq(&["SD/-k", "-P/--"]);
    assert_eq!(d.hp(B), 15, "Shield blocks the missile and the stab");
    // Without the shield the same moves do 2.
    let mut d = Duel::two();
    d.seq(&["SD/-k", "--/--"]);
    assert_eq!(d.hp(B), 13);
    // The shield lasts only the turn it is cast.
    let mut d = Duel::two();
    d.seq(&["-k/--", "P-/--"]);
    assert_eq!(d.hp(B), 14);
}

#[test]
fn missile_does_one_damage() {
    let mut d = Duel::two();
    d.seq(&["SD/--", "--/--"]);
    assert_eq!(d.hp(B), 14);
    assert_eq!(d.hp(A), 15);
}

#[test]
fn cause_light_wounds_does_two_and_ignores_shield() {
    let mut d = Duel::two();
    d.rule(A, "spell", spell_choice(Spell::CauseLightWounds, false));
    d.seq(&["WFP/---", "--P/---"]);
    let choice = d.all_of("spell");
    assert_eq!(choice.len(), 1);
    assert_eq!(
        option_spells(&choice[0]),
        vec![Spell::Shield, Spell::CauseLightWounds],
        "candidates in table order"
    );
    assert_eq!(choice[0].default, None, "a spell choice has no default");
    assert_eq!(d.hp(B), 13);
}

#[test]
fn cause_heavy_wounds_does_three() {
    let mut d = Duel::two();
    d.seq(&["WPFD/----", "----/----"]);
    assert_eq!(d.hp(B), 12);
}

#[test]
fn lightning_bolt_does_five() {
    let mut d = Duel::two();
    d.seq(&["DFFDD/-----", "-----/-----"]);
    assert_eq!(d.hp(B), 10);
}

#[test]
fn fireball_does_five_after_its_inner_missile() {
    let mut d = Duel::two();
    d.seq(&["FSSD/----", "----/----"]);
    assert_eq!(d.hp(B), 14, "S D inside Fireball casts Missile");
    d.round(&["D-", "--"]);
    assert_eq!(d.hp(B), 9);
}

#[test]
fn short_lightning_bolt_works_once_per_battle() {
    let mut d = Duel::two();
    d.seq(&["WDDC/---C", "----/----"]);
    assert_eq!(d.hp(B), 10);
    assert_eq!(d.last_targets(Spell::LightningBolt).len(), 1);
    d.seq(&["WDDC/---C", "----/----"]);
    assert_eq!(d.hp(B), 10, "the second short bolt fizzles");
    // The long form still works afterwards.
    d.seq(&["DFFDD/-----", "-----/-----"]);
    assert_eq!(d.hp(B), 5);
}

#[test]
fn short_lightning_bolt_is_used_up_even_when_aimed_at_nobody() {
    let mut d = Duel::two();
    d.aim(A, Spell::LightningBoltShort, Choice::Nobody);
    d.seq(&["WDDC/---C", "----/----"]);
    assert_eq!(d.hp(B), 15);
    d.clear_rules();
    d.seq(&["WDDC/---C", "----/----"]);
    assert_eq!(d.hp(B), 15, "used up by the first, wasted cast");
}

#[test]
fn finger_of_death_kills_and_wins() {
    let mut d = Duel::two();
    d.rule(A, "spell", spell_choice(Spell::FingerOfDeath, false));
    d.seq(&["PWPFSSSD/--------", "--------/--------"]);
    let choice = d.last_of("spell");
    assert_eq!(
        option_spells(&choice[0]),
        vec![Spell::FingerOfDeath, Spell::Missile]
    );
    assert!(!d.alive(B));
    assert_eq!(d.outcome(), Some(Outcome::Winner(pid(A))));
}

// ---------------------------------------------------------------- protections

#[test]
fn counter_spell_blocks_missile_but_not_finger_of_death() {
    for (spell, barbara_dies) in [(Spell::Missile, false), (Spell::FingerOfDeath, true)] {
        let mut d = Duel::two();
        d.rule(A, "spell", spell_choice(spell, false));
        d.rule(B, "spell", spell_choice(Spell::CounterSpell, false));
        d.aim(B, Spell::CounterSpell, being(B));
        d.seq(&["PWPFSSSD/--------", "-----WPP/--------"]);
        assert_eq!(!d.alive(B), barbara_dies, "{spell:?}");
        if !barbara_dies {
            assert_eq!(d.hp(B), 15);
        }
    }
}

#[test]
fn counter_spell_defaults_to_the_opponent() {
    let mut d = Duel::two();
    d.rule(B, "spell", spell_choice(Spell::CounterSpell, false));
    d.seq(&["--S/---", "WWS/---"]);
    let t = d.last_targets(Spell::CounterSpell);
    assert_eq!(t.len(), 1);
    assert_eq!(t[0].options[t[0].fallback()], being(A));
}

#[test]
fn magic_mirror_reflects_a_missile_onto_its_caster() {
    let mut d = Duel::two();
    d.seq(&["SD/--", "CW/CW"]);
    let t = d.last_targets(Spell::MagicMirror);
    assert_eq!(t.len(), 1);
    assert!(matches!(
        t[0].kind,
        QuestionKind::Target {
            hand: spellcast::engine::CastHand::Both,
            ..
        }
    ));
    assert_eq!(
        t[0].options[t[0].fallback()],
        being(B),
        "Mirror defaults to self"
    );
    assert_eq!(d.hp(B), 15);
    assert_eq!(d.hp(A), 14);
}

#[test]
fn mirror_against_mirror_dissipates_the_spell() {
    // Carol gives Arnold a mirror, Barbara has her own: Arnold's missile bounces away.
    let mut d = Duel::three();
    d.aim(C, Spell::MagicMirror, being(A));
    d.seq(&["SD/--", "CW/CW", "CW/CW"]);
    assert_eq!((d.hp(A), d.hp(B), d.hp(C)), (15, 15, 15));
    // Control: without Carol's mirror on Arnold it comes back at him.
    let mut d = Duel::three();
    d.seq(&["SD/--", "CW/CW", "--/--"]);
    assert_eq!((d.hp(A), d.hp(B)), (14, 15));
}

#[test]
fn protection_from_evil_shields_for_four_turns() {
    let mut d = Duel::two();
    d.rule(A, "spell", spell_choice(Spell::ProtectionFromEvil, false));
    // Cast on round 3 (T); Barbara stabs on T..T+4.
    d.seq(&["WWP/---", "--k/---"]);
    assert_eq!(d.flags(A), "P");
    d.seq(&["---/---", "kkk/---"]);
    assert_eq!(d.hp(A), 15, "stabs blocked on T..T+3");
    d.round(&["--", "k-"]);
    assert_eq!(d.hp(A), 14, "T+4 is unprotected");
    assert_eq!(d.flags(A), "");
}

#[test]
fn resist_heat_stops_fireball() {
    let mut d = Duel::two();
    d.rule(B, "spell", spell_choice(Spell::ResistHeat, false));
    d.seq(&["-FSSD/-----", "WWFP-/-----"]);
    assert_eq!(d.flags(B), "H");
    assert_eq!(d.hp(B), 14, "the inner missile still hits");
    d.round(&["D-", "--"]);
    assert_eq!(d.hp(B), 14, "fireball stopped by Resist Heat");
}

#[test]
fn remove_enchantment_strips_resist_heat_before_the_fireball_lands() {
    let mut d = Duel::two();
    d.rule(B, "spell", spell_choice(Spell::ResistHeat, false));
    d.seq(&["----/----", "WWFP/----"]);
    assert_eq!(d.flags(B), "H");
    // Arnold's Remove Enchantment (left) and Fireball (right) hit Barbara together.
    d.rule(A, "spell", spell_choice(Spell::RemoveEnchantment, false));
    d.aim(A, Spell::RemoveEnchantment, being(B));
    d.seq(&["-PDWP/FSSDD", "-----/-----"]);
    assert_eq!(d.flags(B), "");
    assert_eq!(
        d.hp(B),
        15 - 1 - 5,
        "the inner missile, then the whole Fireball"
    );
}

#[test]
fn resist_cold_shows_its_flag_and_lasts() {
    let mut d = Duel::two();
    d.rule(B, "spell", spell_choice(Spell::ResistCold, false));
    d.seq(&["----/----", "SSFP/----"]);
    assert_eq!(d.flags(B), "C");
    d.idle(10);
    assert_eq!(d.flags(B), "C", "resistance is permanent");
}

// ---------------------------------------------------------------- dispel, removal, cures

#[test]
fn dispel_magic_destroys_monsters_enchantments_and_spells() {
    let mut d = Duel::two();
    d.rule(B, "spell", spell_choice(Spell::ProtectionFromEvil, false));
    // Barbara: goblin (S F W, left) and Protection from Evil (W W P, right) on round 3,
    // Arnold's Dispel Magic (c D P W) lands on round 4.
    d.seq(&["CDP/C--", "SFW/WWP"]);
    let goblin = d.monsters()[0];
    assert_eq!(d.owner(goblin), Some(B));
    assert_eq!(d.flags(B), "P");
    d.round(&["W-", "--"]);
    assert!(!d.alive(goblin), "goblin torn apart");
    assert!(!d.being(goblin).corpse(), "and leaves no corpse");
    assert_eq!(d.flags(B), "", "Protection from Evil stripped");
    assert_eq!(
        d.hp(A),
        15,
        "the goblin's attack is blocked by the dispel's shield"
    );
    // The goblin still attacked this turn (a monster question was asked).
    assert_eq!(d.last_of("monster").len(), 1);
}

#[test]
fn dispel_magic_cancels_the_other_spells_of_the_turn() {
    for (arnold, hp) in [("CDPW/C---", 15), ("----/----", 13)] {
        let mut d = Duel::two();
        d.rule(B, "spell", spell_choice(Spell::CauseLightWounds, false));
        d.seq(&[arnold, "-WFP/----"]);
        assert_eq!(d.hp(A), hp, "{arnold}");
    }
}

#[test]
fn remove_enchantment_destroys_a_monster_which_still_attacks() {
    let mut d = Duel::two();
    d.rule(A, "spell", spell_choice(Spell::RemoveEnchantment, false));
    d.seq(&["PDW/---", "SFW/---"]);
    let goblin = d.monsters()[0];
    assert_eq!(d.hp(A), 14, "the new goblin attacks at once");
    d.aim(A, Spell::RemoveEnchantment, being(goblin));
    d.round(&["P-", "--"]);
    assert!(!d.alive(goblin));
    assert!(!d.being(goblin).corpse());
    assert_eq!(d.hp(A), 13, "it attacked before vanishing");
}

#[test]
fn remove_enchantment_cures_poison() {
    let mut d = Duel::two();
    d.rule(B, "spell", spell_choice(Spell::RemoveEnchantment, false));
    d.seq(&["DWWFWD/------", "------/------"]);
    assert_eq!(d.flags(B), "p");
    d.seq(&["----/----", "PDWP/----"]);
    assert_eq!(d.flags(B), "");
    d.idle(6);
    assert!(d.alive(B));
}

#[test]
fn cures_heal_but_never_above_fifteen() {
    let mut d = Duel::two();
    d.seq(&["kkk/---", "---/---"]);
    assert_eq!(d.hp(B), 12);
    d.seq(&["----/----", "DFPW/----"]);
    assert_eq!(d.hp(B), 14, "Cure Heavy Wounds +2");
    d.seq(&["---/---", "DFW/---"]);
    assert_eq!(d.hp(B), 15, "Cure Light Wounds +1");
    d.seq(&["----/----", "DFPW/----"]);
    assert_eq!(d.hp(B), 15, "capped at 15");
}

#[test]
fn cure_after_damage_in_the_same_turn_saves_a_wizard() {
    // Arnold stabs every round; Barbara completes Cure Light Wounds on round 15,
    // the round in which she would reach 0.
    let mut d = Duel::two();
    d.seq(&[
        &format!("{}/{}", "k".repeat(15), "-".repeat(15)),
        &format!("{}DFW/{}", "-".repeat(12), "-".repeat(15)),
    ]);
    assert!(d.alive(B));
    assert_eq!(d.hp(B), 1);
    assert_eq!(d.outcome(), None);
    // Control: without the cure she dies on round 15.
    let mut d = Duel::two();
    d.seq(&[
        &format!("{}/{}", "k".repeat(15), "-".repeat(15)),
        &format!("{}/{}", "-".repeat(15), "-".repeat(15)),
    ]);
    assert!(!d.alive(B));
    assert_eq!(d.outcome(), Some(Outcome::Winner(pid(A))));
}

#[test]
fn cure_cannot_save_from_finger_of_death() {
    let mut d = Duel::two();
    d.rule(A, "spell", spell_choice(Spell::FingerOfDeath, false));
    d.seq(&["PWPFSSSD/--------", "-----DFW/--------"]);
    assert!(!d.alive(B));
}

#[test]
fn raise_dead_brings_back_a_goblin_for_the_raiser() {
    let mut d = Duel::two();
    d.seq(&["---/---", "SFW/---"]);
    let goblin = d.monsters()[0];
    assert_eq!(d.being(goblin).kind, BeingKind::Goblin);
    d.aim(A, Spell::Stab, being(goblin));
    d.round(&["k-", "--"]);
    assert!(!d.alive(goblin));
    assert!(d.being(goblin).corpse());
    d.aim(A, Spell::RaiseDead, being(goblin));
    d.seq(&["DWWFWC/-----C", "------/------"]);
    let t = d.last_targets(Spell::RaiseDead);
    assert_eq!(t.len(), 1);
    assert!(
        !t[0].options.contains(&Choice::Nobody),
        "Raise Dead offers no nobody"
    );
    assert!(
        t[0].options.contains(&being(goblin)),
        "the corpse is offered"
    );
    assert_eq!(
        t[0].options[t[0].fallback()],
        being(A),
        "defaults to the caster"
    );
    assert!(d.alive(goblin));
    assert_eq!(d.hp(goblin), 1);
    assert_eq!(d.owner(goblin), Some(A));
}

#[test]
fn raise_dead_on_the_living_heals_five_capped() {
    let mut d = Duel::two();
    d.seq(&["------/------", "kkkkkk/------"]);
    assert_eq!(d.hp(A), 9);
    d.seq(&["DWWFWC/-----C", "------/------"]);
    assert_eq!(d.hp(A), 14);
    d.seq(&["DWWFWC/-----C", "------/------"]);
    assert_eq!(d.hp(A), 15);
}

#[test]
fn raise_dead_revives_a_dead_wizard_who_moves_again() {
    let mut d = Duel::three();
    d.rule(A, "spell", spell_choice(Spell::FingerOfDeath, false));
    d.aim(A, Spell::FingerOfDeath, being(C));
    d.seq(&[
        "PWPFSSSD/--------",
        "--------/--------",
        "--------/--------",
    ]);
    assert!(!d.alive(C));
    assert_eq!(d.outcome(), None);
    let rows = d.history(C).len();
    assert_eq!(rows, 9, "8 turns plus the death row");
    d.aim(B, Spell::RaiseDead, being(C));
    d.seq(&["------/------", "DWWFWC/-----C", "------/------"]);
    assert_eq!(d.history(C).len(), rows, "a dead wizard records no rows");
    assert!(d.alive(C));
    assert_eq!(d.hp(C), 15);
    assert!(d.active(C));
    d.round(&["--", "--", "k-"]);
    assert_eq!(d.history(C).len(), rows + 1);
    assert_eq!(d.hp(A), 14, "Carol stabs again");
}

// ---------------------------------------------------------------- disease, poison

fn disease_on_barbara() -> Duel {
    let mut d = Duel::two();
    d.aim(A, Spell::Confusion, Choice::Nobody);
    d.aim(A, Spell::Paralysis, Choice::Nobody);
    d.seq(&["DSFFFC/-----C", "------/------"]);
    d
}

#[test]
fn disease_kills_at_the_end_of_the_sixth_turn() {
    let mut d = disease_on_barbara();
    assert_eq!(d.flags(B), "d");
    for i in 1..=4 {
        d.idle(1);
        assert!(d.alive(B), "alive after T+{i}");
        assert_eq!(d.hp(B), 15);
    }
    d.idle(1);
    assert!(!d.alive(B), "dead at the end of T+5");
    assert_eq!(d.outcome(), Some(Outcome::Winner(pid(A))));
}

#[test]
fn cure_heavy_wounds_cures_disease() {
    let mut d = disease_on_barbara();
    d.seq(&["----/----", "DFPW/----"]);
    assert_eq!(d.flags(B), "");
    d.idle(4);
    assert!(d.alive(B));
}

#[test]
fn poison_kills_at_the_end_of_the_sixth_turn_despite_cure_heavy_wounds() {
    let mut d = Duel::two();
    d.seq(&["DWWFWD/------", "------/------"]);
    assert_eq!(d.flags(B), "p");
    d.seq(&["----/----", "DFPW/----"]);
    assert_eq!(d.flags(B), "p", "Cure Heavy Wounds does not cure poison");
    assert!(d.alive(B));
    d.idle(1);
    assert!(!d.alive(B), "dead at the end of T+5");
}

// ---------------------------------------------------------------- mind spells

#[test]
fn paralysis_freezes_clap_snap_wave_as_fingers_digit_palm() {
    for (prev, frozen) in [
        ('C', Gesture::Fingers),
        ('S', Gesture::Digit),
        ('W', Gesture::Palm),
        ('D', Gesture::Digit),
    ] {
        let mut d = Duel::two();
        d.about(A, "paralyze", B, hand(Hand::Right));
        let right: String = std::iter::repeat_n(prev, 3).collect();
        d.seq(&["FFF/---", &format!("---/{right}")]);
        let q = d.last_of("paralyze");
        assert_eq!(q.len(), 1);
        assert_eq!(q[0].player.index(), A, "the caster chooses the hand");
        assert_eq!(q[0].options, vec![hand(Hand::Left), hand(Hand::Right)]);
        assert_eq!(q[0].default, None);
        d.round(&["--", "-P"]);
        assert_eq!(
            d.newest(B),
            [Some(Gesture::Nothing), Some(frozen)],
            "{prev}"
        );
        d.round(&["--", "-P"]);
        assert_eq!(
            d.newest(B),
            [Some(Gesture::Nothing), Some(Gesture::Palm)],
            "one turn only"
        );
    }
}

#[test]
fn fear_stops_c_d_f_s_but_not_p_w_stab() {
    for (mv, want) in [
        ("DW", [Gesture::Nothing, Gesture::Wave]),
        ("Sk", [Gesture::Nothing, Gesture::Stab]),
        ("CP", [Gesture::Nothing, Gesture::Palm]),
        ("FF", [Gesture::Nothing, Gesture::Nothing]),
    ] {
        let mut d = Duel::two();
        d.seq(&["SWD/---", "---/---"]);
        d.round(&["--", mv]);
        assert_eq!(d.newest(B), want.map(Some), "{mv}");
    }
}

#[test]
fn amnesia_repeats_last_turns_gestures() {
    let mut d = Duel::two();
    d.rule(A, "spell", spell_choice(Spell::Amnesia, false));
    d.seq(&["DPP/---", "--W/--F"]);
    assert_eq!(
        option_spells(&d.last_of("spell")[0]),
        vec![Spell::Amnesia, Spell::Shield]
    );
    d.round(&["--", "PP"]);
    assert_eq!(d.newest(B), [Some(Gesture::Wave), Some(Gesture::Fingers)]);
    assert!(!d.being(B).surrendered, "the palms never happened");
    assert_eq!(d.outcome(), None);
}

#[test]
fn confusion_changes_exactly_one_hand_to_a_real_gesture() {
    for seed in 0..24 {
        let mut d = Duel::seeded(&["Arnold", "Barbara:f"], seed);
        d.seq(&["DSF/---", "---/---"]);
        d.round(&["--", "--"]);
        let row = d.newest(B);
        let changed: Vec<Gesture> = row
            .iter()
            .map(|g| g.expect("a gesture"))
            .filter(|&g| g != Gesture::Nothing)
            .collect();
        assert_eq!(changed.len(), 1, "seed {seed}: {row:?}");
        assert!(
            [
                Gesture::Palm,
                Gesture::Digit,
                Gesture::Fingers,
                Gesture::Wave,
                Gesture::Clap,
                Gesture::Snap
            ]
            .contains(&changed[0]),
            "seed {seed}: never nothing or stab"
        );
    }
}

#[test]
fn charm_person_lets_the_charmer_force_a_surrender() {
    let mut d = Duel::two();
    d.about(A, "charm-hand", B, hand(Hand::Right));
    d.about(A, "charm-gesture", B, Choice::Gesture(Gesture::Palm));
    d.seq(&["PSDF/----", "----/----"]);
    assert_eq!(d.hp(B), 14, "S D inside Charm Person casts Missile");
    let q = d.last_of("charm-hand");
    assert_eq!(q.len(), 1);
    assert_eq!((q[0].player.index(), q[0].default), (A, None));
    d.round(&["--", "P-"]);
    let q = d.last_of("charm-gesture");
    assert_eq!(q.len(), 1);
    assert_eq!(q[0].player.index(), A);
    assert_eq!(q[0].options.len(), 8, "all eight gestures, stab included");
    assert!(q[0].options.contains(&Choice::Gesture(Gesture::Stab)));
    assert_eq!(d.newest(B), [Some(Gesture::Palm), Some(Gesture::Palm)]);
    assert!(d.being(B).surrendered);
    assert_eq!(d.outcome(), Some(Outcome::Winner(pid(A))));
}

#[test]
fn charm_person_can_force_a_stab() {
    let mut d = Duel::two();
    d.about(A, "charm-hand", B, hand(Hand::Right));
    d.about(A, "charm-gesture", B, Choice::Gesture(Gesture::Stab));
    d.seq(&["PSDF/----", "----/----"]);
    d.round(&["--", "-P"]);
    assert_eq!(d.newest(B), [Some(Gesture::Nothing), Some(Gesture::Stab)]);
    let t = d.last_targets(Spell::Stab);
    assert_eq!(t.len(), 1);
    assert_eq!(t[0].player.index(), B, "the victim aims her own stab");
    assert_eq!(d.hp(A), 14);
}

#[test]
fn charm_monster_transfers_control_at_once() {
    let mut d = Duel::two();
    d.seq(&["---/---", "SFW/---"]);
    let goblin = d.monsters()[0];
    assert_eq!(d.owner(goblin), Some(B));
    assert_eq!(d.hp(A), 14);
    d.clear_rules();
    d.aim(A, Spell::CharmMonster, being(goblin));
    d.about(A, "monster", goblin, being(B));
    d.seq(&["PSDD/----", "----/----"]);
    assert_eq!(d.owner(goblin), Some(A));
    let m = d.last_of("monster");
    assert_eq!(m.len(), 1);
    assert_eq!(
        m[0].player.index(),
        A,
        "the charmer directs this turn's attack"
    );
    // Missile (S D inside Charm Monster) and the goblin both hit Barbara.
    assert_eq!(d.hp(B), 13);
    assert_eq!(
        d.hp(A),
        12,
        "goblin hit Arnold on rounds 3, 5 and 6 (Shield on 4)"
    );
}

// ---------------------------------------------------------------- summons

#[test]
fn summons_create_monsters_with_their_hit_points_for_the_target() {
    for (seq, choice, kind, hp) in [
        ("SFW", None, BeingKind::Goblin, 1),
        ("PSFW", Some(Spell::SummonOgre), BeingKind::Ogre, 2),
        ("FPSFW", Some(Spell::SummonTroll), BeingKind::Troll, 3),
        ("WFPSFW", Some(Spell::SummonGiant), BeingKind::Giant, 4),
    ] {
        for target in [A, B] {
            let mut d = Duel::two();
            if let Some(s) = choice {
                d.rule(A, "spell", spell_choice(s, false));
            }
            d.aim(A, Spell::CauseLightWounds, Choice::Nobody);
            d.rule(A, "target", being(target));
            d.rule(B, "monster", Choice::Nobody);
            d.rule(A, "monster", Choice::Nobody);
            let n = seq.len();
            d.seq(&[
                &format!("{seq}/{}", "-".repeat(n)),
                &format!("{}/{}", "-".repeat(n), "-".repeat(n)),
            ]);
            let ms = d.monsters();
            assert_eq!(ms.len(), 1, "{seq}");
            let m = d.being(ms[0]);
            assert_eq!(
                (m.kind, m.hp, d.owner(ms[0]), m.monster_number),
                (kind, hp, Some(target), 1)
            );
        }
    }
}

#[test]
fn summon_giant_offers_all_four_summons() {
    let mut d = Duel::two();
    d.rule(A, "spell", spell_choice(Spell::SummonGiant, false));
    d.seq(&["WFPSFW/------", "------/------"]);
    let q = d.all_of("spell");
    let last = q.last().expect("a spell question");
    assert_eq!(
        option_spells(last),
        vec![
            Spell::SummonTroll,
            Spell::SummonOgre,
            Spell::SummonGoblin,
            Spell::SummonGiant
        ]
    );
}

#[test]
fn summon_elemental_type_is_chosen_by_its_subject() {
    let mut d = Duel::two();
    d.rule(A, "spell", spell_choice(Spell::SummonElemental, false));
    d.aim(A, Spell::SummonElemental, being(B));
    d.rule(B, "elemental", Choice::Fire(false));
    d.seq(&["CSWWS/C----", "-----/-----"]);
    let t = d.last_targets(Spell::SummonElemental);
    assert!(
        !t[0].options.contains(&Choice::Nobody),
        "a wizard must be chosen"
    );
    let q = d.last_of("elemental");
    assert_eq!(q.len(), 1);
    assert_eq!(q[0].player.index(), B);
    assert_eq!(q[0].default, None);
    let e = d.monsters()[0];
    assert_eq!(d.being(e).kind, BeingKind::IceElemental);
    assert_eq!(d.owner(e), Some(B));
    // It attacks everyone, its summoner included, at once.
    assert_eq!((d.hp(A), d.hp(B), d.hp(e)), (12, 12, 3));
    assert!(
        d.last_of("monster").is_empty(),
        "nobody directs an elemental"
    );
}

// ---------------------------------------------------------------- anti-spell, delay, permanency

#[test]
fn anti_spell_breaks_a_sequence_in_progress() {
    let mut d = Duel::two();
    d.seq(&["SPF--/-----", "FSSDD/-----"]);
    assert_eq!(d.hp(A), 15, "neither missile nor fireball");
    let h = d.history(B);
    assert_eq!(h.len(), 6, "five turns plus the anti-spell row");
    assert_eq!(h[3], [None, None], "anti-spell row after turn 3");
    // Control.
    let mut d = Duel::two();
    d.seq(&["-----/-----", "FSSDD/-----"]);
    assert_eq!(d.hp(A), 9);
}

#[test]
fn delayed_effect_banks_a_spell_and_releases_it_later() {
    let mut d = Duel::two();
    d.rule(A, "spell", spell_choice(Spell::DelayedEffect, false));
    d.seq(&["DWSSSP/------", "------/------"]);
    d.seq(&["SD/--", "--/--"]);
    assert!(
        d.last_targets(Spell::Missile).is_empty(),
        "a banked spell is not aimed"
    );
    assert_eq!(d.hp(B), 15);
    d.round(&["--", "--"]);
    let r = d.last_of("release");
    assert_eq!(r.len(), 1);
    assert_eq!(
        r[0].kind,
        QuestionKind::Release {
            spell: Spell::Missile
        }
    );
    assert_eq!(
        r[0].options[r[0].fallback()],
        Choice::Yes(false),
        "pre-answered no"
    );
    assert_eq!(d.hp(B), 15);
    d.rule(A, "release", Choice::Yes(true));
    d.round(&["--", "--"]);
    let t = d.last_targets(Spell::Missile);
    assert_eq!(t.len(), 1);
    assert!(matches!(
        t[0].kind,
        QuestionKind::Target {
            hand: spellcast::engine::CastHand::Delayed,
            ..
        }
    ));
    assert_eq!(d.hp(B), 14);
    d.round(&["--", "--"]);
    assert!(d.last_of("release").is_empty(), "the bank is empty");
}

#[test]
fn permanency_makes_protection_from_evil_last() {
    let mut d = Duel::two();
    d.aim(A, Spell::AntiSpell, Choice::Nobody);
    d.aim(A, Spell::Missile, Choice::Nobody);
    d.rule(A, "spell", spell_choice(Spell::ProtectionFromEvil, false));
    d.seq(&["SPFPSDWWP/---------", "---------/---------"]);
    assert_eq!(d.flags(A), "P");
    d.idle(8);
    assert_eq!(d.flags(A), "P", "still protected 8 turns later");
    d.round(&["--", "k-"]);
    assert_eq!(d.hp(A), 15);
    // Control: the same without Permanency fades.
    let mut d = Duel::two();
    d.rule(A, "spell", spell_choice(Spell::ProtectionFromEvil, false));
    d.seq(&["WWP/---", "---/---"]);
    d.idle(8);
    assert_eq!(d.flags(A), "");
}

// ---------------------------------------------------------------- haste, time stop

#[test]
fn haste_gives_three_extra_rounds_to_the_hasted_wizard_only() {
    let mut d = Duel::two();
    d.seq(&["PWPWWC/-----C", "------/------"]);
    let mut kinds = Vec::new();
    let mut actives = Vec::new();
    for _ in 0..8 {
        kinds.push(d.game.round_kind());
        actives.push((d.active(A), d.active(B)));
        d.round(&["--", "--"]);
    }
    use spellcast::engine::RoundKind::{Haste as H, Normal as N};
    assert_eq!(kinds, vec![H, N, H, N, H, N, N, N]);
    for (k, a) in kinds.iter().zip(&actives) {
        if *k == H {
            assert_eq!(*a, (true, false));
        } else {
            assert_eq!(*a, (true, true));
        }
    }
}

#[test]
fn a_hasted_stab_resolves_with_the_next_normal_round() {
    let mut d = Duel::two();
    d.seq(&["PWPWWC/-----C", "------/------"]);
    assert_eq!(d.game.round_kind(), spellcast::engine::RoundKind::Haste);
    d.round(&["k-", "--"]);
    assert_eq!(d.hp(B), 15, "not yet");
    d.round(&["k-", "--"]);
    assert_eq!(d.hp(B), 13, "both stabs together");
}

#[test]
fn time_stop_gives_one_round_to_the_caster_alone() {
    let mut d = Duel::two();
    d.seq(&["SPPC/---C", "----/----"]);
    assert_eq!(d.game.round_kind(), spellcast::engine::RoundKind::TimeStop);
    assert!(d.active(A));
    assert!(!d.active(B));
    let rows_b = d.history(B).len();
    d.round(&["k-", "--"]);
    assert_eq!(d.hp(B), 14, "resolved at once");
    assert_eq!(
        d.history(B).len(),
        rows_b,
        "the frozen wizard records nothing"
    );
    assert_eq!(d.game.round_kind(), spellcast::engine::RoundKind::Normal);
    assert!(d.active(B));
}

// ---------------------------------------------------------------- invisibility, blindness

#[test]
fn invisibility_makes_spells_at_the_wizard_go_wild() {
    let mut d = Duel::two();
    d.seq(&["PPWS/--WS", "----/----"]);
    assert_eq!(d.flags(A), "I");
    d.seq(&["--/--", "SD/--"]);
    assert_eq!(d.hp(A), 15, "the missile goes wild");
    d.idle(2);
    assert_eq!(d.flags(A), "", "visible again after T+3");
    d.seq(&["--/--", "SD/--"]);
    assert_eq!(d.hp(A), 14);
}

#[test]
fn blindness_makes_a_wizards_spells_at_others_go_wild_but_not_at_herself() {
    let mut d = Duel::two();
    d.seq(&["kDWFFD/-----D", "------/------"]);
    assert_eq!(d.flags(B), "b");
    assert_eq!(d.hp(B), 14);
    d.seq(&["---/---", "DFW/-SD"]);
    assert_eq!(d.hp(A), 15, "her missile at Arnold goes wild");
    assert_eq!(d.hp(B), 15, "her cure on herself works");
}

// ---------------------------------------------------------------- storms

#[test]
fn fire_storm_hits_everyone_except_the_heat_resistant() {
    let mut d = Duel::two();
    d.rule(B, "spell", spell_choice(Spell::ResistHeat, false));
    d.seq(&["SWWC/---C", "WWFP/----"]);
    assert!(
        d.last_targets(Spell::FireStorm).is_empty(),
        "storms ask no target"
    );
    assert_eq!(d.hp(A), 10);
    assert_eq!(d.hp(B), 15);
}

#[test]
fn ice_storm_hits_everyone_except_the_cold_resistant() {
    let mut d = Duel::two();
    d.rule(B, "spell", spell_choice(Spell::ResistCold, false));
    d.seq(&["WSSC/---C", "SSFP/----"]);
    assert_eq!(d.hp(A), 10);
    assert_eq!(d.hp(B), 15);
    let mut d = Duel::two();
    d.seq(&["WSSC/---C", "----/----"]);
    assert_eq!((d.hp(A), d.hp(B)), (10, 10));
}

#[test]
fn surrender_gives_the_duel_to_the_other() {
    let mut d = Duel::two();
    d.round(&["--", "PP"]);
    assert!(d.being(B).surrendered);
    assert_eq!(d.outcome(), Some(Outcome::Winner(pid(A))));
}
