"""OpenTTD 15.2's tile loop (RunTileLoop) during world generation, on a
:class:`~.landscape.Landscape` (see ``../shared/reference/tgp-rivers/README.md``,
"Tile loop").

One run visits 2^(log x + log y - 8) tiles: tile 0 first (the tick counter
stays 0 while the world is made, so tile 0 is due on every run), then the
tiles of a Galois LFSR (``t = (t >> 1) ^ (feedback if t is odd)``, feedback
by log x + log y) from ``land.loop_tile`` on; the position carries over to
the next call.  A visit does what the tile's type does in the game:

* clear land: in the tropic the desert ground follows the zone (density 3,
  or 1 next to a non-desert or sea tile); in the arctic snow comes and goes
  with the lowest corner against the snow line, one density step per
  visit; then grass below density 3 grows one step every 8th visit.
* sea, shore with one corner raised, and void tiles flood: each of the 8
  neighbours that is land (clear, trees) with its lowest corner at 0 and a
  slope that takes water from that side becomes sea (flat) or shore.  A sea
  or shore tile with no land neighbour at all is marked non-flooding and
  skipped from then on.  Shore with more corners raised (and trees on
  shore) dries up when none of the neighbours it needs floods.
* trees (from wetlands): the ground follows the zone or the snow, grass
  under them grows, and on 1 visit in 16 (by 11x + 9y) they grow, die, add
  a tree or spread to a neighbour, drawing Random() for it.  Tropic
  rainforest trees draw one Random() per visit (the game's forest sound),
  arctic trees at full snow density too.
* rivers: nothing.

Random() draws come from ``land.rng`` (counted in its third element).
"""

from __future__ import annotations

import numpy as np

from ...jit import CallSite, njit
from ..kernel import DIR_DX, DIR_DY, FLOOD_FROM_DIRS, INLINE, JIT, _next, corner_slope
from .landscape import (CLEAR, DESERT, DESERT_ZONE, GRASS, RAINFOREST, RIVER, ROUGH, SEA,
                        SHORE, TG_GRASS, TG_ROUGH, TG_ROUGH_SNOW, TG_SHORE, TG_SNOW_DESERT,
                        TREES, VOID, Landscape)

TILE_UPDATE_FREQUENCY = 256
RUNS_PER_PASS = TILE_UPDATE_FREQUENCY
"""Tile-loop runs the desert pass and CreateRivers each make."""
LFSR_FEEDBACK = (0xD8F, 0x1296, 0x2496, 0x4357, 0x8679, 0x1030E, 0x206CD, 0x403FE,
                 0x807B8, 0x1004B2, 0x2006A8, 0x4004B2, 0x800B87)
"""Galois LFSR feedback by log x + log y = 12 ... 24."""
TREE_CACTUS = 0x1B
TEMPERATE, ARCTIC, TROPIC, TOYLAND = 0, 1, 2, 3
# ExtraTreePlacement (construction.extra_tree_placement)
ETP_NO_SPREAD, ETP_SPREAD_RAINFOREST, ETP_SPREAD_ALL, ETP_NO_GROWTH_NO_SPREAD = 0, 1, 2, 3

_FEEDBACK = np.array(LFSR_FEEDBACK, np.int64)
# DiagDirection offsets NE, SE, SW, NW
_DIAG_DX = np.array([-1, 0, 1, 0], np.int64)
_DIAG_DY = np.array([0, 1, 0, -1], np.int64)


@njit(**INLINE)
def _slope(height, sx, sy, x, y):
    """(slope bits W 1, S 2, E 4, N 8, steep 16; lowest corner) of tile
    (x, y), the last row and column reading their own heights."""
    x2 = min(x + 1, sx - 1)
    y2 = min(y + 1, sy - 1)
    hn = np.int64(height[y * sx + x])
    hw = np.int64(height[y * sx + x2])
    he = np.int64(height[y2 * sx + x])
    hs = np.int64(height[y2 * sx + x2])
    return corner_slope(hn, hw, he, hs)


@njit(**INLINE)
def _one_corner(s):
    return s == 1 or s == 2 or s == 4 or s == 8


@njit(**INLINE)
def _clear_neighbour_marks(nonflood, sx, sy, t):
    x = t % sx
    y = t // sx
    for d in range(8):
        nx = x + DIR_DX[d]
        ny = y + DIR_DY[d]
        if 0 <= nx < sx and 0 <= ny < sy:
            nonflood[ny * sx + nx] = 0


