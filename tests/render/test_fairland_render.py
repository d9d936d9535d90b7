"""Every fairland layer gets colours that say what its values mean."""

from __future__ import annotations

import numpy as np

from viewer.engine.fairland.layers import LAYER_INFO
from viewer.engine.protocol import LayerInfo
from viewer.render import colormaps as cm
from viewer.render import fairland as fl
from viewer.render import render_layer


def rgba(arr, *idx):
    return tuple(int(v) for v in arr[idx])


def test_own_sea_is_sea_blue_and_islands_are_distinct():
    own = np.array([[-1, 0, 0, 1], [2, 3, -1, 4]], np.int16)
    img = render_layer({"own": own}, LAYER_INFO["own"], "own", "fairland")
    assert img.shape == (2, 4, 4) and img.dtype == np.uint8
    assert rgba(img, 0, 0) == cm.SEA and rgba(img, 1, 2) == cm.SEA
    assert rgba(img, 0, 1) == rgba(img, 0, 2)
    colours = {rgba(img, 0, 1), rgba(img, 0, 3), rgba(img, 1, 0), rgba(img, 1, 1),
               rgba(img, 1, 3), cm.SEA}
    assert len(colours) == 6


def test_distinct_colours_are_stable_and_far_apart():
    pal = cm.distinct_colors(40).astype(int)
    assert np.array_equal(cm.distinct_colors(10), pal[:10])
    d = np.abs(pal[:12, None, :3] - pal[None, :12, :3]).sum(-1)
    np.fill_diagonal(d, 999)
    assert d.min() > 30


def test_elevation_is_terrain():
    elev = np.array([[-127, -10, 1, 50, 97, 98, 127]], np.int16)
    img = render_layer({"elevation": elev}, LAYER_INFO["elevation"], "elevation",
                       "fairland").astype(int)
    for i in (0, 1):                     # sea: blue dominates
        assert img[0, i, 2] > img[0, i, 0] and img[0, i, 2] > img[0, i, 1]
    assert img[0, 0, 2] < img[0, 1, 2]  # deeper is darker
    assert img[0, 2, 1] > img[0, 2, 2]  # lowland is green
    assert img[0, 4, 0] > img[0, 4, 2]  # highland is brown
    assert np.all(img[0, 5, :3] >= 200) and np.all(img[0, 6, :3] >= 200)  # mountains white


def test_xzone_special_values_have_their_own_colours():
    xz = np.array([[-1, -2, 0, 1]], np.int16)
    img = render_layer({"xzone": xz}, LAYER_INFO["xzone"], "xzone", "fairland")
    assert rgba(img, 0, 0) == cm.NO_ZONE
    assert rgba(img, 0, 1) == cm.SEVERAL
    assert len({rgba(img, 0, i) for i in range(4)}) == 4
    # an island's zone has the island's colour in `own`
    own = render_layer({"own": xz}, LAYER_INFO["own"], "own", "fairland")
    assert rgba(img, 0, 3) == rgba(own, 0, 3)


def test_closest_tie_is_marked():
    cl = np.array([[255, 0, 1, 255]], np.uint8)
    img = render_layer({"closest": cl}, LAYER_INFO["closest"], "closest", "fairland")
    assert rgba(img, 0, 0) == cm.TIE == rgba(img, 0, 3)
    assert rgba(img, 0, 1) != cm.TIE and rgba(img, 0, 1) != rgba(img, 0, 2)


def test_distance_ramps_and_marks_unreached():
    d = np.array([[0, 3, 6, 65535]], np.uint16)
    img = render_layer({"distance": d}, LAYER_INFO["distance"], "distance", "fairland").astype(int)
    assert rgba(img, 0, 3) == cm.UNREACHED
    bright = img[0, :3, :3].sum(-1)
    assert bright[0] < bright[1] < bright[2]


def test_each_resource_has_its_own_ramp_on_land_and_the_sea_is_muted():
    layers = {"own": np.array([[0, 0, -1]], np.int16)}
    seen = set()
    for name in fl.RESOURCE_NAMES:
        layers[name] = np.array([[0, 100, 100]], np.uint8)
        img = render_layer(layers, LAYER_INFO[name], name, "fairland").astype(int)
        assert img[0, 1, :3].sum() > img[0, 0, :3].sum()
        assert rgba(img, 0, 2) == fl.SEA_MUTED               # same value, at sea: muted
        # the eye goes to the land: even land without the resource is brighter than sea
        assert img[0, 0, :3].sum() > img[0, 2, :3].sum()
        seen.add(rgba(img, 0, 1))
    assert len(seen) == len(fl.RESOURCE_NAMES)


def test_coastal_draws_the_sea_as_sea_not_as_yes():
    layers = {"own": np.array([[0, 0, -1]], np.int16),
              "coastal": np.array([[0, 1, 1]], np.uint8)}
    img = render_layer(layers, LAYER_INFO["coastal"], "coastal", "fairland")
    assert rgba(img, 0, 1) == cm.MASK_ON and rgba(img, 0, 2) == fl.SEA_MUTED
    leg = fl.fairland_legend("coastal", layers["coastal"], LAYER_INFO["coastal"])
    assert ("sea", fl.SEA_MUTED) in leg.entries


def test_kind_drives_layers_without_a_scheme():
    mask = render_layer({"m": np.array([[0, 1]], np.uint8)}, LayerInfo("m", "", "mask"), "m")
    assert rgba(mask, 0, 0) == cm.MASK_OFF and rgba(mask, 0, 1) == cm.MASK_ON
    sc = render_layer({"s": np.array([[0.0, 0.5, 1.0]])}, LayerInfo("s", "", "scalar", 0, 1), "s")
    assert rgba(sc, 0, 0) == tuple(int(v) for v in cm.LUTS["viridis"][0])
    assert rgba(sc, 0, 2) == tuple(int(v) for v in cm.LUTS["viridis"][-1])
    cat = render_layer({"c": np.array([[-1, 0, 1]])}, LayerInfo("c", "", "categorical",
                                                                 labels={-1: "none"}), "c")
    assert rgba(cat, 0, 0) == cm.BACKGROUND and rgba(cat, 0, 1) != rgba(cat, 0, 2)
    # no info at all: inferred from the values
    inferred = render_layer({"b": np.array([[False, True]])}, None, "b")
    assert rgba(inferred, 0, 1) == cm.MASK_ON


def test_every_fairland_layer_has_a_legend():
    for name, info in LAYER_INFO.items():
        values = np.array([[0, 1, 2]], np.int16)
        leg = fl.fairland_legend(name, values, info)
        assert leg.entries or leg.lut is not None, name
    leg = fl.fairland_legend("xzone", np.array([[-2, -1, 0]]), LAYER_INFO["xzone"])
    labels = [label for label, _ in leg.entries]
    assert any("-1" in s for s in labels) and any("-2" in s for s in labels)
