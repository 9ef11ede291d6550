//! The words of the question pane: question texts, answer labels and the
//! informational lines of each phase.
//!
//! The engine will offer `Question::prompt` and `Choice::label`; until it
//! does, the window words them here, from the public fields only.

use crate::engine::{CastHand, Choice, Game, Question, QuestionKind, RoundKind, Spell};

/// The question's text, as the window's question pane shows it.
pub fn prompt(game: &Game, q: &Question) -> String {
    let name = |id: usize| game.being(id).name.clone();
    match &q.kind {
        QuestionKind::SpellChoice { hand } => {
            format!(
                "Which spell do you want to cast with your {} hand?",
                hand.name()
            )
        }
        QuestionKind::Target { spell, hand } => {
            let from = match hand {
                CastHand::Delayed => "from the Delayed Effect".to_string(),
                h => h.phrase().to_string(),
            };
            if *spell == Spell::Stab {
                format!("Who do you want to stab at ({from})?")
            } else {
                format!("Who do you want to cast {} at ({from})?", spell.name())
            }
        }
        QuestionKind::Monster { monster, attack } => {
            let which = match attack {
                0 => "",
                _ => " (second attack)",
            };
            format!("Who do you want {} to attack{which}?", name(*monster))
        }
        QuestionKind::Elemental => "Which kind of elemental do you want to summon?".to_string(),
        QuestionKind::ParalyzeHand { victim } => {
            format!(
                "Which of {}'s hands do you want to paralyze?",
                name(*victim)
            )
        }
        QuestionKind::CharmHand { victim } => {
            format!("Which of {}'s hands do you want to control?", name(*victim))
        }
        QuestionKind::CharmGesture { victim, hand } => format!(
            "What gesture do you want {}'s {} hand to make?",
            name(*victim),
            hand.name()
        ),
        QuestionKind::Release { spell } => format!(
            "Do you want to release the {} from the Delayed Effect?",
            spell.name()
        ),
        QuestionKind::Delay => "Which spell do you want to delay?".to_string(),
        QuestionKind::Permanent => "Which spell do you want to make permanent?".to_string(),
    }
}

/// One answer as a menu item and as the answer column shows it.
pub fn label(game: &Game, choice: &Choice) -> String {
    match choice {
        Choice::Nobody => "nobody".to_string(),
        Choice::Being(id) => {
            let b = game.being(*id);
            if !b.alive {
                format!("{} [dead]", b.name)
            } else if b.invisible() {
                format!("{} [invisible]", b.name)
            } else {
                b.name.clone()
            }
        }
        Choice::Spell { spell, both } => {
            if *both {
                format!("{} [both hands]", spell.name())
            } else {
                spell.name().to_string()
            }
        }
        Choice::Hand(h) => match h {
            crate::engine::Hand::Left => "Left".to_string(),
            crate::engine::Hand::Right => "Right".to_string(),
        },
        Choice::Fire(true) => "Fire".to_string(),
        Choice::Fire(false) => "Ice".to_string(),
        Choice::Yes(true) => "Yes".to_string(),
        Choice::Yes(false) => "No".to_string(),
        Choice::Gesture(g) => g.name().to_string(),
    }
}

/// The line shown in the question pane during the gesture phase.
pub fn gesture_phase_line(kind: RoundKind, active: bool) -> &'static str {
    match (kind, active) {
        (RoundKind::Normal, true) => {
            "Enter your gestures for this move, at the bottom of your gesture list."
        }
        (RoundKind::Haste, true) => {
            "Enter the gestures for your Hastened move, at the bottom of your gesture list."
        }
        (RoundKind::TimeStop, true) => {
            "Enter the gestures for your Time-Stopped move, at the bottom of your gesture list."
        }
        (RoundKind::Haste, false) => "Other people are Hastened this turn.",
        (RoundKind::TimeStop, false) => "You are frozen in time.",
        (RoundKind::Normal, false) => "You are out of the game.",
    }
}

/// The end-of-game question for the first player (issue 5 saves the file).
pub const SAVE_TRANSCRIPT: &str = "Do you want to save a transcript of this game?";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Hand, PlayerSpec};

    fn game() -> Game {
        Game::new(
            &[PlayerSpec::parse("Merlin"), PlayerSpec::parse("Morgan:f")],
            3,
        )
    }

    #[test]
    fn target_prompts_name_spell_and_hand() {
        let g = game();
        let q = Question {
            player: 0,
            kind: QuestionKind::Target {
                spell: Spell::Missile,
                hand: CastHand::Right,
            },
            options: vec![Choice::Nobody, Choice::Being(1)],
            default: Some(1),
            before_reveal: true,
        };
        assert_eq!(
            prompt(&g, &q),
            "Who do you want to cast Missile at (right hand)?"
        );
        assert_eq!(label(&g, &q.options[1]), "Morgan");
        assert_eq!(label(&g, &q.options[0]), "nobody");
    }

    #[test]
    fn labels() {
        let g = game();
        assert_eq!(
            label(
                &g,
                &Choice::Spell {
                    spell: Spell::MagicMirror,
                    both: true
                }
            ),
            "Magic Mirror [both hands]"
        );
        assert_eq!(label(&g, &Choice::Hand(Hand::Right)), "Right");
        assert_eq!(label(&g, &Choice::Fire(false)), "Ice");
        assert_eq!(label(&g, &Choice::Yes(false)), "No");
        assert_eq!(
            label(&g, &Choice::Gesture(crate::engine::Gesture::Stab)),
            "stab"
        );
    }
}
