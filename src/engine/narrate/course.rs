//! Narration of the course of the duel: entering, speaking, leaving, the
//! end, and the transcript's round headers.

use super::pen::*;
use super::*;
use std::fmt::Write;

/// The text of one of this family's events for the reader `p` writes for.
pub(super) fn text(e: &CourseEvent, p: &Pen) -> Option<String> {
    let observer = p.viewer == Viewer::Observer;
    Some(match e {
        CourseEvent::Enters { wizard } => format!(
            "{} into the arena. The referee casts the formal Dispel Magic and Anti-spell on {}.",
            p.does(*wizard, "advance", "advances"),
            if p.me(*wizard) {
                "you"
            } else {
                p.game.beings[*wizard].gender.object()
            }
        ),
        CourseEvent::Speech { wizard, text } => {
            format!("{} \"{text}\"", p.does(*wizard, "say", "says"))
        }
        CourseEvent::TurnHeader { turn, kind, lines } => {
            if !observer {
                return None;
            }
            let mut s = String::new();
            let _ = write_header(p, *turn, *kind, lines, &mut s);
            s
        }
        CourseEvent::Surrenders { wizard } => {
            if p.me(*wizard) {
                "You make the gesture of surrender! You seem to have surrendered.".into()
            } else {
                format!("{} makes the gesture of surrender!", p.name(*wizard))
            }
        }
        CourseEvent::Withdraws { wizard } => format!(
            "{} left the arena, and will surrender.",
            p.does(*wizard, "have", "has")
        ),
        CourseEvent::GameOver(Outcome::Draw) => "\n+++ The game is a draw +++".to_string(),
        CourseEvent::GameOver(Outcome::Winner(w)) => {
            format!("\n+++ {} has won +++", p.name((*w).into()))
        }
    })
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
