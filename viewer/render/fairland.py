"""How Empire fairland's layers look: islands in distinct colours on the sea,
elevation as terrain, each resource its own ramp on land with the sea muted,
and fairland's debug maps (xzone, closest, distance) with their special
values in colours no ordinary value takes and the land shaded, as fairland's
own printers mark it.  Hexes on the torus, capitals labelled with letters."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from ..engine.fairland.resources import HIGHMIN
from ..engine.protocol import MapState, Marker
from .colormaps import (
    BACKGROUND,
    DEEP_SEA,
    LUTS,
    MASK_OFF,
    MASK_ON,
    MOUNTAIN,
    NO_ZONE,
    RGBA,
    SEA,
    SEVERAL,
    SHALLOW_SEA,
    TIE,
    UNREACHED,
    WILDERNESS,
    Legend,
    color_mask,
    colorize,
    generic_legend,
    id_entries,
    ids_to_colors,
    lut_from_stops,
    own_range,
    scalar_to_colors,
)
from .picture import Renderer, Toggle

# -- per-layer schemes ----------------------------------------------------------

def _elevation_lut() -> np.ndarray:
    """Colour of every elevation -127..127 (index = elevation + 127)."""
    sea = lut_from_stops([(0.0, DEEP_SEA[:3]), (1.0, SHALLOW_SEA[:3])], 127)  # -127..-1
    land = lut_from_stops([(0.0, (70, 150, 70)), (0.35, (150, 180, 80)), (0.7, (170, 130, 70)),
                           (1.0, (120, 90, 60))], HIGHMIN - 0)                 # 0..97
    peak = lut_from_stops([(0.0, (215, 215, 220)), (1.0, (255, 255, 255))], 127 - HIGHMIN + 1)
    return np.concatenate([sea, land, peak])


ELEVATION_LUT = _elevation_lut()


def color_elevation(elev: np.ndarray) -> np.ndarray:
    e = np.clip(np.asarray(elev).astype(np.int64), -127, 127)
    return ELEVATION_LUT[e + 127]


def color_own(own: np.ndarray) -> np.ndarray:
    return ids_to_colors(own, {-1: SEA})


def color_xzone(xzone: np.ndarray) -> np.ndarray:
    return ids_to_colors(xzone, {-1: NO_ZONE, -2: SEVERAL})


def color_closest(closest: np.ndarray) -> np.ndarray:
    c = np.asarray(closest).astype(np.int64)
    return ids_to_colors(np.where(c == 255, -3, c), {-3: TIE})


def color_capitals(capitals: np.ndarray) -> np.ndarray:
    return ids_to_colors(capitals, {-1: BACKGROUND})


def color_sector_type(st: np.ndarray) -> np.ndarray:
    st = np.asarray(st)
    out = np.empty(st.shape + (4,), np.uint8)
    out[...] = BACKGROUND
    out[st == 0] = SEA
    out[st == 4] = WILDERNESS
    out[st == 1] = MOUNTAIN
    return out


def distance_range(distance: np.ndarray, unreached: int = 65535) -> tuple[float, float]:
    reached = np.asarray(distance)[np.asarray(distance) != unreached]
    top = float(reached.max()) if reached.size else 1.0
    return own_range(0.0, max(top, 1.0))


def color_distance(distance: np.ndarray) -> np.ndarray:
    d = np.asarray(distance)
    vmin, vmax = distance_range(d)
    out = scalar_to_colors(d, LUTS["magma"], vmin, vmax)
    out[d == 65535] = UNREACHED
    return out


RESOURCE_LUTS: dict[str, np.ndarray] = {
    # land from a mid grey-brown (0) to the resource's own bright colour (100),
    # so that land with little of it still reads as land and the eye goes to
    # the rich sectors; the sea is drawn flat and dark (SEA_MUTED)
    "iron": lut_from_stops([(0.0, (78, 72, 68)), (0.5, (150, 70, 40)), (1.0, (245, 130, 70))]),
    "gold": lut_from_stops([(0.0, (78, 74, 62)), (0.5, (165, 130, 30)), (1.0, (255, 220, 50))]),
    "fertility": lut_from_stops([(0.0, (82, 72, 58)), (0.5, (95, 140, 55)),
                                 (1.0, (165, 240, 100))]),
    "oil": lut_from_stops([(0.0, (74, 70, 80)), (0.5, (115, 80, 160)), (1.0, (220, 165, 255))]),
    "uranium": lut_from_stops([(0.0, (70, 76, 70)), (0.5, (80, 160, 70)),
                               (1.0, (210, 255, 70))]),
}
SEA_MUTED: RGBA = (30, 40, 58, 255)
"""The sea on resource and coast maps: flat and dark, out of the eye's way."""


