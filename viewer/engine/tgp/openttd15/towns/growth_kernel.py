"""GrowTown and what it calls (roads, bridges, tunnels, terraforming) as
numba kernels: the same rules and the same Random() stream as
:mod:`.growth`, :mod:`.roads`, :mod:`.bridges` and :mod:`.terraform` (the
readable reference the tests hold to the game), on the arrays of
:mod:`.houses_kernel`, whose TryBuildTownHouse they call.

What the kernels take besides the houses kernel's ``tiles``, ``ctx``,
``town``, ``counts``, ``specs``, ``rng``, ``trail`` and ``trail_len``:
``grow``, a record of :data:`GROW_DTYPE` (the construction settings and
prices growth reads).  The trail receives :data:`LABEL_GROW` on entering
GrowTown.

``grow_town_k(tiles, ctx, grow, town, counts, specs, rng, trail, trail_len,
modes) -> bool`` is GrowTown; :func:`grow_town_fast` runs it ``times``
times for a Python World and Town (DoCreateTown's growth in one call).
"""

from __future__ import annotations

import numpy as np

from viewer.engine.jit import CallSite, njit
from viewer.engine.tgp.game import World

from ...height_limit import world_height_limit
from ..prices import world_prices
from .houses_kernel import (
    TRAIL_LABELS,
    _chance16,
    _do_clear_square,
    _mark,
    _random,
    _random_range,
    _slope_z,
    _store_town,
    context,
    house_table,
    landscape_clear_k,
    tile_bytes,
    town_record,
    try_build_town_house_k,
)
from .town import Town

JIT = dict(nogil=True, cache=True)
INLINE = dict(nogil=True, cache=True, inline="always")

GROW_DTYPE = np.dtype([("build_on_slopes", np.int64), ("level_crossings", np.int64),
                       ("max_bridge_length", np.int64), ("max_bridge_height", np.int64),
                       ("max_tunnel_length", np.int64), ("height_limit", np.int64),
                       ("pr_terraform", np.int64), ("pr_clear_grass", np.int64),
                       ("pr_clear_rough", np.int64), ("pr_clear_rocks", np.int64),
                       ("pr_clear_fields", np.int64), ("pr_clear_water", np.int64),
                       ("pr_clear_road", np.int64), ("pr_clear_trees", np.int64)])

LABEL_GROW = len(TRAIL_LABELS)
GROW_TRAIL_LABELS = TRAIL_LABELS + ("GrowTown",)

T_CLEAR, T_RAIL, T_ROAD, T_HOUSE, T_TREES, T_STATION, T_WATER, T_VOID = 0, 1, 2, 3, 4, 5, 6, 7
T_INDUSTRY, T_TUNNELBRIDGE, T_OBJECT = 8, 9, 10
OWNER_TOWN = 0x0F
INVALID_ROADTYPE = 63
ROAD_NW, ROAD_SW, ROAD_SE, ROAD_NE = 1, 2, 4, 8
ROAD_X, ROAD_Y, ROAD_ALL = 10, 5, 15
ROAD_N, ROAD_E, ROAD_S, ROAD_W = 9, 12, 6, 3
SLOPE_W, SLOPE_S, SLOPE_E, SLOPE_N, SLOPE_STEEP = 1, 2, 4, 8, 16
SLOPE_NW, SLOPE_SW, SLOPE_SE, SLOPE_NE = 9, 3, 6, 12
F_NONE, F_LEVELED, F_INCLINED_X, F_INCLINED_Y = 0, 1, 2, 3
TL_ORIGINAL, TL_BETTER_ROADS, TL_2X2_GRID, TL_3X3_GRID = 0, 1, 2, 3
SUCCEED, SEARCH_STOPPED, CONTINUE = 0, 1, 2
TEM_ROADS = 2
DIAGDIR_END = 4
MAX_BRIDGES = 13

DDX = np.array([-1, 0, 1, 0], np.int64)
DDY = np.array([0, 1, 0, -1], np.int64)
INVALID_LEVELLED = np.array([0, 12, 9, 8, 3, 0, 1, 0, 6, 4, 0, 0, 2, 0, 0], np.int64)
INVALID_STRAIGHT = np.array([0, 0, 0, 5, 0, 15, 10, 15, 0, 10, 15, 15, 5, 15, 15], np.int64)
GRID_TEMPLATE = np.full(32, ROAD_ALL, np.int64)
for _s, _rb in ((1, ROAD_NW | ROAD_SW), (3, ROAD_Y | ROAD_SW), (2, ROAD_SW | ROAD_SE),
                (6, ROAD_X | ROAD_SE), (4, ROAD_SE | ROAD_NE), (12, ROAD_Y | ROAD_NE),
                (8, ROAD_NE | ROAD_NW), (9, ROAD_X | ROAD_NW), (27, 0), (23, 0), (30, 0), (29, 0)):
    GRID_TEMPLATE[_s] = _rb
COORD_MOD = np.array([(-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 0), (0, 2), (2, 0), (0, -2),
                      (-1, -1), (-2, 2), (2, 2), (2, -2), (0, 0)], np.int64)
# BridgeSpec: avail_year, min_length, max_length
BRIDGE_SPECS = np.array([(0, 0, 0xFFFF), (0, 0, 2), (1930, 0, 5), (0, 2, 10), (1930, 3, 0xFFFF),
                         (1930, 3, 0xFFFF), (1930, 3, 7), (1930, 3, 8), (1930, 3, 9),
                         (1930, 0, 2), (1995, 2, 0xFFFF), (2005, 2, 0xFFFF), (2010, 2, 0xFFFF)],
                        np.int64)
MODEL_CAP = 4096


# --- bits and slopes -------------------------------------------------------------

@njit(**INLINE)
def _rb(d):
    """DiagDirToRoadBits."""
    return ROAD_NW << (3 ^ d)


@njit(**INLINE)
def _mirror(r):
    return ((r & 3) << 2) | ((r >> 2) & 3)


@njit(**INLINE)
def _straight(r):
    return (r & ROAD_X) == 0 or (r & ROAD_Y) == 0


@njit(**INLINE)
def _one_corner(s):
    return s == SLOPE_W or s == SLOPE_S or s == SLOPE_E or s == SLOPE_N


@njit(**INLINE)
def _highest_corner(s):
    s &= ~SLOPE_STEEP
    if s == SLOPE_W or s == 11:
        return 0
    if s == SLOPE_S or s == 7:
        return 1
    if s == SLOPE_E or s == 14:
        return 2
    return 3


@njit(**INLINE)
def _inclined(d):
    if d == 0:
        return SLOPE_NE
    if d == 1:
        return SLOPE_SE
    if d == 2:
        return SLOPE_SW
    return SLOPE_NW


@njit(**INLINE)
def _inclined_dir(s):
    if s == SLOPE_NE:
        return 0
    if s == SLOPE_SE:
        return 1
    if s == SLOPE_SW:
        return 2
    if s == SLOPE_NW:
        return 3
    return -1


@njit(**INLINE)
def _apply_foundation(f, s):
    """ApplyFoundationToSlope: (dz, slope)."""
    if f == F_NONE:
        return 0, s
    steep = 1 if s & SLOPE_STEEP else 0
    if f == F_LEVELED:
        return 1 + steep, 0
    c = _highest_corner(s)
    if f == F_INCLINED_X:
        return steep, (SLOPE_SW if c == 0 or c == 1 else SLOPE_NE)
    return steep, (SLOPE_SE if c == 1 or c == 2 else SLOPE_NW)


