#!/usr/bin/env python3
"""What killed seat A in the duels it did not win: the causes table of tests/bench/README.md.

    spellcast match computer:hard 'program:python3 tests/players/onestep_player.py' \
        --games 100 --seed 3421 --rollouts 600 --rules deathmatch --jobs 2 --limit-ms 120000 \
        --save DIR --results DIR.results
    SPELLCAST_BIN=target/ci/spellcast python3 tests/bench/lost-duels.py DIR

Each duel A lost or drew is replayed with `spellcast --script` and read from its
transcript (A is always the script's first name, Arnold): the damage A took
on the last turn, by source (a bolt: Fireball, Frost Bolt or Iceball;
monsters, its own taken by a Charm counted apart; leeches; stabs; missiles),
over the whole duel, whether either wizard was frozen (a row "[no gestures]")
before, and whether A clapped with both hands in the three turns before a
bolt killed it. One JSON line a duel, then the counts.
"""

import collections
import json
import os
import re
import subprocess
import sys

BIN = os.environ.get("SPELLCAST_BIN", "target/ci/spellcast")
A = "Arnold"

HARM = [
    (re.compile(r"^(?P<who>\S+) is engulfed in a Fireball"), "bolt", 5),
    (re.compile(r"^(?P<who>\S+) is engulfed in an Iceball"), "bolt", 5),
    (re.compile(r"^(?P<who>\S+) is struck by a Frost Bolt"), "bolt", 5),
    (re.compile(r"^(?P<who>\S+) is burned by the Fire Storm"), "storm", 5),
    (re.compile(r"^(?P<who>\S+) is frozen by the Ice Storm"), "storm", 5),
    (re.compile(r"^(?P<who>\S+) is hit by a missile\."), "missiles", 1),
    (re.compile(r"^(?P<who>\S+) is hit by (?P<n>\d+) missiles"), "missiles", None),
    (re.compile(r"^(?P<who>\S+) is bitten by leeches \((?P<n>\d+)\)"), "leeches", None),
    (re.compile(r"^(?P<who>\S+) is stabbed"), "stabs", 1),
]
HIT = re.compile(r"^(?P<m>.+?) hits (?P<who>\S+) for (?P<n>\d+) damage")
APPEARS = re.compile(r"^(?P<m>.+?) appears by (?P<who>\S+)'s side")


def turns(transcript):
    parts = re.split(r"\n\s*Turn (\d+):\n", transcript)
    return [(int(parts[i]), parts[i + 1]) for i in range(1, len(parts), 2)]


def read(path):
    run = subprocess.run([BIN, "--script", path], capture_output=True, text=True, check=True)
    transcript = json.loads(run.stdout)["transcript"]
    summoner = {}
    total = collections.Counter()
    last = collections.Counter()
    played = turns(transcript)
    for i, (_, body) in enumerate(played):
        now = collections.Counter()
        for line in (l.strip() for l in body.splitlines()):
            m = APPEARS.match(line)
            if m:
                summoner[m["m"]] = m["who"]
                continue
            m = HIT.match(line)
            if m and m["who"] == A:
                now["own monster taken" if summoner.get(m["m"]) == A else "monsters"] += int(m["n"])
                continue
            for rx, kind, n in HARM:
                m = rx.match(line)
                if m and m["who"] == A:
                    now[kind] += n if n is not None else int(m["n"])
        total += now
        if i == len(played) - 1:
            last = now
    frozen = re.search(r"^\S+ \(-?\d+\): \[no gestures\]", transcript, re.M) is not None
    rows = re.findall(rf"^{A} \(-?\d+\): (.*)$", transcript, re.M)
    clapped = any(r.strip() == "C C" for r in rows[-4:-1])
    return dict(total=dict(total), last=dict(last), frozen=frozen, clapped=clapped)


def main():
    folder = sys.argv[1].rstrip("/")
    results = [json.loads(l) for l in open(folder + ".results")]
    counts = collections.Counter()
    for row in sorted(results, key=lambda r: r["duel"]):
        if row["winner"] == 0:
            continue
        d = read(f"{folder}/duel-{row['duel']}.json")
        d.update(duel=row["duel"], drawn=row["winner"] is None)
        print(json.dumps(d))
        last, total = d["last"], d["total"]
        counts["lost or drawn"] += 1
        counts["drawn"] += d["drawn"]
        if "bolt" in last or "storm" in last:
            counts["killed by a bolt or storm"] += 1
            counts["  a wizard frozen before"] += d["frozen"]
            counts["  A clapped in the 3 turns before"] += d["clapped"]
        elif "monsters" in last or "own monster taken" in last:
            counts["killed by monsters"] += 1
        else:
            counts["killed by bites (leeches, stabs, missiles)"] += 1
        counts["leeches bit 5 or more"] += total.get("leeches", 0) >= 5
        counts["own monster taken and set on A"] += "own monster taken" in total
    for k, v in counts.items():
        print(f"{k}: {v}")


if __name__ == "__main__":
    main()
