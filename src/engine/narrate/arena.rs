//! Narration of entering, speaking, leaving and the end of the duel, and the transcript's round headers.

use super::pen::*;
use super::*;

/// The text of one of this family's events for the reader `p` writes for.
pub(super) fn text(e: &Event, p: &Pen) -> Option<String> {
    let observer = p.viewer == Viewer::Observer;
    Some(match e {
        Event::Enters { wizard } => format!(
            "{} into the arena. The referee casts the formal Dispel Magic and Anti-spell on {}.",
            p.does(*wizard, "advance", "advances"),
            if p.me(*wizard) {
                "you"
            } else {
                p.game.beings[*wizard].gender.object()
            }
        ),
        Event::Speech { wizard, text } => {
            format!("{} \"{text}\"", p.does(*wizard, "say", "says"))
        }
        Event::TurnHeader { turn, kind, lines } => {
            if !observer {
                return None;
            }
            let mut s = format!(
                "\n\tTurn {turn}{}:\n",
                match kind {
                    RoundKind::Normal => "",
                    RoundKind::Haste => " (Haste)",
                    RoundKind::TimeStop => " (Time Stop)",
                }
            );
            for (b, hp, marks) in lines {
                let name = p.name(*b);
                let being = &p.game.beings[*b];
                if !being.is_wizard() {
                    s.push_str(&format!("{name} ({hp})\n"));
                    continue;
                }
                match marks {
                    None => s.push_str(&format!("{name} ({hp}): [no gestures]\n")),
                    Some(m) => {
                        let letter = |m: Mark| match m {
                            Mark::Made(g) => g.transcript_letter(),
                            Mark::AntiSpell => '=',
                        };
                        s.push_str(&format!(
                            "{name} ({hp}): {} {}\n",
                            letter(m[0]),
                            letter(m[1])
                        ));
                    }
                }
            }
            s
        }
        Event::Surrenders { wizard } => {
            if p.me(*wizard) {
                "You make the gesture of surrender! You seem to have surrendered.".into()
            } else {
                format!("{} makes the gesture of surrender!", p.name(*wizard))
            }
        }
        Event::MagicFades => "All the magical energies in the arena fade away.".into(),
        Event::Withdraws { wizard } => format!(
            "{} left the arena, and will surrender.",
            p.does(*wizard, "have", "has")
        ),
        Event::GameOver(Outcome::Draw) => "\n+++ The game is a draw +++".to_string(),
        Event::GameOver(Outcome::Winner(w)) => format!("\n+++ {} has won +++", p.name(w.index())),
        _ => return None,
    })
}
