"""Tile helpers of OpenTTD 15.2's CreateRivers, as numba kernels over a
:class:`~.landscape.Landscape`'s flat arrays (tile ``t = y * size_x + x``).

The kernels of :mod:`.terraform`, :mod:`.river_route` and
:mod:`.rivers_kernel` share one calling convention:

* ``T``: the Landscape's uint8 per-tile arrays as one tuple, indexed by
  :data:`H` (height), :data:`K` (kind), :data:`G` (ground), :data:`D`
  (density), :data:`C` (counter), :data:`SN` (snow), :data:`TR` (tropic),
  :data:`RB` (random bits), :data:`TT` / :data:`TC` / :data:`TG` (tree type,
  count, growth);
* ``rid``: the int32 river ids; ``rng``: the Randomizer ``[s0, s1, calls]``;
* ``S``: int32 scratch arrays of ``size_x * size_y + 8`` elements
  (:func:`scratch`), indexed by the ``S_*`` constants;
* ``P``: an int64 array of settings, counters and statistics, indexed by
  the ``P_*`` constants (:func:`params`).

Slopes are OpenTTD's bits: W 1, S 2, E 4, N 8, steep 16.  The diagonal
directions are NE (x - 1), SE (y + 1), SW (x + 1), NW (y - 1), numbered 0..3.
"""

from __future__ import annotations

import numpy as np

from ..jit import njit
from .kernel import INLINE, JIT, _next

# T
H, K, G, D, C, SN, TR, RB, TT, TC, TG = range(11)
T_FIELDS = ("height", "kind", "ground", "density", "counter", "snow", "tropic",
            "random_bits", "tree_type", "tree_count", "tree_growth")
# kinds (landscape.py)
K_CLEAR, K_SEA, K_SHORE, K_VOID, K_RIVER, K_TREES = 0, 1, 2, 3, 4, 5
# tropic zones
Z_NORMAL, Z_DESERT, Z_RAINFOREST = 0, 1, 2
# ClearGround / TreeGround
CG_GRASS, CG_ROUGH = 0, 1
TG_GRASS, TG_ROUGH, TG_SNOW_DESERT, TG_ROUGH_SNOW = 0, 1, 2, 4

# S: scratch arrays
(S_MST, S_MH, S_TOUCH, S_STK_T, S_STK_D, S_STK_H, S_MARK, S_QUEUE, S_NST, S_NPAR,
 S_NCOST, S_NEST, S_NCLOSED, S_HEAP, S_HPOS, S_SEA, S_SEAQ, S_LV, S_PATH) = range(19)
N_SCRATCH = 19

# P: settings, stamps, counters
(P_SX, P_SY, P_N, P_FREEFORM, P_LIMIT, P_LANDSCAPE, P_TREE_PLACER, P_ROUTE_RANDOM,
 P_SEA_THRESHOLD, P_ST_MODEL, P_ST_MARK, P_ST_NODE, P_ST_SEA, P_RIVER,
 P_SEA_FILL_CALLS, P_SEA_FILL_OK, P_WIDEN_CALLS, P_WIDEN_OK,
 P_SEGMENTS, P_WIDENED, P_MAX_NODES, P_MIN_LEN) = range(22)
N_PARAMS = 22

TROPIC = 2

# diagonal directions NE SE SW NW
DDX = np.array([-1, 0, 1, 0], np.int64)
DDY = np.array([0, 1, 0, -1], np.int64)


def scratch(n: int) -> tuple[np.ndarray, ...]:
    return tuple(np.zeros(n + 8, np.int32) for _ in range(N_SCRATCH))


def params(size_x: int, size_y: int) -> np.ndarray:
    p = np.zeros(N_PARAMS, np.int64)
    p[P_SX], p[P_SY], p[P_N] = size_x, size_y, size_x * size_y
    p[P_MAX_NODES] = 10000
    return p


@njit(**INLINE)
def rand(rng):
    """One Random() on the shared Randomizer."""
    s0, s1, r = _next(rng[0], rng[1])
    rng[0] = s0
    rng[1] = s1
    rng[2] += 1
    return r


@njit(**INLINE)
def rand_range(rng, limit):
    return (rand(rng) * limit) >> 32


