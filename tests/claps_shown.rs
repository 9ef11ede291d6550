//! Death Match's announced claps are public at the reveal
//! (spellcast-rules(7), DEATH MATCH: "with every two-handed clap the wizard
//! names one clap spell"; the book's players see what was named once the
//! gestures are shown): the other wizard's view and text tell them from
//! then, never before, and the seat protocol's view carries them.

use spellcast::engine::{
    Announcement, Choice, Duel, Gesture, PlayerId, QuestionKind, Spell, Step, Viewer,
};
use spellcast::script::{play_duel, Script};
use spellcast::seat::view_map::{view_json, BeingLabels};

/// A Death Match between Arnold and Barbara, no round played.
fn death_match() -> Duel {
    let text = r#"{"players": ["Arnold", "Barbara:f"], "rules": "deathmatch", "rounds": []}"#;
    let script: Script = serde_json::from_str(text).expect("a script");
    play_duel(&script, None).expect("a duel")
}

/// Answers `p`'s open questions: Fear for an announcement, the default
/// for anything else.
/// The players, in order.
fn arnold() -> PlayerId {
    PlayerId::new(0)
}

fn barbara() -> PlayerId {
    PlayerId::new(1)
}

fn answer(duel: &mut Duel, p: PlayerId) -> Step {
    let answers: Vec<usize> = duel
        .open_questions(p)
        .iter()
        .map(|q| match q.kind {
            QuestionKind::Announce => q
                .options
                .iter()
                .position(|&c| {
                    c == Choice::Spell {
                        spell: Spell::Fear,
                        both: false,
                    }
                })
                .expect("Fear is a clap spell"),
            _ => q.fallback(),
        })
        .collect();
    duel.answer(p, &answers).expect("legal answers")
}

/// Barbara claps with both hands and announces Fear while Arnold makes a
/// palm (a Shield, whose target he is asked before the reveal): until the
/// reveal only Barbara's own view holds her announcement; after it, both
/// views do, both text panes tell it, and so does the protocol's view.
#[test]
fn an_announced_clap_is_shown_to_the_other_wizard_from_the_reveal() {
    let mut duel = death_match();
    let palm_and_clap = [
        Some((Gesture::Palm, Gesture::Nothing)),
        Some((Gesture::Clap, Gesture::Clap)),
    ];
    let mut step = duel.start_round(&palm_and_clap).expect("legal moves");
    let mut saw_arnold_asked_before_the_reveal = false;
    while let Step::Questions = step {
        let waiting: Vec<PlayerId> = duel.waiting_on().collect();
        if !duel.open_questions(arnold()).is_empty() && duel.view(arnold()).before_reveal {
            // Arnold answers before the reveal: nothing of Barbara's claps.
            assert_eq!(duel.view(arnold()).announced, Vec::new());
            let (lines, _) = duel.narration_since(Viewer::Player(arnold()), 0);
            assert!(!lines.iter().any(|l| l.contains("announces")), "{lines:?}");
            saw_arnold_asked_before_the_reveal = true;
        }
        for p in waiting {
            step = answer(&mut duel, p);
        }
    }
    assert!(saw_arnold_asked_before_the_reveal, "the Shield's target");

    let expected = vec![Announcement {
        wizard: barbara(),
        row: 0,
        spell: Spell::Fear,
    }];
    assert_eq!(duel.view(arnold()).announced, expected);
    assert_eq!(duel.view(barbara()).announced, expected);

    let (arnold_reads, _) = duel.narration_since(Viewer::Player(arnold()), 0);
    assert!(
        arnold_reads.contains(&"Barbara claps and announces Fear.".to_string()),
        "{arnold_reads:?}"
    );
    let (barbara_reads, _) = duel.narration_since(Viewer::Player(barbara()), 0);
    assert!(
        barbara_reads.contains(&"You clap and announce Fear.".to_string()),
        "{barbara_reads:?}"
    );

    let labels = BeingLabels::new(vec!["Arnold".into(), "Barbara".into()]);
    let json = serde_json::to_value(view_json(&duel.view(arnold()), &labels)).expect("JSON");
    assert_eq!(
        json["announced"],
        serde_json::json!([{"wizard": "Barbara", "row": 1, "spell": "Fear"}])
    );
}

/// Under the original rules there are no announcements, and the view is
/// written as version 1.0 of the protocol wrote it (no `announced` key).
#[test]
fn a_view_without_announcements_has_no_announced_key() {
    let text = r#"{"players": ["Arnold", "Barbara:f"], "rounds": [
        {"moves": {"Arnold": "CC", "Barbara": "--"}, "answers": {}}]}"#;
    let script: Script = serde_json::from_str(text).expect("a script");
    let duel = play_duel(&script, None).expect("a duel");
    let labels = BeingLabels::new(vec!["Arnold".into(), "Barbara".into()]);
    let json = serde_json::to_value(view_json(&duel.view(barbara()), &labels)).expect("JSON");
    assert!(json.get("announced").is_none(), "{json}");
}

/// The copy the computer imagines for Arnold before the reveal holds no
/// announcement of Barbara's for her unrevealed clap: a seat's copy holds
/// nothing its view does not. The copy's hidden row is filled with a clap,
/// so Barbara's own view in the copy would show an announcement it held.
#[test]
fn a_copy_made_before_the_reveal_holds_no_unrevealed_announcement() {
    let mut duel = death_match();
    let palm_and_clap = [
        Some((Gesture::Palm, Gesture::Nothing)),
        Some((Gesture::Clap, Gesture::Clap)),
    ];
    let mut step = duel.start_round(&palm_and_clap).expect("legal moves");
    let mut checked = false;
    while let Step::Questions = step {
        let waiting: Vec<PlayerId> = duel.waiting_on().collect();
        if !duel.open_questions(arnold()).is_empty() && duel.view(arnold()).before_reveal {
            let claps = &mut |_: &_, _| (Gesture::Clap, Gesture::Clap);
            let copy = duel.seat_view(arnold()).determinise(0, claps).into_duel();
            assert_eq!(copy.view(barbara()).announced, Vec::new());
            checked = true;
        }
        for p in waiting {
            step = answer(&mut duel, p);
        }
    }
    assert!(checked, "Arnold was asked before the reveal");
}
