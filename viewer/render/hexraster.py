"""Hex layers to images: every hex drawn as a hexagon.

Empire's world is a torus of pointy-top hexes in offset rows: the sectors of
row ``y`` sit at ``x = y % 2, y % 2 + 2, ...``, so odd rows are shifted half a
hex to the right, as Empire prints its map.  A layer holds them as an array
``(H, W/2)`` whose element ``[y, i]`` is the sector at ``x = 2*i + y % 2``.

At ``scale`` pixels per hex (the hex's width), a hex's centre is at
``((x + 1) * scale / 2, (y + 0.5) * row_height)`` with ``row_height`` the
nearest whole number to ``scale * sqrt(3) / 2``.  Each pixel belongs to the
nearest centre (on the torus, with the vertical axis rescaled so the hexes
are regular): that nearest-centre rule is what cuts the plane into hexagons.
The image is exactly one period of the torus, so tiling it continues the
map seamlessly; the last hex of an odd row wraps around to the left edge.

The pixel-to-cell index map depends only on ``(W, H, scale)`` and is cached;
rasterising a layer is then one fancy-indexing gather.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

SQRT3_2 = math.sqrt(3) / 2


def row_height(scale: int) -> int:
    """Pixels between two hex rows at ``scale`` pixels per hex."""
    return max(1, round(scale * SQRT3_2))


def image_size(width: int, height: int, scale: int) -> tuple[int, int]:
    """``(image height, image width)`` in pixels of a ``width`` x ``height`` world."""
    return height * row_height(scale), (width // 2) * scale


def hex_center(x: float, y: float, scale: int) -> tuple[float, float]:
    """Pixel coordinates ``(px, py)`` of the centre of sector ``(x, y)``."""
    return (x + 1) * scale / 2, (y + 0.5) * row_height(scale)


@lru_cache(maxsize=16)
def index_map(width: int, height: int, scale: int) -> np.ndarray:
    """For each pixel of the image, the flat index (``y * W/2 + i``) of the
    hex it belongs to; shape ``image_size(width, height, scale)``.  Read-only
    and cached per ``(width, height, scale)``."""
    himg, wimg = image_size(width, height, scale)
    out = index_window(width, height, scale, 0, 0, wimg, himg)
    out.flags.writeable = False
    return out


def index_window(width: int, height: int, scale: int, x0: int, y0: int,
                 w: int, h: int) -> np.ndarray:
    """:func:`index_map` of the ``w`` x ``h`` pixels from pixel ``(x0, y0)``
    of the endless plane the torus tiles (any offsets: a window may cross
    the seams), so a zoomed-in view draws only what it shows."""
    if scale < 1:
        raise ValueError(f"scale must be at least 1 pixel per hex, not {scale}")
    if width % 2 or height % 2:
        raise ValueError(f"a hex torus needs an even width and height, not {width}x{height}")
    cols = width // 2
    rh = row_height(scale)
    # Vertical distances are stretched so the lattice of centres is regular.
    ystretch = scale * SQRT3_2 / rh
    pxc = np.arange(x0, x0 + w, dtype=np.float64) + 0.5
    pyc = np.arange(y0, y0 + h, dtype=np.float64) + 0.5
    row0 = np.floor(pyc / rh).astype(np.int64)

    best_d = np.full((h, w), np.inf)
    best = np.zeros((h, w), np.int64)
    for dr in (-1, 0, 1):
        r = row0 + dr                                   # (h,)
        offset = (r % 2) * (scale / 2)                  # odd rows shifted right
        i = np.floor((pxc[None, :] - offset[:, None]) / scale)      # (h, w)
        cx = offset[:, None] + (i + 0.5) * scale
        cy = (r + 0.5) * rh
        d = (pxc[None, :] - cx) ** 2 + (((pyc - cy) * ystretch) ** 2)[:, None]
        flat = (r % height)[:, None] * cols + (i.astype(np.int64) % cols)
        closer = d < best_d - 1e-9
        best_d = np.where(closer, d, best_d)
        best = np.where(closer, flat, best)
    return best.astype(np.int32 if height * cols < 2**31 else np.int64)


@lru_cache(maxsize=16)
def edge_mask(width: int, height: int, scale: int) -> np.ndarray:
    """Pixels on the border between two hexes (for outlines when zoomed in)."""
    idx = index_map(width, height, scale)
    edge = np.zeros(idx.shape, bool)
    edge |= idx != np.roll(idx, -1, axis=1)
    edge |= idx != np.roll(idx, -1, axis=0)
    edge.flags.writeable = False
    return edge


OUTLINE_WIDTH = 1.0
"""Width in pixels of the antialiased line between two hexes."""


@lru_cache(maxsize=8)
def edge_alpha(width: int, height: int, scale: int) -> np.ndarray:
    """How much of each pixel (0..255) the line between two hexes covers.

    A pixel's distance to the border of its hex is its distance to the
    perpendicular bisector between its centre and the second-nearest one:
    ``(d2^2 - d1^2) / (2 * scale)`` in the regular (stretched) lattice, where
    neighbouring centres are ``scale`` apart.  The line, OUTLINE_WIDTH wide
    and centred on the border, covers ``clip(w/2 + 1/2 - distance)`` of the
    pixel: an antialiased edge at any scale."""
    himg, wimg = image_size(width, height, scale)
    out = edge_alpha_window(scale, 0, 0, wimg, himg)
    out.flags.writeable = False
    return out


def edge_alpha_window(scale: int, x0: int, y0: int, w: int, h: int) -> np.ndarray:
    """:func:`edge_alpha` of a window of the plane (as :func:`index_window`;
    the lines do not depend on the world's size).  Computed in bands of rows
    so that a large picture does not hold many image-sized temporaries."""
    rh = row_height(scale)
    ystretch = np.float32(scale * SQRT3_2 / rh)
    pxc = np.arange(x0, x0 + w, dtype=np.float64).astype(np.float32) + np.float32(0.5)
    out = np.empty((h, w), np.uint8)
    band = max(1, 2_000_000 // max(1, w))
    half = np.float32(scale / 2)
    for top in range(0, h, band):
        pyc = (np.arange(y0 + top, y0 + min(h, top + band), dtype=np.float64)
               .astype(np.float32) + np.float32(0.5))
        row0 = np.floor(pyc / rh).astype(np.int64)
        d1 = np.full((pyc.size, w), np.inf, np.float32)
        d2 = np.full((pyc.size, w), np.inf, np.float32)
        for dr in (-1, 0, 1):
            r = row0 + dr
            offset = ((r % 2) * half).astype(np.float32)[:, None]
            # in a row, the nearest centre and its neighbour on the pixel's side
            u = (pxc[None, :] - offset) / scale
            dx = (u - np.floor(u) - np.float32(0.5)) * scale
            dy2 = (((pyc - (r + 0.5).astype(np.float32) * rh) * ystretch) ** 2)[:, None]
            for d in (dx * dx + dy2, (np.float32(scale) - np.abs(dx)) ** 2 + dy2):
                d2 = np.where(d < d1, d1, np.minimum(d2, d))
                d1 = np.minimum(d1, d)
        dist = (d2 - d1) / np.float32(2.0 * scale)
        cover = np.clip(np.float32(OUTLINE_WIDTH / 2 + 0.5) - dist, 0.0, 1.0)
        out[top:top + pyc.size] = np.rint(cover * 255).astype(np.uint8)
    return out


WINDOW_BAND_PIXELS = 250_000


def rasterize(cells: np.ndarray, width: int, height: int, scale: int,
              outline: tuple[int, int, int, int] | None = None,
              window: tuple[int, int, int, int] | None = None) -> np.ndarray:
    """Draw a hex layer of colours ``(H, W/2, C)`` (or values ``(H, W/2)``) as
    an image ``(Himg, Wimg, C)`` (or ``(Himg, Wimg)``), each hex a hexagon.
    ``outline`` colours the borders between hexes, antialiased (a layer of
    colours only).  ``window = (x0, y0, w, h)`` draws only those pixels of
    the endless tiled plane instead of one period."""
    cells = np.asarray(cells)
    if cells.shape[:2] != (height, width // 2):
        raise ValueError(f"layer shape {cells.shape[:2]} does not fit a {width}x{height} "
                         f"hex world (expected {(height, width // 2)})")
    if window is not None and window[2] * window[3] > WINDOW_BAND_PIXELS:
        # a large window in bands of rows: small temporaries, and a thread
        # drawing it lets the others run between the bands
        x0, y0, w, h = window
        band = max(1, WINDOW_BAND_PIXELS // w)
        return np.concatenate([rasterize(cells, width, height, scale, outline,
                                         (x0, y0 + top, w, min(band, h - top)))
                               for top in range(0, h, band)])
    idx = index_map(width, height, scale) if window is None else \
        index_window(width, height, scale, *window)
    flat = cells.reshape((height * (width // 2),) + cells.shape[2:])
    if flat.dtype == np.uint8 and flat.ndim == 2 and flat.shape[1] == 4:
        # one 32-bit word per pixel: a quarter of the gathers, the same bytes
        words = np.ascontiguousarray(flat).view(np.uint32).ravel()
        img = words[idx].view(np.uint8).reshape(idx.shape + (4,))
    else:
        img = flat[idx]
    if outline is not None:
        channels = img.shape[-1]
        if window is None:
            pos, cover, uncover = edge_pixels(width, height, scale)
            lined = _line_part(width, height, scale, tuple(outline), channels)
        else:
            pos, cover, uncover = _edge_pixels(edge_alpha_window(scale, *window))
            lined = np.asarray(outline, np.uint16)[:channels] * cover
        pixels = img.reshape(-1, channels)
        # (pixel * (255 - cover) + line * cover + 127) // 255, in place
        mixed = np.take(pixels, pos, axis=0).astype(np.uint16)
        mixed *= uncover
        mixed += lined
        mixed += 127
        mixed //= 255
        mixed = mixed.astype(img.dtype)
        if channels == 4 and img.dtype == np.uint8:   # one 32-bit word per pixel
            np.put(pixels.view(np.uint32), pos, mixed.view(np.uint32))
        else:
            pixels[pos] = mixed
    return img


@lru_cache(maxsize=8)
def _line_part(width: int, height: int, scale: int, outline: tuple[int, ...],
               channels: int) -> np.ndarray:
    """``line * cover`` of :func:`rasterize`'s blend for one line colour."""
    out = np.asarray(outline, np.uint16)[:channels] * edge_pixels(width, height, scale)[1]
    out.flags.writeable = False
    return out


def _edge_pixels(alpha: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The pixels a line covers (flat positions), how much (``cover``,
    1..255, a column) and ``255 - cover``."""
    flat = alpha.ravel()
    pos = np.flatnonzero(flat)
    cover = flat[pos].astype(np.uint16)[:, None]
    return pos, cover, np.uint16(255) - cover


@lru_cache(maxsize=8)
def edge_pixels(width: int, height: int, scale: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`_edge_pixels` of :func:`edge_alpha`, cached (read-only)."""
    out = _edge_pixels(edge_alpha(width, height, scale))
    for a in out:
        a.flags.writeable = False
    return out


def sector_at(px: float, py: float, width: int, height: int, scale: int) -> tuple[int, int]:
    """The sector ``(x, y)`` under image pixel ``(px, py)``; pixels outside the
    image wrap around the torus."""
    idx = index_map(width, height, scale)
    himg, wimg = idx.shape
    flat = int(idx[int(math.floor(py)) % himg, int(math.floor(px)) % wimg])
    cols = width // 2
    y, i = divmod(flat, cols)
    return 2 * i + y % 2, y


SQUARE_PIECE_BYTES = 4 << 20
"""How much of a square-grid picture :func:`rasterize_square` makes at a
time (about a millisecond of ``np.repeat``)."""


def rasterize_square(cells: np.ndarray, scale: int) -> np.ndarray:
    """A square-grid layer ``(H, W[, C])`` as an image of ``scale`` x ``scale``
    blocks (a new array).

    ``np.repeat`` holds Python's lock throughout (about 100 ms for a
    4096 x 4096 RGBA picture, during which the window could not answer), so
    a picture at one pixel a cell is a plain copy, which lets the lock go,
    and a larger one is made in pieces of :data:`SQUARE_PIECE_BYTES`."""
    c = np.asarray(cells)
    if scale == 1:
        return np.array(c, copy=True)
    h, w = c.shape[:2]
    out = np.empty((h * scale, w * scale) + c.shape[2:], c.dtype)
    rows = max(1, SQUARE_PIECE_BYTES // max(1, out.strides[0] * scale))
    for r0 in range(0, h, rows):
        r1 = min(h, r0 + rows)
        out[r0 * scale:r1 * scale] = np.repeat(np.repeat(c[r0:r1], scale, axis=0), scale,
                                               axis=1)
    return out
