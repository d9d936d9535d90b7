"""A finished OpenTTD 15.2 map drawn: river and lake water apart from the
sea, wetland trees, desert, snow by density, rainforest zone and rocks on
the tile classes, each in the legend; the layers tropic, snow, ground and
river_id each drawn and explained."""

from __future__ import annotations

import numpy as np
import pytest
from finished_tgp import (
    DESERT_TILES,
    LAKE_TILES,
    RAINFOREST_TILES,
    RIVER_TILES,
    SNOW_TILES,
    WETLAND_TILES,
    finished,
)

from viewer.engine.protocol import MapState
from viewer.engine.tgp.generator import TGP
from viewer.render.picture import picture
from viewer.render.tgp import (
    RENDERER,
    TGP_CLASS_COLORS,
    TGP_DESERT,
    TGP_RAINFOREST,
    TGP_RIVER,
    TGP_ROCKS,
    TGP_SNOW,
    TGP_TREES,
    TGP_WATER,
    tgp_colours,
)


@pytest.fixture(scope="module")
def result():
    base = TGP.generate({"openttd": "15.2", "size": (64, 64), "terrain": 4,
                         "smoothness": 3, "stop_after": "rivers"}, seed=11)
    return finished(base)


def colour(img, x, y):
    return tuple(int(c) for c in img[y, x])


def test_tile_classes_show_each_feature_in_its_colour(result):
    img = tgp_colours(result.layers, "tile_class")
    tc = result.layers["tile_class"]
    for x, y in RIVER_TILES + LAKE_TILES:
        assert colour(img, x, y) == TGP_RIVER
    for x, y in WETLAND_TILES:
        assert colour(img, x, y) == TGP_TREES
    for (x, y), d in SNOW_TILES.items():
        assert colour(img, x, y) == TGP_SNOW[d]
    for x, y in DESERT_TILES:
        if tc[y, x] == 0:
            assert colour(img, x, y) == TGP_DESERT
    rain_clear = [(x, y) for x, y in RAINFOREST_TILES if tc[y, x] == 0
                  and not result.layers["rocks"][y, x]]
    assert rain_clear and all(colour(img, x, y) == TGP_RAINFOREST for x, y in rain_clear)
    sea = np.argwhere(tc == 1)
    assert len(sea) and all(colour(img, x, y) == TGP_WATER for y, x in sea[:20])
    rocks = np.argwhere(result.layers["rocks"] != 0)
    assert len(rocks) and all(colour(img, x, y) == TGP_ROCKS for y, x in rocks[:20])
    assert len(set(TGP_CLASS_COLORS)) == len(TGP_CLASS_COLORS)
    assert TGP_RIVER != TGP_WATER


def test_the_legend_names_everything_the_map_has(result):
    state = MapState(result, result.layers)
    entries = dict(RENDERER.legend(state, "tile_class", {}).entries)
    assert entries["river or lake water"] == TGP_RIVER
    assert entries["water (sea)"] == TGP_WATER
    assert entries["trees (wetland)"] == TGP_TREES
    assert entries["clear, desert"] == TGP_DESERT
    assert entries["clear, rainforest zone"] == TGP_RAINFOREST
    assert entries["clear, rocks"] == TGP_ROCKS
    for d in range(4):
        assert entries[f"snow, density {d}"] == TGP_SNOW[d]
    # a map without them does not list them
    plain = TGP.generate({"openttd": "15.2", "size": (64, 64), "stop_after": "rivers"}, seed=11)
    names = {n for n, _ in RENDERER.legend(MapState(plain, plain.layers), "tile_class",
                                           {}).entries}
    assert not names & {"river or lake water", "trees (wetland)", "clear, desert"}


@pytest.mark.parametrize("layer", ["tropic", "snow", "ground", "river_id", "density"])
def test_each_finished_layer_is_drawn_and_explained(result, layer):
    state = MapState(result, result.layers)
    legend = RENDERER.legend(state, layer, {})
    assert legend is not None and legend.title
    pic = picture(state, layer, {"hill_shading": False, "contours": False}, 1)
    img = pic.rgba
    assert img.shape[0] >= 64 and img.shape[1] >= 64
    cells = RENDERER.cells(state, layer, {})
    if layer == "tropic":
        x, y = DESERT_TILES[0]
        assert colour(cells, x, y) == TGP_DESERT == dict(legend.entries)["desert"]
        x, y = RAINFOREST_TILES[0]
        assert colour(cells, x, y) == TGP_RAINFOREST
    elif layer == "snow":
        for (x, y), d in SNOW_TILES.items():
            assert colour(cells, x, y) == dict(legend.entries)[f"snow, density {d}"]
    elif layer == "river_id":
        a, b = RIVER_TILES[0], LAKE_TILES[0]
        entries = dict(legend.entries)
        assert colour(cells, *a) == entries["river 1"] != entries["river 2"] == \
            colour(cells, *b)
    elif layer == "ground":
        names = {n for n, _ in legend.entries}
        assert {"grass", "desert", "grass, snow", "trees on grass"} <= names
        assert colour(cells, *DESERT_TILES[0]) == dict(legend.entries)["desert"] or \
            result.layers["tile_class"][DESERT_TILES[0][1], DESERT_TILES[0][0]] != 0


