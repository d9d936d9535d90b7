"""OpenTTD 15.2's climate passes after the water pass (GenerateLandscape,
see ``../shared/reference/tgp-rivers/README.md``, step 8).  None of them
draws a random number.

* Arctic: :func:`snow_line_height`, the height whose tiles and those above
  cover about ``snow_coverage`` percent of the land.  Nothing else happens
  now; snow ground appears only when the tile loop runs.
* Tropic: :func:`desert_line` (the same search for ``100 -
  desert_coverage``, with an edge correction), :func:`make_desert` (desert
  zone where a tile's whole neighbourhood is low and dry), then 256 tile
  loops (:mod:`.landscape_tile_loop`, which lay desert ground), then
  :func:`make_rainforest` (rainforest zone where no desert ground is near).

The neighbourhood (:data:`NEIGHBOURHOOD`) is the 149 offsets of the game's
desert/rainforest table: the 11x11 block around the tile and, on each side,
the 7 tiles at distance 6 whose other coordinate is within 3.  Positions off
the map are ignored; void tiles count with their height.
"""

from __future__ import annotations

import numpy as np

from ...jit import CallSite, njit
from ..kernel import JIT
from .landscape import DESERT, DESERT_ZONE, RAINFOREST, RIVER, SEA, SHORE, VOID, Landscape
from .landscape import CLEAR as CLEAR_KIND

MAX_TILE_HEIGHT = 255
SNOW_LINE_MIN = 2
EDGE_MULTIPLIER = 4


def _neighbourhood() -> tuple[tuple[int, int], ...]:
    block = [(dx, dy) for dy in range(-5, 6) for dx in range(-5, 6)]
    sides = [(s * 6, o) for s in (1, -1) for o in range(-3, 4)] + \
            [(o, s * 6) for s in (1, -1) for o in range(-3, 4)]
    return tuple(block + sides)


NEIGHBOURHOOD = _neighbourhood()
"""(dx, dy) of the 149 tiles that decide a tile's desert or rainforest zone."""

# The neighbourhood as rectangles (x0, x1, y0, y1), inclusive, for counting.
_RECTS = np.array([(-5, 5, -5, 5), (6, 6, -3, 3), (-6, -6, -3, 3), (-3, 3, 6, 6),
                   (-3, 3, -6, -6)], np.int64)
_PAD = 6


@njit(**JIT)
def _near_kernel(bad, rects, out):
    """``out[y, x]`` = 1 where some tile of the neighbourhood of (x, y) on
    the map is ``bad`` (a summed-area table over the map padded by 6)."""
    sy, sx = bad.shape
    pad = _PAD
    h, w = sy + 2 * pad, sx + 2 * pad
    table = np.zeros((h + 1, w + 1), np.int32)
    for y in range(h):
        row = 0
        for x in range(w):
            yy, xx = y - pad, x - pad
            if 0 <= yy < sy and 0 <= xx < sx and bad[yy, xx]:
                row += 1
            table[y + 1, x + 1] = table[y, x + 1] + row
    for y in range(sy):
        for x in range(sx):
            total = 0
            for r in range(rects.shape[0]):
                x0 = x + pad + rects[r, 0]
                x1 = x + pad + rects[r, 1] + 1
                y0 = y + pad + rects[r, 2]
                y1 = y + pad + rects[r, 3] + 1
                total += table[y1, x1] - table[y0, x1] - table[y1, x0] + table[y0, x0]
            out[y, x] = 1 if total > 0 else 0


_NEAR = CallSite(_near_kernel)   # (the same argument types at every call)


def _any_near(bad: np.ndarray) -> np.ndarray:
    """Where any tile of the neighbourhood (off-map ignored) is ``bad``."""
    out = np.empty(bad.shape, np.uint8)
    _NEAR(np.ascontiguousarray(bad, np.uint8), _RECTS, out)
    return out.view(bool)


