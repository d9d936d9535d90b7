"""The industry and house tables as numpy arrays for :mod:`.kernel`, built
once per process from :mod:`.specs` and the towns' house table (the
readable tables stay the source)."""

from __future__ import annotations

import functools

import numpy as np

from ..towns.house_specs import house_specs
from .specs import (
    GFX_WATERTILE_SPECIALCHECK,
    INDUSTRY_SPECS,
    INDUSTRY_TILE_SLOPES_REFUSED,
    NUM_INDUSTRYTYPES,
)

# behaviour bits of BEHAVIOUR
B_BUILT_ON_WATER = 1
B_TOWN1200_MORE = 2
B_ONLY_IN_TOWN = 4
B_ONLY_NEAR_TOWN = 8
B_PLANT_ON_BUILD = 16

_BEHAVIOUR_BITS = {"BuiltOnWater": B_BUILT_ON_WATER, "Town1200More": B_TOWN1200_MORE,
                   "OnlyInTown": B_ONLY_IN_TOWN, "OnlyNearTown": B_ONLY_NEAR_TOWN,
                   "PlantOnBuild": B_PLANT_ON_BUILD}


class IndustryTables:
    """Per industry type (rows): ``layout_start[type, i]`` and
    ``layout_len[type, i]`` index the flat ``layout_tiles`` (dx, dy, gfx
    per row) for layout ``i``; ``n_layouts``, ``conflicting`` (3 types,
    255 none), ``check_proc``, ``behaviour`` (the ``B_*`` bits),
    ``produced_count`` and ``produced_rate`` (2 slots); and per tile gfx
    ``slopes_refused``."""

    def __init__(self) -> None:
        n = NUM_INDUSTRYTYPES
        most = max(len(s.layouts) for s in INDUSTRY_SPECS)
        self.n_layouts = np.array([len(s.layouts) for s in INDUSTRY_SPECS], np.int64)
        self.layout_start = np.zeros((n, most), np.int64)
        self.layout_len = np.zeros((n, most), np.int64)
        rows = []
        for s in INDUSTRY_SPECS:
            for i, layout in enumerate(s.layouts):
                self.layout_start[s.type, i] = len(rows)
                self.layout_len[s.type, i] = len(layout)
                rows.extend(layout)
        self.layout_tiles = np.array(rows, np.int64).reshape(-1, 3)
        self.conflicting = np.array([s.conflicting for s in INDUSTRY_SPECS], np.int64)
        self.check_proc = np.array([s.check_proc for s in INDUSTRY_SPECS], np.int64)
        self.behaviour = np.array([sum(b for name, b in _BEHAVIOUR_BITS.items() if s.has(name))
                                   for s in INDUSTRY_SPECS], np.int64)
        self.produced_count = np.array([s.produced_count for s in INDUSTRY_SPECS], np.int64)
        self.produced_rate = np.array([[rate for _, rate in s.produced] for s in INDUSTRY_SPECS],
                                      np.int64)
        self.slopes_refused = np.array(INDUSTRY_TILE_SLOPES_REFUSED, np.int64)
        assert not (self.layout_tiles[:, 2] > GFX_WATERTILE_SPECIALCHECK).any()

    def arrays(self) -> tuple:
        """The arrays in the order :func:`.kernel.place_industries` takes them."""
        return (self.n_layouts, self.layout_start, self.layout_len, self.layout_tiles,
                self.conflicting, self.check_proc, self.behaviour, self.produced_count,
                self.produced_rate, self.slopes_refused)


@functools.cache
def industry_tables() -> IndustryTables:
    return IndustryTables()


@functools.cache
def house_tables(landscape: int) -> tuple[np.ndarray, np.ndarray]:
    """(population, building flags) per house id of ``landscape``'s table."""
    specs = house_specs(landscape)
    return (np.array([h.population for h in specs], np.int64),
            np.array([h.building_flags for h in specs], np.int64))
