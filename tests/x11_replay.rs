//! `spellcast --replay FILE`: a duel saved by `spellcast match --save`,
//! stepped to its end in the window, shows in its status list the beings
//! and hit points that `spellcast --script` reports for the same file.

use crate::common;
use crate::x11_ui;

use std::process::{Command, Stdio};

use common::xvfb::{Xvfb, WAIT};
use x11_ui::{drawn_text, load, metrics, test_font, wait_until, GameProcess, Player};

/// A one-duel match between two easy computers, saved; returns the file.
fn saved_duel(dir: &std::path::Path) -> std::path::PathBuf {
    let _ = std::fs::remove_dir_all(dir);
    let out = Command::new(env!("CARGO_BIN_EXE_spellcast"))
        .args(["match", "computer:easy", "computer:easy", "--games", "1"])
        .args(["--seed", "5", "--think-ms", "20", "--save"])
        .arg(dir)
        .stdin(Stdio::null())
        .output()
        .expect("spellcast match runs");
    assert!(out.status.success(), "{out:?}");
    dir.join("duel-1.json")
}

/// The status list `--script` reports at the end, in the window's order
/// for an observer: monsters nobody commands, then each wizard followed by
/// his monsters; each row's name and "hp flags".
fn expected_rows(file: &std::path::Path) -> Vec<(String, String)> {
    let out = Command::new(env!("CARGO_BIN_EXE_spellcast"))
        .arg("--script")
        .arg(file)
        .output()
        .expect("spellcast --script runs");
    assert!(out.status.success(), "{out:?}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    let beings = report["beings"].as_array().expect("beings").clone();
    let living: Vec<&serde_json::Value> = beings.iter().filter(|b| b["alive"] == true).collect();
    let row = |b: &serde_json::Value| {
        let hp = b["hp"].as_i64().expect("hp");
        let flags = b["flags"].as_str().unwrap_or("");
        let shown = if flags.is_empty() {
            hp.to_string()
        } else {
            format!("{hp} {flags}")
        };
        (b["name"].as_str().expect("name").to_string(), shown)
    };
    let wizard = |b: &serde_json::Value| b["kind"] == "wizard";
    let commands = |w: &serde_json::Value, m: &serde_json::Value| {
        m["controller"] == w["name"] && w["surrendered"] == false
    };
    let mut rows: Vec<(String, String)> = living
        .iter()
        .filter(|m| !wizard(m) && !living.iter().any(|w| wizard(w) && commands(w, m)))
        .map(|m| row(m))
        .collect();
    for w in living.iter().filter(|w| wizard(w)) {
        rows.push(row(w));
        for m in living.iter().filter(|m| !wizard(m) && commands(w, m)) {
            rows.push(row(m));
        }
    }
    rows
}

#[test]
fn a_saved_duel_stepped_to_its_end_shows_the_reported_hit_points() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("replay-saved");
    let file = saved_duel(&dir);
    let rows = expected_rows(&file);
    assert!(!rows.is_empty());

    let x = Xvfb::start();
    let probe = x.client();
    let font = test_font(&probe);
    let m = metrics(&probe, &font);
    load(&x, None, &font);
    let mut replay = GameProcess::start_plain(
        &x.display(),
        &["--replay".to_string(), file.display().to_string()],
        "replay",
    );
    let window = Player::find(&x, "replay of Arnold vs Barbara", 0, m);
    // At the start both wizards have 15.
    let fifteen = drawn_text(&probe, &font, "15");
    wait_until("the start: 15 hit points each", || {
        window.text_in(window.hp_area(0)) == fifteen && window.text_in(window.hp_area(1)) == fifteen
    });
    // A step forward, then to the end.
    window.move_to((400, 300));
    window.client.type_text(" e");
    wait_until("the end of the duel as --script reports it", || {
        rows.iter().enumerate().all(|(i, (name, hp))| {
            let i = i as i32;
            window.text_in(window.status_name_area(i)) == drawn_text(&probe, &font, name)
                && window.text_in(window.hp_area(i)) == drawn_text(&probe, &font, hp)
        })
    });
    // Back to the start, then leave with q.
    window.client.type_text("s");
    wait_until("the start again", || {
        window.text_in(window.hp_area(1)) == fifteen
    });
    window.client.type_text("q");
    let (status, _out, err) = replay.wait(WAIT);
    assert!(status.success(), "exit status {status}; stderr: {err}");
}
