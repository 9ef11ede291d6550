#!/usr/bin/env python3
"""The computer opponent's strength ladder, by hand, not in CI.

    cargo build --release && python3 tests/bench/computer-ladder.py [options]

Runs every pairing of the "Computer opponent" tables of
tests/bench/README.md through `spellcast match --json` (seat-swapped pairs, fixed seeds), one after the
other, and prints one Markdown row per pairing with A's score, its 95 %
interval and the exact command. The full ladder takes about an hour of both
cores: run it on an otherwise idle machine, since `hard`'s budget is a clock.

Options:
  --only NAME[,NAME]  run only these pairings (names below)
  --scale F           multiply every pairing's duel count (e.g. 0.05 for a look)
  --jobs J            duels at once (default 2)
  --json FILE         also append each summary, with its command, to FILE

The score interval is the match runner's (normal, from the variance of
seat-swapped pairs, read back from its Elo bounds), and the Elo column is
that interval in Elo; when every pair scored the
same (say 400 wins of 400) that variance is zero, and the exact binomial bound
on the duels is given instead (400 of 400: at least 99.1 %).
"""

import argparse
import json
import math
import os
import shlex
import subprocess
import sys
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
BIN = os.environ.get("SPELLCAST_BIN", os.path.join(ROOT, "target", "release", "spellcast"))
RANDOM = "program:python3 tests/players/random_player.py"

# name, seat A, seat B, duels, seed, --think-ms (None: the level's own), target
PAIRINGS = [
    ("hard-medium", "computer:hard", "computer:medium", 400, 1, 100, "≥ 65 %"),
    ("hard-easy", "computer:hard", "computer:easy", 400, 2, 100, "≥ 80 %"),
    ("hard-random", "computer:hard", RANDOM, 400, 3, 100, "≥ 99 %"),
    ("exploit-hard", "computer:exploit-hard", "computer:hard", 200, 4, 100, "≤ 60 %"),
    ("exploit-easy", "computer:exploit-easy", "computer:easy", 200, 5, 100, "—"),
    ("hard-easy-1s", "computer:hard", "computer:easy", 100, 6, None, "≥ 80 %"),
    ("medium-easy", "computer:medium", "computer:easy", 200, 7, 100, "—"),
]


def score_of_elo(elo):
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def interval(summary):
    """A's score interval (low, high) in [0, 1]."""
    played = summary["a"]["wins"] + summary["b"]["wins"] + summary["draws"]
    score = summary["score"]
    low, high = summary["elo_low"], summary["elo_high"]
    if low is not None and high is not None and high - low > 0:
        return score_of_elo(low), score_of_elo(high)
    if low is None and high is None and score not in (0.0, 1.0):
        return score, score
    # No spread between pairs: exact binomial bound at the extreme.
    bound = 0.025 ** (1.0 / max(played, 1))
    if score >= 1.0:
        return bound, 1.0
    if score <= 0.0:
        return 0.0, 1.0 - bound
    return score, score


def command(a, b, games, seed, think, jobs):
    words = ["spellcast", "match", a, b, "--games", str(games), "--seed", str(seed)]
    if think is not None:
        words += ["--think-ms", str(think)]
    words += ["--jobs", str(jobs)]
    return " ".join(shlex.quote(w) for w in words)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json")
    args = parser.parse_args()
    wanted = set(args.only.split(",")) if args.only else None
    known = {p[0] for p in PAIRINGS}
    if wanted and not wanted <= known:
        sys.exit(f"computer-ladder: unknown pairing(s) {sorted(wanted - known)}; known: {sorted(known)}")
    if not os.access(BIN, os.X_OK):
        sys.exit(f"computer-ladder: {BIN} not found; run cargo build --release first")
    print("| pairing | target | duels | A wins / B wins / draws | A's score (95 %) | Elo (95 %) | minutes | command |")
    print("|---|---|---|---|---|---|---|---|")
    for name, a, b, games, seed, think, target in PAIRINGS:
        if wanted and name not in wanted:
            continue
        games = max(2, 2 * round(games * args.scale / 2))
        shown = command(a, b, games, seed, think, args.jobs)
        argv = [BIN, "match", a, b, "--games", str(games), "--seed", str(seed), "--jobs", str(args.jobs), "--json"]
        if think is not None:
            argv += ["--think-ms", str(think)]
        start = time.monotonic()
        run = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True)
        minutes = (time.monotonic() - start) / 60.0
        if run.returncode != 0:
            sys.exit(f"computer-ladder: {name} failed ({run.returncode}): {run.stderr.strip()[-500:]}")
        summary = json.loads(run.stdout)
        low, high = interval(summary)

        def elo(score):
            if score >= 1.0:
                return "+∞"
            if score <= 0.0:
                return "−∞"
            return f"{400.0 * math.log10(score / (1.0 - score)):+.0f}"

        print(
            f"| {name} | {target} | {summary['games']} | {summary['a']['wins']} / {summary['b']['wins']} / {summary['draws']} "
            f"| {100 * summary['score']:.1f} % ({100 * low:.1f} to {100 * high:.1f}) "
            f"| {elo(summary['score'])} ({elo(low)} to {elo(high)}) "
            f"| {minutes:.1f} | `{shown}` |",
            flush=True,
        )
        if args.json:
            with open(args.json, "a") as out:
                out.write(json.dumps({"pairing": name, "command": shown, "minutes": minutes, **summary}) + "\n")


if __name__ == "__main__":
    main()
