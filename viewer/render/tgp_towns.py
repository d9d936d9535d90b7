"""Towns over a TerraGenesis map as OpenTTD's small map draws them: a house
dark red, a road black, a road bridge's or tunnel's end as the road it
carries (the game's small map counts it a road tile); in the small map's
contour mode the game colours the middle of a town tile's pixels and leaves
its edges the land's colour, so at four or more pixels per tile the middle
half of the tile is painted and the land shows around it.  Town names are
markers of kind ``town`` at the towns' centres.  No Qt.

A map with towns carries its tile bytes as the layers ``tile_type`` and
``m5`` (the game's ``type`` and ``m5``, the reference's encoding) and its
towns as ``result.detail.towns`` (the manifest's dicts or Town records)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..engine.protocol import Marker
from ..engine.tgp.openttd15.towns.overview import KIND_HOUSE, KIND_NONE, town_kinds
from .colormaps import RGBA, Legend
from .hexraster import rasterize_square
from .picture import Toggle

# The game's palette colours of the small map (PC_DARK_RED, PC_BLACK)
HOUSE: RGBA = (128, 0, 0, 255)
ROAD: RGBA = (16, 16, 16, 255)
TOWN_ENTRIES: tuple[tuple[str, RGBA], ...] = (("houses", HOUSE),
                                              ("town roads, bridges and tunnels", ROAD))
"""The towns' part of a legend."""

MIDDLE_FROM_SCALE = 4
"""From this many pixels per tile a town tile is painted in its middle half
only (the game's small map paints the middle of a tile's pixels)."""

TILE_TYPE_LAYER = "tile_type"
M5_LAYER = "m5"


def has_towns(layers: Mapping[str, np.ndarray]) -> bool:
    return TILE_TYPE_LAYER in layers and M5_LAYER in layers


def layer_kinds(layers: Mapping[str, np.ndarray], stride: int = 1) -> np.ndarray:
    """The town kinds of a map's tile-byte layers (every ``stride``-th tile)."""
    return town_kinds(np.asarray(layers[TILE_TYPE_LAYER])[::stride, ::stride],
                      np.asarray(layers[M5_LAYER])[::stride, ::stride])


def paint_towns(img: np.ndarray, kinds: np.ndarray, scale: int) -> np.ndarray:
    """``img`` (``kinds.shape`` cells at ``scale`` pixels each, RGBA) with the
    town tiles painted over it, in place; returned."""
    scale = int(scale)
    colours = np.zeros(kinds.shape + (4,), np.uint8)
    colours[kinds == KIND_HOUSE] = HOUSE
    colours[(kinds != KIND_HOUSE) & (kinds != KIND_NONE)] = ROAD
    town = rasterize_square(np.ascontiguousarray(kinds != KIND_NONE), scale)
    if scale >= MIDDLE_FROM_SCALE:
        inner = np.zeros(scale, bool)
        inner[scale // 4: scale - scale // 4] = True
        rows = np.tile(inner, kinds.shape[0])[:, None]
        cols = np.tile(inner, kinds.shape[1])[None, :]
        town &= rows & cols
    big = rasterize_square(colours, scale)
    img[town] = big[town]
    return img


def town_markers(towns: Sequence[Any] | None, size_x: int) -> list[Marker]:
    """A ``town`` marker labelled with each town's name at its centre tile."""
    out = []
    for t in towns or ():
        if t is None:
            continue
        name = t["name"] if isinstance(t, dict) else t.name
        xy = int(t["xy"] if isinstance(t, dict) else t.xy)
        out.append(Marker("town", str(name), xy % size_x, xy // size_x))
    return out


TOWNS_TOGGLE = Toggle("towns", "&Towns", True, None,
                      "houses, town roads, bridges and tunnels as the game's small map draws "
                      "them, and the towns' names")


def _shown(state, options: Mapping[str, Any]) -> bool:
    return bool(options.get(TOWNS_TOGGLE.key, TOWNS_TOGGLE.default)) and has_towns(state.layers)


def draw_towns(img: np.ndarray, state, options: Mapping[str, Any], scale: int,
               stride: int = 1) -> np.ndarray:
    """A renderer's picture of ``state`` with its towns painted over it
    (when it has towns and the toggle is on)."""
    if not _shown(state, options):
        return img
    return paint_towns(np.array(img, copy=True), layer_kinds(state.layers, stride), scale)


def state_towns(state) -> Sequence[Any] | None:
    return getattr(state.result.detail, "towns", None)


def state_town_markers(state, options: Mapping[str, Any]) -> list[Marker]:
    """The towns' name markers of ``state`` (none with the toggle off)."""
    if not _shown(state, options):
        return []
    return town_markers(state_towns(state), state.result.grid.width)


def with_town_entries(legend: Legend | None, state, options: Mapping[str, Any]
                      ) -> Legend | None:
    """``legend`` with the towns' swatches added (when towns are drawn)."""
    if legend is None or not _shown(state, options):
        return legend
    return Legend(legend.title, list(legend.entries) + list(TOWN_ENTRIES), legend.lut,
                  legend.vmin, legend.vmax, legend.own)
