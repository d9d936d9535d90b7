"""Whole layers to pictures, and pictures to PNG files."""

from __future__ import annotations

import time

import numpy as np
import pytest

from viewer.engine.fairland.generator import FAIRLAND
from viewer.engine.protocol import HexTorus, Marker, SquareGrid
from viewer.formats.atomic import WriteError
from viewer.formats.png import read_png, write_png
from viewer.render import colormaps as cm
from viewer.render import layer_image, render_layer
from viewer.render.hexraster import hex_center, image_size, rasterize, sector_at


@pytest.fixture(scope="module")
def result():
    return FAIRLAND.generate({"world": (32, 16), "nc": 2, "sc": 12, "ni": 2, "is": 5},
                             seed=7)


def test_layer_image_puts_each_sector_colour_at_its_hex(result):
    scale = 6
    img = layer_image(result, None, "own", scale=scale)
    grid = result.grid
    assert img.shape == image_size(grid.width, grid.height, scale) + (4,)
    cells = render_layer(result.layers, result.layer_info["own"], "own", "fairland")
    for y in range(grid.height):
        for i in range(grid.width // 2):
            x = 2 * i + y % 2
            px, py = hex_center(x, y, scale)
            assert sector_at(px - 0.25, py - 0.25, grid.width, grid.height, scale) == (x, y)
            assert np.array_equal(img[int(py - 0.25), int(px - 0.25)], cells[y, i])


def test_land_of_the_map_is_land_in_the_picture(result):
    img = layer_image(result, None, "own", scale=4)
    sea = np.all(img == cm.SEA, axis=-1)
    land_cells = int((result.layers["own"] >= 0).sum())
    assert land_cells > 0
    frac_land = 1 - sea.mean()
    assert abs(frac_land - land_cells / result.layers["own"].size) < 0.01


def test_bare_layers_need_a_grid(result):
    with pytest.raises(ValueError, match="grid"):
        layer_image(result.layers, None, "own")
    # bare layers belong to no generator: coloured by kind alone, on the grid given
    img = layer_image(result.layers, result.grid, "own", scale=2)
    assert img.shape == layer_image(result, None, "own", scale=2).shape
    assert np.array_equal(img, rasterize(render_layer(result.layers, None, "own"),
                                         result.grid.width, result.grid.height, 2))


@pytest.mark.parametrize("scale", [2, 8, 12])
def test_capitals_are_labelled_with_readable_letters_at_every_scale(result, scale):
    from viewer.render.decorate import marker_center

    img = layer_image(result, None, "own", scale=scale, markers=result.markers)
    plain = layer_image(result, None, "own", scale=scale)
    changed = (img != plain).any(axis=-1)
    for m in result.markers:
        cx, cy = marker_center(m, scale, square=False)
        y0, x0 = int(cy), int(cx)
        box = changed[max(0, y0 - 5):y0 + 6, max(0, x0 - 5):x0 + 6]
        assert box.mean() > 0.5           # a dark box with the letter on it
        # the letter itself: light pixels in the box
        near = img[max(0, y0 - 6):y0 + 7, max(0, x0 - 6):x0 + 7, :3].astype(int)
        assert (near.sum(axis=-1) > 500).any()
    if scale >= 8:                        # the labels cover little of the map
        assert changed.sum() < 0.2 * img.shape[0] * img.shape[1]


def test_square_grids_are_blocks():
    layers = {"v": np.array([[0, 1], [1, 0]], np.uint8)}
    img = layer_image(layers, SquareGrid(2, 2), "v", scale=3,
                      markers=[Marker("end", "1", 1, 1)])
    assert img.shape == (6, 6, 4)
    assert np.array_equal(img[0, 0], img[2, 2])


def test_a_big_world_rasterises_fast():
    grid = HexTorus(512, 256)
    own = np.random.default_rng(1).integers(-1, 50, grid.shape).astype(np.int16)
    layer_image({"own": own}, grid, "own", scale=2)      # warm the index-map cache
    t = time.perf_counter()
    img = layer_image({"own": own}, grid, "own", scale=2)
    assert time.perf_counter() - t < 0.1
    assert img.shape == (512, 512, 4)


def test_png_round_trip(tmp_path, result):
    img = layer_image(result, None, "elevation", scale=5, markers=result.markers)
    path = tmp_path / "map.png"
    write_png(path, img)
    assert np.array_equal(read_png(path), img)
    assert [p.name for p in tmp_path.iterdir()] == ["map.png"]


def test_png_write_failure_says_why_and_leaves_nothing(tmp_path):
    missing = tmp_path / "no such folder" / "map.png"
    with pytest.raises(WriteError, match="cannot write"):
        write_png(missing, np.zeros((2, 2, 4), np.uint8))
    assert not missing.exists()


def test_fairland_sea_debug_maps_shade_the_land():
    from viewer.engine.fairland.generator import FAIRLAND
    from viewer.render import render_layer

    r = FAIRLAND.generate({"nc": 3, "sc": 20, "ni": 3, "is": 5}, seed=4)
    own = r.layers["own"]
    for name in ("xzone", "closest", "distance"):
        rgba = render_layer(r.layers, r.layer_info[name], name, "fairland").astype(int)
        plain = render_layer({name: r.layers[name]}, r.layer_info[name], name,
                             "fairland").astype(int)
        land = own >= 0
        assert np.all(rgba[~land] == plain[~land]), name
        # land is blended halfway toward the dark tone: between the two
        dark = np.array([24, 24, 28])
        lo = np.minimum(plain[land][:, :3], dark) - 1
        hi = np.maximum(plain[land][:, :3], dark) + 1
        assert np.all((rgba[land][:, :3] >= lo) & (rgba[land][:, :3] <= hi)), name
        assert np.any(rgba[land][:, :3] != plain[land][:, :3]), name