@njit(**INLINE)
def _road_foundation(tileh, bits):
    if tileh == 0 or bits == 0:
        return F_NONE
    if tileh & SLOPE_STEEP:
        tileh = 1 << _highest_corner(tileh)
    if INVALID_LEVELLED[tileh] & bits == 0:
        return F_LEVELED
    if not _one_corner(tileh) and INVALID_STRAIGHT[tileh] & bits == 0:
        return F_NONE
    return F_INCLINED_X if bits == ROAD_X else F_INCLINED_Y


@njit(**INLINE)
def _bridge_foundation(tileh, axis):
    if (tileh == 0 or ((tileh == SLOPE_NE or tileh == SLOPE_SW) and axis == 0)
            or ((tileh == SLOPE_NW or tileh == SLOPE_SE) and axis == 1)):
        return F_NONE
    if (tileh & SLOPE_STEEP) or _one_corner(tileh):
        return F_INCLINED_X if axis == 0 else F_INCLINED_Y
    return F_LEVELED


# --- the map ----------------------------------------------------------------------

@njit(**INLINE)
def _tt(tiles, t):
    return np.int64(tiles.type[t]) >> 4


@njit(**INLINE)
def _in_map(ctx, t):
    return 0 <= t < ctx.size_x * ctx.size_y


@njit(**INLINE)
def _valid(tiles, ctx, t):
    return _in_map(ctx, t) and _tt(tiles, t) != T_VOID


@njit(**INLINE)
def _diag(ctx, d):
    return DDY[d] * ctx.size_x + DDX[d]


@njit(**INLINE)
def _bridge_above(tiles, t):
    return (np.int64(tiles.type[t]) >> 2) & 3


@njit(**JIT)
def _town_road_bits(tiles, t):
    """GetTownRoadBits."""
    tt = _tt(tiles, t)
    if tt == T_ROAD:
        m5 = np.int64(tiles.m5[t])
        rtt = m5 >> 6
        if rtt == 2 or np.int64(tiles.m4[t]) & 0x3F == INVALID_ROADTYPE:
            return 0
        if rtt == 1:
            return ROAD_X if m5 & 1 == 0 else ROAD_Y
        return m5 & 0xF
    if tt == T_TUNNELBRIDGE:
        m5 = np.int64(tiles.m5[t])
        if (m5 >> 2) & 3 != 1 or np.int64(tiles.m4[t]) & 0x3F == INVALID_ROADTYPE:
            return 0
        return ROAD_Y if m5 & 1 else ROAD_X
    return 0


@njit(**JIT)
def _any_road_bits(tiles, t):
    """GetAnyRoadBits(t, RTT_ROAD, false)."""
    tt = _tt(tiles, t)
    if tt == T_ROAD:
        if np.int64(tiles.m4[t]) & 0x3F == INVALID_ROADTYPE:
            return 0
        m5 = np.int64(tiles.m5[t])
        if m5 >> 6 == 1:
            return ROAD_X if m5 & 1 == 0 else ROAD_Y
        if m5 >> 6 == 2:
            return _rb(m5 & 3)
        return m5 & 0xF
    if tt == T_TUNNELBRIDGE:
        m5 = np.int64(tiles.m5[t])
        if (m5 >> 2) & 3 != 1 or np.int64(tiles.m4[t]) & 0x3F == INVALID_ROADTYPE:
            return 0
        return _rb((m5 & 3) ^ 2)
    return 0


@njit(**INLINE)
def _water_ground(tiles, t):
    """HasTileWaterGround (water that is not coast, trees on water)."""
    tt = _tt(tiles, t)
    if tt == T_TREES:
        return (np.int64(tiles.m1[t]) >> 5) & 3 != 3
    if tt != T_WATER:
        return False
    if (np.int64(tiles.m1[t]) >> 5) & 3 == 3:
        return False
    return (np.int64(tiles.m5[t]) >> 4) & 0xF != 1


@njit(**INLINE)
def _is_water_tile(tiles, t):
    return _tt(tiles, t) == T_WATER and (np.int64(tiles.m5[t]) >> 4) & 0xF == 0


@njit(**INLINE)
def _is_bridge_tile(tiles, t):
    return _tt(tiles, t) == T_TUNNELBRIDGE and np.int64(tiles.m5[t]) & 0x80 != 0


@njit(**INLINE)
def _is_tunnel_tile(tiles, t):
    return _tt(tiles, t) == T_TUNNELBRIDGE and np.int64(tiles.m5[t]) & 0x80 == 0


@njit(**JIT)
def _foundation_slope(tiles, ctx, t):
    """GetFoundationSlope's slope."""
    tileh, z, hi = _slope_z(tiles, ctx, t)
    tt = _tt(tiles, t)
    f = F_NONE
    if tt == T_ROAD:
        if np.int64(tiles.m5[t]) >> 6 == 0:
            f = _road_foundation(tileh, (np.int64(tiles.m5[t]) & 0xF)
                                 | (np.int64(tiles.m3[t]) & 0xF))
        elif tileh != 0:
            f = F_LEVELED
    elif tt == T_HOUSE:
        if tileh != 0:
            f = F_LEVELED
    elif tt == T_TUNNELBRIDGE:
        if np.int64(tiles.m5[t]) & 0x80:
            f = _bridge_foundation(tileh, np.int64(tiles.m5[t]) & 1)
    dz, s = _apply_foundation(f, tileh)
    return s


@njit(**JIT)
def _bridge_end(tiles, ctx, t, d):
    """GetBridgeEnd: from ``t`` along ``d`` to the end facing back."""
    delta = _diag(ctx, d)
    back = d ^ 2
    while True:
        t += delta
        if _is_bridge_tile(tiles, t) and np.int64(tiles.m5[t]) & 3 == back:
            return t


@njit(**JIT)
def _bridge_height(tiles, ctx, t):
    tileh, z, hi = _slope_z(tiles, ctx, t)
    dz, s = _apply_foundation(_bridge_foundation(tileh, np.int64(tiles.m5[t]) & 1), tileh)
    return z + 1 + dz


@njit(**JIT)
def _other_end(tiles, ctx, t):
    """GetOtherTunnelBridgeEnd."""
    d = np.int64(tiles.m5[t]) & 3
    delta = _diag(ctx, d)
    back = d ^ 2
    if np.int64(tiles.m5[t]) & 0x80:
        return _bridge_end(tiles, ctx, t, d)
    z = _slope_z(tiles, ctx, t)[1]
    cur = t + delta
    while not (_is_tunnel_tile(tiles, cur) and np.int64(tiles.m5[cur]) & 3 == back
               and _slope_z(tiles, ctx, cur)[1] == z):
        cur += delta
    return cur


@njit(**JIT)
def _tunnel_in_way_dir(tiles, ctx, t, z, d):
    delta = _diag(ctx, d)
    while True:
        t -= delta
        if not _valid(tiles, ctx, t):
            return False
        height = _slope_z(tiles, ctx, t)[1]
        if z >= height:
            break
    return z == height and _is_tunnel_tile(tiles, t) and np.int64(tiles.m5[t]) & 3 == d


# --- CmdBuildRoad ---------------------------------------------------------------------

