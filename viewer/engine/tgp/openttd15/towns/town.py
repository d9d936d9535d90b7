"""The game's ``Town`` (``town.h``): the fields world generation reads or
writes, named as the game names them.  ``Town.index`` is the pool index
(the game reuses the lowest free index, so a town deleted at generation
leaves its index to the next)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial
from itertools import compress, count
from operator import attrgetter, is_, is_not
from typing import Any

import numpy as np

from ...game.records import record_deepcopy

NUM_HOUSE_ZONES = 5
MAX_COMPANIES = 15
RATING_INITIAL = 500


@dataclass
class Town:
    index: int
    xy: int
    townnametype: int = 0
    townnameparts: int = 0
    num_houses: int = 0                       # cache.num_houses
    population: int = 0                       # cache.population
    squared_town_zone_radius: list[int] = field(default_factory=lambda: [0] * NUM_HOUSE_ZONES)
    building_counts: dict[int, int] = field(default_factory=dict)   # house id -> count
    flags: int = 0
    larger_town: bool = False
    layout: int = 0
    grow_counter: int = 0
    growth_rate: int = 0
    time_until_rebuild: int = 0
    fund_buildings_months: int = 0
    road_build_months: int = 0
    name: str = ""                            # the rendered name (cached_name)

    __deepcopy__ = record_deepcopy
    PLAIN_RECORD = True
    RECORD_CONTAINERS = ("squared_town_zone_radius", "building_counts")

    def manifest_fields(self) -> dict:
        """The fields ``openttd-firstframe``'s manifest holds per town."""
        return {"index": self.index, "xy": self.xy, "name": self.name,
                "townnametype": self.townnametype, "townnameparts": self.townnameparts,
                "num_houses": self.num_houses, "population": self.population,
                "flags": self.flags, "larger_town": self.larger_town, "layout": self.layout,
                "grow_counter": self.grow_counter, "growth_rate": self.growth_rate,
                "squared_town_zone_radius": list(self.squared_town_zone_radius)}


TOWN_POOL_MAX_SIZE = 64000

# TownLayout (town_type.h)
TL_ORIGINAL, TL_BETTER_ROADS, TL_2X2_GRID, TL_3X3_GRID, TL_RANDOM = range(5)
NUM_TLS = 5

# TownCanBePlacedHere
MIN_EDGE_DISTANCE = 12
MIN_TOWN_DISTANCE = 20
SEARCH_DIAMETER = 5
VALID_TILE_GOAL = SEARCH_DIAMETER * SEARCH_DIAMETER // 2
# ClearGround / TreeGround / water values placement reads (clear_map.h, tree_map.h, water_map.h)
CLEAR_ROUGH = 1
TREE_GROUND_ROUGH = 1
WATER_CLASS_INVALID = 3
WATER_TILE_COAST = 1


_is_town = partial(is_not, None)
_is_free = partial(is_, None)


def live_towns(towns: list) -> Iterator[Town]:
    """The towns of the pool ``towns`` in index order (its free slots
    skipped), iterated without a Python loop: GenerateTowns asks for them
    at each of thousands of towns."""
    return filter(_is_town, towns)


_xy = attrgetter("xy")


