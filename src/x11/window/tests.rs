//! The window's interaction, driven without an X server.

use super::*;
use crate::engine::{CastHand, Choice, Duel, PlayerId, PlayerSpec, Question, QuestionKind, Spell};
use crate::x11::layout::picture_origin;
use crate::x11::popup::PopupKind;
use crate::x11::question_pane::Form;
use std::time::{Duration, Instant};

fn setup() -> (Duel, PlayerWindow) {
    let game = Duel::new(&[PlayerSpec::parse("Ann"), PlayerSpec::parse("Bob")], 1)
        .expect("two good names");
    let font = FontMetrics::monospace(6, 10, 3);
    let w = PlayerWindow::new(0, vec!["Ann".into(), "Bob".into()], font);
    (game, w)
}

fn click(w: &mut PlayerWindow, button: u8, (x, y): (i32, i32), to: (i32, i32)) {
    w.handle(Input::Press { button, x, y }, Instant::now());
    w.handle(Input::Motion { x: to.0, y: to.1 }, Instant::now());
    w.handle(
        Input::Release {
            button,
            x: to.0,
            y: to.1,
        },
        Instant::now(),
    );
}

#[test]
fn first_render_shows_the_whole_window_and_the_log() {
    let (game, mut w) = setup();
    w.begin_gestures(&game.seat_view(PlayerId::new(0)), true, "Enter");
    let ops = w.render();
    assert!(matches!(ops.last(), Some(Op::Copy { src, .. }) if *src == Rect::new(0, 0, 832, 750)));
    assert!(w.text().lines().len() >= 2);
    assert!(w.render().is_empty(), "nothing changed, nothing sent");
}

#[test]
fn gesture_popup_and_end_move() {
    let (game, mut w) = setup();
    w.begin_gestures(&game.seat_view(PlayerId::new(0)), true, "Enter");
    w.render();
    assert_eq!(w.end_label(), "End Move");
    // Left hand square, choose palm (index 1 of the grid).
    let (x, y) = picture_origin(0, 0, 7);
    let p = Popup::open(
        PopupKind::Gesture(Hand::Left, Gesture::ALL.to_vec()),
        x + 10,
        y + 10,
        832,
        &FontMetrics::monospace(6, 10, 3),
    );
    let palm = crate::x11::layout::grid_cell((p.rect.x + 20, p.rect.y + 60), 1);
    click(&mut w, 1, (x + 10, y + 10), (palm.x + 5, palm.y + 5));
    assert_eq!(w.chosen(), (Gesture::Palm, Gesture::Nothing));
    // Right hand: release outside the grid leaves the old choice.
    let (rx, ry) = picture_origin(0, 1, 7);
    click(&mut w, 1, (rx + 5, ry + 5), (0, 0));
    assert_eq!(w.chosen().1, Gesture::Nothing);
    // Button 3 does not open the gesture popup.
    w.handle(
        Input::Press {
            button: 3,
            x: x + 10,
            y: y + 10,
        },
        Instant::now(),
    );
    w.handle(
        Input::Release {
            button: 3,
            x: palm.x + 5,
            y: palm.y + 5,
        },
        Instant::now(),
    );
    assert_eq!(w.chosen(), (Gesture::Palm, Gesture::Nothing));
    click(&mut w, 1, (40, 590), (40, 590));
    assert!(w.ended());
    assert_eq!(w.end_label(), "Move ENDED.");
    // Once ended, the popup no longer opens.
    click(&mut w, 1, (x + 10, y + 10), (palm.x + 60, palm.y + 5));
    assert_eq!(w.chosen().0, Gesture::Palm);
    // Pressing again takes the end back; moving off before release does nothing.
    click(&mut w, 1, (40, 590), (400, 400));
    assert!(w.ended());
    click(&mut w, 1, (40, 590), (41, 591));
    assert!(!w.ended());
}

