//! Every rule book at a window, driven with XTEST and waiting on drawn
//! pixels only: the Spell List shows every spell of each book; the book
//! comes from `--rules` or the `spellcast*rules` resource (the command line
//! wins) and the title names it; a Gesticulation duel against the
//! computer is played to its end; Death Match refuses a third wizard.
//!
//! The spells each book lists are written out here from the rules texts,
//! not from the engine: the original's as its Spell List displays them
//! (spellcast(6), SPELLS; the original's table, rows 0 to 41: the stab is
//! not listed), Gesticulation's and Death Match's from spellcast-rules(7)
//! (GESTICULATION and DEATH MATCH, "Its spells"), spelt the way the original's list spells them
//! (Counter-Spell, Anti-Spell, Protection From ..., SURRENDER).

use crate::common;
use crate::x11_ui;

use common::xvfb::{Ppm, Xvfb, WAIT};
use x11_ui::{
    drawn_text, ink_rows, metrics, test_font, wait_until, GameProcess, Metrics, Player, SPELL_LIST,
};

/// The original's 42 spells (the original's table, rows 0 to 41).
const ORIGINAL: [&str; 42] = [
    "Dispel Magic",
    "Summon Elemental",
    "Magic Mirror",
    "Lightning Bolt",
    "Cure Heavy Wounds",
    "Cure Light Wounds",
    "Amnesia",
    "Confusion",
    "Disease",
    "Blindness",
    "Delayed Effect",
    "Raise Dead",
    "Poison",
    "Paralysis",
    "Summon Troll",
    "Fireball",
    "Shield",
    "SURRENDER",
    "Remove Enchantment",
    "Invisibility",
    "Charm Monster",
    "Charm Person",
    "Summon Ogre",
    "Finger of Death",
    "Haste",
    "Missile",
    "Summon Goblin",
    "Anti-Spell",
    "Permanency",
    "Time Stop",
    "Resist Cold",
    "Fear",
    "Fire Storm",
    "Lightning Bolt",
    "Cause Light Wounds",
    "Summon Giant",
    "Cause Heavy Wounds",
    "Counter-Spell",
    "Ice Storm",
    "Resist Heat",
    "Protection From Evil",
    "Counter-Spell",
];

/// spellcast-rules(7), GESTICULATION: the book drops these two of the original's ...
const GESTICULATION_DROPS: [&str; 2] = ["Summon Elemental", "Protection From Evil"];
/// ... and adds these four.
const GESTICULATION_ADDS: [&str; 4] = [
    "Iceball",
    "Summon Fire Elemental",
    "Summon Ice Elemental",
    "Protection From Harm",
];

/// spellcast-rules(7), DEATH MATCH: the book's spells (its Stab, like the original's, is not listed).
const DEATH_MATCH: [&str; 22] = [
    "Anti-Spell",
    "Blindness",
    "Charm",
    "Counter-Spell",
    "Fear",
    "Fire Storm",
    "Fireball",
    "Frost Bolt",
    "Ice Storm",
    "Magic Mirror",
    "Missile Swarm",
    "Onyx Beam",
    "Remove Enchantment",
    "Resist Cold",
    "Resist Heat",
    "Shield",
    "Summon Elemental",
    "Summon Goblin",
    "Summon Leech",
    "Summon Ogre",
    "Summon Troll",
    "SURRENDER",
];

fn gesticulation() -> Vec<&'static str> {
    let mut v: Vec<&str> = ORIGINAL
        .iter()
        .copied()
        .filter(|s| !GESTICULATION_DROPS.contains(s))
        .collect();
    v.extend(GESTICULATION_ADDS);
    v
}

/// The original's Spell List layout: the popup at
/// (10, 10), 620 wide, name columns starting 152 and 452 pixels in, rows
/// 18 pixels apart from 32 pixels below its top.
const POPUP: (i32, i32, i32) = (10, 10, 620);
const NAME_COLUMNS: [i32; 2] = [16 + 136, 316 + 136];
const FIRST_ROW: i32 = 32;
const ROW_PITCH: i32 = 18;

/// The black pixels of a window area of a screenshot, cropped.
fn text_at(shot: &Ppm, x: i32, y: i32, w: i32, h: i32) -> Vec<Vec<bool>> {
    ink_rows(w as u32, h as u32, |dx, dy| {
        shot.pixel(x as u32 + dx, y as u32 + dy) == (0, 0, 0)
    })
}

