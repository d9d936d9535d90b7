"""Where CreateRandomTown puts a town, as numba kernels: the same rules and
Random() draws as :mod:`.founding` (the readable reference the tests hold
to the game): RandomTile aligned to the layout's grid, on water the best
coastal spot nearby, elsewhere TownCanBePlacedHere.

:func:`place_town_k` runs CreateRandomTown's attempts until one finds a
place (the town is then founded and grown by the caller, and when it gets
no population the caller goes on with the attempts left);
:func:`next_town_spot_fast` is it for a World, the default of
:func:`.founding.create_random_town`.  It takes the
map's ``type``, ``height``, ``m1``, ``m2`` and ``m5`` arrays (flat), the
towns' centres (``towns_xy``, int64) and the Randomizer's int64 state.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from viewer.engine.jit import CallSite, njit
from viewer.engine.tgp.openttd15.rivers.tiles import rand as _random
from viewer.engine.tgp.openttd15.rivers.tiles import spiral

from .town import (
    CLEAR_ROUGH,
    MIN_EDGE_DISTANCE,
    MIN_TOWN_DISTANCE,
    SEARCH_DIAMETER,
    TL_2X2_GRID,
    TL_3X3_GRID,
    TREE_GROUND_ROUGH,
    VALID_TILE_GOAL,
    WATER_CLASS_INVALID,
    WATER_TILE_COAST,
    live_towns_xy,
)

JIT = dict(nogil=True, cache=True)
INLINE = dict(nogil=True, cache=True, inline="always")

T_CLEAR, T_TREES, T_STATION, T_WATER, T_INDUSTRY, T_OBJECT = 0, 4, 5, 6, 8, 10
COAST_SEARCH = 40
INLAND_SEARCH = 10
MAX_WATER_DISTANCE = 0x7F


@njit(**INLINE)
def _corners(height, sx, sy, x, y):
    x2 = min(x + 1, sx - 1)
    y2 = min(y + 1, sy - 1)
    return (height[y * sx + x], height[y * sx + x2], height[y2 * sx + x], height[y2 * sx + x2])


@njit(**INLINE)
def _flat(height, sx, sy, x, y):
    n, w, e, s = _corners(height, sx, sy, x, y)
    return n == w and w == e and e == s


@njit(**INLINE)
def _aligned(x, y, layout):
    if layout == TL_2X2_GRID:
        return x % 3 == 0 and y % 3 == 0
    if layout == TL_3X3_GRID:
        return x % 4 == 0 and y % 4 == 0
    return True


@njit(**JIT)
def can_be_placed_k(ttype, height, m2, m5, sx, sy, towns_xy, n_towns, tile, surrounding,
                    sp_dx, sp_dy):
    """TownCanBePlacedHere (see :func:`.founding.town_can_be_placed_here`)."""
    x = tile % sx
    y = tile // sx
    if min(min(x, y), min(sx - 1 - x, sy - 1 - y)) < MIN_EDGE_DISTANCE:
        return False
    for i in range(n_towns):
        txy = towns_xy[i]
        if abs(x - txy % sx) + abs(y - txy // sx) < MIN_TOWN_DISTANCE:
            return False
    tt = ttype[tile] >> 4
    if (tt != T_CLEAR and tt != T_TREES) or not _flat(height, sx, sy, x, y):
        return False
    if not surrounding:
        return True
    counter = 0
    n, w, e, s = _corners(height, sx, sy, x, y)
    town_height = min(min(n, w), min(e, s))
    for i in range(sp_dx.shape[0]):
        if counter == VALID_TILE_GOAL:
            break
        cx = x + sp_dx[i]
        cy = y + sp_dy[i]
        if cx < 0 or cy < 0 or cx >= sx or cy >= sy:
            continue
        t = cy * sx + cx
        kind = ttype[t] >> 4
        if kind == T_CLEAR:
            if (m5[t] >> 2) & 7 == CLEAR_ROUGH:
                continue
        elif kind == T_TREES:
            if (m2[t] >> 6) & 7 == TREE_GROUND_ROUGH:
                continue
        else:
            continue
        n, w, e, s = _corners(height, sx, sy, cx, cy)
        if max(max(n, w), max(e, s)) <= town_height + 1 and \
                min(min(n, w), min(e, s)) >= town_height - 1:
            counter += 1
    return counter >= VALID_TILE_GOAL


@njit(**INLINE)
def _water_ground(ttype, m1, m5, t):
    kind = ttype[t] >> 4
    if kind != T_WATER and kind != T_STATION and kind != T_INDUSTRY and kind != T_OBJECT \
            and kind != T_TREES:
        return False
    if (m1[t] >> 5) & 3 == WATER_CLASS_INVALID or kind == T_TREES:
        return False
    return not (kind == T_WATER and (m5[t] >> 4) == WATER_TILE_COAST)


@njit(**JIT)
def closest_water_distance_k(ttype, m1, m5, sx, sy, tile, freeform):
    """GetClosestWaterDistance(tile, true)."""
    if _water_ground(ttype, m1, m5, tile):
        return 0
    x = tile % sx
    y = tile // sx
    lo = 1 if freeform else 0
    ddx = (-1, 1, 1, -1)
    ddy = (1, 1, -1, -1)
    for dist in range(1, MAX_WATER_DISTANCE):
        y -= 1
        for d in range(4):
            for _a in range(dist):
                if lo <= x < sx - 1 and lo <= y < sy - 1:
                    if _water_ground(ttype, m1, m5, y * sx + x):
                        return dist
                x += ddx[d]
                y += ddy[d]
    return MAX_WATER_DISTANCE


@njit(**JIT)
def coastal_spot_k(ttype, height, m1, m2, m5, sx, sy, towns_xy, n_towns, tile, layout,
                   freeform, sp5x, sp5y, sp10x, sp10y, sp40x, sp40y):
    """FindNearestGoodCoastalTownSpot: the tile, or -1."""
    x0 = tile % sx
    y0 = tile // sx
    for i in range(sp40x.shape[0]):
        cx = x0 + sp40x[i]
        cy = y0 + sp40y[i]
        if cx < 0 or cy < 0 or cx >= sx or cy >= sy or (ttype[cy * sx + cx] >> 4) != T_CLEAR:
            continue
        furthest = -1
        max_dist = 0
        for j in range(sp10x.shape[0]):
            tx = cx + sp10x[j]
            ty = cy + sp10y[j]
            if tx < 0 or ty < 0 or tx >= sx or ty >= sy:
                continue
            test = ty * sx + tx
            if (ttype[test] >> 4) != T_CLEAR or not _flat(height, sx, sy, tx, ty) \
                    or not _aligned(tx, ty, layout):
                continue
            if not can_be_placed_k(ttype, height, m2, m5, sx, sy, towns_xy, n_towns, test,
                                   True, sp5x, sp5y):
                continue
            dist = closest_water_distance_k(ttype, m1, m5, sx, sy, test, freeform)
            if dist > max_dist:
                furthest = test
                max_dist = dist
        return furthest
    return -1


@njit(**JIT)
def place_town_k(ttype, height, m1, m2, m5, sx, sy, towns_xy, n_towns, rng, layout,
                 freeform, attempts, sp5x, sp5y, sp10x, sp10y, sp40x, sp40y):
    """CreateRandomTown's attempts until a tile passes: (the tile, the
    attempts left after this one), or (-1, 0) when none did."""
    mask = sx * sy - 1
    while attempts > 0:
        attempts -= 1
        tile = _random(rng) & mask
        x = tile % sx
        y = tile // sx
        if layout == TL_2X2_GRID:
            tile = (y - y % 3) * sx + (x - x % 3)
        elif layout == TL_3X3_GRID:
            tile = (y & ~3) * sx + (x & ~3)
        if (ttype[tile] >> 4) == T_WATER:
            tile = coastal_spot_k(ttype, height, m1, m2, m5, sx, sy, towns_xy, n_towns, tile,
                                  layout, freeform, sp5x, sp5y, sp10x, sp10y, sp40x, sp40y)
            if tile < 0:
                continue
        elif not can_be_placed_k(ttype, height, m2, m5, sx, sy, towns_xy, n_towns, tile, True,
                                 sp5x, sp5y):
            continue
        return tile, attempts
    return -1, 0


@lru_cache(maxsize=1)
def spirals() -> tuple[np.ndarray, ...]:
    """The spirals the placement walks (diameters 5, 10, 40) as offsets."""
    out = []
    for d in (SEARCH_DIAMETER, INLAND_SEARCH, COAST_SEARCH):
        dx, dy = spiral(d)
        out += [np.ascontiguousarray(dx, np.int64), np.ascontiguousarray(dy, np.int64)]
    return tuple(out)


_PLACE_TOWN = CallSite(place_town_k)    # (the same argument types at every call)


def next_town_spot_fast(world, layout: int, attempts: int) -> tuple[int | None, int]:
    """:func:`.founding.next_town_spot` by :func:`place_town_k`."""
    m = world.map
    towns_xy = live_towns_xy(world.towns)
    tile, left = _PLACE_TOWN(m.type, m.height, m.m1, m.m2, m.m5, m.size_x, m.size_y,
                              towns_xy, len(towns_xy), world.rng.state, layout,
                              bool(world.freeform_edges), attempts, *spirals())
    return (None if tile < 0 else int(tile)), int(left)
