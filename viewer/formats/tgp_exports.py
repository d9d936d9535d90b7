"""The files a TerraGenesis map exports: the heightmap PNG OpenTTD reads
back to the same tile heights, and the 16-bit fixed-point heightmap."""

from __future__ import annotations

import numpy as np

from .exports import Export
from .heightmap import write_fixed_point_png, write_heightmap_png


def _layer(result, name: str) -> np.ndarray:
    if name not in result.layers:
        raise ValueError(f"this map has no {name.replace('_', ' ')} to export")
    return np.asarray(result.layers[name])


def write_openttd(path, result, _value=None) -> str:
    write_heightmap_png(path, _layer(result, "tile_height"))
    w, h = result.grid.width, result.grid.height
    return (f"OpenTTD heightmap written to {path} ({w}x{h}; play it with the "
            "counter-clockwise rotation)")


def write_fixed(path, result, _value=None) -> str:
    write_fixed_point_png(path, _layer(result, "heightmap"))
    return f"16-bit heightmap written to {path} (16 units = one level)"


EXPORTS = (
    Export("openttd-heightmap", "Export OpenTTD &heightmap PNG (8-bit)...", "heightmap.png",
           "PNG images (*.png)", write_openttd,
           "tile heights as the greyscale PNG OpenTTD's \"Play heightmap\" reads back",
           shortcut="Ctrl+Shift+H"),
    Export("fixed-point-heightmap", "Export fixed-point heightmap PNG (&16-bit)...",
           "heightmap16.png", "PNG images (*.png)", write_fixed,
           "the normalised heightmap as a 16-bit greyscale PNG, 16 units to a height level",
           shortcut="Ctrl+Shift+F"),
)
