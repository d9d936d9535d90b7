"""TerraGenesis metrics for sweeps, over the map's tiles.

``water_share``      sea tiles (tile class water) over all tiles
``shore_share``      shore tiles over all tiles
``mean_height``      mean tile height in levels (0..15 in r13671, up to 255 in 15.2)
``max_height``       highest tile height in levels
``river_tiles``      water tiles of class River (rivers, their widening and
                     lakes; OpenTTD 15.2)
``rivers_made``      rivers CreateRivers made (of its wells' attempts)
``lakes``            rivers that ended in a lake
``desert_share``     tiles of the desert zone over all tiles (sub-tropic)
``rainforest_share`` tiles of the rainforest zone over all tiles (sub-tropic)
``snow_tiles``       clear tiles with snow (arctic; the tile loop makes it;
                     trees on snow are not counted, as in the reference)
``towns``            towns GenerateTowns made (OpenTTD 15.2 stopped after the
                     towns or later)
``cities``           those of them that are cities
``population``       the towns' population together
``industries``       industries GenerateIndustries made
``industries_<type>`` industries of each type (``coal_mine``, ``farm_2`` ...)
``coal_mines_near_water`` coal mines with water at most 10 tiles away
``towns_without_industry_near`` towns with no industry tile within 20 tiles
``lighthouses``, ``transmitters``, ``tree_tiles`` objects and trees placed

The figures after ``industries`` are NaN on a map that stops before their stage.

The river, zone and snow figures are NaN (an empty cell in a sweep's
table) where they do not apply: on an r13671 map (the game of 2008 as
ported here has none of it), on a 15.2 map stopped after the water pass
(no climate, no rivers), and the river figures on one stopped after the
climate.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any


from ..metrics import Metrics

RIVER_CLASS = 4
NAMES = ("water_share", "shore_share", "mean_height", "max_height", "river_tiles",
         "rivers_made", "lakes", "desert_share", "rainforest_share", "snow_tiles", "towns",
         "cities", "population", "industries")
FINISHED_15_2 = NAMES[4:]
RIVER_FIGURES = ("river_tiles", "rivers_made", "lakes")
NOT_MADE = {"water": FINISHED_15_2, "climate": RIVER_FIGURES, "rivers": ()}
"""The figures a 15.2 map stopped after each step has not made yet."""


def _first_frame_names() -> tuple[str, ...]:
    from .openttd15.industries.specs import INDUSTRY_SPECS     # (no numpy: for -h too)

    return (tuple(f"industries_{s.name}" for s in INDUSTRY_SPECS)
            + ("coal_mines_near_water", "towns_without_industry_near", "lighthouses",
               "transmitters", "tree_tiles"))


def _names(options: Mapping[str, Any]) -> tuple[str, ...]:
    return NAMES + _first_frame_names()


def first_frame_figures(result: Any) -> dict[str, float]:
    """The industries by type and place, the objects and trees of a 15.2
    map past GenerateLandscape (NaN for what its stop does not reach)."""
    from .openttd15 import overview

    out = dict.fromkeys(_first_frame_names(), math.nan)
    world = getattr(result.detail, "world", None)
    made = getattr(result.detail, "stages", None) or {}
    if world is None:
        return out
    if "industries" in made:
        counts = overview.first_frame_counts(world)
        for name, n in overview.industries_per_type(world).items():
            out[f"industries_{name}"] = n
        out["coal_mines_near_water"] = overview.coal_mines_near_water(world)
        out["towns_without_industry_near"] = overview.towns_without_industry_near(world)
        if "objects" in made:
            out["lighthouses"] = counts["lighthouses"]
            out["transmitters"] = counts["transmitters"]
        if "trees" in made:
            out["tree_tiles"] = counts["tree_tiles"]
    return out


def _attempts(detail: Any) -> tuple:
    return tuple(getattr(detail, "river_attempts", None) or ())


def finished_figures(result: Any) -> dict[str, float]:
    """The river, zone and snow figures of an OpenTTD 15.2 map."""
    import numpy as np

    layers = result.layers
    tile_class = np.asarray(layers["tile_class"])
    tiles = tile_class.size
    attempts = _attempts(result.detail)
    made = getattr(result.detail, "rivers_made", None)
    if made is None:
        made = sum(1 for a in attempts if a.made)
    tropic = layers.get("tropic")
    snow = layers.get("snow")
    towns = tuple(getattr(result.detail, "towns", None) or ())
    return {
        "river_tiles": int(np.count_nonzero(tile_class == RIVER_CLASS)),
        "rivers_made": int(made),
        "lakes": sum(1 for a in attempts if a.made and a.end == "lake"),
        "desert_share": 0.0 if tropic is None else int(np.count_nonzero(
            np.asarray(tropic) == 1)) / tiles,
        "rainforest_share": 0.0 if tropic is None else int(np.count_nonzero(
            np.asarray(tropic) == 2)) / tiles,
        "snow_tiles": 0 if snow is None else int(np.count_nonzero(
            (np.asarray(snow) != 0) & (tile_class == 0))),
        **_stage_figures(result, towns),
    }


def _stage_figures(result: Any, towns: tuple) -> dict[str, float]:
    """The towns' and the industries' counts, NaN where the map stops
    before their stage (an empty cell, not 0 towns)."""
    made = getattr(result.detail, "stages", None) or {}
    out = dict.fromkeys(("towns", "cities", "population", "industries"), math.nan)
    if "towns" in made:
        out.update(towns=len(towns), cities=sum(1 for t in towns if t.larger_town),
                   population=sum(int(t.population) for t in towns))
    if "industries" in made:
        out["industries"] = len(getattr(result.detail, "industries", None) or ())
    return out


def compute(result: Any) -> dict[str, float]:
    import numpy as np

    tile_class = np.asarray(result.layers["tile_class"])
    height = np.asarray(result.layers["tile_height"])
    tiles = tile_class.size
    out = {
        "water_share": int((tile_class == 1).sum()) / tiles,
        "shore_share": int((tile_class == 2).sum()) / tiles,
        "mean_height": float(height.mean()),
        "max_height": int(height.max()),
    }
    if getattr(result.detail, "version", "r13671") == "15.2":
        out.update(finished_figures(result))
        stop = (getattr(result, "params", None) or {}).get("stop_after", "rivers")
        out.update(dict.fromkeys(NOT_MADE.get(stop, ()), math.nan))
        out.update(first_frame_figures(result))
    else:
        out.update(dict.fromkeys(FINISHED_15_2 + _first_frame_names(), math.nan))
    return out


METRICS = Metrics(compute, _names)
