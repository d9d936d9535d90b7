"""The Hard technique (H1) compiled: for each candidate link, assume it on
(then off) and apply the Normal techniques to a fixed point on a copy of
the state, without a record; the first assumption that meets a
contradiction is returned.  The techniques are those of :mod:`.deduce`
(E1-E4, N1-N2 by :func:`.normal_kernels.route_analysis`, N3 by
:func:`.normal_kernels.pocket_scan`), for the fill rules and at most 63
labels; the fixed point of these rules is the same whatever their order,
so the verdict is the Python solver's.  ``free`` and more labels use the
Python trial (``State.hard``).
"""

from __future__ import annotations

import numpy as np
from ..jit import njit  # (numba imported at the first call: not for -h)
from ..protocol import STOP  # the cancel flag's stop slot

from .normal_kernels import pocket_scan, route_analysis

__all__ = ["first_contradiction", "TECHNIQUE_CODES"]

UNKNOWN, ON, OFF = 0, 1, 2
OK, BROKEN = 0, 1
TECHNIQUE_CODES = ("E1", "E2", "E3", "E4", "N1", "N2", "N3")
E1, E2, E3, E4, N1, N2, N3 = range(7)


@njit(nogil=True, cache=True)
def _find(parent, i):
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i


@njit(nogil=True, cache=True)
def _push(queue, queued, top, i):
    if not queued[i]:
        queued[i] = 1
        queue[top] = i
        top += 1
    return top


@njit(nogil=True, cache=True)
def _single(m):
    return m != 0 and (m & (m - np.uint64(1))) == 0


@njit(nogil=True, cache=True)
def _fixpoint(link, mask, parent, pending, nb_e, nb_t, ea, eb, end_label, need, ends,
              no_touch, queue, queued, top, scratch_a, scratch_b, scratch_c, region, doors):
    """Normal to a fixed point; returns (0, -1) or (1, technique of the contradiction)."""
    n = mask.shape[0]
    nl = ends.shape[0]
    one = np.uint64(1)
    zero = np.uint64(0)
    while True:
        # -- Easy, square by square ------------------------------------------------
        while top > 0:
            top -= 1
            s = queue[top]
            queued[s] = 0
            on = 0
            unk = 0
            for a in range(4):
                e = nb_e[s, a]
                if e >= 0:
                    if link[e] == ON:
                        on += 1
                    elif link[e] == UNKNOWN:
                        unk += 1
            d = need[s]
            if on > d or on + unk < d:
                return 1, E1
            if unk and (on == d or on + unk == d):
                value = OFF if on == d else ON
                for a in range(4):
                    e = nb_e[s, a]
                    if e < 0 or link[e] != UNKNOWN:
                        continue
                    t = nb_t[s, a]
                    if value == ON:
                        ra = _find(parent, s)
                        rb = _find(parent, t)
                        if ra == rb:
                            return 1, E1
                        parent[ra] = rb
                    else:
                        pending |= mask[s] & mask[t]
                    link[e] = value
                    top = _push(queue, queued, top, s)
                    top = _push(queue, queued, top, t)
            for a in range(4):
                e = nb_e[s, a]
                if e < 0:
                    continue
                t = nb_t[s, a]
                v = link[e]
                ms = mask[s]
                mt = mask[t]
                if v == ON:
                    m = ms & mt
                    if m == zero:
                        return 1, E2
                    if m != ms:
                        pending |= ms & ~m
                        mask[s] = m
                        top = _push(queue, queued, top, s)
                    if m != mt:
                        pending |= mt & ~m
                        mask[t] = m
                        top = _push(queue, queued, top, t)
                elif v == UNKNOWN:
                    if ms & mt == zero or _find(parent, s) == _find(parent, t):
                        pending |= ms & mt
                        link[e] = OFF
                        top = _push(queue, queued, top, s)
                        top = _push(queue, queued, top, t)
                    elif no_touch and ms == mt and _single(ms):
                        ra = _find(parent, s)
                        rb = _find(parent, t)
                        parent[ra] = rb
                        link[e] = ON
                        top = _push(queue, queued, top, s)
                        top = _push(queue, queued, top, t)
                elif no_touch:
                    if _single(ms) and mt & ms != zero:
                        if mt == ms:
                            return 1, E4
                        pending |= ms
                        mask[t] = mt & ~ms
                        top = _push(queue, queued, top, t)
                    elif _single(mt) and ms & mt != zero:
                        pending |= mt
                        mask[s] = ms & ~mt
                        top = _push(queue, queued, top, s)
        # -- Normal: one label whose routes may have changed, else the pockets ----------
        changed = False
        while pending != zero and not changed:
            k = 0
            while (pending >> np.uint64(k)) & one == zero:
                k += 1
            bit = one << np.uint64(k)
            pending &= ~bit
            if k >= nl:
                continue
            ok, nlose, ncs, ncl = route_analysis(mask, link, nb_e, nb_t, bit, ends[k, 0],
                                                 ends[k, 1], scratch_a, scratch_b, scratch_c)
            if not ok:
                return 1, N1
            for j in range(nlose):
                i = scratch_a[j]
                mask[i] &= ~bit
                if mask[i] == zero:
                    return 1, N1
                top = _push(queue, queued, top, i)
                changed = True
            for j in range(ncs):
                i = scratch_b[j]
                if mask[i] != bit:
                    if mask[i] & bit == zero:
                        return 1, N2
                    pending |= mask[i] & ~bit
                    mask[i] = bit
                    top = _push(queue, queued, top, i)
                    changed = True
            for j in range(ncl):
                e = scratch_c[j]
                if link[e] == UNKNOWN:
                    ra = _find(parent, ea[e])
                    rb = _find(parent, eb[e])
                    if ra == rb:
                        return 1, N2
                    parent[ra] = rb
                    link[e] = ON
                    top = _push(queue, queued, top, ea[e])
                    top = _push(queue, queued, top, eb[e])
                    changed = True
                elif link[e] == OFF:
                    return 1, N2
        if changed:
            continue
        status, size = pocket_scan(link, nb_e, nb_t, end_label, need, ea, eb, region, doors)
        if status == 1:
            return 1, N3
        if status == 2:
            for j in range(2):
                e = doors[j]
                ra = _find(parent, ea[e])
                rb = _find(parent, eb[e])
                if ra == rb:
                    return 1, N3
                parent[ra] = rb
                link[e] = ON
                top = _push(queue, queued, top, ea[e])
                top = _push(queue, queued, top, eb[e])
            continue
        if top == 0:
            return 0, -1