/// Holds the middle button on Spell List (the alphabetical list) until it
/// shows, and checks that its rows name exactly `spells`: every name in
/// some row, no row naming anything else.
fn check_spell_list(window: &Player, font: &str, spells: &[&str]) {
    let client = &window.client;
    let title = drawn_text(client, font, "Spells, sorted alphabetically");
    window.move_to(SPELL_LIST);
    client.press(2);
    wait_until("the Spell List", || {
        window.text_in(x11_ui::Area {
            x: POPUP.0 + 2,
            y: POPUP.1 + 2,
            w: POPUP.2 - 4,
            h: 26,
        }) == title
    });
    let shot = window.screenshot();
    client.release(2);
    // The popup's bottom edge: the first row below its title that is black
    // all along, once the frame's corners are left aside.
    let bottom = (POPUP.1 + 30..750)
        .find(|&y| {
            (POPUP.0 + 4..POPUP.0 + POPUP.2 - 4)
                .all(|x| shot.pixel(x as u32, y as u32) == (0, 0, 0))
        })
        .expect("the Spell List's bottom edge");
    let mut wanted: Vec<(&str, Vec<Vec<bool>>)> = spells
        .iter()
        .map(|s| (*s, drawn_text(client, font, s)))
        .collect();
    let mut rows = 0;
    for column in NAME_COLUMNS {
        for r in 0.. {
            let top = POPUP.1 + FIRST_ROW + ROW_PITCH * r - 1;
            if top + ROW_PITCH > bottom {
                break;
            }
            let shown = text_at(&shot, POPUP.0 + column, top, 160, ROW_PITCH);
            if shown.is_empty() {
                continue;
            }
            rows += 1;
            let found = wanted.iter().position(|(_, text)| *text == shown);
            let Some(i) = found else {
                shot.write(x11_ui::artefact("spell-list-unexpected.ppm"));
                panic!("row {r} of column {column} names no spell still expected");
            };
            wanted.remove(i);
        }
    }
    let missing: Vec<&str> = wanted.iter().map(|(s, _)| *s).collect();
    assert!(missing.is_empty(), "not in the Spell List: {missing:?}");
    assert_eq!(rows, spells.len());
}

/// Starts a game for Alice against the computer on `x` with `args`, and
/// finds her window by its full title.
fn start(x: &Xvfb, m: Metrics, args: &[&str], tag: &str, title: &str) -> (GameProcess, Player) {
    let mut all = vec!["--computer".to_string(), "--seed".into(), "5".into()];
    all.extend(args.iter().map(|a| a.to_string()));
    let game = GameProcess::start_plain(&x.display(), &all, tag);
    let alice = Player::find_titled(x, title, 0, m);
    (game, alice)
}

fn resources(x: &Xvfb, font: &str, rules: Option<&str>) {
    let mut r = format!("spellcast*font: {font}\nspellcast*name: Alice:f\n");
    if let Some(rules) = rules {
        r.push_str(&format!("spellcast*rules: {rules}\n"));
    }
    x.load_resources(&r);
}

