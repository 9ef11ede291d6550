#!/usr/bin/env python3
"""A spellcast player that moves and answers at random (seat protocol 1.1).

It is the smallest complete player: read one JSON object per line from
standard input, answer `hello`, `move` and `questions` with one line each,
and stay quiet for `round` and `said`. Start from it to write your own:

    spellcast --program="python3 tests/players/random_player.py"
    spellcast match "program:python3 tests/players/random_player.py" computer:easy
    spellcast match --rules deathmatch "program:python3 tests/players/random_player.py" computer:easy

It plays whatever rule book the game names: the letters each hand may use
come from `hello`'s `book` (a game speaking version 1 sends no book, and
then the original's letters are used). Any question, whatever its kind, is
answered with one of its options.

An optional argument seeds its choices: random_player.py 42
"""

import json
import random
import sys

# The original's letters, for a game that sends no book: the gestures,
# a clap, a stab, nothing.
ORIGINAL_LETTERS = "FPSWDCk-"

# Letters each hand may use, left then right; set from `hello`.
hands = [ORIGINAL_LETTERS, ORIGINAL_LETTERS]


def learn_book(hello):
    """Takes the letters per hand from `hello`'s book, if it has one."""
    book = hello.get("book")
    if book:
        hands[0] = book["hands"]["left"]
        hands[1] = book["hands"]["right"]


def choose_move():
    """Two letters, left hand then right; a knife in at most one hand."""
    left, right = random.choice(hands[0]), random.choice(hands[1])
    if left == "k" and right == "k":
        right = random.choice(hands[1].replace("k", ""))
    return left + right


def reply(message):
    """The reply line to one message, or None for messages that want none."""
    kind = message.get("type")
    if kind == "hello":
        learn_book(message)
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
