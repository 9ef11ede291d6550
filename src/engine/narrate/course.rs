//! Narration of the course of the duel: entering, speaking, leaving, the
//! end, and the transcript's round headers.

use super::pen::*;
use super::*;
use std::fmt::{self, Write};

/// The text of one of this family's events for the reader `p` writes for.
pub(super) fn write(e: &CourseEvent, p: &Pen, out: &mut impl Write) -> Result<bool, fmt::Error> {
    let observer = p.viewer == Viewer::Observer;
    match e {
        CourseEvent::Enters { wizard } => put!(
            out,
            p.does(*wizard, "advance", "advances"),
            " into the arena. The referee casts the formal Dispel Magic and Anti-spell on ",
            if p.me(*wizard) {
                "you"
            } else {
                p.game.beings[*wizard].gender.object()
            },
            "."
        ),
        CourseEvent::Speech { wizard, text } => {
            put!(out, p.does(*wizard, "say", "says"), " \"", text, "\"")
        }
        CourseEvent::TurnHeader { turn, kind, lines } => {
            if !observer {
                return Ok(false);
            }
            write_header(p, *turn, *kind, lines, out)?;
        }
        CourseEvent::Surrenders { wizard } => {
            if p.me(*wizard) {
                put!(
                    out,
                    "You make the gesture of surrender! You seem to have surrendered."
                )
            } else {
                put!(out, p.name(*wizard), " makes the gesture of surrender!")
            }
        }
        CourseEvent::Withdraws { wizard } => put!(
            out,
            p.does(*wizard, "have", "has"),
            " left the arena, and will surrender."
        ),
        CourseEvent::GameOver(Outcome::Draw) => put!(out, "\n+++ The game is a draw +++"),
        CourseEvent::GameOver(Outcome::Winner(w)) => {
            put!(out, "\n+++ ", p.name((*w).into()), " has won +++")
        }
    }
    Ok(true)
}

/// The transcript's header of a round, written straight into `out`: the
/// turn, then each living being's hit points and (for wizards) gestures.
pub(super) fn write_header(
    p: &Pen,
    turn: u32,
    kind: RoundKind,
    lines: &[(BeingId, i32, Option<[Mark; 2]>)],
    out: &mut impl Write,
) -> std::fmt::Result {
    let kind = match kind {
        RoundKind::Normal => "",
        RoundKind::Haste => " (Haste)",
        RoundKind::TimeStop => " (Time Stop)",
    };
    // Piece by piece rather than through `writeln!`: the headers are a good
    // part of a transcript, and the formatting machinery costs more than the
    // copying.
    out.write_str("\n\tTurn ")?;
    write_number(out, i64::from(turn))?;
    out.write_str(kind)?;
    out.write_str(":\n")?;
    for (b, hp, marks) in lines {
        out.write_str(p.name(*b))?;
        out.write_str(" (")?;
        write_number(out, i64::from(*hp))?;
        if !p.game.beings[*b].is_wizard() {
            out.write_str(")\n")?;
            continue;
        }
        let letter = |m: Mark| match m {
            Mark::Made(g) => g.transcript_letter(),
            Mark::AntiSpell => '=',
        };
        match marks {
            None => out.write_str("): [no gestures]\n")?,
            Some(m) => {
                out.write_str("): ")?;
                out.write_char(letter(m[0]))?;
                out.write_char(' ')?;
                out.write_char(letter(m[1]))?;
                out.write_char('\n')?;
            }
        }
    }
    Ok(())
}
