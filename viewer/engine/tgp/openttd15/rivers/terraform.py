"""OpenTTD 15.2's land raise/lower command (CmdTerraformLand) on a
:class:`~.landscape.Landscape`, as CreateRivers runs it during world
generation: see :mod:`.tiles` for the calling convention.

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

from ....jit import njit
from ...kernel import INLINE, JIT
from .tiles import (
    DDX,
    DDY,
    F_MODEL,
    K_VOID,
    slope_z,
    spring_corner_changed,
)


@njit(**JIT)
def terraform(T, rid, S, P, tile, slope, up):
    """CmdTerraformLand(tile, slope, up) run for real: True when it did."""
    return terraform_inline(T, rid, S, P, tile, slope, up)


@njit(**INLINE)
def terraform_inline(T, rid, S, P, tile, slope, up):
    """:func:`terraform` inlined, for a loop of many (a kernel call costs
    about as much as a terraforming that changes one corner)."""
    ok, nt = _terraform(T, S, P, tile, slope, up)
    fl = T.flags
    ml_t = S.model_tile
    for i in range(nt):
        fl[ml_t[i]] &= ~F_MODEL
    if not ok:
        return False
    h = T.height
    k = T.kind
    g = T.ground
    dn = T.density
    ct = T.counter
    sn = T.snow
    rb = T.random_bits
    tt = T.tree_type
    tc = T.tree_count
    tg = T.tree_growth
    nf = T.nonflood
    lx = P.log_x
    sy = P.size_y
    w = 1 << lx
    ml_h = S.model_height

    def clear(t):
        # DoClearSquare during world generation: clear grass at density 3
        # (the tropic zone stays), the 8 neighbours lose their non-flooding
        # mark; a closure over the arrays (inlined without reference counting)
        if k[t] == K_VOID:
            return
        k[t] = 0
        g[t] = 0
        dn[t] = 3
        ct[t] = 0
        sn[t] = 0
        rb[t] = 0
        tt[t] = 0
        tc[t] = 0
        tg[t] = 0
        rid[t] = 0
        nf[t] = 0
        y = t >> lx
        x = t & (w - 1)
        for dy in range(-1, 2):
            for dx in range(-1, 2):
                if 0 <= x + dx < w and 0 <= y + dy < sy:
                    nf[t + dy * w + dx] = 0

    for i in range(nt):
        c = ml_t[i]
        cy = c >> lx
        cx = c & (w - 1)
        clear(c)
        if cy >= 1:
            clear(c - w)
            if cx >= 1:
                clear(c - w - 1)
        if cx >= 1:
            clear(c - 1)
    spring = T.spring
    spring_any = T.spring_any
    for i in range(nt):
        c = ml_t[i]
        spring_corner_changed(spring, spring_any, h, lx, sy, np.int64(c), np.int64(h[c]),
                              np.int64(ml_h[i]))
        h[c] = ml_h[i]
    # the slope tables of the tiles around the changed corners
    sl = T.slope
    zz = T.lowest
    for i in range(nt):
        c = np.int64(ml_t[i])
        cy = c >> lx
        cx = c & (w - 1)
        for dy in range(2):
            if dy > cy:
                continue
            for dx in range(2):
                if dx > cx:
                    continue
                t = c - dy * w - dx
                s, z = slope_z(h, lx, sy, t)
                sl[t] = s
                zz[t] = z
    return True


@njit(**INLINE)
def _terraform(T, S, P, tile, slope, up):
    """The model: (ok, corners changed, listed in S.model_tile, S.model_height)."""
    h = T.height
    fl = T.flags
    lx = P.log_x
    sx = P.size_x
    sy = P.size_y
    n = P.n
    freeform = P.freeform != 0
    limit = P.height_limit
    ml_t = S.model_tile
    ml_h = S.model_height
    stk_t = S.stack_tile
    stk_d = S.stack_dir
    stk_h = S.stack_height
    direction = 1 if up else -1
    cap = ml_t.shape[0]

    # the model's height of a corner (changed corners are flagged and
    # listed; the list is short, searched from its end), and
    # TerraformTileHeight's checks and store; closures over the arrays
    # (see terraform's clear)
    def model(nt, c):
        if fl[c] & F_MODEL:
            for i in range(nt - 1, -1, -1):
                if ml_t[i] == c:
                    return np.int64(ml_h[i])
        return np.int64(h[c])

    def store(nt, c, height):
        if height < 0 or height > limit:
            return False, nt
        if height == model(nt, c):
            return False, nt
        if not freeform:
            y = c >> lx
            x = c & (sx - 1)
            if x <= 1 or y <= 1 or x >= sx - 2 or y >= sy - 2:
                return False, nt
        if fl[c] & F_MODEL:
            for i in range(nt - 1, -1, -1):
                if ml_t[i] == c:
                    ml_h[i] = height
                    return True, nt
        if nt >= cap:
            raise ValueError("terraform: too many corners changed at once")
        fl[c] |= F_MODEL
        ml_t[nt] = c
        ml_h[nt] = height
        return True, nt + 1

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
        target = np.int64(h[c]) + direction
        ok, nt = store(nt, c, target)
        if not ok:
            return False, nt
        sp = 1
        stk_t[0] = c
        stk_d[0] = 0
        stk_h[0] = target
        while sp > 0:
            top = sp - 1
            d = stk_d[top]
            if d == 4:
                sp -= 1
                continue
            stk_d[top] = d + 1
            cc = stk_t[top]
            x = (cc & (sx - 1)) + DDX[d]
            y = (cc >> lx) + DDY[d]
            if x < 0 or x >= sx or y < 0 or y >= sy:
                continue
            nb = (y << lx) + x
            r = model(nt, nb)
            diff = np.int64(stk_h[top]) - r
            if abs(diff) > 1:
                diff += 1 if diff < 0 else -1
                ok, nt = store(nt, nb, r + diff)
                if not ok:
                    return False, nt
                if sp >= stk_t.shape[0]:
                    raise ValueError("terraform: propagation too deep")
                stk_t[sp] = nb
                stk_d[sp] = 0
                stk_h[sp] = r + diff
                sp += 1
    return True, nt
