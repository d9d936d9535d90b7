"""GenerateClearTile (``clear_cmd.cpp``): rough and rocky land, the step of
``_GenerateWorld`` right after GenerateLandscape.

1. Two draws set the amounts, each scaled by the map's size as the game
   scales a 256x256 figure (``Map::ScaleBySize``: times tiles / 65536,
   rounded up): ``i`` rough patches from the low 10 bits of the first draw
   (1024 + 0..1023), ``gi`` rocky patches from the low 7 bits of the second
   (128 + 0..127).
2. Rough land: ``i`` times a random tile (``RandomTile``: one draw, masked to
   the map); a clear tile that is not desert becomes rough at density 3 (its
   update counter back to 0, its snow kept).
3. Rocky land: ``gi`` times one draw gives the tile (masked to the map) and,
   in its bits 16..19, the patch's length ``j`` = 5 + 0..15.  On a clear tile
   that is not desert a walk begins: the tile becomes rocks at density 3;
   then, until ``j`` runs out (counted down once per step tried, the first
   tile included), a draw's low 2 bits choose a diagonal direction, and the
   walk moves there when that tile is clear and not desert (else it draws
   again from where it stands).
"""

from __future__ import annotations

import numpy as np

from ...jit import njit
from ..game.clear_map import CLEAR_DESERT, CLEAR_ROCKS, CLEAR_ROUGH
from ..game.tiles import DIAGDIR_DX, DIAGDIR_DY, TileType
from ..game.world import World
from ..kernel import INLINE, JIT, _next

_CLEAR = int(TileType.CLEAR)
_DX = np.array(DIAGDIR_DX, np.int64)
_DY = np.array(DIAGDIR_DY, np.int64)


def scale_by_size(n: int, size_x: int, size_y: int) -> int:
    """``Map::ScaleBySize``: ``n`` for a 256x256 map, scaled to this one's
    tiles (rounded up)."""
    shift = (size_x.bit_length() - 1) + (size_y.bit_length() - 1) - 12
    return -(-(n << shift) // 16)


@njit(**INLINE)
def _clear_not_desert(tile_type, m5, t):
    return (tile_type[t] >> 4) == _CLEAR and ((m5[t] >> 2) & 7) != CLEAR_DESERT


@njit(**JIT)
def _generate_clear_tiles(tile_type, m5, rng, size_x, log_x, log_y):
    s0, s1 = rng[0], rng[1]
    calls = 0
    n = tile_type.shape[0]
    shift = log_x + log_y - 12
    s0, s1, r = _next(s0, s1)
    i = -(-((r & 0x3FF) + 0x400 << shift) // 16)
    s0, s1, r = _next(s0, s1)
    gi = -(-((r & 0x7F) + 0x80 << shift) // 16)
    calls += 2
    rough = np.int64(0)
    for _ in range(i):
        s0, s1, r = _next(s0, s1)
        calls += 1
        t = r & (n - 1)
        if _clear_not_desert(tile_type, m5, t):
            m5[t] = (CLEAR_ROUGH << 2) | 3
            rough += 1
    rocky = np.int64(0)
    for _ in range(gi):
        s0, s1, r = _next(s0, s1)
        calls += 1
        t = r & (n - 1)
        if not _clear_not_desert(tile_type, m5, t):
            continue
        j = ((r >> 16) & 0xF) + 5
        while True:
            m5[t] = (CLEAR_ROCKS << 2) | 3
            rocky += 1
            moved = False
            while True:
                j -= 1
                if j == 0:
                    break
                s0, s1, r = _next(s0, s1)
                calls += 1
                d = r & 3
                u = t + _DY[d] * size_x + _DX[d]
                if 0 <= u < n and _clear_not_desert(tile_type, m5, u):
                    t = u
                    moved = True
                    break
            if not moved:
                break
    rng[0], rng[1] = s0, s1
    rng[2] += calls
    return rough, rocky


def generate_clear_tiles(world: World) -> dict[str, int]:
    """GenerateClearTile on ``world`` (in place); what it did: rough and
    rocky tiles made (a tile made twice counted twice)."""
    m = world.map
    rough, rocky = _generate_clear_tiles(m.type, m.m5, world.rng.state, m.size_x,
                                         m.size_x.bit_length() - 1, m.size_y.bit_length() - 1)
    world.stage = "clear"
    return {"rough": int(rough), "rocky": int(rocky)}
