"""The compiled loops of port placement.

Arrays and their meaning (``h`` x ``w`` cells, ``h+1`` x ``w+1`` corners):

``below[y, x]``   corner below sea level (height < sea level), uint8
``label[y, x]``   sea component of a corner below sea level, -1 on land
                  (int32); components grow through cell edges whose two
                  corners are both below sea level (4-connectivity)
``is_open[k]``    component ``k`` is open sea, else it is a lake
``n_open[r, c]``  corners of cell ``(r, c)`` in open sea, 0..4
``lake[r, c]``    a lake touching cell ``(r, c)`` (the smallest id), -1 none

Random numbers are counter based (splitmix64 of a key and an index), so each
quantity depends on the map seed and on *where* it is (a cell, an edge, a
draw number) and not on the order in which things were computed: the local
terrain of a cell is the same whichever port asks for it.
"""

from __future__ import annotations

import math

import numpy as np

from ..jit import njit  # (numba imported at the first call: not for -h)
from ..protocol import STOP  # the cancel flag's stop slot

JIT = dict(nogil=True, cache=True)
INLINE = dict(nogil=True, cache=True, inline="always")

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
M1 = np.uint64(0xBF58476D1CE4E5B9)
M2 = np.uint64(0x94D049BB133111EB)
S30, S27, S31, S11 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(11)
TWO_M53 = 1.0 / 9007199254740992.0

# Key kinds: what a random stream is for.
K_HEDGE, K_VEDGE, K_CELL, K_BUILDINGS, K_POPULATION, K_DRAW = 1, 2, 3, 4, 5, 6

# Cell classes (layer ``cell_class``).
LAND, COAST, SEA, LAKE, LAKE_COAST = 0, 1, 2, 3, 4

# Corner neighbours in route order: north, west, east, south.
DY4 = np.array([-1, 0, 0, 1], np.int64)
DX4 = np.array([0, -1, 1, 0], np.int64)


# ---------------------------------------------------------------------------
# Counter-based random numbers

@njit(**INLINE)
def mix64(z):
    z = (z ^ (z >> S30)) * M1
    z = (z ^ (z >> S27)) * M2
    return z ^ (z >> S31)


@njit(**INLINE)
def make_key(seed, kind, a, b):
    """The key of one random stream: ``seed`` (uint64), a ``kind`` and two
    coordinates (non-negative ints)."""
    k = mix64(seed + GOLDEN)
    k = mix64(k ^ (np.uint64(kind) * GOLDEN))
    k = mix64(k ^ (np.uint64(a) + GOLDEN))
    return mix64(k ^ (np.uint64(b) * M1 + GOLDEN))


@njit(**INLINE)
def uniform(key, i):
    """Number ``i`` of stream ``key``: uniform in [0, 1)."""
    z = mix64(key ^ mix64(np.uint64(i) + GOLDEN))
    return np.float64(z >> S11) * TWO_M53


@njit(**JIT)
def stream(seed, kind, a, b, n):
    """The first ``n`` numbers of a stream, uniform in [0, 1)."""
    key = make_key(np.uint64(seed), kind, a, b)
    out = np.empty(n, np.float64)
    for i in range(n):
        out[i] = uniform(key, i)
    return out


# ---------------------------------------------------------------------------
# Global placement

@njit(**JIT)
def sea_components(below, flag):
    """Label the 4-connected components of corners below sea level.

    Returns ``(label, sizes, on_border, deepest)``: ``deepest[k]`` is the
    flat index of component ``k``'s first corner in row-major order (the
    lowest one is chosen in Python, which has the heights).  ``flag[STOP] != 0``
    (a cancel token's flag) stops it at the next row, the labels unfinished:
    the caller then raises Cancelled."""
    hc, wc = below.shape
    label = np.full((hc, wc), -1, np.int32)
    queue = np.empty(hc * wc, np.int64)
    sizes = np.zeros(hc * wc + 1, np.int64)
    border = np.zeros(hc * wc + 1, np.uint8)
    first = np.zeros(hc * wc + 1, np.int64)
    n = 0
    for y0 in range(hc):
        if flag[STOP] != 0:
            break
        for x0 in range(wc):
            if below[y0, x0] == 0 or label[y0, x0] >= 0:
                continue
            label[y0, x0] = n
            first[n] = y0 * wc + x0
            head, tail = 0, 1
            queue[0] = y0 * wc + x0
            size = 0
            touches = 0
            while head < tail:
                p = queue[head]
                head += 1
                y, x = p // wc, p % wc
                size += 1
                if y == 0 or x == 0 or y == hc - 1 or x == wc - 1:
                    touches = 1
                for d in range(4):
                    ny, nx = y + DY4[d], x + DX4[d]
                    if 0 <= ny < hc and 0 <= nx < wc and below[ny, nx] != 0 \
                            and label[ny, nx] < 0:
                        label[ny, nx] = n
                        queue[tail] = ny * wc + nx
                        tail += 1
            sizes[n] = size
            border[n] = touches
            n += 1
    return label, sizes[:n].copy(), border[:n].copy(), first[:n].copy()


