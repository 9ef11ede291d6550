#!/usr/bin/env python3
"""Generator for spellcast's 1-bit XBM pictures (original artwork).

Not needed at build time: the generated .xbm files are committed.

    python3 resources/draw.py            # write resources/gestures/*.xbm, resources/icons/*.xbm
    python3 resources/draw.py --sheet /tmp/sheet.png   # also write a 4x contact sheet
    python3 resources/draw.py --check    # only verify that every .xbm parses

The 48x48 hand pictures are drawn as signed-distance shapes in a 48-unit
coordinate system, rendered with 4x4 supersampling, painter's order (each
part is filled white and outlined black, covering what lies under it) and
thresholded to 1 bit.  The 16x16 icons are hand-made pixel art.
"""

import math
import os
import random
import re
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
SS = 4          # supersampling factor
T = 1.9         # outline thickness in pixels

# ---------------------------------------------------------------- SDF primitives


def capsule(ax, ay, bx, by, r):
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy or 1e-9

    def f(x, y):
        px, py = x - ax, y - ay
        h = max(0.0, min(1.0, (px * dx + py * dy) / ll))
        return math.hypot(px - dx * h, py - dy * h) - r
    return f


def tapered(ax, ay, bx, by, ra, rb):
    """Capsule whose radius goes from ra (at a) to rb (at b) (approximate)."""
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy or 1e-9

    def f(x, y):
        px, py = x - ax, y - ay
        h = max(0.0, min(1.0, (px * dx + py * dy) / ll))
        return math.hypot(px - dx * h, py - dy * h) - (ra + (rb - ra) * h)
    return f


def circle(cx, cy, r):
    return lambda x, y: math.hypot(x - cx, y - cy) - r


def ellipse(cx, cy, a, b, ang=0.0):
    c, s = math.cos(math.radians(ang)), math.sin(math.radians(ang))
    m = min(a, b)

    def f(x, y):
        px, py = x - cx, y - cy
        qx, qy = c * px + s * py, -s * px + c * py
        return (math.hypot(qx / a, qy / b) - 1.0) * m
    return f


def rrect(cx, cy, hw, hh, r, ang=0.0):
    c, s = math.cos(math.radians(ang)), math.sin(math.radians(ang))

    def f(x, y):
        px, py = x - cx, y - cy
        qx, qy = abs(c * px + s * py) - (hw - r), abs(-s * px + c * py) - (hh - r)
        return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r
    return f


def poly(pts):
    n = len(pts)

    def f(x, y):
        d = (x - pts[0][0]) ** 2 + (y - pts[0][1]) ** 2
        sgn = 1.0
        j = n - 1
        for i in range(n):
            vix, viy = pts[i]
            vjx, vjy = pts[j]
            ex, ey = vjx - vix, vjy - viy
            wx, wy = x - vix, y - viy
            h = max(0.0, min(1.0, (wx * ex + wy * ey) / (ex * ex + ey * ey)))
            bx, by = wx - ex * h, wy - ey * h
            d = min(d, bx * bx + by * by)
            c1 = y >= viy
            c2 = y < vjy
            c3 = ex * wy > ey * wx
            if (c1 and c2 and c3) or (not c1 and not c2 and not c3):
                sgn = -sgn
            j = i
        return sgn * math.sqrt(d)
    return f


def union(*fs):
    return lambda x, y: min(f(x, y) for f in fs)


def inter(*fs):
    return lambda x, y: max(f(x, y) for f in fs)


def minus(a, b):
    return lambda x, y: max(a(x, y), -b(x, y))


def polyline(pts, w):
    """A black stroke of width w along the points."""
    return union(*[capsule(pts[i][0], pts[i][1], pts[i + 1][0], pts[i + 1][1], w / 2)
                   for i in range(len(pts) - 1)])


