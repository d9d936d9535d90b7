"""TerraGenesis layers in colour, hill shading and contour lines."""

from __future__ import annotations

import math

import numpy as np
import pytest

from viewer.engine.protocol import Result, SquareGrid
from viewer.engine.tgp.generator import LAYER_INFO, TGP
from viewer.render import colormaps as cm
from viewer.render import layer_image, legend_for, render_layer
from viewer.render import tgp as tgp_render
from viewer.render.relief import (
    contour_mask,
    draw_contours,
    hillshade,
    shade,
    square_picture,
)
from viewer.render.tgp import relief_levels, tgp_colours


def rgba(arr, *idx):
    return tuple(int(v) for v in arr[idx])


@pytest.fixture(scope="module")
def result():
    return TGP.generate({"openttd": "r13671", "size": (64, 64)}, seed=3)


def test_tile_classes_are_sea_shore_clear_and_void():
    tc = np.array([[0, 1, 2, 3]], np.uint8)
    img = render_layer({"tile_class": tc}, LAYER_INFO["tile_class"], "tile_class", "tgp")
    assert [rgba(img, 0, i) for i in range(4)] == [
        tgp_render.TGP_CLEAR, cm.SEA, tgp_render.TGP_SHORE, (0, 0, 0, 255)]
    legend = legend_for("tile_class", tc, LAYER_INFO["tile_class"], "tgp")
    assert [name for name, _ in legend.entries] == ["clear", "water (sea)", "shore", "void"]
    assert legend.lut is None


def test_the_terrain_map_colours_a_level_the_same_on_every_height_layer():
    levels = np.arange(16, dtype=np.uint8)[None, :]
    fixed = (levels.astype(np.int16) * 16 + 8)
    a = render_layer({"tile_height": levels}, LAYER_INFO["tile_height"], "tile_height", "tgp")
    b = render_layer({"heightmap": fixed}, LAYER_INFO["heightmap"], "heightmap", "tgp")
    assert np.array_equal(a, b)
    # level 0 is sea level, in blue; the top is near white; land gets lighter upwards
    r, g, bl, _ = rgba(a, 0, 0)
    assert bl > r and bl > g
    assert min(rgba(a, 0, 15)[:3]) > 230
    assert len({rgba(a, 0, i) for i in range(16)}) == 16
    legend = legend_for("heightmap", fixed, LAYER_INFO["heightmap"], "tgp")
    assert legend.lut is tgp_render.TERRAIN_LUT and (legend.vmin, legend.vmax) == (0, 16)
    assert "level" in legend.title


def test_noise_uses_its_own_range_and_shows_what_is_not_generated():
    noise = np.array([[-32768, -700, -400, -100]], np.int16)
    img = render_layer({"noise": noise}, LAYER_INFO["noise"], "noise", "tgp")
    assert rgba(img, 0, 0) == tgp_render.NOT_GENERATED
    assert rgba(img, 0, 1) == tuple(tgp_render.LAND_LUT[0])
    assert rgba(img, 0, 3) == tuple(tgp_render.LAND_LUT[-1])
    legend = legend_for("noise", noise, LAYER_INFO["noise"], "tgp")
    assert (legend.vmin, legend.vmax) == (-700 / 16, -100 / 16)
    assert legend.entries[0] == ("not generated yet", tgp_render.NOT_GENERATED)


def test_coarse_noise_rounds_are_drawn_as_blocks_of_their_mesh():
    noise = np.full((8, 8), -32768, np.int16)
    noise[::4, ::4] = [[10, 20], [30, 40]]
    change = np.zeros((8, 8), np.int32)
    change[::4, ::4] = [[-5, 5], [1, 2]]
    assert tgp_render.mesh_step(noise) == 4
    assert tgp_render.mesh_step(np.full((4, 4), -32768, np.int16)) == 0
    assert tgp_render.mesh_step(np.zeros((4, 4), np.int16)) == 1
    shown = tgp_render.tgp_display_layers({"noise": noise, "change": change})
    assert shown["noise"][:4, 4:].tolist() == [[20] * 4] * 4
    assert shown["change"][4:, :4].tolist() == [[1] * 4] * 4
    img = render_layer({"noise": noise}, LAYER_INFO["noise"], "noise", "tgp")
    assert rgba(img, 3, 3) == rgba(img, 0, 0) != tgp_render.NOT_GENERATED
    assert "blocks" in legend_for("noise", noise, None, "tgp").title
    done = legend_for("noise", np.zeros((2, 2), np.int16), None, "tgp")
    assert done.entries == [] and "blocks" not in done.title


