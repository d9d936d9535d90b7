"""The layers of a TerraGenesis map (see :mod:`.generator` for what each
holds): their descriptions, and which of them a map of each OpenTTD
version has.  The generator and its trace both read them here."""

from __future__ import annotations

from ..protocol import LayerInfo
from .units import INVALID_HEIGHT

__all__ = ["LAYER_INFO", "LAYER_NAMES", "MODERN_LAYERS", "layer_names"]

LAYER_INFO: dict[str, LayerInfo] = {
    "noise": LayerInfo("noise", "raw noise height at the tile's north corner, fixed point "
                       "(16 = one height level)", "scalar",
                       labels={INVALID_HEIGHT: "not generated yet"}),
    "heightmap": LayerInfo("heightmap", "normalised height at the tile's north corner, "
                           "fixed point (16 = one height level)", "scalar", 0, 240),
    "tile_height": LayerInfo("tile_height", "tile height in levels", "scalar", 0, 15),
    # (no labels: the renderer draws labelled categorical values as background)
    "tile_class": LayerInfo("tile_class", "tile class: 0 clear, 1 water (sea), 2 shore, 3 void",
                            "categorical"),
    "water": LayerInfo("water", "sea (tile class water)", "mask", 0, 1),
    "rocks": LayerInfo("rocks", "rocks that FixSlopes left on clear land (OpenTTD 15.2)",
                       "mask", 0, 1),
    "change": LayerInfo("change", "what this step changed, fixed point: the noise a round "
                        "added, or new height minus old", "scalar", debug=True),
}
LAYER_NAMES = tuple(n for n in LAYER_INFO if n not in ("change", "rocks"))
"""The layers of an r13671 map; a 15.2 map has ``rocks`` instead of ``water``
(its sea is tile class 1)."""
MODERN_LAYERS = tuple(n for n in LAYER_NAMES if n != "water") + ("rocks",)


def layer_names(version: str) -> tuple[str, ...]:
    """The layers a map of this OpenTTD version has."""
    return LAYER_NAMES if version == "r13671" else MODERN_LAYERS
