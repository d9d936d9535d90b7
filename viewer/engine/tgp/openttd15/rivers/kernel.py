"""OpenTTD 15.2's CreateRivers as numba kernels: springs, the flow search
(with small-sea filling), lakes, wetlands, river segments and their
widening, and the last ConvertGroundTilesIntoWaterTiles.  See
:mod:`.tiles` for the calling convention and
``../shared/reference/tgp-rivers/README.md`` for the sequence in words.

:func:`attempt_well` runs one well (all its tries) and writes what
happened into its ``out`` array (:data:`OUT_FIELDS`).
"""

from __future__ import annotations

import numpy as np

from ....jit import njit
from ...kernel import DIR_DX, DIR_DY, FLOOD_FROM_DIRS, INLINE, JIT
from .route import find_route
from .tiles import (
    Counts,
    Params,
    Scratch,
    Tiles,
    CG_ROUGH,
    F_FLOW,
    F_SEA,
    K_CLEAR,
    K_RIVER,
    K_SEA,
    K_SHORE,
    K_TREES,
    K_VOID,
    SPRING_BLOCK_BITS,
    SPRING_UNKNOWN,
    TG_GRASS,
    TG_ROUGH,
    TG_ROUGH_SNOW,
    TG_SNOW_DESERT,
    TROPIC,
    Z_DESERT,
    Z_RAINFOREST,
    chance16,
    diag_off,
    flat,
    flows_sz,
    in_map,
    inclined_dir,
    is_inclined,
    is_valid,
    is_water,
    make_river,
    manhattan,
    mz,
    one_corner,
    rand,
    rand_range,
    spiral,
    spiral_tile,
    spring_block,
    sz,
    three_corners,
)
from .terraform import terraform, terraform_inline

# out[]: what attempt_well did
OUT_FIELDS = ("tries", "spring", "made", "end", "end_tile", "segments", "widened")
END_NONE, END_SEA, END_RIVER, END_LAKE, END_WETLAND = 0, 1, 2, 3, 4
END_NAMES = ("", "sea", "river", "lake", "wetland")


@njit(**INLINE)
def find_spring(h, sl, k, tr, lx, sy, tropic, freeform, t):
    """FindSpring(t) (map width ``1 << lx``)."""
    if not flat(sl, t) or k[t] == K_SEA or k[t] == K_RIVER:
        return False
    if tropic and tr[t] != Z_RAINFOREST:
        return False
    return spring_heights(h, lx, sy, freeform, t)


@njit(**INLINE)
def _higher_around(h, lx, sy, lo, tx, ty, h0):
    """How many tiles of the 3x3 block around (tx, ty) within TileAddWrap's
    limits (not on the last row/column, nor, ``lo`` 1, on row/column 0)
    have a corner above ``h0``."""
    sx = 1 << lx
    num = 0
    for dx in range(-1, 2):
        x = tx + dx
        if x < lo or x >= sx - 1:
            continue
        for dy in range(-1, 2):
            y = ty + dy
            if y < lo or y >= sy - 1:
                continue
            u = (y << lx) + x
            # inside those limits no corner is clamped
            if max(max(h[u], h[u + 1]), max(h[u + sx], h[u + sx + 1])) > h0:
                num += 1
    return num


@njit(**INLINE)
def _block(sx, sy, lo, tx, ty):
    """The corners of FindSpring's 33x33 block around (tx, ty):
    (x0, x1, y0, y1), its tiles x0..x1, y0..y1 (TileAddWrap's limits), so
    their corners x0..x1 + 1, y0..y1 + 1; empty when x0 > x1 or y0 > y1."""
    return (max(tx - 16, lo), min(tx + 16, sx - 2), max(ty - 16, lo), min(ty + 16, sy - 2))


@njit(**INLINE)
def spring_heights(h, lx, sy, freeform, t):
    """FindSpring's tests of the heights around a flat tile ``t``: at least
    4 tiles of its 3x3 block rise above it, no corner of its 33x33 block
    more than 2 levels."""
    sx = 1 << lx
    h0 = np.int64(h[t])
    tx = t & (sx - 1)
    ty = t >> lx
    lo = 1 if freeform else 0
    if _higher_around(h, lx, sy, lo, tx, ty, h0) < 4:
        return False
    x0, x1, y0, y1 = _block(sx, sy, lo, tx, ty)
    top = h0 + 2
    if x0 > x1 or y0 > y1:
        return True
    for y in range(y0, y1 + 2):
        row = y << lx
        for x in range(x0, x1 + 2):
            if np.int64(h[row + x]) > top:
                return False
    return True