#[test]
fn answers_are_required_before_ending() {
    let (game, mut w) = setup();
    let q = Question {
        player: PlayerId::new(0),
        kind: QuestionKind::Target {
            spell: Spell::Missile,
            hand: CastHand::Left,
        },
        options: vec![
            Choice::Nobody,
            Choice::Being(crate::engine::BeingId::new(1)),
        ],
        default: None,
    };
    let row = QuestionRow {
        text: "Who?".into(),
        form: Form::Menu,
        labels: vec!["nobody".into(), "Bob".into()],
        choices: q.options.clone(),
        spell_hand: None,
        answer: q.default,
    };
    w.begin_questions(&game.seat_view(PlayerId::new(0)), vec![(3, row)]);
    w.render();
    assert_eq!(w.end_label(), "End Answers");
    click(&mut w, 1, (40, 590), (40, 590));
    assert!(!w.ended(), "unanswered");
    // Open the menu on the row and pick "Bob".
    let m = FontMetrics::monospace(6, 10, 3).line_metrics();
    let (px, py) = (300, 625);
    w.handle(
        Input::Press {
            button: 1,
            x: px,
            y: py,
        },
        Instant::now(),
    );
    let menu = w.popup.clone().unwrap();
    let bob_y = menu.rect.y + 6 + (m.line_height + 4) + 2;
    w.handle(
        Input::Motion {
            x: menu.rect.x + 20,
            y: bob_y,
        },
        Instant::now(),
    );
    w.handle(
        Input::Release {
            button: 1,
            x: menu.rect.x + 20,
            y: bob_y,
        },
        Instant::now(),
    );
    assert_eq!(w.answers(), vec![(3, Some(1))]);
    click(&mut w, 2, (40, 590), (40, 590));
    assert!(w.ended());
    assert_eq!(w.end_label(), "Answers ENDED.");
}

#[test]
fn speech_and_close() {
    let (_game, mut w) = setup();
    use crate::x11::keys::Key;
    for c in "hi".chars() {
        assert!(w
            .handle(Input::Key(Key::Char(c)), Instant::now())
            .is_empty());
    }
    assert_eq!(
        w.handle(Input::Key(Key::Return), Instant::now()),
        vec![Action::Say("hi".into())]
    );
    assert_eq!(w.handle(Input::Close, Instant::now()), vec![Action::Leave]);
}

#[test]
fn spell_list_shows_while_held_and_restores() {
    let (game, mut w) = setup();
    w.begin_gestures(&game.seat_view(PlayerId::new(0)), true, "Enter");
    w.render();
    w.handle(
        Input::Press {
            button: 2,
            x: 200,
            y: 590,
        },
        Instant::now(),
    );
    let ops = w.render();
    assert!(w.busy());
    assert!(ops.iter().any(|o| matches!(
        o,
        Op::Copy {
            from: Surface::Scratch,
            to: Surface::Window,
            ..
        }
    )));
    w.handle(
        Input::Release {
            button: 2,
            x: 700,
            y: 700,
        },
        Instant::now(),
    );
    let ops = w.render();
    assert!(ops.iter().any(|o| matches!(o, Op::Copy { from: Surface::Backing, to: Surface::Window, src, .. } if *src == crate::x11::layout::SPELL_POPUP.with_shadow())));
    assert!(!w.busy());
}

#[test]
fn charm_gesture_is_answered_through_the_picture_grid() {
    let (game, mut w) = setup();
    let options: Vec<Choice> = Gesture::ALL.iter().map(|g| Choice::Gesture(*g)).collect();
    let row = QuestionRow {
        text: "Which gesture?".into(),
        form: Form::Pictures(Hand::Right),
        labels: Gesture::ALL.iter().map(|g| g.name().to_string()).collect(),
        choices: options,
        spell_hand: None,
        answer: None,
    };
    w.begin_questions(&game.seat_view(PlayerId::new(0)), vec![(0, row)]);
    w.render();
    w.handle(
        Input::Press {
            button: 3,
            x: 300,
            y: 625,
        },
        Instant::now(),
    );
    let grid = w.popup.clone().expect("the picture grid opens");
    assert!(matches!(
        grid.kind,
        PopupKind::Charm {
            hand: Hand::Right,
            ..
        }
    ));
    assert_eq!((grid.rect.w, grid.rect.h), (240, 140));
    // Stab is the last picture of the second row.
    let stab = crate::x11::layout::grid_cell((grid.rect.x + 20, grid.rect.y + 20), 7);
    w.handle(
        Input::Motion {
            x: stab.x + 3,
            y: stab.y + 3,
        },
        Instant::now(),
    );
    w.handle(
        Input::Release {
            button: 3,
            x: stab.x + 3,
            y: stab.y + 3,
        },
        Instant::now(),
    );
    assert_eq!(w.answers(), vec![(0, Some(7))]);
    assert_eq!(w.questions().rows()[0].labels[7], "stab");
}

