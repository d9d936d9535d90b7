"""Layers to pictures: numpy arrays in, RGBA images out.  No Qt.

``render_layer`` colours one layer cell by cell; ``layer_image`` draws it as
a picture (hexes as hexagons on a hex torus) at a chosen scale, optionally
with markers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np

from ..engine.protocol import Grid, HexTorus, LayerInfo, Marker, Result, SquareGrid
from .colormaps import RESOURCE_NAMES, colorize, land_shade, sea_tint, tgp_display_layers
from .hexraster import rasterize
from .markers import draw_markers
from .relief import square_picture

__all__ = ["render_layer", "layer_image"]

# fairland's debug maps of the sea around the islands: land is shaded on them
FAIRLAND_SEA_DEBUG = ("xzone", "closest", "distance")


def render_layer(layers: Mapping[str, np.ndarray], info: LayerInfo | None,
                 name: str, generator: str | None = None) -> np.ndarray:
    """The colours of layer ``name`` cell by cell: ``(H, W/2, 4)`` uint8 for a
    hex layer (the layer's own shape plus RGBA).

    ``layers`` is the whole set so that a layer may borrow context from
    another: resources are tinted blue at sea (where ``own`` is -1).
    ``generator`` picks that generator's colour schemes (e.g. "tgp")."""
    if generator == "tgp":
        layers = tgp_display_layers(layers)
    values = np.asarray(layers[name])
    rgba = colorize(values, info, name, generator)
    if generator in (None, "fairland") and "own" in layers:
        if name in RESOURCE_NAMES:
            rgba = sea_tint(rgba, np.asarray(layers["own"]) < 0)
        elif name in FAIRLAND_SEA_DEBUG:
            rgba = land_shade(rgba, np.asarray(layers["own"]) >= 0)
    return np.ascontiguousarray(rgba, dtype=np.uint8)


def layer_image(result_or_layers: Result | Mapping[str, np.ndarray], grid: Grid | None,
                name: str, scale: int = 4, markers: Iterable[Marker] | None = None,
                outline: bool = False, hill_shading: bool = False,
                contours: bool = False) -> np.ndarray:
    """Layer ``name`` as an RGBA image ``(Himg, Wimg, 4)`` at ``scale`` pixels
    per cell; ``grid`` may be None when a Result is given.  ``markers`` are
    drawn as dots (with their labels from a scale of 10 up); ``outline``
    draws the hex borders; ``hill_shading`` and ``contours`` draw the relief
    of a square grid's height layers (see :mod:`.relief`)."""
    generator = None
    if isinstance(result_or_layers, Result):
        layers = result_or_layers.layers
        info = result_or_layers.layer_info.get(name)
        grid = grid or result_or_layers.grid
        generator = result_or_layers.generator
    else:
        layers, info = result_or_layers, None
    if grid is None:
        raise ValueError("layer_image needs a grid when given bare layers")
    scale = int(scale)
    edge = (20, 20, 20, 255) if outline else None
    if isinstance(grid, HexTorus):
        rgba = render_layer(layers, info, name, generator)
        img = rasterize(rgba, grid.width, grid.height, scale, outline=edge)
    elif isinstance(grid, SquareGrid):
        img = square_picture(layers, info, name, scale, generator, hill_shading, contours)
    else:
        raise TypeError(f"cannot draw a layer on {grid!r}")
    if markers:
        img = draw_markers(np.array(img), markers, scale, square=isinstance(grid, SquareGrid))
    return img