@njit(**INLINE)
def _pairs(src, dst, m, step):
    """dst[j] = max(src[j], src[j + step]) for j < m."""
    for j in range(m):
        dst[j] = max(src[j], src[j + step])


@njit(**JIT)
def _column_maxima(src, dst, rows, sx):
    """Row j of the result (``src`` or ``dst``): the maxima of rows j .. j + 31
    of ``src`` (rows of ``sx``; the last 31 of them 0): five doublings
    between the two buffers, whole rows at a time."""
    step = 1
    for _k in range(5):
        for j in range(rows - step):
            d = j * sx
            e = (j + step) * sx
            for x in range(sx):
                dst[d + x] = max(src[d + x], src[e + x])
        src, dst = dst, src
        step *= 2
    return src


@njit(**JIT)
def _row_maxima(a, b, c, d, out, m):
    """out[i] = max(a[i], b[i], c[i], d[i]) for i < m."""
    for i in range(m):
        out[i] = max(max(a[i], b[i]), max(c[i], d[i]))


@njit(**JIT)
def _inner_springs(hh, ss, ul, uc, ur, cl, cr, dl, dc, dr, b0, b1, out, m):
    """:func:`spring_heights` of m tiles of a row (their heights ``hh``,
    slopes ``ss``) whose 3x3 blocks lie within TileAddWrap's limits, without
    branches: the highest corners of their neighbours up-left ... down-right
    (``ul`` .. ``dr``), of their 33x33 blocks max(``b0``, ``b1``).  (Row
    views from the tile on: indices from 0, which the compiler vectorises.)"""
    for i in range(m):
        h0 = hh[i]
        top = max(b0[i], b1[i])
        num = ((ul[i] > h0) + (uc[i] > h0) + (ur[i] > h0) + (cl[i] > h0) + (cr[i] > h0)
               + (dl[i] > h0) + (dc[i] > h0) + (dr[i] > h0))
        # top <= h0 + 2 (in 8 bits: any top passes from h0 = 254)
        out[i] = (ss[i] == 0) & ((h0 >= 254) | (top <= np.uint8(h0 + 2))) & (num >= 4)