def arcpts(cx, cy, r, a0, a1, n=12):
    return [(cx + r * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
             cy + r * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]


def arc(cx, cy, r, a0, a1, w=T):
    return polyline(arcpts(cx, cy, r, a0, a1), w)


def xform(f, ang=0.0, tx=0.0, ty=0.0, cx=24.0, cy=24.0, scale=1.0):
    """Rotate f by ang degrees about (cx,cy), scale, then translate by (tx,ty)."""
    c, s = math.cos(math.radians(ang)), math.sin(math.radians(ang))

    def g(x, y):
        px, py = (x - tx - cx) / scale, (y - ty - cy) / scale
        qx, qy = c * px + s * py, -s * px + c * py
        return f(qx + cx, qy + cy) * scale
    return g

# ---------------------------------------------------------------- rendering
# A picture is a list of operations, applied in order:
#   ('part', sdf)  : inside -> white, with a black band of width T along the edge
#   ('ink', sdf)   : inside -> black
#   ('erase', sdf) : inside -> white


def part(f):
    return ('part', f)


def ink(f):
    return ('ink', f)


def erase(f):
    return ('erase', f)


def transform_ops(ops, **kw):
    return [(k, xform(f, **kw)) for k, f in ops]


def render(ops, w=48, h=48, thresh=0.42):
    W, H = w * SS, h * SS
    can = [[0] * W for _ in range(H)]
    pts = [[((i + 0.5) / SS, (j + 0.5) / SS) for i in range(W)] for j in range(H)]
    for kind, f in ops:
        for j in range(H):
            row = can[j]
            prow = pts[j]
            for i in range(W):
                x, y = prow[i]
                d = f(x, y)
                if d <= 0:
                    if kind == 'part':
                        row[i] = 1 if d > -T else 0
                    elif kind == 'ink':
                        row[i] = 1
                    else:
                        row[i] = 0
    out = []
    lim = thresh * SS * SS
    for j in range(h):
        r = []
        for i in range(w):
            s = 0
            for jj in range(j * SS, j * SS + SS):
                s += sum(can[jj][i * SS:i * SS + SS])
            r.append(s >= lim)
        out.append(r)
    return out


def mirror(bm):
    return [list(reversed(r)) for r in bm]


def from_ascii(txt):
    rows = [r for r in txt.strip('\n').split('\n')]
    return [[c in '#X@' for c in r.ljust(16, '.')[:16]] for r in rows]

# ---------------------------------------------------------------- hand parts (left hand, palm view: thumb on the left)


def cuff(cx=24.5, top=41.0, hw=8.0):
    """The wrist / sleeve at the bottom of the picture."""
    return [part(rrect(cx, top + 6, hw, 6.5, 1.5)),
            ink(capsule(cx - hw + 1, top + 3.0, cx + hw - 1, top + 3.0, 0.7))]


def open_hand(spread=1.0, thumb_out=1.0, tips=(9, 6, 8, 13)):
    """Open hand, palm towards the viewer, fingers fanned by `spread`."""
    ops = []
    ops += cuff()
    bases = [(16.0, 26.0), (21.5, 24.5), (27.0, 25.0), (32.0, 27.5)]
    lens = [24 - tips[0] + 2, 24 - tips[1], 25 - tips[2], 27.5 - tips[3]]
    angs = [-9, -3, 3, 10]
    radii = [3.1, 3.2, 3.1, 2.8]
    for (bx, by), L, a, r in zip(bases, lens, angs, radii):
        a = math.radians(a * spread)
        ex, ey = bx + L * math.sin(a), by - L * math.cos(a)
        ops.append(part(capsule(bx, by, ex, ey, r)))
    ta = math.radians(-55 * thumb_out)
    tx, ty = 15.0, 35.0
    ops.append(part(tapered(tx, ty, tx + 13 * math.sin(ta), ty - 13 * math.cos(ta), 4.0, 3.1)))
    ops.append(part(union(ellipse(24.0, 33.0, 11.0, 10.5), rrect(24.5, 31.0, 10.5, 6.0, 4))))
    # palm creases
    ops.append(ink(polyline(arcpts(10.5, 42.0, 10.0, -62, -8, 6), 1.4)))
    return ops


def pic_palm():
    return open_hand(spread=0.55, thumb_out=0.75, tips=(9, 6, 8, 12))


def pic_fingers():
    ops = open_hand(spread=3.0, thumb_out=1.15, tips=(10, 8, 9, 14))
    # wiggle marks above the finger tips
    for cx, cy, a in [(9.5, 7.5, -25), (22, 3.0, 0), (35.5, 7.0, 25), (44.0, 15.5, 45)]:
        pts = [(-2.5, 0.6), (-1.2, -0.6), (0.0, 0.6), (1.2, -0.6), (2.5, 0.6)]
        c, s = math.cos(math.radians(a)), math.sin(math.radians(a))
        ops.append(ink(polyline([(cx + c * x - s * y, cy + s * x + c * y) for x, y in pts], 1.8)))
    return ops


def pic_digit():
    ops = []
    ops += cuff()
    ops.append(part(capsule(18.0, 27.0, 18.0, 4.5, 3.6)))       # the pointing index finger
    ops.append(part(rrect(24.0, 32.5, 11.0, 9.0, 4.5)))        # palm
    ops.append(ink(capsule(18.0, 24.0, 18.0, 25.5, 0.01)))
    for cx, cy, hw in [(30.0, 36.0, 6.5), (29.0, 31.0, 7.5), (28.0, 26.0, 7.0)]:
        ops.append(part(rrect(cx, cy, hw, 3.1, 3.0)))          # curled fingers
    ops.append(part(tapered(14.5, 38.0, 26.0, 31.5, 3.8, 3.2)))  # thumb folded over
    return ops


def pic_wave():
    hand = open_hand(spread=1.0, thumb_out=0.9, tips=(9, 6, 8, 12))
    ops = cuff(cx=26.0, top=42.0, hw=7.5)
    ops += transform_ops(hand[2:], ang=-22, cx=24, cy=44, tx=2, ty=1, scale=0.92)
    # motion arcs on both sides of the finger tips
    for r in (15.5, 20.0):
        ops.append(ink(arc(21, 20, r, 196, 236, 1.9)))
        ops.append(ink(arc(21, 20, r, -44, -4, 1.9)))
    return ops


def pic_clap():
    """Left hand in profile, palm facing right, as if clapping."""
    ops = []
    ops += cuff(cx=18.5, top=41.0, hw=6.5)
    # thumb pointing up and forward on the palm side (its base is hidden by the hand)
    ops.append(part(tapered(21.0, 37.0, 29.0, 22.0, 4.0, 3.2)))
    # the flat hand seen edge-on: fingers together, slightly curved
    hand = union(poly([(12.0, 44.0), (11.0, 30.0), (12.5, 16.0), (15.0, 6.5), (20.5, 5.5),
                       (23.5, 9.0), (24.0, 22.0), (25.0, 31.0), (24.5, 44.0)]),
                 circle(17.8, 8.0, 4.0))
    ops.append(part(hand))
    # the line where the thumb joins the palm, and a finger-nail
    ops.append(ink(polyline([(24.5, 29.0), (21.5, 33.0), (19.5, 38.0)], 1.5)))
    ops.append(ink(polyline([(20.5, 9.0), (20.0, 14.0)], 1.5)))
    # impact lines
    for (x0, y0), (x1, y1) in [((31.0, 11.0), (41.0, 4.0)), ((32.5, 18.5), (45.0, 18.5)),
                               ((32.0, 26.0), (42.0, 33.0))]:
        ops.append(ink(capsule(x0, y0, x1, y1, 1.05)))
    return ops


def pic_snap():
    """Thumb and middle finger pressed together, a spark where they meet."""
    ops = []
    ops += cuff(cx=31.0, hw=7.5)
    # ring and little fingers curled into the palm
    ops.append(part(rrect(39.0, 28.5, 5.0, 3.3, 3.0)))
    ops.append(part(rrect(38.5, 34.5, 5.0, 3.3, 3.0)))
    # index finger raised, slightly bent
    ops.append(part(polyline([(31.0, 27.0), (31.0, 12.0), (28.0, 5.0)], 6.6)))
    # palm
    ops.append(part(rrect(30.0, 34.5, 9.0, 8.5, 4.5)))
    # thumb reaching out to the upper left
    ops.append(part(tapered(27.0, 38.0, 11.5, 23.5, 4.4, 3.3)))
    # middle finger curled over, its tip pressed on the thumb tip (a closed loop)
    ops.append(part(polyline([(26.5, 29.0)] + arcpts(18.5, 19.5, 7.0, 15, -185, 10), 6.6)))
    # spark
    sx, sy = 11.5, 20.5
    for a, r0, L in [(185, 6.5, 11.0), (215, 6.5, 12.5), (245, 7.0, 13.0), (275, 9.0, 13.5)]:
        c, s_ = math.cos(math.radians(a)), math.sin(math.radians(a))
        ops.append(ink(capsule(sx + c * r0, sy + s_ * r0, sx + c * L, sy + s_ * L, 1.0)))
    return ops


def pic_stab():
    """A fist gripping a dagger, blade up; the arm comes in from the right."""
    ops = []
    ops.append(part(rrect(46.0, 31.0, 9.0, 7.5, 1.5)))                  # sleeve
    ops.append(ink(capsule(41.0, 25.0, 41.0, 37.0, 0.7)))
    ops.append(part(rrect(31.0, 30.5, 9.5, 8.5, 4.0)))                  # back of the hand
    blade = poly([(17.2, 16.0), (17.2, 8.5), (21.0, 0.5), (24.8, 8.5), (24.8, 16.0)])
    ops.append(part(blade))
    ops.append(ink(capsule(21.0, 6.0, 21.0, 14.5, 0.5)))                 # fuller
    ops.append(part(rrect(21.0, 17.5, 9.0, 2.3, 1.2)))                  # cross guard
    ops.append(part(rrect(21.0, 43.0, 3.2, 3.2, 2.2)))                  # pommel
    for i, y in enumerate((24.0, 29.0, 34.0, 38.5)):                    # curled fingers
        w = (7.5, 8.0, 7.5, 6.5)[i]
        ops.append(part(rrect(12.0 + w + (1.5 if i == 3 else 0.0), y, w, 3.0, 2.9)))
    ops.append(part(tapered(30.0, 23.0, 16.0, 22.5, 3.6, 3.0)))          # thumb over the index
    return ops


def pic_onyx():
    """A fist holding up the black onyx; its beam shoots out of the top."""
    ops = []
    ops += cuff(cx=24.5, top=41.0, hw=7.5)
    ops.append(part(rrect(24.5, 33.5, 10.0, 8.0, 4.5)))                 # back of the fist
    for cx, cy, hw in [(24.0, 27.0, 9.0), (24.5, 31.5, 9.5), (25.0, 36.0, 8.5)]:
        ops.append(part(rrect(cx, cy, hw, 2.6, 2.5)))                   # curled fingers
    ops.append(part(tapered(13.5, 37.0, 22.0, 28.5, 3.8, 3.1)))          # thumb over them
    gem = poly([(17.5, 24.5), (16.0, 19.0), (20.0, 13.0), (29.0, 13.0), (33.0, 19.0),
                (31.5, 24.5)])
    ops.append(part(lambda x, y: gem(x, y) - 1.0))                      # the setting
    ops.append(ink(gem))                                                # the onyx itself
    for (x0, y0), (x1, y1) in [((20.0, 15.5), (23.0, 21.5)), ((22.0, 14.5), (26.5, 14.5))]:
        ops.append(erase(capsule(x0, y0, x1, y1, 0.6)))                 # facets catching light
    for (x0, y0), (x1, y1) in [((24.5, 10.0), (24.5, 0.5)), ((18.0, 11.0), (11.0, 3.5)),
                               ((31.0, 11.0), (38.0, 3.5)), ((15.0, 15.5), (6.5, 12.0)),
                               ((34.0, 15.5), (42.5, 12.0))]:
        ops.append(ink(capsule(x0, y0, x1, y1, 1.05)))                  # the beam
    return ops


def pic_antispell():
    ops = []
    ring = minus(circle(24, 24, 19.5), circle(24, 24, 15.5))
    ops.append(ink(ring))
    # the lightning bolt cuts through the ring
    bolt = poly([(30.0, 1.0), (15.0, 25.0), (23.5, 25.5), (17.0, 47.0), (34.0, 20.0),
                 (25.0, 20.0), (36.0, 1.0)])
    ops.append(erase(xform(bolt, scale=1.0) if False else lambda x, y: bolt(x, y) - 2.5))
    ops.append(ink(bolt))
    return ops


def pic_fog():
    """Drifting banks of stippled mist: the "unclear" picture."""
    rnd = random.Random(1993)
    puffs = [(8, 10, 9), (24, 6, 8), (40, 12, 10), (14, 27, 10), (34, 30, 11), (6, 42, 8),
             (24, 44, 9), (44, 44, 8), (46, 28, 6), (0, 26, 6)]
    dens = [[0.0] * 48 for _ in range(48)]
    for y in range(48):
        for x in range(48):
            d = 0.0
            for cx, cy, r in puffs:
                d = max(d, 1.0 - math.hypot(x - cx, y - cy) / r)
            # thicker towards the middle of each bank, with a swirl running through it
            swirl = 0.5 + 0.5 * math.sin(0.45 * x + 0.25 * y + 3.0 * math.sin(0.12 * y))
            dens[y][x] = 0.06 + 0.9 * d * (0.45 + 0.55 * swirl)
    # stipple: isolated dots (no two dots touch), visited in random order
    cells = [(x, y) for y in range(48) for x in range(48)]
    rnd.shuffle(cells)
    bm = [[False] * 48 for _ in range(48)]
    for x, y in cells:
        if rnd.random() >= dens[y][x]:
            continue
        if any(bm[(y + dy) % 48][(x + dx) % 48] for dy in (-1, 0, 1) for dx in (-1, 0, 1)):
            continue
        bm[y][x] = True
    return bm


# ---------------------------------------------------------------- 16x16 icons


ICONS = {
    'palm': """
................
.......#........
.....##.##......
....#.#.#.##....
....#.#.#.#.#...
....#.#.#.#.#...
.##.#.#.#.#.#...
.#.##.#.#.#.#...
..#.#.......#...
...#........#...
....#.......#...
....#......#....
.....#.....#....
.....#######....
.....#.....#....
.....#.....#....
""",
    'digit': """
................
......##........
.....#..#.......
.....#..#.......
.....#..#.......
.....#..#.......
.....#..###.....
...###..#..##...
..#.....#...##..
..#......##..#..
..#........#.#..
..#..........#..
...#........#...
....#########...
....#.......#...
....#.......#...
""",
    'fingers': """
..#....#....#...
..#....#....#...
...#...#...#....
...#...#...#..#.
#...#..#..#..#..
.#..#..#..#.#...
..#.########....
...#.......#....
....#......#....
....#......#....
....#......#....
.....#....#.....
.....######.....
.....#....#.....
.....#....#.....
................
""",
    'wave': """
................
.......#........
.....##.##......
....#.#.#.##....
....#.#.#.#.#...
.#..#.#.#.#.#.#.
#...#.#.#.#.#..#
#...#.#.#.#.#..#
#...#.......#..#
.#..#.......#.#.
....#.......#...
.....#.....#....
.....#######....
.....#.....#....
.....#.....#....
................
""",
    'snap': """
................
.#.#.....##.....
..#.....#..#....
.#.#.###...#....
....#...#..#....
...#.###.#.#....
...#.#.#.#.#....
...#.###.#.####.
....#...#.....#.
.....#........#.
......#.......#.
......#.......#.
.......#.....#..
.......#######..
.......#.....#..
.......#.....#..
""",
    'onyx': """
..#....#....#...
...#...#...#....
....#..#..#.....
................
.....#####......
....#.#####.....
...###.#####....
...#########....
....#######.....
.....#####......
......###.......
.....#...#......
....#.....#.....
....#######.....
.....#...#......
.....#####......
""",
    'stab': """
.......#........
......###.......
......#.#.......
......#.#.......
......#.#.......
......#.#.......
......#.#.......
......#.#.......
....#######.....
....#######.....
......###.......
......###.......
......###.......
......###.......
.....#####......
................
""",
}


def icon_dot():
    bm = [[False] * 16 for _ in range(16)]
    for y in range(16):
        for x in range(16):
            if (x - 7.5) ** 2 + (y - 7.5) ** 2 <= 2.0 ** 2:
                bm[y][x] = True
    return bm


def half_icon(name):
    """An 8x16 miniature left hand used in both-hands icons."""
    return from_ascii(BOTH_HALVES[name])


BOTH_HALVES = {
    'palm': """
........
...#.#..
..#.#.#.
..#.#.#.
..#.#.#.
..#.#.#.
#.#...#.
.##...#.
..#...#.
..#...#.
..#..#..
..####..
..#..#..
..#..#..
........
........
""",
    'digit': """
...#....
..#.#...
..#.#...
..#.#...
..#.#...
..#.###.
.##...#.
#.....#.
#.....#.
#.....#.
.#...#..
.#####..
.#...#..
.#...#..
........
........
""",
    'wave': """
........
...#.#..
..#.#.#.
..#.#.#.
#.#.#.#.
#.#.#.#.
#.#...#.
..#...#.
..#...#.
..#...#.
...#.#..
...###..
...#.#..
...#.#..
........
........
""",
    'snap': """
#.#.....
.#..##..
#.##..#.
..#.#.#.
..#.#.#.
..#.###.
..#...#.
..#...#.
..#...#.
...#.#..
...###..
...#.#..
...#.#..
........
........
........
""",
    'clap': """
....##..
...#..#.
...#..#.
...#..#.
...#..#.
...#..#.
...#..#.
.#.#..#.
#.##..#.
#..#..#.
.#.#..#.
..#...#.
...####.
...#..#.
...#..#.
........
""",
}


def both_icon(name):
    h = half_icon(name)
    bm = [[False] * 16 for _ in range(16)]
    for y in range(16):
        for x in range(8):
            bm[y][x] = h[y][x]
            bm[y][15 - x] = h[y][x]
    return bm

# ---------------------------------------------------------------- output


def xbm_text(name, bm):
    h = len(bm)
    w = len(bm[0])
    bpr = (w + 7) // 8
    data = []
    for row in bm:
        for b in range(bpr):
            v = 0
            for k in range(8):
                x = b * 8 + k
                if x < w and row[x]:
                    v |= 1 << k
            data.append(v)
    lines = ['#define %s_width %d' % (name, w), '#define %s_height %d' % (name, h),
             'static unsigned char %s_bits[] = {' % name]
    for i in range(0, len(data), 12):
        chunk = ', '.join('0x%02x' % v for v in data[i:i + 12])
        lines.append('   ' + chunk + (',' if i + 12 < len(data) else ' };'))
    return '\n'.join(lines) + '\n'


def parse_xbm(text):
    w = int(re.search(r'#define\s+(\w+)_width\s+(\d+)', text).group(2))
    h = int(re.search(r'#define\s+(\w+)_height\s+(\d+)', text).group(2))
    m = re.search(r'static\s+(?:unsigned\s+)?char\s+(\w+)_bits\[\]\s*=\s*\{([^}]*)\}\s*;', text)
    vals = [int(v, 16) for v in re.findall(r'0[xX][0-9a-fA-F]+', m.group(2))]
    return w, h, vals


GESTURES = ['nothing', 'palm', 'digit', 'fingers', 'wave', 'clap', 'snap', 'stab', 'onyx',
            'antispell']
ICON_NAMES = ['palm', 'digit', 'fingers', 'wave', 'snap', 'stab', 'onyx', 'dot',
              'both_palm', 'both_digit', 'both_wave', 'both_snap', 'both_clap']


def build():
    pics = {}
    blank = [[False] * 48 for _ in range(48)]
    draw = {'palm': pic_palm, 'digit': pic_digit, 'fingers': pic_fingers, 'wave': pic_wave,
            'clap': pic_clap, 'snap': pic_snap, 'stab': pic_stab, 'onyx': pic_onyx}
    for g in GESTURES:
        if g == 'nothing':
            left = blank
        elif g == 'antispell':
            left = render(pic_antispell())
        else:
            left = render(draw[g]())
        pics['gestures/left_' + g] = left
        pics['gestures/right_' + g] = left if g in ('nothing', 'antispell') else mirror(left)
    pics['gestures/fog'] = pic_fog()
    for n in ICON_NAMES:
        if n == 'dot':
            pics['icons/dot'] = icon_dot()
        elif n.startswith('both_'):
            pics['icons/' + n] = both_icon(n[5:])
        else:
            pics['icons/' + n] = from_ascii(ICONS[n])
    return pics


def check():
    ok = True
    expect = ['gestures/%s_%s' % (s, g) for s in ('left', 'right') for g in GESTURES]
    expect += ['gestures/fog'] + ['icons/' + n for n in ICON_NAMES]
    for rel in expect:
        path = os.path.join(HERE, rel + '.xbm')
        size = 16 if rel.startswith('icons/') else 48
        try:
            with open(path) as fh:
                text = fh.read()
            w, h, vals = parse_xbm(text)
            name = os.path.basename(rel)
            good = (w == size and h == size and len(vals) == h * ((w + 7) // 8)
                    and all(0 <= v <= 255 for v in vals)
                    and '#define %s_width' % name in text
                    and 'static unsigned char %s_bits[]' % name in text)
        except Exception as e:  # noqa
            good = False
            print('error', rel, e)
        print('%-28s %s' % (rel, 'ok' if good else 'BAD'))
        ok = ok and good
    return ok

# ---------------------------------------------------------------- contact sheet

FONT = {  # 3x5 digits
    '0': '111101101101111', '1': '010110010010111', '2': '111001111100111',
    '3': '111001111001111', '4': '101101111001001', '5': '111100111001111',
    '6': '111100111101111', '7': '111001001001001', '8': '111101111101111',
    '9': '111101111001111'}


def write_png(path, pix):
    h, w = len(pix), len(pix[0])
    raw = b''.join(b'\x00' + bytes(r) for r in pix)

    def chunk(t, d):
        c = struct.pack('>I', len(d)) + t + d
        return c + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 0, 0, 0, 0))
    png += chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b'')
    with open(path, 'wb') as fh:
        fh.write(png)


