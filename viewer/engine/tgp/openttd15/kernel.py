"""TerraGenesis Perlin as OpenTTD 15.2 runs it: the numba kernels of the
steps that differ from r13671 (see ``../shared/reference/tgp-modern/README.md``).

Same conventions as :mod:`..kernel`: the heightmap is an int16 array of shape
``(size_y + 1, size_x + 1)`` in fixed point (16 = one level), changed in
place with C's integer rules (division toward zero, arithmetic shifts, int16
wrap-around where the game stores into a ``Height``); ``rng`` is the
Randomizer as an int64 array ``[state0, state1, calls]``.

The pieces that are the same in both versions (the Randomizer step, the
interpolation, the coast noise, the coast-smoothing walk, the water-level
search) are the ones of :mod:`..kernel`.

Floating point that depends on libm (the sine transform, the sine-shaped
blend weights of the variety curves) is computed in Python with the C
library's ``sin`` and handed to the kernels as tables; the kernels only do
IEEE float32 arithmetic (no fast-math, so no fused multiply-add).
"""

from __future__ import annotations

import numpy as np

from ...jit import njit  # (numba imported at the first call: not for -h)
from ...protocol import STOP  # the cancel flag's stop slot
from ..kernel import (
    CLEAR,
    INLINE,
    JIT,
    SHORE,
    VOID,
    WATER,
    _coast_width,
    _next,
    _smooth_coast_dir,
    coast_noise_kept,
    corner_slope,
)

# Border bits of the water_borders setting.
NE, SE, SW, NW = 1, 2, 4, 8

MAX_TILE_HEIGHT = 255


@njit(**INLINE)
def _wrap16(v):
    return ((v + 0x8000) & 0xFFFF) - 0x8000


@njit(**INLINE)
def _random_range(s0, s1, limit):
    """RandomRange(limit): (new s0, new s1, (Random() * limit) >> 32)."""
    s0, s1, r = _next(s0, s1)
    return s0, s1, (r * limit) >> 32


@njit(**JIT)
def random_ranges(rng, count, limit):
    """``count`` RandomRange(limit) draws, as uint8 (limit <= 256)."""
    out = np.empty(count, np.uint8)
    s0, s1 = rng[0], rng[1]
    for i in range(count):
        s0, s1, out[i] = _random_range(s0, s1, limit)
    rng[0], rng[1] = s0, s1
    rng[2] += count
    return out


@njit(**JIT)
def random_bits(rng, count):
    """GB(Random(), 0, count): the low ``count`` bits of one Random()."""
    s0, s1, r = _next(rng[0], rng[1])
    rng[0], rng[1] = s0, s1
    rng[2] += 1
    return r & ((1 << count) - 1)


# ---------------------------------------------------------------------------
# HeightMapGenerate

@njit(**INLINE)
def _c_mean(a, b):
    """(a + b) / 2 in C's division (toward zero), branch-free."""
    s = np.int64(a) + np.int64(b)
    return (s + ((s >> 63) & 1)) >> 1


@njit(**INLINE)
def _interpolate_row(hm, y, size_x, step):
    """The new mesh points of an old mesh row ``y`` (every other column):
    the means of their left and right neighbours, as :func:`..kernel.interpolate`."""
    two = 2 * step
    for x in range(0, size_x, two):
        hm[y, np.uint64(x + step)] = _c_mean(hm[y, x], hm[y, np.uint64(x + two)])


@njit(**INLINE)
def _random_height(r, m, amp):
    """A2H(RandomRange(2 amp + 1) - amp) from the Random() result ``r``
    (``m`` = 2 amp + 1), returned as a Height."""
    return _wrap16((((r * m) >> 32) - amp) >> 6)


