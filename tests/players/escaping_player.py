#!/usr/bin/env python3
"""A random player that leaves processes behind: a test fixture.

    escaping_player.py

Before its first reply it starts three `sleep` processes that try to outlive
it: one in its own process group, one in a new session (`setsid`), and one in
a new session whose parent exits at once (a daemon's double fork, so its
parent becomes init). Its `ready` names their process ids, comma-separated,
so a test can check that ending the seat ended them all.
"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from random_player import reply  # noqa: E402


def daemon():
    """The pid of a sleep started by a double fork in a new session."""
    read_end, write_end = os.pipe()
    first = os.fork()
    if first == 0:
        os.setsid()
        second = os.fork()
        if second == 0:
            os.close(read_end)
            os.execvp("sleep", ["sleep", "63"])
        os.write(write_end, str(second).encode())
        os._exit(0)
    os.close(write_end)
    pid = int(os.read(read_end, 32))
    os.waitpid(first, 0)
    return pid


def main():
    quiet = {"stdin": subprocess.DEVNULL, "stdout": subprocess.DEVNULL}
    plain = subprocess.Popen(["sleep", "61"], **quiet)
    session = subprocess.Popen(["sleep", "62"], start_new_session=True, **quiet)
    pids = [plain.pid, session.pid, daemon()]
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") == "end":
            break
        answer = reply(message)
        if message.get("type") == "hello":
            answer = {"ready": True, "name": ",".join(map(str, pids))}
        if answer is not None:
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