@njit(**JIT)
def _histogram(values, counts):
    """``counts[v]`` += the tiles of value v (np.bincount, which holds the
    GIL: a 4096² map's heights took a window's thread 13 ms at a time)."""
    for i in range(values.size):
        counts[values[i]] += 1


@njit(**JIT)
def _edge_histogram(height, kind, sx, sy, edges):
    """``edges[h]`` += the 4-neighbours (on the map, not void) lower than
    each tile of height h."""
    for y in range(sy):
        for x in range(sx):
            t = y * sx + x
            h = height[t]
            n = 0
            if x > 0 and kind[t - 1] != VOID and height[t - 1] < h:
                n += 1
            if y + 1 < sy and kind[t + sx] != VOID and height[t + sx] < h:
                n += 1
            if x + 1 < sx and kind[t + 1] != VOID and height[t + 1] < h:
                n += 1
            if y > 0 and kind[t - sx] != VOID and height[t - sx] < h:
                n += 1
            edges[h] += n


_HISTOGRAM = CallSite(_histogram)    # (the same argument types at every call)
_EDGE_HISTOGRAM = CallSite(_edge_histogram)


def coverage_line(land: Landscape, coverage: int, edge_multiplier: int) -> int:
    """CalculateCoverageLine: the height h whose tiles at or above it come
    closest to ``coverage`` percent of the land (tiles above height 0, void
    included); ties keep the higher h.  With an edge multiplier, each level
    h > 1 also subtracts that many times the counts of tiles at level 1 and
    at level h that have a lower (non-void, on-map) 4-neighbour."""
    h = land.height
    hist = np.zeros(MAX_TILE_HEIGHT + 1, np.int64)      # (heights are uint8)
    _HISTOGRAM(h, hist)
    edges = np.zeros(MAX_TILE_HEIGHT + 1, np.int64)
    if edge_multiplier:
        _EDGE_HISTOGRAM(h, land.kind, land.size_x, land.size_y, edges)
    land_tiles = int(h.size - hist[0])
    goal = land_tiles * int(coverage) // 100
    best_score, best_h = land_tiles, MAX_TILE_HEIGHT
    current = 0
    for level in range(MAX_TILE_HEIGHT, 0, -1):
        current += int(hist[level])
        score = goal - current
        if edge_multiplier and level > 1:
            score -= int(edges[1]) * edge_multiplier
            score -= int(edges[level]) * edge_multiplier
        if abs(score) < abs(best_score):
            best_score, best_h = score, level
    return best_h


def snow_line_height(land: Landscape, coverage: int) -> int:
    """The arctic snow line for ``snow_coverage`` percent (at least 2)."""
    return max(coverage_line(land, coverage, 0), SNOW_LINE_MIN)


def desert_line(land: Landscape, coverage: int) -> int:
    """The tropic desert line for ``desert_coverage`` percent."""
    return coverage_line(land, 100 - int(coverage), EDGE_MULTIPLIER)


def make_desert(land: Landscape, line: int) -> int:
    """Desert zone on every non-void tile whose whole neighbourhood lies
    below ``line`` and holds no water tile (shore included).  Returns the
    number of desert tiles."""
    kind = land.grid("kind")
    water = (kind == SEA) | (kind == SHORE) | (kind == RIVER)
    bad = (land.grid("height") >= line) | water
    desert = ~_any_near(bad) & (kind != VOID)
    land.grid("tropic")[desert] = DESERT_ZONE
    return int(desert.sum())


def make_rainforest(land: Landscape) -> int:
    """Rainforest zone on every non-void tile with no clear tile of desert
    ground in its neighbourhood.  Returns the number of rainforest tiles."""
    kind = land.grid("kind")
    sand = (kind == CLEAR_KIND) & (land.grid("ground") == DESERT)
    forest = ~_any_near(sand) & (kind != VOID)
    land.grid("tropic")[forest] = RAINFOREST
    return int(forest.sum())
