#!/usr/bin/env python3
"""A player that plays at random, then misbehaves: a test fixture.

    misbehaving_player.py MODE [REPLIES]

After REPLIES good replies (default 0; `hello` counts as one) it answers the
next message that wants a reply by misbehaving as MODE says:

    crash       exits with status 1
    hang        never replies (sleeps)
    flood       writes lines nobody asked for, without end
    garbage     writes a line that is not JSON
    bad-move    moves "XY"
    bad-answer  answers "nobody-at-all" to every question
    banner      writes a line of text before its first reply
    close-output  closes its standard output and goes on running

A mode that only applies to one kind of message (bad-move, bad-answer) waits
for the next message of that kind.
"""

import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from random_player import reply  # noqa: E402


def write(obj):
    sys.stdout.write((obj if isinstance(obj, str) else json.dumps(obj)) + "\n")
    sys.stdout.flush()


def misbehave(mode, message):
    """Misbehaves if MODE applies to this message; False if it does not."""
    kind = message["type"]
    if mode == "bad-move" and kind != "move":
        return False
    if mode == "bad-answer" and kind != "questions":
        return False
    if mode == "crash":
        sys.exit(1)
    elif mode == "hang":
        time.sleep(3600)
    elif mode == "flood":
        while True:
            write({"say": "flood"})
    elif mode == "close-output":
        sys.stdout.close()
        os.close(1)
        time.sleep(3600)
    elif mode == "garbage":
        write("this is not JSON")
    elif mode == "bad-move":
        write({"move": "XY"})
    elif mode == "bad-answer":
        write({"answers": ["nobody-at-all" for _ in message["questions"]]})
    return True


def main():
    mode = sys.argv[1]
    good = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    random.seed(1)
    if mode == "banner":
        write("random player v1 starting")
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") == "end":
            break
        answer = reply(message)
        if answer is None:
            continue
        if good <= 0 and misbehave(mode, message):
            continue
        good -= 1
        write(answer)


if __name__ == "__main__":
    main()