@njit(**JIT)
def spring_table(h, sl, lx, sy, freeform, out, spring_any):
    """:func:`spring_heights` of every tile into ``out`` (1 or 0; 0 on
    sloped tiles) and whether any tile of each block passes into
    ``spring_any`` (see :class:`.tiles.Tiles`); the 33x33 blocks' highest
    corners by sliding maxima (rows, then columns; a corner outside
    TileAddWrap's limits counts as 0, which never exceeds a block's bound
    of 2 or more)."""
    sx = 1 << lx
    lo = 1 if freeform else 0
    pad = 16
    # rows: rmax[y + pad, x] = max h[y, x - 16 .. x + 17] (lo .. sx - 1)
    w = sx + 2 * pad + 34
    buf = np.zeros(w, np.uint8)
    tmp = np.zeros(w, np.uint8)
    rows = sy + 2 * pad + 34
    rmax = np.zeros(rows * sx, np.uint8)
    for y in range(lo, sy):
        row = y << lx
        buf[:] = 0
        buf[pad + lo:pad + sx] = h[row + lo:row + sx]
        # tmp[j] = max buf[j .. j + 31], for j < sx + 2
        _pairs(buf, tmp, sx + 32, 1)
        _pairs(tmp, buf, sx + 30, 2)
        _pairs(buf, tmp, sx + 26, 4)
        _pairs(tmp, buf, sx + 18, 8)
        _pairs(buf, tmp, sx + 2, 16)
        dst = (y + pad) * sx
        for x in range(sx):
            rmax[dst + x] = max(tmp[x], tmp[x + 2])
    # columns: bmax[y] = max of rmax rows y .. y + 31, so the tiles of row y
    # take rows y - 16 .. y + 17 as max(bmax[y], bmax[y + 2])
    other = np.zeros(rows * sx, np.uint8)
    bmax = _column_maxima(rmax, other, rows, sx)
    tmax = other if bmax is rmax else rmax   # (free again)
    # every tile's highest corner (but the last row's and column's)
    for y in range(sy - 1):
        r = y << lx
        _row_maxima(h[r:], h[r + 1:], h[r + sx:], h[r + sx + 1:], tmax[r:], sx - 1)
    for y in range(sy):
        d = y * sx
        e = (y + 2) * sx
        row = y << lx
        x0 = sx
        x1 = sx - 1
        if lo + 1 <= y <= sy - 3:
            x0 = lo + 1
            x1 = sx - 3
            t = row + x0
            _inner_springs(h[t:], sl[t:], tmax[t - sx - 1:], tmax[t - sx:], tmax[t - sx + 1:],
                           tmax[t - 1:], tmax[t + 1:], tmax[t + sx - 1:], tmax[t + sx:],
                           tmax[t + sx + 1:], bmax[d + x0:], bmax[e + x0:], out[t:],
                           x1 - x0 + 1)
        for i in range(sx - (x1 - x0 + 1)):
            x = i if i < x0 else i + (x1 - x0 + 1)   # (the others done)
            t = row + x
            out[t] = 0
            if sl[t] != 0:
                continue
            h0 = np.int64(h[t])
            bx0, bx1, by0, by1 = _block(sx, sy, lo, x, y)
            if bx0 <= bx1 and by0 <= by1:
                if max(np.int64(bmax[d + x]), np.int64(bmax[e + x])) > h0 + 2:
                    continue
            if _higher_around(h, lx, sy, lo, x, y, h0) >= 4:
                out[t] = 1
    spring_any[:] = 0
    for y in range(sy):
        row = y << lx
        for x in range(sx):
            if out[row + x] != 0:
                spring_any[spring_block(lx, x, y)] = 1


@njit(**JIT)
def sea_is_open(T, S, P, C, start):
    """CountConnectedSeaTiles' verdict: (True, _) when the flat sea around
    ``start`` reaches a tile within 1 of the map's edge or has more than
    ``P.sea_threshold`` tiles; otherwise (False, count) with its tiles
    in ``S.sea_queue``."""
    sx = P.size_x
    lx = P.log_x
    sy = P.size_y
    n = P.n
    k = T.kind
    limit = P.sea_threshold
    fl = T.flags
    sl = T.slope
    q = S.sea_queue
    fl[start] |= F_SEA
    q[0] = start
    qn = 1
    i = 0
    big = False
    while i < qn:
        t = q[i]
        i += 1
        ty = t >> lx
        tx = t & (sx - 1)
        if min(min(tx, ty), min(sx - 1 - tx, sy - 1 - ty)) <= 1 or i > limit:
            big = True
            break
        for d in range(4):
            u = t + diag_off(sx, d)
            if u >= 0 and u < n and k[u] == K_SEA and sl[u] == 0 and fl[u] & F_SEA == 0:
                fl[u] |= F_SEA
                q[qn] = u
                qn += 1
    for j in range(qn):
        fl[q[j]] &= ~F_SEA
    C.sea_searches[0] += 1
    C.sea_tiles[0] += i
    return big, qn


@njit(**JIT)
def fill_sea(T, rid, S, P, C, m):
    """FlowRiver's filling of a small sea, its ``m`` tiles in
    ``S.sea_queue``: each lowered (all four corners), then raised where it
    is still low (the complement of its slope)."""
    h = T.height
    sl = T.slope
    zz = T.lowest
    n = P.n
    q = S.sea_queue
    for j in range(m):
        t = q[j]
        C.sea_fill_calls[0] += 2
        # lowering fails at once when its first corner (W) is at 0 (below
        # 0 is refused): not tried then
        w = t + 1
        if (w >= n or h[w] != 0) and terraform_inline(T, rid, S, P, t, 15, False):
            C.sea_fill_ok[0] += 1
        s, _z = sz(sl, zz, t)
        if terraform_inline(T, rid, S, P, t, s ^ 15, True):
            C.sea_fill_ok[0] += 1