@njit(nogil=True, cache=True)
def first_contradiction(link0, mask0, parent0, candidates, nb_e, nb_t, ea, eb, end_label,
                        need, ends, no_touch, flag):
    """(link, value assumed, technique) of the first candidate assumption
    that meets a contradiction, or (-1, 0, -1); ``flag[STOP]`` set stops early
    (-2)."""
    n = mask0.shape[0]
    queue = np.empty(n, np.int32)
    queued = np.zeros(n, np.uint8)
    sa = np.empty(n, np.int32)
    sb = np.empty(n, np.int32)
    sc = np.empty(n, np.int32)
    region = np.empty(n, np.int32)
    doors = np.empty(2, np.int32)
    for c in range(candidates.shape[0]):
        if flag[STOP] != 0:
            return -2, 0, -1
        e = candidates[c]
        for assume in (ON, OFF):
            link = link0.copy()
            mask = mask0.copy()
            parent = parent0.copy()
            queued[:] = 0
            top = 0
            a, b = ea[e], eb[e]
            pending = np.uint64(0)
            if assume == ON:
                ra = _find(parent, a)
                rb = _find(parent, b)
                if ra == rb:
                    return e, assume, E3
                parent[ra] = rb
            else:
                pending = mask[a] & mask[b]
            link[e] = assume
            top = _push(queue, queued, top, a)
            top = _push(queue, queued, top, b)
            broken, tech = _fixpoint(link, mask, parent, pending, nb_e, nb_t, ea, eb,
                                     end_label, need, ends, no_touch, queue, queued, top,
                                     sa, sb, sc, region, doors)
            if broken:
                return e, assume, tech
    return -1, 0, -1
