"""PNG images, written atomically."""

from __future__ import annotations

import io
import os

import numpy as np

from .atomic import write_atomic

PICTURE_MEMORY_LIMIT = 2 * 2**30
"""The working memory a picture may take while it is drawn and encoded."""
BYTES_PER_PIXEL = {"square": 12, "hex": 80}
"""Measured peak memory per pixel while drawing: a square grid's layer
(colours, RGBA, the PNG encoder's copy) and a hex map (its pixel-to-sector
map is computed in float64)."""


class PictureTooLarge(ValueError):
    """A picture that would take more memory than PICTURE_MEMORY_LIMIT."""


def memory_text(n: int) -> str:
    """A byte count for people: 512 MiB, 3.2 GiB, 16 TiB."""
    for unit, size in (("TiB", 2**40), ("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n >= size:
            value = n / size
            return f"{value:.0f} {unit}" if value >= 10 or value.is_integer() else \
                f"{value:.1f} {unit}"
    return f"{n} bytes"


def check_picture(width: int, height: int, kind: str = "square") -> None:
    """Refuse (PictureTooLarge) a ``width`` x ``height`` pixel picture whose
    drawing would take more than PICTURE_MEMORY_LIMIT, saying how much it
    would need."""
    need = int(width) * int(height) * BYTES_PER_PIXEL[kind]
    if need > PICTURE_MEMORY_LIMIT:
        raise PictureTooLarge(
            f"a {width}x{height} pixel picture would need about {memory_text(need)} of "
            f"memory; the limit is {memory_text(PICTURE_MEMORY_LIMIT)}")


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
