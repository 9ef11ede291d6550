//! Interactions between spells, monsters and wizards (spellcast(6),
//! RULES: simultaneity and cancellation, winning): elementals against storms, cancels,
//! conflicts, surrender and draws.

use crate::engine_support;

use engine_support::*;
use spellcast::engine::{
    BeingKind, Choice, Gesture, Hand, Outcome, QuestionKind, RoundKind, Spell,
};

/// Summon Elemental with the left hand (c S W W S), `fire` or ice, aimed at the caster.
const ELEMENTAL: &str = "CSWWS/C----";

fn elemental(d: &mut Duel, who: usize, fire: bool) {
    d.rule(who, "spell", spell_choice(Spell::SummonElemental, false));
    d.rule(who, "elemental", Choice::Fire(fire));
}

// ---------------------------------------------------------------- elementals and storms

#[test]
fn two_fire_elementals_merge_into_one_at_full_health() {
    let mut d = Duel::two();
    elemental(&mut d, A, true);
    elemental(&mut d, B, true);
    d.seq(&[ELEMENTAL, ELEMENTAL]);
    let ms = d.monsters();
    assert_eq!(ms.len(), 2);
    let alive: Vec<_> = ms.iter().filter(|&&m| d.alive(m)).collect();
    assert_eq!(alive.len(), 1, "merged");
    assert_eq!(*alive[0], ms[0], "into the first");
    assert_eq!(d.hp(ms[0]), 3);
    assert!(!d.being(ms[1]).corpse());
    assert_eq!((d.hp(A), d.hp(B)), (12, 12), "one elemental attacks");
}

#[test]
fn fire_and_ice_elementals_destroy_each_other() {
    let mut d = Duel::two();
    elemental(&mut d, A, true);
    elemental(&mut d, B, false);
    d.seq(&[ELEMENTAL, ELEMENTAL]);
    assert!(d.monsters().iter().all(|&m| !d.alive(m)));
    assert_eq!((d.hp(A), d.hp(B)), (15, 15), "no attack");
}

/// Summon Elemental on round 5 and one idle round.
const ELEMENTAL6: &str = "CSWWS-/C-----";

#[test]
fn fire_storm_absorbs_a_fire_elemental_and_still_strikes() {
    let mut d = Duel::two();
    elemental(&mut d, A, true);
    d.seq(&[ELEMENTAL6, "--SWWC/-----C"]);
    let e = d.monsters()[0];
    assert!(!d.alive(e));
    assert!(!d.being(e).corpse());
    assert_eq!((d.hp(A), d.hp(B)), (12 - 5, 12 - 5));
    // Control: the elemental alone hits again for 3.
    let mut d = Duel::two();
    elemental(&mut d, A, true);
    d.seq(&[ELEMENTAL6, "------/------"]);
    assert_eq!((d.hp(A), d.hp(B)), (9, 9));
}

#[test]
fn fire_storm_and_an_ice_elemental_destroy_each_other() {
    let mut d = Duel::two();
    elemental(&mut d, A, false);
    d.seq(&[ELEMENTAL6, "--SWWC/-----C"]);
    let e = d.monsters()[0];
    assert!(!d.alive(e));
    assert_eq!((d.hp(A), d.hp(B)), (12, 12), "neither storm nor attack");
}

#[test]
fn ice_storm_absorbs_an_ice_elemental_and_still_strikes() {
    let mut d = Duel::two();
    elemental(&mut d, A, false);
    d.seq(&[ELEMENTAL6, "--WSSC/-----C"]);
    let e = d.monsters()[0];
    assert!(!d.alive(e));
    assert_eq!((d.hp(A), d.hp(B)), (7, 7));
}

#[test]
fn ice_storm_and_a_fire_elemental_destroy_each_other() {
    let mut d = Duel::two();
    elemental(&mut d, A, true);
    d.seq(&[ELEMENTAL6, "--WSSC/-----C"]);
    assert!(!d.alive(d.monsters()[0]));
    assert_eq!((d.hp(A), d.hp(B)), (12, 12));
}

#[test]
fn fire_storm_and_ice_storm_cancel() {
    let mut d = Duel::two();
    d.seq(&["SWWC/---C", "WSSC/---C"]);
    assert_eq!((d.hp(A), d.hp(B)), (15, 15));
}

#[test]
fn two_fire_storms_strike_once() {
    let mut d = Duel::three();
    d.seq(&["SWWC/---C", "----/----", "SWWC/---C"]);
    assert_eq!((d.hp(A), d.hp(B), d.hp(C)), (10, 10, 10));
}

#[test]
fn counter_spell_shelters_from_a_storm() {
    let mut d = Duel::two();
    d.rule(B, "spell", spell_choice(Spell::CounterSpell, false));
    d.aim(B, Spell::CounterSpell, being(B));
    d.seq(&["SWWC/---C", "-WPP/----"]);
    assert_eq!((d.hp(A), d.hp(B)), (10, 15));
}

