"""TerraGenesis Perlin's own steps as numba kernels, faithful to OpenTTD's
``tgp.cpp`` at svn r13671 (see ``../shared/reference/tgp/ALGORITHM.md``).

The heightmap is one int16 array of shape ``(size_y + 1, size_x + 1)``:
element ``[y, x]`` is the height of tile corner ``(x, y)`` in fixed point
with 4 fractional bits (16 = one height level).  Every kernel below changes
it in place, with the original's integer rules: C division and remainder
(toward zero), arithmetic shifts, and int16 wrap-around where the C code
stores into a ``height_t``.

OpenTTD's Randomizer is two uint32 words; here ``rng`` is an int64 array
``[state0, state1, calls]`` (the third counts Random() calls, for the trace
and the tests).

Floating point (coast noise, sine transform) is kept out of the kernels
where libm matters: the powers ``pow(p, i)`` of the coast noise and the
whole sine transform are tabulated in Python with the same libm, so LLVM's
choices cannot change a last bit.
"""

from __future__ import annotations

import numpy as np

from ...jit import njit  # (numba imported at the first call: not for -h)
from ...protocol import STOP  # the cancel flag's stop slot
from ..kernel import (CLEAR, INLINE, JIT, MASK32, SHORE, VOID, WATER, _coast_width, _next,
                      _smooth_coast_dir, coast_noise, interpolate, water_level_for)


@njit(**INLINE)
def _c_rem(a, m):
    """C's ``a % m`` for m > 0: the sign of ``a``.  Computed from a double
    quotient: |a| < 2^31 and m < 2^17, so the quotient is either exact or at
    least 1/m away from an integer, and truncating it is exact."""
    q = np.int64(np.float64(a) / np.float64(m))
    return a - q * m


# ---------------------------------------------------------------------------
# HeightMapGenerate: one ApplyNoise round

