"""The river route of OpenTTD 15.2 (YAPF's river builder): an A* search
from a segment's begin to its end over the moves water can flow, with the
game's random step costs and its binary heap's tie order.  See
:mod:`.tiles` for the calling convention.

Each node generated (a 4-neighbour, NE SE SW NW, the water flows down to)
costs its parent's cost + 1 + RandomRange(river_route_random), one Random()
each, duplicates included; its estimate adds the Manhattan distance to the
end.  The open list is a binary heap on the estimate (1-based, ties never
move up), nodes are looked up by tile: a node generated again while open
replaces the open one only with a lower estimate (removed from the heap at
its position and inserted again), one already closed is dropped.  The
search ends when the end is the best open node, or without a path when
``P.max_nodes`` nodes are closed.  Nodes live in fixed arrays (at most
1 + 4 per closed node), found by tile through an open-addressing table.

:func:`heap_include` and :func:`heap_remove` are the heap's operations;
:func:`find_route` carries the same code as closures over its arrays
(numba inlines those without reference counting); the tests check that
both give the same routes.
"""

from __future__ import annotations

import numpy as np

from ....jit import njit
from ...kernel import INLINE, JIT, _next
from .tiles import (
    HASH_BITS,
    K_VOID,
    diag_off,
    flows_sz,
    manhattan,
)


@njit(**INLINE)
def _up(heap, hpos, est, gap, item):
    while gap > 1:
        parent = gap // 2
        if not (est[item] < est[heap[parent]]):
            break
        heap[gap] = heap[parent]
        hpos[heap[gap]] = gap
        gap = parent
    return gap


@njit(**INLINE)
def _down(heap, hpos, est, items, gap, item):
    child = gap * 2
    while child <= items:
        if child < items and est[heap[child + 1]] < est[heap[child]]:
            child += 1
        if not (est[heap[child]] < est[item]):
            break
        heap[gap] = heap[child]
        hpos[heap[gap]] = gap
        gap = child
        child = gap * 2
    return gap


@njit(**INLINE)
def heap_include(heap, hpos, est, items, item):
    """CBinaryHeapT::Include; returns the new item count."""
    items += 1
    gap = _up(heap, hpos, est, items, item)
    heap[gap] = item
    hpos[item] = gap
    return items


@njit(**INLINE)
def heap_remove(heap, hpos, est, items, index):
    """CBinaryHeapT::Remove(index); returns the new item count."""
    if index < items:
        items -= 1
        last = heap[items + 1]
        gap = _up(heap, hpos, est, index, last)
        gap = _down(heap, hpos, est, items, gap, last)
        if items != 0:
            heap[gap] = last
            hpos[last] = gap
    else:
        items -= 1
    return items


@njit(**JIT)
def find_route(T, S, P, C, rng, start, end):
    """The A* search; returns the path's length in ``S.path`` (end
    first, start last), 0 when no path was found."""
    h = T.height
    sl = T.slope
    zz = T.lowest
    k = T.kind
    lx = P.log_x
    sx = P.size_x
    sy = P.size_y
    n = P.n
    rr = P.route_random
    max_nodes = P.max_nodes
    nt = S.node_tile
    np_ = S.node_parent
    nc = S.node_cost
    ne = S.node_estimate
    ncl = S.node_closed
    hpos = S.node_heap_pos
    heap = S.heap
    hsh = S.hash_table
    mask = hsh.shape[0] - 1

    # the heap's operations (heap_include, heap_remove) and the table's
    # lookup as closures over the arrays: numba inlines them without
    # binding the arrays anew, so without reference counting
    def up(gap, item):
        e = ne[item]
        while gap > 1:
            parent = gap >> 1
            hp = heap[parent]
            if not (e < ne[hp]):
                break
            heap[gap] = hp
            hpos[hp] = gap
            gap = parent
        return gap

    def down(items, gap, item):
        e = ne[item]
        child = gap * 2
        while child <= items:
            if child < items and ne[heap[child + 1]] < ne[heap[child]]:
                child += 1
            hc = heap[child]
            if not (ne[hc] < e):
                break
            heap[gap] = hc
            hpos[hc] = gap
            gap = child
            child = gap * 2
        return gap

    def include(items, item):
        items += 1
        gap = up(items, item)
        heap[gap] = item
        hpos[item] = gap
        return items

    def remove(items, index):
        if index < items:
            items -= 1
            last = heap[items + 1]
            gap = up(index, last)
            gap = down(items, gap, last)
            if items != 0:
                heap[gap] = last
                hpos[last] = gap
        else:
            items -= 1
        return items

    def slot_of(tile):
        i = ((tile * 2654435761) & 0xFFFFFFFF) >> (32 - HASH_BITS)
        while True:
            v = hsh[i]
            if v == 0 or nt[v - 1] == tile:
                return i
            i = (i + 1) & mask

    nt[0] = start
    np_[0] = -1
    nc[0] = 0
    ne[0] = 0
    ncl[0] = 0
    nsl = S.node_slot
    slot = slot_of(start)
    hsh[slot] = 1
    nsl[0] = slot
    nodes = 1
    items = include(0, 0)
    closed = 0
    found = -1
    s0 = rng[0]
    s1 = rng[1]
    calls = 0
    while items > 0:
        best = heap[1]
        bt = nt[best]
        if bt == end:
            found = best
            break
        sb = np.int64(sl[bt])
        zb = np.int64(zz[bt])
        for d in range(4):
            t = bt + diag_off(sx, d)
            if t < 0 or t >= n or k[t] == K_VOID:
                continue
            if not flows_sz(sb, zb, np.int64(sl[t]), np.int64(zz[t])):
                continue
            s0, s1, r = _next(s0, s1)
            calls += 1
            cost = nc[best] + 1 + ((r * rr) >> 32)
            est = cost + manhattan(lx, end, t)
            slot = slot_of(t)
            v = hsh[slot]
            if v != 0:
                o = v - 1
                if ncl[o] == 0 and est < ne[o]:
                    items = remove(items, hpos[o])
                    np_[o] = best
                    nc[o] = cost
                    ne[o] = est
                    items = include(items, o)
                continue
            if nodes >= nt.shape[0]:
                raise ValueError("river route: too many nodes")
            o = nodes
            nodes += 1
            nt[o] = t
            np_[o] = best
            nc[o] = cost
            ne[o] = est
            ncl[o] = 0
            hsh[slot] = o + 1
            nsl[o] = slot
            items = include(items, o)
        if max_nodes != 0 and closed >= max_nodes:
            break
        items = remove(items, hpos[best])
        ncl[best] = 1
        closed += 1
    rng[0] = s0
    rng[1] = s1
    rng[2] += calls
    C.route_nodes_closed[0] += closed
    C.route_searches[0] += 1
    # empty the hash table for the next search
    for o in range(nodes):
        hsh[nsl[o]] = 0
    if found < 0:
        return 0
    path = S.path
    m = 0
    o = found
    while o != -1:
        path[m] = nt[o]
        m += 1
        o = np_[o]
    return m
