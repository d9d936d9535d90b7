"""OpenTTD 15.2's land raise/lower command (CmdTerraformLand) on a
:class:`~.landscape.Landscape`, as CreateRivers runs it during world
generation: see :mod:`.river_tiles` for the calling convention.

The command is modelled first (test), then applied (exec); the model is
the same both times, so one pass decides.  Each selected corner (W, S, E, N
in that order) moves by one; a corner that would differ by more than one
from a neighbouring corner (NE, SE, SW, NW) is moved toward it, depth
first.  It fails on a height below 0 or above the limit, on a corner the
command would not change, and (freeform edges off) on a corner within 1 of
the map's edge.  On success every non-void tile touching a changed corner
is cleared to grass at density 3 (water, rocks, rough land and trees
included), then the heights are set.  Nothing here draws Random().
"""

from __future__ import annotations

import numpy as np

from ..jit import njit
from .kernel import INLINE, JIT
from .river_tiles import (
    DDX,
    DDY,
    K,
    K_VOID,
    P_FREEFORM,
    P_LIMIT,
    P_N,
    P_ST_MODEL,
    P_SX,
    P_SY,
    S_MH,
    S_MST,
    S_STK_D,
    S_STK_H,
    S_STK_T,
    S_TOUCH,
    H,
    clear_tile,
)


@njit(**INLINE)
def _model(h, mst, mh, st, c):
    if mst[c] == st:
        return np.int64(mh[c])
    return np.int64(h[c])


@njit(**INLINE)
def _set(h, mst, mh, st, touch, nt, c, height, sx, sy, freeform, limit):
    """TerraformTileHeight's checks and store: (ok, touched count)."""
    if height < 0 or height > limit:
        return False, nt
    if height == _model(h, mst, mh, st, c):
        return False, nt
    if not freeform:
        y = c // sx
        x = c - y * sx
        if x <= 1 or y <= 1 or x >= sx - 2 or y >= sy - 2:
            return False, nt
    if mst[c] != st:
        mst[c] = st
        touch[nt] = c
        nt += 1
    mh[c] = height
    return True, nt


@njit(**JIT)
def terraform(T, rid, S, P, tile, slope, up):
    """CmdTerraformLand(tile, slope, up) run for real: True when it did."""
    h = T[H]
    sx = P[P_SX]
    sy = P[P_SY]
    n = P[P_N]
    freeform = P[P_FREEFORM] != 0
    limit = P[P_LIMIT]
    P[P_ST_MODEL] += 1
    st = np.int32(P[P_ST_MODEL])
    mst = S[S_MST]
    mh = S[S_MH]
    touch = S[S_TOUCH]
    stk_t = S[S_STK_T]
    stk_d = S[S_STK_D]
    stk_h = S[S_STK_H]
    direction = 1 if up else -1
    nt = 0
    for k in range(4):
        if k == 0:
            if slope & 1 == 0:
                continue
            c = tile + 1
        elif k == 1:
            if slope & 2 == 0:
                continue
            c = tile + sx + 1
        elif k == 2:
            if slope & 4 == 0:
                continue
            c = tile + sx
        else:
            if slope & 8 == 0:
                continue
            c = tile
        if c >= n:
            continue
        ok, nt = _set(h, mst, mh, st, touch, nt, c, np.int64(h[c]) + direction,
                      sx, sy, freeform, limit)
        if not ok:
            return False
        sp = 1
        stk_t[0] = c
        stk_d[0] = 0
        stk_h[0] = np.int64(h[c]) + direction
        while sp > 0:
            top = sp - 1
            d = stk_d[top]
            if d == 4:
                sp -= 1
                continue
            stk_d[top] = d + 1
            cc = stk_t[top]
            cy = cc // sx
            x = cc - cy * sx + DDX[d]
            y = cy + DDY[d]
            if x < 0 or x >= sx or y < 0 or y >= sy:
                continue
            nb = y * sx + x
            r = _model(h, mst, mh, st, nb)
            diff = np.int64(stk_h[top]) - r
            if abs(diff) > 1:
                diff += 1 if diff < 0 else -1
                ok, nt = _set(h, mst, mh, st, touch, nt, nb, r + diff, sx, sy, freeform, limit)
                if not ok:
                    return False
                stk_t[sp] = nb
                stk_d[sp] = 0
                stk_h[sp] = r + diff
                sp += 1
    k = T[K]
    for i in range(nt):
        c = touch[i]
        cy = c // sx
        cx = c - cy * sx
        if k[c] != K_VOID:
            clear_tile(T, rid, c)
        if cy >= 1 and k[c - sx] != K_VOID:
            clear_tile(T, rid, c - sx)
        if cy >= 1 and cx >= 1 and k[c - sx - 1] != K_VOID:
            clear_tile(T, rid, c - sx - 1)
        if cx >= 1 and k[c - 1] != K_VOID:
            clear_tile(T, rid, c - 1)
    for i in range(nt):
        c = touch[i]
        h[c] = mh[c]
    return True

