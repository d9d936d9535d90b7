"""The river route of OpenTTD 15.2 (YAPF's river builder): an A* search
from a segment's begin to its end over the moves water can flow, with the
game's random step costs and its binary heap's tie order.  See
:mod:`.river_tiles` for the calling convention.

Each node generated (a 4-neighbour, NE SE SW NW, the water flows down to)
costs its parent's cost + 1 + RandomRange(river_route_random), one Random()
each, duplicates included; its estimate adds the Manhattan distance to the
end.  The open list is a binary heap on the estimate (1-based, ties never
move up), nodes are looked up by tile: a node generated again while open
replaces the open one only with a lower estimate (removed from the heap at
its position and inserted again), one already closed is dropped.  The
search ends when the end is the best open node, or without a path when
``P[P_MAX_NODES]`` nodes are closed.
"""

from __future__ import annotations

import numpy as np

from ..jit import njit
from .kernel import INLINE, JIT
from .river_tiles import (
    H,
    K,
    P_MAX_NODES,
    P_N,
    P_ROUTE_RANDOM,
    P_ST_NODE,
    P_SX,
    P_SY,
    S_HEAP,
    S_HPOS,
    S_NCLOSED,
    S_NCOST,
    S_NEST,
    S_NPAR,
    S_NST,
    S_PATH,
    diag_off,
    flows_down,
    is_valid,
    manhattan,
    rand_range,
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
def find_route(T, S, P, rng, start, end):
    """The A* search; returns the path's length in ``S[S_PATH]`` (end
    first, start last), 0 when no path was found."""
    h = T[H]
    k = T[K]
    sx = P[P_SX]
    sy = P[P_SY]
    n = P[P_N]
    rr = P[P_ROUTE_RANDOM]
    max_nodes = P[P_MAX_NODES]
    P[P_ST_NODE] += 1
    st = np.int32(P[P_ST_NODE])
    nst = S[S_NST]
    npar = S[S_NPAR]
    ncost = S[S_NCOST]
    nest = S[S_NEST]
    nclosed = S[S_NCLOSED]
    heap = S[S_HEAP]
    hpos = S[S_HPOS]
    nst[start] = st
    npar[start] = -1
    ncost[start] = 0
    nest[start] = 0
    nclosed[start] = 0
    items = heap_include(heap, hpos, nest, 0, start)
    closed = 0
    found = False
    while items > 0:
        best = heap[1]
        if best == end:
            found = True
            break
        for d in range(4):
            t = best + diag_off(sx, d)
            if not is_valid(k, n, t) or not flows_down(h, sx, sy, best, t):
                continue
            cost = ncost[best] + 1 + rand_range(rng, rr)
            est = cost + manhattan(sx, end, t)
            if nst[t] == st:
                if nclosed[t] == 0 and est < nest[t]:
                    items = heap_remove(heap, hpos, nest, items, hpos[t])
                    npar[t] = best
                    ncost[t] = cost
                    nest[t] = est
                    items = heap_include(heap, hpos, nest, items, t)
                continue
            nst[t] = st
            npar[t] = best
            ncost[t] = cost
            nest[t] = est
            nclosed[t] = 0
            items = heap_include(heap, hpos, nest, items, t)
        if max_nodes != 0 and closed >= max_nodes:
            break
        items = heap_remove(heap, hpos, nest, items, hpos[best])
        nclosed[best] = 1
        closed += 1
    if not found:
        return 0
    path = S[S_PATH]
    m = 0
    t = end
    while t != -1:
        path[m] = t
        m += 1
        t = npar[t]
    return m

