"""The tile loops compiled (numba): the same visits as :mod:`.land`,
:mod:`.town` and :mod:`.industry`, on the map's byte arrays.  A visit the
kernel leaves to the Python loops (the sea flooding a house, a land
industry, a lighthouse or transmitter or a bridge's ramp; road works; a
town rebuilding its roads or a house) stops it: :data:`pos` then says where
(the run, the visit in it, the tile), the Randomizer's state is written
back, and :func:`.loop.run_tile_loops` makes that one visit in Python on
the same arrays and calls the kernel again to go on from the next visit.
The kernel also stops between two runs once the cancel flag is set."""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from ....jit import njit
from ...game.map_kernels import get_fence, is_fields, set_fence
from ...kernel import DIR_DX, DIR_DY, FLOOD_FROM_DIRS, INLINE, JIT, _next, corner_slope
from ..towns.house_specs import ANIMATED, SIZE_1X1, SIZE_1X2, SIZE_2X1, SIZE_2X2
from ..trees_kernel import plant_trees_on_tile

# tile types
T_CLEAR, T_ROAD, T_HOUSE, T_TREES, T_WATER, T_VOID, T_INDUSTRY, T_TUNNELBRIDGE = \
    0, 2, 3, 4, 6, 7, 8, 9
T_STATION, T_OBJECT = 5, 10
# house flag bits (see house_flag_bits)
HF_1X1, HF_2X1, HF_1X2, HF_2X2, HF_ANIMATED = 1, 2, 4, 8, 16

# what tile_loops returns
DONE, PYTHON_VISIT, STOPPED = 0, 1, 2
# why a visit goes to Python (pos[POS_REASON])
FLOOD_HOUSE, FLOOD_INDUSTRY, FLOOD_OBJECT, FLOOD_BRIDGE, ROAD_WORKS, ROAD_REBUILD, \
    HOUSE_REBUILD = 1, 2, 3, 4, 5, 6, 7
REASONS = {FLOOD_HOUSE: "the sea floods a house", FLOOD_INDUSTRY: "the sea floods an industry",
           FLOOD_OBJECT: "the sea floods a lighthouse or transmitter",
           FLOOD_BRIDGE: "the sea floods a bridge's ramp", ROAD_WORKS: "road works",
           ROAD_REBUILD: "a town rebuilding its roads",
           HOUSE_REBUILD: "a growing town rebuilding a house"}
PREFETCH = 40
"""How many visits ahead the kernel asks for a tile's bytes ..."""
PREFETCH_FROM = 256 * 256
"""... on maps of more tiles than this."""
# pos: where the loops are (read on entry, written on leaving)
POS_RUN, POS_VISIT, POS_TILE, POS_AT, POS_REASON = 0, 1, 2, 3, 4
POS_SIZE = 5

TileBytes = namedtuple("TileBytes", "type height m1 m2 m3 m4 m5 m6 m7 m8")
"""The map's byte arrays (``GameMap``'s, shared, changed in place)."""
LoopSettings = namedtuple("LoopSettings", "size_x size_y landscape snow_line "
                          "extra_tree_placement town_cargogen_mode counter0 runs feedback")
"""What the visits read besides the map (ints): ``counter0`` the tick
counter on entering run 0 of ``runs``; ``feedback`` the LFSR's."""
TownArrays = namedtuple("TownArrays", "slot xy radius fund_buildings_months road_build_months "
                        "flags population")
"""The towns in index order: ``slot[town index]`` the row (-1: none), the
centre tile, the five squared zone radii, the fields the loops read and the
population they add to (the kernel's own copy, given back after)."""
HouseArrays = namedtuple("HouseArrays", "bits population")
"""Per house id: :func:`house_flag_bits` and the population."""

_DIAG_DX = np.array([-1, 0, 1, 0], np.int64)
_DIAG_DY = np.array([0, 1, 0, -1], np.int64)
_ROAD_TYPES = np.array([[1, 1], [2, 2], [2, 2], [5, 5], [3, 2]], np.int64)
_ROAD_TYPES_TOYLAND = np.array([[1, 1], [2, 2], [3, 2], [3, 2], [3, 2]], np.int64)
_ROAD_LEVELLED_REFUSED = np.array([0, 12, 9, 8, 3, 0, 1, 0, 6, 4, 0, 0, 2, 0, 0], np.int64)