class TownPool(list):
    """The town pool as a list whose position is the index (a freed slot is
    None) that keeps, for GenerateTowns' thousands of towns, what it asks
    at each without a walk of the pool: the live towns' ``xy`` in index
    order (:meth:`live_xy`, the placement kernel's) and the number of free
    slots (none: a new town goes at the end).  :func:`new_town` and
    :func:`free_town` keep both; any other change (the list's own methods)
    marks them stale, rebuilt at the next ask.  A town's ``xy`` is fixed
    once it is made (as the game's: DoCreateTown sets the tile it was made
    on).  Copies (``copy``, ``deepcopy``, pickling) keep both right."""

    __slots__ = ("_xy", "_live", "_holes")

    def __init__(self, towns: Any = ()) -> None:
        super().__init__(towns)
        self._xy = np.empty(0, np.int64)
        self._live = -1      # the live towns whose xy is in _xy; -1: stale
        self._holes = 0      # the free slots (None) in the list

    def _refresh(self) -> None:
        if self._live >= 0:
            return
        xy = np.fromiter(map(_xy, filter(_is_town, self)), np.int64)
        self._xy = np.empty(max(64, 2 * len(xy)), np.int64)
        self._xy[:len(xy)] = xy
        self._live = len(xy)
        self._holes = len(self) - len(xy)

    def live_xy(self) -> np.ndarray:
        """The live towns' xy in index order (a view not changed later)."""
        self._refresh()
        return self._xy[:self._live]

    def lowest_free(self) -> int:
        """The lowest free index: the first free slot, else the end."""
        self._refresh()
        if self._holes == 0:
            return len(self)
        return next(compress(count(), map(_is_free, self)))

    def add(self, xy: int) -> Town:
        """``new Town(xy)`` at :meth:`lowest_free`."""
        i = self.lowest_free()
        town = Town(i, xy)
        if i < len(self):             # (a freed slot: the xy order changes)
            list.__setitem__(self, i, town)
            self._live = -1
            return town
        list.append(self, town)
        n = self._live
        if n == len(self._xy):
            grown = np.empty(2 * n, np.int64)
            grown[:n] = self._xy
            self._xy = grown
        self._xy[n] = xy              # (past every view live_xy gave)
        self._live = n + 1
        return town

    def free(self, town: Town) -> None:
        """``delete t``: its index freed (trailing free slots dropped)."""
        list.__setitem__(self, town.index, None)
        while self and self[-1] is None:
            list.pop(self)
        self._live = -1

    def __copy__(self) -> TownPool:
        new = TownPool(self)
        new._xy, new._live, new._holes = self._xy.copy(), self._live, self._holes
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> TownPool:
        new = TownPool()
        memo[id(self)] = new
        list.extend(new, [copy.deepcopy(t, memo) for t in self])
        new._xy, new._live, new._holes = self._xy.copy(), self._live, self._holes
        return new

    def __reduce__(self) -> tuple:
        return TownPool, (list(self),)


def _marks_stale(name: str):
    base = getattr(list, name)

    def method(self, *args):
        self._live = -1
        return base(self, *args)

    method.__name__ = method.__qualname__ = name
    return method


for _name in ("__setitem__", "__delitem__", "__iadd__", "__imul__", "append", "extend",
              "insert", "pop", "remove", "clear", "sort", "reverse"):
    setattr(TownPool, _name, _marks_stale(_name))
del _name


def live_towns_xy(towns: list) -> np.ndarray:
    """The live towns' xy in index order, as int64 (kept by a
    :class:`TownPool`, else read from the towns)."""
    if isinstance(towns, TownPool):
        return towns.live_xy()
    return np.fromiter(map(_xy, live_towns(towns)), np.int64)


def new_town(towns: list, xy: int) -> Town:
    """``new Town(xy)``: a town at the lowest free index of the pool
    ``towns`` (a list whose position is the index; a freed slot is None;
    a :class:`TownPool` finds it without a walk)."""
    if isinstance(towns, TownPool):
        return towns.add(xy)
    i = next(compress(count(), map(_is_free, towns)), None)
    if i is not None:
        towns[i] = town = Town(i, xy)
        return town
    town = Town(len(towns), xy)
    towns.append(town)
    return town


def free_town(towns: list, town: Town) -> None:
    """``delete t``: the town's index freed for the next town (trailing
    free slots dropped, so a list without holes stays one)."""
    if isinstance(towns, TownPool):
        towns.free(town)
        return
    towns[town.index] = None
    while towns and towns[-1] is None:
        towns.pop()


# --- TownFlag bits (town.h) --------------------------------------------------
TF_IS_GROWING = 1 << 0
TF_HAS_CHURCH = 1 << 1
TF_HAS_STADIUM = 1 << 2
TF_CUSTOM_GROWTH = 1 << 3

MASK32 = 0xFFFFFFFF

