"""Accessors of object tiles (transmitters, lighthouses, statues, owned
land, headquarters), named after the game's ``object_map.h``.

An object tile's bytes (``docs/landscape.html``): ``m1`` bits 0..4 the
owner, bits 5..6 the water class under it (3: on land); ``m2`` the low 16
bits and ``m5`` the high 8 bits of the object's index; ``m3`` the tile's
random bits; ``m4``, ``m7``, ``m8`` 0; ``m6`` bits 2..7 0.
"""

from __future__ import annotations

from .tiles import GameMap, TileType

OBJECT_TRANSMITTER, OBJECT_LIGHTHOUSE, OBJECT_STATUE, OBJECT_OWNED_LAND, OBJECT_HQ = range(5)


def get_object_index(m: GameMap, t: int) -> int:
    return int(m.m2[t]) | (int(m.m5[t]) << 16)


def make_object(m: GameMap, t: int, owner: int, index: int, water_class: int, random: int) -> None:
    """``MakeObject``: the tile becomes a tile of object ``index`` (the
    type byte's tropic zone and bridge bits, m1 bit 7, m6 bits 0..1 and the
    height stay)."""
    m.set_tile_type(t, TileType.OBJECT)
    m.m1[t] = (int(m.m1[t]) & 0x80) | ((water_class & 3) << 5) | (owner & 0x1F)
    m.m2[t] = index & 0xFFFF
    m.m3[t] = random & 0xFF
    m.m4[t] = 0
    m.m5[t] = (index >> 16) & 0xFF
    m.m6[t] = int(m.m6[t]) & 0x03
    m.m7[t] = 0
    m.m8[t] = 0