@njit(**JIT)
def _check_road_slope(tileh, pieces, existing, other, build_on_slopes):
    """CheckRoadSlope: (ok, pieces, a foundation paid for)."""
    pieces &= ~existing
    if pieces == 0:
        return False, pieces, False
    if tileh == 0:
        return True, pieces, False
    if tileh & SLOPE_STEEP:
        tileh = 1 << _highest_corner(tileh)
    type_bits = existing | pieces
    if build_on_slopes and INVALID_LEVELLED[tileh] & (other | type_bits) == 0:
        return True, pieces, (other | existing) == 0
    pieces |= _mirror(pieces)
    type_bits = existing | pieces
    if (_straight(type_bits) and (other == type_bits or other == 0)
            and INVALID_STRAIGHT[tileh] & (other | type_bits) == 0):
        if _one_corner(tileh):
            if build_on_slopes:
                return True, pieces, (other | existing) == 0
        else:
            one_bit = existing != 0 and existing & (existing - 1) == 0
            return True, pieces, one_bit and _road_foundation(tileh, existing) == F_NONE
    return False, pieces, False


@njit(**JIT)
def build_road_k(tiles, ctx, grow, tile, pieces, town_index, execute, no_water):
    """:func:`.roads.build_road`."""
    if tile != 0 and not _valid(tiles, ctx, tile):
        return False
    if pieces == 0:
        return False
    tileh = _slope_z(tiles, ctx, tile)[0]
    existing = 0
    other = 0
    need_to_clear = False
    tt = _tt(tiles, tile)
    if tt == T_ROAD:
        if np.int64(tiles.m5[tile]) >> 6 == 0:
            if np.int64(tiles.m7[tile]) & 0xF:
                return False
            other = np.int64(tiles.m3[tile]) & 0xF
            if np.int64(tiles.m4[tile]) & 0x3F != INVALID_ROADTYPE:
                existing = np.int64(tiles.m5[tile]) & 0xF
                if (np.int64(tiles.m5[tile]) >> 4) & 3 and not _straight(existing | pieces):
                    return False
                if existing & pieces == pieces:
                    return False
        else:
            need_to_clear = True
    elif tt == T_TUNNELBRIDGE:
        m5 = np.int64(tiles.m5[tile])
        if (m5 >> 2) & 3 != 1 or _mirror(_rb(m5 & 3)) != pieces:
            need_to_clear = True
        else:
            return False
    else:
        need_to_clear = True
    if need_to_clear:
        if not landscape_clear_k(tiles, ctx, tile, False, True, no_water):
            return False
    ok, pieces, foundation = _check_road_slope(tileh, pieces, existing, other,
                                               grow.build_on_slopes != 0)
    if not ok or (foundation and grow.build_on_slopes == 0):
        return False
    if not need_to_clear:
        pieces &= ~existing
    if not execute:
        return True
    if need_to_clear:
        landscape_clear_k(tiles, ctx, tile, True, True, no_water)
        # MakeRoadNormal(tile, pieces, ROAD, none, town, OWNER_TOWN, OWNER_TOWN)
        tiles.type[tile] = (np.int64(tiles.type[tile]) & 0x0F) | (T_ROAD << 4)
        tiles.m1[tile] = (np.int64(tiles.m1[tile]) & 0xE0) | OWNER_TOWN
        tiles.m2[tile] = town_index
        tiles.m3[tile] = OWNER_TOWN << 4
        tiles.m4[tile] = np.int64(tiles.m4[tile]) & 0xC0
        tiles.m5[tile] = pieces
        tiles.m6[tile] = np.int64(tiles.m6[tile]) & 0x03
        tiles.m7[tile] = 0
        tiles.m8[tile] = INVALID_ROADTYPE << 6
    else:
        tiles.m5[tile] = (np.int64(tiles.m5[tile]) & 0xF0) | existing | pieces
    if not _straight(np.int64(tiles.m5[tile]) & 0xF):
        tiles.m5[tile] = np.int64(tiles.m5[tile]) & ~0x30
    return True


@njit(**JIT)
def _clean_up_road_bits(tiles, ctx, tile, org_rb):
    """CleanUpRoadBits."""
    if not _valid(tiles, ctx, tile):
        return 0
    for d in range(4):
        target_rb = _rb(d)
        if not org_rb & target_rb:
            continue
        nb = tile + _diag(ctx, d)
        connective = False
        if _valid(tiles, ctx, nb):
            tt = _tt(tiles, nb)
            if tt == T_CLEAR or tt == T_TREES:
                connective = True
            elif tt == T_TUNNELBRIDGE or tt == T_STATION or tt == T_ROAD:
                if tt == T_ROAD and np.int64(tiles.m5[nb]) >> 6 == 0:
                    connective = True
                else:
                    connective = _any_road_bits(tiles, nb) & _mirror(target_rb) != 0
            elif tt == T_WATER:
                connective = (np.int64(tiles.m5[nb]) >> 4) & 0xF != 0
        if not connective:
            org_rb ^= target_rb
    return org_rb


# --- CmdTerraformLand -----------------------------------------------------------------

@njit(**JIT)
def _model_height(tiles, ml_t, ml_h, nt, c):
    for i in range(nt - 1, -1, -1):
        if ml_t[i] == c:
            return ml_h[i]
    return np.int64(tiles.height[c])


@njit(**JIT)
def _model(tiles, ctx, grow, tile, slope, up, ml_t, ml_h):
    """The corners changed ((ok, count of entries, successful calls)):
    TerraformTileHeight depth first, as the game recurses."""
    sx, sy = ctx.size_x, ctx.size_y
    n = sx * sy
    direction = 1 if up else -1
    nt = 0
    calls = 0
    stk_c = np.empty(MODEL_CAP, np.int64)
    stk_h = np.empty(MODEL_CAP, np.int64)
    stk_d = np.empty(MODEL_CAP, np.int64)
    for k in range(4):
        bit = (1, 2, 4, 8)[k]
        if not slope & bit:
            continue
        if k == 0:
            c = tile + 1
        elif k == 1:
            c = tile + sx + 1
        elif k == 2:
            c = tile + sx
        else:
            c = tile
        if k != 3 and c >= n:
            continue
        target = np.int64(tiles.height[c]) + direction
        sp = 0
        # one TerraformTileHeight(c, target): checks, store, then its neighbours
        pend_c = c
        pend_h = target
        while True:
            if pend_c >= 0:
                if pend_h < 0 or pend_h > grow.height_limit:
                    return False, nt, calls
                if pend_h == _model_height(tiles, ml_t, ml_h, nt, pend_c):
                    return False, nt, calls
                x, y = pend_c % sx, pend_c // sx
                if ctx.freeform_edges == 0 and (x <= 1 or y <= 1 or x >= sx - 2 or y >= sy - 2):
                    return False, nt, calls
                found = False
                for i in range(nt - 1, -1, -1):
                    if ml_t[i] == pend_c:
                        ml_h[i] = pend_h
                        found = True
                        break
                if not found:
                    if nt >= ml_t.shape[0]:
                        raise ValueError("terraform: too many corners")
                    ml_t[nt] = pend_c
                    ml_h[nt] = pend_h
                    nt += 1
                calls += 1
                if sp >= MODEL_CAP:
                    raise ValueError("terraform: too deep")
                stk_c[sp] = pend_c
                stk_h[sp] = pend_h
                stk_d[sp] = 0
                sp += 1
                pend_c = -1
            if sp == 0:
                break
            top = sp - 1
            d = stk_d[top]
            if d == 4:
                sp -= 1
                continue
            stk_d[top] = d + 1
            cc = stk_c[top]
            x = cc % sx + DDX[d]
            y = cc // sx + DDY[d]
            if x < 0 or x >= sx or y < 0 or y >= sy:
                continue
            nb = y * sx + x
            r = _model_height(tiles, ml_t, ml_h, nt, nb)
            diff = stk_h[top] - r
            if abs(diff) > 1:
                diff += 1 if diff < 0 else -1
                pend_c = nb
                pend_h = r + diff
    return True, nt, calls


