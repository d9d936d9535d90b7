"""The layers the window, the exports and the sweeps show, read from the
game's tile bytes (:class:`~.tiles.GameMap`) in one pass, as the accessors
of :mod:`.clear_map`, :mod:`.water_map` and :mod:`.tree_map` read them:

* ``tile_class``: what the tile is, in the project's numbering
  (:data:`CLASS_NAMES`): 0 clear, 1 sea (plain water of class sea), 2 shore
  (coast), 3 void, 4 river (plain water of class river or canal, lakes
  included), 5 trees; tiles the later stages make: 6 road, 7 house, 8 tunnel
  or bridge head, 9 industry, 10 object, 11 railway or station, 12 lock or
  depot;
* ``ground``: clear land's ground (GetClearGround) + 128 with snow
  (IsSnowTile); trees: 64 + tree ground (GetTreeGround); other tiles 255;
* ``density``: clear land's GetClearDensity, trees' GetTreeDensity, else 0;
* ``snow``: 0 none, else the snow density + 1 (clear land with snow; trees
  on snow, and in every climate but the sub-tropic on snow-or-desert ground);
* ``rocks``: 1 on clear land of rocks;
* ``tropic``: GetTropicZone.
"""

from __future__ import annotations

import numpy as np

from ...jit import CallSite, njit
from ..kernel import JIT
from .clear_map import CLEAR_ROCKS
from .tiles import GameMap, TileType
from .tree_map import TREE_GROUND_ROUGH_SNOW, TREE_GROUND_SNOW_DESERT
from .water_map import WATER_CLASS_SEA, WATER_TILE_CLEAR, WATER_TILE_COAST

CLASS_NAMES = ("clear", "sea", "shore", "void", "river", "trees", "road", "house",
               "tunnel or bridge", "industry", "object", "railway or station", "lock or depot")
CLEAR_CLASS, SEA_CLASS, SHORE_CLASS, VOID_CLASS, RIVER_CLASS, TREES_CLASS = range(6)
ROAD_CLASS, HOUSE_CLASS, TUNNELBRIDGE_CLASS, INDUSTRY_CLASS, OBJECT_CLASS = range(6, 11)
RAIL_CLASS, LOCK_DEPOT_CLASS = 11, 12
TROPIC_CLIMATE = 2

_CLASS_OF_TYPE = np.full(16, RAIL_CLASS, np.uint8)
for _tt, _c in ((TileType.CLEAR, CLEAR_CLASS), (TileType.ROAD, ROAD_CLASS),
                (TileType.HOUSE, HOUSE_CLASS), (TileType.TREES, TREES_CLASS),
                (TileType.VOID, VOID_CLASS), (TileType.INDUSTRY, INDUSTRY_CLASS),
                (TileType.TUNNELBRIDGE, TUNNELBRIDGE_CLASS), (TileType.OBJECT, OBJECT_CLASS)):
    _CLASS_OF_TYPE[int(_tt)] = _c
_WATER = int(TileType.WATER)
_CLEAR = int(TileType.CLEAR)
_TREES = int(TileType.TREES)


@njit(**JIT)
def _read(tile_type, m1, m2, m3, m5, class_of_type, snow_trees_too, tc, g_out, d_out, s_out,
          r_out, z_out, counts):
    for t in range(tile_type.shape[0]):
        b = tile_type[t]
        tt = b >> 4
        z_out[t] = b & 3
        g_out[t] = 0xFF
        d_out[t] = 0
        s_out[t] = 0
        r_out[t] = 0
        if tt == _WATER:
            wtt = m5[t] >> 4
            if wtt == WATER_TILE_CLEAR:
                c = SEA_CLASS if ((m1[t] >> 5) & 3) == WATER_CLASS_SEA else RIVER_CLASS
            elif wtt == WATER_TILE_COAST:
                c = SHORE_CLASS
            else:
                c = LOCK_DEPOT_CLASS
        else:
            c = class_of_type[tt]
        tc[t] = c
        counts[c] += 1
        if tt == _CLEAR:
            ground = (m5[t] >> 2) & 7
            dens = m5[t] & 3
            snowy = (m3[t] >> 4) & 1
            g_out[t] = ground | (0x80 if snowy else 0)
            d_out[t] = dens
            s_out[t] = dens + 1 if snowy else 0
            r_out[t] = 1 if ground == CLEAR_ROCKS else 0
        elif tt == _TREES:
            ground = (m2[t] >> 6) & 7
            dens = (m2[t] >> 4) & 3
            g_out[t] = 0x40 | ground
            d_out[t] = dens
            snowy = ground == TREE_GROUND_ROUGH_SNOW or (snow_trees_too
                                                         and ground == TREE_GROUND_SNOW_DESERT)
            s_out[t] = dens + 1 if snowy else 0


_READ = CallSite(_read)     # (the same argument types at every call)


def map_layers_and_counts(m: GameMap, climate: int) -> tuple[dict[str, np.ndarray], np.ndarray]:
    """``tile_class``, ``ground``, ``density``, ``snow``, ``rocks`` and
    ``tropic`` (``(size_y, size_x)`` uint8, new arrays) and ``tile_height``
    (a view of the map's heights: read it, do not write it), and the number
    of tiles of each class (:data:`CLASS_NAMES`)."""
    n = m.size
    tc, ground, density, snow, rocks, tropic = (np.empty(n, np.uint8) for _ in range(6))
    counts = np.zeros(len(CLASS_NAMES), np.int64)
    _READ(m.type, m.m1, m.m2, m.m3, m.m5, _CLASS_OF_TYPE, climate != TROPIC_CLIMATE,
          tc, ground, density, snow, rocks, tropic, counts)
    shape = (m.size_y, m.size_x)
    layers = {"tile_height": m.grid("height"), "tile_class": tc.reshape(shape),
              "rocks": rocks.reshape(shape), "tropic": tropic.reshape(shape),
              "ground": ground.reshape(shape), "density": density.reshape(shape),
              "snow": snow.reshape(shape)}
    return layers, counts


def map_layers(m: GameMap, climate: int) -> dict[str, np.ndarray]:
    """:func:`map_layers_and_counts` without the counts."""
    return map_layers_and_counts(m, climate)[0]


def byte_layers(m: GameMap) -> dict[str, np.ndarray]:
    """The game's tile bytes besides the heights as ``(size_y, size_x)``
    views, named as ``openttd-firstframe`` and ``tgp --npz`` name them
    (``tile_type``, ``m1`` ... ``m8``)."""
    grids = m.grids()
    out = {"tile_type": grids["type"]}
    out.update({b: grids[b] for b in ("m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8")})
    return out
