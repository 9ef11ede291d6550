//! Control-C during `spellcast match`: the summary of the duels finished
//! so far on standard output, a line saying the match was interrupted,
//! exit status 130, and no program seat left running (spellcast(6),
//! MATCHES).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::common;
use common::match_run::{empty_dir, text};

/// Far longer than the match's first pair takes, however loaded the machine.
const WAIT: Duration = Duration::from_secs(120);

/// A program seat that counts its starts in `starts` (its process id a
/// line): the first three (the check of `hello` before the match, then
/// the first pair's two duels) crash at their first move, so those duels
/// end at once; every later one hangs at its first move, so the match
/// stands still until it is interrupted.
fn crash_then_hang(dir: &Path, starts: &Path) -> String {
    let script = dir.join("crash-then-hang.sh");
    let body = format!(
        "echo $$ >> '{}'\n\
         if [ \"$(wc -l < '{}')\" -le 3 ]; then\n\
         exec python3 tests/players/misbehaving_player.py crash 1\n\
         fi\n\
         exec python3 tests/players/misbehaving_player.py hang 1\n",
        starts.display(),
        starts.display()
    );
    std::fs::write(&script, body).expect("the seat's script");
    format!("program:sh {}", script.display())
}

/// The test's folder, removed however the test ends.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Whether process `pid` still runs (a zombie, killed and not yet
/// reaped by its new parent, does not).
fn running(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        !stat
            .rsplit(')')
            .next()
            .unwrap_or("")
            .trim()
            .starts_with('Z')
    })
}

#[test]
fn control_c_prints_the_duels_played_and_ends_every_seat() {
    let scratch = Scratch(empty_dir(&format!(
        "match-interrupt-{}",
        std::process::id()
    )));
    let dir = &scratch.0;
    let starts = dir.join("starts");
    let results = dir.join("results");
    let seat = crash_then_hang(dir, &starts);
    let mut child = Command::new(env!("CARGO_BIN_EXE_spellcast"))
        .args([
            "match",
            &seat,
            "computer:easy",
            "--games",
            "8",
            "--jobs",
            "1",
        ])
        .args(["--seed", "5", "--limit-ms", "600000", "--results"])
        .arg(&results)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("DISPLAY")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the match");
    let (tx, rx) = mpsc::channel();
    let stderr = child.stderr.take().expect("its standard error");
    let reader = std::thread::spawn(move || {
        let mut all = String::new();
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = tx.send(line.clone());
            all.push_str(&line);
            all.push('\n');
        }
        all
    });
    // The first pair's progress line: two duels are finished.
    let deadline = Instant::now() + WAIT;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(line) if line.starts_with("pair 1/4") => break,
            Ok(_) => {}
            Err(_) => {
                let _ = child.kill();
                panic!("no progress line for the first pair");
            }
        }
    }
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(sent.success());
    let deadline = Instant::now() + WAIT;
    let status = loop {
        if let Some(status) = child.try_wait().expect("the match's status") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("the match did not end after Control-C");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut out = Vec::new();
    if let Some(mut stdout) = child.stdout.take() {
        std::io::Read::read_to_end(&mut stdout, &mut out).expect("its standard output");
    }
    let (out, errors) = (text(&out), reader.join().expect("the reader"));
    assert_eq!(status.code(), Some(130), "{errors}");
    // The finished duels are those of the results file (one line each):
    // the first pair, and the third duel if it ended before the signal.
    let finished = std::fs::read_to_string(&results).expect("the results file");
    let n = finished.lines().count();
    assert!((2..=3).contains(&n), "{n} duels in {finished}");
    assert!(
        errors.contains(&format!("spellcast: interrupted after {n} of 8 duels")),
        "{errors}"
    );
    assert!(
        out.contains(&format!("\n{n} duels: A won 0, B won {n}, 0 drawn\n")),
        "the crashing seat A lost every finished duel: {out}"
    );
    assert!(
        out.contains(&format!("Failed seats: A in {n} duels, B in 0\n")),
        "{out}"
    );
    // Killed before the match exited; gone once the system has ended them.
    let pids = std::fs::read_to_string(&starts).expect("the seat's starts");
    let deadline = Instant::now() + WAIT;
    for pid in pids.lines() {
        while running(pid) {
            assert!(Instant::now() < deadline, "seat process {pid} still runs");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}
