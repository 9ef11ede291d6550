#!/usr/bin/env python3
"""The computer opponent's strength ladder, by hand, not in CI.

    cargo build --release && python3 tests/bench/computer-ladder.py [options]

Runs every pairing of the "Computer opponent" tables of
tests/bench/README.md through `spellcast match --json` (seat-swapped pairs, fixed seeds), one after the
other, and prints one Markdown row per pairing with A's score, its 95 %
interval and the exact command. A free-for-all (three seats or more) prints
the first seat's share of duels won, with its Wilson 95 % interval. The full ladder takes about an hour of both
cores: run it on an otherwise idle machine, since `hard`'s budget is a clock.

Options:
  --only NAME[,NAME]  run only these pairings (names below)
  --scale F           multiply every pairing's duel count (e.g. 0.05 for a look)
  --jobs J            duels at once (default 2)
  --json FILE         also append each summary, with its command, to FILE
  --group G           ladder (default: the tables above), books (issue 34's
                      pairings: hard against easy and each development
                      stranger in every book), heldout (hard against the
                      held-out players of tests/players/heldout/ in every
                      book: run once on the build being reported, never to
                      choose a change)
  --limit-ms MS       how long a program seat may take a reply (the match's
                      default 10000 is short for a Python player on a loaded
                      machine: a miss is a surrender and spoils the figure)
  --rollouts N        fixed work for every computer seat instead of a clock
                      (the figures then do not drift with the machine's load;
                      say what an idle core reaches in the budget)

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

RACER = "program:python3 tests/players/racer_player.py"
DEFENDER = "program:python3 tests/players/defender_player.py"
SUMMONER = "program:python3 tests/players/summoner_player.py"
DISABLER = "program:python3 tests/players/disabler_player.py"

# name, seats (A first), duels, seed, --think-ms (None: the level's own), target,
# and optionally the rule book (None: the original's).
# Seeds below 10 are the ladder's first measurements (issues 16-18); 23xx are
# issue 23's strangers and free-for-alls.
PAIRINGS = [
    ("hard-medium", ["computer:hard", "computer:medium"], 400, 1, 100, "≥ 65 %"),
    ("hard-easy", ["computer:hard", "computer:easy"], 400, 2304, 100, "≥ 90 %"),
    ("hard-random", ["computer:hard", RANDOM], 400, 2305, 100, "≥ 99 %"),
    ("hard-racer", ["computer:hard", RACER], 400, 2301, 100, "≥ 80 %"),
    ("hard-defender", ["computer:hard", DEFENDER], 400, 2302, 100, "≥ 80 %"),
    ("hard-summoner", ["computer:hard", SUMMONER], 400, 2303, 100, "≥ 80 %"),
    ("hard-disabler", ["computer:hard", DISABLER], 400, 2306, 100, "≥ 80 %"),
    ("exploit-hard", ["computer:exploit-hard", "computer:hard"], 400, 4, 100, "≤ 60 %"),
    ("exploit-easy", ["computer:exploit-easy", "computer:easy"], 200, 5, 100, "—"),
    ("hard-easy-1s", ["computer:hard", "computer:easy"], 100, 6, None, "≥ 85 %"),
    ("hard-racer-1s", ["computer:hard", RACER], 100, 2311, None, "≥ 85 %"),
    ("hard-defender-1s", ["computer:hard", DEFENDER], 100, 2312, None, "≥ 85 %"),
    ("hard-summoner-1s", ["computer:hard", SUMMONER], 100, 2313, None, "≥ 85 %"),
    ("medium-easy", ["computer:medium", "computer:easy"], 200, 7, 100, "—"),
    ("ffa-hard-easy-easy", ["computer:hard", "computer:easy", "computer:easy"], 300, 2321, 100, "≥ 60 %"),
    ("ffa-hard-medium-medium", ["computer:hard", "computer:medium", "computer:medium"], 300, 2322, 100, "≥ 50 %"),
]

BOOKS = ["spellcast", "gesticulation", "deathmatch"]
DEVELOPMENT = [
    ("easy", "computer:easy", "≥ 90 %"),
    ("onestep", "program:python3 tests/players/onestep_player.py", "≥ 80 %"),
    ("warden", "program:python3 tests/players/warden_player.py", "≥ 80 %"),
    ("beastmaster", "program:python3 tests/players/beastmaster_player.py", "≥ 80 %"),
]
HELD_OUT = [
    (name, f"program:python3 tests/players/heldout/{name}_player.py", "≥ 80 %")
    for name in ("lookahead", "sprinter", "puppeteer", "patient", "builder", "storm", "feinter",
                 "shadow")
]


def book_pairings(opponents, first_seed):
    """Issue 34's table: hard against each opponent under every book."""
    rows = []
    for b, book in enumerate(BOOKS):
        for o, (name, seat, target) in enumerate(opponents):
            seed = first_seed + 10 * b + o
            rows.append((f"{book}-hard-{name}", ["computer:hard", seat], 400, seed, 100, target, book))
    return rows


GROUPS = {
    "ladder": PAIRINGS,
    "books": book_pairings(DEVELOPMENT, 3400),
    "heldout": book_pairings(HELD_OUT, 3500),
}