@njit(**INLINE)
def _noise_row(hm, y, size_x, step, draws, m, amp, how, above):
    """Row ``y``'s mesh points with their noise (``draws``: the row's
    Random() results): ``how`` 0 set (the first round), 1 added (an old
    mesh row, kept in ``above`` by mesh point as it was before), 2 the
    mean of ``above`` and the row ``y + step`` plus the noise (a new row).
    Mesh step 1 (the last round, most of the points) in loops numba
    vectorises."""
    if step == 1:
        if how == 0:
            for x in range(size_x + 1):
                hm[y, x] = _random_height(draws[x], m, amp)
        elif how == 1:
            for x in range(size_x + 1):
                h = hm[y, x]
                above[x] = h
                hm[y, x] = _wrap16(np.int64(h) + _random_height(draws[x], m, amp))
        else:
            for x in range(size_x + 1):
                hm[y, x] = _wrap16(_c_mean(above[x], hm[y + 1, x])
                                   + _random_height(draws[x], m, amp))
        return
    n = size_x // step + 1
    u = np.uint64(step)     # (unsigned indices: see _smooth_backward)
    if how == 0:
        for i in range(n):
            hm[y, np.uint64(i) * u] = _random_height(draws[i], m, amp)
    elif how == 1:
        for i in range(n):
            h = hm[y, np.uint64(i) * u]
            above[i] = h
            hm[y, np.uint64(i) * u] = _wrap16(np.int64(h) + _random_height(draws[i], m, amp))
    else:
        below = np.uint64(y + step)
        for i in range(n):
            hm[y, np.uint64(i) * u] = _wrap16(_c_mean(above[i], hm[below, np.uint64(i) * u])
                                              + _random_height(draws[i], m, amp))


@njit(**JIT)
def noise_round(hm, size_x, size_y, step, amp, first, rng, flag):
    """One frequency of HeightMapGenerate with mesh ``step`` and amplitude
    ``amp`` (> 0): the first round sets the mesh points to RandomHeight(amp),
    every later one interpolates the new mesh points and adds
    RandomHeight(amp) to every mesh point.  One Random() per point.
    Returns False when cancelled (``flag[STOP] != 0``).

    A later round does both in one pass, a row at a time: the game
    interpolates the whole map before it adds any noise, so the old mesh
    row above a new one is kept as it was before its noise (``above``),
    and the one below is interpolated before the new row is made.  Each
    row's Random() draws come first, in a loop of their own (the
    Randomizer's chain of operations), then the heights."""
    s0, s1 = rng[0], rng[1]
    m = 2 * amp + 1
    per_row = size_x // step + 1
    calls = 0
    two = 2 * step
    above = np.empty(size_x + 1, np.int16)
    draws = np.empty(per_row, np.int64)
    if not first:
        _interpolate_row(hm, 0, size_x, step)
    for y in range(0, size_y + 1, step):
        if flag[STOP] != 0:
            return False
        for i in range(per_row):
            s0, s1, draws[i] = _next(s0, s1)
        if first:
            how = 0
        elif y % two == 0:      # an old mesh row, its new points made already
            how = 1
        else:                   # a new row: between the old rows y - step and y + step
            _interpolate_row(hm, y + step, size_x, step)
            how = 2
        _noise_row(hm, y, size_x, step, draws, m, amp, how, above)
        calls += per_row
    rng[0], rng[1] = s0, s1
    rng[2] += calls
    return True


# ---------------------------------------------------------------------------
# HeightMapNormalize

@njit(**INLINE)
def _zero_run(flat, first, stride, top, d, down):
    """One coast line: zero ``flat[first + k * stride]`` for k = 0, 1, ... as
    long as the game's loop runs: up from 0 while ``k < d``, or (``down``)
    down from ``top`` while ``top - k > top - 1 - d``, in doubles.  Indices
    outside the heightmap are skipped."""
    n = flat.shape[0]
    k = 0
    while (np.float64(top - k) > np.float64(top - 1) - d) if down else (np.float64(k) < d):
        i = first + k * stride
        if 0 <= i < n:
            flat[i] = 0
        k += 1


