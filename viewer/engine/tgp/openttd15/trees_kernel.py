"""GenerateTrees compiled (numba), in one call: the plantable tiles, the
tree groups (each grove's star-shaped polygon in single precision with the
C library's ``sinf``, :data:`_sinf`, and its 1,000 tries) and the
PlaceTreesRandomly passes, drawing from the Randomizer's state array as the
Python loops of :mod:`.trees` do.

The loops look at one byte a tile (:func:`plant_codes`: whether a tree may
grow there, with desert allowed and not, and the tropic zone) and the
heights, and note each tree planted (its tile and Random() word); the
trees are then planted on the map's bytes in that order
(:func:`plant_noted`): the same bytes as planting each at once, since
planting a tree changes nothing the loops read but the plant codes.  The
cancel flag (``flag[STOP]``) is looked at before each grove, each random
tile of a pass and every 1,024 rainforest tries."""

from __future__ import annotations

import numpy as np

from ...jit import njit
from ...protocol import STOP
from ..game.map_kernels import wrap_xy
from ..kernel import DIR_DX, DIR_DY, INLINE, JIT, _next, corner_slope

T_CLEAR, T_TREES, T_WATER, T_VOID = 0, 4, 6, 7
CLEAR_ROCKS, CLEAR_FIELDS, CLEAR_DESERT = 2, 3, 5
WATER_TILE_COAST = 1
ZONE_RAINFOREST = 2
GROVE_SEGMENTS = 16
GROVE_RADIUS = 16
"""A grove's tries reach -16 .. 15 tiles on each axis from its centre."""
PLANTABLE, PLANTABLE_NO_DESERT = 1, 2
"""Bits of a tile's plant code (:func:`plant_codes`): ``CanPlantTreesOnTile``
with desert allowed and not; bits 2..3 hold the tropic zone."""


@njit(**JIT)
def plant_codes(typ, height, m5, sx, sy, codes):
    """Each tile's plant code: ``CanPlantTreesOnTile`` with desert allowed
    (:data:`PLANTABLE`) and not (:data:`PLANTABLE_NO_DESERT`): clear land
    but fields and rocks, or coast whose slope is not one raised corner,
    none under a bridge; and the tropic zone (bits 2..3)."""
    for t in range(sx * sy):
        code = 0
        if ((typ[t] >> 2) & 3) == 0:
            tt = typ[t] >> 4
            if tt == T_CLEAR:
                g = (m5[t] >> 2) & 7
                if g != CLEAR_FIELDS and g != CLEAR_ROCKS:
                    code = PLANTABLE if g == CLEAR_DESERT else PLANTABLE | PLANTABLE_NO_DESERT
            elif tt == T_WATER and (m5[t] >> 4) == WATER_TILE_COAST:
                x = t % sx
                y = t // sx
                x2 = min(x + 1, sx - 1)
                y2 = min(y + 1, sy - 1)
                slope, _z = corner_slope(
                    np.int64(height[y * sx + x]), np.int64(height[y * sx + x2]),
                    np.int64(height[y2 * sx + x]), np.int64(height[y2 * sx + x2]))
                if slope != 1 and slope != 2 and slope != 4 and slope != 8:
                    code = PLANTABLE | PLANTABLE_NO_DESERT
        codes[t] = code | ((typ[t] & 3) << 2)


@njit(**INLINE)
def _tile_z(height, sx, sy, shift, t):
    """``GetTileZ``: the lowest corner (the last row and column read their
    own); the map is ``1 << shift`` tiles wide."""
    x = t & (sx - 1)
    y = t >> shift
    x2 = min(x + 1, sx - 1)
    y2 = min(y + 1, sy - 1)
    return min(min(np.int64(height[y * sx + x]), np.int64(height[y * sx + x2])),
               min(np.int64(height[y2 * sx + x]), np.int64(height[y2 * sx + x2])))


@njit(**INLINE)
def _add_wrap(t, dx, dy, sx, sy, shift, freeform):
    """``TileAddWrap`` (-1 for none)."""
    return wrap_xy((t & (sx - 1)) + dx, (t >> shift) + dy, sx, sy, freeform)