@njit(**JIT)
def flow_search(T, rid, S, P, C, begin):
    """One FlowRiver level's breadth-first search from ``begin`` (not
    water): (target or -1, tiles queued, the queue).  Small seas met are
    filled."""
    h = T.height
    sl = T.slope
    zz = T.lowest
    k = T.kind
    sx = P.size_x
    lx = P.log_x
    sy = P.size_y
    n = P.n
    fl = T.flags
    queue = np.empty(1024, np.int32)
    fl[begin] |= F_FLOW
    queue[0] = begin
    qn = 1
    found = -1
    hb = np.int64(h[begin])
    i = 0
    while i < qn:
        e = queue[i]
        i += 1
        se = np.int64(sl[e])
        if se == 0:
            he = np.int64(h[e])
            ke = k[e]
            if he < hb or (he == hb and (ke == K_SEA or ke == K_RIVER)):
                if ke == K_SEA:
                    big, m = sea_is_open(T, S, P, C, e)
                    if big:
                        found = e
                        break
                    fill_sea(T, rid, S, P, C, m)
                else:
                    found = e
                    break
                se = np.int64(sl[e])  # (filling changed the tile)
        ze = np.int64(zz[e])
        for d in range(4):
            t = e + diag_off(sx, d)
            if t < 0 or t >= n or k[t] == K_VOID or fl[t] & F_FLOW != 0:
                continue
            if flows_sz(se, ze, np.int64(sl[t]), np.int64(zz[t])):
                fl[t] |= F_FLOW
                if qn == queue.shape[0]:
                    bigger = np.empty(2 * qn, np.int32)
                    bigger[:qn] = queue
                    queue = bigger
                queue[qn] = t
                qn += 1
    for j in range(qn):
        fl[queue[j]] &= ~F_FLOW
    C.flow_searches[0] += 1
    C.flow_tiles[0] += i
    return found, qn, queue


@njit(**INLINE)
def _terminus_arrays(T, P):
    """What :func:`_terminus_ok` reads: (kind, height, slope, tropic zone,
    tiles, the landscape is the sub-tropic), bound once before a loop."""
    return T.kind, T.height, T.slope, T.tropic, P.n, P.landscape == TROPIC


@njit(**INLINE)
def _terminus_ok(k, h, sl, tr, n, tropic, t, height):
    """IsValidRiverTerminusTile, on the Tiles' kind, height, slope and
    tropic arrays (``tropic``: the landscape is the sub-tropic).  (The
    arrays, not the record: a loop reading a record's arrays increfs and
    decrefs each of them at every tile.)"""
    if not is_valid(k, n, t) or np.int64(h[t]) != height:
        return False
    if not flat(sl, t):
        return False
    return not (tropic and tr[t] == Z_DESERT)


@njit(**JIT)
def make_lake(T, rid, rng, P, centre, height, sp5x, sp5y):
    make_river(T, rid, rng, P, centre, sp5x, sp5y)
    diameter = rand_range(rng, 8) + 3
    dx, dy = spiral(diameter)
    sx = P.size_x
    lx = P.log_x
    sy = P.size_y
    k, h, sl, tr, n, tropic = _terminus_arrays(T, P)
    for _loop in range(2):
        for i in range(dx.shape[0]):
            t = spiral_tile(lx, sy, centre, dx[i], dy[i])
            if t < 0 or not _terminus_ok(k, h, sl, tr, n, tropic, t, height):
                continue
            for d in range(4):
                if is_water(k, n, t + diag_off(sx, d)):
                    make_river(T, rid, rng, P, t, sp5x, sp5y)
                    break


