#!/usr/bin/env python3
"""A random player that writes one harmless extra line after every reply and
after every message that wants none: a test fixture.

    chatty_player.py [SEED [EXTRAS]]

It writes EXTRAS extra lines (default 1) after each message.

The extra lines are what players write while being developed: a line of
text, a blank line, a JSON object of its own (a log record, a speech object
without a reply). Each is a line nobody asked for, which the game reads and
throws away; none is the reply to the next message, even when it reaches the
game after that message went out.
"""

import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from random_player import reply  # noqa: E402

EXTRAS = ["thinking...", "", '{"log": "chose at random"}', '{"say": "hm"}', "[1, 2]"]


def write(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def main():
    random.seed(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
    extras = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    count = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") == "end":
            break
        answer = reply(message)
        if answer is not None:
            write(json.dumps(answer))
        for _ in range(extras):
            write(EXTRAS[count % len(EXTRAS)])
            count += 1


if __name__ == "__main__":
    main()