def score_of_elo(elo):
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def interval(summary):
    """A's score interval (low, high) in [0, 1]."""
    played = summary["a"]["wins"] + summary["b"]["wins"] + summary["draws"]
    score = summary["score"]
    low, high = summary["elo_low"], summary["elo_high"]
    if low is not None and high is not None and high - low > 0:
        return score_of_elo(low), score_of_elo(high)
    # The normal interval runs past 100 % (or 0 %): the runner leaves that
    # side's Elo bound empty, and the score's bound is the end of the scale.
    if low is not None and high is None:
        return score_of_elo(low), 1.0
    if low is None and high is not None:
        return 0.0, score_of_elo(high)
    if low is None and high is None and score not in (0.0, 1.0):
        return score, score
    # No spread between pairs: exact binomial bound at the extreme.
    bound = 0.025 ** (1.0 / max(played, 1))
    if score >= 1.0:
        return bound, 1.0
    if score <= 0.0:
        return 0.0, 1.0 - bound
    return score, score


def budget_and_book(think, rollouts, book):
    """The options that follow the seats: the computer's budget, the book."""
    words = []
    if rollouts is not None:
        words += ["--rollouts", str(rollouts)]
    elif think is not None:
        words += ["--think-ms", str(think)]
    if book is not None:
        words += ["--rules", book]
    return words


def command(seats, games, seed, think, jobs, rollouts=None, book=None):
    words = ["spellcast", "match", *seats, "--games", str(games), "--seed", str(seed)]
    words += budget_and_book(think, rollouts, book)
    words += ["--jobs", str(jobs)]
    return " ".join(shlex.quote(w) for w in words)


def elo(score):
    if score >= 1.0:
        return "+∞"
    if score <= 0.0:
        return "−∞"
    return f"{400.0 * math.log10(score / (1.0 - score)):+.0f}"


def duel_row(name, target, summary, minutes, shown):
    low, high = interval(summary)
    return (
        f"| {name} | {target} | {summary['games']} | {summary['a']['wins']} / {summary['b']['wins']} / {summary['draws']} "
        f"| {100 * summary['score']:.1f} % ({100 * low:.1f} to {100 * high:.1f}) "
        f"| {elo(summary['score'])} ({elo(low)} to {elo(high)}) "
        f"| {minutes:.1f} | `{shown}` |"
    )


def wilson(wins, n, z=1.96):
    """The Wilson 95 % interval of a share of wins (free-for-alls: a duel has
    one winner or none, so the share is binomial)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def free_for_all_row(name, target, summary, minutes, shown):
    """The first seat's share of duels won, every seat's wins, draws."""
    games = summary["games"]
    first = summary["seats"][0]["wins"]
    low, high = wilson(first, games)
    wins = " / ".join(str(s["wins"]) for s in summary["seats"])
    return (
        f"| {name} | {target} | {games} | {wins} / {summary['draws']} "
        f"| {100 * first / games:.1f} % ({100 * low:.1f} to {100 * high:.1f}) | — "
        f"| {minutes:.1f} | `{shown}` |"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json")
    parser.add_argument("--group", choices=sorted(GROUPS), default="ladder")
    parser.add_argument("--rollouts", type=int)
    parser.add_argument("--limit-ms", type=int)
    args = parser.parse_args()
    pairings = GROUPS[args.group]
    wanted = set(args.only.split(",")) if args.only else None
    known = {p[0] for p in pairings}
    if wanted and not wanted <= known:
        sys.exit(f"computer-ladder: unknown pairing(s) {sorted(wanted - known)}; known: {sorted(known)}")
    if not os.access(BIN, os.X_OK):
        sys.exit(f"computer-ladder: {BIN} not found; run cargo build --release first")
    print("| pairing | target | duels | wins (seats in order) / draws | A's score (95 %) | Elo (95 %) | minutes | command |")
    print("|---|---|---|---|---|---|---|---|")
    for name, seats, games, seed, think, target, *rest in pairings:
        book = rest[0] if rest else None
        if wanted and name not in wanted:
            continue
        n = len(seats)
        unit = n if n % 2 == 0 else 2 * n  # whole rotations (all six orders of three seats)
        games = max(unit, unit * round(games * args.scale / unit))
        shown = command(seats, games, seed, think, args.jobs, args.rollouts, book)
        argv = [BIN, "match", *seats, "--games", str(games), "--seed", str(seed), "--jobs", str(args.jobs), "--json"]
        argv += budget_and_book(think, args.rollouts, book)
        if args.limit_ms is not None:
            argv += ["--limit-ms", str(args.limit_ms)]
            shown += f" --limit-ms {args.limit_ms}"
        start = time.monotonic()
        run = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True)
        minutes = (time.monotonic() - start) / 60.0
        if run.returncode != 0:
            sys.exit(f"computer-ladder: {name} failed ({run.returncode}): {run.stderr.strip()[-500:]}")
        summary = json.loads(run.stdout)
        if "seats" in summary:
            print(free_for_all_row(name, target, summary, minutes, shown), flush=True)
        else:
            print(duel_row(name, target, summary, minutes, shown), flush=True)
        if args.json:
            with open(args.json, "a") as out:
                out.write(json.dumps({"pairing": name, "command": shown, "minutes": minutes, **summary}) + "\n")


if __name__ == "__main__":
    main()