def _resource(name: str) -> Callable[[np.ndarray], np.ndarray]:
    def color(values: np.ndarray) -> np.ndarray:
        return scalar_to_colors(values, RESOURCE_LUTS[name], 0, 100)
    color.__name__ = f"color_{name}"
    return color


RESOURCE_NAMES = ("iron", "gold", "fertility", "oil", "uranium")

LAYER_COLORS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "own": color_own,
    "elevation": color_elevation,
    "sector_type": color_sector_type,
    "capitals": color_capitals,
    "coastal": color_mask,
    "xzone": color_xzone,
    "closest": color_closest,
    "distance": color_distance,
    **{name: _resource(name) for name in RESOURCE_NAMES},
}
"""Layers with a scheme of their own, by name (fairland's names)."""


def land_shade(rgba: np.ndarray, land: np.ndarray, amount: float = 0.5) -> np.ndarray:
    """``rgba`` with the ``land`` cells darkened, so that a debug map of the
    sea around islands (fairland's xzone, closest, distance) still shows
    where the land is, as fairland's own debug printers mark it with '-'."""
    out = rgba.copy()
    dark = np.array((24, 24, 28, 255), float)
    out[land] = np.round(rgba[land] * (1 - amount) + dark * amount).astype(np.uint8)
    return out


SEA_DEBUG = ("xzone", "closest", "distance")
"""fairland's debug maps of the sea around the islands: land is shaded on them."""


def fairland_cells(layers: Mapping[str, np.ndarray], name: str, info=None) -> np.ndarray:
    """The colour of every sector of layer ``name`` (the layer's shape + RGBA)."""
    values = np.asarray(layers[name])
    fn = LAYER_COLORS.get(name)
    rgba = fn(values) if fn is not None else colorize(values, info, name)
    if "own" in layers:
        own = np.asarray(layers["own"])
        if name in RESOURCE_NAMES or name == "coastal":
            rgba = rgba.copy()
            rgba[own < 0] = SEA_MUTED
        elif name in SEA_DEBUG:
            rgba = land_shade(rgba, own >= 0)
    return np.ascontiguousarray(rgba, dtype=np.uint8)


def fairland_legend(name: str, values: np.ndarray, info) -> Legend:
    v = np.asarray(values)
    title = (info.description if info is not None else "") or name
    if name == "own":
        return Legend(title, [("sea", SEA)] + id_entries(v))
    if name == "xzone":
        return Legend(title, [("-1 no zone", NO_ZONE), ("-2 several zones", SEVERAL)]
                      + id_entries(v))
    if name == "closest":
        return Legend(title, [("255 tie", TIE)] + id_entries(v, exclude=(255,)))
    if name == "capitals":
        return Legend(title, [("-1 none", BACKGROUND)] + id_entries(v))
    if name == "sector_type":
        return Legend(title, [("sea", SEA), ("wilderness", WILDERNESS), ("mountain", MOUNTAIN)])
    if name == "coastal":
        return Legend(title, [("sea", SEA_MUTED), ("inland", MASK_OFF), ("coastal", MASK_ON)])
    if name == "elevation":
        return Legend(title, [(f"mountain (>= {HIGHMIN})", MOUNTAIN)], ELEVATION_LUT, -127, 127)
    if name == "distance":
        lo, hi = distance_range(v)
        return Legend(title, [("65535 unreached", UNREACHED)], LUTS["magma"], lo, hi)
    if name in RESOURCE_NAMES:
        # (the description may name the range already)
        title += " (land)" if "0..100" in title else " (land; 0..100)"
        return Legend(title, [("sea", SEA_MUTED)], RESOURCE_LUTS[name], 0, 100)
    return generic_legend(name, v, info)


class FairlandRenderer(Renderer):
    toggles = (Toggle("outline", "Hex &outlines", True, "Ctrl+L",
                      "draw the borders between hexes when they are large enough"),)
    default_layer = "own"

    def cells(self, state: MapState, layer: str, options: Mapping[str, Any]) -> np.ndarray:
        return fairland_cells(state.layers, layer, state.result.layer_info.get(layer))

    def legend(self, state: MapState, layer: str, options: Mapping[str, Any]) -> Legend:
        return fairland_legend(layer, state.layers[layer], state.result.layer_info.get(layer))

    def markers(self, state: MapState, options: Mapping[str, Any]) -> list[Marker]:
        """The capitals, and "!" on the sector where empserver's default
        fairland aborts (from the step before the failing event on)."""
        out = list(state.markers)
        a = state.result.detail.get("assertion")
        if a is not None and a.x >= 0 and (state.step is None or state.step >= a.step - 1):
            out.append(Marker("assertion", "!", a.x, a.y))
        return out


RENDERER = FairlandRenderer()
