"""Accessors of tree tiles, named after the game's ``tree_map.h``.

A tree tile's bytes (``docs/landscape.html``): ``m1`` bits 0..4 the owner
(OWNER_NONE), bits 5..6 the water class (sea on a shore, else 3); ``m2``
bits 6..8 the ground, bits 4..5 its density, bits 0..3 the counter; ``m3``
the tree type; ``m5`` bits 6..7 the tree count minus one, bits 0..2 the
growth stage; ``m4``, ``m7``, ``m8`` 0.
"""

from __future__ import annotations

import numpy as np

from .tiles import OWNER_NONE, GameMap, TileType
from .water_map import WATER_CLASS_INVALID, WATER_CLASS_SEA

TREE_TEMPERATE, TREE_SUB_ARCTIC, TREE_RAINFOREST = 0x00, 0x0C, 0x14
TREE_CACTUS, TREE_SUB_TROPICAL, TREE_TOYLAND, TREE_INVALID = 0x1B, 0x1C, 0x20, 0xFF
TREE_COUNT_TEMPERATE = TREE_SUB_ARCTIC - TREE_TEMPERATE
TREE_COUNT_SUB_ARCTIC = TREE_RAINFOREST - TREE_SUB_ARCTIC
TREE_COUNT_RAINFOREST = TREE_CACTUS - TREE_RAINFOREST
TREE_COUNT_SUB_TROPICAL = TREE_TOYLAND - TREE_SUB_TROPICAL
TREE_COUNT_TOYLAND = 9

(TREE_GROUND_GRASS, TREE_GROUND_ROUGH, TREE_GROUND_SNOW_DESERT, TREE_GROUND_SHORE,
 TREE_GROUND_ROUGH_SNOW) = range(5)
# TreeGrowthStage
GROWING1, GROWN, DEAD = 0, 3, 6


def get_tree_type(m: GameMap, t: int) -> int:
    return int(m.m3[t])


def get_tree_ground(m: GameMap, t: int) -> int:
    return (int(m.m2[t]) >> 6) & 7


def get_tree_density(m: GameMap, t: int) -> int:
    return (int(m.m2[t]) >> 4) & 3


def get_tree_count(m: GameMap, t: int) -> int:
    """The number of trees on the tile (1..4)."""
    return (int(m.m5[t]) >> 6) + 1


def get_tree_growth(m: GameMap, t: int) -> int:
    return int(m.m5[t]) & 7


def get_tree_counter(m: GameMap, t: int) -> int:
    return int(m.m2[t]) & 0xF


def _set_water_class(m: GameMap, t: int, ground: int) -> None:
    wc = WATER_CLASS_SEA if ground == TREE_GROUND_SHORE else WATER_CLASS_INVALID
    m.m1[t] = (int(m.m1[t]) & ~0x60) | (wc << 5)


def set_tree_ground_density(m: GameMap, t: int, ground: int, density: int) -> None:
    """``SetTreeGroundDensity`` (the water class follows the ground)."""
    m.m2[t] = (int(m.m2[t]) & ~0x1F0) | (ground << 6) | (density << 4)
    _set_water_class(m, t, ground)


def make_tree(m: GameMap, t: int, tree_type: int, count: int, growth: int, ground: int,
              density: int) -> None:
    """``MakeTree``: ``count`` + 1 trees of ``tree_type`` at ``growth`` on
    ``ground`` of ``density`` (the type byte's low bits, m1 bit 7, m6 bits
    0..1 and the height stay)."""
    m.set_tile_type(t, TileType.TREES)
    m.m1[t] = (int(m.m1[t]) & 0xE0) | OWNER_NONE
    _set_water_class(m, t, ground)
    m.m2[t] = (ground << 6) | (density << 4)
    m.m3[t] = tree_type
    m.m4[t] = 0
    m.m5[t] = (count << 6) | growth
    m.m6[t] = int(m.m6[t]) & 0x03
    m.m7[t] = 0
    m.m8[t] = 0


# --- whole maps -------------------------------------------------------------
def tree_ground_array(m: GameMap) -> np.ndarray:
    return (m.m2 >> 6) & 7


def tree_density_array(m: GameMap) -> np.ndarray:
    return (m.m2 >> 4) & 3
