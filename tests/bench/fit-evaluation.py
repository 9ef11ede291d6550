#!/usr/bin/env python3
"""Fits the computer's evaluation weights to self-play outcomes, by hand.

    FIT_DATA=target/fit-data.tsv FIT_DUELS=400 FIT_ITERATIONS=100 \\
      cargo test --profile ci --test computer computer_fit_data -- --ignored --nocapture
    python3 tests/bench/fit-evaluation.py target/fit-data.tsv [--write src/computer/weights.json]

The evaluation (src/computer/evaluate.rs) values a position for a wizard as
tanh(w . f), f his features minus the enemy's; read as an expected score
(1 won, 0.5 drawn, 0 lost), that is the logistic model
P(win) = 1 / (1 + exp(-2 w . f)). So a logistic regression of the duel's result
on the features at each round, with no intercept (the same position seen from
the other seat has the opposite features and the complementary result), gives
the weights as half its coefficients.

Every duel's positions go wholly to the training or the held-out part (one
duel in five of each pairing of levels held out, by seed), so the figures
are on duels the fit never saw.
It prints, per book, the held-out log-loss and accuracy (on decided duels,
whether the sign of w . f names the winner) of the weights now in the file
and of the fit, pooled over the books and per book; and with --write it
writes the per-book fits (and the pooled one, for books not listed) to the
weights file. Standard library only.
"""

import argparse
import json
import math
import os
import sys

FEATURES = ["hp", "pending", "monsters", "threat", "resist", "shields"]
ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
WEIGHTS = os.path.join(ROOT, "src", "computer", "weights.json")
# The ridge penalty on the coefficients, per position: small, only to keep a
# feature that rarely moves (resistances in a book without them) from running off.
RIDGE = 1e-4
HELD_OUT_EVERY = 5


def shown(text, most=200):
    """`text` for a one-line message: control characters escaped, length capped."""
    escaped = "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(text))
    return escaped if len(escaped) <= most else escaped[:most] + "..."


def read(path):
    """The data's rows as (book, seed, features, result); a file that is not
    the generator's ends the program with one line saying where."""
    rows = []
    try:
        with open(path) as f:
            header = f.readline().rstrip("\n").split("\t")
            col = {name: i for i, name in enumerate(header)}
            missing = [n for n in ["book", "seed", "result", *FEATURES] if n not in col]
            if missing:
                sys.exit(f"fit-evaluation: {shown(path)}: no column {shown(missing[0])}")
            for number, line in enumerate(f, start=2):
                cells = line.rstrip("\n").split("\t")
                try:
                    x = [float(cells[col[name]]) for name in FEATURES]
                    result = float(cells[col["result"]])
                    rows.append((cells[col["book"]], int(cells[col["seed"]]), x, result))
                except (IndexError, ValueError):
                    sys.exit(f"fit-evaluation: {shown(path)}:{number}: not a line of the generator: {shown(line.rstrip())}")
    except (OSError, UnicodeDecodeError) as e:
        sys.exit(f"fit-evaluation: {shown(path)}: {shown(e)}")
    if not rows:
        sys.exit(f"fit-evaluation: {shown(path)}: no positions")
    return rows