_prefetch = None
"""``llvm.prefetch`` (:mod:`.prefetch`, bound by :func:`__materialize__`:
numba's intrinsics need numba at import, and the compiled module's run of
these kernels imports none)."""


def __materialize__() -> None:
    """Bind :data:`_prefetch` before the kernels become numba's
    (:func:`viewer.engine.jit.materialize`)."""
    global _prefetch
    from .prefetch import prefetch as _prefetch


def house_flag_bits(flags: int) -> int:
    """A house's building flags (:mod:`..towns.house_specs`' bits) as the
    kernel's bits."""
    return ((HF_1X1 if flags & SIZE_1X1 else 0) | (HF_2X1 if flags & SIZE_2X1 else 0)
            | (HF_1X2 if flags & SIZE_1X2 else 0) | (HF_2X2 if flags & SIZE_2X2 else 0)
            | (HF_ANIMATED if flags & ANIMATED else 0))


@njit(**INLINE)
def _corners(height, lx, sy, t):
    """The heights of tile ``t``'s N, W, E, S corners (the last row and
    column read their own); the map is 2^``lx`` tiles wide."""
    sx = 1 << lx
    x = t & (sx - 1)
    y = t >> lx
    x2 = min(x + 1, sx - 1)
    y2 = min(y + 1, sy - 1)
    return (np.int64(height[t]), np.int64(height[y * sx + x2]),
            np.int64(height[y2 * sx + x]), np.int64(height[y2 * sx + x2]))


@njit(**INLINE)
def _slope_z(height, lx, sy, t):
    hn, hw, he, hs = _corners(height, lx, sy, t)
    return corner_slope(hn, hw, he, hs)


@njit(**INLINE)
def _max_z(height, lx, sy, t):
    hn, hw, he, hs = _corners(height, lx, sy, t)
    return max(max(hn, hw), max(he, hs))


@njit(**INLINE)
def _one_corner(s):
    return s == 1 or s == 2 or s == 4 or s == 8


@njit(**INLINE)
def _valid(typ, n, t):
    return 0 <= t < n and (typ[t] >> 4) != T_VOID


@njit(**INLINE)
def _make_clear(typ, m1, m2, m3, m4, m5, m6, m7, m8, t, ground, density):
    typ[t] = (typ[t] & 0x0F) | (T_CLEAR << 4)
    m1[t] = 0x10
    m2[t] = 0
    m3[t] = 0
    m4[t] = 0
    m5[t] = (ground << 2) | density
    m6[t] = 0
    m7[t] = 0
    m8[t] = 0


@njit(**INLINE)
def _clear_nonflood_around(typ, m3, sx, n, t):
    for d in range(8):
        u = t + DIR_DY[d] * sx + DIR_DX[d]
        if _valid(typ, n, u) and (typ[u] >> 4) == T_WATER:
            m3[u] = m3[u] & 0xFE


@njit(**INLINE)
def _make_shore(typ, m1, m2, m3, m4, m5, m6, m7, m8, t, coast):
    typ[t] = (typ[t] & 0x0F) | (T_WATER << 4)
    m1[t] = 0x11
    m2[t] = 0
    m3[t] = 0
    m4[t] = 0
    m5[t] = 0x10 if coast else 0
    m6[t] = m6[t] & 0x03
    m7[t] = 0
    m8[t] = 0


@njit(**INLINE)
def _set_tree_ground(m1, m2, t, ground, density):
    m2[t] = (m2[t] & 0xFE0F) | (ground << 6) | (density << 4)
    wc = 0 if ground == 3 else 3
    m1[t] = (m1[t] & 0x9F) | (wc << 5)


@njit(**INLINE)
def _make_snow(m3, m5, t, density):
    m3[t] = m3[t] | 0x10
    if ((m5[t] >> 2) & 7) == 3:
        m5[t] = density
    else:
        m5[t] = (m5[t] & 0xFC) | density


@njit(**INLINE)
def _can_plant(typ, height, m5, lx, sy, t, allow_desert):
    tt = typ[t] >> 4
    bridge = (typ[t] >> 2) & 3
    if tt == T_WATER:
        if bridge != 0 or (m5[t] >> 4) != 1:
            return False
        s, _z = _slope_z(height, lx, sy, t)
        return not _one_corner(s)
    if tt == T_CLEAR:
        g = (m5[t] >> 2) & 7
        return bridge == 0 and g != 3 and g != 2 and (allow_desert or g != 5)
    return False