@njit(**JIT)
def noise_round(hm, size_x, size_y, rnd, amp, rng, flag):
    """ApplyNoise(rnd, amp).  Returns False when the step reached one tile
    (the last round), or when cancelled (``flag[STOP] != 0``; the caller checks)."""
    size_min = min(size_x, size_y)
    step = size_min >> rnd
    if step == 0:
        return False
    s0, s1 = rng[0], rng[1]
    calls = 0
    m = 2 * amp + 1
    if rnd == 0:
        for y in range(0, size_y + 1, step):
            for x in range(0, size_x + 1, step):
                v = 0
                if amp > 0:
                    s0, s1, v = _noise(s0, s1, m, amp)
                    calls += 2
                hm[y, x] = v
        rng[0], rng[1] = s0, s1
        rng[2] += calls
        return True
    # Noise on every point of this mesh: two calls each, even for amp 0.
    per_row = 2 * ((size_x // step) + 1)
    if amp == 0:
        interpolate(hm, size_x, size_y, step)
        for _y in range(0, size_y + 1, step):
            for _x in range(0, size_x + 1, step):
                s0, s1, _r = _next(s0, s1)
                s0, s1, _r = _next(s0, s1)
            calls += per_row
        rng[0], rng[1] = s0, s1
        rng[2] += calls
        return step > 1
    # The interpolation and the noise in one sweep down the rows (the new
    # points' values are the same: see interpolate).  The noise goes in row
    # by row, and a new row between two old ones is their mean before their
    # noise; so each old row's interpolated values are kept (``prev``,
    # ``cur``) before its noise is added.
    two = 2 * step
    n = size_x // step + 1
    prev = np.empty(n, np.int64)
    cur = np.empty(n, np.int64)
    _interpolated_row(hm, 0, step, n, prev)
    for i in range(n):
        s0, s1, d = _noise(s0, s1, m, amp)
        hm[0, i * step] = prev[i] + d
    calls += per_row
    for y in range(step, size_y, two):
        if flag[STOP] != 0:
            return False
        below = y + step
        _interpolated_row(hm, below, step, n, cur)
        for i in range(n):
            s0, s1, d = _noise(s0, s1, m, amp)
            hm[y, i * step] = _half(prev[i] + cur[i]) + d
        for i in range(n):
            s0, s1, d = _noise(s0, s1, m, amp)
            hm[below, i * step] = cur[i] + d
        calls += 2 * per_row
        prev, cur = cur, prev
    rng[0], rng[1] = s0, s1
    rng[2] += calls
    return step > 1


@njit(**INLINE)
def _half(s):
    """C's s / 2 (toward zero)."""
    return -((-s) >> 1) if s < 0 else s >> 1


@njit(**INLINE)
def _interpolated_row(hm, y, step, n, out):
    """Row y's points of this mesh after the interpolation, into ``out``
    (the row itself unchanged): the old points, and between them the mean
    of their neighbours."""
    for i in range(n):
        x = i * step
        if i & 1:
            out[i] = _half(np.int64(hm[y, x - step]) + np.int64(hm[y, x + step]))
        else:
            out[i] = hm[y, x]


@njit(**INLINE)
def _noise(s0, s1, m, amp):
    """One point's noise (two Random() calls): (s0, s1, the height to add)."""
    s0, s1, r1 = _next(s0, s1)
    s0, s1, r2 = _next(s0, s1)
    ra = ((r1 << 16) | (r2 & 0xFFFF)) & MASK32
    if ra >= 0x80000000:
        ra -= 0x100000000
    return s0, s1, (_c_rem(ra, m) - amp) >> 6


# ---------------------------------------------------------------------------
# HeightMapNormalize

@njit(**JIT)
def adjust_water_level(hm, size_x, size_y, water_percent, h_max_new):
    """HeightMapAdjustWaterLevel.  Returns (water level, desired water tiles)."""
    # (int)(int64 product) >> 10: the cast wraps modulo 2^32 first.
    desired = (water_percent * (size_x * size_y)) & MASK32
    if desired >= 0x80000000:
        desired -= 0x100000000
    desired >>= 10
    return water_level_for(hm, desired, h_max_new), desired


@njit(**JIT)
def coast_lines(hm, size_x, size_y, log_x, log_y, gseed, powers):
    """HeightMapCoastLines: lower the four edges to 0 to a noisy depth.
    ``powers`` holds pow(p, i) for p = 0.9, 0.35, 0.85, 0.45, 0.4 (rows)."""
    ss = min(log_x, log_y)
    base = np.float64((ss * ss) // 16)
    small = ss < 8
    p09, p035, p085, p045, p04 = powers[0], powers[1], powers[2], powers[3], powers[4]
    fy = np.float64(size_y)
    half = np.float64(size_y // 2)
    third = np.float64(size_y // 3)
    for y in range(size_y + 1):
        yf = np.float64(y)
        d = _coast_width((coast_noise(fy - yf, yf, p09, 53, gseed) + 0.25) * 5.0
                         + (coast_noise(yf, yf, p035, 179, gseed) + 1.0) * 12.0, base, small)
        x = 0
        while x <= size_x and np.float64(x) < d:
            hm[y, x] = 0
            x += 1
        d = _coast_width((coast_noise(fy - yf, yf, p085, 101, gseed) + 0.3) * 6.0
                         + (coast_noise(yf, yf, p045, 67, gseed) + 0.75) * 8.0, base, small)
        x = size_x
        while x >= 0 and np.float64(x) > np.float64(size_x - 1) - d:
            hm[y, x] = 0
            x -= 1
    for x in range(size_x + 1):
        xf = np.float64(x)
        d = _coast_width((coast_noise(xf, half, p09, 167, gseed) + 0.4) * 5.0
                         + (coast_noise(xf, third, p04, 211, gseed) + 0.7) * 9.0, base, small)
        y = 0
        while y <= size_y and np.float64(y) < d:
            hm[y, x] = 0
            y += 1
        d = _coast_width((coast_noise(xf, third, p085, 71, gseed) + 0.25) * 6.0
                         + (coast_noise(xf, third, p035, 193, gseed) + 0.75) * 12.0, base, small)
        y = size_y
        while y >= 0 and np.float64(y) > np.float64(size_y - 1) - d:
            hm[y, x] = 0
            y -= 1


@njit(**JIT)
def smooth_slopes(hm, size_x, size_y, dh, flag):
    """HeightMapSmoothSlopes(dh): cap every point at its lower neighbours + dh,
    first from the north corner forward, then from the far corner back."""
    for y in range(1, size_y + 1):
        if flag[STOP] != 0:
            return
        for x in range(1, size_x + 1):
            a = hm[y, x - 1]
            b = hm[y - 1, x]
            cap = (a if a < b else b) + dh
            if hm[y, x] > cap:
                hm[y, x] = cap
    for y in range(size_y - 1, -1, -1):
        if flag[STOP] != 0:
            return
        for x in range(size_x - 1, -1, -1):
            a = hm[y, x + 1]
            b = hm[y + 1, x]
            cap = (a if a < b else b) + dh
            if hm[y, x] > cap:
                hm[y, x] = cap


@njit(**JIT)
def smooth_coasts(hm, size_x, size_y):
    """HeightMapSmoothCoasts: walk in from every edge point to the coast and
    soften the slope behind it."""
    for x in range(size_x):
        _smooth_coast_dir(hm, size_x, size_y, x, 0, 0, 1)
        _smooth_coast_dir(hm, size_x, size_y, x, size_y - 1, 0, -1)
    for y in range(size_y):
        _smooth_coast_dir(hm, size_x, size_y, 0, y, 1, 0)
        _smooth_coast_dir(hm, size_x, size_y, size_x - 1, y, -1, 0)


# ---------------------------------------------------------------------------
# Tile heights (stage C) and ConvertGroundTilesIntoWaterTiles (stage D)

@njit(**JIT)
def tile_heights(hm, size_x, size_y):
    """H2I of each tile's north corner, clamped to 0..15, for the tiles TGP
    sets (2 <= x <= size_x-3, 2 <= y <= size_y-3); 0 elsewhere."""
    th = np.zeros((size_y, size_x), np.uint8)
    for y in range(2, size_y - 2):
        for x in range(2, size_x - 2):
            v = np.int64(hm[y, x]) >> 4
            if v < 0:
                v = 0
            if v > 15:
                v = 15
            th[y, x] = v
    return th


@njit(**INLINE)
def _slope(th, size_x, size_y, x, y):
    """GetTileSlope: (slope bits, height of the lowest corner)."""
    if x == size_x - 1 or y == size_y - 1:
        return 0, 0
    a = np.int64(th[y, x])          # N
    b = np.int64(th[y, x + 1])      # W
    c = np.int64(th[y + 1, x])      # E
    d = np.int64(th[y + 1, x + 1])  # S
    z = a
    if b < z:
        z = b
    if c < z:
        z = c
    if d < z:
        z = d
    r = 0
    if a > z:
        r += ((a - z - 1) << 4) + 8
    if c > z:
        r += ((c - z - 1) << 4) + 4
    if d > z:
        r += ((d - z - 1) << 4) + 2
    if b > z:
        r += ((b - z - 1) << 4) + 1
    return r, z


@njit(**INLINE)
def _flat_or_one_corner(s):
    if s == 0:
        return True
    if s == 1 or s == 2 or s == 4 or s == 8:
        return True
    return False


@njit(**JIT)
def tile_classes(th, size_x, size_y, flood_dirs, dir_dx, dir_dy):
    """Stage D.  Returns (classes, sea mask, count of each class, number of
    tiles whose slope the original's table does not cover: 0 for every map
    in the reference)."""
    tc = np.zeros((size_y, size_x), np.uint8)       # CLEAR
    water = np.zeros((size_y, size_x), np.uint8)
    low = np.empty(size_x, np.uint8)
    n_water = 0
    n_shore = 0
    bad = 0
    for y in range(size_y - 1):
        r0 = th[y]
        r1 = th[y + 1]
        # Which tiles of the row have a corner at 0 (the others stay clear),
        # in a pass that vectorises; then only those are looked at.
        for x in range(size_x - 1):
            low[x] = min(min(r0[x], r0[x + 1]), min(r1[x], r1[x + 1])) == 0
        for x in range(size_x - 1):
            if low[x] == 0:
                continue  # lowest corner above 0
            if (r0[x] | r0[x + 1] | r1[x] | r1[x + 1]) == 0:
                s = 0     # (flat at 0: _slope's answer, without it)
            else:
                s, _z = _slope(th, size_x, size_y, x, y)
            if s == 0:
                tc[y, x] = WATER
                water[y, x] = 1
                n_water += 1
            elif s == 1 or s == 2 or s == 4 or s == 8:
                tc[y, x] = SHORE
                n_shore += 1
            else:
                key = s & ~16
                if key > 14:
                    bad += 1
                    continue
                dirs = flood_dirs[key]
                for k in range(8):
                    if (dirs >> k) & 1:
                        nx = x + dir_dx[k]
                        ny = y + dir_dy[k]
                        if nx < 0 or ny < 0 or nx >= size_x or ny >= size_y:
                            continue
                        sd, _zd = _slope(th, size_x, size_y, nx, ny)
                        if _flat_or_one_corner(sd & ~16):
                            tc[y, x] = SHORE
                            n_shore += 1
                            break
        tc[y, size_x - 1] = VOID
    for x in range(size_x):
        tc[size_y - 1, x] = VOID
    n_void = size_x + size_y - 1
    counts = np.zeros(4, np.int64)
    counts[CLEAR] = size_x * size_y - n_water - n_shore - n_void
    counts[WATER] = n_water
    counts[SHORE] = n_shore
    counts[VOID] = n_void
    return tc, water, counts, bad
