"""Number Link's fast mode: full grids of any size without restarts.

Not bound to path.c's random stream; it makes grids of the same kind as
path.c (every square on a path, every path an induced chain so that no path
runs alongside itself, the two ends of a path at least 3 squares apart),
but never throws a grid away:

1. **Start** with every square a path of its own.
2. **Join** (random order, several passes): two paths whose ends are side
   by side are joined when the joined path is still an induced chain, no
   longer than ``cap`` squares and not a straight line along an edge (a
   "boring" path, see :mod:`.quality`).
3. **Repair** what is left too short (ends closer than 3): such a path
   joins a neighbouring end if it can; otherwise it *bites* a neighbouring
   path: the neighbour is cut next to the square beside the short path's
   end, and that square with the far part of the neighbour joins the short
   path.  The cut-off part may be short in turn; repairs continue until no
   path is short (a random walk of the defects that ends when they meet an
   end they can join).
4. **Shake** (``shake`` rounds): every path bites a random neighbour when
   both paths stay long enough afterwards, which brings new ends side by
   side, and step 2 joins again.  More rounds: fewer, longer paths (30
   rounds give about path.c's pair count).

Step 2 starts from path.c's own first phase when ``lay_paths`` is on: its
add_path (:func:`.kernel.add_path`, long shortest paths to far squares) is
run until no path fits, and only the squares left over start single.

The kernel works on flat arrays, squares ``i = y*w + x``:

* ``lab[i]`` the id of the path through square ``i``;
* ``lk[i, 0..1]`` the squares linked to ``i`` on its path (-1 none; slot 0
  filled first, so an end has ``lk[i, 1] == -1``);
* per path id ``p``: ``e0[p]``, ``e1[p]`` its ends, ``ln[p]`` its length,
  ``bb[p, 0..3]`` its bounding box (x0, y0, x1, y1), ``live[p]``.

Random numbers come from xorshift64* seeded from the seed text (SHA-256).
"""

from __future__ import annotations

import hashlib

import numpy as np
from numba import njit
from ..protocol import STOP  # the cancel flag's stop slot

from ..protocol import Cancelled
from .gridgen import GridResult
from .kernel import add_path, neighbours
from .rng import RandomState

__all__ = ["fast_grid", "default_cap", "FastStuck"]

JIT = dict(nogil=True, cache=True)
OK, CANCELLED, FAILED = 0, 1, 2
U12, U25, U27, U11 = np.uint64(12), np.uint64(25), np.uint64(27), np.uint64(11)
MULT = np.uint64(2685821657736338717)


class FastStuck(RuntimeError):
    """The repairs did not converge (never seen; the caller tries a new stream)."""


def default_cap(w: int, h: int) -> int:
    """Longest path the join step makes: close to path.c's own spread of lengths."""
    return max(8, int(round(1.2 * (w * h) ** 0.5)))


def stream_seed(seed: str | bytes, index: int) -> int:
    data = seed.encode("utf-8", "surrogateescape") if isinstance(seed, str) else bytes(seed)
    digest = hashlib.sha256(b"numberlink-fast\0" + data + b"\0" + str(index).encode()).digest()
    return int.from_bytes(digest[:8], "little") | 1


@njit(**JIT)
def _next(st):
    x = st[0]
    x ^= x >> U12
    x ^= x << U25
    x ^= x >> U27
    st[0] = x
    return x * MULT


@njit(**JIT)
def _below(st, k):
    return np.int64((_next(st) >> U11) % np.uint64(k))


@njit(**JIT)
def _shuffle(a, m, st):
    for i in range(m - 1, 0, -1):
        k = _below(st, i + 1)
        t = a[i]
        a[i] = a[k]
        a[k] = t


@njit(**JIT)
def _other_end(e0, e1, p, a):
    return e1[p] if e0[p] == a else e0[p]


@njit(**JIT)
def _link(lk, a, b):
    if lk[a, 0] < 0:
        lk[a, 0] = b
    else:
        lk[a, 1] = b
    if lk[b, 0] < 0:
        lk[b, 0] = a
    else:
        lk[b, 1] = a


@njit(**JIT)
def _unlink(lk, a, b):
    for u, v in ((a, b), (b, a)):
        if lk[u, 0] == v:
            lk[u, 0] = lk[u, 1]
            lk[u, 1] = -1
        elif lk[u, 1] == v:
            lk[u, 1] = -1