#[test]
fn resist_heat_destroys_a_fire_elemental() {
    let mut d = Duel::two();
    elemental(&mut d, A, true);
    let e = 2; // the first monster of a two-wizard duel
    d.rule(B, "spell", spell_choice(Spell::ResistHeat, false));
    d.aim(B, Spell::ResistHeat, being(e));
    d.seq(&[ELEMENTAL6, "--WWFP/------"]);
    assert_eq!(d.being(e).kind, BeingKind::FireElemental);
    assert!(!d.alive(e));
    assert!(!d.being(e).corpse());
    assert_eq!(d.hp(B), 12, "no attack on the Resist Heat turn");
}

#[test]
fn fireball_destroys_an_ice_elemental() {
    let mut d = Duel::two();
    elemental(&mut d, A, false);
    let e = 2;
    d.aim(B, Spell::Fireball, being(e));
    d.aim(B, Spell::Missile, Choice::Nobody);
    d.seq(&[ELEMENTAL6, "-FSSDD/------"]);
    assert!(!d.alive(e));
    assert_eq!(
        (d.hp(A), d.hp(B)),
        (12, 12),
        "no attack on the fireball turn"
    );
}

#[test]
fn shield_stops_an_elemental() {
    let mut d = Duel::two();
    elemental(&mut d, A, true);
    d.seq(&[ELEMENTAL, "----P/-----"]);
    assert_eq!((d.hp(A), d.hp(B)), (12, 15));
}

#[test]
fn fireball_in_an_ice_storm_cancels_both_for_its_target() {
    // Carol's Ice Storm and Arnold's Fireball at Barbara on the same turn.
    let mut d = Duel::three();
    d.aim(A, Spell::Missile, Choice::Nobody);
    d.seq(&["FSSDD/-----", "-----/-----", "-WSSC/----C"]);
    assert_eq!(d.hp(B), 15, "neither fireball nor storm");
    assert_eq!((d.hp(A), d.hp(C)), (10, 10), "the storm hits the others");
}

// ---------------------------------------------------------------- cancels and conflicts

#[test]
fn raise_dead_and_finger_of_death_on_one_being_cancel() {
    let mut d = Duel::three();
    d.rule(A, "spell", spell_choice(Spell::FingerOfDeath, false));
    d.aim(A, Spell::FingerOfDeath, being(C));
    d.aim(B, Spell::RaiseDead, being(C));
    d.seq(&[
        "PWPFSSSD/--------",
        "--DWWFWC/-------C",
        "--------/--------",
    ]);
    assert!(d.alive(C));
    assert_eq!(d.hp(C), 15);
}

#[test]
fn amnesia_and_confusion_together_cancel() {
    let mut d = Duel::three();
    d.rule(A, "spell", spell_choice(Spell::Amnesia, false));
    d.aim(A, Spell::Amnesia, being(B));
    d.aim(C, Spell::Confusion, being(B));
    d.seq(&["DPP/---", "--W/--W", "DSF/---"]);
    d.round(&["--", "DF", "--"]);
    assert_eq!(d.newest(B), [Some(Gesture::Digit), Some(Gesture::Fingers)]);
}

#[test]
fn two_paralyses_on_an_unfrozen_wizard_cancel() {
    let mut d = Duel::three();
    d.aim(A, Spell::Paralysis, being(B));
    d.aim(C, Spell::Paralysis, being(B));
    d.seq(&["FFF/---", "--C/---", "FFF/---"]);
    assert!(
        d.last_of("paralyze").is_empty(),
        "no hand question after the cancel"
    );
    d.round(&["--", "P-", "--"]);
    assert_eq!(d.newest(B), [Some(Gesture::Palm), Some(Gesture::Nothing)]);
}

#[test]
fn two_fears_do_not_cancel() {
    let mut d = Duel::three();
    d.aim(A, Spell::Fear, being(B));
    d.aim(C, Spell::Fear, being(B));
    d.seq(&["SWD/---", "---/---", "SWD/---"]);
    d.round(&["--", "DW", "--"]);
    assert_eq!(d.newest(B), [Some(Gesture::Nothing), Some(Gesture::Wave)]);
}

#[test]
fn magic_mirror_reflects_paralysis_and_its_owner_picks_the_hand() {
    let mut d = Duel::two();
    d.about(B, "paralyze", A, hand(Hand::Left));
    d.seq(&["FFF/---", "-CW/-CW"]);
    let q = d.last_of("paralyze");
    assert_eq!(q.len(), 1);
    assert_eq!(q[0].player.index(), B);
    assert_eq!(
        q[0].kind,
        QuestionKind::ParalyzeHand {
            victim: bid(A),
            hand: None
        }
    );
    d.round(&["W-", "--"]);
    assert_eq!(
        d.newest(A),
        [Some(Gesture::Fingers), Some(Gesture::Nothing)]
    );
}

