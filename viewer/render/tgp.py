"""How an OpenTTD TerraGenesis map looks: one terrain map for every height
layer (so a level has one colour on the heightmap, the tile heights and any
step), the raw noise on the land colours over its own range (drawn as blocks
of the current mesh during the noise rounds), the change a step made on a
diverging map, tile classes by name; hill shading and contour lines on
demand.  Large maps are shown decimated on screen.  No Qt."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..engine.protocol import MapState
from .colormaps import TGP_COLORS, Legend, colorize, generic_legend, tgp_display_layers, tgp_legend
from .picture import Renderer, Toggle
from .relief import square_picture


def tgp_colours(layers: Mapping[str, np.ndarray], name: str) -> np.ndarray:
    fn = TGP_COLORS.get(name)
    return fn(np.asarray(layers[name])) if fn is not None else colorize(layers[name], None, name)


class TGPRenderer(Renderer):
    toggles = (Toggle("hill_shading", "&Hill shading", True, "Ctrl+H",
                      "light the heights from the north-west"),
               Toggle("contours", "&Contour lines", False, "Ctrl+K",
                      "a line at every whole height level (every fifth darker)"))
    default_layer = "heightmap"

    def cells(self, state: MapState, layer: str, options: Mapping[str, Any]) -> np.ndarray:
        return tgp_colours(tgp_display_layers(state.layers), layer)

    def draw(self, state: MapState, layer: str, options: Mapping[str, Any],
             scale: int, stride: int = 1) -> np.ndarray:
        layers = tgp_display_layers(state.layers)
        if stride > 1:
            layers = {n: a[::stride, ::stride] for n, a in layers.items()}
        return square_picture(layers, state.result.layer_info.get(layer), layer, scale,
                              tgp_colours, hill_shading=bool(options.get("hill_shading")),
                              contours=bool(options.get("contours")),
                              meaningful=state.meaningful, cell=stride)

    def legend(self, state: MapState, layer: str, options: Mapping[str, Any]) -> Legend | None:
        values = np.asarray(state.layers[layer])
        info = state.result.layer_info.get(layer)
        return tgp_legend(layer, values, info) or generic_legend(layer, values, info)


RENDERER = TGPRenderer()