def sheet(path, names, scale=4):
    """Pictures read back from the .xbm files, in a grid, numbered in order."""
    cols = 10 if scale <= 4 else 5
    cell = 48 * scale + 16
    rows = (len(names) + cols - 1) // cols
    W, H = cols * cell, rows * (cell + 14)
    pix = [[200] * W for _ in range(H)]
    for k, rel in enumerate(names):
        with open(os.path.join(HERE, rel + '.xbm')) as fh:
            w, h, vals = parse_xbm(fh.read())
        bpr = (w + 7) // 8
        s = scale if w == 48 else scale * 3
        ox, oy = (k % cols) * cell + 8, (k // cols) * (cell + 14) + 18
        for y in range(h):
            for x in range(w):
                black = vals[y * bpr + x // 8] >> (x % 8) & 1
                for yy in range(s):
                    for xx in range(s):
                        pix[oy + y * s + yy][ox + x * s + xx] = 0 if black else 255
        lab = str(k)
        for ci, ch in enumerate(lab):
            bits = FONT[ch]
            for yy in range(5):
                for xx in range(3):
                    if bits[yy * 3 + xx] == '1':
                        for a in range(2):
                            for b in range(2):
                                pix[oy - 14 + yy * 2 + a][ox + ci * 8 + xx * 2 + b] = 0
    write_png(path, pix)


def main():
    args = sys.argv[1:]
    if args == ['--check']:
        sys.exit(0 if check() else 1)
    pics = build()
    for rel, bm in pics.items():
        os.makedirs(os.path.dirname(os.path.join(HERE, rel)), exist_ok=True)
        with open(os.path.join(HERE, rel + '.xbm'), 'w') as fh:
            fh.write(xbm_text(os.path.basename(rel), bm))
    ok = check()
    if '--sheet' in args:
        p = args[args.index('--sheet') + 1]
        order = ['gestures/left_' + g for g in GESTURES] + ['gestures/fog'] + \
                ['gestures/right_' + g for g in GESTURES] + ['icons/' + n for n in ICON_NAMES]
        if '--only' in args:
            pre = args[args.index('--only') + 1]
            order = [n for n in order if n.startswith(pre)]
        scale = int(args[args.index('--scale') + 1]) if '--scale' in args else 4
        sheet(p, order, scale)
        print('sheet written to', p)
    sys.exit(0 if ok else 1)


if __name__ == '__main__':
    main()
