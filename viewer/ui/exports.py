"""Qt's part of the exports: the view as the screen shows it."""

from __future__ import annotations

import os

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QImage

from ..formats.atomic import write_atomic


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
