"""Tile helpers of OpenTTD 15.2's CreateRivers, as numba kernels over a
:class:`~..landscape.Landscape`'s flat arrays (tile ``t = y * size_x + x``),
and the records the kernels of :mod:`.terraform`, :mod:`.route` and
:mod:`.kernel` take (named tuples, which numba passes as structs and
caches):

* ``T``, :class:`Tiles`: the Landscape's uint8 per-tile arrays by name
  (``T.height``, ``T.kind``, ... as :data:`LANDSCAPE_FIELDS`), then
  ``T.flags``, uint8 scratch bits (:data:`F_FLOW`, :data:`F_SEA`,
  :data:`F_MODEL`), 0 between kernel calls, ``T.slope`` /
  ``T.lowest``, every tile's slope and lowest corner (:func:`slopes`;
  terraforming keeps them up to date), and FindSpring's height tests
  kept per tile (``T.spring``, ``T.spring_any``: terraforming marks the
  tiles whose tests it may have changed, see :func:`spring_corner_changed`);
* ``rid``: the int32 river ids; ``rng``: the Randomizer ``[s0, s1, calls]``;
* ``S``, :class:`Scratch`: int32 scratch arrays of fixed sizes
  (:func:`scratch`: none grows with the map);
* ``P``, :class:`Params`: the map's sides and the settings, and the id of
  the river being made (ints);
* ``C``, :class:`Counts`: the run's counters (one-element int64 arrays the
  kernels add to: ``C.widen_calls[0] += 1``).

Slopes are OpenTTD's bits: W 1, S 2, E 4, N 8, steep 16.  The diagonal
directions are NE (x - 1), SE (y + 1), SW (x + 1), NW (y - 1), numbered 0..3.
"""

from __future__ import annotations

from collections import namedtuple
from typing import NamedTuple

import numpy as np

from ....jit import njit
from ...kernel import INLINE, JIT, _next, corner_slope

LANDSCAPE_FIELDS = ("height", "kind", "ground", "density", "counter", "snow", "tropic",
                    "random_bits", "tree_type", "tree_count", "tree_growth", "nonflood")
"""The Landscape's arrays a :class:`Tiles` holds, in its order."""
# kinds (landscape.py)
K_CLEAR, K_SEA, K_SHORE, K_VOID, K_RIVER, K_TREES = 0, 1, 2, 3, 4, 5
# tropic zones
Z_NORMAL, Z_DESERT, Z_RAINFOREST = 0, 1, 2
# ClearGround / TreeGround
CG_GRASS, CG_ROUGH = 0, 1
TG_GRASS, TG_ROUGH, TG_SNOW_DESERT, TG_ROUGH_SNOW = 0, 1, 2, 4

# T.flags bits
F_FLOW, F_SEA, F_MODEL = 1, 2, 4

MODEL_CAP = 1 << 18
LEVEL_CAP = 2048
MAX_NODES = 10000
NODE_CAP = 4 * MAX_NODES + 64
HASH_BITS = 17

TROPIC = 2

# diagonal directions NE SE SW NW
DDX = np.array([-1, 0, 1, 0], np.int64)
DDY = np.array([0, 1, 0, -1], np.int64)


# T.spring: FindSpring's tests of the heights around a tile (flat, 4 of its
# 3x3 block higher, none of its 33x33 block more than 2 levels higher)
SPRING_FAILS, SPRING_PASSES, SPRING_UNKNOWN = 0, 1, 2
SPRING_BLOCK_BITS = 3   # T.spring_any: per block of 8 x 8 tiles
SPRING_REACH = 17       # those tests read corners from 16 before a tile to 17 after

Tiles = namedtuple("Tiles", LANDSCAPE_FIELDS + ("flags", "slope", "lowest", "spring",
                                                "spring_any"))
