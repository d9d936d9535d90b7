"""The layers of a TerraGenesis map (see :mod:`.generator` for what each
holds): their descriptions, and which of them a map of each OpenTTD
version has.  The generator and its trace both read them here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..protocol import LayerInfo
from .options import STOP_AFTER
from .units import INVALID_HEIGHT

__all__ = ["FINISHED_LAYERS", "GAME_BYTE_LAYERS", "LANDSCAPE_LAYERS", "LAYER_INFO", "LAYER_NAMES",
           "MODERN_LAYERS", "WORLD_LAYERS", "layer_info_for", "layer_names"]

LAYER_INFO: dict[str, LayerInfo] = {
    "noise": LayerInfo("noise", "raw noise height at the tile's north corner, fixed point "
                       "(16 = one height level)", "scalar",
                       labels={INVALID_HEIGHT: "not generated yet"}),
    "heightmap": LayerInfo("heightmap", "normalised height at the tile's north corner, "
                           "fixed point (16 = one height level)", "scalar", 0, 240),
    "tile_height": LayerInfo("tile_height", "tile height in levels", "scalar", 0, 15),
    # (no labels: the renderer draws labelled categorical values as background)
    "tile_class": LayerInfo("tile_class", "tile class: 0 clear, 1 water (sea), 2 shore, 3 void "
                            "(OpenTTD 15.2's finished map also 4 river, 5 trees)",
                            "categorical"),
    "water": LayerInfo("water", "sea (tile class water)", "mask", 0, 1),
    "rocks": LayerInfo("rocks", "rocks that FixSlopes left on clear land (OpenTTD 15.2)",
                       "mask", 0, 1),
    "tropic": LayerInfo("tropic", "tropic zone: 0 normal, 1 desert, 2 rainforest (OpenTTD "
                        "15.2, sub-tropic only)", "categorical"),
    "ground": LayerInfo("ground", "clear land: ground 0 grass, 1 rough, 2 rocks, 3 fields, "
                        "5 desert, +128 with snow; trees: 64 + tree ground (0 grass, 1 rough, "
                        "2 snow or desert, 3 shore, 4 rough with snow); other tiles 255",
                        "categorical"),
    "density": LayerInfo("density", "ground density 0..3 of clear land and tree tiles",
                         "scalar", 0, 3),
    "snow": LayerInfo("snow", "snow: 0 none, else the snow density + 1 (clear land with "
                      "snow, trees on snow)", "scalar", 0, 4),
    "river_id": LayerInfo("river_id", "the river that made the tile water (1 for the first "
                          "river made, ...), 0 for none", "categorical"),
    "change": LayerInfo("change", "what this step changed, fixed point: the noise a round "
                        "added, or new height minus old", "scalar", debug=True),
}
for _b, _what in (("tile_type", "tile type in bits 4..7, bridge above in bits 2..3, tropic "
                             "zone in bits 0..1"),
                 ("m1", "owner (bits 0..4), water class (5..6)"), ("m2", "uint16, by type"),
                 ("m3", "by type"), ("m4", "by type"), ("m5", "by type"), ("m6", "by type"),
                 ("m7", "by type (animation frame)"), ("m8", "uint16, by type")):
    LAYER_INFO[_b] = LayerInfo(_b, f"the game's tile byte {_b}: {_what} (docs/landscape.html "
                               "of OpenTTD 15.2)", "scalar", debug=True)
GAME_BYTE_LAYERS = ("tile_type", "m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8")
"""The game's tile bytes besides the heights (``tile_height``), in the
``openttd-firstframe`` reference's encoding: a map past GenerateLandscape
has them."""
LANDSCAPE_LAYERS = ("tropic", "ground", "density", "snow", "river_id")
"""What an OpenTTD 15.2 map that goes past the water pass adds."""
LAYER_NAMES = tuple(n for n in LAYER_INFO
                    if n not in ("change", "rocks") + LANDSCAPE_LAYERS + GAME_BYTE_LAYERS)
"""The layers of an r13671 map; a 15.2 map has ``rocks`` instead of ``water``
(its sea is tile class 1)."""
MODERN_LAYERS = tuple(n for n in LAYER_NAMES if n != "water") + ("rocks",)
"""The layers of a 15.2 map stopped after the water pass."""
FINISHED_LAYERS = MODERN_LAYERS + LANDSCAPE_LAYERS
"""The layers of a 15.2 map stopped after the climate or the rivers."""
WORLD_LAYERS = FINISHED_LAYERS + GAME_BYTE_LAYERS
"""The layers of a 15.2 map past GenerateLandscape (clear, towns ... world)."""


def layer_names(version: str, stop_after: str = "rivers") -> tuple[str, ...]:
    """The layers a map of this OpenTTD version (and, for 15.2, last step
    made: ``stop_after`` water, climate or rivers) has."""
    if version == "r13671":
        return LAYER_NAMES
    if stop_after in STOP_AFTER[STOP_AFTER.index("clear"):]:
        return WORLD_LAYERS
    return MODERN_LAYERS if stop_after == "water" else FINISHED_LAYERS


def layer_info_for(values: Mapping[str, Any]) -> dict[str, LayerInfo]:
    """The layers (with their descriptions) a map of ``values`` has, before
    it is made: its version's (any value that names no version is 15.2's),
    without the trace's debug layer ``change``."""
    version = "r13671" if values.get("openttd") == "r13671" else "15.2"
    return {n: LAYER_INFO[n] for n in layer_names(version, values.get("stop_after", "rivers"))}