@njit(**INLINE)
def place_tree(T, P, t, r):
    """PlaceTree(tile, r, keep_density) on a clear tile.  (Inlined: a call
    passing the records increfs and decrefs each of their arrays, some forty
    atomic operations, more than the placing itself.)"""
    seed = (r >> 24) & 0xFF
    land = P.landscape
    if land == 0:
        tree = seed * 12 // 256
    elif land == 1:
        tree = seed * 8 // 256 + 0x0C
    elif land == 2:
        zone = T.tropic[t]
        if zone == 0:
            tree = seed * 4 // 256 + 0x1C
        elif zone == Z_DESERT:
            tree = 0x1B if seed <= 12 else 0xFF
        else:
            tree = seed * 7 // 256 + 0x14
    else:
        tree = seed * 9 // 256 + 0x20
    if tree == 0xFF:
        return
    ground = T.ground[t]
    if T.snow[t] != 0:
        tg = TG_ROUGH_SNOW if ground == CG_ROUGH else TG_SNOW_DESERT
    elif ground == 0:
        tg = TG_GRASS
    elif ground == CG_ROUGH:
        tg = TG_ROUGH
    else:
        tg = TG_SNOW_DESERT
    density = 3 if ground == CG_ROUGH else T.density[t]
    T.kind[t] = K_TREES
    T.ground[t] = tg
    T.density[t] = density
    T.counter[t] = 0
    T.snow[t] = 0
    T.tree_type[t] = tree
    T.tree_count[t] = ((r >> 22) & 3) + 1
    T.tree_growth[t] = min((r >> 16) & 7, 6)


@njit(**JIT)
def make_wetlands(T, rid, rng, P, centre, height, length, sp5x, sp5y):
    make_river(T, rid, rng, P, centre, sp5x, sp5y)
    diameter = max(length, 16)
    has_trees = chance16(rng, 1, 2)
    dx, dy = spiral(diameter)
    sx = P.size_x
    lx = P.log_x
    sy = P.size_y
    radius = diameter // 2
    cy = centre >> lx
    cx = centre & (sx - 1)
    # (the arrays bound once: see _terminus_ok)
    k, h, sl, tr, n, tropic = _terminus_arrays(T, P)
    ground = T.ground
    density = T.density
    counter = T.counter
    for i in range(dx.shape[0]):
        t = spiral_tile(lx, sy, centre, dx[i], dy[i])
        if t < 0 or not _terminus_ok(k, h, sl, tr, n, tropic, t, height):
            continue
        ty = t >> lx
        tx = t & (sx - 1)
        if (tx - cx) * (tx - cx) + (ty - cy) * (ty - cy) > radius * radius \
                and chance16(rng, 3, 4):
            continue
        if chance16(rng, 1, 3):
            make_river(T, rid, rng, P, t, sp5x, sp5y)
        elif k[t] == K_CLEAR:
            ground[t] = CG_ROUGH
            density[t] = 3
            counter[t] = 0
            if has_trees and P.tree_placer != 0:
                place_tree(T, P, t, rand(rng))


@njit(**JIT)
def try_terminus(T, rid, rng, P, t, begin, sp5x, sp5y):
    """TryMakeRiverTerminus: END_LAKE, END_WETLAND or END_NONE."""
    if not is_valid(T.kind, P.n, t) or t == begin:
        return END_NONE
    if P.landscape == TROPIC and T.tropic[t] == Z_DESERT:
        return END_NONE
    if not flat(T.slope, t):
        return END_NONE
    height = np.int64(T.height[t])
    if height != np.int64(T.height[begin]):
        return END_NONE
    if chance16(rng, 1, 3):
        make_lake(T, rid, rng, P, t, height, sp5x, sp5y)
        return END_LAKE
    make_wetlands(T, rid, rng, P, t, height, manhattan(P.log_x, t, begin), sp5x, sp5y)
    return END_WETLAND


@njit(**INLINE)
def _is_river_water(k, n, t):
    return in_map(n, t) and k[t] == 4


@njit(**INLINE)
def _slope_at(sl, n, t):
    if not in_map(n, t):
        return 0
    return np.int64(sl[t])


@njit(**INLINE)
def _wider_skips(k, sl, zz, n, tile, origin):
    """RiverMakeWider(tile, origin) returns at once (not a valid tile,
    water, no corner above 0, or higher than the origin): checked before
    calling it, a call costing more than these tests."""
    if not is_valid(k, n, tile) or is_water(k, n, tile):
        return True
    top = mz(sl, zz, tile)
    return top == 0 or top > mz(sl, zz, origin)


