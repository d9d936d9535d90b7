"""GenerateObjects' tries compiled (numba): a kind's up to ScaleBySize(1000)
tries of TryBuildTransmitter or TryBuildLighthouse, on the map's byte
arrays, drawing from the Randomizer's state array as the Python loops of
:mod:`.objects` do, each object built noted (its tile, town and colour)
for the object pool's records."""

from __future__ import annotations

import numpy as np

from ...jit import njit
from ..kernel import INLINE, JIT, _next

T_CLEAR, T_WATER, T_VOID, T_OBJECT = 0, 6, 7, 10
OBJECT_TRANSMITTER, OBJECT_LIGHTHOUSE = 0, 1
WATER_CLASS_SEA, WATER_CLASS_INVALID = 0, 3
OWNER_NONE = 0x10
LIGHTHOUSE_WALK = 19


@njit(**INLINE)
def _flat_clear_height(typ, height, sx, sy, t):
    """The height of ``t`` when it is flat clear land with no bridge above,
    else -1."""
    if (typ[t] >> 4) != T_CLEAR or ((typ[t] >> 2) & 3) != 0:
        return -1
    x = t % sx
    y = t // sx
    x2 = min(x + 1, sx - 1)
    y2 = min(y + 1, sy - 1)
    h = height[t]
    if height[y * sx + x2] != h or height[y2 * sx + x] != h or height[y2 * sx + x2] != h:
        return -1
    return h


@njit(**INLINE)
def _kind_within(typ, m2, m5, sx, sy, tile, kind, obj_types, n_objects):
    """An object of ``kind`` on the 9x9 square around ``tile``."""
    x = tile % sx
    y = tile // sx
    for yy in range(max(0, y - 4), min(sy, y + 5)):
        for xx in range(max(0, x - 4), min(sx, x + 5)):
            t = yy * sx + xx
            if (typ[t] >> 4) == T_OBJECT:
                idx = np.int64(m2[t]) | (np.int64(m5[t]) << 16)
                if idx < n_objects and obj_types[idx] == kind:
                    return True
    return False


@njit(**INLINE)
def _closest_town(town_xy, sx, tile):
    """``CalcClosestTownFromTile``: the position in ``town_xy`` (by index)
    of the nearest centre by Manhattan distance, the first of the nearest;
    -1 without towns."""
    best = -1
    best_d = 0
    x = tile % sx
    y = tile // sx
    for i in range(town_xy.size):
        d = abs(town_xy[i] % sx - x) + abs(town_xy[i] // sx - y)
        if best < 0 or d < best_d:
            best = i
            best_d = d
    return best


@njit(**JIT)
def build_objects(typ, height, m1, m2, m3, m4, m5, m6, m7, m8, sx, sy, rng, kind, amount, tries,
                  obj_types, n_objects, pool_max, town_xy, built_tile, built_town,
                  built_colour):
    """Up to ``tries`` tries of building an object of ``kind`` until
    ``amount`` are built or the pool (``n_objects`` of ``pool_max``) is
    full; ``obj_types`` is the pool's types by index (each built appended).
    Returns how many were built; ``built_*[i]`` the i-th's tile, town
    (position in ``town_xy``, -1 for none) and colour."""
    s0 = rng[0]
    s1 = rng[1]
    calls = 0
    size = sx * sy
    maxx = sx - 1
    maxy = sy - 1
    built = 0
    while tries != 0 and amount != 0 and n_objects < pool_max:
        tries -= 1
        s0, s1, r = _next(s0, s1)
        calls += 1
        tile = -1
        if kind == OBJECT_TRANSMITTER:
            h = _flat_clear_height(typ, height, sx, sy, r & (size - 1))
            if h >= 4 and not _kind_within(typ, m2, m5, sx, sy, r & (size - 1), kind,
                                           obj_types, n_objects):
                tile = r & (size - 1)
        else:
            perimeter = ((r >> 16) % (2 * (maxx + maxy))) - maxy
            d = 0
            while perimeter > 0:
                perimeter -= maxx if d == 0 or d == 2 else maxy
                d += 1
            if d == 1:
                t = sx * 1 + r % maxx
                dx, dy = 0, 1
            elif d == 2:
                t = sx * (r % maxy) + 1
                dx, dy = 1, 0
            elif d == 3:
                t = sx * (maxy - 1) + r % maxx
                dx, dy = 0, -1
            else:
                t = sx * (r % maxy) + maxx - 1
                dx, dy = -1, 0
            if (typ[t] >> 4) == T_WATER and ((m1[t] >> 5) & 3) == WATER_CLASS_SEA:
                for _ in range(LIGHTHOUSE_WALK):
                    h = _flat_clear_height(typ, height, sx, sy, t)
                    if h >= 0 and h <= 2:
                        if not _kind_within(typ, m2, m5, sx, sy, t, kind, obj_types,
                                            n_objects):
                            tile = t
                        break
                    t += dy * sx + dx
                    if t < 0 or t >= size or (typ[t] >> 4) == T_VOID:
                        break
        if tile < 0:
            continue
        # BuildObject: its town, its colour (a draw), the tile's random bits (a draw)
        built_tile[built] = tile
        built_town[built] = _closest_town(town_xy, sx, tile)
        s0, s1, r = _next(s0, s1)
        built_colour[built] = r & 0xF
        s0, s1, r = _next(s0, s1)
        calls += 2
        water = (typ[tile] >> 4) == T_WATER and (m5[tile] >> 4) == 0
        wc = ((m1[tile] >> 5) & 3) if water else WATER_CLASS_INVALID
        index = n_objects
        typ[tile] = (typ[tile] & 0x0F) | (T_OBJECT << 4)
        m1[tile] = (m1[tile] & 0x80) | ((wc & 3) << 5) | OWNER_NONE
        m2[tile] = index & 0xFFFF
        m3[tile] = r & 0xFF
        m4[tile] = 0
        m5[tile] = (index >> 16) & 0xFF
        m6[tile] = m6[tile] & 0x03
        m7[tile] = 0
        m8[tile] = 0
        obj_types[index] = kind
        n_objects += 1
        built += 1
        amount -= 1
    rng[0] = s0
    rng[1] = s1
    rng[2] += calls
    return built