/// A book to look at: the `spellcast*rules` resource, the arguments, the
/// window's title and the spells expected.
type Case<'a> = (Option<&'a str>, &'a [&'a str], &'a str, &'a [&'a str]);

/// Each book's Spell List at a window. Death Match comes from `--rules`,
/// Gesticulation from the `spellcast*rules` resource, and the original
/// from `--rules spellcast` over a resource asking for Death Match.
#[test]
fn the_spell_list_shows_every_spell_of_each_book() {
    let x = Xvfb::start();
    let probe = x.client();
    let font = test_font(&probe);
    let m = metrics(&probe, &font);
    let gesticulation = gesticulation();
    let cases: [Case; 3] = [
        (
            None,
            &["--rules", "deathmatch"],
            "Spellcast: Alice (Death Match)",
            &DEATH_MATCH,
        ),
        (
            Some("gesticulation"),
            &[],
            "Spellcast: Alice (Gesticulation)",
            &gesticulation,
        ),
        (
            Some("deathmatch"),
            &["--rules", "spellcast"],
            "Spellcast: Alice",
            &ORIGINAL,
        ),
    ];
    for (i, (resource, args, title, spells)) in cases.iter().enumerate() {
        resources(&x, &font, *resource);
        let (mut game, alice) = start(&x, m, args, &format!("spells{i}"), title);
        alice.wait_gesture_phase();
        check_spell_list(&alice, &font, spells);
        let (_, _, err) = game.wait_or_kill();
        assert!(!err.contains("panicked"), "{title}: {err}");
        probe.wait_for_no_window(title, WAIT);
    }
}

/// A whole Gesticulation duel against the computer: Alice waves, snaps,
/// then surrenders with both palms (which also cast two Shields, whose
/// questions Gesticulation asks before the reveal, pre-filled).
#[test]
fn a_gesticulation_duel_against_the_computer_to_its_end() {
    let x = Xvfb::start();
    let probe = x.client();
    let font = test_font(&probe);
    let m = metrics(&probe, &font);
    resources(&x, &font, None);
    let title = "Spellcast: Alice (Gesticulation)";
    let (mut game, alice) = start(&x, m, &["--rules", "gesticulation"], "gesticulation", title);
    // 15 hit points each, as the original (spellcast-rules(7), GESTICULATION).
    let fifteen = drawn_text(&probe, &font, "15");
    wait_until("15 hit points for both wizards", || {
        alice.text_in(alice.hp_area(0)) == fifteen && alice.text_in(alice.hp_area(1)) == fifteen
    });
    // Gesticulation keeps the original's eight gestures.
    assert_eq!(alice.offered_places(0), vec![true; 8]);
    const PALM: i32 = 1;
    const WAVE: i32 = 4;
    const SNAP: i32 = 6;
    for (turn, g) in [(1, WAVE), (2, SNAP)] {
        alice.choose_gesture(0, g);
        alice.end();
        // The turn is over when her wave has moved up out of the bottom row.
        end_answers_until(&alice, &font, || {
            alice.ink(Player::picture_area(0, 0, 7 - turn)) > 40
        });
    }
    alice.choose_gesture(0, PALM);
    alice.choose_gesture(1, PALM);
    alice.end();
    let quit = drawn_text(&probe, &font, "Quit");
    let answers = drawn_text(&probe, &font, "End Answers");
    wait_until("the end of the duel (Quit)", || {
        let label = alice.text_in(x11_ui::END_LABEL);
        if label == answers {
            alice.end();
            wait_until("End Answers to take the press", || {
                alice.text_in(x11_ui::END_LABEL) != answers
            });
        }
        label == quit
    });
    alice.answer(0, 2, 1);
    alice.quit();
    let transcript = game.clean_transcript();
    assert!(transcript.contains("Rules: Gesticulation"), "{transcript}");
    assert!(transcript.contains("surrender"), "{transcript}");
    assert!(transcript.contains("+++ White has won +++"), "{transcript}");
}

/// Presses End Answers whenever it shows, until `done`.
fn end_answers_until(window: &Player, font: &str, mut done: impl FnMut() -> bool) {
    let answers = drawn_text(&window.client, font, "End Answers");
    wait_until("the next gesture phase", || {
        if window.text_in(x11_ui::END_LABEL) == answers {
            window.end();
            wait_until("End Answers to take the press", || {
                window.text_in(x11_ui::END_LABEL) != answers
            });
        }
        done()
    });
}

/// spellcast-rules(7), DEATH MATCH: "Exactly two wizards". One line, status 2, no window: from the
/// command line before any display is opened, from the resource before any
/// window is.
#[test]
fn death_match_refuses_a_third_wizard_in_one_line() {
    let x = Xvfb::start();
    let probe = x.client();
    let font = test_font(&probe);
    for (resource, args) in [
        (None, vec!["--rules", "deathmatch"]),
        (Some("deathmatch"), vec![]),
    ] {
        resources(&x, &font, resource);
        let mut all: Vec<String> = vec!["--computer".into(), "--computer".into()];
        all.extend(args.iter().map(|a| a.to_string()));
        let mut game = GameProcess::start_plain(&x.display(), &all, "third");
        let (status, out, err) = game.wait(WAIT);
        assert_eq!(status.code(), Some(2), "stderr: {err}");
        assert!(out.is_empty(), "{out}");
        assert_eq!(
            err,
            "spellcast: the Death Match rules are for exactly 2 players; 3 given\n"
        );
        assert!(probe
            .find_windows("Spellcast: Alice (Death Match)")
            .is_empty());
    }
}
