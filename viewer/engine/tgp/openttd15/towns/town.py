"""The game's ``Town`` (``town.h``): the fields world generation reads or
writes, named as the game names them.  ``Town.index`` is the pool index
(the game reuses the lowest free index, so a town deleted at generation
leaves its index to the next)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial
from itertools import compress, count
from operator import is_, is_not

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


def new_town(towns: list, xy: int) -> Town:
    """``new Town(xy)``: a town at the lowest free index of the pool
    ``towns`` (a list whose position is the index; a freed slot is None)."""
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

