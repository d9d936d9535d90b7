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
from ..formats.png import write_png
from ..render import layer_image


def export_map_png(path: str | os.PathLike, result: Result, layers: Mapping[str, np.ndarray],
                   layer: str, scale: int, markers: Sequence[Marker] = ()) -> np.ndarray:
    """The whole map (one period of the torus) at ``scale`` pixels per hex;
    returns the pixels written."""
    shown = Result(result.generator, result.grid, dict(layers), result.layer_info)
    img = layer_image(shown, result.grid, layer, scale=scale, markers=list(markers),
                      outline=scale >= 12)
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


def export_text(path: str | os.PathLike, text: str) -> None:
    write_atomic(path, text)