def test_hill_shading_and_contours_still_draw_on_the_finished_classes(result):
    state = MapState(result, result.layers)
    flat = picture(state, "tile_class", {"hill_shading": False, "contours": False}, 2).rgba
    lit = picture(state, "tile_class", {"hill_shading": True, "contours": True}, 2).rgba
    assert flat.shape == lit.shape and not np.array_equal(flat, lit)


@pytest.mark.parametrize("layer", ["tropic", "snow", "density", "ground"])
def test_every_colour_of_a_finished_layer_is_on_its_legend(result, layer):
    """The density layer's colours were a categorical palette under a
    viridis bar; water was drawn as the land value the game gives it."""
    state = MapState(result, result.layers)
    legend = RENDERER.legend(state, layer, {})
    cells = RENDERER.cells(state, layer, {})
    drawn = {tuple(int(c) for c in px) for px in np.unique(cells.reshape(-1, 4), axis=0)}
    listed = {tuple(c) for _n, c in legend.entries}
    assert drawn <= listed, (drawn - listed, legend.entries)


@pytest.mark.parametrize("layer", ["tropic", "snow", "density", "ground"])
def test_sea_and_land_are_told_apart_on_every_finished_layer(result, layer):
    state = MapState(result, result.layers)
    cells = RENDERER.cells(state, layer, {})
    tc = result.layers["tile_class"]
    sea = {tuple(int(c) for c in px) for px in cells[tc == 1]}
    land = {tuple(int(c) for c in px) for px in cells[(tc == 0) | (tc == 5)]}
    assert sea == {TGP_WATER} and not sea & land
    entries = dict(RENDERER.legend(state, layer, {}).entries)
    assert entries["water (sea)"] == TGP_WATER
    if (tc == 4).any():
        assert {tuple(int(c) for c in px) for px in cells[tc == 4]} == {TGP_RIVER}


def test_the_arctic_climate_step_shows_the_snow_line_it_found():
    from viewer.render.tgp import TGP_SNOW_LINE

    r = TGP.generate({"openttd": "15.2", "size": (64, 64), "landscape": "arctic",
                      "terrain": 3}, seed=4, trace=True)
    line = r.detail.snow_line_height
    t = r.trace
    step = next(k for k in range(1, t.n_steps + 1) if t.phase_at(k) == "climate")
    state = MapState(r, t.state_at(step), (), step, t.meaningful_at(step))
    cells = RENDERER.cells(state, "tile_class", {})
    tc, th = state.layers["tile_class"], state.layers["tile_height"]
    above = (tc == 0) & (th >= line)
    assert above.any() and f"height {line}" in t.describe(step)
    assert (cells[above] == np.array(TGP_SNOW_LINE, np.uint8)).all()
    assert not (cells[~above] == np.array(TGP_SNOW_LINE, np.uint8)).all(axis=-1).any()
    entries = dict(RENDERER.legend(state, "tile_class", {}).entries)
    assert any(f"snow line (height {line}" in name for name in entries)
    # the finished map shows the snow the tile loop laid instead
    final = MapState(r, r.layers)
    assert not (RENDERER.cells(final, "tile_class", {}) ==
                np.array(TGP_SNOW_LINE, np.uint8)).all(axis=-1).any()


def test_a_wetland_is_recognisable_and_in_the_legend():
    """A wetland (a river ending in pools, rough ground and, half the time,
    trees) drew as plain clear land at 256x256: its rough ground is its own
    colour, with a legend entry."""
    from viewer.render.tgp import TGP_WETLAND

    r = TGP.generate({"openttd": "15.2", "size": (256, 256), "rivers": 3,
                      "stop_after": "rivers"}, seed=6)
    assert any("wetland" in a.text for a in r.detail.river_attempts)
    state = MapState(r, r.layers)
    tc, g = r.layers["tile_class"], r.layers["ground"]
    rough = (tc == 0) & ((g & 0x7F) == 1) & (r.layers["snow"] == 0)
    assert rough.any()
    cells = RENDERER.cells(state, "tile_class", {})
    assert (cells[rough] == np.array(TGP_WETLAND, np.uint8)).all()
    entries = dict(RENDERER.legend(state, "tile_class", {}).entries)
    assert entries["wetland (rough ground by pools and trees)"] == TGP_WETLAND
    assert entries.get("trees (wetland)", TGP_TREES) == TGP_TREES
