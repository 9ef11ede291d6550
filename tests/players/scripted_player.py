#!/usr/bin/env python3
"""A player whose every output is written in advance: a test fixture.

    scripted_player.py FILE

FILE holds a JSON list of lists of strings. Before reading its first message
the player writes the first list's strings, each as one line; after each
message it reads, it writes the next list's. When the lists run out it
stays silent. The fuzz test uses it to put any lines at all in front of the
game at any moment.
"""

import json
import sys


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        batches = json.load(f)
    out = sys.stdout.buffer
    for i, batch in enumerate(batches):
        if i > 0 and not sys.stdin.readline():
            return
        for line in batch:
            out.write(line.encode("utf-8", "surrogatepass") + b"\n")
        out.flush()
    for _ in sys.stdin:
        pass


if __name__ == "__main__":
    main()
