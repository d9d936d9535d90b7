"""A/B compare: the picture of which cells differ between two maps of the
same generator, and by how much for a numeric layer (B - A on a diverging
colour bar).  Generic: it reads the layers and their LayerInfo, and draws
through the same cell rasteriser as every picture."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..engine.protocol import HexTorus, MapState, Result
from .colormaps import DIVERGING_LUT, Legend, scalar_to_colors
from .picture import Picture, draw_cells, final_state, renderer_for, scale_and_stride

UNCHANGED = (58, 58, 64, 255)
CHANGED = (235, 70, 170, 255)


@dataclass(frozen=True)
class Difference:
    """Layer ``layer`` of B against A: ``changed`` cells (bool), and
    ``delta`` = B - A for a numeric layer (None for ids and masks)."""

    layer: str
    changed: np.ndarray
    delta: np.ndarray | None

    @property
    def count(self) -> int:
        return int(np.count_nonzero(self.changed))


def difference(a: MapState, b: MapState, layer: str) -> Difference:
    """How ``layer`` differs from A to B; ValueError when they cannot be
    compared cell by cell (another size, or A lacks the layer)."""
    if layer not in a.layers or layer not in b.layers:
        raise ValueError(f"A and B do not both have the layer {layer!r}")
    av, bv = np.asarray(a.layers[layer]), np.asarray(b.layers[layer])
    if av.shape != bv.shape:
        ga, gb = a.result.grid, b.result.grid
        raise ValueError(f"A is {ga.width}x{ga.height} and B {gb.width}x{gb.height}: "
                         "no cell-by-cell difference")
    info = b.result.layer_info.get(layer)
    numeric = (info is not None and info.kind == "scalar"
               and np.issubdtype(bv.dtype, np.number) and np.issubdtype(av.dtype, np.number))
    if numeric:
        delta = bv.astype(np.float64) - av.astype(np.float64)
        changed = (delta != 0) & ~np.isnan(delta)
        return Difference(layer, changed, np.where(changed, delta, 0.0))
    return Difference(layer, av != bv, None)


def difference_picture(a: MapState | Result, b: MapState | Result, layer: str,
                       options: Mapping[str, Any] | None = None,
                       scale: int | None = None) -> tuple[Picture, Difference]:
    """The difference of ``layer`` from A to B, drawn on B's grid: unchanged
    cells dark, changed ones magenta, or for a numeric layer coloured by
    B - A (blue lower, red higher); B's markers on it."""
    a = final_state(a) if isinstance(a, Result) else a
    b = final_state(b) if isinstance(b, Result) else b
    options = dict(options or {})
    r = renderer_for(b.result.generator)
    chosen = r.drawn_layer(b, layer)
    d = difference(a, b, chosen)
    cells = np.empty(d.changed.shape + (4,), np.uint8)
    cells[...] = UNCHANGED
    total = d.changed.size
    if d.delta is not None:
        m = float(np.abs(d.delta).max()) or 1.0
        cells[d.changed] = scalar_to_colors(d.delta, DIVERGING_LUT, -m, m)[d.changed]
        key = Legend(f"{chosen}: B - A ({d.count} of {total} cells changed)",
                     [("unchanged", UNCHANGED)], DIVERGING_LUT, -m, m)
    else:
        cells[d.changed] = CHANGED
        key = Legend(f"{chosen}: cells that differ from A to B ({d.count} of {total})",
                     [("unchanged", UNCHANGED), ("changed", CHANGED)])
    scale, stride = scale_and_stride(b, scale)
    rgba = draw_cells(b.result.grid, cells, scale, stride, bool(options.get("outline")))
    per_cell = scale / stride if stride > 1 else scale
    hexes = isinstance(b.result.grid, HexTorus)
    return Picture(np.ascontiguousarray(rgba), per_cell, hexes, chosen, key, None,
                   r.markers(b, options) if r.letters else []), d