@njit(**INLINE)
def _foundation_slope(typ, height, m3, m5, lx, sy, t):
    s, z = _slope_z(height, lx, sy, t)
    tt = typ[t] >> 4
    levelled = False
    if tt == T_HOUSE or tt == T_INDUSTRY or tt == T_OBJECT:
        levelled = s != 0
    elif tt == T_ROAD:
        kind = m5[t] >> 6
        if kind == 2:
            levelled = s != 0
        elif kind == 0:
            bits = (m5[t] & 0xF) | (m3[t] & 0xF)
            if s != 0 and bits != 0:
                s1 = s
                if s1 & 0x10:
                    if s1 == 0x1B:
                        s1 = 1
                    elif s1 == 0x17:
                        s1 = 2
                    elif s1 == 0x1E:
                        s1 = 4
                    else:
                        s1 = 8
                levelled = (_ROAD_LEVELLED_REFUSED[s1] & bits) == 0
    if levelled:
        return 0, z + 1 + (1 if s & 0x10 else 0)
    return s, z


@njit(**INLINE)
def _flood_behaviour(typ, height, m1, m2, m5, lx, sy, t):
    """0 none, 1 active, 3 dry up."""
    tt = typ[t] >> 4
    if tt == T_WATER:
        if (m5[t] >> 4) == 1:
            s, _z = _slope_z(height, lx, sy, t)
            return 1 if _one_corner(s) else 3
        return 1 if ((m1[t] >> 5) & 3) == 0 else 0
    if tt == T_STATION or tt == T_INDUSTRY or tt == T_OBJECT:
        return 1 if ((m1[t] >> 5) & 3) == 0 else 0
    if tt == T_TREES:
        return 3 if ((m2[t] >> 6) & 7) == 3 else 0
    if tt == T_VOID:
        return 1
    return 0


@njit(**INLINE)
def _flood_target(b, lx, sy, u, industry_on_water):
    """What ``DoFloodTile`` does to neighbour ``u`` (its lowest corner at
    sea level, its slope open to the sea's side): 1 shore trees, 2 shore,
    3 sea, 0 nothing, or -reason where the Python loop does it."""
    typ, m5 = b.type, b.m5
    tu = typ[u] >> 4
    tileh, _z = _slope_z(b.height, lx, sy, u)
    if tileh != 0:
        if tu == T_TREES and not _one_corner(tileh):
            return 1
        if tu == T_CLEAR or tu == T_TREES:
            return 2
        return 0                                    # sloped roads, tunnels, bridges: nothing
    if tu == T_CLEAR or tu == T_TREES or (tu == T_ROAD and (m5[u] >> 6) == 0):
        return 3
    if tu == T_HOUSE:
        return -FLOOD_HOUSE
    if tu == T_INDUSTRY:
        i = b.m2[u]
        if i < industry_on_water.shape[0] and industry_on_water[i]:
            return 0                                # an oil rig: the water cannot clear it
        return -FLOOD_INDUSTRY
    if tu == T_OBJECT:
        return -FLOOD_OBJECT
    if tu == T_TUNNELBRIDGE and (m5[u] & 0x80):
        return -FLOOD_BRIDGE
    return 0


