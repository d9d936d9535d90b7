"""The steps of OpenTTD 15.2's GenerateLandscape after the water pass (see
``../shared/reference/tgp-rivers/README.md``), as timeline steps of the
15.2 pipeline (:class:`~.pipeline.ModernPipeline` appends them):

* climate (``stop_after`` climate or rivers): arctic, the snow line;
  sub-tropic, the desert line, the desert zones, 256 tile loops that lay
  the desert ground, the rainforest zones (:mod:`.climate`,
  :mod:`.landscape_tile_loop`); temperate and toyland have none;
* rivers (``stop_after`` rivers, amount of rivers above none): one step per
  well of CreateRivers (:mod:`.rivers`), the final water pass, and 256 tile
  loops.

The first of them turns the water pass's arrays into a
:class:`~.landscape.Landscape` (``State.land``), whose Randomizer is the
state's own ``rng`` array.
"""

from __future__ import annotations

from typing import Any

from ..options import EXTRA_TREE_PLACEMENTS, TREE_PLACERS, stops_from
from ..pipeline import State, Step
from . import climate
from .landscape import from_water_pass
from .landscape_tile_loop import RUNS_PER_PASS, run_tile_loop

ARCTIC, TROPIC = 1, 2
CLIMATE_KINDS = ("snow line", "desert line", "desert zones", "desert ground",
                 "rainforest zones")


def river_wells(amount: int, size_x: int, size_y: int) -> int:
    """Map::ScaleBySize(4 << amount): the wells CreateRivers tries (0 when
    rivers are off)."""
    if amount == 0:
        return 0
    return -(-((4 << amount) * size_x * size_y) // 65536)


def long_rivers(wells: int) -> int:
    return max(1, wells // 10) if wells else 0


class AfterWater:
    """The settings of the steps after the water pass, and the steps."""

    def __init__(self, values: dict[str, Any], size_x: int, size_y: int, landscape: int,
                 freeform: bool, height_limit: int):
        self.size_x, self.size_y = size_x, size_y
        self.landscape = landscape
        self.freeform = freeform
        self.height_limit = height_limit
        self.stop_after = values["stop_after"]
        self.amount = int(values["rivers"])
        self.min_length = int(values["min_river_length"])
        self.route_random = int(values["river_route_random"])
        self.tree_placer = TREE_PLACERS.index(values["tree_placer"])
        self.extra_tree_placement = EXTRA_TREE_PLACEMENTS.index(
            values.get("extra_tree_placement", "spread"))
        self.reaches_rivers = self.stop_after in stops_from("rivers")
        self.snow_coverage = int(values["snow_coverage"])
        self.desert_coverage = int(values["desert_coverage"])
        self.api = None
        self.wells = 0
        if self.reaches_rivers and self.amount > 0:
            from .rivers import create as rivers  # (CreateRivers: imported only for a map with rivers)

            self.api = rivers
            self.wells = int(rivers.river_wells(self.amount, size_x, size_y))

    @property
    def finishes_map(self) -> bool:
        """True when the map goes past the water pass (a Landscape is made)."""
        return self.stop_after != "water"

    def steps(self) -> list[Step]:
        out: list[Step] = []
        if self.stop_after == "water":
            return out
        if self.landscape == ARCTIC:
            out.append(Step("climate", "climate",
                            f"snow line: the height from which {self.snow_coverage}% of the "
                            "land lies at or above it (at least 2); snow ground comes with "
                            "the tile loop", 0))
        elif self.landscape == TROPIC:
            cov = self.desert_coverage
            out += [
                Step("climate", "climate", f"desert line: the height below which about {cov}% "
                     "of the land lies (corrected for the edges rainforest grows from)", 1),
                Step("climate", "climate", "desert zones: tiles whose whole neighbourhood "
                     "(11x11 and the sides at distance 6) is below the line and dry", 2),
                Step("climate", "climate", f"{RUNS_PER_PASS} tile loops: desert ground on "
                     "the desert zone's clear tiles (sparse at its edges); sea floods", 3),
                Step("climate", "climate", "rainforest zones: tiles with no desert ground in "
                     "their neighbourhood", 4),
            ]
        if self.wells:
            n_long = long_rivers(self.wells)
            for i in range(self.wells):
                kind = "long" if i < n_long else "short"
                length = self.min_length * (4 if i < n_long else 1)
                tries = 512 if i < n_long else 128
                out.append(Step("river", "rivers", f"well {i + 1} of {self.wells}, {kind} "
                                f"(at least {length} tiles, up to {tries} tries)", i))
            out.append(Step("river water", "rivers", "water: tiles terraforming brought to "
                            "level 0 become sea or shore"))
            out.append(Step("tile loop", "tile loop", f"{RUNS_PER_PASS} tile loops: ground "
                            "density, snow, sea flooding, wetland trees"))
        return out

    def land(self, st: State):
        """The state's Landscape, made from the water pass's arrays the
        first time."""
        if st.land is None:
            st.land = from_water_pass(st.tile_height, st.tile_class, st.rocks)
            st.land.rng = st.rng
        return st.land

    def settings(self):
        return self.api.RiverSettings(
            amount=self.amount, min_length=self.min_length, route_random=self.route_random,
            tree_placer=self.tree_placer, landscape=self.landscape, freeform=self.freeform,
            height_limit=self.height_limit)

    def run(self, step: Step, st: State) -> None:
        land = self.land(st)
        found = st.found
        if step.kind == "climate":
            what = CLIMATE_KINDS[step.arg]
            if what == "snow line":
                found["snow_line_height"] = climate.snow_line_height(land, self.snow_coverage)
            elif what == "desert line":
                found["desert_line"] = climate.desert_line(land, self.desert_coverage)
            elif what == "desert zones":
                found["desert_tiles"] = climate.make_desert(land, found["desert_line"])
            elif what == "desert ground":
                run_tile_loop(land, self.landscape, 0, RUNS_PER_PASS, self.extra_tree_placement)
            else:
                found["rainforest_tiles"] = climate.make_rainforest(land)
        elif step.kind == "river":
            if st.rivers is None:
                st.rivers = self.api.CreateRivers(land, self.settings())
            st.attempts.append(st.rivers.attempt(step.arg))
        elif step.kind == "river water":
            st.rivers.finish_water()
        else:
            run_tile_loop(land, self.landscape, found.get("snow_line_height", 0),
                          RUNS_PER_PASS, self.extra_tree_placement)

    def finish(self, st: State):
        """The Landscape of the finished map (made here when no step after
        the water pass ran, e.g. temperate with rivers off), or None when
        the map stops at the water pass."""
        if not self.finishes_map:
            return None
        return self.land(st)