/// Player `w` presses and releases End at `now`.
fn press_end(w: &mut PlayerWindow, now: Instant) {
    let (button, x, y) = (1, 40, 590);
    w.handle(Input::Press { button, x, y }, now);
    w.handle(Input::Release { button, x, y }, now);
}

#[test]
fn quit_ignores_presses_just_after_it_appears() {
    let (game, mut w) = setup();
    let shown = Instant::now();
    w.begin_end(&game.seat_view(PlayerId::new(0)), Vec::new(), shown);
    assert_eq!(w.end_label(), "Quit");
    // The second click of a double click on End Answers.
    press_end(&mut w, shown + Duration::from_millis(150));
    assert!(!w.ended(), "a press right after Quit appeared quits");
    assert_eq!(w.end_label(), "Quit");
    // Later, a press quits (and another takes it back, as before).
    press_end(&mut w, shown + QUIT_DELAY);
    assert!(w.ended());
    assert_eq!(w.end_label(), "Wait....");
    press_end(&mut w, shown + QUIT_DELAY + Duration::from_millis(100));
    assert!(!w.ended());
}

/// Death Match (spellcast-rules(7), DEATH MATCH): no F, a stab in the right hand only,
/// and the Onyx beam for its holder, in one hand, until it is used.
#[test]
fn death_match_popups_offer_the_books_gestures_and_the_onyx_to_its_holder() {
    use Gesture::*;
    let rules = crate::engine::RuleSet::by_name("deathmatch").expect("the book");
    let specs = [PlayerSpec::parse("Ann"), PlayerSpec::parse("Bob")];
    let game = Duel::with_rules(&specs, 1, rules).expect("two good names");
    let font = FontMetrics::monospace(6, 10, 3);
    let mut w = PlayerWindow::new(0, vec!["Ann".into(), "Bob".into()], font.clone());
    w.begin_gestures(&game.seat_view(PlayerId::new(0)), true, "Enter");
    assert_eq!(
        w.offered(Hand::Left),
        [Nothing, Palm, Digit, Wave, Clap, Snap]
    );
    assert_eq!(
        w.offered(Hand::Right),
        [Nothing, Palm, Digit, Wave, Clap, Snap, Stab]
    );
    w.set_onyx(true);
    assert_eq!(w.offered(Hand::Left).last(), Some(&Onyx));
    assert_eq!(w.offered(Hand::Right)[6..], [Stab, Onyx]);
    w.render();
    // The Onyx in the left hand, then in the right, each in the place the
    // book leaves blank (F's, 3): one Onyx, one beam, so it leaves the left hand.
    for (hand, place, chosen) in [(0, 3, (Onyx, Nothing)), (1, 3, (Nothing, Onyx))] {
        let (x, y) = picture_origin(0, hand, 7);
        let p = Popup::open(
            PopupKind::Gesture(Hand::BOTH[hand], Vec::new()),
            x + 10,
            y + 10,
            832,
            &font,
        );
        let cell = crate::x11::layout::grid_cell((p.rect.x + 20, p.rect.y + 60), place);
        click(&mut w, 1, (x + 10, y + 10), (cell.x + 5, cell.y + 5));
        assert_eq!(w.chosen(), chosen);
    }
    w.set_onyx(false);
    assert!(!w.offered(Hand::Left).contains(&Onyx));
    assert!(!w.offered(Hand::Right).contains(&Onyx));
}

#[test]
fn the_helper_key_asks_for_a_suggestion_only_with_the_helper_on() {
    let (game, mut w) = setup();
    let seat = game.seat_view(PlayerId::new(0));
    w.begin_gestures(&seat, true, "Enter");
    w.handle(Input::Key(Key::Help), Instant::now());
    assert!(!w.take_suggestion_request(), "the helper is off");
    w.set_helper(true);
    w.begin_gestures(&seat, true, "Enter");
    w.handle(Input::Key(Key::Help), Instant::now());
    assert!(w.take_suggestion_request());
    assert!(!w.take_suggestion_request(), "asked once");
    let line = "Suggestion (computer): left hand wave, right hand palm";
    w.show_suggestion(line);
    w.show_suggestion(line);
    let texts: Vec<&str> = w
        .questions()
        .rows()
        .iter()
        .map(|r| r.text.as_str())
        .collect();
    assert_eq!(
        texts,
        ["Enter", line],
        "one suggestion, under the phase's line"
    );
}
