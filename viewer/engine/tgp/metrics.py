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


def _names(options: Mapping[str, Any]) -> tuple[str, ...]:
    return NAMES


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
        "towns": len(towns),
        "cities": sum(1 for t in towns if t.larger_town),
        "population": sum(int(t.population) for t in towns),
        "industries": len(getattr(result.detail, "industries", None) or ()),
    }


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
    else:
        out.update(dict.fromkeys(FINISHED_15_2, math.nan))
    return out


METRICS = Metrics(compute, _names)
