//! Finding the recorded duels of the original under tests/oracle, shared by
//! the oracle test and the engine benchmark.

use std::path::{Path, PathBuf};

/// Every `.json` file below `dir`, in a stable (sorted) order.
pub fn duel_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    collect(dir, &mut out);
    out
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("tests/oracle is readable")
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|e| e == "json") {
            out.push(p);
        }
    }
}
