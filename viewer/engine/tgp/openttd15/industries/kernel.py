"""GenerateIndustries' placement compiled (numba): PlaceIndustry's random
tiles, CreateNewIndustryHelper's checks and DoCreateNewIndustry (the
platform levelled, the tiles cleared and built, farm fields planted), on
the map's byte arrays and the Randomizer's state array, drawing as the
Python of :mod:`.placement`, :mod:`.landscape` and :mod:`.fields` does (the
readable reference, which these functions follow name by name).

The industry pool is ``inds`` (a row per industry index, the ``I_*``
columns), filed per type by the cell of its tile (``near_head``: the
first per type and cell, ``near_next``: the next in the same), and per type
and town how many (``type_town``); the towns are arrays by town index
(``town_*``; ``town_order`` the indices in ascending order, ``town_xy``
their centres, filed by cells too).  The settings are the ``C_*``
entries of ``cfg``.  No Python object is touched: :mod:`.generate` reads
the records back.
"""

from __future__ import annotations

import numpy as np

from ....jit import njit
from ...game.tiles import OWNER_NONE, OWNER_WATER, TROPICZONE_DESERT, TROPICZONE_RAINFOREST
from ...game.map_kernels import get_fence, is_fields, set_fence, wrap_xy
from ...game.water_map import WATER_CLASS_INVALID
from ...kernel import INLINE, JIT, _next, corner_slope
from ..towns.house_specs import (
    BUILDING_2_TILES_X,
    BUILDING_2_TILES_Y,
    BUILDING_HAS_4_TILES,
    CHURCH,
    SIZE_2X1,
    STADIUM,
)
from . import fields
from .industry import INDUSTRY_POOL_MAX
from .landscape import AUTO, EXECUTE, FORCE_CLEAR_TILE, NO_WATER
from .specs import (
    CHECK_BUBBLEGEN,
    CHECK_FARM,
    CHECK_FOREST,
    CHECK_LUMBERMILL,
    CHECK_OIL_RIG,
    CHECK_PLANTATION,
    CHECK_REFINERY,
    CHECK_WATER,
)
from .specs import GFX_WATERTILE_SPECIALCHECK as GFX_WATER
from .tables import (
    B_BUILT_ON_WATER,
    B_ONLY_IN_TOWN,
    B_ONLY_NEAR_TOWN,
    B_PLANT_ON_BUILD,
    B_TOWN1200_MORE,
)
from .towns import TOWN_FLAG_HAS_CHURCH, TOWN_FLAG_HAS_STADIUM

# tile types
T_CLEAR, T_ROAD, T_HOUSE, T_TREES, T_STATION, T_WATER, T_VOID, T_INDUSTRY = 0, 2, 3, 4, 5, 6, 7, 8
T_TUNNELBRIDGE, T_OBJECT = 9, 10

# cfg entries
C_LANDSCAPE, C_FREEFORM, C_LAND_GENERATOR, C_PLATFORM, C_MULTIPLE_PER_TOWN = 0, 1, 2, 3, 4
C_REFINERY_LIMIT, C_MAX_BRIDGE_HEIGHT, C_SMOOTH_ECONOMY, C_HAS_TUNNELS = 5, 6, 7, 8
C_SNOW_LINE, C_HEIGHT_LIMIT, C_NEXT_FREE, C_COUNT = 9, 10, 11, 12
C_TOWN_CELL, C_TOWN_GX, C_TOWN_GY = 13, 14, 15
N_CFG = 16

NEAR_CELL = 16
"""The side of the cells the industries are filed in by their tile
(``near_head``, ``near_next``): more than the 14 tiles a conflicting
industry must keep away, so such an industry lies in the tile's cell or
one next to it."""

# inds columns
I_USED, I_TILE, I_TYPE, I_W, I_H, I_TOWN, I_RANDOM, I_COLOUR, I_COUNTER = 0, 1, 2, 3, 4, 5, 6, 7, 8
I_LAYOUT, I_RATE0, I_RATE1, I_NEW = 9, 10, 11, 12
N_COLS = 13

_PLANTFARMFIELD_TYPE = np.array(fields.PLANTFARMFIELD_TYPE, np.int64)
_DIR8_DX = np.array((-1, -1, -1, 0, 1, 1, 1, 0), np.int64)
_DIR8_DY = np.array((-1, 0, 1, 1, 1, 0, -1, -1), np.int64)
_DIAG_DX = np.array((-1, 0, 1, 0), np.int64)     # NE, SE, SW, NW
_DIAG_DY = np.array((0, 1, 0, -1), np.int64)


class Work:
    """The scratch arrays of the terraforming (per map, reused)."""

    def __init__(self, size: int) -> None:
        self.new_height = np.full(size, -1, np.int16)   # -1: the map's
        self.is_dirty = np.zeros(size, np.uint8)
        cap = min(size, 1 << 18)
        self.changed = np.zeros(cap, np.int64)          # tiles given a new height
        self.dirty = np.zeros(cap, np.int64)
        self.stack = np.zeros((cap, 3), np.int64)       # (tile, height, next direction)
        self.portals = np.zeros(0, np.int64)            # (set by the placer)

    def arrays(self) -> tuple:
        return self.new_height, self.is_dirty, self.changed, self.dirty, self.stack, self.portals


# --- the Randomizer ------------------------------------------------------------

@njit(**INLINE)
def _rand(st):
    s0, s1, r = _next(st[0], st[1])
    st[0] = s0
    st[1] = s1
    st[2] += 1
    return r


@njit(**INLINE)
def _rand_range(st, limit):
    return (_rand(st) * limit) >> 32


# --- tiles ---------------------------------------------------------------------

