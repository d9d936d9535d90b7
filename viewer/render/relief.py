"""Relief on a square-grid picture: hill shading and contour lines.  No Qt.

Both work on heights in *levels* (whole steps of height, e.g. a game's
height levels).  :func:`hillshade` lights the surface
from the north-west and :func:`shade` darkens and lightens a coloured layer
by it, leaving flat ground (the sea) exactly its own colour.
:func:`contour_mask` finds the pixels on the higher side of every whole
level, one pixel wide, and :func:`draw_contours` darkens them (every fifth
level more).

:func:`square_picture` draws a layer with the relief switched on or off,
its heights given by the generator's renderer (a ``relief(layers, name,
meaningful)`` function saying which heights a layer's relief comes from).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

import numpy as np

from ..engine.protocol import LayerInfo
from .colormaps import colorize
from .hexraster import rasterize_square

__all__ = ["hillshade", "shade", "contour_mask", "draw_contours", "square_picture",
           "Relief", "LEVEL_HEIGHT", "CONTOUR", "INDEX_EVERY"]

Relief = Callable[[Mapping[str, np.ndarray], str, "frozenset[str] | None"],
                  "tuple[np.ndarray, np.ndarray, np.ndarray | None] | None"]
"""``relief(layers, name, meaningful)``: ``(heights in levels as float32,
whole levels as int16, valid mask or None when all are)`` that layer
``name`` is drawn in relief with, or None when it has none."""

LEVEL_HEIGHT = 0.5
"""A height level in tile lengths (OpenTTD: TILE_HEIGHT 8 of TILE_SIZE 16)."""
EXAGGERATION = 2.0
CONTOUR = (16, 16, 20)
INDEX_EVERY = 5


def _gradient(z: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``np.gradient(z)`` (central differences, one-sided at the edges) in
    float32, without np.gradient's float64 temporaries."""
    gy = np.empty_like(z)
    gx = np.empty_like(z)
    np.subtract(z[2:], z[:-2], out=gy[1:-1])
    gy[1:-1] *= 0.5
    np.subtract(z[1], z[0], out=gy[0])
    np.subtract(z[-1], z[-2], out=gy[-1])
    np.subtract(z[:, 2:], z[:, :-2], out=gx[:, 1:-1])
    gx[:, 1:-1] *= 0.5
    np.subtract(z[:, 1], z[:, 0], out=gx[:, 0])
    np.subtract(z[:, -1], z[:, -2], out=gx[:, -1])
    return gy, gx


def hillshade(levels: np.ndarray, azimuth: float = 315.0, altitude: float = 45.0,
              cell: float = 1.0, exaggeration: float = EXAGGERATION) -> np.ndarray:
    """Lambertian light on the surface ``levels[y, x]`` (in height levels, one
    cell ``cell`` tiles wide): float32 in 0..1, ``sin(altitude)`` where flat.
    ``azimuth`` is where the light comes from, clockwise from north (up).
    NaN heights (no data) count as flat."""
    z = np.asarray(levels)
    if z.ndim != 2:
        raise ValueError(f"heights must be a 2-d array, not shape {z.shape}")
    az, alt = math.radians(azimuth), math.radians(altitude)
    lz = math.sin(alt)
    if z.shape[0] < 3 or z.shape[1] < 3:
        return np.full(z.shape, lz, np.float32)
    z = z.astype(np.float32) * np.float32(LEVEL_HEIGHT * exaggeration / cell)
    gy, gx = _gradient(z)
    lx, ly = math.cos(alt) * math.sin(az), -math.cos(alt) * math.cos(az)
    # light = (-gx lx - gy ly + lz) / |(-gx, -gy, 1)|
    num = gx * np.float32(-lx)
    num -= gy * np.float32(ly)
    num += np.float32(lz)
    gx *= gx
    gy *= gy
    gx += gy
    gx += np.float32(1.0)
    np.sqrt(gx, out=gx)
    num /= gx
    np.nan_to_num(num, copy=False, nan=lz)
    return np.clip(num, 0.0, 1.0, out=num)


