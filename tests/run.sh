#!/usr/bin/env bash
# The one test command: installs what the tests need on a fresh Debian machine,
# checks every manual page, then runs every test (release build, since the X and
# recorded-duel tests replay many duels). Any failure gives a non-zero status.
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(xvfb xauth x11-utils x11-xserver-utils xdotool
          xfonts-base xfonts-75dpi xfonts-100dpi groff-base man-db)

missing=()
for tool in Xvfb xauth xdpyinfo xrdb xdotool groff man; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
for dir in misc 75dpi 100dpi; do
    [ -e "/usr/share/fonts/X11/$dir/fonts.dir" ] || missing+=("fonts/$dir")
done

if [ "${#missing[@]}" -gt 0 ]; then
    echo "tests/run.sh: missing ${missing[*]}; installing ${PACKAGES[*]}"
    if [ "$(id -u)" -eq 0 ]; then
        SUDO=()
    elif command -v sudo >/dev/null 2>&1; then
        SUDO=(sudo)
    else
        echo "tests/run.sh: not root and no sudo; as root run: apt-get install -y ${PACKAGES[*]}" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    ${SUDO[@]+"${SUDO[@]}"} apt-get update
    ${SUDO[@]+"${SUDO[@]}"} apt-get install -y "${PACKAGES[@]}"
fi

if ! command -v cargo >/dev/null 2>&1; then
    echo "tests/run.sh: cargo not found; install Rust (https://rustup.rs) first" >&2
    exit 1
fi

for page in man/*.[1-9]; do
    echo "tests/run.sh: checking $page"
    # Every warning, and man's own at 80 columns (a line it cannot fit).
    warnings=$(groff -man -ww -z "$page" 2>&1; MANWIDTH=80 man -l "$page" 2>&1 >/dev/null)
    if [ -n "$warnings" ]; then
        printf '%s\n' "$warnings" >&2
        echo "tests/run.sh: groff warns about $page" >&2
        exit 1
    fi
done

echo "tests/run.sh: cargo test --profile ci"
cargo test --profile ci

echo "tests/run.sh: engine benchmark, smoke mode (keeps it compiling and running)"
SPELLCAST_BENCH_QUICK=1 cargo bench --profile ci --bench engine
