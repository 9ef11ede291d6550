//! What the questions tell the one who answers them, through every way in
//! (script reports, the seat protocol's question objects): Death Match's
//! `resist-charm` names the hand the charm holds, and a charmer is never
//! offered a clap for one hand where the book counts a one-handed clap as
//! nothing (spellcast-rules(7), DEATH MATCH: "a one-handed C is nothing").

use serde_json::{json, Value};
use spellcast::engine::{Choice, Gesture, PlayerId, QuestionKind};
use spellcast::script::{play, play_duel, Script};
use spellcast::seat::view_map::{asked_question, BeingLabels};

/// Death Match: Arnold charms Barbara (P-W-W-P, spellcast-rules(7)) and
/// takes her right hand; `more` rounds follow.
fn charm_script(more: Value) -> String {
    let mut rounds = vec![
        json!({"moves": {"Arnold": "P-", "Barbara": "--"}, "answers": {}}),
        json!({"moves": {"Arnold": "W-", "Barbara": "--"}, "answers": {}}),
        json!({"moves": {"Arnold": "W-", "Barbara": "--"}, "answers": {}}),
        json!({"moves": {"Arnold": "P-", "Barbara": "--"}, "answers": {"Arnold": [
            {"kind": "spell", "hand": "left", "answer": "Charm"},
            {"kind": "target", "spell": "Charm", "hand": "left", "answer": "Barbara"},
            {"kind": "charm-hand", "about": "Barbara", "answer": "right"}]}}),
    ];
    rounds.extend(more.as_array().cloned().unwrap_or_default());
    json!({"players": ["Arnold", "Barbara:f"], "seed": 0, "rules": "deathmatch",
           "rounds": rounds})
    .to_string()
}

/// The round after the charm, with these answers.
fn next_round(answers: Value) -> Value {
    json!([{"moves": {"Arnold": "--", "Barbara": "--"}, "answers": answers}])
}

/// The resist question, as the script report writes it, names the hand
/// under the charm; an answer naming the other hand is meant for another
/// question and is refused as unused.
#[test]
fn resist_charm_names_the_charmed_hand_in_reports() {
    let text = charm_script(next_round(json!({
        "Arnold": [{"kind": "charm-gesture", "about": "Barbara", "answer": "P"}],
        "Barbara": [{"kind": "resist-charm", "hand": "right", "answer": "yes"}]})));
    let script: Script = serde_json::from_str(&text).expect("a script");
    let report = play(&script, None).expect("plays");
    let asked = &report["rounds"][4]["questions"]["Barbara"][0];
    assert_eq!(asked["kind"], "resist-charm");
    assert_eq!(asked["hand"], "right", "{asked}");
    assert_eq!(asked["answer"], "yes");

    let wrong = charm_script(next_round(json!({
        "Barbara": [{"kind": "resist-charm", "hand": "left", "answer": "yes"}]})));
    let script: Script = serde_json::from_str(&wrong).expect("a script");
    assert!(play(&script, None).is_err(), "an answer for a left hand");
}

/// Between the rounds the charmer's gesture question and the victim's
/// resist question are open: the protocol's resist question carries the
/// hand, and the gestures offered hold no clap (a lone C is nothing).
#[test]
fn the_open_charm_questions_name_the_hand_and_offer_no_lone_clap() {
    let text = charm_script(json!([]));
    let script: Script = serde_json::from_str(&text).expect("a script");
    let duel = play_duel(&script, None).expect("plays");
    let labels = BeingLabels::new(vec!["Arnold".into(), "Barbara".into()]);

    let charmer = duel.open_questions(PlayerId::new(0));
    let gesture = charmer
        .iter()
        .find(|q| matches!(q.kind, QuestionKind::CharmGesture { .. }))
        .expect("the charmer picks a gesture");
    assert!(!gesture.options.contains(&Choice::Gesture(Gesture::Clap)));
    // The book's other gestures are all there (C D P S W, the stab on the
    // right, and nothing).
    for g in [Gesture::Digit, Gesture::Palm, Gesture::Snap, Gesture::Wave] {
        assert!(gesture.options.contains(&Choice::Gesture(g)), "{g:?}");
    }
    let letters = asked_question(gesture, &labels).json.options.concat();
    assert!(!letters.contains('C'), "{letters}");

    let victim = duel.open_questions(PlayerId::new(1));
    let resist = victim
        .iter()
        .find(|q| matches!(q.kind, QuestionKind::ResistCharm { .. }))
        .expect("the victim may resist");
    let json = serde_json::to_value(asked_question(resist, &labels).json).expect("JSON");
    assert_eq!(json["kind"], "resist-charm");
    assert_eq!(json["hand"], "right", "{json}");
}

/// A script that answers the charmer's question with a clap is refused,
/// as any answer that is not an option is.
#[test]
fn a_lone_clap_for_the_charmed_hand_is_refused() {
    let text = charm_script(next_round(json!({
        "Arnold": [{"kind": "charm-gesture", "about": "Barbara", "answer": "C"}]})));
    let script: Script = serde_json::from_str(&text).expect("a script");
    let err = play(&script, None).expect_err("a clap is not offered");
    assert!(err.to_string().contains("not a legal answer"), "{err}");
}