@njit(**INLINE)
def _tree_type(zone, landscape, seed):
    """``GetRandomTreeType`` (0xFF: none, a desert tile's seed above 12)."""
    if landscape == 0:
        return seed * 12 // 256
    if landscape == 1:
        return seed * 8 // 256 + 0x0C
    if landscape == 2:
        if zone == 0:
            return seed * 4 // 256 + 0x1C
        if zone == 1:
            return 0xFF if seed > 12 else 0x1B
        return seed * 7 // 256 + 0x14
    return seed * 9 // 256 + 0x20


@njit(**INLINE)
def _note_tree(codes, landscape, t, r, noted, n):
    """``PlaceTree``'s choice: unless the seed gives no tree, the tile
    takes no more and (``t``, ``r``) is noted as ``noted[n]`` (the array
    doubled when full).  Returns the array and the count."""
    if _tree_type((codes[t] >> 2) & 3, landscape, (r >> 24) & 0xFF) == 0xFF:
        return noted, n
    codes[t] = codes[t] & ~(PLANTABLE | PLANTABLE_NO_DESERT)
    if n == noted.shape[0]:
        more = np.empty((2 * n, 2), np.int64)
        more[:n] = noted
        noted = more
    noted[n, 0] = t
    noted[n, 1] = r
    return noted, n + 1


@njit(**INLINE)
def plant_trees_on_tile(typ, m1, m2, m3, m4, m5, m6, m7, m8, sx, size, t, tree, count, growth):
    """``PlantTreesOnTile``: ``count`` + 1 trees of type ``tree`` at stage
    ``growth`` on the tile's ground (shore on a coast, whose neighbouring
    water may flood again; snow and desert kept; clear land's density but
    rough's).  Returns the tree ground."""
    density = 3
    if (typ[t] >> 4) == T_WATER:
        ground = 3
        for d in range(8):
            u = t + DIR_DY[d] * sx + DIR_DX[d]
            if 0 <= u < size and (typ[u] >> 4) == T_WATER:
                m3[u] = m3[u] & 0xFE
    else:
        cg = (m5[t] >> 2) & 7
        if m3[t] & 0x10:
            ground = 4 if cg == 1 else 2
        elif cg == 0:
            ground = 0
        elif cg == 1:
            ground = 1
        else:
            ground = 2
        if cg != 1:
            density = m5[t] & 3
    typ[t] = (typ[t] & 0x0F) | (T_TREES << 4)
    m1[t] = (m1[t] & 0x80) | 0x10 | ((0 if ground == 3 else 3) << 5)
    m2[t] = (ground << 6) | (density << 4)
    m3[t] = tree
    m4[t] = 0
    m5[t] = (count << 6) | growth
    m6[t] = m6[t] & 0x03
    m7[t] = 0
    m8[t] = 0
    return ground


@njit(**JIT)
def plant_noted(typ, m1, m2, m3, m4, m5, m6, m7, m8, sx, sy, landscape, noted, n):
    """``PlaceTree`` of the ``n`` noted trees, in order: the tree from the
    word's bits on the tile's ground (shore on a coast, whose neighbouring
    water may flood again; snow or desert kept), the ground re-drawn."""
    size = sx * sy
    for i in range(n):
        t = noted[i, 0]
        r = noted[i, 1]
        tree = _tree_type(typ[t] & 3, landscape, (r >> 24) & 0xFF)
        ground = plant_trees_on_tile(typ, m1, m2, m3, m4, m5, m6, m7, m8, sx, size, t, tree,
                                     (r >> 22) & 3, min((r >> 16) & 7, 6))
        if ground != 2 and ground != 4 and ground != 3:      # the ground re-drawn
            g = (r >> 28) & 1
            m2[t] = (m2[t] & 0xFE0F) | (g << 6) | (3 << 4)
            m1[t] = (m1[t] & 0x9F) | (3 << 5)


