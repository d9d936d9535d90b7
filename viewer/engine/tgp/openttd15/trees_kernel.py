"""GenerateTrees' loops compiled (numba): a grove's 1,000 tries and the
PlaceTreesRandomly passes, on the map's byte arrays and the plantable
arrays :mod:`.trees` keeps, drawing from the Randomizer's state array as
the Python loops do (the grove's polygon stays in Python: it is computed in
single precision with the C library's sinf and cosf)."""

from __future__ import annotations

import numpy as np

from ...jit import njit
from ..kernel import DIR_DX, DIR_DY, INLINE, JIT, _next, corner_slope

T_CLEAR, T_TREES, T_WATER, T_VOID = 0, 4, 6, 7


@njit(**INLINE)
def _tile_z(height, sx, sy, t):
    x = t % sx
    y = t // sx
    x2 = min(x + 1, sx - 1)
    y2 = min(y + 1, sy - 1)
    _s, z = corner_slope(np.int64(height[y * sx + x]), np.int64(height[y * sx + x2]),
                         np.int64(height[y2 * sx + x]), np.int64(height[y2 * sx + x2]))
    return z


@njit(**INLINE)
def _add_wrap(t, dx, dy, sx, sy, freeform):
    x = t % sx + dx
    y = t // sx + dy
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


@njit(**JIT)
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


@njit(**JIT)
def grove(typ, height, m1, m2, m3, m4, m5, m6, m7, m8, plantable, plantable_nd, sx, sy,
          landscape, freeform, rng, center, inside, steps):
    """One tree group's ``steps`` tries around ``center`` within the
    polygon ``inside`` (``[y + 16, x + 16]``)."""
    s0 = rng[0]
    s1 = rng[1]
    for _ in range(steps):
        s0, s1, r = _next(s0, s1)
        x = (r & 31) - 16
        y = ((r >> 8) & 31) - 16
        cur = _add_wrap(center, x, y, sx, sy, freeform)
        if cur < 0 or not plantable[cur] or not inside[y + 16, x + 16]:
            continue
        place_tree(typ, m1, m2, m3, m4, m5, m6, m7, m8, plantable, plantable_nd, sx, sy,
                   landscape, cur, r)
    rng[0] = s0
    rng[1] = s1
    rng[2] += steps


@njit(**JIT)
def trees_randomly(typ, height, m1, m2, m3, m4, m5, m6, m7, m8, plantable, plantable_nd, sx,
                   sy, landscape, freeform, rng, improved, snow_line, max_height, steps,
                   rain_steps, same_height_steps):
    """``PlaceTreesRandomly``: ``steps`` random tiles (the improved placer
    adding trees at about the same height around each), then in the tropic
    ``rain_steps`` tries in the rainforest."""
    s0 = rng[0]
    s1 = rng[1]
    calls = 0
    mask = sx * sy - 1
    for _ in range(steps):
        s0, s1, r = _next(s0, s1)
        calls += 1
        tile = r & mask
        if not plantable[tile]:
            continue
        place_tree(typ, m1, m2, m3, m4, m5, m6, m7, m8, plantable, plantable_nd, sx, sy,
                   landscape, tile, r)
        if not improved:
            continue
        ht = _tile_z(height, sx, sy, tile)
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
                cur = _add_wrap(tile, x, y, sx, sy, freeform)
                if cur < 0 or abs(x) + abs(y) > 16 or not plantable[cur]:
                    continue
                if abs(_tile_z(height, sx, sy, cur) - ht) > 2:
                    continue
                place_tree(typ, m1, m2, m3, m4, m5, m6, m7, m8, plantable, plantable_nd, sx,
                           sy, landscape, cur, r)
                break
    if landscape == 2:
        for _ in range(rain_steps):
            s0, s1, r = _next(s0, s1)
            calls += 1
            tile = r & mask
            if (typ[tile] & 3) == 2 and plantable_nd[tile]:
                place_tree(typ, m1, m2, m3, m4, m5, m6, m7, m8, plantable, plantable_nd, sx,
                           sy, landscape, tile, r)
    rng[0] = s0
    rng[1] = s1
    rng[2] += calls