@njit(**JIT)
def make_wider(T, rid, rng, S, P, C, tile, origin, sp5x, sp5y):
    """RiverMakeWider(tile, origin)."""
    h = T.height
    sl = T.slope
    zz = T.lowest
    k = T.kind
    sx = P.size_x
    lx = P.log_x
    sy = P.size_y
    n = P.n
    if _wider_skips(k, sl, zz, n, tile, origin):
        return
    top = mz(sl, zz, tile)
    cur, _z = sz(sl, zz, tile)
    desired, _z = sz(sl, zz, origin)
    if cur != 0 and not is_inclined(cur):
        if cur & 16:
            return
        flat_found = False
        sloped_found = False
        for d in range(4):
            o = tile + diag_off(sx, d)
            if not _is_river_water(k, n, o):
                continue
            os = _slope_at(sl, n, o)
            if is_inclined(os) and top == mz(sl, zz, o):
                od = inclined_dir(os)
                if od == (d + 1) % 4 or od == (d + 3) % 4:
                    desired = os
                    sloped_found = True
                    break
            if os == 0:
                flat_found = True
        if not sloped_found and not flat_found:
            return
        if not sloped_found and flat_found:
            desired = 0
        if desired == 0 and three_corners(cur):
            for d in range(4):
                o = tile + diag_off(sx, d)
                if is_inclined(_slope_at(sl, n, o)) and is_water(k, n, o):
                    return
            C.widen_calls[0] += 1
            if terraform(T, rid, S, P, tile, cur ^ 15, True):
                C.widen_ok[0] += 1
        elif is_inclined(desired):
            river_dir = inclined_dir(desired) ^ 2
            for dd in (1, 3):
                o = tile + diag_off(sx, (river_dir + dd) % 4)
                if _is_river_water(k, n, o) and _slope_at(sl, n, o) == 0:
                    return
            to_change = cur ^ desired
            if not one_corner(cur):
                to_change = to_change & (desired ^ 15)
                C.widen_calls[0] += 1
                if terraform(T, rid, S, P, tile, to_change, False):
                    C.widen_ok[0] += 1
            cur, _z = sz(sl, zz, tile)
            if cur != desired and one_corner(cur):
                to_change = cur ^ desired
                C.widen_calls[0] += 1
                if terraform(T, rid, S, P, tile, to_change, True):
                    C.widen_ok[0] += 1
        cur, _z = sz(sl, zz, tile)
    if is_inclined(cur):
        sd = inclined_dir(cur)
        up_t = tile + diag_off(sx, sd)
        down_t = tile + diag_off(sx, sd ^ 2)
        if not is_valid(k, n, up_t) or not is_valid(k, n, down_t):
            return
        ds, dz = sz(sl, zz, down_t)
        ocean = dz == 0 and (ds == 0 or one_corner(ds))
        if not is_water(k, n, down_t) and not ocean:
            if ds != 0:
                return
            make_river(T, rid, rng, P, down_t, sp5x, sp5y)
            C.widened[0] += 1
        if not is_water(k, n, up_t):
            if _slope_at(sl, n, up_t) != 0:
                return
            make_river(T, rid, rng, P, up_t, sp5x, sp5y)
            C.widened[0] += 1
    if cur == desired:
        make_river(T, rid, rng, P, tile, sp5x, sp5y)
        C.widened[0] += 1


