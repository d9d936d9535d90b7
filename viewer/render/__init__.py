"""Layers to pictures: numpy arrays in, RGBA images out.  No Qt.

Everything goes through :func:`viewer.render.picture.picture` (the window,
every export, the command lines' ``--png``); ``render_layer`` and
``layer_image`` are its short forms for one layer's cell colours and for a
whole-map picture.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np

from ..engine.protocol import Grid, LayerInfo, MapState, Marker, Result, SquareGrid
from .picture import GENERIC, picture, renderer_for

__all__ = ["render_layer", "layer_image", "legend_for", "picture"]


def _bare_result(layers: Mapping[str, np.ndarray], grid: Grid | None,
                 infos: Mapping[str, LayerInfo], generator: str | None) -> Result:
    if grid is None:
        h, w = np.asarray(next(iter(layers.values()))).shape[:2]
        grid = SquareGrid(w, h)
    return Result(generator or "", grid, dict(layers), dict(infos))


def render_layer(layers: Mapping[str, np.ndarray], info: LayerInfo | None,
                 name: str, generator: str | None = None) -> np.ndarray:
    """The colours of layer ``name`` cell by cell (the layer's shape + RGBA),
    as ``generator``'s renderer colours them (None: by the LayerInfo alone).
    ``layers`` is the whole set: a layer may borrow context from another."""
    r = renderer_for(generator) if generator else GENERIC
    infos = {name: info} if info is not None else {}
    state = MapState(_bare_result(layers, None, infos, generator), layers)
    return np.ascontiguousarray(r.cells(state, name, {}), np.uint8)


def layer_image(result_or_layers: Result | Mapping[str, np.ndarray], grid: Grid | None,
                name: str, scale: int = 4, markers: Iterable[Marker] | None = None,
                outline: bool = False, hill_shading: bool = False,
                contours: bool = False, legend: bool = False) -> np.ndarray:
    """Layer ``name`` of a finished map as an RGBA image ``(Himg, Wimg, 4)`` at
    ``scale`` pixels per cell, as exported: ``markers`` labelled, ``outline``
    drawing the hex borders, ``hill_shading`` and ``contours`` the relief of
    height layers, ``legend`` adding the legend below."""
    if isinstance(result_or_layers, Result):
        result = result_or_layers
    else:
        if grid is None:
            raise ValueError("layer_image needs a grid when given bare layers")
        result = _bare_result(result_or_layers, grid, {}, None)
    state = MapState(result, result.layers, tuple(markers or ()))
    options = {"outline": outline, "hill_shading": hill_shading, "contours": contours}
    return picture(state, name, options, scale, export=True, legend=legend).rgba


def legend_for(name: str, values: np.ndarray, info: LayerInfo | None,
               generator: str | None = None):
    """The legend of layer ``name`` as ``generator``'s renderer draws it."""
    r = renderer_for(generator) if generator else GENERIC
    layers = {name: np.asarray(values)}
    state = MapState(_bare_result(layers, None, {name: info} if info else {}, generator), layers)
    return r.legend(state, name, {})
