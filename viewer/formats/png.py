"""PNG images, written atomically."""

from __future__ import annotations

import io
import os

import numpy as np

from .atomic import write_atomic


def png_bytes(rgba: np.ndarray) -> bytes:
    """The PNG encoding of an ``(H, W, 4)`` (or ``(H, W, 3)``, ``(H, W)``) uint8 image."""
    from PIL import Image

    arr = np.ascontiguousarray(rgba, dtype=np.uint8)
    if arr.ndim == 2:
        mode = "L"
    elif arr.ndim == 3 and arr.shape[2] in (3, 4):
        mode = "RGB" if arr.shape[2] == 3 else "RGBA"
    else:
        raise ValueError(f"an image must be HxW, HxWx3 or HxWx4, not {arr.shape}")
    buf = io.BytesIO()
    Image.fromarray(arr).convert(mode).save(buf, format="PNG")
    return buf.getvalue()


def write_png(path: str | os.PathLike, rgba: np.ndarray) -> None:
    """Write ``rgba`` to ``path`` as a PNG (whole or not at all)."""
    write_atomic(path, png_bytes(rgba))


def read_png(path: str | os.PathLike) -> np.ndarray:
    """The pixels of a PNG as an ``(H, W, 4)`` uint8 array."""
    from PIL import Image

    with Image.open(path) as im:
        return np.asarray(im.convert("RGBA")).copy()
