#!/usr/bin/env python3
"""A test fixture: surrenders on its first move (a palm in each hand, which
also casts two shields), answers their questions with the pre-filled
answers, and writes 5000 lines nobody asked for right behind that last
reply, so that the game finds the flood only once the duel is decided."""

import json
import sys


def line(obj):
    return json.dumps(obj) + "\n"


def main():
    for text in sys.stdin:
        message = json.loads(text)
        kind = message.get("type")
        out = ""
        if kind == "hello":
            out = line({"ready": True})
        elif kind == "move":
            out = line({"move": "PP"})
        elif kind == "questions":
            answers = [q.get("default", q["options"][0]) for q in message["questions"]]
            out = line({"answers": answers}) + line({"say": "flood"}) * 5000
        elif kind == "end":
            return
        if out:
            try:
                sys.stdout.write(out)
                sys.stdout.flush()
            except BrokenPipeError:
                return


if __name__ == "__main__":
    main()