Tiles.__doc__ = """The uint8 arrays the kernels read and change (``T``): the
Landscape's by their names there, then the scratch bits, the slope tables,
FindSpring's tests of the heights around each tile (``spring``:
:data:`SPRING_FAILS`, :data:`SPRING_PASSES` or :data:`SPRING_UNKNOWN`, to
be tested again) and, per block of ``1 << SPRING_BLOCK_BITS`` tiles square
(row-major), 0 when none of its tiles' ``spring`` is other than
SPRING_FAILS (``spring_any``)."""


class Scratch(NamedTuple):
    """The kernels' int32 work arrays (``S``): the terraform model (corner,
    height) and its stack; the sea search's queue; FlowRiver's levels; the
    route's nodes (tile, parent node, cost, estimate, closed, heap
    position, hash slot), heap, hash table (node + 1 by tile, open
    addressing) and path."""
    model_tile: np.ndarray
    model_height: np.ndarray
    stack_tile: np.ndarray
    stack_dir: np.ndarray
    stack_height: np.ndarray
    sea_queue: np.ndarray
    levels: np.ndarray
    node_tile: np.ndarray
    node_parent: np.ndarray
    node_cost: np.ndarray
    node_estimate: np.ndarray
    node_closed: np.ndarray
    node_heap_pos: np.ndarray
    node_slot: np.ndarray
    heap: np.ndarray
    hash_table: np.ndarray
    path: np.ndarray


class Params(NamedTuple):
    """The map, the settings and the river being made (``P``)."""
    size_x: int
    size_y: int
    n: int                  # size_x * size_y
    log_x: int
    freeform: int           # freeform_edges (0 or 1)
    height_limit: int
    landscape: int          # 0 temperate, 1 arctic, 2 tropic, 3 toyland
    tree_placer: int
    route_random: int
    sea_threshold: int      # a smaller sea is filled in
    max_nodes: int          # the route search's limit of closed nodes
    min_length: int         # min_river_length
    river: int              # the id the river being made gives its tiles


class Counts(NamedTuple):
    """What the run did (``C``), each a one-element int64 array the kernels
    add to: terraform calls of sea filling and widening and those that
    succeeded, the segments built and tiles widened, and the work done
    (springs found, flow searches and the tiles they dequeued, route
    searches and the nodes they closed, sea searches and their tiles).
    Only the kernels that count take it: the hot ones (terraforming, the
    tile helpers) take the lean :class:`Params` alone."""
    sea_fill_calls: np.ndarray
    sea_fill_ok: np.ndarray
    widen_calls: np.ndarray
    widen_ok: np.ndarray
    segments: np.ndarray
    widened: np.ndarray
    springs: np.ndarray
    flow_searches: np.ndarray
    flow_tiles: np.ndarray
    route_searches: np.ndarray
    route_nodes_closed: np.ndarray
    sea_searches: np.ndarray
    sea_tiles: np.ndarray


def scratch(sea_threshold: int) -> Scratch:
    """The work arrays, uninitialised (every kernel writes an entry before
    it reads it) but for the hash table, which must start empty (the route
    search empties what it filled); zeroing 7 MB cost a small map 1 ms."""
    sizes = [MODEL_CAP] * 5 + [4 * sea_threshold + 16, LEVEL_CAP] + [NODE_CAP] * 7 \
        + [NODE_CAP + 2, 1 << HASH_BITS, NODE_CAP]
    hash_at = Scratch._fields.index("hash_table")
    return Scratch(*(np.zeros(m, np.int32) if i == hash_at else np.empty(m, np.int32)
                     for i, m in enumerate(sizes)))


def params(size_x: int, size_y: int, freeform: bool = True, height_limit: int = 0,
           landscape: int = 0, tree_placer: int = 0, route_random: int = 1,
           sea_threshold: int = 0, min_length: int = 0) -> Params:
    """Power-of-two sides (as the game's maps); river 0."""
    log_x = int(size_x).bit_length() - 1
    if 1 << log_x != size_x:
        raise ValueError(f"map width {size_x} is not a power of two")
    return Params(int(size_x), int(size_y), int(size_x) * int(size_y), log_x,
                  1 if freeform else 0, int(height_limit), int(landscape), int(tree_placer),
                  int(route_random), int(sea_threshold), MAX_NODES, int(min_length), 0)


