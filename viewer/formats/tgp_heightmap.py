"""OpenTTD heightmap images: tile heights to a greyscale PNG that the game's
"Play heightmap" turns back into the same tile heights, and the game's own
readings of such a file, to check the round trip: today's OpenTTD and svn
r13671 (the revision our TGP port follows) read brightness differently.

:func:`write_openttd_heightmap` is the export (today's game by default) and
returns the message to show the user.

Today's OpenTTD (``fmt="modern"``).  Grey 0 is the only sea; any other grey
g is read as height ``1 + (g - 1) * H // 255``, where H is the "Highest
peak" chosen in the game's heightmap dialog (default 30).  So the export
takes H as a parameter and writes, for each height h >= 1, the middle grey
of the band that reads back as h; the user must pick the same H in the game.

r13671 (``fmt="r13671"``), brightness mapping (8-bit greyscale, one pixel
per tile)::

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

from ..engine.names import shown_name
from .atomic import write_atomic

ROTATIONS = ("counter-clockwise", "clockwise")
NUM_DIV = 16384  # the game's fixed-point precision for the image scale

FORMATS = ("modern", "r13671")
DEFAULT_HIGHEST_PEAK = 30  # today's game's default "Highest peak"
HIGHEST_PEAK_RANGE = (1, 255)  # what the game's dialog offers


def check_highest_peak(highest_peak: int) -> int:
    """``highest_peak`` as an int, or ValueError saying what the game takes."""
    import numpy as np

    lo, hi = HIGHEST_PEAK_RANGE
    if isinstance(highest_peak, bool) or not isinstance(highest_peak, (int, np.integer)):
        raise ValueError(f"the highest peak must be a whole number, not {highest_peak!r}")
    if not lo <= int(highest_peak) <= hi:
        raise ValueError(f"the highest peak must be {lo}..{hi} (as in the game's dialog), "
                         f"not {highest_peak}")
    return int(highest_peak)


def modern_grey_levels(highest_peak: int = DEFAULT_HIGHEST_PEAK) -> np.ndarray:
    """grey[h] for h = 0..highest_peak that today's game reads back as h:
    0 for the sea, else the middle of the band ``1 + (g - 1) * H // 255 == h``."""
    import numpy as np

    big_h = check_highest_peak(highest_peak)
    h = np.arange(1, big_h + 1)
    lo = 1 + (255 * (h - 1) + big_h - 1) // big_h
    hi = np.minimum(255, 1 + (255 * h - 1) // big_h)
    return np.concatenate(([0], (lo + hi) // 2)).astype(np.uint8)


def _grey(th: np.ndarray, fmt: str, highest_peak: int) -> np.ndarray:
    import numpy as np

    if fmt == "r13671":
        if th.size and (int(th.min()) < 0 or int(th.max()) > 15):
            raise ValueError("tile heights must be 0..15 for an OpenTTD r13671 heightmap")
        return (th.astype(np.uint8) * 16 + 8).astype(np.uint8)
    if fmt == "modern":
        big_h = check_highest_peak(highest_peak)
        top = int(th.max()) if th.size else 0
        if th.size and int(th.min()) < 0:
            raise ValueError("tile heights must not be negative")
        if top > big_h:
            raise ValueError(f"the map's highest tile is at height {top}: the highest peak "
                             f"must be at least {top}, not {big_h}")
        return modern_grey_levels(big_h)[th.astype(np.int64)]
    raise ValueError(f"heightmap format must be one of {', '.join(FORMATS)}, not {fmt!r}")


def heightmap_image(tile_height: np.ndarray, rotation: str = "counter-clockwise", *,
                    fmt: str = "r13671",
                    highest_peak: int = DEFAULT_HIGHEST_PEAK) -> np.ndarray:
    """The uint8 grey image of tile heights ``[y, x]`` for the game reading
    ``fmt`` (r13671: heights 0..15; modern: 0..highest_peak)."""
    import numpy as np

    th = np.asarray(tile_height)
    if th.ndim != 2:
        raise ValueError(f"tile heights must be a 2-d array [y, x], not shape {th.shape}")
    grey = _grey(th, fmt, highest_peak)
    if rotation == "counter-clockwise":
        return np.ascontiguousarray(grey[:, ::-1])
    if rotation == "clockwise":
        return np.ascontiguousarray(grey.T)
    raise ValueError(f"rotation must be one of {', '.join(ROTATIONS)}, not {rotation!r}")


def heightmap_png_bytes(tile_height: np.ndarray, rotation: str = "counter-clockwise", *,
                        fmt: str = "r13671",
                        highest_peak: int = DEFAULT_HIGHEST_PEAK) -> bytes:
    """An 8-bit greyscale PNG of tile heights (see the module docstring)."""
    from .png import png_bytes

    return png_bytes(heightmap_image(tile_height, rotation, fmt=fmt,
                                          highest_peak=highest_peak))


def write_heightmap_png(path: str | os.PathLike, tile_height: np.ndarray,
                        rotation: str = "counter-clockwise", *, fmt: str = "r13671",
                        highest_peak: int = DEFAULT_HIGHEST_PEAK) -> None:
    """Write the heightmap PNG of ``tile_height`` to ``path`` (whole or not at all)."""
    write_atomic(path, heightmap_png_bytes(tile_height, rotation, fmt=fmt,
                                           highest_peak=highest_peak))


def write_openttd_heightmap(path: str | os.PathLike, tile_heights: np.ndarray, *,
                            highest_peak: int = DEFAULT_HIGHEST_PEAK,
                            fmt: str = "modern") -> str:
    """Write ``tile_heights`` ``[y, x]`` as a heightmap PNG for OpenTTD and
    return the message for the user (which settings to choose in the game).

    ``fmt="modern"`` is for today's game, read with "Highest peak" =
    ``highest_peak``; ``fmt="r13671"`` for the game of 2008 (heights 0..15).
    Raises ValueError (bad format, peak or heights) or OSError (writing)."""
    import numpy as np

    th = np.asarray(tile_heights)
    write_heightmap_png(path, th, fmt=fmt, highest_peak=highest_peak)
    return openttd_heightmap_note(path, th, highest_peak=highest_peak, fmt=fmt)


def openttd_heightmap_note(path: str | os.PathLike, tile_heights: np.ndarray, *,
                           highest_peak: int = DEFAULT_HIGHEST_PEAK,
                           fmt: str = "modern") -> str:
    """The message :func:`write_openttd_heightmap` returns for this file."""
    import numpy as np

    th = np.asarray(tile_heights)
    top = int(th.max()) if th.size else 0
    if fmt == "modern":
        return (f"OpenTTD heightmap written to {shown_name(path)}: in the game's \"Play "
                f"heightmap\" dialog choose Highest peak {int(highest_peak)} (and the "
                f"default rotation, counter-clockwise) to get these heights back "
                f"(sea 0, highest tile {top})")
    return (f"OpenTTD heightmap written to {shown_name(path)} for OpenTTD r13671 "
            f"(grey = 16 x height + 8; highest tile {top}); today's OpenTTD reads this "
            f"encoding differently: use the modern format for it")


def fixed_point_png_bytes(heights: np.ndarray) -> bytes:
    """A 16-bit greyscale PNG of a fixed-point heightmap ``[y, x]`` (values
    0..65535 as they are; TGP's normalised heights are 0..239)."""
    import numpy as np

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
    import numpy as np

    from .png import png_image

    with png_image(path_or_bytes) as im:   # read once, size checked before decoding
        if im.mode == "L":
            return np.asarray(im).copy()
        if im.mode in ("I;16", "I;16B", "I"):
            raise ValueError("OpenTTD reads 8-bit heightmaps only")
        rgb = np.asarray(im.convert("RGB")).astype(np.int64)
    grey = (19595 * rgb[..., 0] + 38470 * rgb[..., 1] + 7471 * rgb[..., 2]) // 65536
    return grey.astype(np.uint8)


def loader_scale(img_w: int, img_h: int, width: int, height: int) -> tuple[int, int, int]:
    """How the game's heightmap loader fits an ``img_w`` x ``img_h`` image to
    a ``width`` x ``height`` map: (image scale in 1/NUM_DIV, rows of padding
    at the top and bottom, columns of padding at each side)."""
    row_pad = col_pad = 0
    if (img_w * NUM_DIV) // img_h > (width * NUM_DIV) // height:
        img_scale = (width * NUM_DIV) // img_w
        row_pad = (1 + height - (img_h * img_scale) // NUM_DIV) // 2
    else:
        img_scale = (height * NUM_DIV) // img_h
        col_pad = (1 + width - (img_w * img_scale) // NUM_DIV) // 2
    return img_scale, row_pad, col_pad


def game_tile_heights(grey: np.ndarray, size_x: int, size_y: int,
                      rotation: str = "counter-clockwise", *, reader: str = "r13671",
                      highest_peak: int = DEFAULT_HIGHEST_PEAK) -> np.ndarray:
    """Tile heights ``[y, x]`` the game makes from a grey image on a
    ``size_x`` x ``size_y`` map (GrayscaleToMapHeights, before its slope
    levelling): nearest-neighbour scaling keeping the aspect ratio, padding
    and the two outer tile rings at 0.  ``reader`` is the game's version:
    "r13671" (height = grey // 16) or "modern" (grey 0 sea, else
    ``1 + (grey - 1) * highest_peak // 255``)."""
    import numpy as np

    if reader == "r13671":
        def to_height(g):
            return g // 16
    elif reader == "modern":
        big_h = check_highest_peak(highest_peak)

        def to_height(g):
            g = g.astype(np.int64)
            return np.where(g == 0, 0, 1 + (g - 1) * big_h // 255)
    else:
        raise ValueError(f"reader must be one of {', '.join(FORMATS)}, not {reader!r}")
    img_h, img_w = grey.shape
    if rotation == "counter-clockwise":
        width, height = size_x, size_y
    elif rotation == "clockwise":
        width, height = size_y, size_x
    else:
        raise ValueError(f"rotation must be one of {', '.join(ROTATIONS)}, not {rotation!r}")
    img_scale, row_pad, col_pad = loader_scale(img_w, img_h, width, height)
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
    values[inside] = to_height(grey[img_row[inside], img_col[inside]])
    out[ty, tx] = values
    return out
