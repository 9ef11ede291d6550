//! What a window shows while questions asked before the reveal are open:
//! its grid and its helper hide exactly the rows the seat's view hides.

use super::*;
use crate::engine::test_support::{duel, finish, g, p, play};
use crate::engine::{Duel, RoundKind, Step};
use crate::x11::layout::GRID_ROWS;

fn window(me: usize) -> PlayerWindow {
    let font = FontMetrics::monospace(6, 10, 3);
    PlayerWindow::new(me, vec!["Ann".into(), "Bob".into()], font)
}

/// Opens Ann's question phase as the table does.
fn ask(w: &mut PlayerWindow, game: &Duel) {
    w.begin_questions(&game.seat_view(p(0)), Vec::new());
}

/// The helper's lines in the question pane.
fn helper_lines(w: &PlayerWindow) -> Vec<String> {
    w.questions.rows().iter().map(|r| r.text.clone()).collect()
}

/// A hastened round: only Ann moves, so Bob's newest row is the one
/// everyone saw last turn; while Ann aims her stab it stays shown.
#[test]
fn a_wizard_who_did_not_move_keeps_his_row_shown() {
    let mut game = duel(&["Ann", "Bob"]);
    // Haste is P-W-P-W-W-c, aimed at its caster by default.
    play(
        &mut game,
        &["P- --", "W- --", "P- --", "W- --", "W- --", "CC WW"],
    );
    for _ in 0..3 {
        if game.round_kind() == RoundKind::Haste {
            break;
        }
        play(&mut game, &["-- WW"]);
    }
    assert_eq!(game.round_kind(), RoundKind::Haste);
    ann_alone_stabs_and_sees_bobs_last_row(&mut game);
}

/// A time-stopped round: only Ann moves, so Bob's newest row is the one
/// everyone saw last turn; while Ann aims her stab it stays shown.
#[test]
fn a_wizard_stopped_in_time_keeps_his_row_shown() {
    let mut game = duel(&["Ann", "Bob"]);
    // Time Stop is S-P-P-c, aimed at its caster by default.
    play(&mut game, &["S- --", "P- --", "P- --", "CC WW"]);
    assert_eq!(game.round_kind(), RoundKind::TimeStop);
    ann_alone_stabs_and_sees_bobs_last_row(&mut game);
}

/// Ann alone moves (a stab) in the round `game` is at; while she aims it,
/// Bob's newest row, W W from the round before, stays shown in her window.
fn ann_alone_stabs_and_sees_bobs_last_row(game: &mut Duel) {
    let step = game
        .start_round(&[Some((g('-'), g('k'))), None])
        .expect("Ann alone moves");
    assert_eq!(step, Step::Questions);
    assert!(!game.open_questions(p(0)).is_empty(), "Ann aims her stab");
    let mut w = window(0);
    ask(&mut w, game);
    let bob = w.grid.column(1).expect("Bob's column");
    assert_eq!(
        bob[GRID_ROWS - 1],
        [
            Picture::Hand(Hand::Left, Gesture::Wave),
            Picture::Hand(Hand::Right, Gesture::Wave)
        ],
        "Bob did not move this round: his last row is no secret"
    );
}

/// Bob's hidden D starts Amnesia (D-P-P); while Ann aims her stab before
/// the reveal, the helper names nothing of Bob's, as his column shows fog.
#[test]
fn the_helper_names_no_spell_from_a_hidden_gesture() {
    let mut game = duel(&["Ann", "Bob"]);
    let step = game
        .start_round(&[Some((g('-'), g('k'))), Some((g('D'), g('-')))])
        .expect("legal moves");
    assert_eq!(step, Step::Questions);
    let mut w = window(0);
    w.set_helper(true);
    ask(&mut w, &game);
    let bob = w.grid.column(1).expect("Bob's column");
    assert_eq!(bob[GRID_ROWS - 1], [Picture::Fog, Picture::Fog]);
    let lines = helper_lines(&w);
    assert!(
        !lines.iter().any(|l| l.starts_with("Bob")),
        "the helper read a hidden row: {lines:?}"
    );
    // Once revealed, the D is on its way to Amnesia.
    finish(&mut game, step);
    w.begin_gestures(&game.seat_view(p(0)), true, "Enter");
    let lines = helper_lines(&w);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Bob, gestures to go, left: Amnesia")),
        "{lines:?}"
    );
}