@njit(**JIT)
def _walk(lk, start, avoid, out):
    """Squares from ``start`` along the links, not stepping onto ``avoid``
    first; returns how many were written to ``out``."""
    prev = avoid
    cur = start
    m = 0
    while cur >= 0:
        out[m] = cur
        m += 1
        nxt = lk[cur, 0]
        if nxt == prev or nxt < 0:
            nxt = lk[cur, 1] if lk[cur, 0] == prev else -1
        prev = cur
        cur = nxt
    return m


@njit(**JIT)
def _boring(bb, w, h):
    if bb[0] == bb[2]:
        return bb[0] == 0 or bb[0] == w - 1
    if bb[1] == bb[3]:
        return bb[1] == 0 or bb[1] == h - 1
    return False


@njit(**JIT)
def _nbrs(i, w, h, out):
    x, y = i % w, i // w
    m = 0
    if x > 0:
        out[m] = i - 1
        m += 1
    if y > 0:
        out[m] = i - w
        m += 1
    if x < w - 1:
        out[m] = i + 1
        m += 1
    if y < h - 1:
        out[m] = i + w
        m += 1
    return m


@njit(**JIT)
def _apart(a, b, w):
    return abs(a % w - b % w) + abs(a // w - b // w)


@njit(**JIT)
def _touch_only_at(lab, lk, w, h, start, q, a, b, buf, nb):
    """True when the squares of the path walked from ``start`` meet path id
    ``q`` only in the pair ``a``-``b`` (``a`` on the walked path)."""
    m = _walk(lk, start, -1, buf)
    for j in range(m):
        u = buf[j]
        k = _nbrs(u, w, h, nb)
        for t in range(k):
            v = nb[t]
            if lab[v] == q and not (u == a and v == b):
                return False
    return True


@njit(**JIT)
def _bbox_of(buf, m, w, bb):
    bb[0] = bb[1] = 1 << 40
    bb[2] = bb[3] = -1
    for j in range(m):
        x, y = buf[j] % w, buf[j] // w
        bb[0] = min(bb[0], x)
        bb[1] = min(bb[1], y)
        bb[2] = max(bb[2], x)
        bb[3] = max(bb[3], y)


@njit(**JIT)
def _join(lab, lk, e0, e1, ln, bb, live, a, b, buf):
    """Join the path of end ``a`` and the path of end ``b`` (already checked)."""
    pa, pb = lab[a], lab[b]
    if ln[pa] < ln[pb]:
        pa, pb = pb, pa
        a, b = b, a
    fa = _other_end(e0, e1, pa, a)
    fb = _other_end(e0, e1, pb, b)
    m = _walk(lk, b, -1, buf)
    for j in range(m):
        lab[buf[j]] = pa
    _link(lk, a, b)
    e0[pa] = fa
    e1[pa] = fb
    ln[pa] += ln[pb]
    bb[pa, 0] = min(bb[pa, 0], bb[pb, 0])
    bb[pa, 1] = min(bb[pa, 1], bb[pb, 1])
    bb[pa, 2] = max(bb[pa, 2], bb[pb, 2])
    bb[pa, 3] = max(bb[pa, 3], bb[pb, 3])
    live[pb] = 0
    return pb


@njit(**JIT)
def _can_join(lab, lk, e0, e1, ln, bb, w, h, a, b, cap, strict, buf, nb, tmpbb):
    pa, pb = lab[a], lab[b]
    if pa == pb or lk[a, 1] >= 0 or lk[b, 1] >= 0:
        return False
    if ln[pa] + ln[pb] > cap:
        return False
    if strict:
        tmpbb[0] = min(bb[pa, 0], bb[pb, 0])
        tmpbb[1] = min(bb[pa, 1], bb[pb, 1])
        tmpbb[2] = max(bb[pa, 2], bb[pb, 2])
        tmpbb[3] = max(bb[pa, 3], bb[pb, 3])
        if ln[pa] + ln[pb] >= 3 and _boring(tmpbb, w, h):
            return False
    if ln[pa] <= ln[pb]:
        return _touch_only_at(lab, lk, w, h, a, pb, a, b, buf, nb)
    return _touch_only_at(lab, lk, w, h, b, pa, b, a, buf, nb)


@njit(**JIT)
def _short(e0, e1, p, w):
    return _apart(e0[p], e1[p], w) < 3


@njit(**JIT)
def _bite(lab, lk, e0, e1, ln, bb, live, free, nfree, w, h, s, m, c, mark, stamp,
          buf, buf2, nb, keep_long):
    """Short path S (end ``s``) takes square ``m`` of path P beside it, cut
    from P's neighbour ``c`` of ``m``, with the part of P beyond ``m``.
    Returns the new count of free ids, or -1 when the result would touch."""
    ps, pp = lab[s], lab[m]
    # P1: the part of P from c away from m.
    m1 = _walk(lk, c, m, buf)
    if keep_long:
        far_p = _other_end(e0, e1, pp, buf[m1 - 1])
        if _apart(c, buf[m1 - 1], w) < 3 or \
                _apart(_other_end(e0, e1, ps, s), far_p, w) < 3:
            return -1
    for j in range(m1):
        mark[buf[j]] = stamp
    # S + P2 must meet only in s-m.
    ms = _walk(lk, s, -1, buf2)
    for j in range(ms):
        u = buf2[j]
        k = _nbrs(u, w, h, nb)
        for t in range(k):
            v = nb[t]
            if lab[v] == pp and mark[v] != stamp and not (u == s and v == m):
                return -1
    far_s = _other_end(e0, e1, ps, s)
    _unlink(lk, m, c)
    # P1 gets a fresh id.
    nfree -= 1
    q = free[nfree]
    live[q] = 1
    for j in range(m1):
        lab[buf[j]] = q
    e0[q] = c
    e1[q] = buf[m1 - 1]
    ln[q] = m1
    _bbox_of(buf, m1, w, bb[q])
    # S joins P2 under P's id.
    for j in range(ms):
        lab[buf2[j]] = pp
    _link(lk, s, m)
    live[ps] = 0
    free[nfree] = ps
    nfree += 1
    e0[pp] = far_s
    k = _walk(lk, far_s, -1, buf)
    e1[pp] = buf[k - 1]
    ln[pp] = k
    _bbox_of(buf, k, w, bb[pp])
    return nfree


@njit(**JIT)
def _sweeps(lab, lk, e0, e1, ln, bb, live, free, nfree, w, h, pairs, npairs, rng, cap, buf,
            nb, tmpbb, flag, stat):
    """Step 2: (a) joins that involve a short path, while everything is still
    flexible; (b) joins of two paths that are long enough already.  Returns
    the number of joins (each frees the id pushed on ``free``)."""
    total = 0
    for phase in range(2):
        for _sweep in range(8):
            if flag[STOP] != 0:
                return total
            _shuffle(pairs, npairs, rng)
            joined = 0
            for j in range(npairs):
                a = pairs[j] // 2
                b = a + 1 if pairs[j] % 2 == 0 else a + w
                pa, pb = lab[a], lab[b]
                if pa == pb:
                    continue
                sa, sb = _short(e0, e1, pa, w), _short(e0, e1, pb, w)
                if phase == 0 and not (sa or sb):
                    continue
                if phase == 1 and (sa or sb):
                    continue
                if not _can_join(lab, lk, e0, e1, ln, bb, w, h, a, b, cap, True, buf, nb,
                                 tmpbb):
                    continue
                if phase == 1 and _apart(_other_end(e0, e1, pa, a),
                                         _other_end(e0, e1, pb, b), w) < 3:
                    continue
                p = _join(lab, lk, e0, e1, ln, bb, live, a, b, buf)
                free[nfree] = p
                nfree += 1
                joined += 1
            total += joined
            stat[0] += 1
            if joined == 0:
                break
    return total


@njit(**JIT)
def _dissolve(lab, lk, e0, e1, ln, bb, live, free, nfree, w, h, p, radius, buf, mark, stamp):
    """Cut every link inside the box ``radius`` squares round path ``p`` and
    give each piece of a cut path its own id; returns the new free count."""
    x0, y0 = max(0, bb[p, 0] - radius), max(0, bb[p, 1] - radius)
    x1, y1 = min(w - 1, bb[p, 2] + radius), min(h - 1, bb[p, 3] + radius)
    # the squares of every path that reaches into the box
    m = 0
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            q = lab[y * w + x]
            if mark[q] != stamp:
                mark[q] = stamp
                k = _walk(lk, e0[q], -1, buf[m:])
                m += k
                live[q] = 0
                free[nfree] = q
                nfree += 1
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            i = y * w + x
            while lk[i, 0] >= 0:
                _unlink(lk, i, lk[i, 0])
    # relabel the pieces: walk from each end not yet given an id
    for j in range(m):
        lab[buf[j]] = -1
    piece = np.zeros(buf.shape[0], np.int64)
    for j in range(m):
        u = buf[j]
        if lab[u] >= 0 or lk[u, 1] >= 0:
            continue
        nfree -= 1
        q = free[nfree]
        live[q] = 1
        k = _walk(lk, u, -1, piece)
        for t in range(k):
            lab[piece[t]] = q
        e0[q] = u
        e1[q] = piece[k - 1]
        ln[q] = k
        _bbox_of(piece, k, w, bb[q])
    return nfree


@njit(**JIT)
def _lay_long_paths(w, h, trng, lab, lk, e0, e1, ln, bb, live, free, buf, flag, stat):
    """Step 1': path.c's long shortest paths, laid while they fit (the other
    squares stay single); returns the number of squares freed, -1 if cancelled."""
    n = w * h
    nfree = 0
    step4, _ = neighbours(w, h)
    grid = np.full(n, -1, np.int64)
    ends = np.zeros(2 * n, np.int64)
    dist = np.full(n, -1, np.int64)
    order = np.zeros(n, np.int64)
    empty = np.zeros(n, np.int64)
    pts = np.zeros(4, np.int64)
    k = 0
    while True:
        if flag[STOP] != 0:
            return -1
        k2 = add_path(grid, ends, k, trng, step4, dist, order, empty, pts)
        if k2 == k:
            break
        k = k2
        stat[2] = k
    for c in range(k):
        # a shortest path is an induced chain; link it square by square
        prev = -1
        cur = ends[2 * c]
        while True:
            lab[cur] = ends[2 * c]
            nxt = -1
            for d in range(4):
                v = step4[cur, d]
                if v >= 0 and v != prev and grid[v] == c:
                    nxt = v
            if nxt < 0:
                break
            _link(lk, cur, nxt)
            prev = cur
            cur = nxt
        p = ends[2 * c]
        e0[p] = ends[2 * c]
        e1[p] = ends[2 * c + 1]
        live[p] = 1
    for i in range(n):
        if grid[i] >= 0 and lab[i] != i:
            live[i] = 0
            free[nfree] = i
            nfree += 1
    for p in range(n):
        if live[p]:
            m = _walk(lk, e0[p], -1, buf)
            ln[p] = m
            _bbox_of(buf, m, w, bb[p])
    return nfree


@njit(**JIT)
def _repair_short_paths(lab, lk, e0, e1, ln, bb, live, free, nfree, w, h, rng, buf, buf2,
                        nb, tmpbb, mark, stamp, pairs, npairs, cap, flag, stat):
    """Step 3: join or bite until no path is short; stuck pockets are
    dissolved and joined again.  Returns (status, nfree, stamp)."""
    n = w * h
    shorts = np.zeros(n, np.int64)
    cand = np.zeros(16, np.int64)
    moves = 0
    limit = 1000 * n
    status = OK
    best = n + 1
    since = 0
    pmark = np.zeros(n, np.int64)
    pstamp = 0
    while True:
        if flag[STOP] != 0:
            return CANCELLED, nfree, stamp
        ns = 0
        for p in range(n):
            if live[p] and _short(e0, e1, p, w):
                shorts[ns] = p
                ns += 1
        stat[1] = ns
        stat[2] = n - nfree
        if ns == 0:
            break
        if ns < best:
            best = ns
            since = 0
        else:
            since += ns
        if since > 30 * ns + 200:
            # stuck pockets: dissolve the neighbourhood of every short path, join again
            for j in range(ns):
                p = shorts[j]
                if live[p] and _short(e0, e1, p, w):
                    pstamp += 1
                    nfree = _dissolve(lab, lk, e0, e1, ln, bb, live, free, nfree, w, h, p,
                                      2, buf, pmark, pstamp)
            nfree += _sweeps(lab, lk, e0, e1, ln, bb, live, free, nfree, w, h, pairs, npairs,
                             rng, cap, buf, nb, tmpbb, flag, stat)
            best = n + 1
            since = 0
            stat[3] += 1
            continue
        _shuffle(shorts, ns, rng)
        for j in range(ns):
            p = shorts[j]
            if not live[p] or not _short(e0, e1, p, w):
                continue
            moves += 1
            if moves > limit:
                status = FAILED
                break
            # candidates: (end, neighbour, cut) coded; joins first
            done = False
            nc = 0
            for end in (e0[p], e1[p]):
                k = _nbrs(end, w, h, nb)
                for t in range(k):
                    v = nb[t]
                    if lab[v] != p and lk[v, 1] < 0:
                        cand[nc] = end * 4 * n + v
                        nc += 1
            _shuffle(cand, nc, rng)
            for t in range(nc):
                end = cand[t] // (4 * n)
                v = cand[t] % (4 * n)
                if _can_join(lab, lk, e0, e1, ln, bb, w, h, end, v, n, False, buf, nb, tmpbb):
                    q = _join(lab, lk, e0, e1, ln, bb, live, end, v, buf)
                    free[nfree] = q
                    nfree += 1
                    done = True
                    break
            if done:
                continue
            nc = 0
            for end in (e0[p], e1[p]):
                k = _nbrs(end, w, h, nb)
                for t in range(k):
                    v = nb[t]
                    if lab[v] != p:
                        for sl in range(2):
                            if lk[v, sl] >= 0:
                                cand[nc] = (end * n + v) * 2 + sl
                                nc += 1
            _shuffle(cand, nc, rng)
            for t in range(nc):
                sl = cand[t] % 2
                end = cand[t] // 2 // n
                v = cand[t] // 2 % n
                stamp += 1
                r = _bite(lab, lk, e0, e1, ln, bb, live, free, nfree, w, h, end, v,
                          lk[v, sl], mark, stamp, buf, buf2, nb, False)
                if r >= 0:
                    nfree = r
                    break
        if status == FAILED:
            break
    return status, nfree, stamp


@njit(**JIT)
def _shake_paths(lab, lk, e0, e1, ln, bb, live, free, nfree, w, h, rng, buf, buf2, nb,
                 tmpbb, mark, stamp, pairs, npairs, cap, shake, flag, stat):
    """Step 4: long paths bite their neighbours (both stay long enough), which
    brings new ends side by side; join again.  Returns (cancelled, nfree)."""
    n = w * h
    order = np.zeros(n, np.int64)
    for _round in range(shake):
        if flag[STOP] != 0:
            return True, nfree
        no = 0
        for p in range(n):
            if live[p]:
                order[no] = p
                no += 1
        _shuffle(order, no, rng)
        for j in range(no):
            p = order[j]
            if not live[p]:
                continue
            end = e0[p] if _below(rng, 2) == 0 else e1[p]
            k = _nbrs(end, w, h, nb)
            v = nb[_below(rng, k)]
            if lab[v] == p or lk[v, 1] < 0:
                continue
            if ln[p] + ln[lab[v]] > 2 * cap:
                continue
            stamp += 1
            r = _bite(lab, lk, e0, e1, ln, bb, live, free, nfree, w, h, end, v,
                      lk[v, _below(rng, 2)], mark, stamp, buf, buf2, nb, True)
            if r >= 0:
                nfree = r
        nfree += _sweeps(lab, lk, e0, e1, ln, bb, live, free, nfree, w, h, pairs,
                         npairs, rng, cap, buf, nb, tmpbb, flag, stat)
        stat[2] = n - nfree
    return False, nfree


@njit(**JIT)
def _number_paths(lab, e0, e1, n, lab_out, ends_out):
    """Paths numbered 0..k-1 in order of their first square; returns k."""
    ids = np.full(n, -1, np.int64)
    k = 0
    for i in range(n):
        p = lab[i]
        if ids[p] < 0:
            ids[p] = k
            ends_out[2 * k] = e0[p]
            ends_out[2 * k + 1] = e1[p]
            k += 1
        lab_out[i] = ids[p]
    return k


@njit(**JIT)
def fast_kernel(w, h, rng, trng, lay_paths, cap, shake, flag, stat, lab_out, ends_out):
    """Fill ``lab_out`` (path numbers 0..k-1, by creation) and ``ends_out``;
    returns ``(status, k)``: 1. every square its own path, 1'. path.c's long
    paths laid, 2. joins over the side-by-side pairs in random order, 3. the
    short paths repaired, 4. the shake rounds."""
    n = w * h
    buf = np.zeros(n, np.int64)
    buf2 = np.zeros(n, np.int64)
    nb = np.zeros(4, np.int64)
    tmpbb = np.zeros(4, np.int64)
    lab = np.arange(n)
    lk = np.full((n, 2), -1, np.int64)
    e0 = np.arange(n)
    e1 = np.arange(n)
    ln = np.ones(n, np.int64)
    bb = np.zeros((n, 4), np.int64)
    for i in range(n):
        bb[i, 0] = bb[i, 2] = i % w
        bb[i, 1] = bb[i, 3] = i // w
    live = np.ones(n, np.int64)
    free = np.zeros(n, np.int64)
    nfree = 0
    if lay_paths:
        nfree = _lay_long_paths(w, h, trng, lab, lk, e0, e1, ln, bb, live, free, buf, flag,
                                stat)
        if nfree < 0:
            return CANCELLED, 0
    mark = np.zeros(n, np.int64)
    stamp = 0
    # 2. join, over the side-by-side pairs in random order
    pairs = np.zeros(2 * n, np.int64)
    npairs = 0
    for i in range(n):
        if i % w < w - 1:
            pairs[npairs] = 2 * i
            npairs += 1
        if i // w < h - 1:
            pairs[npairs] = 2 * i + 1
            npairs += 1
    nfree += _sweeps(lab, lk, e0, e1, ln, bb, live, free, nfree, w, h, pairs, npairs,
                     rng, cap, buf, nb, tmpbb, flag, stat)
    if flag[STOP] != 0:
        return CANCELLED, 0
    status, nfree, stamp = _repair_short_paths(lab, lk, e0, e1, ln, bb, live, free, nfree, w,
                                               h, rng, buf, buf2, nb, tmpbb, mark, stamp,
                                               pairs, npairs, cap, flag, stat)
    if status == CANCELLED:
        return CANCELLED, 0
    if status == OK:
        cancelled, nfree = _shake_paths(lab, lk, e0, e1, ln, bb, live, free, nfree, w, h,
                                        rng, buf, buf2, nb, tmpbb, mark, stamp, pairs, npairs,
                                        cap, shake, flag, stat)
        if cancelled:
            return CANCELLED, 0
    return status, _number_paths(lab, e0, e1, n, lab_out, ends_out)


def fast_grid(w: int, h: int, seed: str | bytes, index: int = 0, *, cap: int | None = None,
              lay_paths: bool = True, shake: int = 30,
              flag: np.ndarray | None = None, max_streams: int = 20) -> GridResult:
    """Grid ``index`` of ``seed`` in the fast mode (see the module docstring).

    ``restarts`` of the result counts fresh streams taken when the repairs did
    not converge (0 in every run seen so far)."""
    if cap is None:
        cap = default_cap(w, h)
    n = w * h
    if flag is None:
        flag = np.zeros(4, np.int64)
    stat = np.zeros(8, np.int64)
    lab = np.zeros(n, np.int64)
    ends = np.zeros(2 * n, np.int64)
    for attempt in range(max_streams):
        rng = np.array([stream_seed(seed, index * 1000 + attempt)], np.uint64)
        seed_bytes = seed.encode("utf-8", "surrogateescape") if isinstance(seed, str) else seed
        trng = RandomState(b"numberlink-fast\0" + str(index * 1000 + attempt).encode() + b"\0"
                           + seed_bytes).to_array()
        status, k = fast_kernel(w, h, rng, trng, lay_paths, cap, shake, flag, stat, lab, ends)
        if status == CANCELLED:
            raise Cancelled()
        if status == OK:
            break
    else:
        raise FastStuck(f"fast mode: no {w}x{h} grid after {max_streams} streams")
    perm_rng = np.random.default_rng(stream_seed(seed, index * 1000 + attempt + 500))
    perm = (perm_rng.permutation(k) + 1).tolist()
    grid = lab.tolist()
    pathends = ends[:2 * k].tolist()
    solution = [perm[c] for c in grid]
    puzzle = [0] * n
    for c in range(k):
        puzzle[pathends[2 * c]] = puzzle[pathends[2 * c + 1]] = perm[c]
    return GridResult(w, h, solution, puzzle, pathends, perm, attempt)
