"""The towns as industries see them: each town's index, centre tile and
population (``ClosestTownFromTile``), and what replacing one of its houses
does to it (``ClearTownHouse``).  The towns are those of the
:class:`~viewer.engine.tgp.game.World`: dicts as ``openttd-firstframe``'s
manifest holds them or the towns step's records; either is read and
changed through the same names."""

from __future__ import annotations

import numpy as np

from ...game.tiles import TileType
from .house_facts import HOUSE_FLAGS, HOUSE_POPULATION
from .landscape import do_clear_square

INVALID_TOWN = 0xFFFF
TOWN_FLAG_HAS_CHURCH = 1 << 1
TOWN_FLAG_HAS_STADIUM = 1 << 2


# _town_squared_town_zone_radius_data: the zone radii by num_houses / 4
_ZONE_RADII = ((4, 0, 0, 0, 0), (16, 0, 0, 0, 0), (25, 0, 0, 0, 0), (36, 0, 0, 0, 0),
               (49, 0, 4, 0, 0), (64, 0, 4, 0, 0), (64, 0, 9, 0, 1), (64, 0, 9, 0, 4),
               (64, 0, 16, 0, 4), (81, 0, 16, 0, 4), (81, 0, 16, 0, 4), (81, 0, 25, 0, 9),
               (81, 36, 25, 0, 9), (81, 36, 25, 16, 9), (81, 49, 0, 25, 9), (81, 64, 0, 25, 9),
               (81, 64, 0, 36, 9), (81, 64, 0, 36, 16), (100, 81, 0, 49, 16),
               (100, 81, 0, 49, 25), (121, 81, 0, 49, 25), (121, 81, 0, 49, 25),
               (121, 81, 0, 49, 36))


def town_zone_radii(num_houses: int) -> list[int]:
    """``UpdateTownRadius``: the squared radii of the five house zones."""
    if num_houses < len(_ZONE_RADII) * 4:
        return list(_ZONE_RADII[num_houses // 4])
    mass = num_houses // 8
    return [mass * 15 - 40, mass * 9 - 15, 0, mass * 5 - 5, mass * 3 + 5]


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

    def update_radius(self) -> None:
        """``UpdateTownRadius``."""
        self._set("squared_town_zone_radius", town_zone_radii(int(self._get("num_houses"))))

    def clear_flag(self, bit: int) -> None:
        self._set("flags", int(self._get("flags")) & ~bit)


def house_type(m, t: int) -> int:
    return int(m.m8[t]) & 0xFFF


def house_north_part(house: int) -> tuple[int, int, int]:
    """``GetHouseNorthPart``: (north house id, dx, dy) to the north tile."""
    if house >= 3:
        if "Size2x1" in HOUSE_FLAGS[house - 1]:
            return house - 1, -1, 0
        if HOUSE_FLAGS[house - 1] & {"Size1x2", "Size2x2"}:
            return house - 1, 0, -1
        if "Size2x2" in HOUSE_FLAGS[house - 2]:
            return house - 2, -1, 0
        if "Size2x2" in HOUSE_FLAGS[house - 3]:
            return house - 3, -1, -1
    return house, 0, 0


class TownIndex:
    """The town pool as industries use it."""

    def __init__(self, towns) -> None:
        self.towns = [TownView(t) for t in towns]
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
        house, dx, dy = house_north_part(house_type(m, tile))
        tile += dy * m.size_x + dx
        flags = HOUSE_FLAGS[house]
        if int(m.m3[tile]) & 0x80:
            town.change("population", -HOUSE_POPULATION[house])
        town.change("num_houses", -1)
        if "IsChurch" in flags:
            town.clear_flag(TOWN_FLAG_HAS_CHURCH)
        elif "IsStadium" in flags:
            town.clear_flag(TOWN_FLAG_HAS_STADIUM)
        do_clear_square(m, tile, density)
        if flags & {"Size1x2", "Size2x2"}:
            do_clear_square(m, tile + m.size_x, density)
        if flags & {"Size2x1", "Size2x2"}:
            do_clear_square(m, tile + 1, density)
        if "Size2x2" in flags:
            do_clear_square(m, tile + m.size_x + 1, density)
        town.update_radius()
