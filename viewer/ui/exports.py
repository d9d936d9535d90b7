"""What the Export menu writes.  Each function takes a path and the data and
writes one file atomically (raising :class:`~viewer.formats.atomic.WriteError`
with the reason); the window only asks where."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QImage

from ..engine.protocol import Marker, Result
from ..formats.atomic import write_atomic
from ..formats.bundle import write_bundle
from ..formats.heightmap import write_fixed_point_png, write_heightmap_png
from ..formats.png import write_png
from ..render import layer_image


def export_map_png(path: str | os.PathLike, result: Result, layers: Mapping[str, np.ndarray],
                   layer: str, scale: int, markers: Sequence[Marker] = (),
                   hill_shading: bool = False, contours: bool = False) -> np.ndarray:
    """The whole map (one period of the torus) at ``scale`` pixels per hex;
    returns the pixels written."""
    shown = Result(result.generator, result.grid, dict(layers), result.layer_info)
    img = layer_image(shown, result.grid, layer, scale=scale, markers=list(markers),
                      outline=scale >= 12, hill_shading=hill_shading, contours=contours)
    write_png(path, img)
    return img


def qimage_png_bytes(image: QImage) -> bytes:
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buf, "PNG"):
        raise ValueError("could not encode the view as PNG")
    buf.close()
    return bytes(data.data())


def export_view_png(path: str | os.PathLike, image: QImage) -> None:
    """What the map view shows, as it shows it."""
    write_atomic(path, qimage_png_bytes(image))


def export_bundle(path: str | os.PathLike, result: Result,
                  layers: Mapping[str, np.ndarray] | None = None) -> Path:
    """NPZ of every layer and its JSON sidecar; returns the sidecar's path."""
    return write_bundle(path, result, layers)


def _tgp_layer(result: Result, name: str) -> np.ndarray:
    if result.generator != "tgp" or name not in result.layers:
        raise ValueError(f"only a TerraGenesis map has a {name.replace('_', ' ')} to export")
    return np.asarray(result.layers[name])


def export_openttd_heightmap(path: str | os.PathLike, result: Result) -> None:
    """The finished map's tile heights as the 8-bit greyscale PNG OpenTTD's
    "Play heightmap" reads back to the same heights (grey = 16 * height + 8,
    mirrored left to right for the game's default rotation; see
    :mod:`viewer.formats.heightmap`)."""
    write_heightmap_png(path, _tgp_layer(result, "tile_height"))


def export_fixed_point_heightmap(path: str | os.PathLike, result: Result) -> None:
    """The finished map's normalised heightmap as a 16-bit greyscale PNG: one
    pixel per tile's north corner, row y and column x as in the NPZ bundle,
    the fixed-point value as is (16 = one height level)."""
    write_fixed_point_png(path, _tgp_layer(result, "heightmap"))


def export_text(path: str | os.PathLike, text: str) -> None:
    write_atomic(path, text)
