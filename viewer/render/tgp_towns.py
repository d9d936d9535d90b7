"""Towns over a TerraGenesis map as OpenTTD's small map draws them: a house
dark red, a road black, a road bridge's or tunnel's end as the road it
carries (the game's small map counts it a road tile).  The game's small
map colours the middle of a town tile's few pixels; here a tile under
eight pixels is painted whole, and zoomed in further a road is drawn as
the sides it leaves its tile by and a house inside a margin, so the street
plan reads and the land shows around them.  Town names are markers of kind
``town`` at the towns' centres.  No Qt.

A map with towns carries its tile bytes as the layers ``tile_type`` and
``m5`` (the game's ``type`` and ``m5``, the reference's encoding) and its
towns as ``result.detail.towns`` (the manifest's dicts or Town records)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..engine.protocol import Marker
from ..engine.tgp.openttd15.towns.overview import KIND_HOUSE, KIND_NONE, KIND_ROAD, town_kinds
from .colormaps import RGBA, Legend
from .hexraster import rasterize_square
from .picture import Toggle

# The game's palette colours of the small map (PC_DARK_RED, PC_BLACK)
HOUSE: RGBA = (128, 0, 0, 255)
ROAD: RGBA = (16, 16, 16, 255)
TOWN_ENTRIES: tuple[tuple[str, RGBA], ...] = (("houses", HOUSE),
                                              ("town roads, bridges and tunnels", ROAD))
"""The towns' part of a legend."""

MIDDLE_FROM_SCALE = 8
"""From this many pixels per tile roads are drawn by their directions and
houses inside a margin (below, a town tile is painted whole)."""

TILE_TYPE_LAYER = "tile_type"
M5_LAYER = "m5"
M2_LAYER = "m2"


def has_towns(layers: Mapping[str, np.ndarray]) -> bool:
    return TILE_TYPE_LAYER in layers and M5_LAYER in layers


def layer_kinds(layers: Mapping[str, np.ndarray], stride: int = 1
                ) -> tuple[np.ndarray, np.ndarray]:
    """The town kinds and road arms of a map's tile-byte layers (every
    ``stride``-th tile)."""
    tile_type = np.asarray(layers[TILE_TYPE_LAYER])[::stride, ::stride]
    m5 = np.asarray(layers[M5_LAYER])[::stride, ::stride]
    kinds = town_kinds(tile_type, m5)
    return kinds, road_arms(kinds, m5)


def road_arms(kinds: np.ndarray, m5: np.ndarray) -> np.ndarray:
    """The directions a town tile's road leaves it (RoadBits: NW 1, SW 2,
    SE 4, NE 8): a road's bits, a bridge's or tunnel's axis."""
    arms = np.where(kinds == KIND_ROAD, np.asarray(m5) & 0xF, 0).astype(np.uint8)
    ends = (kinds != KIND_NONE) & (kinds != KIND_ROAD) & (kinds != KIND_HOUSE)
    along_x = (np.asarray(m5) & 1) == 0          # DiagDirection NE or SW: the X axis
    arms[ends & along_x] = ROAD_X
    arms[ends & ~along_x] = ROAD_Y
    return arms


ROAD_X, ROAD_Y = 2 | 8, 1 | 4
_ARM_STEPS = ((1, (0, -1)), (2, (1, 0)), (4, (0, 1)), (8, (-1, 0)))   # bit, (dx, dy)


