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
    """Every tile's layers, without branches (each value chosen among the
    clear, trees and other tiles' ones: the tile types of a map are mixed,
    and branches on them mispredicted, three times as long), then the
    classes counted (four counters in turn: a run of tiles of one class
    does not wait on one counter).  The class of a tile type is read from
    ``class_of_type`` packed into one word, four bits a type: a load from
    the table at each tile took two thirds of the time."""
    packed = np.uint64(0)
    for i in range(16):
        packed |= np.uint64(class_of_type[i] & 15) << np.uint64(4 * i)
    for t in range(tile_type.shape[0]):
        b = tile_type[t]
        tt = b >> 4
        v1, v2, v3, v5 = m1[t], m2[t], m3[t], m5[t]
        wtt = v5 >> 4
        plain = np.uint8(SEA_CLASS) if ((v1 >> 5) & 3) == WATER_CLASS_SEA \
            else np.uint8(RIVER_CLASS)
        water = plain if wtt == WATER_TILE_CLEAR else (
            np.uint8(SHORE_CLASS) if wtt == WATER_TILE_COAST else np.uint8(LOCK_DEPOT_CLASS))
        tc[t] = water if tt == _WATER else np.uint8((packed >> np.uint64(4 * tt)) & np.uint64(15))
        z_out[t] = b & 3
        is_clear = tt == _CLEAR
        is_trees = tt == _TREES
        # clear land
        c_ground = (v5 >> 2) & 7
        c_dens = v5 & 3
        c_snowy = (v3 >> 4) & 1
        # trees
        t_ground = (v2 >> 6) & 7
        t_dens = (v2 >> 4) & 3
        t_snowy = (t_ground == TREE_GROUND_ROUGH_SNOW) | (snow_trees_too
                                                         & (t_ground == TREE_GROUND_SNOW_DESERT))
        g_out[t] = np.uint8(c_ground | (c_snowy << 7)) if is_clear else (
            np.uint8(0x40 | t_ground) if is_trees else np.uint8(0xFF))
        d_out[t] = np.uint8(c_dens) if is_clear else (np.uint8(t_dens) if is_trees
                                                       else np.uint8(0))
        s_out[t] = np.uint8(c_dens + 1 if c_snowy != 0 else 0) if is_clear else (
            np.uint8(t_dens + 1 if t_snowy else 0) if is_trees else np.uint8(0))
        r_out[t] = np.uint8(1) if is_clear and c_ground == CLEAR_ROCKS else np.uint8(0)
    n = tc.shape[0]
    by4 = np.zeros((4, counts.shape[0]), np.int64)
    i = 0
    while i + 4 <= n:
        by4[0, tc[i]] += 1
        by4[1, tc[i + 1]] += 1
        by4[2, tc[i + 2]] += 1
        by4[3, tc[i + 3]] += 1
        i += 4
    while i < n:
        by4[0, tc[i]] += 1
        i += 1
    for c in range(counts.shape[0]):
        counts[c] += by4[0, c] + by4[1, c] + by4[2, c] + by4[3, c]


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
