"""Towns drawn over a TerraGenesis map as the game's small map draws them
(houses dark red, roads, bridges and tunnels black; zoomed in, roads by the
sides they leave their tiles by and houses inside a margin), their names as markers, their
swatches in the legend, all off with the Towns toggle."""

from __future__ import annotations

import firstframe as ff
import numpy as np
import pytest
from towns_tgp import with_towns

from viewer.engine.protocol import MapState
from viewer.engine.tgp.generator import TGP
from viewer.engine.tgp.openttd15.towns.overview import (
    KIND_BRIDGE,
    KIND_HOUSE,
    KIND_NONE,
    KIND_ROAD,
    town_tile_kinds,
)
from viewer.render.picture import picture
from viewer.render.tgp_towns import HOUSE, ROAD

CASE = "ff-04"      # 64x64, six towns


@pytest.fixture(scope="module")
def state():
    base = TGP.generate({"openttd": "15.2", "size": (64, 64)}, seed=5)
    result = with_towns(base, CASE)
    return MapState(result, result.layers, tuple(result.markers))


def kinds():
    return town_tile_kinds(ff.world(CASE, "towns").map)


def test_houses_and_roads_in_the_small_maps_colours(state):
    k = kinds()
    pic = picture(state, "tile_class", {"hill_shading": False}, scale=8)
    img = pic.rgba
    for kind, colour in ((KIND_HOUSE, HOUSE), (KIND_ROAD, ROAD)):
        ys, xs = np.nonzero(k == kind)
        assert len(xs) > 10
        for x, y in zip(xs[:20], ys[:20]):
            assert tuple(img[y * 8 + 4, x * 8 + 4]) == colour      # the middle
            assert tuple(img[y * 8, x * 8]) != colour              # the land at its corner
    off = picture(state, "tile_class", {"hill_shading": False, "towns": False}, scale=8).rgba
    ys, xs = np.nonzero(k == KIND_HOUSE)
    assert all(tuple(off[y * 8 + 4, x * 8 + 4]) != HOUSE for x, y in zip(xs, ys))
    # elsewhere the picture is the map's own
    none = np.repeat(np.repeat(k == 0, 8, 0), 8, 1)
    assert np.array_equal(img[none], off[none])


def test_a_tile_is_wholly_painted_below_eight_pixels(state):
    k = kinds()
    img = picture(state, "tile_height", {"hill_shading": False}, scale=2).rgba
    ys, xs = np.nonzero(k == KIND_HOUSE)
    for x, y in zip(xs, ys):
        assert (img[y * 2:y * 2 + 2, x * 2:x * 2 + 2].reshape(-1, 4) == HOUSE).all()


def test_bridge_ends_are_drawn_as_roads():
    from viewer.render.tgp_towns import paint_towns
    k = np.zeros((3, 3), np.uint8)
    k[1, 1] = KIND_BRIDGE
    img = paint_towns(np.zeros((3, 3, 4), np.uint8), k, 1)
    assert tuple(img[1, 1]) == ROAD and not img[0, 0].any()


def test_the_towns_names_are_markers_and_the_legend_has_them(state):
    pic = picture(state, "tile_class", {})
    names = sorted(m.label for m in pic.letters if m.kind == "town")
    assert names == sorted(t["name"] for t in ff.stage_record(CASE, "towns")["towns"])
    m = next(m for m in pic.letters if m.kind == "town")
    t = next(t for t in ff.stage_record(CASE, "towns")["towns"] if t["name"] == m.label)
    assert (m.x, m.y) == (t["xy"] % 64, t["xy"] // 64)
    assert ("houses", HOUSE) in pic.legend.entries
    off = picture(state, "tile_class", {"towns": False})
    assert not [m for m in off.letters if m.kind == "town"]
    assert ("houses", HOUSE) not in off.legend.entries


def test_zoomed_in_a_road_reaches_the_sides_it_leaves_by():
    from viewer.render.tgp_towns import paint_towns, road_arms

    k = np.array([[KIND_ROAD, KIND_ROAD, KIND_NONE]], np.uint8)
    m5 = np.array([[2, 8, 0]], np.uint8)         # SW (towards +x), NE (towards -x)
    img = paint_towns(np.zeros((8, 24, 4), np.uint8), k, 8, road_arms(k, m5))
    painted = (img[..., 3] > 0)
    assert painted[4, 3:13].all()                # one street across the two tiles
    assert not painted[0].any() and not painted[:, 16:].any()
    assert not painted[4, 0:2].any()             # the first leaves only by SW


def test_a_map_before_a_towns_founding_shows_no_name_of_it(state):
    from viewer.render.tgp_towns import towns_on_map

    towns = state.result.detail.towns
    assert towns_on_map(towns, state.layers) == list(towns)
    layers = dict(state.layers)
    tile_type = np.asarray(layers["tile_type"]).copy()
    for t in towns[1:]:                       # as if only town 0 were founded yet
        tile_type.reshape(-1)[t["xy"]] = 0
    layers["tile_type"] = tile_type
    assert [t["index"] for t in towns_on_map(towns, layers)] == [0]
