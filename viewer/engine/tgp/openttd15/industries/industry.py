"""The game's ``Industry`` (``industry.h``): the fields world generation
writes, named as the game names them, and the industry pool with its sets
of industries per type (``Industry::industries``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...game.records import record_deepcopy

OWNER_NONE = 0x10
ICT_MAP_GENERATION = 2          # IndustryConstructionType at world generation
PRODLEVEL_DEFAULT = 0x10
INDUSTRY_POOL_MAX = 64000       # IndustryPool::MAX_SIZE


@dataclass
class Industry:
    index: int
    tile: int                       # location.tile (the north tile of its area)
    type: int = 0
    w: int = 1                      # location.w, location.h
    h: int = 1
    town: int = -1                  # the town's index
    random: int = 0                 # initial random bits
    founder: int = OWNER_NONE
    construction_type: int = ICT_MAP_GENERATION
    random_colour: int = 0
    counter: int = 0
    selected_layout: int = 0        # layout index + 1
    production_rate: list[int] = field(default_factory=list)
    prod_level: int = PRODLEVEL_DEFAULT

    __deepcopy__ = record_deepcopy
    PLAIN_RECORD = True
    RECORD_CONTAINERS = ("production_rate",)

    def add_to_area(self, size_x: int, t: int) -> None:
        """``TileArea::Add``: grow the area to hold tile ``t``."""
        x0, y0 = self.tile % size_x, self.tile // size_x
        x, y = t % size_x, t // size_x
        sx, ex = min(x0, x), max(x0 + self.w - 1, x)
        sy, ey = min(y0, y), max(y0 + self.h - 1, y)
        self.tile = sy * size_x + sx
        self.w, self.h = ex - sx + 1, ey - sy + 1

    def manifest_fields(self) -> dict:
        """The fields ``openttd-firstframe``'s manifest holds per industry."""
        return {"index": self.index, "type": self.type, "tile": self.tile, "w": self.w,
                "h": self.h, "town": self.town, "random": self.random, "founder": self.founder,
                "construction_type": self.construction_type}


class IndustryPool:
    """Industries by index (the lowest free index reused) and, per type, the
    indices of that type in ascending order (``Industry::industries``)."""

    def __init__(self) -> None:
        self.items: list[Industry | None] = []
        self.by_type: dict[int, list[int]] = {}

    @classmethod
    def from_records(cls, records) -> IndustryPool:
        """A pool holding ``records`` (Industry, or dicts as the manifest
        holds them)."""
        pool = cls()
        for r in records:
            ind = r if isinstance(r, Industry) else Industry(
                index=r["index"], tile=r["tile"], type=r["type"], w=r["w"], h=r["h"],
                town=r["town"], random=r["random"], founder=r["founder"],
                construction_type=r["construction_type"])
            while len(pool.items) <= ind.index:
                pool.items.append(None)
            pool.items[ind.index] = ind
            pool.by_type.setdefault(ind.type, []).append(ind.index)
        for v in pool.by_type.values():
            v.sort()
        return pool

    def can_allocate(self) -> bool:
        return len(self) < INDUSTRY_POOL_MAX

    def new(self, tile: int) -> Industry:
        for i, it in enumerate(self.items):
            if it is None:
                ind = Industry(i, tile)
                self.items[i] = ind
                return ind
        ind = Industry(len(self.items), tile)
        self.items.append(ind)
        return ind

    def register_type(self, ind: Industry) -> None:
        lst = self.by_type.setdefault(ind.type, [])
        lst.append(ind.index)
        lst.sort()

    def of_type(self, industry_type: int) -> list[Industry]:
        return [self.items[i] for i in self.by_type.get(industry_type, ())]

    def __iter__(self):
        return (i for i in self.items if i is not None)

    def __len__(self) -> int:
        return sum(1 for i in self.items if i is not None)
