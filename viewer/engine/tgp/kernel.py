"""The numba kernels both versions of TerraGenesis Perlin share (svn
r13671's in :mod:`.r13671.kernel`, OpenTTD 15.2's in
:mod:`.openttd15.kernel`), and the definitions every TGP kernel uses: the
``JIT`` / ``INLINE`` options, the tile classes of the water pass, the
direction tables and the flood directions by slope.

* OpenTTD's Randomizer: two uint32 words; here ``rng`` is an int64 array
  ``[state0, state1, calls]`` (the third counts Random() calls, for the
  trace and the tests); :func:`_next` is one draw.
* The interpolation half of a noise round, the water-level search and
  rescale, the coast noise and the coast-smoothing walk, a height table
  applied to the heightmap (the sine transform), and the tile slope from
  its four corners (:func:`corner_slope`).

The heightmap is one int16 array of shape ``(size_y + 1, size_x + 1)``:
element ``[y, x]`` is the height of tile corner ``(x, y)`` in fixed point
with 4 fractional bits (16 = one height level), changed in place with the
original's integer rules (C division toward zero, arithmetic shifts, int16
wrap-around where the C code stores into a ``height_t``).
"""

from __future__ import annotations

import numpy as np

from ..jit import njit  # (numba imported at the first call: not for -h)

JIT = dict(nogil=True, cache=True)
# Helpers called in the hot loops.
INLINE = dict(nogil=True, cache=True, inline="always")

MASK32 = 0xFFFFFFFF

# Tile classes of stage D.
CLEAR, WATER, SHORE, VOID = 0, 1, 2, 3

# Direction offsets (dx, dy) by OpenTTD Direction: N NE E SE S SW W NW.
DIR_DX = np.array([-1, -1, -1, 0, 1, 1, 1, 0], dtype=np.int64)
DIR_DY = np.array([-1, 0, 1, 1, 1, 0, -1, -1], dtype=np.int64)

# _flood_from_dirs: for a slope (without the steep bit) 0..14, the set of
# directions (bit d = Direction d) whose neighbours may make the tile shore.
_N, _NE, _E, _SE, _S, _SW, _W, _NW = (1 << d for d in range(8))
FLOOD_FROM_DIRS = np.array([
    _NW | _SW | _SE | _NE,  # 0  flat
    _NE | _SE,              # 1  W
    _NW | _NE,              # 2  S
    _NE,                    # 3  SW
    _NW | _SW,              # 4  E
    0,                      # 5  EW
    _NW,                    # 6  SE
    _N | _NW | _NE,         # 7  WSE
    _SW | _SE,              # 8  N
    _SE,                    # 9  NW
    0,                      # 10 NS
    _E | _NE | _SE,         # 11 NWS
    _SW,                    # 12 NE
    _S | _SW | _SE,         # 13 ENW
    _W | _SW | _NW,         # 14 SEN
], dtype=np.int64)


# ---------------------------------------------------------------------------
# OpenTTD's Randomizer

@njit(**INLINE)
def _ror32(v, n):
    return ((v >> n) | (v << (32 - n))) & MASK32


@njit(**INLINE)
def _next(s0, s1):
    """One Random() call: (new s0, new s1, result)."""
    n0 = (s0 + _ror32(s1 ^ 0x1234567F, 7) + 1) & MASK32
    n1 = (_ror32(s0, 3) - 1) & MASK32
    return n0, n1, n1


@njit(**JIT)
def rng_skip(rng, count):
    """Throw away ``count`` Random() results."""
    s0, s1 = rng[0], rng[1]
    for _ in range(count):
        s0, s1, _r = _next(s0, s1)
    rng[0], rng[1] = s0, s1
    rng[2] += count


# ---------------------------------------------------------------------------
# HeightMapGenerate: the interpolation half of an ApplyNoise round

@njit(**JIT)
def interpolate(hm, size_x, size_y, step):
    """The interpolation half of an ApplyNoise round with this ``step``:
    the new mesh points get the C-truncated mean of their neighbours."""
    two = 2 * step
    # Even rows: odd columns from their left and right neighbours.
    for y in range(0, size_y + 1, two):
        for x in range(0, size_x, two):
            s = np.int64(hm[y, x]) + np.int64(hm[y, x + two])
            hm[y, x + step] = -((-s) >> 1) if s < 0 else s >> 1
    # Odd rows: every column from the rows above and below.
    for y in range(0, size_y, two):
        for x in range(0, size_x + 1, step):
            s = np.int64(hm[y, x]) + np.int64(hm[y + two, x])
            hm[y + step, x] = -((-s) >> 1) if s < 0 else s >> 1


