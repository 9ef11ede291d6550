#!/usr/bin/env python3
"""A test fixture: writes the `hello` it gets to FILE, then plays nothing.

    book_reader_player.py FILE

Every move is `--` and every question gets its first option, so it plays
under any rule book without reading it; the test reads FILE.
"""

import json
import sys


def main():
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            with open(sys.argv[1], "w", encoding="utf-8") as f:
                json.dump(message, f)
            answer = {"ready": True}
        elif kind == "move":
            answer = {"move": "--"}
        elif kind == "questions":
            answer = {"answers": [q["options"][0] for q in message["questions"]]}
        elif kind == "end":
            break
        else:
            continue
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
