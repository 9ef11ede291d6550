//! Player names from the `spellcast*name` resources (man/spellcast.6,
//! RESOURCES): the checks and the
//! default names, as a pure function so the rules are tested without X.

use crate::engine::{check_name, PlayerSpec};

/// Names handed out, in order, to players without an acceptable name of their own.
pub const DEFAULT_NAMES: [&str; 10] = [
    "White",
    "Black",
    "Red",
    "Green",
    "Blue",
    "Yellow",
    "Orange",
    "Purple",
    "Grey",
    "Charteuse",
];

/// The resource names queried, the way Xlib's XGetDefault asks for them.
pub const NAME_RESOURCE: (&str, &str) = ("spellcast.name", "Program.Name");
/// The font resource, queried like [`NAME_RESOURCE`].
pub const FONT_RESOURCE: (&str, &str) = ("spellcast.font", "Program.Name");
/// The rule book resource (`spellcast*rules: deathmatch`), queried like
/// [`NAME_RESOURCE`]; `--rules` wins over it.
pub const RULES_RESOURCE: (&str, &str) = ("spellcast.rules", "Program.Name");

/// Turns each player's `spellcast*name` value (or None) into the names the
/// duel uses, with one notice per rejected name for standard error.
///
/// A name is rejected when empty, `nobody`/`Nobody`, or already taken by an
/// earlier player; it is then replaced by the next default name that is not
/// taken, keeping the gender it asked for. The default counter advances only
/// when a default is handed out.
pub fn resolve_names(values: &[Option<String>]) -> (Vec<PlayerSpec>, Vec<String>) {
    let mut specs: Vec<PlayerSpec> = Vec::with_capacity(values.len());
    let mut notices = Vec::new();
    let mut next_default = 0usize;
    let mut hand_out = |taken: &[PlayerSpec]| loop {
        let name = match DEFAULT_NAMES.get(next_default) {
            Some(n) => n.to_string(),
            None => format!("Wizard{}", next_default + 1),
        };
        next_default += 1;
        if acceptable(&name, taken) {
            return name;
        }
    };
    for (player, value) in values.iter().enumerate() {
        let spec = match value {
            None => PlayerSpec {
                name: hand_out(&specs),
                gender: Default::default(),
            },
            Some(v) => {
                let mut spec = PlayerSpec::parse(v);
                if !acceptable(&spec.name, &specs) {
                    let replacement = hand_out(&specs);
                    notices.push(format!(
                        "spellcast: player {} cannot be called \"{}\"; using \"{}\" instead",
                        player + 1,
                        spec.name,
                        replacement
                    ));
                    spec.name = replacement;
                }
                spec
            }
        };
        specs.push(spec);
    }
    (specs, notices)
}

/// The engine's own check of a name, so windows and scripts agree.
fn acceptable(name: &str, taken: &[PlayerSpec]) -> bool {
    check_name(name, taken).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Gender;

    fn names(values: &[Option<&str>]) -> (Vec<String>, usize) {
        let v: Vec<Option<String>> = values.iter().map(|o| o.map(String::from)).collect();
        let (specs, notices) = resolve_names(&v);
        (specs.into_iter().map(|s| s.name).collect(), notices.len())
    }

    #[test]
    fn defaults_in_order() {
        assert_eq!(names(&[None, None, None]).0, ["White", "Black", "Red"]);
    }

    #[test]
    fn own_names_and_genders() {
        let v = vec![Some("Merlin:f".to_string()), Some("Morgan :n".to_string())];
        let (specs, notices) = resolve_names(&v);
        assert_eq!(specs[0].name, "Merlin");
        assert_eq!(specs[0].gender, Gender::Female);
        assert_eq!(specs[1].name, "Morgan");
        assert_eq!(specs[1].gender, Gender::Neuter);
        assert!(notices.is_empty());
    }

    #[test]
    fn rejected_names_take_the_next_default_and_keep_gender() {
        let v = vec![
            Some("nobody:f".to_string()),
            Some("".to_string()),
            Some("Nobody".to_string()),
        ];
        let (specs, notices) = resolve_names(&v);
        assert_eq!(specs[0].name, "White");
        assert_eq!(specs[0].gender, Gender::Female);
        assert_eq!(specs[1].name, "Black");
        assert_eq!(specs[2].name, "Red");
        assert_eq!(notices.len(), 3);
        assert!(notices[0].contains("player 1") && notices[0].contains("White"));
    }

    #[test]
    fn duplicates_and_taken_defaults() {
        assert_eq!(
            names(&[Some("Black"), None, Some("Black"), None]),
            (
                vec![
                    "Black".to_string(),
                    "White".into(),
                    "Red".into(),
                    "Green".into()
                ],
                1
            )
        );
        // A default someone already chose is skipped, not handed out twice.
        assert_eq!(names(&[Some("White"), None]).0, ["White", "Black"]);
    }

    #[test]
    fn leading_blanks_are_kept_trailing_dropped() {
        assert_eq!(names(&[Some(" Ann \t:m"), Some("Bob")]).0, [" Ann", "Bob"]);
    }
}