@njit(**JIT)
def classify_cells(label, is_open):
    """``(n_open, lake, cell_class)`` of every cell (see the module docstring)."""
    hc, wc = label.shape
    h, w = hc - 1, wc - 1
    n_open = np.zeros((h, w), np.uint8)
    lake = np.full((h, w), -1, np.int32)
    cls = np.zeros((h, w), np.uint8)
    for r in range(h):
        for c in range(w):
            k = 0
            lk = -1
            for dy in range(2):
                for dx in range(2):
                    lab = label[r + dy, c + dx]
                    if lab >= 0:
                        if is_open[lab]:
                            k += 1
                        elif lk < 0 or lab < lk:
                            lk = lab
            n_open[r, c] = k
            lake[r, c] = lk
            if k == 4:
                cls[r, c] = SEA
            elif k > 0:
                cls[r, c] = COAST if lk < 0 else LAKE_COAST
            elif lk >= 0:
                cls[r, c] = LAKE
            else:
                cls[r, c] = LAND
    return n_open, lake, cls


@njit(**JIT)
def desirability(cls, radius):
    """For every coast cell that may hold a port (class COAST): the number of
    land cells (no corner in open sea: land and lakes) whose centres lie
    within ``radius`` of its centre; -1 for every other cell."""
    h, w = cls.shape
    pre = np.zeros((h, w + 1), np.int32)
    for r in range(h):
        acc = 0
        for c in range(w):
            if cls[r, c] == LAND or cls[r, c] == LAKE:
                acc += 1
            pre[r, c + 1] = acc
    rr = int(math.floor(radius))
    half = np.empty(2 * rr + 1, np.int64)
    r2 = radius * radius
    for dy in range(-rr, rr + 1):
        # the widest k with k*k + dy*dy <= r2, exactly as the definition
        # compares (a square root alone is off by one at the boundary)
        k = int(math.floor(math.sqrt(max(r2 - dy * dy, 0.0))))
        while (k + 1) * (k + 1) + dy * dy <= r2:
            k += 1
        while k > 0 and k * k + dy * dy > r2:
            k -= 1
        half[dy + rr] = k
    out = np.full((h, w), -1, np.int32)
    for r in range(h):
        for c in range(w):
            if cls[r, c] != COAST:
                continue
            total = 0
            for dy in range(-rr, rr + 1):
                y = r + dy
                if y < 0 or y >= h:
                    continue
                hw = half[dy + rr]
                lo = max(c - hw, 0)
                hi = min(c + hw + 1, w)
                if hi > lo:
                    total += pre[y, hi] - pre[y, lo]
            out[r, c] = total
    return out


