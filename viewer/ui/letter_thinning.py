"""Which marker letters a zoom shows: none over another.

A 4096² first frame has ~3,900 lighthouses and transmitters; fitted to a
window, each letter's box is many map cells wide and the boxes covered the
map several times over (and drawing them was most of every repaint).  So
the view shows, at each zoom, only letters of a crowd whose boxes do not
overlap: a label with few letters (:data:`FEW`: a world's capitals, a map's
hundred lighthouses) always shows; a crowd's letters (thousands of
transmitters) show where no other letter is, the first markers first.
Zoomed in far enough, every letter shows.

The zoom is taken in steps (:func:`thinning_cell`): the letters are picked
again only when it crosses a power of two, not at every wheel step.  Pure
numpy, no Qt.
"""

from __future__ import annotations

import math

import numpy as np

FEW = 500
"""A label with at most this many spots (torus copies counted) is not a
crowd: all its letters show, whatever the zoom."""


def thinning_cell(box_units: float) -> float:
    """The cell (view units) the letters are thinned on when a letter's box
    is ``box_units`` wide: the power of two at or above it, so that any box
    up to twice as small (the zoom until the next step) fits a cell."""
    if not box_units > 0 or not math.isfinite(box_units):
        return 0.0
    return 2.0 ** math.ceil(math.log2(box_units))


def thin_spots(xs: np.ndarray, ys: np.ndarray, codes: np.ndarray, cell: float,
               few: int = FEW) -> np.ndarray:
    """The spots (indices, ascending) to show: every spot of a label with
    at most ``few`` spots (``codes``: each spot's label, an int), and the
    others' whose boxes, ``cell`` wide around ``(xs, ys)``, overlap none of
    those nor each other (the lower index first).  ``cell`` 0 keeps all."""
    xs, ys = np.asarray(xs, float), np.asarray(ys, float)
    n = len(xs)
    if n == 0 or not cell > 0:
        return np.arange(n)
    codes = np.asarray(codes)
    _, inverse, counts = np.unique(codes, return_inverse=True, return_counts=True)
    crowd = counts[inverse] > few
    if not crowd.any():
        return np.arange(n)
    keep = np.flatnonzero(~crowd)
    rest = np.flatnonzero(crowd)
    rest = rest[_apart(xs[rest], ys[rest], cell)]
    if len(keep) and len(rest):         # (a crowd's letter over a kept one: not shown)
        over = np.zeros(len(rest), bool)
        for part in range(0, len(keep), 256):
            k = keep[part:part + 256]
            over |= ((np.abs(xs[rest][:, None] - xs[k][None, :]) < cell)
                     & (np.abs(ys[rest][:, None] - ys[k][None, :]) < cell)).any(axis=1)
        rest = rest[~over]
    return np.sort(np.concatenate([keep, rest]))


def _apart(xs: np.ndarray, ys: np.ndarray, cell: float) -> np.ndarray:
    """Spots (indices, ascending) no two of which are closer than ``cell``
    both ways, the lower index first: one spot per cell (its first), then
    each dropped where an earlier one of the eight cells around it is
    that close (at least one spot)."""
    cx = np.floor(xs / cell).astype(np.int64)
    cy = np.floor(ys / cell).astype(np.int64)
    cx -= cx.min() - 1                  # (a row and a column of room around them)
    cy -= cy.min() - 1
    width = int(cy.max()) + 2
    key = cx * width + cy
    _, first = np.unique(key, return_index=True)    # (np.unique's first: the lowest index)
    bkey = key[first]                   # each cell's first spot, by cell (sorted)
    drop = np.zeros(len(first), bool)
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if dx == dy == 0:
                continue
            want = bkey + dx * width + dy
            at = np.minimum(np.searchsorted(bkey, want), len(bkey) - 1)
            other = first[at]
            drop |= ((bkey[at] == want) & (other < first)
                     & (np.abs(xs[other] - xs[first]) < cell)
                     & (np.abs(ys[other] - ys[first]) < cell))
    return np.sort(first[~drop])