def counts() -> Counts:
    """Every counter at 0."""
    return Counts(*(np.zeros(1, np.int64) for _ in Counts._fields))


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
def corners(h, lx, sy, t):
    """(N, W, E, S) corner heights of tile t (map width ``1 << lx``); the
    far corners of the last row and column clamp to the map (GetTileSlopeZ)."""
    sx = 1 << lx
    y = t >> lx
    x = t & (sx - 1)
    x2 = x + 1 if x + 1 < sx else sx - 1
    y2 = y + 1 if y + 1 < sy else sy - 1
    return (np.int64(h[t]), np.int64(h[y * sx + x2]), np.int64(h[y2 * sx + x]),
            np.int64(h[y2 * sx + x2]))


@njit(**INLINE)
def slope_z(h, lx, sy, t):
    """GetTileSlopeZ: (slope, lowest corner)."""
    n, w, e, s = corners(h, lx, sy, t)
    return corner_slope(n, w, e, s)


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
def manhattan(lx, a, b):
    m = (1 << lx) - 1
    return abs((a & m) - (b & m)) + abs((a >> lx) - (b >> lx))


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
def spiral_tile(lx, sy, centre, dx, dy):
    """The tile of a spiral offset, or -1 off the map (negatives wrap)."""
    sx = 1 << lx
    x = (centre & (sx - 1)) + dx
    y = (centre >> lx) + dy
    if x < 0 or x >= sx or y < 0 or y >= sy:
        return -1
    return (y << lx) + x


@njit(**INLINE)
def make_river(T, rid, rng, P, t, sp_dx, sp_dy):
    """MakeRiverAndModifyDesertZoneAround: the tile becomes river water with
    one Random() as its random bits; desert zone within the diameter-5
    spiral around it becomes normal."""
    r = rand(rng)
    T.kind[t] = K_RIVER
    T.random_bits[t] = r & 0xFF
    T.ground[t] = 0
    T.density[t] = 0
    T.counter[t] = 0
    T.snow[t] = 0
    T.tree_type[t] = 0
    T.tree_count[t] = 0
    T.tree_growth[t] = 0
    T.nonflood[t] = 0
    rid[t] = P.river
    lx = P.log_x
    sy = P.size_y
    tr = T.tropic
    for i in range(sp_dx.shape[0]):
        u = spiral_tile(lx, sy, t, sp_dx[i], sp_dy[i])
        if u >= 0 and tr[u] == Z_DESERT:
            tr[u] = Z_NORMAL


def spring_blocks(size_x: int, size_y: int) -> int:
    """The length of ``T.spring_any``."""
    c = (1 << SPRING_BLOCK_BITS) - 1
    return ((size_x + c) >> SPRING_BLOCK_BITS) * ((size_y + c) >> SPRING_BLOCK_BITS)


@njit(**INLINE)
def spring_block(lx, x, y):
    """The entry of ``T.spring_any`` holding tile (x, y)."""
    cw = ((1 << lx) + (1 << SPRING_BLOCK_BITS) - 1) >> SPRING_BLOCK_BITS
    return (y >> SPRING_BLOCK_BITS) * cw + (x >> SPRING_BLOCK_BITS)


@njit(**INLINE)
def _spring_unknown(spring, spring_any, lx, t):
    spring[t] = SPRING_UNKNOWN
    sx = 1 << lx
    spring_any[spring_block(lx, t & (sx - 1), t >> lx)] = 1