def test_change_is_diverging_around_zero():
    change = np.array([[-40, 0, 10, 40]], np.int32)
    img = render_layer({"change": change}, LAYER_INFO["change"], "change", "tgp")
    low, zero, _, high = (rgba(img, 0, i) for i in range(4))
    assert zero == tuple(cm.DIVERGING_LUT[128]) or zero == tuple(cm.DIVERGING_LUT[127])
    assert abs(zero[0] - zero[2]) < 10                          # grey
    assert low[2] > low[0] and high[0] > high[2]                # blue down, red up
    legend = legend_for("change", change, LAYER_INFO["change"], "tgp")
    assert (legend.vmin, legend.vmax) == (-40, 40)
    flat = legend_for("change", np.zeros((2, 2), np.int32), None, "tgp")
    assert (flat.vmin, flat.vmax) == (-1, 1)


def test_water_is_a_mask():
    water = np.array([[0, 1]], np.uint8)
    img = render_layer({"water": water}, LAYER_INFO["water"], "water", "tgp")
    assert rgba(img, 0, 1) == cm.SEA and rgba(img, 0, 0) == cm.MASK_OFF
    assert len(legend_for("water", water, None, "tgp").entries) == 2


def test_tgp_names_do_not_take_fairland_schemes():
    # fairland's "elevation" scheme is fairland's; other generators' layers of
    # the same name do not borrow it
    e = np.array([[0, 50]], np.int16)
    layers = {"elevation": e}
    assert not np.array_equal(render_layer(layers, None, "elevation", "tgp"),
                              render_layer(layers, None, "elevation", "fairland"))


def test_hillshade_lights_the_north_west():
    flat = hillshade(np.zeros((8, 8)))
    assert np.allclose(flat, math.sin(math.radians(45)))
    x = np.arange(16, dtype=float)
    rising_east = np.tile(x, (16, 1)) / 4          # faces west: toward the light
    rising_west = rising_east[:, ::-1]
    assert hillshade(rising_east)[8, 8] > flat[0, 0] > hillshade(rising_west)[8, 8]
    rising_south = rising_east.T                   # faces north
    assert hillshade(rising_south)[8, 8] > flat[0, 0]
    # no data counts as flat; tiny arrays too
    nan = np.zeros((6, 6))
    nan[2, 2] = np.nan
    assert np.isfinite(hillshade(nan)).all()
    assert hillshade(np.zeros((1, 5))).shape == (1, 5)
    # a coarser cell is a gentler slope
    assert hillshade(rising_east, cell=4)[8, 8] < hillshade(rising_east)[8, 8]


def test_shade_keeps_flat_ground_its_own_colour():
    img = np.full((4, 4, 4), (100, 150, 200, 255), np.uint8)
    light = np.full((4, 4), math.sin(math.radians(45)), np.float32)
    light[0, 0], light[1, 1] = 1.0, 0.2
    out = shade(img, light)
    assert np.array_equal(out[2:], img[2:])
    assert (out[0, 0, :3] > img[0, 0, :3]).all() and (out[1, 1, :3] < img[1, 1, :3]).all()
    assert (out[..., 3] == 255).all()


def test_contours_are_one_pixel_on_the_higher_side():
    lv = np.array([[0, 0, 1, 1, 2],
                   [0, 0, 1, 1, 2]])
    m = contour_mask(lv)
    assert m.tolist() == [[False, False, True, False, True]] * 2
    # a step of five levels is an index contour, a step within 1..4 is not
    assert contour_mask(np.array([[4, 5, 6]]), every=5).tolist() == [[False, True, False]]
    # no line beside missing data
    valid = np.array([[True, True, True, True, False]] * 2)
    assert contour_mask(lv, valid).tolist() == [[False, False, True, False, False]] * 2
    img = np.full((2, 5, 4), 200, np.uint8)
    out = draw_contours(img, lv)
    assert (out[m, :3] < 200).all() and (out[~m] == 200).all() and (out[..., 3] == 200).all()
    index = draw_contours(img, np.array([[3, 3, 4, 4, 5]]).repeat(2, 0))
    assert int(index[0, 4, 0]) < int(index[0, 2, 0]) < 200    # every fifth level darker


