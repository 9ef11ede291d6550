#!/usr/bin/env python3
"""A spellcast player that moves and answers at random (seat protocol, version 1).

It is the smallest complete player: read one JSON object per line from
standard input, answer `hello`, `move` and `questions` with one line each,
and stay quiet for `round` and `said`. Start from it to write your own:

    spellcast --program="python3 tests/players/random_player.py"
    spellcast match "program:python3 tests/players/random_player.py" computer:easy

An optional argument seeds its choices: random_player.py 42
"""

import json
import random
import sys

# Every letter a hand may show: the gestures, a (half) clap, a stab, nothing.
LETTERS = "FPSWDCk-"
# Gestures proper: one stab at most, since two stabs are one stab wasted.
GESTURES = "FPSWDC-"


def choose_move():
    """Two letters, left hand then right; a knife in at most one hand."""
    left, right = random.choice(LETTERS), random.choice(LETTERS)
    if left == "k" and right == "k":
        right = random.choice(GESTURES)
    return left + right


def reply(message):
    """The reply line to one message, or None for messages that want none."""
    kind = message.get("type")
    if kind == "hello":
        return {"ready": True, "name": "random player"}
    if kind == "move":
        return {"move": choose_move()}
    if kind == "questions":
        return {"answers": [random.choice(q["options"]) for q in message["questions"]]}
    return None


def main():
    if len(sys.argv) > 1:
        random.seed(int(sys.argv[1]))
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") == "end":
            break
        answer = reply(message)
        if answer is not None:
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
