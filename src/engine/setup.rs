//! Who takes part in a duel, and the one check of the player list that every
//! front end (script runner, X resources) relies on.

use super::being::Gender;
use thiserror::Error;

/// The most wizards one duel can hold.
pub const MAX_PLAYERS: usize = 8;

/// The fewest wizards a duel needs.
pub const MIN_PLAYERS: usize = 2;

/// A wizard as the front end names it before the duel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerSpec {
    /// Unique, non-empty, not `nobody`.
    pub name: String,
    /// Pronouns in narration.
    pub gender: Gender,
}

impl PlayerSpec {
    /// Parses the `name[:g]` form of the `spellcast*name` resource and of scripts:
    /// the name is cut at the first colon and trailing blanks are dropped.
    pub fn parse(s: &str) -> PlayerSpec {
        let (name, gender) = match s.split_once(':') {
            Some((n, g)) => (n, Gender::from_suffix(g)),
            None => (s, Gender::Male),
        };
        PlayerSpec {
            name: name.trim_end_matches([' ', '\t']).to_string(),
            gender,
        }
    }
}

/// Why a list of players cannot start a duel.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// Fewer than two or more than eight players.
    #[error("a duel needs 2 to 8 players, {0} given")]
    PlayerCount(usize),
    /// A rule book allows fewer wizards than the eight of the original.
    #[error("a duel under the {book} rules needs {min} to {max} players, {given} given")]
    BookPlayerCount {
        /// The book's name.
        book: &'static str,
        /// The fewest it allows.
        min: usize,
        /// The most it allows.
        max: usize,
        /// How many were given.
        given: usize,
    },
    /// A name that cannot be used (see [`NameProblem`]).
    #[error("player {player}: {problem}")]
    Name {
        /// 1-based player number, as people count.
        player: usize,
        /// What is wrong with it.
        problem: NameProblem,
    },
}

/// What is wrong with a wizard's name.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NameProblem {
    /// Nothing left after trimming.
    #[error("the name is empty")]
    Empty,
    /// `nobody` is what spells are aimed at when aimed at no one.
    #[error("\"{0}\" is kept for aiming at no one")]
    Nobody(String),
    /// An earlier player has it.
    #[error("the name \"{0}\" is taken by an earlier player")]
    Taken(String),
}

/// Checks one name against the names of the players before it: not empty,
/// not `nobody` or `Nobody` (as the original), not already taken.
pub fn check_name(name: &str, earlier: &[PlayerSpec]) -> Result<(), NameProblem> {
    if name.is_empty() {
        Err(NameProblem::Empty)
    } else if name == "nobody" || name == "Nobody" {
        Err(NameProblem::Nobody(name.to_string()))
    } else if earlier.iter().any(|s| s.name == name) {
        Err(NameProblem::Taken(name.to_string()))
    } else {
        Ok(())
    }
}

/// Checks a whole player list: 2 to 8 players, every name usable.
pub fn check_players(players: &[PlayerSpec]) -> Result<(), SetupError> {
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players.len()) {
        return Err(SetupError::PlayerCount(players.len()));
    }
    for (i, p) in players.iter().enumerate() {
        check_name(&p.name, &players[..i]).map_err(|problem| SetupError::Name {
            player: i + 1,
            problem,
        })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn specs(names: &[&str]) -> Vec<PlayerSpec> {
        names.iter().map(|n| PlayerSpec::parse(n)).collect()
    }

    #[test]
    fn names_carry_genders_and_lose_trailing_blanks() {
        let p = PlayerSpec::parse(" Morgana \t:female");
        assert_eq!(p.name, " Morgana");
        assert_eq!(p.gender, Gender::Female);
        assert_eq!(PlayerSpec::parse("Zed").gender, Gender::Male);
        assert_eq!(PlayerSpec::parse("Zed:x").gender, Gender::None);
        assert_eq!(PlayerSpec::parse("Zed:N").gender, Gender::Neuter);
    }

    #[test]
    fn two_to_eight_players_with_usable_names() {
        assert_eq!(check_players(&specs(&["A", "B"])), Ok(()));
        assert_eq!(
            check_players(&specs(&["A"])),
            Err(SetupError::PlayerCount(1))
        );
        let nine = specs(&["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
        assert_eq!(check_players(&nine), Err(SetupError::PlayerCount(9)));
        assert_eq!(
            check_players(&specs(&["A", ":f"])),
            Err(SetupError::Name {
                player: 2,
                problem: NameProblem::Empty
            })
        );
        assert_eq!(
            check_players(&specs(&["Nobody", "B"])),
            Err(SetupError::Name {
                player: 1,
                problem: NameProblem::Nobody("Nobody".into())
            })
        );
        assert_eq!(
            check_players(&specs(&["A", "B", "A:f"])),
            Err(SetupError::Name {
                player: 3,
                problem: NameProblem::Taken("A".into())
            })
        );
    }
}
