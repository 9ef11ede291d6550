//! Build script: links the `spellcast` program statically on Linux with
//! glibc, when the C library's static archives are installed.
//!
//! Why: a `spellcast --script` run is a short process, and the dynamic loader
//! (mapping libc, libm and libgcc_s, then looking up about 130 symbols and
//! relocating) cost more than a quarter of it: about 200,000 instructions of
//! the 280,000 an empty duel takes. A static program starts without it.
//!
//! How: rustc asks the C compiler for `-lc -lm -lgcc_s ...` after switching
//! the linker to shared libraries (`-Bdynamic`), so `-static` alone cannot
//! take effect. For the program only, a directory searched before the
//! system's is added, holding a `libc.so`, `libm.so` and `libgcc_s.so` that are
//! linker scripts naming the static archives; with `-static-pie` the C compiler
//! starts the program without a dynamic loader. The library and the test
//! programs are linked as usual.
//!
//! The C library still resolves host names and users itself (its `files` and
//! `dns` lookups are built in), which is all the X11 client asks of it.
//! When `libc.a` is missing (e.g. no `libc6-dev` static archives), or for
//! any other target, nothing changes: the program is linked dynamically.
//! Set `SPELLCAST_DYNAMIC=1` to link dynamically anyway.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The linker scripts standing in for the shared libraries rustc names, and
/// the static archives each one means.
const STAND_INS: &[(&str, &str)] = &[
    ("libc.so", "GROUP(libc.a libgcc.a libgcc_eh.a)"),
    ("libm.so", "GROUP(libm.a)"),
    ("libgcc_s.so", "GROUP(libgcc_eh.a libgcc.a)"),
];

fn main() {
    println!("cargo:rerun-if-changed=src/build.rs");
    println!("cargo:rerun-if-env-changed=SPELLCAST_DYNAMIC");
    println!("cargo:rerun-if-env-changed=CC");
    let env = |name: &str| std::env::var(name).unwrap_or_default();
    let linux_gnu = env("CARGO_CFG_TARGET_OS") == "linux" && env("CARGO_CFG_TARGET_ENV") == "gnu";
    if !linux_gnu || env("SPELLCAST_DYNAMIC") == "1" || !static_archives_installed() {
        return;
    }
    let dir = PathBuf::from(env("OUT_DIR")).join("static-libs");
    if write_stand_ins(&dir).is_err() {
        println!(
            "cargo:warning=cannot write {}; linking dynamically",
            dir.display()
        );
        return;
    }
    println!("cargo:rustc-link-arg-bins=-L{}", dir.display());
    println!("cargo:rustc-link-arg-bins=-static-pie");
}

/// Whether the C compiler finds the static archives a static link needs.
fn static_archives_installed() -> bool {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    ["libc.a", "libm.a", "libgcc_eh.a"].iter().all(|archive| {
        Command::new(&cc)
            .arg(format!("-print-file-name={archive}"))
            .output()
            .ok()
            .and_then(|out| String::from_utf8(out.stdout).ok())
            .is_some_and(|path| Path::new(path.trim()).is_absolute())
    })
}

/// Writes the stand-in linker scripts into `dir`.
fn write_stand_ins(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for (name, script) in STAND_INS {
        std::fs::write(dir.join(name), format!("{script}\n"))?;
    }
    Ok(())
}
