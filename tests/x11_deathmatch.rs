//! A Death Match duel (`--rules deathmatch --onyx Alice`) through two
//! windows to its end, driven with XTEST and waiting on drawn pixels only.
//! What is expected comes from the book (spellcast-rules(7), DEATH MATCH): 20 hit
//! points; gestures C D P S W only, a stab only in the right hand, the Onyx
//! beam for its holder once; a two-handed clap names the clap spell it
//! starts (`announce`, pre-filled `nothing`); the beam does 3 unblockable
//! damage and a stab 1.

use crate::x11_ui;

use x11_ui::{artefact, drawn_text, test_font, wait_until, Player, TwoPlayers, END_LABEL};

/// Places in the gesture popups: each gesture where the original's popup
/// has it (nothing, P, D, F; W, C, S, stab), the ones the book lacks left
/// blank, and the holder's Onyx in the first blank place (F's).
const PALM: i32 = 1;
const ONYX: i32 = 3;
const WAVE: i32 = 4;
const CLAP: i32 = 5;
const STAB: i32 = 7;

/// The announce menu: `nothing`, then the seven clap spells in the book's
/// order (c-S Magic Mirror, c-D-W-W-S Summon Troll, c-D-D-W-S Summon
/// Elemental, c-W-W-S Fire Storm, c-S-S-W Ice Storm, c-W Fear, c-P-P
/// Anti-spell).
const ANNOUNCE_ITEMS: i32 = 8;
const FEAR: i32 = 6;

#[test]
fn a_death_match_through_two_windows_with_a_clap_the_onyx_and_a_stab() {
    let mut duel = TwoPlayers::start_with(
        "Alice:f",
        3,
        "deathmatch",
        &["--rules", "deathmatch", "--onyx", "Alice"],
        " (Death Match)",
    );
    let (alice, bob) = (&duel.alice, &duel.bob);

    // The popups offer the book's gestures, each in its place: no F (a
    // blank place); Bob's left hand has no stab, his right one has; only
    // Alice, the holder, has the Onyx, in F's place.
    let (t, f) = (true, false);
    assert_eq!(
        bob.offered_places(0),
        [t, t, t, f, t, t, t, f],
        "Bob's left: - P D _ / W C S _"
    );
    assert_eq!(
        bob.offered_places(1),
        [t, t, t, f, t, t, t, t],
        "Bob's right: - P D _ / W C S k"
    );
    assert_eq!(
        alice.offered_places(1),
        [t; 8],
        "Alice's right: - P D O / W C S k"
    );
    assert_eq!(
        alice.offered_places(0),
        [t, t, t, t, t, t, t, f],
        "Alice's left: - P D O / W C S _"
    );

    // 20 hit points each.
    let font = test_font(&alice.client);
    let twenty = drawn_text(&alice.client, &font, "20");
    wait_until("20 hit points for both wizards", || {
        alice.text_in(alice.hp_area(0)) == twenty && alice.text_in(alice.hp_area(1)) == twenty
    });

    // Turn 1: Alice beams with her left hand and stabs with her right; Bob
    // claps with both hands and announces Fear.
    alice.choose_gesture(0, ONYX);
    alice.choose_gesture(1, STAB);
    bob.choose_gesture(0, CLAP);
    bob.choose_gesture(1, CLAP);
    alice.screenshot().write(artefact("deathmatch-alice.ppm"));
    alice.end();
    bob.end();
    bob.answer(0, ANNOUNCE_ITEMS, FEAR);
    bob.end();
    // The stab's target, pre-filled Bob (the opponent).
    end_answers(alice, &font);

    // Turn 2: the Onyx is spent; Bob's wave completes the announced Fear
    // (at Alice, its default); Alice surrenders with both palms.
    wait_until("the gesture phase of turn 2", || {
        alice.offered_places(0) == [t, t, t, f, t, t, t, f]
    });
    alice.choose_gesture(0, PALM);
    alice.choose_gesture(1, PALM);
    bob.choose_gesture(0, WAVE);
    alice.end();
    bob.end();
    end_answers_until_over(&[alice, bob], &font);

    alice.answer(0, 2, 1);
    alice.quit();
    bob.quit();
    let transcript = duel.game.clean_transcript();
    assert!(transcript.contains("Rules: Death Match"), "{transcript}");
    assert!(transcript.contains("Alice (20): O K"), "{transcript}");
    assert!(transcript.contains("Bob (20): C C"), "{transcript}");
    // The beam's 3 and the stab's 1.
    assert!(transcript.contains("Bob (16): W ."), "{transcript}");
    assert!(transcript.contains("Fear"), "{transcript}");
    // The announcement is public at the reveal (spellcast-rules(7)).
    assert!(
        transcript.contains("Bob claps and announces Fear."),
        "{transcript}"
    );
    assert!(transcript.contains("+++ Bob has won +++"), "{transcript}");
}

/// Waits until the button reads End Answers, presses it, and waits until
/// the press is taken.
fn end_answers(p: &Player, font: &str) {
    let answers = drawn_text(&p.client, font, "End Answers");
    wait_until("End Answers", || p.text_in(END_LABEL) == answers);
    p.end();
    wait_until("End Answers to take the press", || {
        p.text_in(END_LABEL) != answers
    });
}

/// Presses End whenever a player's button reads End Answers, until every
/// button reads Quit.
fn end_answers_until_over(players: &[&Player], font: &str) {
    let client = &players[0].client;
    let (answers, quit) = (
        drawn_text(client, font, "End Answers"),
        drawn_text(client, font, "Quit"),
    );
    wait_until("the end of the duel (Quit)", || {
        let mut over = true;
        for p in players {
            let label = p.text_in(END_LABEL);
            over &= label == quit;
            if label == answers {
                p.end();
                wait_until("End Answers to take the press", || {
                    p.text_in(END_LABEL) != answers
                });
            }
        }
        over
    });
}