@njit(**JIT)
def best_per_square(des, grid):
    """The most desirable cell of each grid square of side ``grid``: flat
    cell index per square (-1 where the square has no coast cell).  Cells
    are visited row by row, so a tie goes to the lower row, then column."""
    h, w = des.shape
    ngy, ngx = (h + grid - 1) // grid, (w + grid - 1) // grid
    best = np.full(ngy * ngx, -1, np.int64)
    best_d = np.full(ngy * ngx, -1, np.int64)
    for r in range(h):
        for c in range(w):
            d = des[r, c]
            if d < 0:
                continue
            sq = (r // grid) * ngx + c // grid
            if d > best_d[sq]:
                best_d[sq] = d
                best[sq] = r * w + c
    return best


@njit(**JIT)
def draw_ports(rows, cols, weights, n, min_dist, seed):
    """Draw up to ``n`` candidates by weight without replacement, never two
    closer than ``min_dist`` (Euclidean, between cell centres).

    Returns ``(picked, removed)``: candidate indices in drawing order, and
    for each draw how many candidates it ruled out as too close."""
    m = rows.shape[0]
    alive = weights > 0.0
    picked = np.empty(min(n, m), np.int64)
    removed = np.zeros(min(n, m), np.int64)
    key = make_key(np.uint64(seed), K_DRAW, 0, 0)
    d2min = min_dist * min_dist
    k = 0
    while k < n:
        total = 0.0
        last = -1
        for i in range(m):
            if alive[i]:
                total += weights[i]
                last = i
        if last < 0 or total <= 0.0:
            break
        u = uniform(key, k) * total
        choice = last
        acc = 0.0
        for i in range(m):
            if alive[i]:
                acc += weights[i]
                if u < acc:
                    choice = i
                    break
        picked[k] = choice
        alive[choice] = False
        cy, cx = rows[choice], cols[choice]
        gone = 0
        for i in range(m):
            if alive[i]:
                dy = float(rows[i] - cy)
                dx = float(cols[i] - cx)
                if dy * dy + dx * dx < d2min:
                    alive[i] = False
                    gone += 1
        removed[k] = gone
        k += 1
    return picked[:k].copy(), removed[:k].copy()


@njit(**JIT)
def sea_distance(label, is_target):
    """BFS distance (in corner steps through open sea) from every open-sea
    corner to the nearest target corner; -1 where unreached."""
    hc, wc = label.shape
    dist = np.full((hc, wc), -1, np.int32)
    queue = np.empty(hc * wc, np.int64)
    tail = 0
    for y in range(hc):
        for x in range(wc):
            if is_target[y, x]:
                dist[y, x] = 0
                queue[tail] = y * wc + x
                tail += 1
    head = 0
    while head < tail:
        p = queue[head]
        head += 1
        y, x = p // wc, p % wc
        lab = label[y, x]
        for d in range(4):
            ny, nx = y + DY4[d], x + DX4[d]
            if 0 <= ny < hc and 0 <= nx < wc and dist[ny, nx] < 0 and label[ny, nx] == lab:
                dist[ny, nx] = dist[y, x] + 1
                queue[tail] = ny * wc + nx
                tail += 1
    return dist


@njit(**JIT)
def descend(dist, y, x):
    """The corner path from ``(y, x)`` down the distance field to a target:
    ``(len, 2)`` array of (row, column), first the start."""
    hc, wc = dist.shape
    n = dist[y, x]
    out = np.empty((max(n, 0) + 1, 2), np.int64)
    out[0, 0], out[0, 1] = y, x
    for k in range(1, n + 1):
        cur = dist[y, x]
        for d in range(4):
            ny, nx = y + DY4[d], x + DX4[d]
            if 0 <= ny < hc and 0 <= nx < wc and dist[ny, nx] == cur - 1:
                y, x = ny, nx
                break
        out[k, 0], out[k, 1] = y, x
    return out


# ---------------------------------------------------------------------------
# Local terrain: the modified diamond-square

@njit(**INLINE)
def keep_nature2(v, a, b):
    """Midpoint ``v`` of ``a`` and ``b``: below sea level when both are,
    at or above it when both are."""
    if a < 0.0 and b < 0.0:
        if v >= 0.0:
            m = max(a, b)
            v = 0.5 * m
            if not v < 0.0:
                v = m
    elif a >= 0.0 and b >= 0.0 and v < 0.0:
        v = 0.5 * min(a, b)
    return v


@njit(**INLINE)
def keep_nature4(v, a, b, c, d):
    if a < 0.0 and b < 0.0 and c < 0.0 and d < 0.0:
        if v >= 0.0:
            m = max(max(a, b), max(c, d))
            v = 0.5 * m
            if not v < 0.0:
                v = m
    elif a >= 0.0 and b >= 0.0 and c >= 0.0 and d >= 0.0 and v < 0.0:
        v = 0.5 * min(min(a, b), min(c, d))
    return v


@njit(**INLINE)
def edge_profile(a, b, key, n, rough, unit):
    """The edge from height ``a`` to ``b`` refined into ``n`` points: 1-D
    midpoint displacement from the two corners and the edge's own stream
    alone.  An edge whose corners are both below sea level stays below it
    all along (the sea channel)."""
    tmp = np.empty(n, np.float64)
    tmp[0] = a
    tmp[n - 1] = b
    base = rough * (abs(b - a) + unit)
    s = n - 1
    while s >= 2:
        half = s // 2
        amp = base * s / (n - 1)
        for i in range(half, n - 1, s):
            lo = tmp[i - half]
            hi = tmp[i + half]
            v = 0.5 * (lo + hi) + amp * (2.0 * uniform(key, i) - 1.0)
            tmp[i] = keep_nature2(v, lo, hi)
        s = half
    if a < 0.0 and b < 0.0:
        # keep_nature2 already keeps every point below; the guarantee rests
        # on it, so it is enforced here once more
        for i in range(n):
            if not tmp[i] < 0.0:
                tmp[i] = max(a, b)
    return tmp


@njit(**JIT)
def cell_terrain(rel, r, c, seed, n, rough, unit, port, out):
    """The local terrain of cell ``(r, c)``: ``n`` x ``n`` heights relative
    to sea level written into ``out`` (row 0 = the cell's north edge).

    ``rel`` holds the corner heights relative to sea level.  The four edges
    come first, each from its own two corners and stream, so neighbouring
    cells agree along the edge they share; then diamond-square fills the
    inside, keeping the nature of every square and diamond whose corners
    all lie on one side of sea level, and with ``port`` the centre is
    raised to sea level at least."""
    sd = np.uint64(seed)
    a, b = rel[r, c], rel[r, c + 1]
    cc, d = rel[r + 1, c], rel[r + 1, c + 1]
    top = edge_profile(a, b, make_key(sd, K_HEDGE, r, c), n, rough, unit)
    bottom = edge_profile(cc, d, make_key(sd, K_HEDGE, r + 1, c), n, rough, unit)
    left = edge_profile(a, cc, make_key(sd, K_VEDGE, r, c), n, rough, unit)
    right = edge_profile(b, d, make_key(sd, K_VEDGE, r, c + 1), n, rough, unit)
    for i in range(n):
        out[0, i] = top[i]
        out[n - 1, i] = bottom[i]
        out[i, 0] = left[i]
        out[i, n - 1] = right[i]
    key = make_key(sd, K_CELL, r, c)
    base = rough * (max(max(a, b), max(cc, d)) - min(min(a, b), min(cc, d)) + unit)
    s = n - 1
    while s >= 2:
        half = s // 2
        amp = base * s / (n - 1)
        for y in range(half, n - 1, s):
            for x in range(half, n - 1, s):
                p, q = out[y - half, x - half], out[y - half, x + half]
                t, u = out[y + half, x - half], out[y + half, x + half]
                v = 0.25 * (p + q + t + u) + amp * (2.0 * uniform(key, y * n + x) - 1.0)
                v = keep_nature4(v, p, q, t, u)
                if port and s == n - 1 and v < 0.0:
                    v = 0.0
                out[y, x] = v
        for y in range(half, n - 1, half):
            x0 = half if (y // half) % 2 == 0 else s
            for x in range(x0, n - 1, s):
                p, q = out[y - half, x], out[y + half, x]
                t, u = out[y, x - half], out[y, x + half]
                v = 0.25 * (p + q + t + u) + amp * (2.0 * uniform(key, y * n + x) - 1.0)
                out[y, x] = keep_nature4(v, p, q, t, u)
        s = half


@njit(**JIT)
def block_terrain(rel, r0, c0, rows, cols, seed, n, rough, unit, port_r, port_c, out):
    """Cells ``r0 .. r0+rows-1`` x ``c0 .. c0+cols-1`` stitched into ``out``
    (``rows*(n-1)+1`` x ``cols*(n-1)+1``); cells outside the map stay as
    ``out`` held them (NaN from the caller)."""
    h, w = rel.shape[0] - 1, rel.shape[1] - 1
    tile = np.empty((n, n), np.float64)
    for i in range(rows):
        for j in range(cols):
            r, c = r0 + i, c0 + j
            if r < 0 or c < 0 or r >= h or c >= w:
                continue
            cell_terrain(rel, r, c, seed, n, rough, unit, r == port_r and c == port_c, tile)
            y0, x0 = i * (n - 1), j * (n - 1)
            for y in range(n):
                for x in range(n):
                    out[y0 + y, x0 + x] = tile[y, x]


@njit(**JIT)
def flood_cell(tile, reached, seeds_y, seeds_x, nseeds):
    """Grow ``reached`` (uint8 ``n`` x ``n``) from the given seed points through
    4-connected points below sea level; returns how many points were added."""
    n = tile.shape[0]
    queue = np.empty(n * n, np.int64)
    tail = 0
    for k in range(nseeds):
        y, x = seeds_y[k], seeds_x[k]
        if reached[y, x] == 0 and tile[y, x] < 0.0:
            reached[y, x] = 1
            queue[tail] = y * n + x
            tail += 1
    head = 0
    while head < tail:
        p = queue[head]
        head += 1
        y, x = p // n, p % n
        for d in range(4):
            ny, nx = y + DY4[d], x + DX4[d]
            if 0 <= ny < n and 0 <= nx < n and reached[ny, nx] == 0 and tile[ny, nx] < 0.0:
                reached[ny, nx] = 1
                queue[tail] = ny * n + nx
                tail += 1
    return tail
