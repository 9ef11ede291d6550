#!/usr/bin/env bash
# What `spellcast --script` costs per duel beyond start-up, in instructions,
# against the original program on the same duels. Run by hand, not in CI:
#
#     cargo build --release && bash tests/bench/script-cost.sh
#
# tests/bench/original-instructions.tsv lists the finished, deterministic
# recorded duels of tests/oracle that the original can replay, with the
# instructions the original's text build executed to play each one (whole
# process; see tests/bench/README.md for how it was counted). This script
# counts the same for `spellcast --script` on each of those duels (the
# script part of the file as input) with valgrind's callgrind: every
# instruction the process executes, dynamic loader, start-up, reading the
# script, the duel and writing the report.
#
# The figure that counts, on each side: the mean count over the duels minus
# the smallest count (what the duels themselves cost, with what every process
# pays to start and stop, and the shortest duel, taken out). The ratio of ours
# to the original's is the target (at most 0.5).
#
# Options:
#   --smoke         three duels only (checks the script and the tools work)
#   --each          print every duel's two counts as well
#   --dir DIR       count ours on every finished duel in DIR instead (duels the
#                   original's counts do not cover: scripts, as `spellcast match
#                   --save` writes them, or recorded duels with a "script"),
#                   each fed as the recorded ones are, and print our mean, the
#                   smallest, and the mean minus the recorded set's smallest
#                   (measured in the same run) as well as minus its own
# Environment:
#   SPELLCAST_BIN   binary to measure (default: target/release/spellcast, the
#                   installed program's build: fat LTO, one codegen unit)
#   ORIGINAL        the original's counts (default: beside this script)
#   JOBS            valgrind runs at once (default 1; counts do not depend on it)
#   KEEP_PROFILES=DIR  keep each run's callgrind.out file in DIR, for
#                   `callgrind_annotate --inclusive=yes DIR/<duel>.out`
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BIN=${SPELLCAST_BIN:-$ROOT/target/release/spellcast}
ORIGINAL=${ORIGINAL:-$ROOT/tests/bench/original-instructions.tsv}
SMOKE=0
EACH=0
DIR=
while (($#)); do
    case "$1" in
    --smoke) SMOKE=1 ;;
    --each) EACH=1 ;;
    --dir)
        [[ $# -ge 2 && -d $2 ]] || { echo "$0: --dir needs a folder" >&2; exit 2; }
        DIR=$(cd "$2" && pwd)
        shift
        ;;
    *)
        echo "usage: $0 [--smoke] [--each] [--dir DIR]" >&2
        exit 2
        ;;
    esac
    shift
done

die() { echo "script-cost: $*" >&2; exit 1; }
need() { # command, Debian package
    command -v "$1" >/dev/null 2>&1 ||
        die "'$1' not found; install it with: apt-get install -y $2"
}
need valgrind valgrind
need python3 python3
[[ -x $BIN ]] || die "no binary at $BIN; run 'cargo build --release' first"
[[ -r $ORIGINAL ]] || die "no original counts at $ORIGINAL"

exec python3 - "$BIN" "$ROOT/tests/oracle" "$ORIGINAL" "$SMOKE" "$EACH" "${JOBS:-1}" "${KEEP_PROFILES:-}" "$DIR" <<'PY'
import concurrent.futures, json, os, pathlib, re, subprocess, sys, tempfile

binary, oracle, original_tsv = sys.argv[1], pathlib.Path(sys.argv[2]), sys.argv[3]
smoke, each, jobs, keep = sys.argv[4] == "1", sys.argv[5] == "1", int(sys.argv[6]), sys.argv[7]
unseen = pathlib.Path(sys.argv[8]) if sys.argv[8] else None

def fail(message):
    sys.exit(f"script-cost: {message}")

rows = []
with open(original_tsv) as table:
    header = table.readline().rstrip("\n").split("\t")
    if header != ["duel", "rounds", "instructions"]:
        fail(f"{original_tsv}: unexpected header {header}")
    for line in table:
        duel, rounds, count = line.rstrip("\n").split("\t")
        rows.append((duel, int(rounds), int(count)))
if smoke:
    rows = rows[:3]

work = pathlib.Path(tempfile.mkdtemp(prefix="script-cost."))
if keep:
    pathlib.Path(keep).mkdir(parents=True, exist_ok=True)

def script_of(path):
    """The script of a recorded duel, or the file itself when it is one."""
    data = json.loads(path.read_text())
    return data["script"] if "script" in data else data

def ours(duel, folder=oracle):
    """Whole-process instructions of `spellcast --script` on one duel."""
    name = duel.replace("/", "-").removesuffix(".json")
    script = work / f"{name}.json"
    script.write_text(json.dumps(script_of(folder / duel)))
    out = os.path.join(keep, f"{name}.out") if keep else "/dev/null"
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary, "--script", str(script)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if run.returncode != 0:
        fail(f"{duel}: spellcast failed: {run.stderr[-300:]}")
    found = re.search(r"Collected : (\d+)", run.stderr)
    if not found:
        fail(f"{duel}: no callgrind summary")
    return int(found.group(1))

def finished(path):
    """Whether the duel ends within its script (a winner or a draw)."""
    run = subprocess.run([binary, "--script", "-"], input=json.dumps(script_of(path)),
                         capture_output=True, text=True)
    if run.returncode != 0:
        fail(f"{path}: spellcast failed: {run.stderr[-300:]}")
    return "unfinished" not in json.loads(run.stdout)["result"]

if unseen:
    others = sorted(p.name for p in unseen.glob("*.json") if finished(p))
    if not others:
        fail(f"{unseen}: no finished duels")
    # The recorded set's shortest duel, counted in this run, as the start-up.
    rows = [row for row in rows if row[0] == min(rows, key=lambda r: r[2])[0]]

try:
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        counts = list(pool.map(ours, [duel for duel, _, _ in rows]))
        if unseen:
            theirs = list(pool.map(lambda d: ours(d, unseen), others))
finally:
    for file in work.iterdir():
        file.unlink()
    work.rmdir()

def beyond_start(values):
    mean = sum(values) / len(values)
    return mean, min(values), mean - min(values)

if unseen:
    if each:
        for duel, mine in zip(others, theirs):
            print(f"  {duel}: ours {mine:,}")
    mean, least, beyond = beyond_start(theirs)
    start = counts[0]
    print(f"{len(others)} finished duels of {unseen}, whole-process instructions ({binary})")
    print(f"ours: mean {mean:,.0f}, smallest {least:,}, mean minus smallest {beyond:,.0f}")
    print(f"mean minus the recorded set's shortest duel ({rows[0][0]}, {start:,}): {mean - start:,.0f}")
    sys.exit(0)

if each:
    for (duel, rounds, theirs), mine in zip(rows, counts):
        print(f"  {duel} ({rounds} rounds): ours {mine:,}, original {theirs:,}")
o_mean, o_min, o_beyond = beyond_start([count for _, _, count in rows])
m_mean, m_min, m_beyond = beyond_start(counts)
print(f"{len(rows)} duels, whole-process instructions ({binary})")
print(f"original: mean {o_mean:,.0f}, smallest {o_min:,}, mean minus smallest {o_beyond:,.0f}")
print(f"ours:     mean {m_mean:,.0f}, smallest {m_min:,}, mean minus smallest {m_beyond:,.0f}")
print(f"ratio (ours / original, beyond start-up): {m_beyond / o_beyond:.3f}x")
PY