@njit(**INLINE)
def _in_triangle(x, y, x1, y1, x2, y2):
    """``PointInTriangle`` of (x, y) and the triangle ((x1, y1), (x2, y2),
    (0, 0)): the edge functions' signs (true only inside the closed
    triangle)."""
    s = x1 * y - y1 * x
    t = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
    if (s < 0) != (t < 0) and s != 0 and t != 0:
        return False
    d = -x2 * (y - y2) + y2 * (x - x2)
    return (d < 0) == (s + t <= 0)


@njit(**JIT)
def star_polygon_mask(px, py, inside):
    """``IsPointInStarShapedPolygon`` of every offset a grove draws
    (``inside[y + 16, x + 16]``, x and y in -16 .. 15): in one of the
    triangles the polygon's edges make with (0, 0), each triangle tried on
    the offsets of its bounding box only (it holds no other)."""
    inside[:, :] = 0
    n = px.size
    lo = -GROVE_RADIUS
    hi = GROVE_RADIUS - 1
    for i in range(n):
        x1 = px[i]
        y1 = py[i]
        j = i + 1 if i + 1 < n else 0
        x2 = px[j]
        y2 = py[j]
        for y in range(max(lo, min(0, min(y1, y2))), min(hi, max(0, max(y1, y2))) + 1):
            for x in range(max(lo, min(0, min(x1, x2))), min(hi, max(0, max(x1, x2))) + 1):
                if inside[y + GROVE_RADIUS, x + GROVE_RADIUS] == 0 and \
                        _in_triangle(x, y, x1, y1, x2, y2):
                    inside[y + GROVE_RADIUS, x + GROVE_RADIUS] = 1


_sinf = None
"""The C library's ``sinf`` (the game's), linked by name (so that the
module compiled ahead of time finds it too); bound by :func:`__materialize__`
when numba compiles the kernels (its type needs numba)."""


def __materialize__() -> None:
    """Bind :data:`_sinf` (:func:`viewer.engine.jit.materialize`)."""
    global _sinf
    from numba import types

    _sinf = types.ExternalFunction("sinf", types.float32(types.float32))


@njit(**INLINE)
def _grove_shape(s0, s1, theta, cos_theta, sin_theta, amplitude, divisor, px, py):
    """``CreateRandomStarShapedPolygon`` (radius 16, 16 segments): four
    harmonics of random phase, each segment's point at the radius they
    make, all in single precision.  Returns the Randomizer's new words."""
    p1 = np.float32(0)
    p2 = np.float32(0)
    p3 = np.float32(0)
    p4 = np.float32(0)
    for h in range(4):
        s0, s1, r = _next(s0, s1)
        phase = np.float32(r) / divisor
        if h == 0:
            p1 = phase
        elif h == 1:
            p2 = phase
        elif h == 2:
            p3 = phase
        else:
            p4 = phase
    half = np.float32(2)
    for i in range(GROVE_SEGMENTS):
        th = theta[i]
        dev = np.float32(0)
        dev = dev + _sinf(np.float32(th + p1) * np.float32(1)) * amplitude[0]
        dev = dev + _sinf(np.float32(th + p2) * np.float32(2)) * amplitude[1]
        dev = dev + _sinf(np.float32(th + p3) * np.float32(3)) * amplitude[2]
        dev = dev + _sinf(np.float32(th + p4) * np.float32(4)) * amplitude[3]
        adjusted = np.float32(GROVE_RADIUS) / half + dev / half
        px[i] = int(cos_theta[i] * adjusted)
        py[i] = int(sin_theta[i] * adjusted)
    return s0, s1


