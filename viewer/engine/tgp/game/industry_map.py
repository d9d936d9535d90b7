"""Accessors of industry tiles, named after the game's ``industry_map.h``.

An industry tile's bytes (``docs/landscape.html``): ``m1`` bit 7 completed,
bits 5..6 the water class under it (3: on land), bits 2..3 the construction
counter, bits 0..1 the construction stage; ``m2`` the industry's index;
``m3`` the tile's random bits; ``m4`` 0; ``m5`` the graphics id's low 8 bits
and ``m6`` bit 2 its ninth bit, bits 3..5 the random triggers; ``m7`` the
animation frame; ``m8`` 0.
"""

from __future__ import annotations

from .tiles import GameMap, TileType

WATER_CLASS_SEA, WATER_CLASS_CANAL, WATER_CLASS_RIVER, WATER_CLASS_INVALID = range(4)


def get_industry_index(m: GameMap, t: int) -> int:
    return int(m.m2[t])


def get_industry_gfx(m: GameMap, t: int) -> int:
    return int(m.m5[t]) | (((int(m.m6[t]) >> 2) & 1) << 8)


def is_industry_completed(m: GameMap, t: int) -> bool:
    return bool(int(m.m1[t]) & 0x80)


def get_industry_construction_stage(m: GameMap, t: int) -> int:
    """0..2, or 3 (INDUSTRY_COMPLETED) once completed."""
    return 3 if is_industry_completed(m, t) else int(m.m1[t]) & 3


def set_industry_construction_stage(m: GameMap, t: int, value: int) -> None:
    m.m1[t] = (int(m.m1[t]) & ~0x03) | (value & 3)


def get_industry_construction_counter(m: GameMap, t: int) -> int:
    return (int(m.m1[t]) >> 2) & 3


def set_industry_construction_counter(m: GameMap, t: int, value: int) -> None:
    m.m1[t] = (int(m.m1[t]) & ~0x0C) | ((value & 3) << 2)


def get_industry_random_bits(m: GameMap, t: int) -> int:
    return int(m.m3[t])


def make_industry(m: GameMap, t: int, index: int, gfx: int, random: int, water_class: int) -> None:
    """``MakeIndustry``: the tile becomes tile ``gfx`` of industry ``index``
    with ``random`` bits (the low byte kept) on ``water_class`` (3 on land);
    the type byte's tropic zone and bridge bits and the height stay."""
    m.set_tile_type(t, TileType.INDUSTRY)
    m.m1[t] = (water_class & 3) << 5
    m.m2[t] = index
    m.m3[t] = random & 0xFF
    m.m4[t] = 0
    m.m5[t] = gfx & 0xFF
    m.m6[t] = (int(m.m6[t]) & 0x03) | (((gfx >> 8) & 1) << 2)   # bits 0..1 kept, as the game's
    m.m7[t] = 0
    m.m8[t] = 0