def test_relief_comes_from_the_heights(result):
    layers = result.layers
    lv, whole, valid = relief_levels(layers, "heightmap")
    assert np.array_equal(lv, layers["heightmap"] / 16) and valid is None
    assert np.array_equal(whole, layers["heightmap"] // 16)
    lv2, _, _ = relief_levels(layers, "tile_class")       # classes on the heightmap
    assert np.array_equal(lv2, lv)
    lv3, whole3, _ = relief_levels(layers, "tile_height")
    assert np.array_equal(whole3, layers["tile_height"])
    assert relief_levels(layers, "heightmap", frozenset({"noise"})) is None
    noise = np.array([[-32768, 32], [48, 64]], np.int16)
    lvn, _, validn = relief_levels({"noise": noise}, "noise")
    assert np.isnan(lvn[0, 0]) and validn.tolist() == [[False, True], [True, True]]


@pytest.mark.parametrize("name", ["heightmap", "tile_height", "tile_class", "noise", "water"])
def test_square_picture_with_relief(result, name):
    layers, info = result.layers, result.layer_info[name]
    plain = square_picture(layers, info, name, 3, tgp_colours)
    assert plain.shape == (64 * 3, 64 * 3, 4) and plain.dtype == np.uint8
    cells = render_layer(layers, info, name, "tgp")
    assert np.array_equal(plain[::3, ::3], cells)
    shaded = square_picture(layers, info, name, 3, tgp_colours, hill_shading=True,
                            relief=relief_levels)
    lined = square_picture(layers, info, name, 3, tgp_colours, contours=True,
                           relief=relief_levels)
    assert not np.array_equal(shaded, plain)
    assert not np.array_equal(lined, plain)
    assert (lined[..., :3] <= plain[..., :3]).all()


def test_layer_image_of_a_tgp_result_uses_its_colours(result):
    img = layer_image(result, None, "tile_class", scale=2)
    assert img.shape == (128, 128, 4)
    tc = result.layers["tile_class"]
    y, x = np.argwhere(tc == 1)[0]
    assert rgba(img, 2 * y, 2 * x) == cm.SEA
    relief = layer_image(result, None, "heightmap", scale=2, hill_shading=True, contours=True)
    assert not np.array_equal(relief, layer_image(result, None, "heightmap", scale=2))
    bare = Result("tgp", SquareGrid(64, 64), {"tile_class": tc}, {})
    assert np.array_equal(layer_image(bare, None, "tile_class", scale=2), img)


def test_a_decimated_4096_map_renders_quickly():
    import time

    n = 4096
    hm = (np.add.outer(np.arange(n), np.arange(n)) % 240).astype(np.int16)
    layers = {"heightmap": hm[::4, ::4]}
    square_picture(layers, LAYER_INFO["heightmap"], "heightmap", 1, tgp_colours, True, True,
                   cell=4, relief=relief_levels)
    t0 = time.perf_counter()
    img = square_picture(layers, LAYER_INFO["heightmap"], "heightmap", 1, tgp_colours, True, True,
                         cell=4, relief=relief_levels)
    assert img.shape == (1024, 1024, 4)
    assert time.perf_counter() - t0 < 1.0       # ~50 ms here; generous for a busy machine


# -- OpenTTD 15.2 maps ----------------------------------------------------------------

@pytest.fixture(scope="module")
def modern():
    return TGP.generate({"openttd": "15.2", "size": (256, 128), "terrain": 4,
                         "smoothness": 3, "variety": 5, "stop_after": "rivers"}, seed=17)


def test_a_tall_15_2_map_stretches_the_terrain_map_to_its_top(modern):
    from viewer.render.picture import final_state, picture

    top = tgp_render.top_level(modern.layer_info["heightmap"])
    assert top == -(-modern.layer_info["heightmap"].vmax // 16) > 16
    th = modern.layers["tile_height"]
    assert th.max() > 16                   # above r13671's whole range
    img = tgp_render.color_tile_height(th, top)
    lo, hi = np.unravel_index(th.argmin(), th.shape), np.unravel_index(th.argmax(), th.shape)
    assert tuple(img[hi]) != tuple(img[lo])
    # every level up to the top gets a colour of its own, the top near white
    colours = tgp_render.color_tile_height(np.arange(top, dtype=np.uint8)[None, :], top)[0]
    assert len({tuple(c) for c in colours}) == top and min(colours[-1][:3]) > 230
    legend = picture(final_state(modern), "tile_height", {}, 1).legend
    # the bar ends where its title does
    assert legend.vmax == top - 1 and f"0..{top - 1}" in legend.title


def test_rocks_are_grey_on_the_tile_classes_and_a_layer_of_their_own(modern):
    rocks, tc = modern.layers["rocks"], modern.layers["tile_class"]
    assert rocks.any()
    img = tgp_colours(modern.layers, "tile_class")
    assert (img[rocks == 1] == tgp_render.TGP_ROCKS).all()
    assert (img[(rocks == 0) & (tc == 0)] == tgp_render.TGP_CLEAR).all()
    assert (img[tc == 3] == tgp_render.TGP_VOID).all()
    legend = legend_for("tile_class", tc, modern.layer_info["tile_class"], "tgp")
    assert legend is not None
    from viewer.render.picture import final_state, picture

    legend = picture(final_state(modern), "tile_class", {}, 1).legend
    rivers = [name for c, name in ((4, "river or lake water"), (5, "trees (wetland)"))
              if (tc == c).any()]          # a finished map's rivers and wetland trees
    assert [n for n, _ in legend.entries] == ["clear", "clear, rocks", "water (sea)", "shore",
                                              *rivers, "void"]
    mask = tgp_colours(modern.layers, "rocks")
    assert (mask[rocks == 1] == tgp_render.TGP_ROCKS).all()


def test_an_r13671_map_looks_as_it_did(result):
    """No rocks, the same 0..16 terrain map."""
    assert "rocks" not in result.layers
    assert tgp_render.top_level(result.layer_info["heightmap"]) == 16
    assert tgp_render.terrain_lut(16) is tgp_render.TERRAIN_LUT


def test_the_industry_types_by_pool_index_from_records_or_dicts():
    from types import SimpleNamespace

    from viewer.engine.tgp.openttd15.industries.industry import Industry
    from viewer.render.tgp_first_frame import industry_types_by_index

    objects = [Industry(0, 10, type=4), None, Industry(2, 30, type=17)]
    dicts = [{"index": 5, "type": 3, "tile": 1}]
    assert industry_types_by_index(SimpleNamespace(industries=objects)).tolist() == \
        [4, 255, 17, 255]
    assert industry_types_by_index(SimpleNamespace(industries=dicts)).tolist() == \
        [255] * 5 + [3, 255]
    assert industry_types_by_index(None).tolist() == [255]


def test_the_industry_types_on_the_map_are_those_of_its_tiles():
    from types import SimpleNamespace

    from viewer.engine.tgp.openttd15.industries.industry import Industry
    from viewer.render.tgp_first_frame import (MP_INDUSTRY, industry_types_on_map,
                                               tile_industry_types)

    world = SimpleNamespace(industries=[Industry(0, 1, type=9), Industry(1, 2, type=3),
                                        None, Industry(3, 4, type=30)])
    rng = np.random.default_rng(5)
    tile_type = (rng.integers(0, 16, (40, 50)) << 4).astype(np.uint8)
    m2 = rng.integers(0, 6, (40, 50)).astype(np.uint16)       # (2: a hole; 4, 5: no industry)
    tile_type[m2 == 3] = 0                                    # (the type-30 industry has no tile)
    layers = {"tile_type": tile_type, "m2": m2}
    present = industry_types_on_map(layers, world)
    whole = np.unique(tile_industry_types(layers, world))
    assert present.tolist() == [t for t in whole.tolist() if t != 255] == [3, 9]
    assert (tile_type >> 4 == MP_INDUSTRY).any()


def test_a_noise_rounds_mesh_fills_its_blocks():
    """Each cell shows the mesh point at or above-left of it, whatever the
    map's size against the mesh step."""
    v = np.random.default_rng(5).random((37, 21)).astype(np.float32)
    for step in (1, 2, 4, 16):
        got = tgp_render.fill_mesh(v, step)
        i, j = np.indices(v.shape)
        assert got.shape == v.shape
        assert np.array_equal(got, v[i // step * step, j // step * step])


def test_the_values_a_layer_holds_are_found_in_pieces_as_np_unique_finds_them(monkeypatch):
    import viewer.render.tgp as rt

    monkeypatch.setattr(rt, "PRESENT_CHUNK", 7)          # many pieces, a short last one
    rng = np.random.default_rng(3)
    for dtype in (np.uint8, np.int8, np.int16, np.int32, np.uint16):
        info = np.iinfo(dtype)
        values = rng.integers(max(info.min, -300), min(info.max, 300) + 1, (9, 11)).astype(dtype)
        values[2, 3] = info.min
        assert rt._present(values) == {int(v) for v in np.unique(values)}
        assert rt._present(values[:, ::2]) == {int(v) for v in np.unique(values[:, ::2])}
    assert rt._present(np.zeros((0, 4), np.uint8)) == set()