@njit(**INLINE)
def _water(b, lx, sy, t, industry_on_water):
    """TileLoop_Water (also the void's, shore trees' and an industry's on
    water); 0, or the reason (nothing changed) where a neighbour it floods
    is left to the Python loop."""
    typ, height, m1, m2, m3, m5, m6 = b.type, b.height, b.m1, b.m2, b.m3, b.m5, b.m6
    sx = 1 << lx
    n = sx * sy
    tt = typ[t] >> 4
    if tt == T_WATER and (m3[t] & 1):
        return 0
    beh = _flood_behaviour(typ, height, m1, m2, m5, lx, sy, t)
    x = t & (sx - 1)
    y = t >> lx
    if beh == 1:
        go_on = False
        what = 0                            # 2 bits a neighbour: what it becomes (decided first:
        for d in range(8):                  # the visit goes to Python before changing anything)
            nx = x + DIR_DX[d]
            ny = y + DIR_DY[d]
            if nx < 0 or nx >= sx or ny < 0 or ny >= sy:
                continue
            u = (ny << lx) + nx
            tu = typ[u] >> 4
            if tu == T_WATER or tu == T_VOID:
                continue
            go_on = True
            if tu == T_TREES and ((m2[u] >> 6) & 7) == 3:
                continue
            hn, hw, he, hs = _corners(height, lx, sy, u)
            if min(min(hn, hw), min(he, hs)) > 0:
                continue                            # a foundation only raises it
            s, z = _foundation_slope(typ, height, m3, m5, lx, sy, u)
            if z > 0:
                continue
            if ((FLOOD_FROM_DIRS[s & 15] >> ((d + 4) & 7)) & 1) == 0:
                continue
            w = _flood_target(b, lx, sy, u, industry_on_water)
            if w < 0:
                return -w
            what |= w << (2 * d)
        for d in range(8):
            w = (what >> (2 * d)) & 3
            if w == 0:
                continue
            u = (y + DIR_DY[d]) * sx + x + DIR_DX[d]
            if w == 1:
                _set_tree_ground(m1, m2, u, 3, 3)
            else:
                _clear_nonflood_around(typ, m3, sx, n, u)
                m6[u] = 0                                   # DoClearSquare first
                _make_shore(typ, m1, m2, m3, b.m4, m5, m6, b.m7, b.m8, u, w == 2)
        if not go_on and tt == T_WATER:
            m3[t] = m3[t] | 1
    elif beh == 3:
        s, _z = _foundation_slope(typ, height, m3, m5, lx, sy, t)
        dirs = FLOOD_FROM_DIRS[s & 15]
        for d in range(8):
            if ((dirs >> d) & 1) == 0:
                continue
            nx = x + DIR_DX[d]
            ny = y + DIR_DY[d]
            if nx < 0 or nx >= sx or ny < 0 or ny >= sy:
                continue
            if _flood_behaviour(typ, height, m1, m2, m5, lx, sy, ny * sx + nx) == 1:
                return 0
        if tt == T_TREES:
            _set_tree_ground(m1, m2, t, 0, 3)
        else:
            _clear_nonflood_around(typ, m3, sx, n, t)
            _make_clear(typ, m1, m2, m3, b.m4, m5, m6, b.m7, b.m8, t, 0, 3)
    return 0


@njit(**INLINE)
def _leave(pos, rng, s0, s1, calls, run, visit, tile, at, reason):
    pos[POS_RUN] = run
    pos[POS_VISIT] = visit
    pos[POS_TILE] = tile
    pos[POS_AT] = at
    pos[POS_REASON] = reason
    rng[0] = s0
    rng[1] = s1
    rng[2] += calls


