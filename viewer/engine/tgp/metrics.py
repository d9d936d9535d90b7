"""TerraGenesis metrics for sweeps, over the map's tiles.

``water_share``  sea tiles (tile class water) over all tiles
``shore_share``  shore tiles over all tiles
``mean_height``  mean tile height in levels (0..15 in r13671, up to 255 in 15.2)
``max_height``   highest tile height in levels
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..metrics import Metrics

NAMES = ("water_share", "shore_share", "mean_height", "max_height")


def _names(options: Mapping[str, Any]) -> tuple[str, ...]:
    return NAMES


def compute(result: Any) -> dict[str, float]:
    tile_class = np.asarray(result.layers["tile_class"])
    height = np.asarray(result.layers["tile_height"])
    tiles = tile_class.size
    return {
        "water_share": int((tile_class == 1).sum()) / tiles,
        "shore_share": int((tile_class == 2).sum()) / tiles,
        "mean_height": float(height.mean()),
        "max_height": int(height.max()),
    }


METRICS = Metrics(compute, _names)
