"""path.c's main loop compiled with numba: the faithful generator at C speed.

The same algorithm as :class:`.gridgen.GenContext` (which stays the readable
reference, and the one used when a trace or the RNG's call log is wanted),
written over flat int64 arrays, with Tatham's SHA-1 RNG inside the kernel so
that the random stream is consumed call for call as in the C.

Arrays (``n = w*h``, squares indexed ``y*w + x``):

* ``rng``: int64[141], the RNG state: ``[0:40]`` the seed buffer (bytes),
  ``[40:60]`` the current SHA-1 output, ``[60]`` the read position, then
  room for SHA-1's message schedule.  See :meth:`.rng.RandomState.to_array`.
* ``step4[i, d]``: the square in direction ``d`` (L, U, R, D) or -1.
* ``nbr8[i, k]``: the 8 neighbours in path.c's order (dy, then dx), -1 off grid.
* ``grid[i]``: -1 empty, else the path's creation number.
* ``ends[2c]``, ``ends[2c + 1]``: the end squares of path ``c``.
* ``stat``: int64[8], read by another thread for progress and written only
  here: ``[0]`` restarts so far, ``[1]`` squares covered now, ``[2]`` paths
  now, ``[3]`` most squares covered by any attempt of this grid.
* ``flag``: a :class:`~viewer.engine.protocol.CancelToken`'s ``flag``;
  ``flag[STOP] != 0`` stops the run (polled at every step and every extension).
"""

from __future__ import annotations

import numpy as np
from numba import njit
from ..protocol import STOP  # the cancel flag's stop slot

JIT = dict(nogil=True, cache=True)

OK, CANCELLED, STUCK = 0, 1, 2
M32 = 0xFFFFFFFF


# -- Tatham's RNG -----------------------------------------------------------------------

@njit(**JIT)
def _rotl(x, k):
    return ((x << k) | (x >> (32 - k))) & M32


@njit(**JIT)
def _refill(rng):
    """Increment the little-endian counter in seedbuf[0:20]; databuf = SHA1(seedbuf)."""
    for i in range(20):
        if rng[i] != 0xFF:
            rng[i] += 1
            break
        rng[i] = 0
    # The message block: 40 bytes, 0x80, zeros, the length (320 bits)
    # big-endian in the last 8 bytes; the schedule ``w`` lives in rng[61:141].
    w = rng[61:141]
    for t in range(10):
        w[t] = (rng[4 * t] << 24) | (rng[4 * t + 1] << 16) | (rng[4 * t + 2] << 8) \
            | rng[4 * t + 3]
    w[10] = 0x80000000
    for t in range(11, 15):
        w[t] = 0
    w[15] = 320
    for t in range(16, 80):
        w[t] = _rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1)
    h0, h1, h2, h3, h4 = 0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0
    a, b, c, d, e = h0, h1, h2, h3, h4
    for t in range(80):
        if t < 20:
            f = (b & c) | ((b ^ M32) & d)
            k = 0x5A827999
        elif t < 40:
            f = b ^ c ^ d
            k = 0x6ED9EBA1
        elif t < 60:
            f = (b & c) | (b & d) | (c & d)
            k = 0x8F1BBCDC
        else:
            f = b ^ c ^ d
            k = 0xCA62C1D6
        tmp = (_rotl(a, 5) + f + e + k + w[t]) & M32
        e = d
        d = c
        c = _rotl(b, 30)
        b = a
        a = tmp
    hs = ((h0 + a) & M32, (h1 + b) & M32, (h2 + c) & M32, (h3 + d) & M32, (h4 + e) & M32)
    for j in range(5):
        v = hs[j]
        rng[40 + 4 * j] = (v >> 24) & 0xFF
        rng[41 + 4 * j] = (v >> 16) & 0xFF
        rng[42 + 4 * j] = (v >> 8) & 0xFF
        rng[43 + 4 * j] = v & 0xFF
    rng[60] = 0