@njit(**JIT)
def tile_loops(b, cfg, towns, houses, industry_on_water, rng, pos, marks, flag):
    """RunTileLoop calls ``pos[POS_RUN]`` .. ``cfg.runs - 1`` (tick counter
    ``cfg.counter0`` + run), from visit ``pos[POS_VISIT]`` of the first and
    LFSR tile ``pos[POS_TILE]``, on :class:`TileBytes` ``b``;
    ``marks[run]`` the Randomizer's words on entering a run.  Returns
    DONE, STOPPED (``flag[0]`` set: before run ``pos[POS_RUN]``) or
    PYTHON_VISIT: visit ``pos[POS_VISIT]`` of run ``pos[POS_RUN]`` (tile
    ``pos[POS_AT]``, for ``pos[POS_REASON]``) is the Python loop's, nothing
    of it done; ``pos[POS_TILE]`` the LFSR's next tile."""
    typ, height, m1, m2, m3, m4, m5, m6, m7, m8 = \
        b.type, b.height, b.m1, b.m2, b.m3, b.m4, b.m5, b.m6, b.m7, b.m8
    sx = cfg.size_x
    sy = cfg.size_y
    lx = 0
    while (1 << lx) < sx:
        lx += 1
    landscape = cfg.landscape
    snow_line = cfg.snow_line
    etp = cfg.extra_tree_placement
    cargogen = cfg.town_cargogen_mode
    feedback = cfg.feedback
    town_slot, town_xy, town_radius = towns.slot, towns.xy, towns.radius
    town_fund, town_road_build = towns.fund_buildings_months, towns.road_build_months
    town_flags, town_population = towns.flags, towns.population
    house_bits, house_population = houses.bits, houses.population
    n = sx * sy
    log_sum = 0
    while (1 << log_sum) < n:
        log_sum += 1
    per_run = 1 << (log_sum - 8)
    s0 = rng[0]
    s1 = rng[1]
    calls = 0
    run = pos[POS_RUN]
    first = pos[POS_VISIT]
    tile = pos[POS_TILE]
    big = n > PREFETCH_FROM         # smaller maps stay in the processor's cache
    ahead = tile                    # the LFSR's tile PREFETCH visits on: asked into the cache
    for _ in range(PREFETCH):
        ahead = (ahead >> 1) ^ (feedback if (ahead & 1) else 0)
    n_towns = town_xy.shape[0]
    while run < cfg.runs:
        if first == 0:
            if flag[0] != 0:
                _leave(pos, rng, s0, s1, calls, run, 0, tile, -1, 0)
                return STOPPED
            marks[run, 0] = s0
            marks[run, 1] = s1
        counter = cfg.counter0 + run
        for v in range(first, per_run):
            if v == 0 and counter % 256 == 0:
                t = 0
            else:
                t = tile
                tile = (tile >> 1) ^ (feedback if (tile & 1) else 0)
                if big:
                    _prefetch(typ, ahead)
                    _prefetch(m5, ahead)
                    _prefetch(m3, ahead)
                    _prefetch(m2, ahead)
                    _prefetch(m1, ahead)
                    _prefetch(height, ahead)
                    ahead = (ahead >> 1) ^ (feedback if (ahead & 1) else 0)
            tt = typ[t] >> 4
            x = t & (sx - 1)
            y = t >> lx
            if tt == T_CLEAR:
                if landscape == 2:
                    current = (m5[t] & 3) if ((m5[t] >> 2) & 7) == 5 else 0
                    expected = 0
                    if (typ[t] & 3) == 1:
                        expected = 3
                        for d in range(4):
                            u = t + _DIAG_DY[d] * sx + _DIAG_DX[d]
                            if not _valid(typ, n, u):
                                continue
                            if (typ[u] & 3) != 1:
                                expected = 1
                                break
                            tu = typ[u] >> 4
                            if (tu == T_WATER or tu == T_STATION or tu == T_INDUSTRY
                                    or tu == T_OBJECT or tu == T_TREES) and ((m1[u] >> 5) & 3) == 0:
                                expected = 1
                                break
                    if current != expected:
                        if expected == 0:
                            m5[t] = (0 << 2) | 3
                        else:
                            m5[t] = (5 << 2) | expected
                elif landscape == 1:
                    _s, z = _slope_z(height, lx, sy, t)
                    k = z - snow_line + 1
                    if (m3[t] & 0x10) == 0:
                        if k >= 0:
                            _make_snow(m3, m5, t, 0)
                    else:
                        cur = m5[t] & 3
                        req = 0 if k < 0 else min(k, 3)
                        if cur == req:
                            if k < 0:
                                m3[t] = m3[t] & 0xEF
                                m5[t] = (m5[t] & 0xFC) | 3
                        elif cur < req:
                            m5[t] = m5[t] + 1
                        else:
                            m5[t] = m5[t] - 1
                if m3[t] & 0x10:
                    continue
                g = (m5[t] >> 2) & 7
                if g == 0:
                    if (m5[t] & 3) == 3:
                        continue
                    if (m5[t] >> 5) < 7:
                        m5[t] = m5[t] + 32
                    else:
                        m5[t] = (m5[t] & 0x1F) + 1
                elif g == 3:
                    for d in range(4):
                        if get_fence(m3, m4, m6, t, d) != 0:
                            continue
                        u = t + _DIAG_DY[d] * sx + _DIAG_DX[d]
                        if is_fields(typ, m5, u):
                            continue
                        set_fence(m3, m4, m6, t, d, 3)
                    if (m5[t] >> 5) < 7:
                        m5[t] = m5[t] + 32
                        continue
                    m5[t] = m5[t] & 0x1F
                    ft = m3[t] & 0xF
                    if m2[t] == 0xFFFF and ft >= 7:
                        _make_clear(typ, m1, m2, m3, m4, m5, m6, m7, m8, t, 0, 2)
                    else:
                        m3[t] = (m3[t] & 0xF0) | (ft + 1 if ft < 8 else 0)
            elif tt == T_TREES:
                ground = (m2[t] >> 6) & 7
                if ground == 3:
                    why = _water(b, lx, sy, t, industry_on_water)
                    if why:
                        _leave(pos, rng, s0, s1, calls, run, v, tile, t, why)
                        return PYTHON_VISIT
                elif landscape == 2:
                    zone = typ[t] & 3
                    if zone == 1:
                        if ground != 2:
                            _set_tree_ground(m1, m2, t, 2, 3)
                    elif zone == 2:
                        s0, s1, _r = _next(s0, s1)
                        calls += 1
                elif landscape == 1:
                    _s, z = _slope_z(height, lx, sy, t)
                    k = z - snow_line + 1
                    if k < 0:
                        if ground == 2:
                            _set_tree_ground(m1, m2, t, 0, 3)
                        elif ground == 4:
                            _set_tree_ground(m1, m2, t, 1, 3)
                    else:
                        dens = min(k, 3)
                        if ground != 2 and ground != 4:
                            _set_tree_ground(m1, m2, t, 4 if ground == 1 else 2, dens)
                        elif ((m2[t] >> 4) & 3) != dens:
                            _set_tree_ground(m1, m2, t, ground, dens)
                        elif dens == 3:
                            s0, s1, _r = _next(s0, s1)
                            calls += 1
                cycle = (11 * x + 9 * y + (counter >> 8)) & 0xFFFFFFFF
                if (cycle & 7) == 7 and ((m2[t] >> 6) & 7) == 0:
                    dens = (m2[t] >> 4) & 3
                    if dens < 3:
                        _set_tree_ground(m1, m2, t, 0, dens + 1)
                if etp == 3 or cycle % 16 != 15:
                    continue
                # can the trees here spread?
                zone = typ[t] & 3
                if landscape == 2 and zone == 1:
                    spread = False
                elif landscape == 2 and zone == 2:
                    spread = etp == 2 or etp == 1
                else:
                    spread = etp == 2
                growth = m5[t] & 7
                if growth == 3:
                    if landscape == 2 and m3[t] != 0x1B and zone == 1:
                        m5[t] = m5[t] + 1
                        continue
                    s0, s1, r = _next(s0, s1)
                    calls += 1
                    r &= 7
                    if r == 0:
                        m5[t] = m5[t] + 1
                        continue
                    if r == 1 and (m5[t] >> 6) < 3 and spread:
                        m5[t] = (m5[t] + 64) & 0xF8
                        continue
                    if r > 2 or not spread:
                        continue
                    tree_type = m3[t]
                    s0, s1, r = _next(s0, s1)
                    calls += 1
                    d = r % 8
                    u = t + DIR_DY[d] * sx + DIR_DX[d]
                    if u < 0 or u >= n or not _can_plant(typ, height, m5, lx, sy, u, False):
                        continue
                    tu = typ[u] >> 4
                    if tu == T_CLEAR and ((m5[u] >> 2) & 7) == 0 and (m3[u] & 0x10) == 0 \
                            and (m5[u] & 3) != 3:
                        continue
                    plant_trees_on_tile(typ, m1, m2, m3, m4, m5, m6, m7, m8, sx, n, u,
                                        tree_type, 0, 0)           # one, Growing1
                elif growth == 6:
                    if not spread:
                        m5[t] = m5[t] & 0xF8
                    elif (m5[t] >> 6) > 0:
                        m5[t] = ((m5[t] - 64) & 0xF8) | 3
                    else:
                        g = (m2[t] >> 6) & 7
                        dens = (m2[t] >> 4) & 3
                        if g == 3:
                            _make_shore(typ, m1, m2, m3, m4, m5, m6, m7, m8, t, True)
                        elif g == 0:
                            _make_clear(typ, m1, m2, m3, m4, m5, m6, m7, m8, t, 0, dens)
                        elif g == 1:
                            _make_clear(typ, m1, m2, m3, m4, m5, m6, m7, m8, t, 1, 3)
                        elif g == 4:
                            _make_clear(typ, m1, m2, m3, m4, m5, m6, m7, m8, t, 1, 3)
                            _make_snow(m3, m5, t, dens)
                        elif landscape == 2:
                            _make_clear(typ, m1, m2, m3, m4, m5, m6, m7, m8, t, 5, dens)
                        else:
                            _make_clear(typ, m1, m2, m3, m4, m5, m6, m7, m8, t, 0, 3)
                            _make_snow(m3, m5, t, dens)
                else:
                    m5[t] = m5[t] + 1
            elif tt == T_WATER or tt == T_VOID:
                if tt == T_WATER and (m3[t] & 1):
                    continue                                # not flooding
                why = _water(b, lx, sy, t, industry_on_water)
                if why:
                    _leave(pos, rng, s0, s1, calls, run, v, tile, t, why)
                    return PYTHON_VISIT
            elif tt == T_ROAD:
                cur = (m6[t] >> 3) & 7
                slot = -1
                # the Python loop's first: road works and a town rebuilding its roads
                # (neither at world generation: only a company funds them)
                if (m5[t] >> 6) != 2:
                    tid = m2[t]
                    if tid < town_slot.shape[0]:
                        slot = town_slot[tid]
                    if slot < 0:
                        best = -1
                        for i in range(n_towns):
                            tx = town_xy[i] & (sx - 1)
                            ty = town_xy[i] >> lx
                            dd = abs(tx - x) + abs(ty - y)
                            if best < 0 or dd < best:
                                best = dd
                                slot = i
                    why = 0
                    if cur >= 6:
                        why = ROAD_WORKS
                    elif slot >= 0 and town_road_build[slot] != 0:
                        why = ROAD_REBUILD
                    if why:
                        _leave(pos, rng, s0, s1, calls, run, v, tile, t, why)
                        return PYTHON_VISIT
                if landscape == 1:
                    s, _z = _foundation_slope(typ, height, m3, m5, lx, sy, t)
                    if s == 0:
                        tz = _max_z(height, lx, sy, t)
                    else:
                        _s2, tz = _slope_z(height, lx, sy, t)
                    if ((m7[t] & 0x20) != 0) != (tz > snow_line):
                        m7[t] = m7[t] ^ 0x20
                elif landscape == 2:
                    if (typ[t] & 3) == 1 and (m7[t] & 0x20) == 0:
                        m7[t] = m7[t] ^ 0x20
                if (m5[t] >> 6) == 2:
                    continue
                grp = 0
                if slot >= 0:
                    tx = town_xy[slot] & (sx - 1)
                    ty = town_xy[slot] >> lx
                    dist = (tx - x) * (tx - x) + (ty - y) * (ty - y)
                    if town_fund[slot] != 0 and dist <= 25:
                        grp = 4
                    else:
                        for i in range(5):
                            if dist < town_radius[slot, i]:
                                grp = i
                if landscape == 3:
                    want0 = _ROAD_TYPES_TOYLAND[grp, 0]
                    want1 = _ROAD_TYPES_TOYLAND[grp, 1]
                else:
                    want0 = _ROAD_TYPES[grp, 0]
                    want1 = _ROAD_TYPES[grp, 1]
                if cur == want0:
                    continue
                if cur == want1:
                    cur = want0
                elif cur == 0:
                    cur = want1
                else:
                    cur = 0
                m6[t] = (m6[t] & 0xC7) | (cur << 3)
            elif tt == T_HOUSE:
                house = m8[t] & 0xFFF
                bits = house_bits[house]
                if (m3[t] & 0x80) == 0:
                    for part in range(4):
                        if part == 0:
                            ok = (bits & (HF_1X1 | HF_2X1 | HF_1X2 | HF_2X2)) != 0
                            u = t
                        elif part == 1:
                            ok = (bits & (HF_1X2 | HF_2X2)) != 0
                            u = t + sx
                        elif part == 2:
                            ok = (bits & (HF_2X1 | HF_2X2)) != 0
                            u = t + 1
                        else:
                            ok = (bits & HF_2X2) != 0
                            u = t + sx + 1
                        if not ok:
                            continue
                        v5 = (m5[u] & 0xE0) | ((m5[u] + 1) & 0x1F)
                        m5[u] = v5
                        if ((v5 >> 3) & 3) == 3:
                            m3[u] = m3[u] | 0x80
                        done = (m3[u] & 0x80) != 0
                        if not done and (v5 & 7) != 0:
                            continue
                        if done:
                            town_population[town_slot[m2[u]]] += house_population[m8[u] & 0xFFF]
                            m5[u] = 0
                    continue
                if (bits & (HF_1X1 | HF_2X1 | HF_1X2 | HF_2X2)) and \
                        (town_flags[town_slot[m2[t]]] & 1):
                    _leave(pos, rng, s0, s1, calls, run, v, tile, t, HOUSE_REBUILD)
                    return PYTHON_VISIT
                if (bits & HF_ANIMATED) and (m7[t] & 1) == 0:
                    s0, s1, r = _next(s0, s1)
                    calls += 1
                    if (((r & 0xFFFF) * 2 + 1) >> 16) < 1:          # Chance16(1, 2)
                        m6[t] = m6[t] | 3
                s0, s1, _r = _next(s0, s1)
                calls += 1
                if cargogen == 0 or ((counter >> 8) & 3) == (t & 3):
                    s0, s1, _r = _next(s0, s1)
                    s0, s1, _r = _next(s0, s1)
                    calls += 2
            elif tt == T_TUNNELBRIDGE:
                snow = (m7[t] & 0x20) != 0
                if landscape == 1:
                    if m5[t] & 0x80:
                        z = _max_z(height, lx, sy, t)
                    else:
                        _s, z = _slope_z(height, lx, sy, t)
                    if snow != (z > snow_line):
                        m7[t] = m7[t] ^ 0x20
                elif landscape == 2:
                    if (typ[t] & 3) == 1 and not snow:
                        m7[t] = m7[t] | 0x20
            elif tt == T_INDUSTRY:
                if ((m1[t] >> 5) & 3) != 3:
                    why = _water(b, lx, sy, t, industry_on_water)
                    if why:
                        _leave(pos, rng, s0, s1, calls, run, v, tile, t, why)
                        return PYTHON_VISIT
                if (m1[t] & 0x80) == 0:
                    cnt = ((m1[t] >> 2) & 3) + 1
                    if cnt != 4:
                        m1[t] = (m1[t] & 0xF3) | (cnt << 2)
                        continue
                    stage = (m1[t] & 3) + 1
                    v1 = (m1[t] & 0xF0) | (stage & 3)
                    s0, s1, _r = _next(s0, s1)
                    calls += 1
                    if stage == 3:
                        v1 |= 0x80
                    m1[t] = v1
                    if stage != 3:
                        continue
                    gfx = m5[t] | (((m6[t] >> 2) & 1) << 8)
                    if gfx == 8:
                        s0, s1, _r = _next(s0, s1)
                        calls += 1
                    elif gfx == 143 or gfx == 162 or gfx == 165:
                        m7[t] = 0
                        m4[t] = 0
                    elif 148 <= gfx <= 155:
                        m6[t] = m6[t] | 3
                    continue
                s0, s1, _r = _next(s0, s1)
                calls += 1
                gfx = m5[t] | (((m6[t] >> 2) & 1) << 8)
                nxt = -1
                if gfx == 17:
                    nxt = 16
                elif gfx == 130:
                    nxt = 129
                elif gfx == 136:
                    nxt = 135
                if nxt >= 0:
                    m1[t] = m1[t] & 0x70
                    m5[t] = nxt & 0xFF
                    m6[t] = (m6[t] & 0xFB) | (((nxt >> 8) & 1) << 2)
                    continue
                quiet = (counter & 0x400) == 0
                if gfx == 0 or gfx == 47 or gfx == 79:
                    if quiet:
                        s0, s1, r = _next(s0, s1)
                        calls += 1
                        if (((r & 0xFFFF) * 2 + 1) >> 16) < 1:
                            m5[t] = 1 if gfx == 0 else (48 if gfx == 47 else 88)
                            m7[t] = 0x80
                            m6[t] = m6[t] | 3
                elif gfx == 29:
                    s0, s1, r = _next(s0, s1)
                    calls += 1
                    if (((r & 0xFFFF) * 6 + 3) >> 16) < 1:
                        m5[t] = 30
                        m7[t] = 0
                        m6[t] = m6[t] | 3
                elif gfx == 1 or gfx == 48 or gfx == 88:
                    if quiet:
                        m5[t] = 0 if gfx == 1 else (47 if gfx == 48 else 79)
                        m1[t] = m1[t] | 0x83
                        if (m6[t] & 3) == 3:
                            m6[t] = (m6[t] & 0xFC) | 1
                elif gfx == 10 or gfx == 174:
                    s0, s1, r = _next(s0, s1)
                    calls += 1
                    if (((r & 0xFFFF) * 3 + 1) >> 16) < 1:
                        m6[t] = m6[t] | 3
                elif gfx == 165:
                    m6[t] = m6[t] | 3
                elif gfx == 161:
                    s0, s1, _r = _next(s0, s1)
                    calls += 1
        run += 1
        first = 0
    _leave(pos, rng, s0, s1, calls, run, 0, tile, -1, 0)
    return DONE