@njit(**JIT)
def _tile_proc_cost(tiles, ctx, grow, t, no_water, execute):
    """A tile's terraform proc under Auto: (ok, cost)."""
    tt = _tt(tiles, t)
    if tt == T_CLEAR:
        m5 = np.int64(tiles.m5[t])
        ground = (m5 >> 2) & 7
        density = m5 & 3
        if ground == 0:
            price = grow.pr_clear_grass
        elif ground == 2:
            price = grow.pr_clear_rocks
        elif ground == 3:
            price = grow.pr_clear_fields
        else:
            price = grow.pr_clear_rough
        cost = 0
        if np.int64(tiles.m3[t]) & 0x10:
            cost = price + abs(grow.pr_clear_rough - grow.pr_clear_grass)
        elif ground != 0 or density != 0:
            cost = price
        if execute:
            _do_clear_square(tiles, ctx, t)
        return True, cost
    if tt == T_TREES:
        num = ((np.int64(tiles.m5[t]) >> 6) & 3) + 1
        if 0x14 <= np.int64(tiles.m3[t]) < 0x1B:
            num *= 4
        cost = num * grow.pr_clear_trees
        water_class = (np.int64(tiles.m1[t]) >> 5) & 3
        if water_class == 1:
            return False, 0
        if water_class != 3:
            cost += grow.pr_clear_water
        if execute:
            _do_clear_square(tiles, ctx, t)
        return True, cost
    if tt == T_WATER:
        wtt = (np.int64(tiles.m5[t]) >> 4) & 0xF
        if wtt == 0:
            if (np.int64(tiles.m1[t]) >> 5) & 3 == 1 or no_water:
                return False, 0
            x, y = t % ctx.size_x, t // ctx.size_x
            inside = 1 <= x < ctx.size_x - 2 and 1 <= y < ctx.size_y - 2
            if ctx.freeform_edges == 0 and not inside:
                return False, 0
            cost = grow.pr_clear_water
        elif wtt == 1:
            cost = grow.pr_clear_water if _one_corner(_slope_z(tiles, ctx, t)[0]) \
                else grow.pr_clear_rough
        else:
            return False, 0
        if execute:
            _do_clear_square(tiles, ctx, t)
        return True, cost
    if tt == T_ROAD:
        m5 = np.int64(tiles.m5[t])
        if m5 >> 6 != 0:
            return False, 0
        bits = m5 & 0xF
        if np.int64(tiles.m3[t]) & 0xF or bits == 0 or bits & (bits - 1):
            return False, 0
        if execute:
            _do_clear_square(tiles, ctx, t)
        return True, grow.pr_clear_road
    return False, 0


