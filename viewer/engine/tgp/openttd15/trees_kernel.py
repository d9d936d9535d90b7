"""GenerateTrees compiled (numba), in one call: the plantable tiles, the
tree groups (each grove's star-shaped polygon in single precision with the
C library's ``sinf``, taken as an argument, and its 1,000 tries) and the
PlaceTreesRandomly passes, on the map's byte arrays, drawing from the
Randomizer's state array as the Python loops of :mod:`.trees` do.  The
cancel flag (``flag[STOP]``) is looked at before each grove, each random
tile of a pass and every 1,024 rainforest tries."""

from __future__ import annotations

import numpy as np

from ...jit import njit
from ...protocol import STOP
from ..kernel import DIR_DX, DIR_DY, INLINE, JIT, _next, corner_slope

T_CLEAR, T_TREES, T_WATER, T_VOID = 0, 4, 6, 7


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
    x = (t & (sx - 1)) + dx
    y = (t >> shift) + dy
    if (x == 0 or y == 0) and freeform:
        return -1
    if 0 <= x < sx - 1 and 0 <= y < sy - 1:
        return y * sx + x
    return -1


@njit(**INLINE)
def _tree_type(typ, landscape, t, seed):
    if landscape == 0:
        return seed * 12 // 256
    if landscape == 1:
        return seed * 8 // 256 + 0x0C
    if landscape == 2:
        zone = typ[t] & 3
        if zone == 0:
            return seed * 4 // 256 + 0x1C
        if zone == 1:
            return 0xFF if seed > 12 else 0x1B
        return seed * 7 // 256 + 0x14
    return seed * 9 // 256 + 0x20


@njit(**INLINE)
def place_tree(typ, m1, m2, m3, m4, m5, m6, m7, m8, plantable, plantable_nd, sx, sy, landscape,
               t, r):
    """``PlaceTree``: the tree from ``r``'s bits, planted on the tile's
    ground (shore on a coast, snow or desert kept), the ground re-drawn."""
    tree = _tree_type(typ, landscape, t, (r >> 24) & 0xFF)
    if tree == 0xFF:
        return
    n = sx * sy
    density = 3
    if (typ[t] >> 4) == T_WATER:
        ground = 3
        for d in range(8):
            u = t + DIR_DY[d] * sx + DIR_DX[d]
            if 0 <= u < n and (typ[u] >> 4) != T_VOID and (typ[u] >> 4) == T_WATER:
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
    m5[t] = (((r >> 22) & 3) << 6) | min((r >> 16) & 7, 6)
    m6[t] = m6[t] & 0x03
    m7[t] = 0
    m8[t] = 0
    plantable[t] = False
    plantable_nd[t] = False
    if ground != 2 and ground != 4 and ground != 3:
        g = (r >> 28) & 1
        m2[t] = (m2[t] & 0xFE0F) | (g << 6) | (3 << 4)
        m1[t] = (m1[t] & 0x9F) | (3 << 5)


CLEAR_ROCKS, CLEAR_FIELDS, CLEAR_DESERT = 2, 3, 5
WATER_TILE_COAST = 1
GROVE_SEGMENTS = 16
GROVE_RADIUS = 16
"""A grove's tries reach -16 .. 15 tiles on each axis from its centre."""


@njit(**JIT)
def plantable_tiles(typ, height, m5, sx, sy, plantable, plantable_nd):
    """``CanPlantTreesOnTile`` of every tile, with desert allowed
    (``plantable``) and not (``plantable_nd``): clear land but fields and
    rocks, or coast whose slope is not one raised corner; none under a
    bridge."""
    for t in range(sx * sy):
        ok = False
        ok_nd = False
        if ((typ[t] >> 2) & 3) == 0:
            tt = typ[t] >> 4
            if tt == T_CLEAR:
                g = (m5[t] >> 2) & 7
                ok = g != CLEAR_FIELDS and g != CLEAR_ROCKS
                ok_nd = ok and g != CLEAR_DESERT
            elif tt == T_WATER and (m5[t] >> 4) == WATER_TILE_COAST:
                x = t % sx
                y = t // sx
                x2 = min(x + 1, sx - 1)
                y2 = min(y + 1, sy - 1)
                slope, _z = corner_slope(
                    np.int64(height[y * sx + x]), np.int64(height[y * sx + x2]),
                    np.int64(height[y2 * sx + x]), np.int64(height[y2 * sx + x2]))
                ok = slope != 1 and slope != 2 and slope != 4 and slope != 8
                ok_nd = ok
        plantable[t] = ok
        plantable_nd[t] = ok_nd


