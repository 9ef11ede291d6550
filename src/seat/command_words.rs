//! How a program seat's command is started: directly when it is a plain
//! list of words, under `sh -c` only when it needs the shell.
//!
//! A shell left in the middle holds the program's pipes open after the
//! program closes them, so a closed output would show only as a timeout;
//! and it would be the process the game waits on. A command such as
//! `python3 "my player.py" --level 2` is therefore split into words here, as
//! the shell would split it, and run without one.

use std::process::Command;

/// Characters that make the shell do more than split words (expansions,
/// globs, redirections, lists, comments, subshells, brace expansion in
/// shells that have it); a command holding any of them outside quotes runs
/// under `sh -c`.
const SHELL_SYNTAX: &[char] = &[
    '$', '`', '|', '&', ';', '<', '>', '(', ')', '*', '?', '[', ']', '{', '}', '#', '~', '\n',
    '\r', '!',
];

/// Words that are the shell's own (builtins, reserved words): a command
/// starting with one needs the shell.
const SHELL_WORDS: &[&str] = &[
    ".", ":", "alias", "bg", "break", "case", "cd", "command", "continue", "do", "done", "elif",
    "else", "esac", "eval", "exec", "exit", "export", "fc", "fg", "fi", "for", "function",
    "getopts", "hash", "if", "jobs", "local", "read", "readonly", "return", "select", "set",
    "shift", "source", "then", "time", "times", "trap", "type", "ulimit", "umask", "unalias",
    "unset", "until", "wait", "while",
];

/// The command to spawn for `command`: its words run directly, or
/// `sh -c COMMAND` when the command needs the shell.
pub(crate) fn program_command(command: &str) -> Command {
    match plain_words(command) {
        Some(words) => {
            let mut spawned = Command::new(&words[0]);
            spawned.args(&words[1..]);
            spawned
        }
        None => {
            let mut shell = Command::new("sh");
            shell.arg("-c").arg(command);
            shell
        }
    }
}

/// The words of a command that is only words (blanks between them, single
/// or double quotes around parts of them, backslashes before single
/// characters), as the shell would pass them; `None` if the command uses
/// any other shell syntax, starts with a variable assignment or one of the
/// shell's own words, or is empty.
pub(crate) fn plain_words(command: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => {
                words.extend(word.take());
            }
            '\'' => {
                let part = word.get_or_insert_with(String::new);
                loop {
                    match chars.next()? {
                        '\'' => break,
                        c => part.push(c),
                    }
                }
            }
            '"' => {
                let part = word.get_or_insert_with(String::new);
                loop {
                    match chars.next()? {
                        '"' => break,
                        '$' | '`' | '\\' | '!' => return None,
                        c => part.push(c),
                    }
                }
            }
            '\\' => match chars.next()? {
                '\n' => return None,
                c => word.get_or_insert_with(String::new).push(c),
            },
            c if SHELL_SYNTAX.contains(&c) => return None,
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    let first = words.first()?;
    if SHELL_WORDS.contains(&first.as_str()) || first.contains('=') {
        return None;
    }
    Some(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(command: &str) -> Option<Vec<&str>> {
        plain_words(command).map(|w| w.leak().iter().map(|s| s.as_str()).collect())
    }

    #[test]
    fn plain_commands_are_split_as_the_shell_splits_them() {
        assert_eq!(
            words("python3  tests/players/random_player.py 7"),
            Some(vec!["python3", "tests/players/random_player.py", "7"])
        );
        assert_eq!(
            words(r#"python3 "my player.py" 'a b'\ c --level=2"#),
            Some(vec!["python3", "my player.py", "a b c", "--level=2"])
        );
        assert_eq!(words("prog ''"), Some(vec!["prog", ""]));
    }

    #[test]
    fn shell_syntax_leaves_the_command_to_the_shell() {
        for command in [
            "read l; exit 1",
            "exit 3",
            "exec python3 p.py",
            "FOO=1 python3 p.py",
            "python3 p.py > log",
            "python3 $HOME/p.py",
            "python3 \"$HOME/p.py\"",
            "python3 ~/p.py",
            "python3 *.py",
            "a && b",
            "p 'unterminated",
            "p \\",
            "",
            "   ",
        ] {
            assert_eq!(plain_words(command), None, "{command}");
        }
    }
}