def shade(rgba: np.ndarray, light: np.ndarray, strength: float = 0.7,
          flat: float = math.sin(math.radians(45.0))) -> np.ndarray:
    """``rgba`` lit by ``light`` (from :func:`hillshade`): a cell lit as much
    as flat ground keeps its colour, lit slopes get lighter, slopes in shadow
    darker."""
    f = np.asarray(light, np.float32) * np.float32(strength / flat)
    f += np.float32(1.0 - strength)
    out = np.array(rgba, copy=True)
    ch = np.empty(f.shape, np.float32)
    for c in range(3):              # channel by channel: numpy is slow on a last axis of 3
        np.multiply(out[..., c], f, out=ch)
        ch += np.float32(0.5)                    # round to nearest
        np.clip(ch, 0, 255, out=ch)
        out[..., c] = ch
    return out


def contour_mask(levels: np.ndarray, valid: np.ndarray | None = None,
                 every: int = 1) -> np.ndarray:
    """Pixels on a contour line: those whose whole level ``levels`` (ints) is
    above a 4-neighbour's, so that the line is one pixel wide and lies on the
    higher side.  With ``every`` > 1 only crossings of multiples of ``every``
    count.  Pixels outside ``valid`` never take part."""
    lv = np.asarray(levels)
    if every > 1:
        lv = np.floor_divide(lv, every)
    m = np.zeros(lv.shape, bool)
    m[:, :-1] |= lv[:, :-1] > lv[:, 1:]
    m[:, 1:] |= lv[:, 1:] > lv[:, :-1]
    m[:-1, :] |= lv[:-1, :] > lv[1:, :]
    m[1:, :] |= lv[1:, :] > lv[:-1, :]
    if valid is not None:
        ok = np.asarray(valid, bool)
        bad = ~ok                                # no line on or beside missing data
        near = bad.copy()
        near[:, :-1] |= bad[:, 1:]
        near[:, 1:] |= bad[:, :-1]
        near[:-1, :] |= bad[1:, :]
        near[1:, :] |= bad[:-1, :]
        m &= ~near
    return m


def draw_contours(rgba: np.ndarray, levels: np.ndarray, valid: np.ndarray | None = None,
                  color: tuple[int, int, int] = CONTOUR, alpha: float = 0.45,
                  index_alpha: float = 0.8) -> np.ndarray:
    """``rgba`` with a line at every whole level of ``levels`` (ints, the
    same shape), every :data:`INDEX_EVERY`-th level darker."""
    lv = np.asarray(levels)
    if lv.dtype.itemsize > 2 and lv.size and -32768 <= lv.min() and lv.max() < 32768:
        lv = lv.astype(np.int16)
    a = contour_mask(lv, valid).astype(np.float32)
    a *= np.float32(alpha)
    idx = contour_mask(lv, valid, INDEX_EVERY)
    a[idx] = index_alpha
    keep = np.float32(1.0) - a
    out = np.array(rgba, copy=True)
    ch = np.empty(a.shape, np.float32)
    for c in range(3):
        np.multiply(out[..., c], keep, out=ch)
        ch += a * np.float32(color[c])
        ch += np.float32(0.5)                    # round to nearest
        out[..., c] = ch
    return out


def square_picture(layers: Mapping[str, np.ndarray], info: LayerInfo | None, name: str,
                   scale: int = 1,
                   colours: Callable[[Mapping[str, np.ndarray], str], np.ndarray] | None = None,
                   hill_shading: bool = False, contours: bool = False,
                   meaningful: frozenset[str] | None = None, cell: float = 1.0,
                   relief: Relief | None = None) -> np.ndarray:
    """Layer ``name`` of a square grid as an image of ``scale`` pixels per
    cell, coloured by ``colours(layers, name)`` (default: by ``info``), with
    hill shading and/or contour lines where the layer has heights (as
    ``relief`` gives them; None: none); ``cell`` is how many tiles one cell
    stands for (when the layers were decimated for a large map)."""
    rgba = (colours(layers, name) if colours is not None
            else colorize(np.asarray(layers[name]), info, name))
    levels = None
    if relief is not None and (hill_shading or contours):
        levels = relief(layers, name, meaningful)
    if levels is not None and hill_shading:
        rgba = shade(rgba, hillshade(levels[0], cell=cell))
    img = rasterize_square(np.ascontiguousarray(rgba, np.uint8), int(scale))
    if levels is not None and contours:
        _, whole, valid = levels
        img = draw_contours(img, rasterize_square(whole, int(scale)),
                            None if valid is None else rasterize_square(valid, int(scale)))
    return np.ascontiguousarray(img)