@njit(**INLINE)
def _slope_z(height, sx, sy, t):
    x = t % sx
    y = t // sx
    x2 = min(x + 1, sx - 1)
    y2 = min(y + 1, sy - 1)
    return corner_slope(np.int64(height[y * sx + x]), np.int64(height[y * sx + x2]),
                        np.int64(height[y2 * sx + x]), np.int64(height[y2 * sx + x2]))


@njit(**INLINE)
def _is_flat(height, sx, sy, t):
    s, _z = _slope_z(height, sx, sy, t)
    return s == 0


@njit(**INLINE)
def _is_water_tile(typ, m5, t):
    return (typ[t] >> 4) == T_WATER and (m5[t] >> 4) == 0


@njit(**INLINE)
def _add_wrap(t, dx, dy, sx, sy, freeform):
    return wrap_xy(t % sx + dx, t // sx + dy, sx, sy, freeform)


@njit(**INLINE)
def _distance_max(a, b, sx):
    return max(abs(a % sx - b % sx), abs(a // sx - b // sx))


# --- clearing (landscape.py) -------------------------------------------------------

@njit(**INLINE)
def do_clear_square(typ, m1, m2, m3, m4, m5, m6, m7, m8, sx, t, density):
    """``DoClearSquare``: grass, the neighbouring water may flood again."""
    typ[t] = typ[t] & 0x0F
    m1[t] = OWNER_NONE
    m2[t] = 0
    m3[t] = 0
    m4[t] = 0
    m5[t] = density
    m6[t] = 0
    m7[t] = 0
    m8[t] = 0
    n = typ.size
    for d in range(8):
        u = t + _DIR8_DY[d] * sx + _DIR8_DX[d]
        if 0 <= u < n and (typ[u] >> 4) != T_VOID and (typ[u] >> 4) == T_WATER:
            m3[u] = m3[u] & 0xFE


@njit(**JIT)
def _clear_town_house(typ, m1, m2, m3, m4, m5, m6, m7, m8, sx, t,
                      town_pop, town_houses, town_flags, town_touched, hs_pop, hs_flags):
    """``ClearTownHouse`` (towns.TownIndex.clear_town_house)."""
    town = np.int64(m2[t])
    house = np.int64(m8[t]) & 0xFFF
    dx = 0
    dy = 0
    if house >= 3:
        if hs_flags[house - 1] & SIZE_2X1:
            house, dx = house - 1, -1
        elif hs_flags[house - 1] & BUILDING_2_TILES_Y:
            house, dy = house - 1, -1
        elif hs_flags[house - 2] & BUILDING_HAS_4_TILES:
            house, dx = house - 2, -1
        elif hs_flags[house - 3] & BUILDING_HAS_4_TILES:
            house, dx, dy = house - 3, -1, -1
    t += dy * sx + dx
    flags = hs_flags[house]
    if m3[t] & 0x80:
        town_pop[town] -= hs_pop[house]
    town_houses[town] -= 1
    if flags & CHURCH:
        town_flags[town] &= ~TOWN_FLAG_HAS_CHURCH
    elif flags & STADIUM:
        town_flags[town] &= ~TOWN_FLAG_HAS_STADIUM
    town_touched[town] = 1
    do_clear_square(typ, m1, m2, m3, m4, m5, m6, m7, m8, sx, t, 3)
    if flags & BUILDING_2_TILES_Y:
        do_clear_square(typ, m1, m2, m3, m4, m5, m6, m7, m8, sx, t + sx, 3)
    if flags & BUILDING_2_TILES_X:
        do_clear_square(typ, m1, m2, m3, m4, m5, m6, m7, m8, sx, t + 1, 3)
    if flags & BUILDING_HAS_4_TILES:
        do_clear_square(typ, m1, m2, m3, m4, m5, m6, m7, m8, sx, t + sx + 1, 3)


@njit(**JIT)
def clear_tile(typ, m1, m2, m3, m4, m5, m6, m7, m8, sx, sy, freeform, t, flags,
               town_pop, town_houses, town_flags, town_touched, hs_pop, hs_flags):
    """``CmdLandscapeClear`` (landscape.clear_tile)."""
    tt = typ[t] >> 4
    execute = (flags & EXECUTE) != 0
    if tt == T_CLEAR or tt == T_TREES:
        if execute:
            do_clear_square(typ, m1, m2, m3, m4, m5, m6, m7, m8, sx, t, 3)
        return True
    if tt == T_WATER:
        wt = m5[t] >> 4
        if wt == 0:
            if flags & NO_WATER:
                return False
            x = t % sx
            y = t // sx
            if not freeform and not (1 <= x < sx - 2 and 1 <= y < sy - 2):
                return False
            owner = m1[t] & 0x1F
            if owner != OWNER_WATER and owner != OWNER_NONE:
                return False
            if execute:
                do_clear_square(typ, m1, m2, m3, m4, m5, m6, m7, m8, sx, t, 3)
            return True
        if wt == 1:
            if execute:
                do_clear_square(typ, m1, m2, m3, m4, m5, m6, m7, m8, sx, t, 3)
            return True
        return False
    if tt == T_ROAD:
        if (m5[t] >> 6) != 0:
            return False
        bits = (np.int64(m5[t]) & 0x0F) | (np.int64(m3[t]) & 0x0F)
        if flags & AUTO:
            ones = 0
            for b in range(4):
                ones += (bits >> b) & 1
            if ones != 1:
                return False
        if execute:
            do_clear_square(typ, m1, m2, m3, m4, m5, m6, m7, m8, sx, t, 3)
        return True
    if tt == T_HOUSE:
        if flags & AUTO:
            return False
        if execute:
            _clear_town_house(typ, m1, m2, m3, m4, m5, m6, m7, m8, sx, t,
                              town_pop, town_houses, town_flags, town_touched, hs_pop, hs_flags)
        return True
    return False


# --- CmdTerraformLand (landscape.py) -------------------------------------------

@njit(**INLINE)
def _height(height, new_height, t):
    h = new_height[t]
    if h >= 0:
        return np.int64(h)
    return np.int64(height[t])


@njit(**JIT)
def _tunnel_in_way_dir(typ, height, m5, sx, sy, t, z, dx, dy, direction):
    n = typ.size
    while True:
        t -= dy * sx + dx
        if not (0 <= t < n) or (typ[t] >> 4) == T_VOID:
            return False
        _s, h = _slope_z(height, sx, sy, t)
        if not z < h:
            break
    return (z == h and (typ[t] >> 4) == T_TUNNELBRIDGE and not (m5[t] & 0x80)
            and (m5[t] & 3) == direction)


@njit(**JIT)
def _is_tunnel_in_way(typ, height, m5, sx, sy, t, z, portals):
    """``IsTunnelInWay``: a walk along the row, then the column, to the
    first tile not above ``z``, a tunnel portal there.  ``portals``: the
    number of tunnel portals per row (``sy``), then per column (``sx``).  A
    walk along a row or column without one finds none (a column's walk
    ends off the map; a row's could wrap into the next unless void ends
    it, as it does on the game's maps)."""
    x = t % sx
    y = t // sx
    row_closed = (typ[y * sx] >> 4) == T_VOID and (typ[y * sx + sx - 1] >> 4) == T_VOID
    if portals[y] > 0 or not row_closed:
        if x > (sx - 1) // 2:
            a = _tunnel_in_way_dir(typ, height, m5, sx, sy, t, z, -1, 0, 0)
        else:
            a = _tunnel_in_way_dir(typ, height, m5, sx, sy, t, z, 1, 0, 2)
        if a:
            return True
    if portals[sy + x] == 0:
        return False
    if y > (sy - 1) // 2:
        return _tunnel_in_way_dir(typ, height, m5, sx, sy, t, z, 0, -1, 3)
    return _tunnel_in_way_dir(typ, height, m5, sx, sy, t, z, 0, 1, 1)


@njit(**JIT)
def _bridge_height(typ, height, m5, sx, sy, t):
    axis_x = ((typ[t] >> 2) & 3) == 1
    step = 1 if axis_x else sx
    want = 0 if axis_x else 3
    while True:
        t += step
        if (typ[t] >> 4) == T_TUNNELBRIDGE and (m5[t] & 0x80) and (m5[t] & 3) == want:
            break
    s, z = _slope_z(height, sx, sy, t)
    return z + 1 + (1 if s != 0 else 0)


@njit(**INLINE)
def _mark_dirty(is_dirty, dirty, nd, t):
    if is_dirty[t] == 0:
        is_dirty[t] = 1
        dirty[nd] = t
        return nd + 1
    return nd


@njit(**JIT)
def _terraform_tile_height(height, sx, sy, freeform, height_limit, t0, h0,
                           new_height, is_dirty, changed, dirty, stack, counts):
    """``TerraformTileHeight`` as the game recurses (depth first, the
    neighbours NE, SE, SW, NW), on an explicit stack: whether every tile
    may take its new height.  ``counts`` [changed, dirty] grow."""
    top = 0
    t = t0
    h = h0
    while True:
        # entering TerraformTileHeight(t, h)
        if h < 0 or h > height_limit:
            return False
        if h == _height(height, new_height, t):
            return False
        x = t % sx
        y = t // sx
        if not freeform and (x <= 1 or y <= 1 or x >= sx - 2 or y >= sy - 2):
            return False
        nd = counts[1]
        if nd + 4 > dirty.size or counts[0] >= changed.size or top >= stack.shape[0]:
            raise ValueError("terraforming beyond the scratch arrays")
        if y >= 1:
            nd = _mark_dirty(is_dirty, dirty, nd, t - sx)
        if y >= 1 and x >= 1:
            nd = _mark_dirty(is_dirty, dirty, nd, t - sx - 1)
        if x >= 1:
            nd = _mark_dirty(is_dirty, dirty, nd, t - 1)
        nd = _mark_dirty(is_dirty, dirty, nd, t)
        counts[1] = nd
        if new_height[t] < 0:
            changed[counts[0]] = t
            counts[0] += 1
        new_height[t] = h
        stack[top, 0] = t
        stack[top, 1] = h
        stack[top, 2] = 0
        top += 1
        # the neighbours, until one needs a new height (entered above)
        entered = False
        while top > 0 and not entered:
            f = top - 1
            d = stack[f, 2]
            if d == 4:
                top -= 1
                continue
            stack[f, 2] = d + 1
            ft = stack[f, 0]
            nx = ft % sx + _DIAG_DX[d]
            ny = ft // sx + _DIAG_DY[d]
            if not (0 <= nx < sx and 0 <= ny < sy):
                continue
            n = ny * sx + nx
            r = _height(height, new_height, n)
            diff = stack[f, 1] - r
            if abs(diff) > 1:
                diff += -1 if diff > 0 else 1
                t = n
                h = r + diff
                entered = True
        if not entered:
            return True


@njit(**JIT)
def _terraform_reset(new_height, is_dirty, changed, dirty, counts):
    for i in range(counts[0]):
        new_height[changed[i]] = -1
    for i in range(counts[1]):
        is_dirty[dirty[i]] = 0
    counts[0] = 0
    counts[1] = 0


@njit(**JIT)
def terraform_land(typ, height, m1, m2, m3, m4, m5, m6, m7, m8, sx, sy, cfg, t, dir_up, flags,
                   town_pop, town_houses, town_flags, town_touched, hs_pop, hs_flags,
                   new_height, is_dirty, changed, dirty, stack, portals, counts):
    """``CmdTerraformLand(flags, t, SLOPE_N, dir_up)`` (landscape.terraform_land)."""
    freeform = cfg[C_FREEFORM] != 0
    ok = _terraform_tile_height(height, sx, sy, freeform, cfg[C_HEIGHT_LIMIT], t,
                                np.int64(height[t]) + (1 if dir_up else -1),
                                new_height, is_dirty, changed, dirty, stack, counts)
    if ok:
        direction = 1 if dir_up else -1
        nd = counts[1]
        for i in range(1, nd):                       # sorted (insertion: a few tiles)
            v = dirty[i]
            j = i - 1
            while j >= 0 and dirty[j] > v:
                dirty[j + 1] = dirty[j]
                j -= 1
            dirty[j + 1] = v
        passes = 2 if flags & EXECUTE else 1
        for pass_ in range(passes):
            for i in range(nd):
                d = dirty[i]
                if (typ[d] >> 4) == T_VOID:
                    continue
                zn = _height(height, new_height, d)
                zw = _height(height, new_height, d + 1)
                zs = _height(height, new_height, d + sx + 1)
                ze = _height(height, new_height, d + sx)
                z_min = min(min(zn, zw), min(zs, ze))
                z_max = max(max(zn, zw), max(zs, ze))
                if pass_ == 0:
                    if (typ[d] >> 2) & 3:
                        bh = _bridge_height(typ, height, m5, sx, sy, d)
                        if direction == 1 and bh <= z_max:
                            ok = False
                            break
                        if direction == -1 and bh > z_min + cfg[C_MAX_BRIDGE_HEIGHT]:
                            ok = False
                            break
                    if direction == -1 and cfg[C_HAS_TUNNELS] != 0 and \
                            _is_tunnel_in_way(typ, height, m5, sx, sy, d, z_min, portals):
                        ok = False
                        break
                tile_flags = flags if pass_ == 1 else (flags & ~EXECUTE)
                # TerraformTile: canals refuse, the rest is cleared
                tt = typ[d] >> 4
                if tt == T_CLEAR or tt == T_TREES:           # (clear_tile's first case)
                    if tile_flags & EXECUTE:
                        do_clear_square(typ, m1, m2, m3, m4, m5, m6, m7, m8, sx, d, 3)
                    continue
                if tt == T_WATER and _is_water_tile(typ, m5, d) and ((m1[d] >> 5) & 3) == 1:
                    ok = False
                    break
                if not clear_tile(typ, m1, m2, m3, m4, m5, m6, m7, m8, sx, sy, freeform, d,
                                  tile_flags | AUTO | FORCE_CLEAR_TILE, town_pop, town_houses,
                                  town_flags, town_touched, hs_pop, hs_flags):
                    ok = False
                    break
            if not ok:
                break
        if ok and (flags & EXECUTE):
            for i in range(counts[0]):
                d = changed[i]
                height[d] = new_height[d]
    _terraform_reset(new_height, is_dirty, changed, dirty, counts)
    return ok


# --- the checks (placement.py) -------------------------------------------------

@njit(**INLINE)
def _is_slope_refused(current, refused):
    if current & 0x10:
        return True
    if current != 0:
        if refused & 0x10:
            return True
        t = current ^ 0xF
        if (refused & 1) and (t & 9):
            return True
        if (refused & 2) and (t & 12):
            return True
        if (refused & 4) and (t & 3):
            return True
        if (refused & 8) and (t & 6):
            return True
    return False


@njit(**JIT)
def _closest_town(typ, m2, m5, sx, sy, cfg, tile, town_order, town_xy, cell_start, cell_towns):
    """``ClosestTownFromTile(tile, UINT_MAX)``: the town index (the
    nearest centre by Manhattan distance, ties to the lowest index),
    searched ring by ring of the towns' cells (``cell_towns``: positions in
    ``town_order`` per cell, ``cell_start`` where each cell's begin)."""
    tt = typ[tile] >> 4
    if tt == T_ROAD and (m5[tile] >> 6) != 2:
        tid = np.int64(m2[tile])
        if tid != 0xFFFF:
            return tid
    elif tt == T_HOUSE:
        return np.int64(m2[tile])
    x = tile % sx
    y = tile // sx
    size = cfg[C_TOWN_CELL]
    gx = cfg[C_TOWN_GX]
    gy = cfg[C_TOWN_GY]
    cx = x // size
    cy = y // size
    best = -1
    best_d = 1 << 62
    r = 0
    while r <= max(gx, gy):
        for ky in range(max(0, cy - r), min(gy - 1, cy + r) + 1):
            if ky == cy - r or ky == cy + r:                 # the ring's top and bottom rows
                for kx in range(max(0, cx - r), min(gx - 1, cx + r) + 1):
                    best, best_d = _town_cell_best(ky * gx + kx, sx, x, y, town_order, town_xy,
                                                   cell_start, cell_towns, best, best_d)
            else:                                            # its sides
                if cx - r >= 0:
                    best, best_d = _town_cell_best(ky * gx + cx - r, sx, x, y, town_order,
                                                   town_xy, cell_start, cell_towns, best, best_d)
                if cx + r < gx:
                    best, best_d = _town_cell_best(ky * gx + cx + r, sx, x, y, town_order,
                                                   town_xy, cell_start, cell_towns, best, best_d)
        if best >= 0 and best_d <= r * size:
            break                          # every town further out is further than best_d
        r += 1
    return best


@njit(**INLINE)
def _town_cell_best(cell, sx, x, y, town_order, town_xy, cell_start, cell_towns, best, best_d):
    for i in range(cell_start[cell], cell_start[cell + 1]):
        pos = cell_towns[i]
        xy = town_xy[pos]
        d = abs(xy % sx - x) + abs(xy // sx - y)
        idx = town_order[pos]
        if d < best_d or (d == best_d and idx < best):
            best_d = d
            best = idx
    return best, best_d


@njit(**JIT)
def _far_from_conflicting(sx, tile, it, conflicting, inds, near_head, near_next, gx, gy):
    """No industry of a type conflicting with ``it`` within 14 tiles
    (placement.far_enough_from_conflicting)."""
    cx = (tile % sx) // NEAR_CELL
    cy = (tile // sx) // NEAR_CELL
    for c in range(3):
        ct = conflicting[it, c]
        if ct == 0xFF:
            continue
        for ky in range(max(0, cy - 1), min(gy - 1, cy + 1) + 1):
            for kx in range(max(0, cx - 1), min(gx - 1, cx + 1) + 1):
                k = near_head[ct, ky * gx + kx]
                while k >= 0:
                    if _distance_max(tile, inds[k, I_TILE], sx) <= 14:
                        return False
                    k = near_next[k]
    return True


@njit(**INLINE)
def _file_near(sx, idx, itype, inds, near_head, near_next, gx):
    t = inds[idx, I_TILE]
    cell = ((t // sx) // NEAR_CELL) * gx + (t % sx) // NEAR_CELL
    near_next[idx] = near_head[itype, cell]
    near_head[itype, cell] = idx


@njit(**INLINE)
def _edge_near(sx, sy, freeform, tile, maxdist):
    mx = maxdist
    my = maxdist
    if sx > 256:
        mx *= sx // 256
    if sy > 256:
        my *= sy // 256
    x = tile % sx
    y = tile // sx
    ff = 1 if freeform else 0
    return x - ff < mx or y - ff < my or sx - 1 - x - 1 < mx or sy - 1 - y - 1 < my


@njit(**JIT)
def _location_ok(typ, height, sx, sy, cfg, tile, proc):
    """The type's ``CheckNewIndustryProc`` (placement.location_check)."""
    arctic = cfg[C_LANDSCAPE] == 1
    if proc == CHECK_FOREST:
        _s, z = _slope_z(height, sx, sy, tile)
        return not (arctic and z < cfg[C_SNOW_LINE] + 2)
    if proc == CHECK_REFINERY:
        return _edge_near(sx, sy, cfg[C_FREEFORM] != 0, tile + sx + 1, cfg[C_REFINERY_LIMIT])
    if proc == CHECK_FARM:
        _s, z = _slope_z(height, sx, sy, tile)
        return not (arctic and z + 2 >= cfg[C_SNOW_LINE])
    if proc == CHECK_PLANTATION:
        return (typ[tile] & 3) != TROPICZONE_DESERT
    if proc == CHECK_WATER:
        return (typ[tile] & 3) == TROPICZONE_DESERT
    if proc == CHECK_LUMBERMILL:
        return (typ[tile] & 3) == TROPICZONE_RAINFOREST
    if proc == CHECK_BUBBLEGEN:
        _s, z = _slope_z(height, sx, sy, tile)
        return z <= 4
    if proc == CHECK_OIL_RIG:
        return height[tile] == 0 and \
            _edge_near(sx, sy, cfg[C_FREEFORM] != 0, tile + sx + 1, cfg[C_REFINERY_LIMIT])
    return True


@njit(**JIT)
def _tiles_free(typ, height, m1, m2, m3, m4, m5, m6, m7, m8, sx, sy, freeform, tile, lt, l0, ln,
                behaviour, slopes_refused, town_pop, town_houses, town_flags, town_touched,
                hs_pop, hs_flags):
    """``CheckIfIndustryTilesAreFree`` in test mode (placement.tiles_free)."""
    on_water = (behaviour & B_BUILT_ON_WATER) != 0
    house_only = (behaviour & (B_ONLY_IN_TOWN | B_TOWN1200_MORE)) != 0
    near_town = (behaviour & B_ONLY_NEAR_TOWN) != 0
    x0 = tile % sx
    y0 = tile // sx
    for k in range(l0, l0 + ln):
        x = x0 + lt[k, 0]
        y = y0 + lt[k, 1]
        gfx = lt[k, 2]
        if (freeform and (x == 0 or y == 0)) or not (0 <= x < sx - 1 and 0 <= y < sy - 1):
            return False
        cur = y * sx + x
        ty = np.int64(typ[cur])
        tt = ty >> 4
        if tt == T_VOID:
            return False
        if gfx == GFX_WATER:
            if not _is_water_tile(typ, m5, cur) or not _is_flat(height, sx, sy, cur):
                return False
            continue
        if ty & 0x0C:
            return False
        if not (slopes_refused[gfx] & 0x20):
            wet = ((tt == T_WATER or tt == T_STATION or tt == T_INDUSTRY or tt == T_OBJECT
                    or tt == T_TREES) and ((m1[cur] >> 5) & 3) != WATER_CLASS_INVALID)
            if wet != on_water:
                return False
        is_house = tt == T_HOUSE
        if house_only or (near_town and is_house):
            if not is_house or not clear_tile(typ, m1, m2, m3, m4, m5, m6, m7, m8, sx, sy,
                                              freeform, cur, 0, town_pop, town_houses,
                                              town_flags, town_touched, hs_pop, hs_flags):
                return False
        elif tt != T_CLEAR and tt != T_TREES and \
                not clear_tile(typ, m1, m2, m3, m4, m5, m6, m7, m8, sx, sy, freeform, cur, AUTO,
                               town_pop, town_houses, town_flags, town_touched, hs_pop, hs_flags):
            return False
    return True


@njit(**JIT)
def _slopes_ok(height, sx, sy, freeform, land_generator, tile, lt, l0, ln, slopes_refused):
    """``CheckIfIndustryTileSlopes`` (placement.tile_slopes_ok)."""
    if land_generator == 1:
        return True          # (the refusal does not count under TerraGenesis)
    for k in range(l0, l0 + ln):
        gfx = lt[k, 2]
        if gfx == GFX_WATER:
            continue
        cur = _add_wrap(tile, lt[k, 0], lt[k, 1], sx, sy, freeform)
        s, _z = _slope_z(height, sx, sy, cur)
        if _is_slope_refused(s, slopes_refused[gfx]):
            return False
    return True


@njit(**INLINE)
def _surrounding_off(typ, height, sx, tile, h, slack):
    """The four tiles sharing ``tile``'s north corner, as
    ``CanTerraformSurrounding`` looks at them: -1 when one refuses (``tile`` on the north edges or void,
    one not clear land or trees, or more than ``slack`` off height ``h``),
    else a bit per tile off ``h``."""
    if tile % sx == 0 or tile // sx == 0 or (typ[tile] >> 4) == T_VOID:
        return -1
    off = 0
    bit = 1
    for tw in (tile - sx - 1, tile - sx, tile - 1, tile):
        tt = typ[tw] >> 4
        if tt != T_CLEAR and tt != T_TREES:
            return -1
        d = abs(np.int64(height[tw]) - h)
        if d > slack:
            return -1
        if d != 0:
            off |= bit
        bit <<= 1
    return off


@njit(**JIT)
def _can_terraform_surrounding(typ, height, sx, tile, h):
    """``CanTerraformSurrounding`` (placement._can_terraform_surrounding):
    a tile off the height looks one level further (at most one off)."""
    off = _surrounding_off(typ, height, sx, tile, h, 1 << 30)
    if off < 0:
        return False
    bit = 1
    for tw in (tile - sx - 1, tile - sx, tile - 1, tile):
        if off & bit:
            if tw % sx == 0 or tw // sx == 0 or \
                    _surrounding_off(typ, height, sx, tw - sx - 1, h, 1) < 0:
                return False
        bit <<= 1
    return True


@njit(**JIT)
def level_platform(typ, height, m1, m2, m3, m4, m5, m6, m7, m8, sx, sy, cfg, tile, lt, l0, ln,
                   execute, town_pop, town_houses, town_flags, town_touched, hs_pop, hs_flags,
                   new_height, is_dirty, changed, dirty, stack, portals, counts):
    """``CheckIfCanLevelIndustryPlatform`` (placement.level_platform)."""
    max_x = 0
    max_y = 0
    for k in range(l0, l0 + ln):
        if lt[k, 2] == GFX_WATER:
            continue
        max_x = max(max_x, lt[k, 0])
        max_y = max(max_y, lt[k, 1])
    h = np.int64(height[tile])
    p = cfg[C_PLATFORM]
    tx = tile % sx
    ty = tile // sx
    if tx <= p + 1 or ty <= p + 1:
        return False
    x0 = tx - p
    y0 = ty - p
    w = max_x + 2 + 2 * p
    hh = max_y + 2 + 2 * p
    if x0 + w >= sx - 1 or y0 + hh >= sy - 1:
        return False
    for j in range(hh):
        for i in range(w):
            tw = (y0 + j) * sx + x0 + i
            curh = np.int64(height[tw])
            if curh != h:
                if not _can_terraform_surrounding(typ, height, sx, tw, h):
                    return False
                if not terraform_land(typ, height, m1, m2, m3, m4, m5, m6, m7, m8, sx, sy, cfg,
                                      tw, curh <= h, NO_WATER, town_pop, town_houses,
                                      town_flags, town_touched, hs_pop, hs_flags,
                                      new_height, is_dirty, changed, dirty, stack, portals, counts):
                    return False
    if execute:
        for j in range(hh):
            for i in range(w):
                tw = (y0 + j) * sx + x0 + i
                curh = np.int64(height[tw])
                while curh != h:
                    terraform_land(typ, height, m1, m2, m3, m4, m5, m6, m7, m8, sx, sy, cfg,
                                   tw, curh <= h, NO_WATER | EXECUTE, town_pop, town_houses,
                                   town_flags, town_touched, hs_pop, hs_flags,
                                   new_height, is_dirty, changed, dirty, stack, portals, counts)
                    curh += -1 if curh > h else 1
    return True


# --- farm fields (fields.py) -----------------------------------------------------------

@njit(**INLINE)
def _suitable_for_field(typ, m2, m3, m5, t, allow_fields, allow_rough):
    tt = typ[t] >> 4
    if tt == T_CLEAR:
        if m3[t] & 0x10:
            return False
        g = (m5[t] >> 2) & 7
        if g == 5:
            return False
        if g == 1:
            return allow_rough
        if g == 3:
            return allow_fields
        return True
    if tt == T_TREES:
        g = (m2[t] >> 6) & 7
        return g != 3 and (allow_rough or g != 1)
    return False


@njit(**INLINE)
def _setup_fence(typ, m3, m4, m5, m6, sx, st, tile, size, fence, side):
    diff = sx if (side == 0 or side == 2) else 1
    ndiff = _DIAG_DY[side] * sx + _DIAG_DX[side]
    reverse = (side + 2) & 3
    mask = typ.size - 1
    while True:
        tile &= mask
        if is_fields(typ, m5, tile):
            n = (tile + ndiff) & mask
            if not is_fields(typ, m5, n) or get_fence(m3, m4, m6, n, reverse) == 0:
                or_ = fence
                if or_ == 1:
                    r = _rand(st) & 0xFFFF
                    if ((r * 7 + 3) >> 16) < 1:          # Chance16(1, 7)
                        or_ = 2
                set_fence(m3, m4, m6, tile, side, or_)
        tile += diff
        size -= 1
        if size == 0:
            break


@njit(**INLINE)
def plant_farm_field(typ, height, m1, m2, m3, m4, m5, m6, m7, m8, sx, sy, cfg, st, tile, index):
    """``PlantFarmField`` (fields.plant_farm_field)."""
    arctic = cfg[C_LANDSCAPE] == 1
    if arctic:
        _s, z = _slope_z(height, sx, sy, tile)
        if z + 2 >= cfg[C_SNOW_LINE]:
            return
    r = (_rand(st) & 0x303) + 0x404
    if arctic:
        r += 0x404
    size_x = r & 0xFF
    size_y = (r >> 8) & 0xFF
    tx = tile % sx
    ty = tile // sx
    x0 = tx - min(tx, size_x // 2)
    y0 = ty - min(ty, size_y // 2)
    w = min(size_x, sx - x0)
    h = min(size_y, sy - y0)
    if w == 0 or h == 0:
        return
    count = 0
    for j in range(h):
        for i in range(w):
            if _suitable_for_field(typ, m2, m3, m5, (y0 + j) * sx + x0 + i, False, False):
                count += 1
    if count * 2 < w * h:
        return
    r = _rand(st)
    counter = (r >> 5) & 7
    field_type = (((r >> 8) & 0xFF) * 9) >> 8
    for j in range(h):
        for i in range(w):
            t = (y0 + j) * sx + x0 + i
            if _suitable_for_field(typ, m2, m3, m5, t, True, True):
                typ[t] = typ[t] & 0x0F                       # MakeField
                m1[t] = OWNER_NONE
                m2[t] = index
                m3[t] = field_type
                m4[t] = 0
                m5[t] = (3 << 2) | 3
                m6[t] = m6[t] & 0x03
                m7[t] = 0
                m8[t] = 0
                m5[t] = (m5[t] & 0x1F) | ((counter & 7) << 5)   # SetClearCounter
    fence = 3
    if cfg[C_LANDSCAPE] != 1 and cfg[C_LANDSCAPE] != 2:
        fence = _PLANTFARMFIELD_TYPE[_rand(st) & 0xF]
    start = y0 * sx + x0
    _setup_fence(typ, m3, m4, m5, m6, sx, st, start, h, fence, 0)
    _setup_fence(typ, m3, m4, m5, m6, sx, st, start, w, fence, 3)
    _setup_fence(typ, m3, m4, m5, m6, sx, st, start + w - 1, h, fence, 2)
    _setup_fence(typ, m3, m4, m5, m6, sx, st, start + (h - 1) * sx, w, fence, 1)


# --- building (placement.py) ----------------------------------------------------------------

@njit(**INLINE)
def _add_to_area(inds, idx, sx, t):
    tile = inds[idx, I_TILE]
    x0 = tile % sx
    y0 = tile // sx
    x = t % sx
    y = t // sx
    x1 = min(x0, x)
    ex = max(x0 + inds[idx, I_W] - 1, x)
    y1 = min(y0, y)
    ey = max(y0 + inds[idx, I_H] - 1, y)
    inds[idx, I_TILE] = y1 * sx + x1
    inds[idx, I_W] = ex - x1 + 1
    inds[idx, I_H] = ey - y1 + 1


@njit(**JIT)
def _do_create(typ, height, m1, m2, m3, m4, m5, m6, m7, m8, sx, sy, cfg, st, idx, tile, itype,
               lt, l0, ln, layout_index, town, random_bits, produced_count, produced_rate,
               behaviour, inds, type_town,
               town_pop, town_houses, town_flags, town_touched, hs_pop, hs_flags):
    """``DoCreateNewIndustry`` at world generation (placement.do_create_new_industry)."""
    inds[idx, I_TILE] = tile
    inds[idx, I_W] = 1
    inds[idx, I_H] = 1
    inds[idx, I_TYPE] = itype
    type_town[itype, town] += 1
    for k in range(produced_count[itype]):
        rate = produced_rate[itype, k]
        if cfg[C_SMOOTH_ECONOMY] != 0:
            rate = min(255, ((_rand_range(st, 256) + 128) * rate) >> 8)
        inds[idx, I_RATE0 + k] = rate
    inds[idx, I_TOWN] = town
    r = _rand(st) & 0xFFFF
    inds[idx, I_COLOUR] = r & 0xF
    inds[idx, I_COUNTER] = r >> 4
    inds[idx, I_RANDOM] = random_bits
    inds[idx, I_LAYOUT] = layout_index + 1
    freeform = cfg[C_FREEFORM] != 0
    for k in range(l0, l0 + ln):
        gfx = lt[k, 2]
        if gfx == GFX_WATER:
            continue
        cur = tile + lt[k, 1] * sx + lt[k, 0]
        _add_to_area(inds, idx, sx, cur)
        wc = ((m1[cur] >> 5) & 3) if _is_water_tile(typ, m5, cur) else WATER_CLASS_INVALID
        if clear_tile(typ, m1, m2, m3, m4, m5, m6, m7, m8, sx, sy, freeform, cur, 0,
                      town_pop, town_houses, town_flags, town_touched, hs_pop, hs_flags):
            clear_tile(typ, m1, m2, m3, m4, m5, m6, m7, m8, sx, sy, freeform, cur, EXECUTE,
                       town_pop, town_houses, town_flags, town_touched, hs_pop, hs_flags)
        rnd = _rand(st)
        typ[cur] = (typ[cur] & 0x0F) | (T_INDUSTRY << 4)        # MakeIndustry
        m1[cur] = (wc & 3) << 5
        m2[cur] = idx
        m3[cur] = rnd & 0xFF
        m4[cur] = 0
        m5[cur] = gfx & 0xFF
        m6[cur] = (m6[cur] & 0x03) | (((gfx >> 8) & 1) << 2)
        m7[cur] = 0
        m8[cur] = 0
        m1[cur] = (m1[cur] & ~0x0C) | (3 << 2)                  # construction counter 3
        m1[cur] = (m1[cur] & ~0x03) | 2                         # construction stage 2
    x0 = inds[idx, I_TILE] % sx
    y0 = inds[idx, I_TILE] // sx
    for j in range(inds[idx, I_H]):
        for i in range(inds[idx, I_W]):
            t = (y0 + j) * sx + x0 + i
            if (typ[t] >> 4) == T_INDUSTRY and np.int64(m2[t]) == idx:
                _rand(st)
    if behaviour[itype] & B_PLANT_ON_BUILD:
        for _ in range(50):
            x = inds[idx, I_W] // 2 + _rand(st) % 31 - 16
            y = inds[idx, I_H] // 2 + _rand(st) % 31 - 16
            t = _add_wrap(inds[idx, I_TILE], x, y, sx, sy, freeform)
            if t >= 0:
                plant_farm_field(typ, height, m1, m2, m3, m4, m5, m6, m7, m8, sx, sy, cfg, st,
                                 t, idx)


@njit(**JIT)
def place_industries(typ, height, m1, m2, m3, m4, m5, m6, m7, m8, sx, sy, cfg, st,
                     n_layouts, layout_start, layout_len, lt, conflicting, check_proc,
                     behaviour, produced_count, produced_rate, slopes_refused,
                     inds, type_town, near_head, near_next,
                     town_order, town_xy, town_cell_start, town_cells, town_pop, town_houses,
                     town_flags, town_touched,
                     hs_pop, hs_flags, new_height, is_dirty, changed, dirty, stack, portals,
                     trail, industry_type, count, chances, total):
    """``PlaceIndustry`` ``count`` times: of ``industry_type`` with 10,000
    tries (a type the climate must have), or (``industry_type`` < 0) each
    of a type drawn by ``chances`` (summing to ``total``) with 2,000.
    ``trail`` (rows of state0, state1) receives the Randomizer's state on
    entering each CreateNewIndustryHelper, as many as it has rows; the
    number entered is returned."""
    mask = typ.size - 1
    freeform = cfg[C_FREEFORM] != 0
    counts = np.zeros(2, np.int64)
    gx_near = (sx + NEAR_CELL - 1) // NEAR_CELL
    gy_near = (sy + NEAR_CELL - 1) // NEAR_CELL
    n_trail = 0
    for _ in range(count):
        it = industry_type
        tries = 10000
        if it < 0:
            tries = 2000
            r = _rand_range(st, total)
            it = 0
            while r >= chances[it]:
                r -= chances[it]
                it += 1
        beh = behaviour[it]
        proc = check_proc[it]
        for _try in range(tries):
            tile = _rand(st) & mask                                  # RandomTile()
            _rand(st)                                                # seed (random_var8f)
            seed2 = _rand(st)
            li = _rand_range(st, n_layouts[it])
            if n_trail < trail.shape[0]:
                trail[n_trail, 0] = st[0]
                trail[n_trail, 1] = st[1]
            n_trail += 1
            l0 = layout_start[it, li]
            ln = layout_len[it, li]
            # the checks draw nothing and change nothing: cheapest first
            if not _location_ok(typ, height, sx, sy, cfg, tile, proc):
                continue
            if not _tiles_free(typ, height, m1, m2, m3, m4, m5, m6, m7, m8, sx, sy, freeform,
                               tile, lt, l0, ln, beh, slopes_refused, town_pop, town_houses,
                               town_flags, town_touched, hs_pop, hs_flags):
                continue
            if not _slopes_ok(height, sx, sy, freeform, cfg[C_LAND_GENERATOR], tile, lt, l0, ln,
                              slopes_refused):
                continue
            if not _far_from_conflicting(sx, tile, it, conflicting, inds, near_head, near_next,
                                         gx_near, gy_near):
                continue
            town = _closest_town(typ, m2, m5, sx, sy, cfg, tile, town_order, town_xy,
                                 town_cell_start, town_cells)
            if cfg[C_MULTIPLE_PER_TOWN] == 0 and type_town[it, town] > 0:
                continue
            if (beh & B_TOWN1200_MORE) and town_pop[town] < 1200:
                continue
            if beh & B_ONLY_NEAR_TOWN:
                xy = -1
                for k in range(town_order.size):
                    if town_order[k] == town:
                        xy = town_xy[k]
                if _distance_max(xy, tile, sx) > 9:
                    continue
            if cfg[C_LAND_GENERATOR] == 1 and not level_platform(
                    typ, height, m1, m2, m3, m4, m5, m6, m7, m8, sx, sy, cfg, tile, lt, l0, ln,
                    False, town_pop, town_houses, town_flags, town_touched, hs_pop, hs_flags,
                    new_height, is_dirty, changed, dirty, stack, portals, counts):
                continue
            if cfg[C_COUNT] >= INDUSTRY_POOL_MAX:
                continue
            idx = cfg[C_NEXT_FREE]
            inds[idx, I_USED] = 1
            inds[idx, I_NEW] = 1
            inds[idx, I_TILE] = tile
            cfg[C_COUNT] += 1
            nxt = idx + 1
            while nxt < inds.shape[0] and inds[nxt, I_USED] != 0:
                nxt += 1
            cfg[C_NEXT_FREE] = nxt
            # (levelled whichever the land generator: only TerraGenesis asks first)
            level_platform(typ, height, m1, m2, m3, m4, m5, m6, m7, m8, sx, sy, cfg, tile,
                           lt, l0, ln, True, town_pop, town_houses, town_flags,
                           town_touched, hs_pop, hs_flags, new_height, is_dirty, changed,
                           dirty, stack, portals, counts)
            _do_create(typ, height, m1, m2, m3, m4, m5, m6, m7, m8, sx, sy, cfg, st, idx, tile,
                       it, lt, l0, ln, li, town, seed2 & 0xFFFF, produced_count, produced_rate,
                       behaviour, inds, type_town,
                       town_pop, town_houses, town_flags, town_touched, hs_pop, hs_flags)
            _file_near(sx, idx, it, inds, near_head, near_next, gx_near)
            break
    return n_trail