@njit(**INLINE)
def _make_clear(kind, ground, density, counter, snow, tree_type, tree_count, tree_growth,
                nonflood, t, g, d):
    kind[t] = CLEAR
    ground[t] = g
    density[t] = d
    counter[t] = 0
    snow[t] = 0
    tree_type[t] = 0
    tree_count[t] = 0
    tree_growth[t] = 0
    nonflood[t] = 0


@njit(**INLINE)
def _make_water(kind, ground, density, counter, snow, random_bits, tree_type, tree_count,
                tree_growth, nonflood, t, k):
    kind[t] = k
    ground[t] = GRASS
    density[t] = 0
    counter[t] = 0
    snow[t] = 0
    random_bits[t] = 0
    tree_type[t] = 0
    tree_count[t] = 0
    tree_growth[t] = 0
    nonflood[t] = 0


@njit(**INLINE)
def _floods(kind, ground, height, sx, sy, t):
    """GetFloodingBehaviour(t) is FLOOD_ACTIVE: sea, shore with one corner
    raised, void."""
    k = kind[t]
    if k == SEA or k == VOID:
        return True
    if k == SHORE:
        s, _z = _slope(height, sx, sy, t % sx, t // sx)
        return _one_corner(s & 15)
    return False


@njit(**JIT)
def _tile_loop(height, kind, ground, density, counter, snow, tropic, random_bits, tree_type,
               tree_count, tree_growth, nonflood, rng, sx, sy, log_sum, landscape, snow_line,
               runs, start, etp):
    n = sx * sy
    x_mask = sx - 1
    log_x = 0
    while (1 << log_x) < sx:
        log_x += 1
    feedback = _FEEDBACK[log_sum - 12]
    per_run = 1 << (log_sum - 8)
    s0, s1 = rng[0], rng[1]
    calls = 0
    tile = start
    for _run in range(runs):
        for v in range(per_run):
            if v == 0:
                t = 0
            else:
                t = tile
                tile = (tile >> 1) ^ (feedback if (tile & 1) else 0)
            x = t & x_mask   # (sx is a power of two: no division per visit)
            y = t >> log_x
            k = kind[t]
            if k == CLEAR:
                if landscape == TROPIC:
                    current = density[t] if ground[t] == DESERT else 0
                    expected = 0
                    if tropic[t] == DESERT_ZONE:
                        expected = 3
                        for d in range(4):
                            u = t + _DIAG_DY[d] * sx + _DIAG_DX[d]
                            if u < 0 or u >= n or kind[u] == VOID:
                                continue
                            if tropic[u] != DESERT_ZONE:
                                expected = 1
                                break
                            ku = kind[u]
                            if ku == SEA or ku == SHORE or (ku == TREES
                                                            and ground[u] == TG_SHORE):
                                expected = 1
                                break
                    if current != expected:
                        counter[t] = 0
                        if expected == 0:
                            ground[t] = GRASS
                            density[t] = 3
                        else:
                            ground[t] = DESERT
                            density[t] = expected
                elif landscape == ARCTIC:
                    _s, z = _slope(height, sx, sy, x, y)
                    kk = z - snow_line + 1
                    if snow[t] == 0:
                        if kk >= 0:
                            snow[t] = 1
                            density[t] = 0
                    else:
                        req = 0 if kk < 0 else min(kk, 3)
                        if density[t] == req:
                            if kk < 0:
                                snow[t] = 0
                                density[t] = 3
                        elif density[t] < req:
                            density[t] += 1
                        else:
                            density[t] -= 1
                if density[t] != 3 and ground[t] == GRASS and snow[t] == 0:
                    if counter[t] < 7:
                        counter[t] += 1
                    else:
                        counter[t] = 0
                        density[t] += 1
            elif k == SEA or k == SHORE or k == VOID:
                if k != VOID and nonflood[t] != 0:
                    continue
                if k == SHORE:
                    here, _z = _slope(height, sx, sy, x, y)
                    if not _one_corner(here & 15):
                        _dry_up(height, kind, ground, density, counter, snow, random_bits,
                                tree_type, tree_count, tree_growth, nonflood, sx, sy, t, here)
                        continue
                go_on = False
                for d in range(8):
                    nx = x + DIR_DX[d]
                    ny = y + DIR_DY[d]
                    if nx < 0 or nx >= sx or ny < 0 or ny >= sy:
                        continue
                    u = ny * sx + nx
                    ku = kind[u]
                    if ku == VOID or ku == SEA or ku == SHORE or ku == RIVER:
                        continue
                    go_on = True
                    if ku == TREES and ground[u] == TG_SHORE:
                        continue
                    su, zu = _slope(height, sx, sy, nx, ny)
                    if zu > 0:
                        continue
                    if (FLOOD_FROM_DIRS[su & 15] >> ((d + 4) & 7)) & 1 == 0:
                        continue
                    # DoFloodTile
                    if su != 0 and ku == TREES and not _one_corner(su):
                        ground[u] = TG_SHORE
                        density[u] = 3
                        continue
                    _clear_neighbour_marks(nonflood, sx, sy, u)
                    _make_water(kind, ground, density, counter, snow, random_bits, tree_type,
                                tree_count, tree_growth, nonflood, u,
                                SEA if su == 0 else SHORE)
                if not go_on and k != VOID:
                    nonflood[t] = 1
            elif k == TREES:
                if ground[t] == TG_SHORE:
                    here, _z = _slope(height, sx, sy, x, y)
                    _dry_up(height, kind, ground, density, counter, snow, random_bits,
                            tree_type, tree_count, tree_growth, nonflood, sx, sy, t, here)
                elif landscape == TROPIC:
                    if tropic[t] == DESERT_ZONE:
                        if ground[t] != TG_SNOW_DESERT:
                            ground[t] = TG_SNOW_DESERT
                            density[t] = 3
                    elif tropic[t] == RAINFOREST:
                        s0, s1, _r = _next(s0, s1)
                        calls += 1
                elif landscape == ARCTIC:
                    _s, z = _slope(height, sx, sy, x, y)
                    kk = z - snow_line + 1
                    g = ground[t]
                    if kk < 0:
                        if g == TG_SNOW_DESERT:
                            ground[t] = TG_GRASS
                            density[t] = 3
                        elif g == TG_ROUGH_SNOW:
                            ground[t] = TG_ROUGH
                            density[t] = 3
                    else:
                        want = min(kk, 3)
                        if g != TG_SNOW_DESERT and g != TG_ROUGH_SNOW:
                            ground[t] = TG_ROUGH_SNOW if g == TG_ROUGH else TG_SNOW_DESERT
                            density[t] = want
                        elif density[t] != want:
                            density[t] = want
                        elif density[t] == 3:
                            s0, s1, _r = _next(s0, s1)
                            calls += 1
                cycle = 11 * x + 9 * y
                if (cycle & 7) == 7 and ground[t] == TG_GRASS and density[t] < 3:
                    density[t] += 1
                if etp == ETP_NO_GROWTH_NO_SPREAD or cycle % 16 != 15:
                    continue
                s0, s1, calls = _grow_trees(height, kind, ground, density, counter, snow,
                                            tropic, tree_type, tree_count, tree_growth,
                                            nonflood, sx, sy, t, landscape, etp, s0, s1, calls)
    rng[0], rng[1] = s0, s1
    rng[2] += calls
    return tile


@njit(**INLINE)
def _dry_up(height, kind, ground, density, counter, snow, random_bits, tree_type, tree_count,
            tree_growth, nonflood, sx, sy, t, here):
    """FLOOD_DRYUP: unless a neighbour on a side water could come from
    floods, shore becomes grass (trees on shore get grass ground)."""
    x = t % sx
    y = t // sx
    dirs = FLOOD_FROM_DIRS[here & 15]
    for d in range(8):
        if (dirs >> d) & 1 == 0:
            continue
        nx = x + DIR_DX[d]
        ny = y + DIR_DY[d]
        if nx < 0 or nx >= sx or ny < 0 or ny >= sy:
            continue
        if _floods(kind, ground, height, sx, sy, ny * sx + nx):
            return
    if kind[t] == TREES:
        ground[t] = TG_GRASS
        density[t] = 3
    else:
        _clear_neighbour_marks(nonflood, sx, sy, t)
        _make_clear(kind, ground, density, counter, snow, tree_type, tree_count, tree_growth,
                    nonflood, t, GRASS, 3)
        random_bits[t] = 0


@njit(**INLINE)
def _can_spread(landscape, zone, etp):
    """TreesOnTileCanSpread: by the extra tree placement (in the tropic:
    never in the desert, in the rainforest also when it spreads there)."""
    if landscape == TROPIC:
        if zone == DESERT_ZONE:
            return False
        if zone == RAINFOREST:
            return etp == ETP_SPREAD_ALL or etp == ETP_SPREAD_RAINFOREST
    return etp == ETP_SPREAD_ALL


@njit(**JIT)
def _grow_trees(height, kind, ground, density, counter, snow, tropic, tree_type, tree_count,
                tree_growth, nonflood, sx, sy, t, landscape, etp, s0, s1, calls):
    """A tree tile's growth visit (1 in 16): grow, die, add or spread."""
    stage = tree_growth[t]
    if stage == 3:  # grown
        if landscape == TROPIC and tree_type[t] != TREE_CACTUS and tropic[t] == DESERT_ZONE:
            tree_growth[t] = 4
            return s0, s1, calls
        s0, s1, r = _next(s0, s1)
        calls += 1
        r &= 7
        if r == 0:
            tree_growth[t] = 4
            return s0, s1, calls
        if r == 1 and tree_count[t] < 4 and _can_spread(landscape, tropic[t], etp):
            tree_count[t] += 1
            tree_growth[t] = 0
            return s0, s1, calls
        if r > 2:
            return s0, s1, calls
        if not _can_spread(landscape, tropic[t], etp):
            return s0, s1, calls
        s0, s1, r = _next(s0, s1)
        calls += 1
        d = r % 8
        u = t + DIR_DY[d] * sx + DIR_DX[d]
        if u < 0 or u >= sx * sy:
            return s0, s1, calls
        ku = kind[u]
        if ku == SHORE:
            su, _z = _slope(height, sx, sy, u % sx, u // sx)
            if _one_corner(su):
                return s0, s1, calls
            _clear_neighbour_marks(nonflood, sx, sy, u)
            g, dens = TG_SHORE, 3
        elif ku == CLEAR:
            cg = ground[u]
            if cg == 2 or cg == 3 or cg == DESERT:  # rocks, fields, desert
                return s0, s1, calls
            if cg == GRASS and snow[u] == 0 and density[u] != 3:
                return s0, s1, calls
            if snow[u] != 0:
                g = TG_ROUGH_SNOW if cg == ROUGH else TG_SNOW_DESERT
            elif cg == GRASS:
                g = TG_GRASS
            else:
                g = TG_ROUGH
            dens = 3 if cg == ROUGH else density[u]
        else:
            return s0, s1, calls
        kind[u] = TREES
        ground[u] = g
        density[u] = dens
        counter[u] = 0
        snow[u] = 0
        tree_type[u] = tree_type[t]
        tree_count[u] = 1
        tree_growth[u] = 0
        nonflood[u] = 0
    elif stage == 6:  # dead
        if not _can_spread(landscape, tropic[t], etp):
            tree_growth[t] = 0
        elif tree_count[t] > 1:
            tree_count[t] -= 1
            tree_growth[t] = 3
        else:
            g = ground[t]
            dens = density[t]
            if g == TG_SHORE:
                kind[t] = SHORE
                ground[t] = GRASS
                density[t] = 0
                counter[t] = 0
                snow[t] = 0
                tree_type[t] = 0
                tree_count[t] = 0
                tree_growth[t] = 0
                nonflood[t] = 0
            elif g == TG_GRASS:
                _make_clear(kind, ground, density, counter, snow, tree_type, tree_count,
                            tree_growth, nonflood, t, GRASS, dens)
            elif g == TG_ROUGH:
                _make_clear(kind, ground, density, counter, snow, tree_type, tree_count,
                            tree_growth, nonflood, t, ROUGH, 3)
            elif g == TG_ROUGH_SNOW:
                _make_clear(kind, ground, density, counter, snow, tree_type, tree_count,
                            tree_growth, nonflood, t, ROUGH, dens)
                snow[t] = 1
            elif landscape == TROPIC:
                _make_clear(kind, ground, density, counter, snow, tree_type, tree_count,
                            tree_growth, nonflood, t, DESERT, dens)
            else:
                _make_clear(kind, ground, density, counter, snow, tree_type, tree_count,
                            tree_growth, nonflood, t, GRASS, dens)
                snow[t] = 1
    else:
        tree_growth[t] = stage + 1
    return s0, s1, calls



_TILE_LOOP = CallSite(_tile_loop)   # (the same argument types at every call)


def run_tile_loop(land: Landscape, landscape: int, snow_line: int, runs: int,
                  extra_tree_placement: int = ETP_SPREAD_ALL) -> None:
    """``runs`` runs of the game's tile loop on ``land`` (in place), from
    ``land.loop_tile``; ``snow_line`` matters in the arctic only;
    ``extra_tree_placement`` (ETP_*) says whether trees grow and spread."""
    log_sum = land.size_x.bit_length() + land.size_y.bit_length() - 2
    land.loop_tile = int(_TILE_LOOP(
        land.height, land.kind, land.ground, land.density, land.counter, land.snow,
        land.tropic, land.random_bits, land.tree_type, land.tree_count, land.tree_growth,
        land.nonflood, land.rng, land.size_x, land.size_y, log_sum, int(landscape),
        int(snow_line), int(runs), int(land.loop_tile), int(extra_tree_placement)))