#[test]
fn counter_spell_destroys_a_summons() {
    let mut d = Duel::two();
    d.aim(A, Spell::CounterSpell, being(B));
    d.seq(&["WWS/---", "SFW/---"]);
    assert!(d.monsters().is_empty());
}

#[test]
fn delayed_effect_does_not_catch_a_spell_of_its_own_turn_and_expires() {
    // Missile completed on the Delayed Effect's own turn is cast normally.
    let mut d = Duel::two();
    d.rule(A, "spell", spell_choice(Spell::DelayedEffect, false));
    d.seq(&["DWSSSP/----SD", "------/------"]);
    assert_eq!(d.hp(B), 14);
    // Three turns pass: the window dies away; a later missile is cast normally.
    d.idle(3);
    d.seq(&["SD/--", "--/--"]);
    assert_eq!(d.hp(B), 13);
    assert!(d.all_of("release").is_empty());
}

// ---------------------------------------------------------------- monsters

#[test]
fn a_monster_asks_its_owner_with_the_first_other_wizard_pre_filled() {
    let mut d = Duel::three();
    d.seq(&["---/---", "SFW/---", "---/---"]);
    let goblin = d.monsters()[0];
    let q = d.last_of("monster");
    assert_eq!(q.len(), 1);
    assert_eq!(q[0].player.index(), B);
    assert_eq!(
        q[0].kind,
        QuestionKind::Monster {
            monster: bid(goblin),
            attack: 0
        }
    );
    assert_eq!(
        q[0].options,
        vec![Choice::Nobody, being(A), being(B), being(C), being(goblin)],
        "nobody, wizards, creatures (itself included)"
    );
    assert_eq!(q[0].options[q[0].fallback()], being(A));
    assert_eq!(d.hp(A), 14);
}

#[test]
fn a_monster_attacking_itself_refuses() {
    let mut d = Duel::two();
    d.seq(&["---/---", "SFW/---"]);
    let goblin = d.monsters()[0];
    d.about(B, "monster", goblin, being(goblin));
    d.idle(1);
    assert!(d.alive(goblin));
    assert_eq!(d.hp(goblin), 1);
}

#[test]
fn monsters_of_a_dead_wizard_stop_attacking() {
    let mut d = Duel::three();
    d.rule(C, "spell", spell_choice(Spell::FingerOfDeath, false));
    d.seq(&[
        "SFW-----/--------",
        "--------/--------",
        "PWPFSSSD/--------",
    ]);
    let goblin = d.monsters()[0];
    assert_eq!(d.owner(goblin), Some(A));
    assert_eq!(
        d.hp(B),
        15 - 6,
        "the goblin attacked Barbara on rounds 3..8"
    );
    assert!(!d.alive(A), "Carol's Finger of Death");
    d.idle(3);
    assert!(d.last_of("monster").is_empty());
    assert_eq!(d.hp(B), 9, "the ownerless goblin does not attack");
    assert!(d.alive(goblin));
}

#[test]
fn a_hasted_monster_gets_a_wizardless_haste_round_and_two_attacks() {
    let mut d = Duel::two();
    d.seq(&["---/---", "SFW/---"]);
    let goblin = d.monsters()[0];
    d.aim(A, Spell::Haste, being(goblin));
    d.rule(B, "monster", Choice::Nobody);
    d.seq(&["PWPWWC/-----C", "------/------"]);
    assert_eq!(
        d.last_of("monster").len(),
        1,
        "one attack on the turn of the spell"
    );
    assert_eq!(d.game.round_kind(), RoundKind::Haste);
    assert!(!d.active(A) && !d.active(B), "no wizard moves");
    d.idle(1);
    assert!(d.last_questions().is_empty());
    assert_eq!(d.game.round_kind(), RoundKind::Normal);
    d.idle(1);
    let m = d.last_of("monster");
    assert_eq!(m.len(), 2, "two attacks");
    assert_eq!(
        m[1].kind,
        QuestionKind::Monster {
            monster: bid(goblin),
            attack: 1
        }
    );
}

#[test]
fn invisible_wizards_cannot_be_attacked_by_monsters() {
    let mut d = Duel::two();
    // Goblin from round 3; Arnold's palms shield him on 4 and 5; invisible from 7.
    d.seq(&["---PPWS/-----WS", "SFW----/-------"]);
    assert_eq!(d.hp(A), 13, "hit on rounds 3 and 6 only");
    d.idle(2);
    assert_eq!(d.hp(A), 13, "not on T+1, T+2 either");
    d.idle(1);
    assert_eq!(d.hp(A), 12, "attacked again on T+3");
}

