"""The files a TerraGenesis map exports: the heightmap PNG OpenTTD reads
back to the same tile heights, and the 16-bit fixed-point heightmap."""

from __future__ import annotations

import numpy as np

from .exports import Ask, Export
from .heightmap import (
    DEFAULT_HIGHEST_PEAK,
    HIGHEST_PEAK_RANGE,
    write_fixed_point_png,
    write_openttd_heightmap,
)


def _layer(result, name: str) -> np.ndarray:
    if name not in result.layers:
        raise ValueError(f"this map has no {name.replace('_', ' ')} to export")
    return np.asarray(result.layers[name])


def write_openttd(path, result, highest_peak=DEFAULT_HIGHEST_PEAK) -> str:
    """For today's OpenTTD: grey 0 only for sea, the greys chosen by the
    "Highest peak" the player will pick in the game's dialog."""
    return write_openttd_heightmap(path, _layer(result, "tile_height"),
                                   highest_peak=int(highest_peak or DEFAULT_HIGHEST_PEAK))


def write_r13671(path, result, _value=None) -> str:
    return write_openttd_heightmap(path, _layer(result, "tile_height"), fmt="r13671")


def write_fixed(path, result, _value=None) -> str:
    write_fixed_point_png(path, _layer(result, "heightmap"))
    return f"16-bit heightmap written to {path} (16 units = one level)"


EXPORTS = (
    Export("openttd-heightmap", "Export OpenTTD &heightmap PNG...", "heightmap.png",
           "PNG images (*.png)", write_openttd,
           "tile heights as the greyscale PNG today's OpenTTD \"Play heightmap\" reads back "
           "(choose the same Highest peak in the game)",
           Ask("Highest peak you will choose in OpenTTD:", DEFAULT_HIGHEST_PEAK,
               *HIGHEST_PEAK_RANGE), shortcut="Ctrl+Shift+H"),
    Export("openttd-heightmap-r13671", "Export heightmap PNG for OpenTTD &r13671...",
           "heightmap-r13671.png", "PNG images (*.png)", write_r13671,
           "grey = 16 x height + 8, as OpenTTD of 2008 (svn r13671) reads it"),
    Export("fixed-point-heightmap", "Export fixed-point heightmap PNG (&16-bit)...",
           "heightmap16.png", "PNG images (*.png)", write_fixed,
           "the normalised heightmap as a 16-bit greyscale PNG, 16 units to a height level",
           shortcut="Ctrl+Shift+F"),
)