@njit(**JIT)
def rng_bits(rng, n):
    ret = 0
    for _ in range((n + 7) // 8):
        if rng[60] >= 20:
            _refill(rng)
        ret = (ret << 8) | rng[40 + rng[60]]
        rng[60] += 1
    return ret & ((1 << n) - 1)


@njit(**JIT)
def rng_upto(rng, limit):
    nbits = 3
    while (limit >> (nbits - 3)) > 0:
        nbits += 1
    divisor = (1 << nbits) // limit
    top = limit * divisor
    while True:
        x = rng_bits(rng, nbits)
        if x < top:
            return x // divisor


@njit(**JIT)
def shuffle_down(items, m, rng):
    for i in range(m - 1, 0, -1):
        k = rng_upto(rng, i + 1)
        if k != i:
            t = items[i]
            items[i] = items[k]
            items[k] = t


# -- the generator ------------------------------------------------------------------------

@njit(**JIT)
def neighbours(w, h):
    n = w * h
    step4 = np.full((n, 4), -1, np.int64)
    nbr8 = np.full((n, 8), -1, np.int64)
    dxs = (-1, 0, 1, 0)
    dys = (0, -1, 0, 1)
    for i in range(n):
        x, y = i % w, i // w
        for d in range(4):
            xx, yy = x + dxs[d], y + dys[d]
            if 0 <= xx < w and 0 <= yy < h:
                step4[i, d] = yy * w + xx
        k = 0
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if (dx != 0 or dy != 0) and 0 <= x + dx < w and 0 <= y + dy < h:
                    nbr8[i, k] = (y + dy) * w + x + dx
                    k += 1
    return step4, nbr8


@njit(**JIT)
def bfs(grid, start, step4, dist, order):
    """Distances over the 4-connected region of ``grid[start]``'s colour (dist
    -1 elsewhere; dist must come in all -1 and is reset by the caller through
    ``order``); returns how many squares ``order`` holds, in FIFO order."""
    col = grid[start]
    dist[start] = 0
    order[0] = start
    m = 1
    k = 0
    while k < m:
        cur = order[k]
        k += 1
        dn = dist[cur] + 1
        for d in range(4):
            nb = step4[cur, d]
            if nb >= 0 and grid[nb] == col and dist[nb] < 0:
                dist[nb] = dn
                order[m] = nb
                m += 1
    return m


@njit(**JIT)
def _clear(dist, order, m):
    for j in range(m):
        dist[order[j]] = -1


@njit(**JIT)
def add_path(grid, ends, npaths, rng, step4, dist, order, empty, pts):
    """One path from the first shuffled empty square that reaches distance 3;
    returns the new path count (unchanged when no path fits)."""
    n = grid.shape[0]
    ne = 0
    for i in range(n):
        if grid[i] == -1:
            empty[ne] = i
            ne += 1
    shuffle_down(empty, ne, rng)
    for si in range(ne):
        s = empty[si]
        m = bfs(grid, s, step4, dist, order)
        maxd = dist[order[m - 1]]
        if maxd < 3:
            _clear(dist, order, m)
            continue
        j = 0
        while dist[order[j]] < 3:
            j += 1
        while dist[order[j]] + 1 < maxd:
            j += 1
        e = order[j + rng_upto(rng, m - j)]
        c = npaths
        ends[2 * c] = s
        ends[2 * c + 1] = e
        grid[e] = c
        cur = e
        while cur != s:
            want = dist[cur] - 1
            np_ = 0
            for d in range(4):
                nb = step4[cur, d]
                if nb >= 0 and dist[nb] == want:
                    pts[np_] = nb
                    np_ += 1
            cur = pts[rng_upto(rng, np_)] if np_ > 1 else pts[0]
            grid[cur] = c
        _clear(dist, order, m)
        return npaths + 1
    return npaths


@njit(**JIT)
def extend_path(grid, ends, npaths, p, end, d, step4, nbr8, work, ends2, state, tmp,
                dist, order, route, dist2):
    """path.c's extend_path without the trace; True when the grid changed."""
    n = grid.shape[0]
    src = ends[2 * p + end]
    t = step4[src, d]
    if t < 0:
        return False
    c = grid[t]
    if c >= 0 and (ends[2 * c] == t or ends[2 * c + 1] == t):
        return False
    if c == p:
        return False
    for dd in range(4):
        nb = step4[t, dd]
        if nb >= 0 and nb != src and grid[nb] == p:
            return False
    for q in range(n):
        work[q] = grid[q]
    for q in range(2 * npaths):
        ends2[q] = ends[q]
    for q in range(npaths):
        state[q] = 0
    cut = work[t]
    work[t] = p
    ends2[2 * p + end] = t
    state[p] = 2
    if cut >= 0:
        state[cut] = 1
        while True:
            i = -1
            for q in range(npaths):
                if state[q] == 1:
                    i = q
                    break
            if i < 0:
                break
            for q in range(n):
                tmp[q] = work[q]
            # The original route, in path order.
            mr = bfs(grid, ends[2 * i], step4, dist2, route)
            _clear(dist2, route, mr)
            if tmp[ends[2 * i]] != i or tmp[ends[2 * i + 1]] != i:
                return False
            first = -1
            last = -1
            for j in range(mr):
                q = route[j]
                if work[q] == i:
                    work[q] = -1
                if tmp[q] == i:
                    if first < 0:
                        first = q
                    last = q
                else:
                    for kk in range(8):
                        r = nbr8[q, kk]
                        if r < 0:
                            break
                        v = tmp[r]
                        if v >= 0 and (v == i or state[v] == 2):
                            continue
                        tmp[r] = i
            if first < 0 or last < 0:
                return False
            m = bfs(tmp, first, step4, dist, order)
            k = dist[last]
            if k < 2:
                _clear(dist, order, m)
                return False
            cur = last
            while True:
                v = work[cur]
                if v >= 0:
                    if state[v] == 2:
                        _clear(dist, order, m)
                        return False
                    state[v] = 1
                work[cur] = i
                if k == 0:
                    break
                k -= 1
                for dd in range(4):
                    nb = step4[cur, dd]
                    if nb >= 0 and dist[nb] == k:
                        cur = nb
                        break
            _clear(dist, order, m)
            ends2[2 * i] = first
            ends2[2 * i + 1] = last
            state[i] = 2
    for q in range(n):
        grid[q] = work[q]
    for q in range(2 * npaths):
        ends[q] = ends2[q]
    return True


@njit(**JIT)
def generate(w, h, rng, extend_share, max_restarts, flag, stat, grid, ends, perm):
    """One grid as path.c's ``gridgen`` makes it, including the label shuffle.

    Fills ``grid`` (creation numbers), ``ends`` and ``perm[:npaths]``
    (``perm[c]`` the label of path ``c``).  Returns ``(status, npaths)``;
    status OK, CANCELLED or STUCK (more than ``max_restarts`` restarts)."""
    n = w * h
    step4, nbr8 = neighbours(w, h)
    dist = np.full(n, -1, np.int64)
    order = np.zeros(n, np.int64)
    dist2 = np.full(n, -1, np.int64)
    route = np.zeros(n, np.int64)
    empty = np.zeros(n, np.int64)
    pts = np.zeros(4, np.int64)
    work = np.zeros(n, np.int64)
    tmp = np.zeros(n, np.int64)
    ends2 = np.zeros(2 * n, np.int64)
    state = np.zeros(n, np.int64)
    codes = np.zeros(8 * n, np.int64)
    attempt = 0
    step_cap = 64 * n
    stat[3] = 0
    while True:
        for q in range(n):
            grid[q] = -1
        npaths = 0
        stat[0] = attempt
        steps = 0
        while True:
            if flag[STOP] != 0:
                return CANCELLED, npaths
            covered = 0
            for q in range(n):
                if grid[q] >= 0:
                    covered += 1
            if covered > stat[3]:
                stat[3] = covered
            stat[1] = covered
            stat[2] = npaths
            if covered == n:
                for c in range(npaths):
                    perm[c] = c + 1
                shuffle_down(perm, npaths, rng)
                return OK, npaths
            if extend_share != 0 and npaths != 0:
                steps += 1
                if steps > step_cap:
                    break
                if rng_upto(rng, 100) < extend_share:
                    if _try_extensions(grid, ends, npaths, rng, step4, nbr8, work, ends2,
                                       state, tmp, dist, order, route, dist2, codes, flag):
                        continue
                    if flag[STOP] != 0:
                        return CANCELLED, npaths
                    m = add_path(grid, ends, npaths, rng, step4, dist, order, empty, pts)
                    if m != npaths:
                        npaths = m
                        continue
                    break
            m = add_path(grid, ends, npaths, rng, step4, dist, order, empty, pts)
            if m != npaths:
                npaths = m
                continue
            if _try_extensions(grid, ends, npaths, rng, step4, nbr8, work, ends2, state, tmp,
                               dist, order, route, dist2, codes, flag):
                continue
            break
        if flag[STOP] != 0:
            return CANCELLED, npaths
        attempt += 1
        stat[0] = attempt
        if attempt > max_restarts:
            return STUCK, 0


@njit(**JIT)
def _try_extensions(grid, ends, npaths, rng, step4, nbr8, work, ends2, state, tmp,
                    dist, order, route, dist2, codes, flag):
    m = 8 * npaths
    for v in range(m):
        codes[v] = v
    shuffle_down(codes, m, rng)
    for j in range(m):
        if flag[STOP] != 0:
            return False
        v = codes[j]
        if extend_path(grid, ends, npaths, v // 8, (v // 4) % 2, v % 4, step4, nbr8, work,
                       ends2, state, tmp, dist, order, route, dist2):
            return True
    return False
