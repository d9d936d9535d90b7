"""Water tiles (``MP_WATER``), as the game's ``water_map.h`` keeps them:
the water class in ``m1`` bits 5..6 (sea, canal, river; also kept on tree
tiles on shore and on industry tiles), the docking bit 7 of ``m1``, the
water tile type in ``m5`` bits 4..7 (clear water, coast, lock, depot), the
non-flooding mark in ``m3`` bit 0 and a river's or canal's random bits in
``m4``."""

from __future__ import annotations

import numpy as np

from .tiles import OWNER_WATER, GameMap, TileType

# WaterTileType (m5 bits 4..7)
WATER_TILE_CLEAR, WATER_TILE_COAST, WATER_TILE_LOCK, WATER_TILE_DEPOT = 0, 1, 2, 3
# WaterClass (m1 bits 5..6)
WATER_CLASS_SEA, WATER_CLASS_CANAL, WATER_CLASS_RIVER, WATER_CLASS_INVALID = 0, 1, 2, 3


def get_water_tile_type(m: GameMap, t: int) -> int:
    return (int(m.m5[t]) >> 4) & 0xF


def get_water_class(m: GameMap, t: int) -> int:
    return (int(m.m1[t]) >> 5) & 3


def set_water_class(m: GameMap, t: int, wc: int) -> None:
    m.m1[t] = (int(m.m1[t]) & ~0x60) | ((wc & 3) << 5)


def is_water(m: GameMap, t: int) -> bool:
    """``IsWater``: plain water of any class (not coast, lock, depot)."""
    return m.is_tile_type(t, TileType.WATER) and get_water_tile_type(m, t) == WATER_TILE_CLEAR


def is_sea(m: GameMap, t: int) -> bool:
    return is_water(m, t) and get_water_class(m, t) == WATER_CLASS_SEA


def is_river(m: GameMap, t: int) -> bool:
    return is_water(m, t) and get_water_class(m, t) == WATER_CLASS_RIVER


def is_coast(m: GameMap, t: int) -> bool:
    return m.is_tile_type(t, TileType.WATER) and get_water_tile_type(m, t) == WATER_TILE_COAST


def is_water_tile(m: GameMap, t: int) -> bool:
    """``IsWaterTile``: a water tile of plain water."""
    return is_water(m, t)


def is_non_flooding_water_tile(m: GameMap, t: int) -> bool:
    return bool(int(m.m3[t]) & 1)


def set_non_flooding_water_tile(m: GameMap, t: int, b: bool) -> None:
    m.m3[t] = (int(m.m3[t]) & ~1) | int(bool(b))


def get_water_random_bits(m: GameMap, t: int) -> int:
    return int(m.m4[t])


def _make_water(m: GameMap, t: int, wc: int, water_type: int, random_bits: int) -> None:
    m.set_tile_type(t, TileType.WATER)
    m.m1[t] = OWNER_WATER | (wc << 5)   # owner water, the class, not docking
    m.m2[t] = 0
    m.m3[t] = 0
    m.m4[t] = random_bits
    m.m5[t] = water_type << 4
    m.m6[t] = int(m.m6[t]) & 3
    m.m7[t] = 0
    m.m8[t] = 0


def make_sea(m: GameMap, t: int) -> None:
    _make_water(m, t, WATER_CLASS_SEA, WATER_TILE_CLEAR, 0)


def make_shore(m: GameMap, t: int) -> None:
    _make_water(m, t, WATER_CLASS_SEA, WATER_TILE_COAST, 0)


def make_river(m: GameMap, t: int, random_bits: int) -> None:
    _make_water(m, t, WATER_CLASS_RIVER, WATER_TILE_CLEAR, random_bits)


# --- whole maps -------------------------------------------------------------
def water_class_array(m: GameMap) -> np.ndarray:
    return (m.m1 >> 5) & 3


def water_tile_type_array(m: GameMap) -> np.ndarray:
    return (m.m5 >> 4) & 0xF
