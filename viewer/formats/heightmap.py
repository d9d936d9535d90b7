"""OpenTTD heightmap images: tile heights to a greyscale PNG that the game's
"Play heightmap" turns back into the same tile heights, and the game's own
reading of such a file (``src/heightmap.cpp`` of svn r13671, the revision
our TGP port follows), to check the round trip.

Brightness mapping (8-bit greyscale, one pixel per tile)::

    grey = 16 * height + 8          height 0..15  ->  grey 8, 24, ..., 248
    height = grey // 16             (how the game reads it back)

The game reads any grey in ``16*h .. 16*h + 15`` as height ``h``; writing
the middle of that band keeps the heights through a resampling editor that
shifts a value by a few steps.  Colour images are first made grey by the
game as ``(19595 R + 38470 G + 7471 B) // 65536``.

Orientation.  With the game's default rotation ("counter-clockwise") an
image of exactly the map's size maps tile ``(x, y)`` to image row ``y`` and
column ``size_x - 1 - x``; so the PNG is the tile-height layer mirrored left
to right, ``size_x`` pixels wide and ``size_y`` high.  (With the
"clockwise" rotation the game would read tile ``(x, y)`` from row ``x``,
column ``y``; pass ``rotation="clockwise"`` to write for that.)

What the game does not take from the file: tiles within one tile of the
map edge always get height 0 (TGP leaves them at 0 too), and afterwards the
game levels slopes so that neighbouring tiles differ by at most one level
(TGP's output already does).

``fixed_point_png_bytes`` is a 16-bit greyscale PNG of a fixed-point
heightmap (16 units = one level), for tools outside the game; OpenTTD
itself reads only 8 bits.
"""

from __future__ import annotations

import io
import os

import numpy as np

from .atomic import write_atomic

ROTATIONS = ("counter-clockwise", "clockwise")
NUM_DIV = 16384  # the game's fixed-point precision for the image scale


def heightmap_image(tile_height: np.ndarray, rotation: str = "counter-clockwise") -> np.ndarray:
    """The uint8 grey image of tile heights ``[y, x]`` (values 0..15)."""
    th = np.asarray(tile_height)
    if th.ndim != 2:
        raise ValueError(f"tile heights must be a 2-d array [y, x], not shape {th.shape}")
    if th.size and (int(th.min()) < 0 or int(th.max()) > 15):
        raise ValueError("tile heights must be 0..15 for an OpenTTD heightmap")
    grey = (th.astype(np.uint8) * 16 + 8).astype(np.uint8)
    if rotation == "counter-clockwise":
        return np.ascontiguousarray(grey[:, ::-1])
    if rotation == "clockwise":
        return np.ascontiguousarray(grey.T)
    raise ValueError(f"rotation must be one of {', '.join(ROTATIONS)}, not {rotation!r}")


def heightmap_png_bytes(tile_height: np.ndarray, rotation: str = "counter-clockwise") -> bytes:
    """An 8-bit greyscale PNG of tile heights (see the module docstring)."""
    from PIL import Image

    buf = io.BytesIO()
    Image.fromarray(heightmap_image(tile_height, rotation), mode="L").save(buf, format="PNG")
    return buf.getvalue()


def write_heightmap_png(path: str | os.PathLike, tile_height: np.ndarray,
                        rotation: str = "counter-clockwise") -> None:
    """Write the heightmap PNG of ``tile_height`` to ``path`` (whole or not at all)."""
    write_atomic(path, heightmap_png_bytes(tile_height, rotation))


def fixed_point_png_bytes(heights: np.ndarray) -> bytes:
    """A 16-bit greyscale PNG of a fixed-point heightmap ``[y, x]`` (values
    0..65535 as they are; TGP's normalised heights are 0..239)."""
    from PIL import Image

    h = np.asarray(heights)
    if h.size and (int(h.min()) < 0 or int(h.max()) > 65535):
        raise ValueError("fixed-point heights must be 0..65535 for a 16-bit PNG")
    buf = io.BytesIO()
    Image.fromarray(np.ascontiguousarray(h, dtype=np.uint16)).save(buf, format="PNG")
    return buf.getvalue()


def write_fixed_point_png(path: str | os.PathLike, heights: np.ndarray) -> None:
    write_atomic(path, fixed_point_png_bytes(heights))


# ---------------------------------------------------------------------------
# The game's side

def read_grey(path_or_bytes: str | os.PathLike | bytes) -> np.ndarray:
    """The image as the game sees it: uint8 grey ``(height, width)``.
    8-bit grey is used as is; colour (and palette) pixels are made grey with
    the game's integer weights."""
    from PIL import Image

    src = io.BytesIO(path_or_bytes) if isinstance(path_or_bytes, bytes) else path_or_bytes
    with Image.open(src) as im:
        if im.mode == "L":
            return np.asarray(im).copy()
        if im.mode in ("I;16", "I;16B", "I"):
            raise ValueError("OpenTTD reads 8-bit heightmaps only")
        rgb = np.asarray(im.convert("RGB")).astype(np.int64)
    grey = (19595 * rgb[..., 0] + 38470 * rgb[..., 1] + 7471 * rgb[..., 2]) // 65536
    return grey.astype(np.uint8)


def game_tile_heights(grey: np.ndarray, size_x: int, size_y: int,
                      rotation: str = "counter-clockwise") -> np.ndarray:
    """Tile heights ``[y, x]`` the game makes from a grey image on a
    ``size_x`` x ``size_y`` map (GrayscaleToMapHeights, before its slope
    levelling): nearest-neighbour scaling keeping the aspect ratio, padding
    and the two outer tile rings at 0."""
    img_h, img_w = grey.shape
    if rotation == "counter-clockwise":
        width, height = size_x, size_y
    elif rotation == "clockwise":
        width, height = size_y, size_x
    else:
        raise ValueError(f"rotation must be one of {', '.join(ROTATIONS)}, not {rotation!r}")
    row_pad = col_pad = 0
    if (img_w * NUM_DIV) // img_h > (width * NUM_DIV) // height:
        img_scale = (width * NUM_DIV) // img_w
        row_pad = (1 + height - (img_h * img_scale) // NUM_DIV) // 2
    else:
        img_scale = (height * NUM_DIV) // img_h
        col_pad = (1 + width - (img_w * img_scale) // NUM_DIV) // 2
    out = np.zeros((size_y, size_x), np.uint8)
    rows = np.arange(height - 1)[:, None]
    cols = np.arange(width - 1)[None, :]
    if rotation == "counter-clockwise":
        tx, ty = cols + 0 * rows, rows + 0 * cols
    else:
        tx, ty = rows + 0 * cols, cols + 0 * rows
    edge = np.minimum(np.minimum(tx, size_x - 1 - tx), np.minimum(ty, size_y - 1 - ty))
    inside = ((edge > 1) & (rows >= row_pad) & (rows < height - row_pad - 1)
              & (cols >= col_pad) & (cols < width - col_pad - 1))
    img_row = ((rows - row_pad) * NUM_DIV) // img_scale
    if rotation == "counter-clockwise":
        img_col = ((width - 1 - cols - col_pad) * NUM_DIV) // img_scale
    else:
        img_col = ((cols - col_pad) * NUM_DIV) // img_scale
    img_row = np.broadcast_to(img_row, inside.shape)
    img_col = np.broadcast_to(img_col, inside.shape)
    values = np.zeros(inside.shape, np.uint8)
    values[inside] = grey[img_row[inside], img_col[inside]] // 16
    out[ty, tx] = values
    return out