@njit(**JIT)
def terraform_k(tiles, ctx, grow, tile, slope, up, execute, no_water, cleared):
    """:func:`.terraform.terraform_land`: the cost, or -1 when it fails."""
    sx = ctx.size_x
    ml_t = np.empty(MODEL_CAP, np.int64)
    ml_h = np.empty(MODEL_CAP, np.int64)
    ok, nt, calls = _model(tiles, ctx, grow, tile, slope, up, ml_t, ml_h)
    if not ok:
        return -1
    direction = 1 if up else -1
    dirty = np.empty(4 * nt, np.int64)
    nd = 0
    for i in range(nt):
        c = ml_t[i]
        x, y = c % sx, c // sx
        if y >= 1:
            dirty[nd] = c - sx
            nd += 1
        if y >= 1 and x >= 1:
            dirty[nd] = c - sx - 1
            nd += 1
        if x >= 1:
            dirty[nd] = c - 1
            nd += 1
        dirty[nd] = c
        nd += 1
    dirty = np.unique(dirty[:nd])
    total = calls * grow.pr_terraform
    for pas in range(2):
        for t in dirty:
            if _tt(tiles, t) == T_VOID:
                continue
            zn = _model_height(tiles, ml_t, ml_h, nt, t)
            zw = _model_height(tiles, ml_t, ml_h, nt, t + 1)
            zs = _model_height(tiles, ml_t, ml_h, nt, t + sx + 1)
            ze = _model_height(tiles, ml_t, ml_h, nt, t + sx)
            z_min = min(min(zn, zw), min(zs, ze))
            z_max = max(max(zn, zw), max(zs, ze))
            if pas == 0:
                axis_bits = _bridge_above(tiles, t)
                if axis_bits:
                    south = _bridge_end(tiles, ctx, t, 2 if axis_bits == 1 else 1)
                    bh = _bridge_height(tiles, ctx, south)
                    if direction == 1 and bh <= z_max:
                        return -1
                    if direction == -1 and bh > z_min + grow.max_bridge_height:
                        return -1
                if direction == -1:
                    x, y = t % sx, t // sx
                    if (_tunnel_in_way_dir(tiles, ctx, t, z_min, 0 if x > (sx - 1) // 2 else 2)
                            or _tunnel_in_way_dir(tiles, ctx, t, z_min,
                                                  3 if y > (ctx.size_y - 1) // 2 else 1)):
                        return -1
            if t == cleared:
                continue
            good, cost = _tile_proc_cost(tiles, ctx, grow, t, no_water, execute and pas == 1)
            if not good:
                return -1
            if pas == 1:
                total += cost
    if execute:
        for i in range(nt):
            tiles.height[ml_t[i]] = ml_h[i]
    return total


@njit(**JIT)
def _terraform_town_tile(tiles, ctx, grow, tile, edges, up):
    cost = terraform_k(tiles, ctx, grow, tile, edges, up, False, True, -1)
    if cost < 0 or cost >= (grow.pr_terraform + 2) * 8:
        return False
    terraform_k(tiles, ctx, grow, tile, edges, up, True, True, -1)
    return True


@njit(**JIT)
def _level_town_land(tiles, ctx, grow, tile):
    if _tt(tiles, tile) == T_HOUSE:
        return
    tileh = _slope_z(tiles, ctx, tile)[0]
    if tileh == 0:
        return
    if not _terraform_town_tile(tiles, ctx, grow, tile, ~tileh & 15, True):
        _terraform_town_tile(tiles, ctx, grow, tile, tileh & 15, False)


# --- bridges and tunnels ----------------------------------------------------------------

@njit(**JIT)
def _check_bridge_slope(north, axis, tileh, z):
    f = _bridge_foundation(tileh, axis)
    dz, tileh = _apply_foundation(f, tileh)
    if north:
        valid = SLOPE_NE if axis == 0 else SLOPE_NW
    else:
        valid = SLOPE_SW if axis == 0 else SLOPE_SE
    return tileh == 0 or tileh == valid, z + dz, f


@njit(**JIT)
def _check_build_above(tiles, ctx, t, axis, height):
    tt = _tt(tiles, t)
    if tt == T_CLEAR or tt == T_TREES:
        return True
    if tt == T_WATER:
        wtt = (np.int64(tiles.m5[t]) >> 4) & 0xF
        return wtt == 0 or wtt == 1
    if tt == T_ROAD:
        if np.int64(tiles.m5[t]) >> 6 != 2:
            return True
        return False
    if tt == T_TUNNELBRIDGE:
        if np.int64(tiles.m5[t]) & 0x80 == 0:
            return True
        return axis != (np.int64(tiles.m5[t]) & 1) and height > _bridge_height(tiles, ctx, t)
    return landscape_clear_k(tiles, ctx, t, False, True, True)


@njit(**JIT)
def _make_ramp(tiles, t, bridge_type, d):
    tiles.type[t] = (np.int64(tiles.type[t]) & 0x0F) | (T_TUNNELBRIDGE << 4)
    tiles.m1[t] = (np.int64(tiles.m1[t]) & 0x60) | OWNER_TOWN
    tiles.m2[t] = 0
    tiles.m3[t] = 0
    tiles.m4[t] = 0
    tiles.m5[t] = 0x80 | (1 << 2) | d
    tiles.m6[t] = (np.int64(tiles.m6[t]) & 0x03) | (bridge_type << 2)
    tiles.m7[t] = OWNER_TOWN
    tiles.m8[t] = INVALID_ROADTYPE << 6


@njit(**JIT)
def build_bridge_k(tiles, ctx, grow, tile_end, tile_start, bridge_type, execute):
    """:func:`.bridges.build_bridge`."""
    sx = ctx.size_x
    if tile_end != 0 and not _valid(tiles, ctx, tile_end):
        return False
    for t in (tile_start, tile_end):
        if not _valid(tiles, ctx, t) or t % sx == 0 or t // sx == 0:
            return False
    if tile_start == tile_end:
        return False
    if tile_start % sx == tile_end % sx:
        axis = 1
    elif tile_start // sx == tile_end // sx:
        axis = 0
    else:
        return False
    if tile_end < tile_start:
        tile_start, tile_end = tile_end, tile_start
    length = abs(tile_end % sx + tile_end // sx - tile_start % sx - tile_start // sx) - 1
    if bridge_type >= MAX_BRIDGES or BRIDGE_SPECS[bridge_type, 0] > ctx.year:
        return False
    top = min(BRIDGE_SPECS[bridge_type, 2], grow.max_bridge_length)
    if not (BRIDGE_SPECS[bridge_type, 1] <= length <= top):
        return False
    tileh_s, z_s, hi = _slope_z(tiles, ctx, tile_start)
    tileh_e, z_e, hi = _slope_z(tiles, ctx, tile_end)
    ok_n, z_s, f_n = _check_bridge_slope(True, axis, tileh_s, z_s)
    ok_s, z_e, f_s = _check_bridge_slope(False, axis, tileh_e, z_e)
    if z_s != z_e:
        return False
    if (_is_bridge_tile(tiles, tile_start) and _is_bridge_tile(tiles, tile_end)
            and _other_end(tiles, ctx, tile_start) == tile_end):
        raise ValueError("a town replacing a bridge")
    if not landscape_clear_k(tiles, ctx, tile_start, False, True, True) or not ok_n:
        return False
    if not landscape_clear_k(tiles, ctx, tile_end, False, True, True) or not ok_s:
        return False
    if grow.build_on_slopes == 0 and (f_n != F_NONE or f_s != F_NONE):
        return False
    for t in (tile_start, tile_end):
        bits = _bridge_above(tiles, t)
        if bits == 0:
            continue
        if axis == bits - 1:
            return False
        north = _bridge_end(tiles, ctx, t, 0 if bits == 1 else 3)
        if z_s + 1 == _bridge_height(tiles, ctx, north):
            return False
    delta = 1 if axis == 0 else sx
    t = tile_start + delta
    while t != tile_end:
        tileh, z, hi = _slope_z(tiles, ctx, t)
        if hi > z_s or z_s >= z + grow.max_bridge_height or _bridge_above(tiles, t):
            return False
        if not _check_build_above(tiles, ctx, t, axis, z_s + 1):
            return False
        t += delta
    if not execute:
        return True
    landscape_clear_k(tiles, ctx, tile_start, True, True, True)
    landscape_clear_k(tiles, ctx, tile_end, True, True, True)
    t = tile_start + delta
    while t != tile_end:
        if _tt(tiles, t) == T_TREES:            # CheckBuildAbove clears them
            landscape_clear_k(tiles, ctx, t, True, True, True)
        tiles.type[t] = np.int64(tiles.type[t]) | (1 << (2 + axis))
        t += delta
    d = 2 if axis == 0 else 1
    _make_ramp(tiles, tile_start, bridge_type, d)
    _make_ramp(tiles, tile_end, bridge_type, d ^ 2)
    return True


@njit(**JIT)
def _make_tunnel(tiles, t, d):
    tiles.type[t] = (np.int64(tiles.type[t]) & 0x0F) | (T_TUNNELBRIDGE << 4)
    tiles.m1[t] = (np.int64(tiles.m1[t]) & 0xE0) | OWNER_TOWN
    tiles.m2[t] = 0
    tiles.m3[t] = 0
    tiles.m4[t] = 0
    tiles.m5[t] = (1 << 2) | d
    tiles.m6[t] = np.int64(tiles.m6[t]) & 0x03
    tiles.m7[t] = OWNER_TOWN
    tiles.m8[t] = INVALID_ROADTYPE << 6


@njit(**JIT)
def build_tunnel_k(tiles, ctx, grow, start, execute):
    """:func:`.bridges.build_tunnel`."""
    sx = ctx.size_x
    if start != 0 and not _valid(tiles, ctx, start):
        return False
    start_tileh, start_z, hi = _slope_z(tiles, ctx, start)
    d = _inclined_dir(start_tileh)
    if d < 0 or _water_ground(tiles, start):
        return False
    if not landscape_clear_k(tiles, ctx, start, False, True, False):
        return False
    delta = _diag(ctx, d)
    if d & 1:
        in_way = 2 if start % sx < (sx - 1) // 2 else 0
    else:
        in_way = 1 if start // sx < (sx - 1) // 2 else 3
    end = start
    tiles_n = 0
    while True:
        end += delta
        if not _valid(tiles, ctx, end):
            return False
        end_tileh, end_z, hi = _slope_z(tiles, ctx, end)
        if start_z == end_z:
            break
        if _tunnel_in_way_dir(tiles, ctx, end, start_z, in_way):
            return False
        tiles_n += 1
    if tiles_n > grow.max_tunnel_length or _water_ground(tiles, end):
        return False
    if not landscape_clear_k(tiles, ctx, end, False, True, False):
        return False
    lower = end_tileh != (start_tileh ^ 15)
    if lower and terraform_k(tiles, ctx, grow, end, end_tileh & start_tileh, False, False,
                             False, end) < 0:
        return False
    if not execute:
        return True
    landscape_clear_k(tiles, ctx, start, True, True, False)
    landscape_clear_k(tiles, ctx, end, True, True, False)
    if lower:
        terraform_k(tiles, ctx, grow, end, end_tileh & start_tileh, False, True, False, end)
    _make_tunnel(tiles, start, d)
    _make_tunnel(tiles, end, d ^ 2)
    return True


# --- growth ----------------------------------------------------------------------------

@njit(**INLINE)
def _edge_distance(ctx, t):
    x, y = t % ctx.size_x, t // ctx.size_x
    return min(min(x, y), min(ctx.size_x - 1 - x, ctx.size_y - 1 - y))


@njit(**JIT)
def _neighbour_road(tiles, ctx, tile, d, dist_multi):
    """IsNeighbourRoadTile."""
    if not _valid(tiles, ctx, tile):
        return False
    t0 = _diag(ctx, (d + 1) % 4)
    t1 = _diag(ctx, (d + 3) % 4)
    t2 = _diag(ctx, d ^ 2)
    end = (dist_multi + 1) * 4
    for pos in range(4, end):
        cur = (t0 if pos & 1 else t1) * (pos // 4)
        if pos & 2:
            cur += t2
        t = tile + cur
        towards = d if pos & 2 else d ^ 2
        if _valid(tiles, ctx, t) and _town_road_bits(tiles, t) & _rb(towards):
            return True
    return False


@njit(**JIT)
def _road_allowed(tiles, ctx, grow, town, rng, tile, d):
    """IsRoadAllowedHere while generating."""
    if _edge_distance(ctx, tile) == 0:
        return False
    bits = _bridge_above(tiles, tile)
    if bits and bits - 1 == (d & 1):
        return False
    if _town_road_bits(tiles, tile) == 0:
        pieces = ROAD_Y if d == 3 or d == 1 else ROAD_X
        if (not build_road_k(tiles, ctx, grow, tile, pieces, town.index, False, True)
                and not landscape_clear_k(tiles, ctx, tile, False, True, True)):
            return False
    if grow.build_on_slopes:
        cur = _foundation_slope(tiles, ctx, tile)
    else:
        cur = _slope_z(tiles, ctx, tile)[0]
    ret = not _neighbour_road(tiles, ctx, tile, d, 1 if town.layout == TL_ORIGINAL else 2)
    if cur == 0:
        return ret
    desired = SLOPE_NW if d == 3 or d == 1 else SLOPE_NE
    if desired != cur and (desired ^ 15) != cur:
        if _chance16(rng, 1, 8):
            if _chance16(rng, 1, 3):
                return ret
        return False
    return ret


@njit(**JIT)
def _grid_element(tiles, ctx, town, tile, d):
    """GetTownRoadGridElement."""
    sx = ctx.size_x
    gx = town.xy % sx - tile % sx
    gy = town.xy // sx - tile // sx
    n = 3 if town.layout == TL_2X2_GRID else 4
    rcmd = 0
    if gx % n == 0:
        rcmd |= ROAD_Y
    if gy % n == 0:
        rcmd |= ROAD_X
    if rcmd != ROAD_ALL:
        return rcmd
    tmpl = GRID_TEMPLATE[_slope_z(tiles, ctx, tile)[0]]
    if _rb(d ^ 2) & tmpl:
        return tmpl
    return _rb(d) | _rb(d ^ 2)


@njit(**JIT)
def _extra_house(tiles, ctx, town, counts, specs, rng, trail, trail_len, tile, modes):
    """GrowTownWithExtraHouse."""
    if _edge_distance(ctx, tile) == 0:
        return False
    counter = 0
    for d in range(4):
        tt = _tt(tiles, tile + _diag(ctx, d))
        if tt == T_HOUSE or tt == T_VOID:
            counter += 1
        if counter >= 3:
            return try_build_town_house_k(tiles, ctx, town, counts, specs, rng, trail,
                                          trail_len, tile, modes)
    return False


@njit(**JIT)
def _road_can_continue(tiles, ctx, grow, town, tile, road_dir):
    """CanRoadContinueIntoNextTile."""
    nxt = tile + _diag(ctx, road_dir)
    if not _valid(tiles, ctx, nxt):
        return False
    tt = _tt(tiles, nxt)
    if tt == T_TUNNELBRIDGE:
        m5 = np.int64(tiles.m5[nxt])
        return (m5 >> 2) & 3 == 1 and m5 & 3 == road_dir
    if tt == T_STATION:
        return False
    if tt == T_ROAD:
        m5 = np.int64(tiles.m5[nxt])
        return m5 >> 6 == 2 and m5 & 3 == road_dir ^ 2
    if tt == T_RAIL and grow.level_crossings == 0:
        return False
    return build_road_k(tiles, ctx, grow, nxt, _rb(road_dir ^ 2), town.index, False, True)


@njit(**INLINE)
def _crossable(tiles, ctx, t, rivers_only):
    if not _valid(tiles, ctx, t):
        return False
    tt = _tt(tiles, t)
    if tt == T_WATER and (np.int64(tiles.m5[t]) >> 4) & 0xF == 0:
        sea = (np.int64(tiles.m1[t]) >> 5) & 3 == 0
        if not (rivers_only and sea):
            return True
    if tt == T_RAIL and np.int64(tiles.m5[t]) >> 6 < 2:
        return True
    return (tt == T_ROAD and np.int64(tiles.m5[t]) >> 6 == 0
            and (np.int64(tiles.m5[t]) >> 4) & 3 != 0)


@njit(**JIT)
def _grow_with_bridge(tiles, ctx, grow, town, rng, tile, bridge_dir):
    """GrowTownWithBridge."""
    sx = ctx.size_x
    slope = _slope_z(tiles, ctx, tile)[0]
    if slope != 0 and slope & _inclined(bridge_dir):
        return False
    if not _town_road_bits(tiles, tile + _diag(ctx, bridge_dir ^ 2)) & _rb(bridge_dir):
        return False
    length = 0
    bridge_tile = tile
    delta = _diag(ctx, bridge_dir)
    flat = slope == 0
    limit = 5 if flat else min(town.population // 1000 + 5, 11)
    while True:
        if length >= limit:
            return False
        length += 1
        bridge_tile += delta
        if not _crossable(tiles, ctx, bridge_tile, flat):
            break
    if length == 1:
        return False
    if not _road_can_continue(tiles, ctx, grow, town, bridge_tile, bridge_dir):
        return False
    if not flat:
        x0, y0 = tile % sx, tile // sx
        want = _inclined(bridge_dir ^ 2)
        for y in range(y0 - (length - 1), y0 + length + 1):
            if y < 0 or y >= ctx.size_y:
                continue
            for x in range(x0 - (length - 1), x0 + length + 1):
                if x < 0 or x >= sx:
                    continue
                s = y * sx + x
                if not _is_bridge_tile(tiles, s) or (np.int64(tiles.m5[s]) >> 2) & 3 != 1:
                    continue
                if _slope_z(tiles, ctx, s)[0] & want:
                    return False
    for _ in range(23):
        bridge_type = _random_range(rng, MAX_BRIDGES - 1)
        if build_bridge_k(tiles, ctx, grow, tile, bridge_tile, bridge_type, False):
            build_bridge_k(tiles, ctx, grow, tile, bridge_tile, bridge_type, True)
            return True
    return False


@njit(**JIT)
def _grow_with_tunnel(tiles, ctx, grow, town, tile, tunnel_dir):
    """GrowTownWithTunnel."""
    slope = _slope_z(tiles, ctx, tile)[0]
    if slope != _inclined(tunnel_dir):
        return False
    if not _town_road_bits(tiles, tile + _diag(ctx, tunnel_dir ^ 2)) & _rb(tunnel_dir):
        return False
    delta = _diag(ctx, tunnel_dir)
    if _road_can_continue(tiles, ctx, grow, town, tile, tunnel_dir):
        t = tile
        for _ in range(4):
            if not _valid(tiles, ctx, t):
                return False
            s = _slope_z(tiles, ctx, t)[0]
            if s != _inclined(tunnel_dir) and not s & SLOPE_STEEP and not _one_corner(s):
                return False
            t += delta
        limit = town.population // 1000 + 7
    else:
        limit = 5
    length = 0
    t = tile
    z = _slope_z(tiles, ctx, tile)[1]
    while True:
        if length >= limit:
            return False
        length += 1
        t += delta
        if not (_valid(tiles, ctx, t) and _slope_z(tiles, ctx, t)[1] != z):
            break
    if length == 1:
        return False
    if not _road_can_continue(tiles, ctx, grow, town, t, tunnel_dir):
        return False
    if build_tunnel_k(tiles, ctx, grow, tile, False):
        build_tunnel_k(tiles, ctx, grow, tile, True)
        return True
    return False


@njit(**JIT)
def _roads_allow_house(tiles, ctx, t):
    """RoadTypesAllowHouseHere."""
    sx = ctx.size_x
    for dy in range(-1, 2):
        for dx in range(-1, 2):
            if dx == 0 and dy == 0:
                continue
            cur = t + dy * sx + dx
            if _in_map(ctx, cur) and _tt(tiles, cur) == T_ROAD:
                return True
    return False


@njit(**JIT)
def _grow_in_tile(tiles, ctx, grow, town, counts, specs, rng, trail, trail_len, tile, cur_rb,
                  target_dir, modes):
    """GrowTownInTile: (result, tile)."""
    sx = ctx.size_x
    rcmd = 0
    roads = modes & TEM_ROADS != 0
    if cur_rb == 0:
        if not roads:
            return SEARCH_STOPPED, tile
        if grow.level_crossings == 0 and _tt(tiles, tile) == T_RAIL:
            return SEARCH_STOPPED, tile
        if grow.build_on_slopes == 0 or _chance16(rng, 1, 6):
            _level_town_land(tiles, ctx, grow, tile)
        if town.layout == TL_2X2_GRID or town.layout == TL_3X3_GRID:
            rcmd = _grid_element(tiles, ctx, town, tile, target_dir)
            if rcmd == 0:
                return SEARCH_STOPPED, tile
        else:
            if not _road_allowed(tiles, ctx, grow, town, rng, tile, target_dir):
                return SEARCH_STOPPED, tile
            source_dir = target_dir ^ 2
            if _chance16(rng, 1, 4):
                while True:
                    target_dir = _random_range(rng, 4)
                    if target_dir != source_dir:
                        break
            if not _road_allowed(tiles, ctx, grow, town, rng, tile + _diag(ctx, target_dir),
                                 target_dir):
                if target_dir != source_dir ^ 2:
                    return SEARCH_STOPPED, tile
                right = tile + _diag(ctx, (target_dir + 1) % 4)
                left = tile + _diag(ctx, (target_dir + 3) % 4)
                if not (_in_map(ctx, right) and _tt(tiles, right) == T_HOUSE) and not (
                        _in_map(ctx, left) and _tt(tiles, left) == T_HOUSE):
                    return SEARCH_STOPPED, tile
            rcmd = _rb(target_dir) | _rb(source_dir)
    elif target_dir < DIAGDIR_END and not cur_rb & _rb(target_dir ^ 2):
        if not roads:
            return SEARCH_STOPPED, tile
        if town.layout == TL_2X2_GRID or town.layout == TL_3X3_GRID:
            rcmd = _grid_element(tiles, ctx, town, tile, target_dir)
        else:
            rcmd = _rb(target_dir ^ 2)
    else:
        allow_house = True
        if _tt(tiles, tile) == T_TUNNELBRIDGE:
            if (np.int64(tiles.m5[tile]) >> 2) & 3 == 1 and (
                    target_dir != DIAGDIR_END or _chance16(rng, 1, 2)):
                tile = _other_end(tiles, ctx, tile)
            return CONTINUE, tile
        target_dir = _random_range(rng, 4)
        target_rb = _rb(target_dir)
        if cur_rb & target_rb:
            if cur_rb & ROAD_X != target_rb:
                return CONTINUE, tile
            if cur_rb == ROAD_N:
                house_tile = tile + sx + 1
            elif cur_rb == ROAD_S:
                house_tile = tile - sx - 1
            elif cur_rb == ROAD_E:
                house_tile = tile - sx + 1
            elif cur_rb == ROAD_W:
                house_tile = tile + sx - 1
            else:
                return CONTINUE, tile
            target_dir = DIAGDIR_END
        else:
            house_tile = tile + _diag(ctx, target_dir)
        if _in_map(ctx, house_tile) and _water_ground(tiles, house_tile):
            return CONTINUE, tile
        if not _valid(tiles, ctx, house_tile):
            return CONTINUE, tile
        result = CONTINUE
        if target_dir != DIAGDIR_END and roads:
            layout = town.layout
            if layout == TL_3X3_GRID or layout == TL_2X2_GRID:
                if layout == TL_3X3_GRID and _extra_house(
                        tiles, ctx, town, counts, specs, rng, trail, trail_len,
                        house_tile + _diag(ctx, target_dir), modes):
                    result = SUCCEED
                rcmd = _grid_element(tiles, ctx, town, tile, target_dir)
                allow_house = rcmd & target_rb == 0
            else:
                if layout == TL_BETTER_ROADS and _extra_house(
                        tiles, ctx, town, counts, specs, rng, trail, trail_len,
                        house_tile + _diag(ctx, target_dir), modes):
                    result = SUCCEED
                rcmd = target_rb
                allow_house = (not _road_allowed(tiles, ctx, grow, town, rng, house_tile,
                                                 target_dir)
                               or _chance16(rng, 6, 10))
        allow_house = allow_house and _roads_allow_house(tiles, ctx, house_tile)
        if allow_house:
            if _tt(tiles, house_tile) != T_HOUSE:
                if _chance16(rng, 1, 6):
                    _level_town_land(tiles, ctx, grow, house_tile)
                if try_build_town_house_k(tiles, ctx, town, counts, specs, rng, trail,
                                          trail_len, house_tile, modes):
                    result = SUCCEED
            return result, tile
    if _water_ground(tiles, tile):
        return SEARCH_STOPPED, tile
    rcmd = _clean_up_road_bits(tiles, ctx, tile, rcmd)
    if rcmd == 0:
        return SEARCH_STOPPED, tile
    if target_dir >= DIAGDIR_END:
        raise ValueError("GrowTownWithBridge with DIAGDIR_END")
    if _grow_with_bridge(tiles, ctx, grow, town, rng, tile, target_dir):
        return SUCCEED, tile
    if _grow_with_tunnel(tiles, ctx, grow, town, tile, target_dir):
        return SUCCEED, tile
    if build_road_k(tiles, ctx, grow, tile, rcmd, town.index, True, True):
        return SUCCEED, tile
    return SEARCH_STOPPED, tile


@njit(**JIT)
def _can_follow(tiles, ctx, tile, d, modes):
    """CanFollowRoad."""
    target = tile + _diag(ctx, d)
    if not _valid(tiles, ctx, target) or _water_ground(tiles, target):
        return False
    tt = _tt(tiles, target)
    if modes & TEM_ROADS:
        if tt == T_ROAD:
            return _town_road_bits(tiles, target) != 0
        if tt == T_STATION:
            return False
        if tt == T_TUNNELBRIDGE:
            return (np.int64(tiles.m5[target]) >> 2) & 3 == 1
        if tt == T_HOUSE or tt == T_INDUSTRY or tt == T_OBJECT:
            return False
        return True
    target_rb = _town_road_bits(tiles, target)
    back = _rb(d ^ 2)
    return target_rb & back != 0 and target_rb & ~back != 0


@njit(**JIT)
def _grow_at_road(tiles, ctx, grow, town, counts, specs, rng, trail, trail_len, tile, modes):
    """GrowTownAtRoad."""
    target_dir = DIAGDIR_END
    if town.layout == TL_BETTER_ROADS:
        iterations = 10 + town.num_houses * 2 // 9
    elif town.layout == TL_2X2_GRID or town.layout == TL_3X3_GRID:
        iterations = 10 + town.num_houses // 9
    else:
        iterations = 10 + town.num_houses * 4 // 9
    while True:
        cur_rb = _town_road_bits(tiles, tile)
        result, tile = _grow_in_tile(tiles, ctx, grow, town, counts, specs, rng, trail,
                                     trail_len, tile, cur_rb, target_dir, modes)
        if result == SUCCEED:
            return True
        if result == SEARCH_STOPPED:
            iterations = 0
        if target_dir < DIAGDIR_END:
            cur_rb &= ~_rb(target_dir ^ 2)
        if cur_rb == 0:
            return False
        if _tt(tiles, tile) == T_TUNNELBRIDGE:
            target_dir = (np.int64(tiles.m5[tile]) & 3) ^ 2
        else:
            while True:
                if cur_rb == 0:
                    return False
                while True:
                    target_dir = _random_range(rng, 4)
                    bits = _rb(target_dir)
                    if cur_rb & bits:
                        break
                cur_rb &= ~bits
                if _can_follow(tiles, ctx, tile, target_dir, modes):
                    break
        tile += _diag(ctx, target_dir)
        if (_tt(tiles, tile) == T_ROAD and np.int64(tiles.m5[tile]) >> 6 != 2
                and np.int64(tiles.m4[tile]) & 0x3F != INVALID_ROADTYPE):
            if (np.int64(tiles.m1[tile]) & 0x1F == OWNER_TOWN
                    and np.int64(tiles.m2[tile]) != town.index):
                return False
        iterations -= 1
        if iterations < 0:
            return False


@njit(**JIT)
def grow_town_k(tiles, ctx, grow, town, counts, specs, rng, trail, trail_len, modes):
    """GrowTown (as :func:`.growth.grow_town`)."""
    _mark(rng, trail, trail_len, LABEL_GROW)
    sx = ctx.size_x
    tile = town.xy
    for i in range(COORD_MOD.shape[0]):
        if _town_road_bits(tiles, tile) != 0:
            return _grow_at_road(tiles, ctx, grow, town, counts, specs, rng, trail, trail_len,
                                 tile, modes)
        tile += COORD_MOD[i, 1] * sx + COORD_MOD[i, 0]
    if modes & TEM_ROADS:
        tile = town.xy
        for i in range(COORD_MOD.shape[0]):
            if _tt(tiles, tile) != T_HOUSE:
                tileh, z, hi = _slope_z(tiles, ctx, tile)
                if tileh == 0 and landscape_clear_k(tiles, ctx, tile, False, True, True):
                    r = _random(rng)
                    a = r & 3
                    b = (r >> 8) & 3
                    if a == b:
                        b ^= 2
                    bits = (ROAD_NW << a) + (ROAD_NW << b)
                    build_road_k(tiles, ctx, grow, tile, bits, town.index, True, False)
                    return True
            tile += COORD_MOD[i, 1] * sx + COORD_MOD[i, 0]
    return False


@njit(**JIT)
def grow_town_times_k(tiles, ctx, grow, town, counts, specs, rng, trail, trail_len, modes,
                      times):
    """GrowTown ``times`` times (DoCreateTown's loop)."""
    for _ in range(times):
        grow_town_k(tiles, ctx, grow, town, counts, specs, rng, trail, trail_len, modes)


# --- from Python --------------------------------------------------------------------------

def grow_context(world: World) -> np.ndarray:
    """The :data:`GROW_DTYPE` record of a World (a 1-element array)."""
    pr = world_prices(world)
    g = np.zeros(1, GROW_DTYPE)
    g[0] = (int(bool(world.setting("construction.build_on_slopes", True))),
            int(bool(world.setting("economy.allow_town_level_crossings", True))),
            int(world.setting("construction.max_bridge_length", 64)),
            int(world.setting("construction.max_bridge_height", 12)),
            int(world.setting("construction.max_tunnel_length", 64)),
            world_height_limit(world), pr["PR_TERRAFORM"], pr["PR_CLEAR_GRASS"],
            pr["PR_CLEAR_ROUGH"], pr["PR_CLEAR_ROCKS"], pr["PR_CLEAR_FIELDS"],
            pr["PR_CLEAR_WATER"], pr["PR_CLEAR_ROAD"], pr["PR_CLEAR_TREES"])
    return g


def _contexts(world: World) -> tuple:
    """(tiles, ctx, grow, house table) of ``world``, kept on it while its
    map's arrays and its settings stay the same (the snow line and the
    height limit take a pass over the map; DoCreateTown asks per town)."""
    tiles = tile_bytes(world)
    settings = tuple(world.settings.items())
    cached = world.__dict__.get("_growth_kernel_contexts")
    if (cached is None or cached[1] != settings
            or not all(a is b for a, b in zip(cached[0], tiles))):
        cached = (tiles, settings, (tiles, context(world)[0], grow_context(world)[0],
                                    house_table(world.landscape)))
        world.__dict__["_growth_kernel_contexts"] = cached
    return cached[2]


_GROW_TOWN_TIMES = CallSite(grow_town_times_k)   # (the same argument types at every call)


def grow_town_fast(world: World, town: Town, modes: int = 3, times: int = 1) -> None:
    """:func:`.growth.grow_town` ``times`` times through the kernels: the
    same tiles, town fields, Random() draws and trail marks."""
    tiles, ctx, grow, specs = _contexts(world)
    rec, counts = town_record(town)
    keep = world.rng.trail is not None
    # marks per GrowTown: at most two houses tried per step of GrowTownAtRoad
    cap = times * (3 * (12 + town.num_houses) + 8) if keep else 0
    trail = np.zeros((cap, 3), np.int64)
    trail_len = np.zeros(1, np.int64)
    _GROW_TOWN_TIMES(tiles, ctx, grow, rec[0], counts, specs, world.rng.state, trail, trail_len,
                     modes, times)
    _store_town(town, rec, counts)
    if keep:
        if trail_len[0] >= cap:
            raise RuntimeError("grow_town_fast: the trail buffer was too small")
        for label, s0, s1 in trail[:trail_len[0]]:
            world.rng.trail.append((GROW_TRAIL_LABELS[label], int(s0), int(s1)))
