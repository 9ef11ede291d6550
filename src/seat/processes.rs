//! Ending every process a program seat started, not only the program.
//!
//! The program runs as the leader of a process group of its own, so killing
//! the group ends what it started the usual way. A process that moved to a
//! new session or group (`setsid`, a daemonising double fork) leaves the
//! group, and once its parent dies nothing links it to the seat any more;
//! so each seat also marks its program's environment with [`SEAT_MARK`] set
//! to a value of its own, which every process started from it inherits, and
//! ending the seat kills every process of the user that still carries that
//! value (found through `/proc`, on systems that have it). Only a process
//! that empties or rewrites its own environment escapes both; the README
//! says so.
//!
//! Every running seat's group and mark are also listed here, so that a
//! match ended at once by Control-C ([`end_every_seat`]) leaves none of
//! them running though its duels are never wound up.

use std::fs;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// The environment variable that marks a seat's processes.
pub const SEAT_MARK: &str = "SPELLCAST_SEAT";

/// How many times the processes carrying a mark are looked for and killed:
/// more than once, because one caught forking may leave a child behind.
const SWEEPS: usize = 5;

/// The seats whose processes may still run: (group, mark); `None` once
/// [`end_every_seat`] has ended them all, when no new one may start.
static RUNNING: Mutex<Option<Vec<(u32, String)>>> = Mutex::new(Some(Vec::new()));

/// The list, whatever a panicking thread left it as (it holds plain data).
fn running() -> std::sync::MutexGuard<'static, Option<Vec<(u32, String)>>> {
    RUNNING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Starts `command` and lists it as a seat marked `mark`, holding the list
/// meanwhile so [`end_every_seat`] never misses a seat being started;
/// None (nothing started) once every seat has been ended.
pub(crate) fn spawn_listed(command: &mut Command, mark: &str) -> Option<std::io::Result<Child>> {
    let mut guard = running();
    let list = guard.as_mut()?;
    let child = command.spawn();
    if let Ok(c) = &child {
        list.push((c.id(), mark.to_string()));
    }
    Some(child)
}

/// Kills every seat's processes still running, and refuses new ones from
/// now on: for a process about to exit without winding its duels up.
pub fn end_every_seat() {
    let seats = running().take().unwrap_or_default();
    for (group, mark) in seats {
        sweep(group, &mark);
    }
}

/// A mark no other seat of any game running now has: this process's id and
/// a count.
pub(crate) fn new_mark() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!("{}.{n}", std::process::id())
}

/// Kills the process group `group` and every process whose environment
/// holds `SEAT_MARK=mark`.
pub(crate) fn kill_all(group: u32, mark: &str) {
    sweep(group, mark);
    if let Some(list) = running().as_mut() {
        list.retain(|(_, m)| m != mark);
    }
}

/// [`kill_all`]'s killing.
fn sweep(group: u32, mark: &str) {
    let mut targets = vec![format!("-{group}")];
    for _ in 0..SWEEPS {
        targets.extend(marked(mark).iter().map(u32::to_string));
        if targets.is_empty() {
            return;
        }
        kill(&targets);
        targets.clear();
    }
}

/// The processes whose environment holds `SEAT_MARK=mark` (none where
/// there is no `/proc`, or for processes of other users).
fn marked(mark: &str) -> Vec<u32> {
    let wanted = format!("{SEAT_MARK}={mark}");
    let Ok(entries) = fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            fs::read(format!("/proc/{pid}/environ"))
                .is_ok_and(|env| env.split(|&b| b == 0).any(|v| v == wanted.as_bytes()))
        })
        .collect()
}

/// Sends SIGKILL to `targets` (pids, or `-group`). The standard library
/// kills only its own children, so this is the shell's `kill`, which every
/// system with `sh` has.
fn kill(targets: &[String]) {
    let _ = Command::new("sh")
        .args(["-c", "kill -s KILL -- \"$@\"", "sh"])
        .args(targets)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}