@njit(**JIT)
def build_segment(T, rid, rng, S, P, C, begin, end, spring, main, sp5x, sp5y,
                  sp2x, sp2y, sp3x, sp3y):
    """YapfBuildRiver(begin, end, spring, main)."""
    m = find_route(T, S, P, C, rng, begin, end)
    if m == 0:
        return
    C.segments[0] += 1
    path = S.path
    k = T.kind
    n = P.n
    sx = P.size_x
    lx = P.log_x
    sy = P.size_y
    for i in range(m):
        t = path[i]
        if not is_water(k, n, t):
            make_river(T, rid, rng, P, t, sp5x, sp5y)
    if not main:
        return
    sl = T.slope
    zz = T.lowest
    step = (P.min_length * 4) // 3
    for i in range(m):
        c = path[i]
        diameter = min(3, manhattan(lx, spring, c) // step + 1)
        if diameter <= 1:
            continue
        if diameter == 2:
            for j in range(sp2x.shape[0]):
                t = spiral_tile(lx, sy, c, sp2x[j], sp2y[j])
                if t >= 0 and not _wider_skips(k, sl, zz, n, t, c):
                    make_wider(T, rid, rng, S, P, C, t, c, sp5x, sp5y)
        else:
            for j in range(sp3x.shape[0]):
                t = spiral_tile(lx, sy, c, sp3x[j], sp3y[j])
                if t >= 0 and not _wider_skips(k, sl, zz, n, t, c):
                    make_wider(T, rid, rng, S, P, C, t, c, sp5x, sp5y)


@njit(**JIT)
def flow_river(T, rid, rng, S, P, C, spring, min_len, out, sp5x, sp5y, sp2x, sp2y, sp3x, sp3y):
    """FlowRiver(spring, spring, min_len) with its recursion unrolled: the
    searches go down level by level, then the segments are built from the
    deepest one up.  Sets out[3..4] (end kind and tile); returns found."""
    k = T.kind
    n = P.n
    sx = P.size_x
    lx = P.log_x
    sy = P.size_y
    lv = S.levels
    nlev = 0
    begin = spring
    found = False
    main = False
    while True:
        if is_water(k, n, begin):
            found = manhattan(lx, spring, begin) > min_len
            _s, z = sz(T.slope, T.lowest, begin)
            main = z == 0
            out[3] = END_SEA if k[begin] == K_SEA else END_RIVER
            out[4] = begin
            break
        end, qn, queue = flow_search(T, rid, S, P, C, begin)
        if end >= 0:
            if 2 * nlev + 2 > lv.shape[0]:
                raise ValueError("FlowRiver: too many levels")
            lv[2 * nlev] = begin
            lv[2 * nlev + 1] = end
            nlev += 1
            begin = end
            continue
        out[3] = END_NONE
        out[4] = -1
        if qn > 32:
            centre = queue[rand_range(rng, qn)]
            if manhattan(lx, spring, centre) > min_len:
                kind = try_terminus(T, rid, rng, P, centre, begin, sp5x, sp5y)
                if kind != END_NONE:
                    lv[2 * nlev] = begin
                    lv[2 * nlev + 1] = centre
                    nlev += 1
                    found = True
                    out[3] = kind
                    out[4] = centre
        break
    if found:
        for i in range(nlev - 1, -1, -1):
            build_segment(T, rid, rng, S, P, C, lv[2 * i], lv[2 * i + 1], spring, main,
                          sp5x, sp5y, sp2x, sp2y, sp3x, sp3y)
    return found


@njit(**JIT)
def attempt_well(tiles, rid, rng, scratch, params, counts, min_len, max_tries, out, sp8x,
                 sp8y, sp5x, sp5y, sp2x, sp2y, sp3x, sp3y):
    """:func:`well` called from Python: the records come as plain tuples
    (numba's dispatcher types those in C, a named tuple in Python: tens of
    microseconds a call) and are named here."""
    return well(Tiles(*tiles), rid, rng, Scratch(*scratch), Params(*params), Counts(*counts),
                min_len, max_tries, out, sp8x, sp8y, sp5x, sp5y, sp2x, sp2y, sp3x, sp3y)


@njit(**JIT)
def well(T, rid, rng, S, P, C, min_len, max_tries, out, sp8x, sp8y, sp5x, sp5y,
         sp2x, sp2y, sp3x, sp3y):
    """One well: up to ``max_tries`` random tiles, the first spring of the
    diameter-8 spiral around each tried; stops at the first river made.
    out = (tries, spring tile or -1, made, end kind, end tile, segments
    built, tiles widened)."""
    sx = P.size_x
    lx = P.log_x
    sy = P.size_y
    mask = P.n - 1
    out[:] = 0
    out[1] = -1
    out[4] = -1
    seg0 = C.segments[0]
    wid0 = C.widened[0]
    done = False
    h = T.height
    sl = T.slope
    zz = T.lowest
    k = T.kind
    tr = T.tropic
    spring = T.spring
    spring_any = T.spring_any
    # the spiral's extent, for skipping tries with no tile that may pass
    dx0 = sp8x.min()
    dx1 = sp8x.max()
    dy0 = sp8y.min()
    dy1 = sp8y.max()
    tropic = P.landscape == TROPIC
    freeform = P.freeform != 0
    for tries in range(max_tries):
        centre = rand(rng) & mask
        cx = centre & (sx - 1)
        cy = centre >> lx
        out[0] = tries + 1
        bx0 = max(cx + dx0, 0) >> SPRING_BLOCK_BITS
        bx1 = min(cx + dx1, sx - 1) >> SPRING_BLOCK_BITS
        by0 = max(cy + dy0, 0)
        by1 = min(cy + dy1, sy - 1)
        maybe = False
        for by in range(by0 >> SPRING_BLOCK_BITS, (by1 >> SPRING_BLOCK_BITS) + 1):
            for bx in range(bx0, bx1 + 1):
                if spring_any[spring_block(lx, bx << SPRING_BLOCK_BITS,
                                           by << SPRING_BLOCK_BITS)] != 0:
                    maybe = True
        if not maybe:
            continue
        for i in range(sp8x.shape[0]):
            x = cx + sp8x[i]
            y = cy + sp8y[i]
            if x < 0 or x >= sx or y < 0 or y >= sy:
                continue
            t = (y << lx) + x
            # FindSpring (find_spring): the tests of the heights around the
            # tile as T.spring keeps them (first: they rarely pass; its
            # block's summary first of all), the tile's own here
            if spring_any[spring_block(lx, x, y)] == 0:
                continue
            kept = spring[t]
            if kept == 0:
                continue
            if sl[t] != 0 or k[t] == K_SEA or k[t] == K_RIVER:
                continue
            if tropic and tr[t] != Z_RAINFOREST:
                continue
            if kept == SPRING_UNKNOWN:
                kept = 1 if spring_heights(h, lx, sy, freeform, t) else 0
                spring[t] = kept
            if kept == 0:
                continue
            C.springs[0] += 1
            out[1] = t
            done = flow_river(T, rid, rng, S, P, C, t, min_len, out,
                              sp5x, sp5y, sp2x, sp2y, sp3x, sp3y)
            break
        if done:
            break
    out[2] = 1 if done else 0
    if not done:
        out[3] = END_NONE
        out[4] = -1
    out[5] = C.segments[0] - seg0
    out[6] = C.widened[0] - wid0
    return done


@njit(**JIT)
def ground_to_water(tiles, rid, params):
    """:func:`water_pass` called from Python (plain tuples, as
    :func:`attempt_well`)."""
    return water_pass(Tiles(*tiles), rid, Params(*params))


@njit(**JIT)
def water_pass(T, rid, P):
    """ConvertGroundTilesIntoWaterTiles: clear tiles with their lowest corner
    at 0 become sea (flat), shore (one corner raised), or shore when a
    neighbour in the slope's flood directions is flat, one-corner or void.
    Returns the tiles changed."""
    h = T.height
    sl = T.slope
    zz = T.lowest
    k = T.kind
    sx = P.size_x
    lx = P.log_x
    sy = P.size_y
    n = P.n
    changed = 0
    for t in range(n):
        if k[t] != K_CLEAR:
            continue
        s, z = sz(sl, zz, t)
        if z != 0:
            continue
        new = -1
        if s == 0:
            new = K_SEA
        elif one_corner(s):
            new = K_SHORE
        else:
            dirs = FLOOD_FROM_DIRS[s & 15]
            for d in range(8):
                if (dirs >> d) & 1:
                    u = t + DIR_DY[d] * sx + DIR_DX[d]
                    if u < 0 or u >= n:
                        continue
                    su, _zu = sz(sl, zz, u)
                    su &= 15
                    if su == 0 or one_corner(su) or k[u] == K_VOID:
                        new = K_SHORE
                        break
        if new >= 0:
            k[t] = new
            T.ground[t] = 0
            T.density[t] = 0
            T.counter[t] = 0
            T.snow[t] = 0
            T.random_bits[t] = 0
            T.nonflood[t] = 0
            rid[t] = 0
            changed += 1
    return changed
