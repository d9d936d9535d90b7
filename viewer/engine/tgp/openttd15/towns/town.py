"""The game's ``Town`` (``town.h``): the fields world generation reads or
writes, named as the game names them.  ``Town.index`` is the pool index
(the game reuses the lowest free index, so a town deleted at generation
leaves its index to the next)."""

from __future__ import annotations

from dataclasses import dataclass, field

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

    def manifest_fields(self) -> dict:
        """The fields ``openttd-firstframe``'s manifest holds per town."""
        return {"index": self.index, "xy": self.xy, "name": self.name,
                "townnametype": self.townnametype, "townnameparts": self.townnameparts,
                "num_houses": self.num_houses, "population": self.population,
                "flags": self.flags, "larger_town": self.larger_town, "layout": self.layout,
                "grow_counter": self.grow_counter, "growth_rate": self.growth_rate,
                "squared_town_zone_radius": list(self.squared_town_zone_radius)}


class TownPool:
    """The town pool: towns by index, the lowest free index reused."""

    def __init__(self) -> None:
        self.items: list[Town | None] = []

    def new(self, xy: int) -> Town:
        for i, t in enumerate(self.items):
            if t is None:
                town = Town(i, xy)
                self.items[i] = town
                return town
        town = Town(len(self.items), xy)
        self.items.append(town)
        return town

    def delete(self, town: Town) -> None:
        self.items[town.index] = None

    def __iter__(self):
        return (t for t in self.items if t is not None)

    def __len__(self) -> int:
        return sum(1 for t in self.items if t is not None)
