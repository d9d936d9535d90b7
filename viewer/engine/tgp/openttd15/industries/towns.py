"""The towns as industries see them: each town's index, centre tile and
population (``ClosestTownFromTile``), and what replacing one of its houses
does to it (``ClearTownHouse``).  The towns are those of the
:class:`~viewer.engine.tgp.game.World`: dicts as ``openttd-firstframe``'s
manifest holds them or the towns step's records; either is read and
changed through the same names."""

from __future__ import annotations

import numpy as np

from ...game.tiles import TileType
from ..towns.house_specs import (
    BUILDING_2_TILES_X,
    BUILDING_2_TILES_Y,
    BUILDING_HAS_4_TILES,
    CHURCH,
    STADIUM,
    house_specs,
)
from ..towns.houses import get_house_north_part
from ..towns.town import update_town_radius
from .landscape import do_clear_square

INVALID_TOWN = 0xFFFF
TOWN_FLAG_HAS_CHURCH = 1 << 1
TOWN_FLAG_HAS_STADIUM = 1 << 2


class TownView:
    """One town, read and written whether it is a dict or a record."""

    __slots__ = ("rec",)

    def __init__(self, rec) -> None:
        self.rec = rec

    def _get(self, name: str):
        return self.rec[name] if isinstance(self.rec, dict) else getattr(self.rec, name)

    def _set(self, name: str, value) -> None:
        if isinstance(self.rec, dict):
            self.rec[name] = value
        else:
            setattr(self.rec, name, value)

    @property
    def index(self) -> int:
        return int(self._get("index"))

    @property
    def xy(self) -> int:
        return int(self._get("xy"))

    @property
    def population(self) -> int:
        return int(self._get("population"))

    def get(self, name: str, default=None):
        """A field the towns may not hold (``default`` then)."""
        if isinstance(self.rec, dict):
            return self.rec.get(name, default)
        return getattr(self.rec, name, default)

    def change(self, name: str, delta: int) -> None:
        self._set(name, int(self._get(name)) + delta)

    @property
    def num_houses(self) -> int:
        return int(self._get("num_houses"))

    @num_houses.setter
    def num_houses(self, value: int) -> None:
        self._set("num_houses", value)

    @property
    def squared_town_zone_radius(self) -> list[int]:
        return self._get("squared_town_zone_radius")

    @squared_town_zone_radius.setter
    def squared_town_zone_radius(self, value: list[int]) -> None:
        self._set("squared_town_zone_radius", value)

    def clear_flag(self, bit: int) -> None:
        self._set("flags", int(self._get("flags")) & ~bit)


def house_type(m, t: int) -> int:
    return int(m.m8[t]) & 0xFFF


class TownIndex:
    """The town pool as industries use it."""

    def __init__(self, world) -> None:
        self.world = world
        self.specs = house_specs(world.landscape)
        self.towns = [TownView(t) for t in world.towns]
        self.by_index = {t.index: t for t in self.towns}
        self.order = sorted(self.towns, key=lambda t: t.index)
        self._xy = np.array([t.xy for t in self.order], np.int64)

    def calc_closest_town_from_tile(self, m, tile: int) -> TownView | None:
        """``CalcClosestTownFromTile`` (no threshold): the nearest centre by
        Manhattan distance, ties to the lowest index (the kd-tree's rule)."""
        if not self.order:
            return None
        sx = m.size_x
        d = np.abs(self._xy % sx - tile % sx) + np.abs(self._xy // sx - tile // sx)
        return self.order[int(np.argmin(d))]          # the first of the nearest: the lowest index

    def closest_town_from_tile(self, m, tile: int) -> TownView | None:
        """``ClosestTownFromTile(tile, UINT_MAX)``: a road's or house's own
        town, else the nearest."""
        tt = int(m.type[tile]) >> 4
        if tt == TileType.ROAD and (int(m.m5[tile]) >> 6) != 2:          # not a depot
            tid = int(m.m2[tile])
            if tid == INVALID_TOWN:
                return self.calc_closest_town_from_tile(m, tile)
            return self.by_index[tid]
        if tt == TileType.HOUSE:
            return self.by_index[int(m.m2[tile])]
        return self.calc_closest_town_from_tile(m, tile)

    def clear_town_house(self, m, tile: int, density: int = 3) -> None:
        """``ClearTownHouse``: the whole house goes, its town loses its
        population (when completed), the house and its church or stadium;
        the land left is grass of ``density`` (see ``do_clear_square``)."""
        town = self.by_index[int(m.m2[tile])]
        house, dx, dy = get_house_north_part(self.world, house_type(m, tile))
        tile += dy * m.size_x + dx
        hs = self.specs[house]
        flags = hs.building_flags
        if int(m.m3[tile]) & 0x80:
            town.change("population", -hs.population)
        town.num_houses -= 1
        if flags & CHURCH:
            town.clear_flag(TOWN_FLAG_HAS_CHURCH)
        elif flags & STADIUM:
            town.clear_flag(TOWN_FLAG_HAS_STADIUM)
        do_clear_square(m, tile, density)
        if flags & BUILDING_2_TILES_Y:
            do_clear_square(m, tile + m.size_x, density)
        if flags & BUILDING_2_TILES_X:
            do_clear_square(m, tile + 1, density)
        if flags & BUILDING_HAS_4_TILES:
            do_clear_square(m, tile + m.size_x + 1, density)
        update_town_radius(town)