# ---------------------------------------------------------------------------
# HeightMapNormalize: the water level, the coast noise, the coasts, the sine table

@njit(**JIT)
def water_level_for(hm, desired, h_max_new):
    """The rest of HeightMapAdjustWaterLevel, shared with OpenTTD 15.2: the
    lowest level with at least ``desired`` corners at or below it, then every
    height rescaled so that this level becomes 1 and the top ``h_max_new``.
    Returns the water level."""
    flat = hm.reshape(-1)
    n = flat.shape[0]
    # The extremes, then the histogram over them alone, in four parts (so
    # that runs of equal heights do not wait on one counter).
    lo = np.int32(32767)
    hi = np.int32(-32768)
    for i in range(n):
        h = np.int32(flat[i])
        lo = min(lo, h)
        hi = max(hi, h)
    h_min = np.int64(lo)
    h_max = np.int64(hi)
    # (indices unsigned: numba checks a signed one for a negative value at each use)
    hist = np.zeros((4, h_max - h_min + 1), np.int32)
    i = 0
    while i + 4 <= n:
        hist[0, np.uint64(np.int64(flat[i]) - h_min)] += 1
        hist[1, np.uint64(np.int64(flat[i + 1]) - h_min)] += 1
        hist[2, np.uint64(np.int64(flat[i + 2]) - h_min)] += 1
        hist[3, np.uint64(np.int64(flat[i + 3]) - h_min)] += 1
        i += 4
    while i < n:
        hist[0, np.uint64(np.int64(flat[i]) - h_min)] += 1
        i += 1
    wl = h_min
    cum = 0
    while wl < h_max:
        k = wl - h_min
        cum += np.int64(hist[0, k]) + hist[1, k] + hist[2, k] + hist[3, k]
        if cum >= desired:
            break
        wl += 1
    # The new height of every old height h_min..h_max.
    span = h_max - wl
    table = np.empty(h_max - h_min + 1, np.int16)
    for h in range(h_min, h_max + 1):
        num = h_max_new * (h - wl)
        if span == 0:
            q = 0  # the original divides by zero here; no map gets there
        elif num < 0:
            q = -((-num) // span)
        else:
            q = num // span
        # (height_t)(...) + I2H(1), stored into a height_t
        q = ((q + 0x8000) & 0xFFFF) - 0x8000
        q = ((q + 16 + 0x8000) & 0xFFFF) - 0x8000
        if q < 0:
            q = 0
        if q >= h_max_new:
            q = h_max_new - 1
        table[h - h_min] = q
    for i in range(n):
        flat[i] = table[np.uint64(np.int64(flat[i]) - h_min)]
    return wl


@njit(**INLINE)
def _int_noise(ix, iy, prime, gseed):
    n = ix + iy * prime + gseed
    n = ((n << 13) ^ n) & 0x7FFFFFFF
    # Only the low 31 bits survive the mask, so work modulo 2^31 (no overflow).
    t = (n * n) & 0x7FFFFFFF
    t = (t * 15731 + 789221) & 0x7FFFFFFF
    t = (n * t) & 0x7FFFFFFF
    t = (t + 1376312589) & 0x7FFFFFFF
    return 1.0 - t / 1073741824.0


@njit(**INLINE)
def _interpolated_noise(x, y, prime, gseed):
    ix = np.int64(x)
    iy = np.int64(y)
    fx = x - np.float64(ix)
    fy = y - np.float64(iy)
    v1 = _int_noise(ix, iy, prime, gseed)
    v2 = _int_noise(ix + 1, iy, prime, gseed)
    v3 = _int_noise(ix, iy + 1, prime, gseed)
    v4 = _int_noise(ix + 1, iy + 1, prime, gseed)
    i1 = v1 + fx * (v2 - v1)
    i2 = v3 + fx * (v4 - v3)
    return i1 + fy * (i2 - i1)


@njit(**JIT)
def coast_noise(x, y, powers, prime, gseed):
    """perlin_coast_noise_2D; ``powers[i]`` is libm's pow(p, i)."""
    total = 0.0
    for i in range(6):
        freq = np.float64(1 << i)
        total += _interpolated_noise((x * freq) / 64.0, (y * freq) / 64.0,
                                     prime, gseed) * powers[i]
    return total


@njit(**INLINE)
def coast_noise_kept(x, y, powers, prime, gseed, kept, keys, site):
    """:func:`coast_noise`, the same operations, with the four lattice
    values of each octave kept from the previous call at this ``site``
    (``kept[site, octave]``, their lattice point ``keys[site, octave]``,
    keys -1 at first): along a border the lattice point changes every 64 /
    2^octave points, so most calls compute no integer noise."""
    total = 0.0
    for i in range(6):
        freq = np.float64(1 << i)
        px = (x * freq) / 64.0
        py = (y * freq) / 64.0
        ix = np.int64(px)
        iy = np.int64(py)
        k = kept[site, i]
        if keys[site, i, 0] != ix or keys[site, i, 1] != iy:
            keys[site, i, 0] = ix
            keys[site, i, 1] = iy
            k[0] = _int_noise(ix, iy, prime, gseed)
            k[1] = _int_noise(ix + 1, iy, prime, gseed)
            k[2] = _int_noise(ix, iy + 1, prime, gseed)
            k[3] = _int_noise(ix + 1, iy + 1, prime, gseed)
        fx = px - np.float64(ix)
        fy = py - np.float64(iy)
        i1 = k[0] + fx * (k[1] - k[0])
        i2 = k[2] + fx * (k[3] - k[2])
        total += (i1 + fy * (i2 - i1)) * powers[i]
    return total


@njit(**INLINE)
def _coast_width(v, base, small):
    a = abs(v)
    w1 = base + a
    w2 = base + 4.0 - a
    d = w1 if w1 >= w2 else w2
    if small and d > 5.0:
        d /= 1.5
    return d


@njit(**INLINE)
def _valid(x, y, size_x, size_y):
    return x >= 0 and x < size_x and y >= 0 and y < size_y


@njit(**JIT)
def _smooth_coast_dir(hm, size_x, size_y, x, y, dx, dy):
    ed = 0
    while _valid(x, y, size_x, size_y) and ed < 35:
        if hm[y, x] > 15:
            break
        if _valid(x + dy, y + dx, size_x, size_y) and hm[y + dx, x + dy] > 0:
            break
        if _valid(x - dy, y - dx, size_x, size_y) and hm[y - dx, x - dy] > 0:
            break
        x += dx
        y += dy
        ed += 1
    prev = 16
    depth = 0
    while _valid(x, y, size_x, size_y) and depth <= 35:
        h = np.int64(hm[y, x])
        lim = prev + 4 + depth
        if lim < h:
            h = lim
        hm[y, x] = h
        prev = h
        depth += 1
        x += dx
        y += dy


@njit(**JIT)
def apply_table(hm, lo, table):
    """Replace every height h, lo <= h < len(table), by table[h] (the sine
    transform).  (One unsigned comparison for both bounds, an unsigned
    index: twice as fast as signed ones in numba.)"""
    if table.shape[0] <= lo:
        return
    flat = hm.reshape(-1)
    span = np.uint64(table.shape[0] - lo)
    for i in range(flat.shape[0]):
        k = np.uint64(np.int64(flat[i]) - lo)
        if k < span:
            flat[i] = table[k + np.uint64(lo)]


# ---------------------------------------------------------------------------
# The tile slope

@njit(**INLINE)
def corner_slope(n, w, e, s):
    """OpenTTD 15.2's GetTileSlopeZ from the four corner heights: (slope
    bits N 8, W 1, E 4, S 2, STEEP 16; the lowest corner)."""
    z = min(min(n, w), min(e, s))
    top = max(max(n, w), max(e, s))
    r = 0
    if n != z:
        r |= 8
    if w != z:
        r |= 1
    if e != z:
        r |= 4
    if s != z:
        r |= 2
    if top - z == 2:
        r |= 16
    return r, z
