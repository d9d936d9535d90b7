"""PNG images, written atomically, and read back with their size checked
(the size limit of a picture drawn is :mod:`viewer.render.picture`'s)."""

from __future__ import annotations

import io
import os

import numpy as np

from .atomic import write_atomic


def png_bytes(rgba: np.ndarray) -> bytes:
    """The PNG encoding of an ``(H, W, 4)`` (or ``(H, W, 3)``, ``(H, W)``) uint8 image."""
    from PIL import Image

    arr = np.ascontiguousarray(rgba, dtype=np.uint8)
    if not (arr.ndim == 2 or arr.ndim == 3 and arr.shape[2] in (3, 4)):
        raise ValueError(f"an image must be HxW, HxWx3 or HxWx4, not {arr.shape}")
    buf = io.BytesIO()
    # (fromarray gives L, RGB or RGBA by the shape, over the array's memory: no
    # copy, which Pillow makes holding Python's lock)
    Image.fromarray(arr).save(buf, format="PNG")
    return buf.getvalue()


def write_png(path: str | os.PathLike, rgba: np.ndarray) -> None:
    """Write ``rgba`` to ``path`` as a PNG (whole or not at all)."""
    write_atomic(path, png_bytes(rgba))


READ_MAX_BYTES = 256 * 2**20
"""PNG files read back (pictures, heightmaps) are at most this large..."""
READ_MAX_PIXELS = 100_000_000
"""... and hold at most this many pixels (checked from the header, before
decoding): the window's whole-map picture's limit."""
_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_image(source: str | os.PathLike | bytes):
    """A PIL image of a PNG file (read once, without blocking: a regular
    file of at most READ_MAX_BYTES) or of PNG bytes, decoded after its size
    was checked from the header; ValueError (one line, naming the file)
    otherwise.  Use as a context manager."""
    import struct
    import warnings
    import zlib

    from PIL import Image, UnidentifiedImageError

    from ..engine.names import shown_name
    from .reading import read_limited

    if isinstance(source, (bytes, bytearray)):
        name, data = "<PNG bytes>", bytes(source)
    else:
        name = shown_name(source)
        try:
            data = read_limited(os.fspath(source), READ_MAX_BYTES, "PNG image")
        except OSError as exc:
            raise ValueError(f"{name}: cannot read it ({exc.strerror or exc})") from None
    if data[:8] != _SIGNATURE or len(data) < 24 or data[12:16] != b"IHDR":
        raise ValueError(f"{name}: not a PNG image")
    w, h = struct.unpack(">II", data[16:24])
    if w * h > READ_MAX_PIXELS:
        raise ValueError(f"{name}: too large: {w}x{h} pixels, at most {READ_MAX_PIXELS}")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            im = Image.open(io.BytesIO(data), formats=["PNG"])
            im.load()
    except (Image.DecompressionBombError, Image.DecompressionBombWarning,
            UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError,
            struct.error, zlib.error) as exc:
        raise ValueError(f"{name}: unreadable PNG ({str(exc) or type(exc).__name__})") from None
    return im


def read_png(path: str | os.PathLike) -> np.ndarray:
    """The pixels of a PNG as an ``(H, W, 4)`` uint8 array (read as
    :func:`png_image` reads)."""
    with png_image(path) as im:
        return np.asarray(im.convert("RGBA")).copy()