TOWN_GROWTH_TICKS = 70
"""``Ticks::TOWN_GROWTH_TICKS``: a town tries to grow once per this many ticks."""
MAX_TOWN_GROWTH_TICKS = 930
TOWN_GROWTH_RATE_NONE = 0xFFFF

# _town_squared_town_zone_radius_data: per 4 houses, the squared radius of
# each house zone (edge, outskirt, outer suburb, inner suburb, centre).
_ZONE_RADII = (
    (4, 0, 0, 0, 0), (16, 0, 0, 0, 0), (25, 0, 0, 0, 0), (36, 0, 0, 0, 0),
    (49, 0, 4, 0, 0), (64, 0, 4, 0, 0), (64, 0, 9, 0, 1), (64, 0, 9, 0, 4),
    (64, 0, 16, 0, 4), (81, 0, 16, 0, 4), (81, 0, 16, 0, 4), (81, 0, 25, 0, 9),
    (81, 36, 25, 0, 9), (81, 36, 25, 16, 9), (81, 49, 0, 25, 9), (81, 64, 0, 25, 9),
    (81, 64, 0, 36, 9), (81, 64, 0, 36, 16), (100, 81, 0, 49, 16), (100, 81, 0, 49, 25),
    (121, 81, 0, 49, 25), (121, 81, 0, 49, 25), (121, 81, 0, 49, 36),
)

# _grow_count_values[funded][active stations, at most 5]
_GROW_COUNT_FUNDED = (120, 120, 120, 100, 80, 60)
_GROW_COUNT_NORMAL = (320, 420, 300, 220, 160, 100)


def town_ticks_to_game_ticks(ticks: int) -> int:
    """``TownTicksToGameTicks`` (uint16)."""
    return ((min(ticks, MAX_TOWN_GROWTH_TICKS) + 1) * TOWN_GROWTH_TICKS - 1) & 0xFFFF


def update_town_radius(town: Town) -> None:
    """``UpdateTownRadius``: the squared radii of the house zones from the
    number of houses (a table up to 91 houses, a formula beyond)."""
    n = town.num_houses
    if n < len(_ZONE_RADII) * 4:
        town.squared_town_zone_radius = list(_ZONE_RADII[n // 4])
    else:
        mass = n // 8
        town.squared_town_zone_radius = [(mass * 15 - 40) & MASK32, (mass * 9 - 15) & MASK32, 0,
                                         (mass * 5 - 5) & MASK32, (mass * 3 + 5) & MASK32]


def _round_div_su(a: int, b: int) -> int:
    """``RoundDivSU``: a / b rounded half away from zero for a > 0, half
    towards zero otherwise (C's truncating division)."""
    if a > 0:
        return (a + b // 2) // b
    q = a - (b - 1) // 2
    return -((-q) // b)


def get_normal_growth_rate(town: Town, town_growth_rate: int, active_stations: int = 0) -> int:
    """``GetNormalGrowthRate`` (no stations at world generation)."""
    table = _GROW_COUNT_FUNDED if town.fund_buildings_months != 0 else _GROW_COUNT_NORMAL
    m = table[min(active_stations, 5)]
    m >>= (town_growth_rate - 1) if town_growth_rate != 0 else 1
    if town.larger_town:
        m //= 2
    return town_ticks_to_game_ticks(m // (town.num_houses // 50 + 1))


def update_town_growth_rate(world, town: Town) -> None:
    """``UpdateTownGrowthRate``: the growth rate from the houses, city
    status and ``economy.town_growth_rate`` (the game's default 2, normal),
    the grow counter rescaled to it (UpdateTownGrowCounter)."""
    if town.flags & TF_CUSTOM_GROWTH:
        return
    old = town.growth_rate
    rate = int(world.setting("economy.town_growth_rate", 2))
    town.growth_rate = get_normal_growth_rate(town, rate)
    if town.growth_rate == TOWN_GROWTH_RATE_NONE:
        return
    if old == TOWN_GROWTH_RATE_NONE:
        town.grow_counter = min(town.growth_rate, town.grow_counter)
        return
    town.grow_counter = _round_div_su(town.grow_counter * (town.growth_rate + 1), old + 1) & 0xFFFF