@njit(**JIT)
def coast_lines(hm, size_x, size_y, ss, gseed, borders, powers):
    """HeightMapCoastLines on the borders set in ``borders`` (NE 1, SE 2,
    SW 4, NW 8); ``ss`` is min(map_x, map_y) (log2 sizes); ``powers`` holds
    pow(p, i) for p = 0.9, 0.35, 0.85, 0.45, 0.4 (rows).  Runs along a row
    go on into the next one as the game's flat index does."""
    base = np.float64((ss * ss) // 64)
    small = ss < 8
    p09, p035, p085, p045, p04 = powers[0], powers[1], powers[2], powers[3], powers[4]
    dim = size_x + 1
    flat = hm.reshape(-1)
    fy = np.float64(size_y)
    half = np.float64(size_y // 2)
    third = np.float64(size_y // 3)
    # (each of the eight noises keeps its lattice values from the point before)
    kept = np.empty((8, 6, 4), np.float64)
    keys = np.full((8, 6, 2), -1, np.int64)
    for y in range(size_y + 1):
        yf = np.float64(y)
        if borders & NE:
            d = _coast_width((coast_noise_kept(fy - yf, yf, p09, 53, gseed, kept, keys, 0)
                              + 0.25) * 5.0
                             + (coast_noise_kept(yf, yf, p035, 179, gseed, kept, keys, 1)
                                + 1.0) * 12.0,
                             base, small)
            _zero_run(flat, y * dim, 1, 0, d, False)
        if borders & SW:
            d = _coast_width((coast_noise_kept(fy - yf, yf, p085, 101, gseed, kept, keys, 2)
                              + 0.3) * 6.0
                             + (coast_noise_kept(yf, yf, p045, 67, gseed, kept, keys, 3)
                                + 0.75) * 8.0,
                             base, small)
            _zero_run(flat, size_x + y * dim, -1, size_x, d, True)
    for x in range(size_x + 1):
        xf = np.float64(x)
        if borders & NW:
            d = _coast_width((coast_noise_kept(xf, half, p09, 167, gseed, kept, keys, 4)
                              + 0.4) * 5.0
                             + (coast_noise_kept(xf, third, p04, 211, gseed, kept, keys, 5)
                                + 0.7) * 9.0,
                             base, small)
            _zero_run(flat, x, dim, 0, d, False)
        if borders & SE:
            d = _coast_width((coast_noise_kept(xf, third, p085, 71, gseed, kept, keys, 6)
                              + 0.25) * 6.0
                             + (coast_noise_kept(xf, third, p035, 193, gseed, kept, keys, 7)
                                + 0.75) * 12.0,
                             base, small)
            _zero_run(flat, x + size_y * dim, -dim, size_y, d, True)


@njit(**JIT)
def _smooth_forward(hm, dh, flag, buf):
    """One pass of HeightMapSmoothSlopes from the first corner: each point
    capped at dh above the lower of its neighbours before it in x and in y
    (the index clamped at the edge, so the first row and column are capped
    by their one neighbour: a point never caps itself, h <= h + dh).

    Along a row that is v[x] = min(c[x], v[x - 1] + dh) with c[x] the point
    capped by the one above it, that is v[x] = x dh + the least of
    c[k] - k dh for k <= x: the caps from above (independent of each other,
    one vector loop into ``buf``, int32) and then a running minimum, whose
    chain is one operation long (the game's serial order of caps gives the
    same heights)."""
    ny, nx = hm.shape
    m = np.int32(hm[0, 0])
    for x in range(nx):
        m = min(m, np.int32(hm[0, x]) - np.int32(x * dh))
        hm[0, x] = m + np.int32(x * dh)
    for y in range(1, ny):
        if flag[STOP] != 0:
            return
        row = hm[y]
        up = hm[y - 1]
        for x in range(nx):
            buf[x] = min(np.int32(row[x]), np.int32(up[x]) + np.int32(dh)) - np.int32(x * dh)
        m = buf[0]
        for x in range(nx):
            m = min(m, buf[x])
            row[x] = m + np.int32(x * dh)


@njit(**JIT)
def _smooth_backward(hm, dh, flag, buf):
    """:func:`_smooth_forward` on the heightmap turned around (from the far
    corner, each point capped by its neighbours after it in x and in y),
    with the indices turned rather than on a view of negative strides: its
    caps from below run forward in one vector loop (``buf[x]`` is the cap
    less (nx - 1 - x) dh, here plus x dh, the same order), the running
    minimum backward.  (Rows indexed as ``hm[y, x]`` and the backward
    index unsigned: a row view or a signed index that may be negative
    costs numba's vector loops; the pass took three times as long.)"""
    ny, nx = hm.shape
    dh32 = np.int32(dh)
    top = np.uint64(nx - 1)
    last = hm[ny - 1]
    m = np.int32(last[nx - 1])
    for k in range(nx):
        x = top - np.uint64(k)
        kk = np.int32(k) * dh32
        m = min(m, np.int32(last[x]) - kk)
        last[x] = m + kk
    for j in range(ny - 1):
        if flag[STOP] != 0:
            return
        y = ny - 2 - j
        for x in range(nx):
            buf[x] = min(np.int32(hm[y, x]), np.int32(hm[y + 1, x]) + dh32) + np.int32(x) * dh32
        m = buf[nx - 1]
        for k in range(nx):
            x = top - np.uint64(k)
            m = min(m, buf[x])
            buf[x] = m
        for x in range(nx):
            hm[y, x] = buf[x] - np.int32(x) * dh32


@njit(**JIT)
def smooth_slopes(hm, size_x, size_y, dh, flag):
    """HeightMapSmoothSlopes(dh) over every point: forward from the north
    corner, then backward from the far corner (the forward pass on the
    heightmap turned around)."""
    buf = np.empty(hm.shape[1], np.int32)
    _smooth_forward(hm, dh, flag, buf)
    _smooth_backward(hm, dh, flag, buf)


@njit(**JIT)
def smooth_coasts(hm, size_x, size_y, borders):
    """HeightMapSmoothCoasts on the borders set in ``borders``."""
    for x in range(size_x):
        if borders & NW:
            _smooth_coast_dir(hm, size_x, size_y, x, 0, 0, 1)
        if borders & SE:
            _smooth_coast_dir(hm, size_x, size_y, x, size_y - 1, 0, -1)
    for y in range(size_y):
        if borders & NE:
            _smooth_coast_dir(hm, size_x, size_y, 0, y, 1, 0)
        if borders & SW:
            _smooth_coast_dir(hm, size_x, size_y, size_x - 1, y, -1, 0)


@njit(**JIT)
def curves(hm, size_x, size_y, grid, grid_x, lut, x1, x2, xr, xri, y1, y2, yr, yri, flag):
    """HeightMapCurves: blend the curve maps chosen at the four grid corners
    around each point (x < size_x, y < size_y).  ``grid`` holds the curve of
    each grid cell (row-major, ``grid_x`` columns); ``lut[t, h]`` is curve
    t at height h - 16; ``x1``/``x2``/``xr``/``xri`` (and the same for y)
    are the grid columns and the float32 blend weights of every x.

    The four curves of every x are looked up once for the rows of one pair
    of grid rows (``corners``), and the tables are indexed unsigned (see
    :func:`_smooth_backward`): the lookups took half the time."""
    corners = np.empty((4, size_x), np.uint8)
    last1 = -1
    last2 = -1
    for y in range(size_y):
        if flag[STOP] != 0:
            return
        r1 = grid_x * y1[y]
        r2 = grid_x * y2[y]
        if r1 != last1 or r2 != last2:
            last1 = r1
            last2 = r2
            for x in range(size_x):
                corners[0, x] = grid[np.uint64(x1[x] + r1)]
                corners[1, x] = grid[np.uint64(x1[x] + r2)]
                corners[2, x] = grid[np.uint64(x2[x] + r1)]
                corners[3, x] = grid[np.uint64(x2[x] + r2)]
        wy = yr[y]
        wyi = yri[y]
        for x in range(size_x):
            h = np.int64(hm[y, x])
            if h < 16:
                continue
            k = np.uint64(h - 16)
            va = np.float32(lut[corners[0, x], k])
            vb = np.float32(lut[corners[1, x], k])
            vc = np.float32(lut[corners[2, x], k])
            vd = np.float32(lut[corners[3, x], k])
            left = va * wyi + vb * wy
            right = vc * wyi + vd * wy
            v = left * xri[x] + right * xr[x]
            hm[y, x] = _wrap16(np.int64(np.int32(v)) + 16)


# ---------------------------------------------------------------------------
# Tiles: the copy from the heightmap, FixSlopes, ConvertGroundTilesIntoWaterTiles

@njit(**JIT)
def tile_heights(hm, size_x, size_y, max_height):
    """clamp(H2I(corner), 0, max_height) for every tile."""
    th = np.empty((size_y, size_x), np.uint8)
    for y in range(size_y):
        for x in range(size_x):
            v = np.int64(hm[y, x]) >> 4
            if v < 0:
                v = 0
            if v > max_height:
                v = max_height
            th[y, x] = v
    return th


@njit(**INLINE)
def _inner(x, y, size_x, size_y, freeform):
    if x >= size_x - 1 or y >= size_y - 1:
        return False
    return (x > 0 and y > 0) or not freeform


@njit(**INLINE)
def _lowers(h, c):
    """FixSlopes lowers a tile of height ``h`` whose lower earlier neighbour is ``c``."""
    return np.int32(h) >= np.int32(c) + 2


@njit(**JIT)
def _fix_forward(th, rocks, freeform, height_limit, s0, s1):
    """The forward pass of FixSlopes, from the north tile: returns the
    Randomizer words, the draws and the tiles lowered.  A row is first
    checked against its neighbours as they are (one vector loop): heights
    only go down, so a row none of whose tiles would be lowered so is left
    as it is, and the others are walked in the game's order."""
    size_y, size_x = th.shape
    calls = 0
    lowered = 0
    for y in range(size_y):
        if y == 0:
            may = False
            for x in range(1, size_x):
                may |= _lowers(th[0, x], th[0, x - 1])
        else:
            may = _lowers(th[y, 0], th[y - 1, 0])
            for x in range(1, size_x):
                may |= _lowers(th[y, x], min(th[y, x - 1], th[y - 1, x]))
        if not may:
            continue
        for x in range(size_x):
            c = MAX_TILE_HEIGHT
            if x != 0:
                c = np.int64(th[y, x - 1])
            if y != 0 and th[y - 1, x] < c:
                c = np.int64(th[y - 1, x])
            if th[y, x] >= c + 2:
                th[y, x] = c + 1
                lowered += 1
                if _inner(x, y, size_x, size_y, freeform):
                    s0, s1, r = _random_range(s0, s1, height_limit)
                    calls += 1
                    if r <= c:
                        rocks[y, x] = 1
    return s0, s1, calls, lowered


@njit(**JIT)
def _fix_backward(th, rocks, freeform, height_limit, s0, s1):
    """The backward pass of FixSlopes, from the far tile (each tile capped
    by its neighbours after it in x and in y), as :func:`_fix_forward` with
    the indices turned (no view of negative strides; the walk's index
    unsigned, see :func:`_smooth_backward`)."""
    size_y, size_x = th.shape
    calls = 0
    lowered = 0
    last = size_x - 1
    top = np.uint64(last)
    for j in range(size_y):
        y = size_y - 1 - j
        if j == 0:
            may = False
            for x in range(last):
                may |= _lowers(th[y, x], th[y, x + 1])
        else:
            may = _lowers(th[y, last], th[y + 1, last])
            for x in range(last):
                may |= _lowers(th[y, x], min(th[y, x + 1], th[y + 1, x]))
        if not may:
            continue
        for k in range(size_x):
            x = top - np.uint64(k)
            c = MAX_TILE_HEIGHT
            if k != 0:
                c = np.int64(th[y, x + np.uint64(1)])
            if j != 0 and th[y + 1, x] < c:
                c = np.int64(th[y + 1, x])
            if th[y, x] >= c + 2:
                th[y, x] = c + 1
                lowered += 1
                if _inner(np.int64(x), y, size_x, size_y, freeform):
                    s0, s1, r = _random_range(s0, s1, height_limit)
                    calls += 1
                    if r <= c:
                        rocks[y, x] = 1
    return s0, s1, calls, lowered


@njit(**JIT)
def fix_slopes(th, rocks, size_x, size_y, freeform, height_limit, rng):
    """FixSlopes: a forward and a backward pass capping each tile at one
    above the lower of its two earlier neighbours; each inner tile lowered
    draws RandomRange(height_limit) and turns to rocks if the draw is at
    most that neighbour's height.  Returns the number of tiles lowered."""
    s0, s1, n1, low1 = _fix_forward(th, rocks, freeform, height_limit, rng[0], rng[1])
    s0, s1, n2, low2 = _fix_backward(th, rocks, freeform, height_limit, s0, s1)
    rng[0], rng[1] = s0, s1
    rng[2] += n1 + n2
    return low1 + low2


@njit(**INLINE)
def _slope(th, size_x, size_y, x, y):
    """GetTileSlopeZ: (slope bits N 8, W 1, E 4, S 2, STEEP 16; lowest corner).
    The far corners of the last row and column are clamped to the map."""
    x2 = x + 1 if x + 1 < size_x else size_x - 1
    y2 = y + 1 if y + 1 < size_y else size_y - 1
    n = np.int64(th[y, x])
    w = np.int64(th[y, x2])
    e = np.int64(th[y2, x])
    s = np.int64(th[y2, x2])
    return corner_slope(n, w, e, s)


@njit(**JIT)
def tile_classes(th, rocks, size_x, size_y, freeform, flood_dirs, dir_dx, dir_dy):
    """The tile classes as TGP leaves them (void edges, clear inside), then
    ConvertGroundTilesIntoWaterTiles: clear tiles whose lowest corner is at
    0 become sea (flat), shore (one corner raised), or shore when a
    neighbour in the slope's flood directions is flat, one-corner or void.
    Rocks under new water go.  The result depends on heights and void
    tiles only, so one pass in any order does it.  Returns (classes, count
    of each class, rock tiles left).  A row at a time: its tiles' lowest
    corners and its rocks in vector loops (indexed ``th[y, x]``: numba's
    row views cost them their vectors), then the tiles at level 0, the
    flat ones (all four corners at 0) first."""
    tc = np.empty((size_y, size_x), np.uint8)
    n_tiles = size_x * size_y
    first = 1 if freeform else 0
    n_rocks = 0
    n_water = 0
    n_shore = 0
    inner = size_x - 1 - first
    low = np.empty(size_x, np.uint8)
    for x in range(size_x):
        tc[0, x] = VOID     # (overwritten below without freeform edges)
        tc[size_y - 1, x] = VOID
    for y in range(first, size_y - 1):
        tc[y, 0] = VOID     # (overwritten below without freeform edges)
        tc[y, size_x - 1] = VOID
        for x in range(first, size_x - 1):
            low[x] = min(min(th[y, x], th[y, x + 1]), min(th[y + 1, x], th[y + 1, x + 1]))
            tc[y, x] = CLEAR
        for x in range(first, size_x - 1):
            if low[x] != 0:
                continue
            if (th[y, x] | th[y, x + 1] | th[y + 1, x] | th[y + 1, x + 1]) == 0:
                rocks[y, x] = 0
                tc[y, x] = WATER
                n_water += 1
                continue
            cls = CLEAR
            s, _z = _slope(th, size_x, size_y, x, y)
            if s == 1 or s == 2 or s == 4 or s == 8:
                cls = SHORE
            else:
                dirs = flood_dirs[s & 15]
                for d in range(8):
                    if (dirs >> d) & 1:
                        # the tile index plus the offset, as the game adds
                        # them (off a row's end into the next), no division
                        nx = x + dir_dx[d]
                        ny = y + dir_dy[d]
                        if nx < 0:
                            nx += size_x
                            ny -= 1
                        elif nx >= size_x:
                            nx -= size_x
                            ny += 1
                        if ny < 0 or ny >= size_y:
                            continue
                        sd, _zd = _slope(th, size_x, size_y, nx, ny)
                        sd &= 15
                        if sd == 0 or sd == 1 or sd == 2 or sd == 4 or sd == 8 \
                                or not _inner(nx, ny, size_x, size_y, freeform):
                            cls = SHORE
                            break
            if cls != CLEAR:
                rocks[y, x] = 0
                tc[y, x] = cls
                n_shore += 1
        for x in range(first, size_x - 1):      # (rocks left on the row's clear tiles)
            n_rocks += rocks[y, x] != 0
    n_void = n_tiles - inner * (size_y - 1 - first)
    counts = np.zeros(4, np.int64)
    counts[VOID] = n_void
    counts[WATER] = n_water
    counts[SHORE] = n_shore
    counts[CLEAR] = n_tiles - n_void - n_water - n_shore
    return tc, counts, n_rocks
