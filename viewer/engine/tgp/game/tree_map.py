"""Tree tiles (``MP_TREES``), as the game's ``tree_map.h`` keeps them: the
tree type in ``m3``, the tree ground (bits 6..8), its density (bits 4..5)
and the update counter (bits 0..3) in ``m2``, the tree count minus one
(bits 6..7) and the growth stage (bits 0..2) in ``m5``; the water class in
``m1`` (sea on shore, else invalid)."""

from __future__ import annotations

import numpy as np

from .tiles import OWNER_NONE, GameMap, TileType
from .water_map import WATER_CLASS_INVALID, WATER_CLASS_SEA

# TreeGround
TREE_GROUND_GRASS, TREE_GROUND_ROUGH, TREE_GROUND_SNOW_DESERT = 0, 1, 2
TREE_GROUND_SHORE, TREE_GROUND_ROUGH_SNOW = 3, 4
# TreeType (the first of each climate's)
TREE_TEMPERATE, TREE_SUB_ARCTIC, TREE_RAINFOREST = 0x00, 0x0C, 0x14
TREE_CACTUS, TREE_SUB_TROPICAL, TREE_TOYLAND = 0x1B, 0x1C, 0x20
# TreeGrowthStage
GROWING1, GROWN, DEAD = 0, 3, 6


def get_tree_type(m: GameMap, t: int) -> int:
    return int(m.m3[t])


def get_tree_ground(m: GameMap, t: int) -> int:
    return (int(m.m2[t]) >> 6) & 7


def get_tree_density(m: GameMap, t: int) -> int:
    return (int(m.m2[t]) >> 4) & 3


def set_tree_ground_density(m: GameMap, t: int, ground: int, density: int) -> None:
    m.m2[t] = (int(m.m2[t]) & ~0x1F0) | ((ground & 7) << 6) | ((density & 3) << 4)
    wc = WATER_CLASS_SEA if ground == TREE_GROUND_SHORE else WATER_CLASS_INVALID
    m.m1[t] = (int(m.m1[t]) & ~0x60) | (wc << 5)


def get_tree_count(m: GameMap, t: int) -> int:
    return ((int(m.m5[t]) >> 6) & 3) + 1


def get_tree_growth(m: GameMap, t: int) -> int:
    return int(m.m5[t]) & 7


def get_tree_counter(m: GameMap, t: int) -> int:
    return int(m.m2[t]) & 0xF


def make_tree(m: GameMap, t: int, tree_type: int, count: int, growth: int, ground: int,
              density: int) -> None:
    """``MakeTree``: ``count`` is the number of trees minus one, as the game's."""
    m.set_tile_type(t, TileType.TREES)
    wc = WATER_CLASS_SEA if ground == TREE_GROUND_SHORE else WATER_CLASS_INVALID
    m.m1[t] = OWNER_NONE | (wc << 5)
    m.m2[t] = (ground << 6) | (density << 4)
    m.m3[t] = tree_type
    m.m4[t] = 0
    m.m5[t] = (count << 6) | growth
    m.m6[t] = int(m.m6[t]) & 3
    m.m7[t] = 0
    m.m8[t] = 0


# --- whole maps -------------------------------------------------------------
def tree_ground_array(m: GameMap) -> np.ndarray:
    return (m.m2 >> 6) & 7


def tree_density_array(m: GameMap) -> np.ndarray:
    return (m.m2 >> 4) & 3