@njit(**JIT)
def generate(typ, height, m1, m2, m3, m4, m5, m6, m7, m8, sx, sy, landscape, freeform, rng,
             num_groups, grove_steps, theta, cos_theta, sin_theta, amplitude, divisor,
             passes, improved, snow_line, max_height, steps, rain_steps, same_height_steps,
             marks, flag):
    """GenerateTrees after its first draw: ``num_groups`` groves of
    ``grove_steps`` tries (none when 0), then ``passes`` PlaceTreesRandomly;
    ``marks[i]`` gets the Randomizer's words on entering pass ``i``.
    Returns the passes entered (fewer than ``passes``, or groves left, when
    the flag stopped it)."""
    size = sx * sy
    codes = np.empty(size, np.uint8)
    plant_codes(typ, height, m5, sx, sy, codes)
    noted = np.empty((max(1024, size // 8), 2), np.int64)
    n = 0
    s0 = rng[0]
    s1 = rng[1]
    calls = 0
    mask = size - 1
    shift = 0
    while (1 << shift) < sx:
        shift += 1
    px = np.zeros(GROVE_SEGMENTS, np.int64)
    py = np.zeros(GROVE_SEGMENTS, np.int64)
    inside = np.empty((2 * GROVE_RADIUS, 2 * GROVE_RADIUS), np.int8)
    stopped = False
    while num_groups > 0:
        if flag[STOP] != 0:
            stopped = True
            break
        s0, s1, r = _next(s0, s1)
        center = r & mask
        s0, s1 = _grove_shape(s0, s1, theta, cos_theta, sin_theta, amplitude, divisor,
                              px, py)
        calls += 5
        star_polygon_mask(px, py, inside)
        for _ in range(grove_steps):
            s0, s1, r = _next(s0, s1)
            x = (r & 31) - GROVE_RADIUS
            y = ((r >> 8) & 31) - GROVE_RADIUS
            cur = _add_wrap(center, x, y, sx, sy, shift, freeform)
            if cur < 0 or (codes[cur] & PLANTABLE) == 0:
                continue
            if inside[y + GROVE_RADIUS, x + GROVE_RADIUS] == 0:
                continue
            noted, n = _note_tree(codes, landscape, cur, r, noted, n)
        calls += grove_steps
        num_groups -= 1
    entered = 0
    for _p in range(passes):
        if stopped:
            break
        marks[entered, 0] = s0
        marks[entered, 1] = s1
        entered += 1
        for _ in range(steps):
            if flag[STOP] != 0:
                stopped = True
                break
            s0, s1, r = _next(s0, s1)
            calls += 1
            tile = r & mask
            if (codes[tile] & PLANTABLE) == 0:
                continue
            noted, n = _note_tree(codes, landscape, tile, r, noted, n)
            if not improved:
                continue
            ht = _tile_z(height, sx, sy, shift, tile)
            j = ht * 2
            if landscape == 1 and ht > snow_line:
                j *= 3
            if max_height > 15:
                j = j * 15 // max_height
            for _k in range(j):
                for _i in range(same_height_steps):
                    s0, s1, r = _next(s0, s1)
                    calls += 1
                    x = (r & 31) - 16
                    y = ((r >> 8) & 31) - 16
                    if abs(x) + abs(y) > 16:      # (the game's checks, the cheap first)
                        continue
                    cur = _add_wrap(tile, x, y, sx, sy, shift, freeform)
                    if cur < 0 or (codes[cur] & PLANTABLE) == 0:
                        continue
                    if abs(_tile_z(height, sx, sy, shift, cur) - ht) > 2:
                        continue
                    noted, n = _note_tree(codes, landscape, cur, r, noted, n)
                    break
        if landscape == 2:
            for i in range(rain_steps):
                if (i & 1023) == 0 and flag[STOP] != 0:
                    stopped = True
                if stopped:
                    break
                s0, s1, r = _next(s0, s1)
                calls += 1
                tile = r & mask
                c = codes[tile]
                if (c >> 2) & 3 == ZONE_RAINFOREST and (c & PLANTABLE_NO_DESERT) != 0:
                    noted, n = _note_tree(codes, landscape, tile, r, noted, n)
    rng[0] = s0
    rng[1] = s1
    rng[2] += calls
    plant_noted(typ, m1, m2, m3, m4, m5, m6, m7, m8, sx, sy, landscape, noted, n)
    return entered
