"""Clear tiles (``MP_CLEAR``), as the game's ``clear_map.h`` reads and
writes them: ``m5`` holds the density (bits 0..1), the ground (bits 2..4)
and the update counter (bits 5..7); ``m3`` bit 4 is snow.  Scalar accessors
take a :class:`~.tiles.GameMap` and a tile; the ``*_array`` functions read
a whole map at once (for the layers)."""

from __future__ import annotations

import numpy as np

from .tiles import OWNER_NONE, GameMap, TileType

# ClearGround
CLEAR_GRASS, CLEAR_ROUGH, CLEAR_ROCKS, CLEAR_FIELDS, CLEAR_SNOW, CLEAR_DESERT = 0, 1, 2, 3, 4, 5


def is_snow_tile(m: GameMap, t: int) -> bool:
    return bool(int(m.m3[t]) & 0x10)


def get_clear_ground(m: GameMap, t: int) -> int:
    return (int(m.m5[t]) >> 2) & 7


def is_clear_ground(m: GameMap, t: int, ground: int) -> bool:
    return get_clear_ground(m, t) == ground


def get_clear_density(m: GameMap, t: int) -> int:
    return int(m.m5[t]) & 3


def set_clear_density(m: GameMap, t: int, d: int) -> None:
    m.m5[t] = (int(m.m5[t]) & ~3) | (d & 3)


def add_clear_density(m: GameMap, t: int, d: int) -> None:
    m.m5[t] = (int(m.m5[t]) + d) & 0xFF


def get_clear_counter(m: GameMap, t: int) -> int:
    return int(m.m5[t]) >> 5


def set_clear_counter(m: GameMap, t: int, c: int) -> None:
    m.m5[t] = (int(m.m5[t]) & 0x1F) | ((c & 7) << 5)


def add_clear_counter(m: GameMap, t: int, c: int) -> None:
    m.m5[t] = (int(m.m5[t]) + (c << 5)) & 0xFF


def set_clear_ground_density(m: GameMap, t: int, ground: int, density: int) -> None:
    """``SetClearGroundDensity``: the counter restarts at 0."""
    m.m5[t] = (ground << 2) | density


def make_clear(m: GameMap, t: int, ground: int, density: int) -> None:
    """``MakeClear``: keeps the height and the tropic zone (and bridge bits)."""
    m.set_tile_type(t, TileType.CLEAR)
    m.m1[t] = OWNER_NONE
    m.m2[t] = 0
    m.m3[t] = 0
    m.m4[t] = 0
    set_clear_ground_density(m, t, ground, density)
    m.m6[t] = 0
    m.m7[t] = 0
    m.m8[t] = 0


def make_snow(m: GameMap, t: int, density: int = 0) -> None:
    m.m3[t] = int(m.m3[t]) | 0x10
    if get_clear_ground(m, t) == CLEAR_FIELDS:
        set_clear_ground_density(m, t, CLEAR_GRASS, density)
    else:
        set_clear_density(m, t, density)


def clear_snow(m: GameMap, t: int) -> None:
    m.m3[t] = int(m.m3[t]) & ~0x10
    set_clear_density(m, t, 3)


# --- whole maps -------------------------------------------------------------
def clear_ground_array(m: GameMap) -> np.ndarray:
    """GetClearGround of every tile (meaningful on clear tiles only)."""
    return (m.m5 >> 2) & 7


def clear_density_array(m: GameMap) -> np.ndarray:
    return m.m5 & 3


def snow_array(m: GameMap) -> np.ndarray:
    """IsSnowTile of every tile (meaningful on clear tiles only), 0 or 1."""
    return (m.m3 >> 4) & 1
