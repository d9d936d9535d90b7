"""Accessors of house tiles (and the town index of road tiles), named after
the game's ``town_map.h``.

A house tile's bytes (``docs/landscape.html``, 15.2):

* ``type``: tile type 3 (MP_HOUSE) in bits 4..7; the tropic zone kept.
* ``m1``: the house's random bits (NewGRF).
* ``m2``: the town index (as on a town's road tiles).
* ``m3``: bit 7 completed, bit 5 protected from the town, bits 0..4 the
  NewGRF random triggers.
* ``m4``: unused by houses (0 as the cleared land left it).
* ``m5``: under construction, bits 3..4 the stage and bits 0..2 the
  counter; completed, the house's age in years.
* ``m6``: bits 2..7 the processing time (0 for the original houses);
  bits 0..1 the animated-tile state (3 on an animated house's tiles).
* ``m7``: the animation frame.
* ``m8``: bits 0..11 the house type (its id; a multi-tile house's other
  tiles hold the ids that follow it).
"""

from __future__ import annotations

from .tiles import GameMap, TileType

TOWN_HOUSE_COMPLETED = 3


def get_town_index(m: GameMap, t: int) -> int:
    """``GetTownIndex``: the town of a house or town road tile (m2)."""
    return int(m.m2[t])


def set_town_index(m: GameMap, t: int, index: int) -> None:
    m.m2[t] = index


def get_clean_house_type(m: GameMap, t: int) -> int:
    """``GetCleanHouseType``: bits 0..11 of m8."""
    return int(m.m8[t]) & 0x0FFF


def get_house_type(m: GameMap, t: int) -> int:
    """``GetHouseType``: the house id (no NewGRF override translation: the
    original houses have none)."""
    return get_clean_house_type(m, t)


def set_house_type(m: GameMap, t: int, house: int) -> None:
    m.m8[t] = (int(m.m8[t]) & 0xF000) | (house & 0x0FFF)


def is_house_protected(m: GameMap, t: int) -> bool:
    return bool(int(m.m3[t]) & 0x20)


def set_house_protected(m: GameMap, t: int, protected: bool) -> None:
    m.m3[t] = (int(m.m3[t]) & ~0x20 & 0xFF) | (0x20 if protected else 0)


def is_house_completed(m: GameMap, t: int) -> bool:
    """``IsHouseCompleted``: bit 7 of m3."""
    return bool(int(m.m3[t]) & 0x80)


def set_house_completed(m: GameMap, t: int, status: bool) -> None:
    m.m3[t] = (int(m.m3[t]) & 0x7F) | (0x80 if status else 0)


def get_house_building_stage(m: GameMap, t: int) -> int:
    """``GetHouseBuildingStage``: 3 when completed, else bits 3..4 of m5."""
    return TOWN_HOUSE_COMPLETED if is_house_completed(m, t) else (int(m.m5[t]) >> 3) & 3


def get_house_construction_tick(m: GameMap, t: int) -> int:
    """``GetHouseConstructionTick``: 0 when completed, else bits 0..2 of m5."""
    return 0 if is_house_completed(m, t) else int(m.m5[t]) & 7


def get_house_age(m: GameMap, t: int) -> int:
    """``GetHouseAge``: m5 once completed, else 0."""
    return int(m.m5[t]) if is_house_completed(m, t) else 0


def get_house_random_bits(m: GameMap, t: int) -> int:
    """``GetHouseRandomBits``: m1."""
    return int(m.m1[t])


def get_house_random_triggers(m: GameMap, t: int) -> int:
    return int(m.m3[t]) & 0x1F


def get_house_processing_time(m: GameMap, t: int) -> int:
    return int(m.m6[t]) >> 2


def make_house_tile(m: GameMap, t: int, town_index: int, counter: int, stage: int, house: int,
                    random_bits: int, protected: bool, processing_time: int = 0) -> None:
    """``MakeHouseTile`` on a clear tile (as CMD_LANDSCAPE_CLEAR left it):
    the type byte's tropic zone and m4 stay; m6's low bits stay."""
    m.set_tile_type(t, TileType.HOUSE)
    m.m1[t] = random_bits & 0xFF
    m.m2[t] = town_index
    m.m3[t] = 0
    set_house_type(m, t, house)
    set_house_completed(m, t, stage == TOWN_HOUSE_COMPLETED)
    m.m5[t] = 0 if stage == TOWN_HOUSE_COMPLETED else ((stage << 3) | counter) & 0xFF
    set_house_protected(m, t, protected)
    m.m7[t] = 0
    m.m6[t] = (int(m.m6[t]) & 0x03) | ((processing_time & 0x3F) << 2)
    m.m8[t] = int(m.m8[t]) & 0x0FFF