@njit(**INLINE)
def spring_corner_changed(spring, spring_any, h, lx, sy, c, old, new):
    """Corner ``c`` goes from height ``old`` to ``new`` (called before the
    height changes or after; the tiles whose own corner changes are the
    first kind below): the tiles whose FindSpring height tests it may
    change become SPRING_UNKNOWN.  Those are the tiles it touches or that
    touch one of its tiles (x and y from 2 before to 1 after: their
    flatness, their height, their 3x3 block), and, within the 33x33 blocks
    that hold it (x and y from 17 before to 16 after), raised: those that
    pass and lie more than 2 levels below ``new``; lowered: those that fail
    and lie more than 2 levels below ``old`` but not below ``new``."""
    sx = 1 << lx
    cx = c & (sx - 1)
    cy = c >> lx
    for y in range(max(cy - 2, 0), min(cy + 1, sy - 1) + 1):
        for x in range(max(cx - 2, 0), min(cx + 1, sx - 1) + 1):
            _spring_unknown(spring, spring_any, lx, (y << lx) + x)
    if new > old:
        if new < 3:
            return   # (no tile lies more than 2 levels below)
        want, lo, hi = SPRING_PASSES, 0, new - 3
    else:
        want, lo, hi = SPRING_FAILS, new - 2, old - 3
        if hi < lo:
            return
    for y in range(max(cy - SPRING_REACH, 0), min(cy + SPRING_REACH - 1, sy - 1) + 1):
        row = y << lx
        for x in range(max(cx - SPRING_REACH, 0), min(cx + SPRING_REACH - 1, sx - 1) + 1):
            t = row + x
            if spring[t] == want and lo <= np.int64(h[t]) <= hi:
                _spring_unknown(spring, spring_any, lx, t)


@njit(**JIT)
def _row_slopes(nn, ww, ee, ss, sl, zz, m):
    """:func:`slope_z` of m tiles of a row from their corners' rows (views
    from the tile on: indices from 0, without branches, vectorised)."""
    for i in range(m):
        n = nn[i]
        w = ww[i]
        e = ee[i]
        s = ss[i]
        z = min(min(n, w), min(e, s))
        top = max(max(n, w), max(e, s))
        sl[i] = ((n != z) * 8) | ((w != z) * 1) | ((e != z) * 4) | ((s != z) * 2) \
            | ((top - z == 2) * 16)
        zz[i] = z


@njit(**JIT)
def slopes(h, lx, sy, sl, zz):
    """Every tile's slope and lowest corner into ``sl`` and ``zz``
    (:func:`slope_z`, a row at a time; the last column's clamped)."""
    sx = 1 << lx
    for y in range(sy):
        r0 = y * sx
        r1 = min(y + 1, sy - 1) * sx
        _row_slopes(h[r0:], h[r0 + 1:], h[r1:], h[r1 + 1:], sl[r0:], zz[r0:], sx - 1)
        t = r0 + sx - 1
        a, b = slope_z(h, lx, sy, t)
        sl[t] = a
        zz[t] = b


@njit(**INLINE)
def sz(sl, zz, t):
    """The tile's (slope, lowest corner) from the tables."""
    return np.int64(sl[t]), np.int64(zz[t])


@njit(**INLINE)
def flat(sl, t):
    return sl[t] == 0


@njit(**INLINE)
def mz(sl, zz, t):
    """GetTileMaxZ from the tables."""
    s = sl[t]
    return np.int64(zz[t]) + (2 if s & 16 else (1 if s != 0 else 0))


@njit(**INLINE)
def flows_sz(sa, za, sb, zb):
    """RiverFlowsDown from (slope, lowest corner) sa, za to sb, zb.  (Hot
    loops use this scalar form: numba's inlining binds array arguments with
    atomic reference counts.)"""
    if sb != 0 and not is_inclined(sb):
        return False
    if zb > za:
        return False
    if sb == sa and zb < za:
        return True
    return sb == 0 or sa == 0


@njit(**INLINE)
def flows_down(h, lx, sy, a, b):
    """RiverFlowsDown(a, b) for 4-neighbours a -> b."""
    sb, zb = slope_z(h, lx, sy, b)
    if sb != 0 and not is_inclined(sb):
        return False
    sa, za = slope_z(h, lx, sy, a)
    if zb > za:
        return False
    if sb == sa and zb < za:
        return True
    return sb == 0 or sa == 0
