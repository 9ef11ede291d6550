//! The manual pages against the program: the examples in man/ must be what
//! the built binary really reads and writes, so the documents cannot drift.

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Stdio};

fn page(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("man").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The text of every `.EX` ... `.EE` block of a page, roff escapes undone.
fn examples(roff: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in roff.lines() {
        match (line, current.as_mut()) {
            (".EX", None) => current = Some(String::new()),
            (".EE", Some(_)) => blocks.extend(current.take()),
            (_, Some(text)) => {
                let line = line.strip_prefix("\\&").unwrap_or(line);
                text.push_str(&line.replace("\\-", "-").replace("\\e", "\\"));
                text.push('\n');
            }
            _ => {}
        }
    }
    blocks
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}):\n{text}"))
}

/// Every path of object keys in `value` (`beings[].effects[].hand`, ...).
fn key_paths(value: &Value, prefix: &str, out: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                let path = format!("{prefix}.{key}");
                out.insert(path.clone());
                key_paths(inner, &path, out);
            }
        }
        Value::Array(items) => {
            for item in items {
                key_paths(item, &format!("{prefix}[]"), out);
            }
        }
        _ => {}
    }
}

#[test]
fn script_page_example_gives_the_report_it_shows() {
    let blocks = examples(&page("spellcast-script.5"));
    let (script, shown) = (&blocks[0], &blocks[1]);
    let out = Command::new(env!("CARGO_BIN_EXE_spellcast"))
        .args(["--script", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(script.as_bytes())?;
            child.wait_with_output()
        })
        .expect("run spellcast --script");
    assert!(out.status.success(), "the page's script is refused");
    let mut real = json(&String::from_utf8_lossy(&out.stdout));
    let mut shown = json(shown);
    // The page cuts the transcript short.
    let real_text = real["transcript"].take();
    let shown_text = shown["transcript"].take();
    let cut = shown_text.as_str().unwrap().trim_end_matches(" ...");
    assert!(real_text.as_str().unwrap().starts_with(cut));
    assert_eq!(real, shown);
}

/// spellcast-script(5)'s DIAGNOSTICS example is what the program prints
/// now, for the four scripts it describes.
#[test]
fn script_page_diagnostics_are_what_the_program_prints() {
    let roff = page("spellcast-script.5");
    let from = roff.find(".SH DIAGNOSTICS").expect("a DIAGNOSTICS section");
    let shown = examples(&roff[from..]).swap_remove(0);
    let two = r#"{"Arnold":"--","Barbara":"--"}"#;
    let scripts = [
        format!(
            r#"{{"players":["Arnold","Barbara"],"rounds":[{{"moves":{two}}},{{"moves":{two}}},
            {{"moves":{{"Arnold":"PX","Barbara":"--"}}}}]}}"#
        ),
        format!(
            r#"{{"players":["Arnold","Barbara"],"rounds":[{{"moves":{two}}},{{"moves":{two},
            "answers":{{"Arnold":[{{"kind":"target","answer":"Barbara"}}]}}}}]}}"#
        ),
        format!(
            "{{\"players\":[\"Arnold\",\"Barbara\"],\n \"rounds\":[{{\"moves\":{two}}},\n  {{\"mvoes\":{{\"Arnold\":\"--\"}}}}]}}"
        ),
        r#"{"players":["Arnold"],"rounds":[]}"#.to_string(),
    ];
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("docs-diagnostics");
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let mut printed = String::new();
    for (i, script) in scripts.iter().enumerate() {
        let path = dir.join(format!("{i}.json"));
        std::fs::write(&path, script).expect("written");
        let out = Command::new(env!("CARGO_BIN_EXE_spellcast"))
            .arg("--script")
            .arg(&path)
            .output()
            .expect("spellcast runs");
        assert_eq!(out.status.code(), Some(2), "{script}");
        printed.push_str(&String::from_utf8_lossy(&out.stderr));
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(shown, printed);
}

#[test]
fn match_help_and_manual_page_say_the_same_of_seed() {
    let out = Command::new(env!("CARGO_BIN_EXE_spellcast"))
        .args(["match", "--help"])
        .output()
        .expect("run spellcast match --help");
    let help = String::from_utf8_lossy(&out.stdout);
    let said = "every duel's seed is drawn from";
    let line = help.lines().find(|l| l.contains("--seed")).unwrap();
    assert!(line.contains(said), "{line}");
    assert!(page("spellcast.6").contains(said));
}