@njit(**INLINE)
def _in_star_polygon(x, y, px, py):
    """``IsPointInStarShapedPolygon``: (x, y) in one of the triangles the
    polygon's edges make with (0, 0)."""
    n = px.size
    for i in range(n):
        x1 = px[i]
        y1 = py[i]
        j = i + 1 if i + 1 < n else 0
        x2 = px[j]
        y2 = py[j]
        s = x1 * y - y1 * x
        t = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        if (s < 0) != (t < 0) and s != 0 and t != 0:
            continue
        d = -x2 * (y - y2) + y2 * (x - x2)
        if (d < 0) == (s + t <= 0):
            return True
    return False


@njit(**INLINE)
def _grove_shape(s0, s1, sinf, theta, cos_theta, sin_theta, amplitude, divisor, px, py):
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
        dev = dev + sinf(np.float32(th + p1) * np.float32(1)) * amplitude[0]
        dev = dev + sinf(np.float32(th + p2) * np.float32(2)) * amplitude[1]
        dev = dev + sinf(np.float32(th + p3) * np.float32(3)) * amplitude[2]
        dev = dev + sinf(np.float32(th + p4) * np.float32(4)) * amplitude[3]
        adjusted = np.float32(GROVE_RADIUS) / half + dev / half
        px[i] = int(cos_theta[i] * adjusted)
        py[i] = int(sin_theta[i] * adjusted)
    return s0, s1


@njit(**JIT)
def generate(typ, height, m1, m2, m3, m4, m5, m6, m7, m8, plantable, plantable_nd, sx, sy,
             landscape, freeform, rng, num_groups, grove_steps, sinf, theta, cos_theta,
             sin_theta, amplitude, divisor, passes, improved, snow_line, max_height, steps,
             rain_steps, same_height_steps, marks, flag):
    """GenerateTrees after its first draw: ``num_groups`` groves of
    ``grove_steps`` tries (none when 0), then ``passes`` PlaceTreesRandomly;
    ``marks[i]`` gets the Randomizer's words on entering pass ``i``.
    Returns the passes entered (fewer than ``passes``, or groves left, when
    the flag stopped it)."""
    s0 = rng[0]
    s1 = rng[1]
    calls = 0
    mask = sx * sy - 1
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
        s0, s1 = _grove_shape(s0, s1, sinf, theta, cos_theta, sin_theta, amplitude, divisor,
                              px, py)
        calls += 5
        inside[:, :] = -1              # each offset looked at once, when first drawn
        for _ in range(grove_steps):
            s0, s1, r = _next(s0, s1)
            x = (r & 31) - GROVE_RADIUS
            y = ((r >> 8) & 31) - GROVE_RADIUS
            cur = _add_wrap(center, x, y, sx, sy, shift, freeform)
            if cur < 0 or not plantable[cur]:
                continue
            seen = inside[y + GROVE_RADIUS, x + GROVE_RADIUS]
            if seen < 0:
                seen = 1 if _in_star_polygon(x, y, px, py) else 0
                inside[y + GROVE_RADIUS, x + GROVE_RADIUS] = seen
            if seen == 0:
                continue
            place_tree(typ, m1, m2, m3, m4, m5, m6, m7, m8, plantable, plantable_nd, sx, sy,
                       landscape, cur, r)
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
            if not plantable[tile]:
                continue
            place_tree(typ, m1, m2, m3, m4, m5, m6, m7, m8, plantable, plantable_nd, sx, sy,
                       landscape, tile, r)
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
                    if cur < 0 or not plantable[cur]:
                        continue
                    if abs(_tile_z(height, sx, sy, shift, cur) - ht) > 2:
                        continue
                    place_tree(typ, m1, m2, m3, m4, m5, m6, m7, m8, plantable, plantable_nd,
                               sx, sy, landscape, cur, r)
                    break
        if landscape == 2:
            for i in range(rain_steps):
                if stopped:
                    break
                if (i & 1023) == 0 and flag[STOP] != 0:
                    stopped = True
                    break
                s0, s1, r = _next(s0, s1)
                calls += 1
                tile = r & mask
                if (typ[tile] & 3) == 2 and plantable_nd[tile]:
                    place_tree(typ, m1, m2, m3, m4, m5, m6, m7, m8, plantable, plantable_nd,
                               sx, sy, landscape, tile, r)
    rng[0] = s0
    rng[1] = s1
    rng[2] += calls
    return entered