def held_out(seed):
    """Whether the duel of `seed` is held out: one in five of each pairing of
    levels (the generator takes its pairing from `seed` modulo 5)."""
    return (seed // 5) % HELD_OUT_EVERY == 0


def sigmoid(z):
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def solve(a, b):
    """Solves a x = b (a small symmetric positive definite matrix) by Gaussian elimination."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(n):
            if r != c and m[c][c] != 0.0:
                k = m[r][c] / m[c][c]
                for j in range(c, n + 1):
                    m[r][j] -= k * m[c][j]
    return [m[i][n] / m[i][i] if m[i][i] != 0.0 else 0.0 for i in range(n)]


def newton(rows, free):
    """Logistic regression without intercept on the features `free` (the
    others held at 0) by Newton's method; the coefficients."""
    n = len(free)
    beta = [0.0] * n
    lam = RIDGE * len(rows)
    data = [([x[i] for i in free], y) for _, _, x, y in rows]
    for _ in range(50):
        grad = [lam * b for b in beta]
        hess = [[lam if i == j else 0.0 for j in range(n)] for i in range(n)]
        for x, y in data:
            p = sigmoid(sum(b * v for b, v in zip(beta, x)))
            s = p * (1.0 - p)
            for i in range(n):
                grad[i] += (p - y) * x[i]
                for j in range(i, n):
                    hess[i][j] += s * x[i] * x[j]
        for i in range(n):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = solve(hess, grad)
        beta = [b - d for b, d in zip(beta, step)]
        if max(abs(d) for d in step) < 1e-9:
            break
    full = [0.0] * len(FEATURES)
    for i, b in zip(free, beta):
        full[i] = b
    return full


def fit(rows):
    """The fit with every coefficient at least 0, as the rules sign each
    feature (having more is never worse): a feature fitted below 0 is held
    at 0 and the rest fitted again."""
    free = list(range(len(FEATURES)))
    while True:
        beta = newton(rows, free)
        worst = min(free, key=lambda i: beta[i], default=None)
        if worst is None or beta[worst] >= 0.0:
            return beta
        free.remove(worst)


def scores(rows, beta):
    """Mean log-loss and accuracy on decided duels of the coefficients `beta`."""
    loss, right, decided = 0.0, 0, 0
    for _, _, x, y in rows:
        z = sum(b * v for b, v in zip(beta, x))
        p = min(max(sigmoid(z), 1e-12), 1 - 1e-12)
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        if y != 0.5 and z != 0.0:
            decided += 1
            right += (z > 0) == (y == 1.0)
    return loss / max(len(rows), 1), right / max(decided, 1)


def coefficients(weights):
    """The logistic coefficients of evaluation weights: twice each."""
    return [2.0 * weights[name] for name in FEATURES]


def weights_of(beta):
    return {name: round(b / 2.0, 5) for name, b in zip(FEATURES, beta)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data")
    parser.add_argument("--write", metavar="FILE", help="write the fitted weights here")
    args = parser.parse_args()
    rows = read(args.data)
    with open(WEIGHTS) as f:
        current = json.load(f)
    books = sorted({r[0] for r in rows})
    train = [r for r in rows if not held_out(r[1])]
    held = [r for r in rows if held_out(r[1])]
    duels = len({(r[0], r[1]) for r in rows})
    if not train or not held:
        sys.exit(f"fit-evaluation: {shown(args.data)}: {duels} duels, too few to fit and hold some out (FIT_DUELS=25 at least)")
    print(f"{len(rows)} positions from {duels} duels; {len(train)} to fit, {len(held)} held out")
    pooled = fit(train)
    fitted = {"other": weights_of(pooled)}
    print(f"pooled fit: {weights_of(pooled)}")
    print("| book | positions held out | now: log-loss / accuracy | pooled fit | per-book fit |")
    print("|---|---|---|---|---|")
    for book in books:
        own = fit([r for r in train if r[0] == book])
        fitted[book] = weights_of(own)
        test = [r for r in held if r[0] == book]
        now = coefficients(current.get(book, current["other"]))
        cells = [scores(test, beta) for beta in (now, pooled, own)]
        row = " | ".join(f"{loss:.4f} / {100 * acc:.1f} %" for loss, acc in cells)
        print(f"| {book} | {len(test)} | {row} |")
        print(f"  {book}: {weights_of(own)}")
    if args.write:
        with open(args.write, "w") as out:
            json.dump(fitted, out, indent=2, sort_keys=True)
            out.write("\n")
        print(f"wrote {args.write}")


if __name__ == "__main__":
    sys.exit(main())
