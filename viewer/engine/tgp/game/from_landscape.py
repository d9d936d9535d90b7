"""The game's tile bytes (:class:`~.tiles.GameMap`) of the map
GenerateLandscape leaves (:class:`~..landscape.Landscape`, the arrays the
15.2 engine's steps through CreateRivers and the tile loops work on), as
the game's Make* functions write them:

* clear land (MakeClear, MakeSnow): owner none; ``m5`` counter, ground and
  density; snow in ``m3`` bit 4;
* sea and shore (MakeSea, MakeShore), rivers and lakes (MakeRiver): owner
  water with the water class (river 2) in ``m1``; coast in ``m5``; the
  river's random bits in ``m4``; the tile loop's non-flooding mark in ``m3``;
* trees (MakeTree): owner none with water class sea on shore ground, else
  invalid; ground, density and counter in ``m2``, the type in ``m3``, count
  and growth in ``m5``;
* void (MakeVoid): every byte 0 but the type and the height (TGP sets the
  heights of the void border too).

The tropic zone is in the low bits of ``type`` on every tile.
"""

from __future__ import annotations

import numpy as np

from ...jit import njit
from ..kernel import JIT
from ..landscape import CLEAR, RIVER, SEA, SHORE, TG_SHORE, TREES, VOID, Landscape
from .tiles import OWNER_NONE, OWNER_WATER, GameMap, TileType
from .water_map import (WATER_CLASS_INVALID, WATER_CLASS_RIVER, WATER_CLASS_SEA,
                        WATER_TILE_COAST)


@njit(**JIT)
def _encode(height, kind, ground, density, counter, snow, tropic, random_bits, tree_type,
            tree_count, tree_growth, nonflood, o_type, o_height, m1, m2, m3, m4, m5):
    for t in range(kind.shape[0]):
        k = kind[t]
        zone = tropic[t]
        if k == CLEAR:
            o_type[t] = (TileType.CLEAR << 4) | zone
            m1[t] = OWNER_NONE
            m3[t] = 0x10 if snow[t] != 0 else 0
            m5[t] = (counter[t] << 5) | (ground[t] << 2) | density[t]
        elif k == SEA or k == SHORE or k == RIVER:
            o_type[t] = (TileType.WATER << 4) | zone
            wc = WATER_CLASS_RIVER if k == RIVER else WATER_CLASS_SEA
            m1[t] = OWNER_WATER | (wc << 5)
            m3[t] = 1 if nonflood[t] != 0 else 0
            m4[t] = random_bits[t]
            m5[t] = (WATER_TILE_COAST << 4) if k == SHORE else 0
        elif k == TREES:
            o_type[t] = (TileType.TREES << 4) | zone
            g = ground[t]
            wc = WATER_CLASS_SEA if g == TG_SHORE else WATER_CLASS_INVALID
            m1[t] = OWNER_NONE | (wc << 5)
            m2[t] = (g << 6) | (density[t] << 4) | counter[t]
            m3[t] = tree_type[t]
            m5[t] = ((tree_count[t] - 1) << 6) | tree_growth[t]
        else:  # void (TGP gives the void border its heights after MakeVoid)
            o_type[t] = (TileType.VOID << 4) | zone
        o_height[t] = height[t]


def game_map(land: Landscape) -> GameMap:
    """The tile bytes of ``land`` (a new :class:`GameMap`)."""
    m = GameMap.empty(land.size_x, land.size_y)
    _encode(land.height, land.kind, land.ground, land.density, land.counter, land.snow,
            land.tropic, land.random_bits, land.tree_type, land.tree_count, land.tree_growth,
            land.nonflood, m.type, m.height, m.m1, m.m2, m.m3, m.m4, m.m5)
    return m


__all__ = ["game_map", "VOID"]
