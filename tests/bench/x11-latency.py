#!/usr/bin/env python3
"""Start-up over a long link. Run by hand, not in CI:

    python3 tests/bench/x11-latency.py [runs]

Starts two Xvfb servers (-displayfd, so no fixed display numbers) and puts in
front of each a proxy that delays every byte 50 ms in each direction (a 100 ms
round trip, like a distant display). A 2-player duel is started on the two
proxied displays; the proxy notes when the game sends anything. The figure is
the time from starting the program to the last request it sends before both
displays have been quiet for a second (the first frame is complete), in round
trips of 100 ms. Reported per run, with min and max.

Environment: SPELLCAST_BIN (default target/release/spellcast, built first),
DELAY_MS (default 50), QUIET_SECS (default 1).
Needs Xvfb and xrdb (Debian: xvfb x11-xserver-utils).
"""

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DELAY = float(os.environ.get("DELAY_MS", "50")) / 1000.0
QUIET = float(os.environ.get("QUIET_SECS", "1"))


def die(msg):
    print(f"x11-latency: {msg}", file=sys.stderr)
    sys.exit(1)


def start_xvfb():
    """An Xvfb on a free display; returns (process, display number)."""
    r, w = os.pipe()
    p = subprocess.Popen(
        ["Xvfb", "-displayfd", str(w), "-noreset", "-nolisten", "tcp",
         "-screen", "0", "1600x1200x24"],
        pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(w)
    with os.fdopen(r) as f:
        line = f.readline().strip()
    if not line.isdigit():
        p.terminate()
        die("Xvfb did not report a display number")
    return p, int(line)


class Pipe(threading.Thread):
    """Copies one direction of a connection, each chunk `DELAY` late."""

    def __init__(self, src, dst, on_data=None):
        super().__init__(daemon=True)
        self.src, self.dst, self.on_data = src, dst, on_data
        self.queue = []
        self.cond = threading.Condition()
        threading.Thread(target=self.send_loop, daemon=True).start()

    def run(self):
        while True:
            try:
                data = self.src.recv(65536)
            except OSError:
                data = b""
            now = time.monotonic()
            if data and self.on_data:
                self.on_data(now)
            with self.cond:
                self.queue.append((now + DELAY, data))
                self.cond.notify()
            if not data:
                return

    def send_loop(self):
        while True:
            with self.cond:
                while not self.queue:
                    self.cond.wait()
                due, data = self.queue.pop(0)
            wait = due - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            try:
                if data:
                    self.dst.sendall(data)
                else:
                    self.dst.shutdown(socket.SHUT_WR)
                    return
            except OSError:
                return


class Proxy:
    """A fake display `:fake` forwarding to the real display `:real`."""

    def __init__(self, real):
        self.real = real
        self.sent = []  # times the client sent something
        for n in range(40, 200):
            path = f"/tmp/.X11-unix/X{n}"
            if os.path.exists(path) or os.path.exists(f"/tmp/.X{n}-lock"):
                continue
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                s.bind(path)
            except OSError:
                s.close()
                continue
            s.listen(8)
            self.fake, self.path, self.sock = n, path, s
            break
        else:
            die("no free display number for a proxy")
        threading.Thread(target=self.accept_loop, daemon=True).start()

    def accept_loop(self):
        while True:
            try:
                client, _ = self.sock.accept()
            except OSError:
                return
            server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            server.connect(f"/tmp/.X11-unix/X{self.real}")
            Pipe(client, server, self.sent.append).start()
            Pipe(server, client).start()

    def close(self):
        self.sock.close()
        try:
            os.unlink(self.path)
        except OSError:
            pass


def settled_at(times, quiet):
    """The last time before the first gap of `quiet` seconds (or the last)."""
    for a, b in zip(times, times[1:]):
        if b - a >= quiet:
            return a
    return times[-1] if times else None


def one_run(binary, work):
    servers = [start_xvfb() for _ in range(2)]
    proxies = []
    game = None
    try:
        for (_, n), name in zip(servers, ["Alice", "Bob"]):
            subprocess.run(["xrdb", "-nocpp", "-load", "-"], env={**os.environ, "DISPLAY": f":{n}"},
                           input=f"spellcast*name: {name}\n".encode(), check=True)
        proxies = [Proxy(n) for _, n in servers]
        env = {**os.environ, "DISPLAY": f":{proxies[0].fake}", "HOME": work,
               "XENVIRONMENT": os.path.join(work, "none"), "TMPDIR": work}
        start = time.monotonic()
        game = subprocess.Popen([binary, f":{proxies[1].fake}"], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        # Wait until both displays have been quiet for QUIET seconds.
        while True:
            time.sleep(0.05)
            now = time.monotonic()
            if game.poll() is not None:
                die("spellcast exited: " + game.stderr.read().decode(errors="replace"))
            if now - start > 30:
                die("no quiet second within 30 s")
            if all(p.sent and now - settled_at(sorted(p.sent), QUIET) >= QUIET for p in proxies):
                break
        end = max(settled_at(sorted(p.sent), QUIET) for p in proxies)
        return (end - start) / (2 * DELAY)
    finally:
        if game:
            game.kill()
            game.wait()
        for p in proxies:
            p.close()
        for s, _ in servers:
            s.terminate()
            s.wait()


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    for tool in ["Xvfb", "xrdb"]:
        if not shutil.which(tool):
            die(f"'{tool}' not found (apt-get install -y xvfb x11-xserver-utils)")
    binary = os.environ.get("SPELLCAST_BIN")
    if not binary:
        subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "spellcast"],
                       cwd=ROOT, check=True)
        binary = os.path.join(ROOT, "target", "release", "spellcast")
    results = []
    with tempfile.TemporaryDirectory() as work:
        for i in range(runs):
            rt = one_run(binary, work)
            results.append(rt)
            print(f"run {i + 1}: {rt:.1f} round trips to the first complete frame")
    print(f"start-up over a {2 * DELAY * 1000:.0f} ms round trip, 2 displays: "
          f"{min(results):.1f} to {max(results):.1f} round trips (target <= 2)")


if __name__ == "__main__":
    main()