/// The lines a real program seat is sent in one short duel.
fn real_messages() -> Vec<Value> {
    let dir = std::env::temp_dir().join(format!("spellcast-docs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("sent.jsonl");
    let player = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/players/random_player.py");
    let seat = format!(
        "program:tee -a '{}' | python3 '{}' 3",
        log.display(),
        player.display()
    );
    let out = Command::new(env!("CARGO_BIN_EXE_spellcast"))
        .args([
            "match",
            &seat,
            "computer:easy",
            "--games",
            "1",
            "--seed",
            "1",
        ])
        // No opening: the page's exchange starts with the first move.
        .args(["--jobs", "1", "--opening", "0"])
        .output()
        .expect("run spellcast match");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&log).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    text.lines().map(json).collect()
}

#[test]
fn protocol_page_shows_what_the_game_sends() {
    let roff = page("spellcast-protocol.5");
    let blocks = examples(&roff);
    let view_example = json(&blocks[0]);
    let mut documented = BTreeSet::new();
    key_paths(&view_example, "view", &mut documented);
    // `gestures` is keyed by wizard name: the example's names are players'.
    let gestures = view_example["gestures"].as_object().unwrap();
    assert!(gestures.keys().all(|k| k == "Arnold" || k == "Barbara"));
    documented.retain(|p| !p.starts_with("view.gestures."));

    let messages = real_messages();
    let first_move = messages.iter().find(|m| m["type"] == "move").unwrap();
    // The exchange's first move counts from 1, as the game does.
    let exchange = &blocks[1];
    assert!(exchange.contains(r#"{"type":"move","round":1,"turn":1,"#));
    assert_eq!(
        (first_move["round"].as_u64(), first_move["turn"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(first_move["view"]["turn"].as_u64(), Some(1));

    for message in &messages {
        let Some(view) = message.get("view") else {
            continue;
        };
        let mut sent = BTreeSet::new();
        key_paths(view, "view", &mut sent);
        sent.retain(|p| !p.starts_with("view.gestures."));
        let undocumented: Vec<_> = sent.difference(&documented).collect();
        assert!(
            undocumented.is_empty(),
            "not in the page's VIEW: {undocumented:?}"
        );
        // Every field a message carries is named on the page.
        for key in message.as_object().unwrap().keys() {
            assert!(
                roff.contains(&format!(".B {key}")) || roff.contains(&format!(".BR {key} ")),
                "field {key} of {} is not documented",
                message["type"]
            );
        }
    }
}

/// Cargo.toml turns automatic test discovery off and lists four suites; a test
/// file none of them names would never run, so every file at the top of tests/
/// must be a suite or a module of one.
#[test]
fn every_test_file_is_in_a_suite() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut named = BTreeSet::new();
    let mut files = BTreeSet::new();
    for entry in std::fs::read_dir(&dir).expect("tests/ is readable") {
        let name = entry.expect("a directory entry").file_name();
        let name = name.to_string_lossy().into_owned();
        if !name.ends_with(".rs") {
            continue;
        }
        if name.starts_with("suite_") {
            named.insert(name.clone());
            let hub = std::fs::read_to_string(dir.join(&name)).expect("a suite is readable");
            for line in hub.lines() {
                if let Some(rest) = line.strip_prefix("#[path = \"") {
                    named.extend(rest.split('"').next().map(str::to_owned));
                }
            }
        }
        files.insert(name);
    }
    let missing: Vec<_> = files.difference(&named).collect();
    assert!(
        missing.is_empty(),
        "test files in no suite (add them to a tests/suite_*.rs): {missing:?}"
    );
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"))
            .unwrap_or_default();
    for suite in named.iter().filter(|n| n.starts_with("suite_")) {
        assert!(
            manifest.contains(&format!("path = \"tests/{suite}\"")),
            "{suite} is not a [[test]] in Cargo.toml"
        );
    }
}

#[test]
fn analysis_page_example_has_the_fields_the_program_writes() {
    let blocks = examples(&page("spellcast-analysis.5"));
    let shown = json(&blocks[0]);
    let mut rounds = vec![r#"{"moves":{"Black":"-k"}}"#; 10];
    rounds.extend([
        r#"{"moves":{"Black":"D-"}}"#,
        r#"{"moves":{"Black":"F-"}}"#,
        r#"{"moves":{"White":"-W","Black":"F-"}}"#,
        r#"{"moves":{"White":"-P","Black":"D-"}}"#,
    ]);
    let script = format!(
        r#"{{"players":["White","Black"],"seed":11,"rounds":[{}]}}"#,
        rounds.join(",")
    );
    let path = std::env::temp_dir().join(format!("spellcast-docs-{}.json", std::process::id()));
    std::fs::write(&path, script).expect("the script written");
    let out = Command::new(env!("CARGO_BIN_EXE_spellcast"))
        .args(["analyse", &path.to_string_lossy(), "--as", "White"])
        .args(["--rollouts", "300", "--json"])
        .output()
        .expect("run spellcast analyse");
    let _ = std::fs::remove_file(&path);
    let written = json(&String::from_utf8_lossy(&out.stdout));
    let (mut want, mut got) = (BTreeSet::new(), BTreeSet::new());
    key_paths(&shown, "", &mut want);
    key_paths(&written, "", &mut got);
    assert_eq!(want, got);
    assert_eq!(shown["move"], written["move"]);
}

/// README is for players and stays short (at most 350 lines), with the two
/// commands a newcomer runs first: one that builds and starts a duel, one
/// that runs every test.
#[test]
fn readme_is_short_and_keeps_the_two_first_commands() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md is readable");
    let lines = readme.lines().count();
    assert!(lines <= 350, "README.md has {lines} lines, more than 350");
    assert!(readme.contains("cargo run --release -- \"$DISPLAY\""));
    assert!(readme.contains("bash tests/run.sh"));
}

/// Every book the program plays has its section in spellcast-rules(7), a
/// `.SH` heading with its title in capitals or its `--rules` name in
/// brackets, so that a new book's rules cannot be left unwritten.
#[test]
fn every_book_has_its_section_in_the_rules_page() {
    let roff = page("spellcast-rules.7");
    let headings: Vec<&str> = roff
        .lines()
        .filter_map(|l| l.strip_prefix(".SH "))
        .collect();
    for book in spellcast::engine::RuleSet::ALL {
        let title = book.title.to_uppercase();
        let name = format!("({})", book.name);
        let found = headings
            .iter()
            .any(|h| h.contains(&title) || h.contains(&name));
        assert!(found, "no section for {title} {name} in {headings:?}");
    }
}
