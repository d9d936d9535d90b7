"""The route analysis of the deduction solver's Normal techniques (N1, N2),
compiled: one depth-first search of the squares that may carry a label,
from one of its ends, through links that are not off.

Its low points give the blocks (two-connected pieces) and the cut squares:
a square lies on some route between the two ends exactly when it is in a
block on the way from one end to the other in the block-cut tree; a cut
square on that way is on every route (a bottleneck), and so is a bridge
link (low point beyond its square).  The pure-Python twin is
``State.routes`` in :mod:`.deduce`, used for more than 63 labels.
"""

from __future__ import annotations

import numpy as np
from ..jit import njit  # (numba imported at the first call: not for -h)

__all__ = ["route_analysis", "LABELS_MAX"]

LABELS_MAX = 63
"""Labels (plus ``empty``) that fit the kernel's 64-bit masks."""

OFF = 2


@njit(nogil=True, cache=True)
def route_analysis(masks, link, nb_e, nb_t, bit, A, B, lose, cut_squares, cut_links):
    """Fill ``lose`` (squares that may carry the label but lie on no route),
    ``cut_squares`` and ``cut_links``; return (reached, squares lost,
    squares cut, links cut); reached 0 when the ends cannot be joined."""
    n = masks.shape[0]
    disc = np.full(n, -1, np.int32)
    low = np.zeros(n, np.int32)
    parent = np.full(n, -1, np.int32)
    pedge = np.full(n, -1, np.int32)
    nxt = np.zeros(n, np.int32)
    order = np.empty(n, np.int32)
    stack = np.empty(n, np.int32)
    block = np.full(n, -1, np.int32)
    on_path = np.zeros(n, np.uint8)
    disc[A] = 0
    order[0] = A
    count = 1
    top = 0
    stack[0] = A
    while top >= 0:
        v = stack[top]
        pushed = False
        while nxt[v] < 4:
            j = nxt[v]
            nxt[v] += 1
            e = nb_e[v, j]
            if e < 0 or link[e] == OFF or e == pedge[v]:
                continue
            t = nb_t[v, j]
            if masks[t] & bit == 0:
                continue
            if disc[t] >= 0:
                if disc[t] < low[v]:
                    low[v] = disc[t]
                continue
            disc[t] = count
            low[t] = count
            order[count] = t
            count += 1
            parent[t] = v
            pedge[t] = e
            top += 1
            stack[top] = t
            pushed = True
            break
        if not pushed:
            top -= 1
            p = parent[v]
            if p >= 0 and low[v] < low[p]:
                low[p] = low[v]
    if disc[B] < 0:
        return 0, 0, 0, 0
    for c in range(1, count):
        v = order[c]
        p = parent[v]
        block[v] = v if low[v] >= disc[p] else block[p]
    ncs = 0
    ncl = 0
    x = B
    while x != A:
        p = parent[x]
        on_path[block[x]] = 1
        if low[x] >= disc[p] and p != A:
            cut_squares[ncs] = p
            ncs += 1
        if low[x] > disc[p]:
            cut_links[ncl] = pedge[x]
            ncl += 1
        x = p
    nlose = 0
    for v in range(n):
        if masks[v] & bit == 0 or v == A:
            continue
        if disc[v] < 0 or not on_path[block[v]]:
            lose[nlose] = v
            nlose += 1
    return 1, nlose, ncs, ncl


UNKNOWN, ON = 0, 1


@njit(nogil=True, cache=True)
def pocket_scan(link, nb_e, nb_t, end_label, need, ea, eb, region, doors):
    """N3: the first region of unlinked squares without an end (joined by
    unknown links) with fewer than two ways in (returns 1) or exactly two
    door links, both unknown and not both at one square of room 1 (returns
    2); 0 when there is none.  ``region`` gets its squares (the count is the
    second value returned), ``doors`` the two links."""
    n = end_label.shape[0]
    ondeg = np.zeros(n, np.int32)
    for e in range(link.shape[0]):
        if link[e] == ON:
            ondeg[ea[e]] += 1
            ondeg[eb[e]] += 1
    seen = np.zeros(n, np.uint8)
    used = np.zeros(n, np.int32)        # door links per outside square, this region
    touched = np.empty(4 * n, np.int32)
    door_list = np.empty(4 * n, np.int32)
    for start in range(n):
        if seen[start] or end_label[start] != 0 or ondeg[start] != 0:
            continue
        seen[start] = 1
        region[0] = start
        size = 1
        ntouched = 0
        ndoors = 0
        j = 0
        while j < size:
            v = region[j]
            j += 1
            for a in range(4):
                e = nb_e[v, a]
                if e < 0 or link[e] != UNKNOWN:
                    continue
                t = nb_t[v, a]
                if end_label[t] == 0 and ondeg[t] == 0:
                    if not seen[t]:
                        seen[t] = 1
                        region[size] = t
                        size += 1
                else:
                    if used[t] == 0:
                        touched[ntouched] = t
                        ntouched += 1
                    used[t] += 1
                    door_list[ndoors] = e
                    ndoors += 1
        room = 0
        for c in range(ntouched):
            t = touched[c]
            cap = need[t] - ondeg[t]
            room += used[t] if used[t] < cap else cap
            used[t] = 0
        if room < 2:
            return 1, size
        if room == 2 and ndoors == 2:
            doors[0] = door_list[0]
            doors[1] = door_list[1]
            return 2, size
    return 0, 0