#[test]
fn blindness_destroys_a_monster() {
    let mut d = Duel::two();
    d.seq(&["-----/-----", "--SFW/-----"]);
    let goblin = d.monsters()[0];
    d.aim(A, Spell::Blindness, being(goblin));
    d.seq(&["DWFFD/----D", "-----/-----"]);
    assert!(!d.alive(goblin));
    assert!(!d.being(goblin).corpse());
}

#[test]
fn dispel_magic_destroys_monster_corpses() {
    let mut d = Duel::two();
    d.seq(&["---/---", "SFW/---"]);
    let goblin = d.monsters()[0];
    d.aim(A, Spell::Stab, being(goblin));
    d.round(&["k-", "--"]);
    assert!(d.being(goblin).corpse());
    d.seq(&["CDPW/C---", "----/----"]);
    assert!(!d.being(goblin).corpse(), "no corpse left to raise");
}

#[test]
fn time_stopped_beings_lose_their_protection_from_evil() {
    let mut d = Duel::two();
    d.rule(B, "spell", spell_choice(Spell::ProtectionFromEvil, false));
    d.seq(&["SPPC/---C", "-WWP/----"]);
    assert_eq!(d.flags(B), "P");
    assert_eq!(d.game.round_kind(), RoundKind::TimeStop);
    d.round(&["k-", "--"]);
    assert_eq!(d.hp(B), 14, "frozen: no PfE shield");
    d.round(&["k-", "--"]);
    assert_eq!(d.hp(B), 14, "back in time: shielded again");
}

// ---------------------------------------------------------------- surrender, death, draws

#[test]
fn both_surrendering_is_a_draw() {
    let mut d = Duel::two();
    d.round(&["PP", "PP"]);
    assert_eq!(d.outcome(), Some(Outcome::Draw));
}

#[test]
fn surrendering_while_the_last_opponent_dies_wins() {
    let mut d = Duel::two();
    d.aim(A, Spell::Confusion, Choice::Nobody);
    d.aim(A, Spell::Paralysis, Choice::Nobody);
    d.seq(&["DSFFFC/-----C", "------/------"]);
    d.idle(4);
    assert_eq!(d.outcome(), None);
    d.round(&["PP", "--"]);
    assert!(d.being(A).surrendered);
    assert!(!d.alive(B), "disease at T+5");
    assert_eq!(
        d.outcome(),
        Some(Outcome::Winner(pid(A))),
        "nobody left to surrender to"
    );
    assert!(d.alive(A), "kept alive at the end");
}

#[test]
fn surrender_in_a_three_wizard_duel_leaves_the_others_fighting() {
    let mut d = Duel::three();
    d.round(&["--", "PP", "--"]);
    assert_eq!(d.outcome(), None);
    assert!(!d.alive(B), "out of the game after the surrender turn");
    assert!(!d.active(B));
    d.round(&["k-", "--", "--"]);
    assert_eq!(d.hp(C), 14, "Arnold's stab now defaults to Carol");
}

#[test]
fn dying_together_is_a_draw() {
    let mut d = Duel::two();
    let k = format!("{}/{}", "k".repeat(15), "-".repeat(15));
    d.seq(&[&k, &k]);
    assert!(!d.alive(A) && !d.alive(B));
    assert_eq!(d.outcome(), Some(Outcome::Draw));
}

#[test]
fn a_finished_duel_refuses_further_rounds() {
    let mut d = Duel::two();
    d.round(&["--", "PP"]);
    let rows = d.history(A).len();
    let stab = Some((Gesture::Stab, Gesture::Nothing));
    assert_eq!(
        d.game.start_round(&[stab, None]),
        Err(spellcast::engine::MoveError::DuelOver)
    );
    assert_eq!(d.history(A).len(), rows);
    assert_eq!(d.outcome(), Some(Outcome::Winner(pid(A))));
}

#[test]
fn elementals_leave_no_corpse_and_other_monsters_do() {
    let mut d = Duel::two();
    elemental(&mut d, A, true);
    // Barbara: goblin on round 3 (left), Ice Storm on round 6 (right, then both clap).
    d.seq(&[ELEMENTAL6, "SFW--C/--WSSC"]);
    let ms = d.monsters();
    let (goblin, fire) = (ms[0], ms[1]);
    assert_eq!(d.being(goblin).kind, BeingKind::Goblin);
    assert!(!d.alive(goblin), "the fire elemental burns the goblin");
    assert!(d.being(goblin).corpse());
    assert!(!d.alive(fire), "the Ice Storm destroys the fire elemental");
    assert!(!d.being(fire).corpse());
    assert_eq!(d.hp(B), 12, "and the storm is spent too");
}