@njit(**INLINE)
def chance16(rng, a, b):
    return (((rand(rng) & 0xFFFF) * b + b // 2) >> 16) < a


@njit(**INLINE)
def corners(h, sx, sy, t):
    """(N, W, E, S) corner heights of tile t; the far corners of the last
    row and column clamp to the map (GetTileSlopeZ)."""
    y = t // sx
    x = t - y * sx
    x2 = x + 1 if x + 1 < sx else sx - 1
    y2 = y + 1 if y + 1 < sy else sy - 1
    return (np.int64(h[t]), np.int64(h[y * sx + x2]), np.int64(h[y2 * sx + x]),
            np.int64(h[y2 * sx + x2]))


@njit(**INLINE)
def slope_z(h, sx, sy, t):
    """GetTileSlopeZ: (slope, lowest corner)."""
    n, w, e, s = corners(h, sx, sy, t)
    z = min(min(n, w), min(e, s))
    top = max(max(n, w), max(e, s))
    r = 0
    if n != z:
        r |= 8
    if w != z:
        r |= 1
    if e != z:
        r |= 4
    if s != z:
        r |= 2
    if top - z == 2:
        r |= 16
    return r, z


@njit(**INLINE)
def max_z(h, sx, sy, t):
    n, w, e, s = corners(h, sx, sy, t)
    return max(max(n, w), max(e, s))


@njit(**INLINE)
def is_flat(h, sx, sy, t):
    n, w, e, s = corners(h, sx, sy, t)
    return n == w and n == e and n == s


@njit(**INLINE)
def is_inclined(s):
    return s == 3 or s == 6 or s == 9 or s == 12


@njit(**INLINE)
def one_corner(s):
    return s == 1 or s == 2 or s == 4 or s == 8


@njit(**INLINE)
def three_corners(s):
    return s == 7 or s == 11 or s == 13 or s == 14


@njit(**INLINE)
def inclined_dir(s):
    """GetInclinedSlopeDirection: NE 0, SE 1, SW 2, NW 3 (-1 otherwise)."""
    if s == 12:
        return 0
    if s == 6:
        return 1
    if s == 3:
        return 2
    if s == 9:
        return 3
    return -1


@njit(**INLINE)
def diag_off(sx, d):
    if d == 0:
        return -1
    if d == 1:
        return sx
    if d == 2:
        return 1
    return -sx


@njit(**INLINE)
def in_map(n, t):
    return t >= 0 and t < n


@njit(**INLINE)
def is_valid(k, n, t):
    """IsValidTile: inside the map and not void."""
    return t >= 0 and t < n and k[t] != K_VOID


@njit(**INLINE)
def is_water(k, n, t):
    """IsWaterTile: plain water (sea or river), not coast."""
    return t >= 0 and t < n and (k[t] == K_SEA or k[t] == K_RIVER)


@njit(**INLINE)
def manhattan(sx, a, b):
    ay = a // sx
    by = b // sx
    return abs(a - ay * sx - (b - by * sx)) + abs(ay - by)


@njit(**JIT)
def spiral(diameter):
    """SpiralTileSequence(centre, diameter) as (dx, dy) offsets from the
    centre, before skipping positions off the map."""
    n = diameter * diameter
    dx = np.empty(n, np.int64)
    dy = np.empty(n, np.int64)
    max_radius = diameter // 2
    x = 0
    y = 0
    cur = 0
    i = 0
    if diameter % 2 == 1:
        ext = 1
        dx[0] = 0
        dy[0] = 0
        i = 1
        x += 1
        y -= 1
    else:
        ext = 0
        x = 1
    while cur < max_radius:
        for d in range(4):
            steps = ext + 2 * cur + 1
            for _s in range(steps):
                if i < n:
                    dx[i] = x
                    dy[i] = y
                i += 1
                x += DDX[d]
                y += DDY[d]
        # back at the ring's start: one step W to the next ring
        x += 1
        y -= 1
        cur += 1
    return dx[:min(i, n)], dy[:min(i, n)]


@njit(**INLINE)
def spiral_tile(sx, sy, centre, dx, dy):
    """The tile of a spiral offset, or -1 off the map (negatives wrap)."""
    cy = centre // sx
    x = centre - cy * sx + dx
    y = cy + dy
    if x < 0 or x >= sx or y < 0 or y >= sy:
        return -1
    return y * sx + x


@njit(**INLINE)
def clear_tile(T, rid, t):
    """DoClearSquare during world generation: clear grass at density 3
    (the tropic zone stays)."""
    T[K][t] = K_CLEAR
    T[G][t] = CG_GRASS
    T[D][t] = 3
    T[C][t] = 0
    T[SN][t] = 0
    T[RB][t] = 0
    T[TT][t] = 0
    T[TC][t] = 0
    T[TG][t] = 0
    rid[t] = 0


@njit(**JIT)
def make_river(T, rid, rng, P, t, sp_dx, sp_dy):
    """MakeRiverAndModifyDesertZoneAround: the tile becomes river water with
    one Random() as its random bits; desert zone within the diameter-5
    spiral around it becomes normal."""
    r = rand(rng)
    T[K][t] = K_RIVER
    T[RB][t] = r & 0xFF
    T[G][t] = 0
    T[D][t] = 0
    T[C][t] = 0
    T[SN][t] = 0
    T[TT][t] = 0
    T[TC][t] = 0
    T[TG][t] = 0
    rid[t] = P[P_RIVER]
    sx = P[P_SX]
    sy = P[P_SY]
    tr = T[TR]
    for i in range(sp_dx.shape[0]):
        u = spiral_tile(sx, sy, t, sp_dx[i], sp_dy[i])
        if u >= 0 and tr[u] == Z_DESERT:
            tr[u] = Z_NORMAL


@njit(**INLINE)
def flows_down(h, sx, sy, a, b):
    """RiverFlowsDown(a, b) for 4-neighbours a -> b."""
    sb, zb = slope_z(h, sx, sy, b)
    if sb != 0 and not is_inclined(sb):
        return False
    sa, za = slope_z(h, sx, sy, a)
    if zb > za:
        return False
    if sb == sa and zb < za:
        return True
    return sb == 0 or sa == 0