def _patterns(scale: int) -> np.ndarray:
    """Per pattern 0..15 (a road's arms) and 16 (a house) the pixels of a
    tile of ``scale`` pixels that are painted: a road is a centre square
    and a band to each side it leaves by; a house all but a margin."""
    out = np.zeros((17, scale, scale), bool)
    w = max(2, scale // 3)
    lo, hi = (scale - w) // 2, (scale - w) // 2 + w
    half = scale // 2
    for arms in range(16):
        p = out[arms]
        p[lo:hi, lo:hi] = True
        for bit, (dx, dy) in _ARM_STEPS:
            if arms & bit:
                if dx < 0:
                    p[lo:hi, :half] = True
                elif dx > 0:
                    p[lo:hi, half:] = True
                elif dy < 0:
                    p[:half, lo:hi] = True
                else:
                    p[half:, lo:hi] = True
    margin = max(1, scale // 8)
    out[16, margin:scale - margin, margin:scale - margin] = True
    return out


def paint_towns(img: np.ndarray, kinds: np.ndarray, scale: int,
                arms: np.ndarray | None = None) -> np.ndarray:
    """``img`` (``kinds.shape`` cells at ``scale`` pixels each, RGBA) with the
    town tiles painted over it, in place; returned.  Below
    :data:`MIDDLE_FROM_SCALE` pixels a tile is painted whole (as the game's
    small map at its scale); from there, with ``arms``, a road is drawn as
    the directions it goes and a house inside a margin."""
    scale = int(scale)
    colours = np.zeros(kinds.shape + (4,), np.uint8)
    colours[kinds == KIND_HOUSE] = HOUSE
    colours[(kinds != KIND_HOUSE) & (kinds != KIND_NONE)] = ROAD
    town = rasterize_square(np.ascontiguousarray(kinds != KIND_NONE), scale)
    if scale >= MIDDLE_FROM_SCALE and arms is not None:
        index = np.where(kinds == KIND_HOUSE, 16, arms).astype(np.intp)
        h, w = kinds.shape
        shape = _patterns(scale)[index]                  # (h, w, scale, scale)
        town &= shape.transpose(0, 2, 1, 3).reshape(h * scale, w * scale)
    big = rasterize_square(colours, scale)
    img[town] = big[town]
    return img


def town_markers(towns: Sequence[Any] | None, size_x: int) -> list[Marker]:
    """A ``town`` marker labelled with each town's name at its centre tile,
    the most populous first (where names would overlap, the first shown)."""
    def field(t, name):
        return t[name] if isinstance(t, dict) else getattr(t, name)

    ranked = sorted((t for t in towns or () if t is not None),
                    key=lambda t: -int(field(t, "population")))
    return [Marker("town", str(field(t, "name")), int(field(t, "xy")) % size_x,
                   int(field(t, "xy")) // size_x) for t in ranked]


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
    kinds, arms = layer_kinds(state.layers, stride)
    return paint_towns(np.array(img, copy=True), kinds, scale, arms)


def state_towns(state) -> Sequence[Any] | None:
    return getattr(state.result.detail, "towns", None)


def towns_on_map(towns: Sequence[Any] | None, layers: Mapping[str, np.ndarray]) -> list[Any]:
    """The towns whose centre tile is a road or house of theirs on the map
    the layers hold (a grown town's always is: a step of the timeline before
    a town was founded shows no name of it)."""
    if not towns:
        return []
    if M2_LAYER not in layers:
        return list(towns)
    tile_type = np.asarray(layers[TILE_TYPE_LAYER]).reshape(-1)
    m2 = np.asarray(layers[M2_LAYER]).reshape(-1)
    out = []
    for t in towns:
        if t is None:
            continue
        xy = int(t["xy"] if isinstance(t, dict) else t.xy)
        index = int(t["index"] if isinstance(t, dict) else t.index)
        if (int(tile_type[xy]) >> 4) in (2, 3) and int(m2[xy]) == index:   # road, house
            out.append(t)
    return out


def state_town_markers(state, options: Mapping[str, Any]) -> list[Marker]:
    """The towns' name markers of ``state`` (none with the toggle off)."""
    if not _shown(state, options):
        return []
    return town_markers(towns_on_map(state_towns(state), state.layers),
                        state.result.grid.width)


def with_town_entries(legend: Legend | None, state, options: Mapping[str, Any]
                      ) -> Legend | None:
    """``legend`` with the towns' swatches added (when towns are drawn)."""
    if legend is None or not _shown(state, options):
        return legend
    return Legend(legend.title, list(legend.entries) + list(TOWN_ENTRIES), legend.lut,
                  legend.vmin, legend.vmax, legend.own)
