#!/usr/bin/env bash
# What `spellcast --script` costs per duel beyond start-up, in instructions.
# Run by hand, not in CI:
#
#     cargo build --release && bash tests/bench/script-cost.sh
#
# Counts every instruction the process executes (dynamic loader, start-up,
# reading the script, the duel, writing the report) with valgrind's callgrind,
# for every 10th finished recorded duel of tests/oracle (files in path order;
# "finished" = the expected result has a winner or a draw; duels marked
# non-deterministic are left out, as they cannot be replayed to their end), the
# script part of each file being the input. The figure that counts is the
# mean whole-process count over those duels minus the count of the shortest of
# them (fewest rounds; the first such in path order): what the duels
# themselves cost, with what every process pays to start and stop taken out.
# Also prints the shortest duel's count and that of an empty duel (two
# players, no rounds), for reference.
#
# Options:
#   --smoke         one duel only (checks the script and the tools work)
#   --each          print every duel's count as well
# Environment:
#   SPELLCAST_BIN   binary to measure (default: target/release/spellcast)
#   STEP            take every STEP-th finished duel (default 10)
#   KEEP_PROFILES=DIR  keep each run's callgrind.out file in DIR, for
#                   `callgrind_annotate --inclusive=yes DIR/<duel>.out`
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BIN=${SPELLCAST_BIN:-$ROOT/target/release/spellcast}
STEP=${STEP:-10}
SMOKE=0
EACH=0
for arg in "$@"; do
    case "$arg" in
    --smoke) SMOKE=1 ;;
    --each) EACH=1 ;;
    *)
        echo "usage: $0 [--smoke] [--each]" >&2
        exit 2
        ;;
    esac
done

die() { echo "script-cost: $*" >&2; exit 1; }
need() { # command, Debian package
    command -v "$1" >/dev/null 2>&1 ||
        die "'$1' not found; install it with: apt-get install -y $2"
}
need valgrind valgrind
need python3 python3
[[ -x $BIN ]] || die "no binary at $BIN; run 'cargo build --release' first"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/script-cost.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# Writes the chosen scripts to $WORK/<n>-<name>.json, one per selected duel,
# the empty duel as $WORK/empty.json, and the name of the shortest chosen duel
# to $WORK/shortest.
python3 - "$ROOT/tests/oracle" "$WORK" "$STEP" "$SMOKE" <<'EOF'
import json, pathlib, sys
oracle, work, step, smoke = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1"
finished = []
for path in sorted(oracle.rglob("*.json")):
    duel = json.loads(path.read_text())
    result = duel.get("expected", {}).get("result") or {}
    replayable = duel.get("notes", {}).get("deterministic", True)
    if replayable and ("winner" in result or "draw" in result):
        finished.append((path, duel["script"]))
chosen = finished[::step][:1] if smoke else finished[::step]
shortest = None
for n, (path, script) in enumerate(chosen):
    name = f"{n:03}-{path.stem}"
    (work / f"{name}.json").write_text(json.dumps(script))
    if shortest is None or len(script["rounds"]) < shortest[1]:
        shortest = (name, len(script["rounds"]))
(work / "shortest").write_text(shortest[0])
(work / "empty.json").write_text(json.dumps({"players": ["Arnold", "Barbara"], "rounds": []}))
print(f"script-cost: {len(chosen)} of {len(finished)} finished duels", file=sys.stderr)
EOF

# Instructions of one `spellcast --script FILE` run, from callgrind's summary.
instructions() {
    local script=$1 name out
    name=$(basename "$script" .json)
    out=/dev/null
    if [[ -n ${KEEP_PROFILES:-} ]]; then
        mkdir -p "$KEEP_PROFILES"
        out=$KEEP_PROFILES/$name.out
    fi
    valgrind --tool=callgrind --callgrind-out-file="$out" \
        "$BIN" --script "$script" >"$WORK/report" 2>"$WORK/log" ||
        die "$name: spellcast failed: $(grep -v '^==' "$WORK/log" | head -3)"
    grep -o 'Collected : [0-9]*' "$WORK/log" | grep -o '[0-9]*$' ||
        die "$name: no callgrind summary"
}

empty=$(instructions "$WORK/empty.json")
shortest_name=$(cat "$WORK/shortest")
shortest=
total=0
count=0
for script in "$WORK"/[0-9]*.json; do
    name=$(basename "$script" .json)
    n=$(instructions "$script")
    [[ $SMOKE == 1 || $EACH == 1 ]] && echo "  $name: $n"
    [[ $name == "$shortest_name" ]] && shortest=$n
    total=$((total + n))
    count=$((count + 1))
done
mean=$((total / count))
echo "empty duel (start-up and an empty report): $empty instructions"
echo "shortest duel ($shortest_name): $shortest instructions"
echo "mean over $count duels: $mean instructions per duel, whole process"
echo "per duel beyond start-up (mean minus shortest): $((mean - shortest)) instructions"
