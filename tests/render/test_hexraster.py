"""The hex rasteriser draws each sector as a hexagon where Empire puts it."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from viewer.render.hexraster import (
    edge_alpha,
    edge_mask,
    hex_center,
    image_size,
    index_map,
    rasterize,
    row_height,
    sector_at,
)


def sectors(width: int, height: int):
    for y in range(height):
        for x in range(y % 2, width, 2):
            yield x, y


@pytest.mark.parametrize("scale", [1, 2, 3, 4, 7, 12])
def test_every_hex_centre_maps_back_to_its_sector(scale):
    w, h = 16, 8
    for x, y in sectors(w, h):
        px, py = hex_center(x, y, scale)
        # the pixel whose area contains the centre (centres may fall on pixel edges)
        assert sector_at(px - 0.25, py - 0.25, w, h, scale) == (x, y)


@pytest.mark.parametrize("scale", [4, 8, 13])
def test_neighbours_land_where_empire_puts_them(scale):
    w, h = 16, 8
    rh = row_height(scale)
    for x, y in [(0, 0), (5, 3), (14, 6), (15, 7)]:
        px, py = hex_center(x, y, scale)
        px, py = px - 0.25, py - 0.25
        assert sector_at(px + scale, py, w, h, scale) == ((x + 2) % w, y)          # east
        assert sector_at(px - scale, py, w, h, scale) == ((x - 2) % w, y)          # west
        assert sector_at(px + scale / 2, py + rh, w, h, scale) == ((x + 1) % w, (y + 1) % h)
        assert sector_at(px - scale / 2, py + rh, w, h, scale) == ((x - 1) % w, (y + 1) % h)
        assert sector_at(px + scale / 2, py - rh, w, h, scale) == ((x + 1) % w, (y - 1) % h)
        assert sector_at(px - scale / 2, py - rh, w, h, scale) == ((x - 1) % w, (y - 1) % h)


def test_odd_rows_are_shifted_half_a_hex_right():
    scale = 10
    idx = index_map(8, 4, scale)
    # pixel column 0 of row 0's middle belongs to sector (0,0); of row 1's middle
    # to the last hex of row 1, which wraps around from the right edge
    rh = row_height(scale)
    mid0, mid1 = rh // 2, rh + rh // 2
    assert idx[mid0, 0] == 0                      # (0, 0)
    assert idx[mid1, 0] == 1 * 4 + 3              # (7, 1): x = 2*3 + 1
    assert idx[mid1, scale // 2 + 1] == 1 * 4 + 0  # (1, 1) starts half a hex in


def test_hexes_are_hexagons():
    """Through its centre a pointy-top hex is `scale` wide and about
    2/sqrt(3) * scale tall, and its rows narrow toward the points."""
    scale = 24
    idx = index_map(8, 4, scale)
    x, y = 2, 2
    cx, cy = hex_center(x, y, scale)
    me = y * 4 + x // 2
    mine = idx == me
    assert mine[int(cy)].sum() == scale
    tall = mine[:, int(cx)].sum()
    assert abs(tall - 2 / math.sqrt(3) * scale) <= 2
    widths = mine.sum(axis=1)
    rows = np.flatnonzero(widths)
    assert widths[rows[0]] < scale / 3 and widths[rows[-1]] < scale / 3


@pytest.mark.parametrize("scale", [2, 4, 6])
def test_every_hex_gets_the_same_number_of_pixels(scale):
    """The image is one period of the torus: no hex is cut or favoured."""
    idx = index_map(16, 8, scale)
    counts = np.bincount(idx.ravel(), minlength=8 * 8)
    assert counts.min() == counts.max()
    assert counts.sum() == idx.size


def test_rasterize_gathers_the_cell_colours():
    w, h, scale = 8, 4, 6
    cells = np.zeros((h, w // 2, 4), np.uint8)
    cells[1, 2] = (255, 0, 0, 255)                # sector (5, 1)
    img = rasterize(cells, w, h, scale)
    assert img.shape == image_size(w, h, scale) + (4,)
    px, py = hex_center(5, 1, scale)
    assert tuple(img[int(py), int(px)]) == (255, 0, 0, 255)
    red = np.all(img == (255, 0, 0, 255), axis=-1)
    assert red.sum() == (index_map(w, h, scale) == 1 * 4 + 2).sum()


def test_rasterize_refuses_a_layer_of_the_wrong_shape():
    with pytest.raises(ValueError, match="does not fit"):
        rasterize(np.zeros((4, 8)), 8, 4, 4)


@pytest.mark.parametrize("scale", [6, 12, 31, 48])
def test_outline_is_antialiased_and_lies_on_the_borders(scale):
    w, h = 8, 4
    cells = np.full((h, w // 2, 4), 200, np.uint8)
    cells[..., 3] = 255
    img = rasterize(cells, w, h, scale, outline=(0, 0, 0, 255))
    a = edge_alpha(w, h, scale).astype(np.int32)
    grey = img[..., 0].astype(np.int32)
    # each pixel is the blend its coverage says: fully covered black, free 200
    assert np.all(np.abs(grey - (200 * (255 - a) + 127) // 255) <= 1)
    assert np.all(img[..., 3] == 255)
    # soft: partly covered pixels exist beside fully covered ones
    assert ((a > 0) & (a < 200)).any() and (a >= 200).any()
    # the line is on the borders: where the hex changes from one pixel to the
    # next, one of the two is well covered; a hex's centre is not at all
    edges = edge_mask(w, h, scale)
    pair = np.maximum(a, np.maximum(np.roll(a, -1, axis=1), np.roll(a, -1, axis=0)))
    assert np.all(pair[edges] >= 100)
    px, py = hex_center(3, 1, scale)
    assert a[int(py), int(px)] == 0
    # and thin: about one pixel wide per border
    assert (a / 255).sum() < 2.2 * edges.sum()


def test_index_map_is_cached_and_read_only():
    a = index_map(16, 8, 5)
    assert index_map(16, 8, 5) is a
    with pytest.raises(ValueError):
        a[0, 0] = 1


@settings(max_examples=40, deadline=None)
@given(w=st.integers(4, 40).map(lambda v: 2 * v), h=st.integers(2, 20).map(lambda v: 2 * v),
       scale=st.integers(1, 16), data=st.data())
def test_pixel_to_sector_is_consistent(w, h, scale, data):
    himg, wimg = image_size(w, h, scale)
    px = data.draw(st.integers(0, wimg - 1))
    py = data.draw(st.integers(0, himg - 1))
    x, y = sector_at(px, py, w, h, scale)
    assert (x + y) % 2 == 0 and 0 <= x < w and 0 <= y < h
    # wrapping: a whole period away is the same sector
    assert sector_at(px + wimg, py - himg, w, h, scale) == (x, y)
    # and the pixel is no farther from that sector's centre than from any neighbour's
    cx, cy = hex_center(x, y, scale)
    d = _torus_dist(px + 0.5, py + 0.5, cx, cy, wimg, himg, scale)
    for dx, dy in ((2, 0), (-2, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)):
        nx, ny = hex_center((x + dx) % w, (y + dy) % h, scale)
        assert d <= _torus_dist(px + 0.5, py + 0.5, nx, ny, wimg, himg, scale) + 1e-6


def _torus_dist(px, py, cx, cy, wimg, himg, scale):
    stretch = scale * math.sqrt(3) / 2 / row_height(scale)
    dx = abs(px - cx) % wimg
    dx = min(dx, wimg - dx)
    dy = abs(py - cy) % himg
    dy = min(dy, himg - dy) * stretch
    return math.hypot(dx, dy)


@pytest.mark.parametrize("piece_bytes", [None, 1, 100])
@pytest.mark.parametrize("shape, dtype", [((7, 5), np.bool_), ((7, 5, 4), np.uint8),
                                          ((6, 9), np.int32), ((1, 1, 3), np.float64),
                                          ((0, 4, 4), np.uint8)])
@pytest.mark.parametrize("scale", [1, 2, 3, 8])
def test_a_square_grid_picture_is_each_cell_as_a_block(monkeypatch, piece_bytes, shape, dtype,
                                                       scale):
    """Made in pieces (np.repeat holds Python's lock) or copied at one pixel a
    cell, the picture is the cells' blocks, in a new array."""
    from viewer.render import hexraster
    if piece_bytes is not None:
        monkeypatch.setattr(hexraster, "SQUARE_PIECE_BYTES", piece_bytes)
    cells = (np.random.default_rng(3).random(shape) * 200).astype(dtype)
    got = hexraster.rasterize_square(cells, scale)
    want = np.repeat(np.repeat(cells, scale, axis=0), scale, axis=1)
    assert got.dtype == want.dtype and got.shape == want.shape and got.flags.c_contiguous
    assert np.array_equal(got, want)
    assert not np.shares_memory(got, cells)
