"""A finished OpenTTD 15.2 map is shown first as the finished map (its tile
classes with rivers, lakes, snow, desert), not the normalised heightmap;
rivers and lakes are drawn over the height layers too."""

from __future__ import annotations

import numpy as np
from window_waits import settle

from viewer.render.tgp import RENDERER, TGP_RIVER


def test_a_finished_tgp_map_is_shown_as_the_finished_map_first(qtbot, window):
    w = window
    w.workbench.set_values({"size": (64, 64)}, of="tgp")
    w.set_generator("tgp")
    settle(qtbot, w, lambda: w.result.generator == "tgp")
    assert w.result.params["openttd"] == "15.2" and "river_id" in w.result.layers
    assert w.layer_name == "tile_class"
    assert w.layer_list.currentItem().data(0x0100) == "tile_class"
    # a map that stops at the water pass has no finished map: its heightmap first
    w.workbench.set_values({"stop_after": "water"})
    w.workbench.set_layer("")
    w.request_generation()
    settle(qtbot, w, lambda: "river_id" not in w.result.layers)
    assert w.layer_name == "heightmap"


def test_rivers_and_lakes_are_drawn_over_the_height_layers(qtbot, window):
    w = window
    w.workbench.set_values({"size": (128, 128), "rivers": 3}, of="tgp")
    w.set_generator("tgp")
    settle(qtbot, w, lambda: w.result.generator == "tgp")
    river = w.result.layers["tile_class"] == 4
    assert river.any()
    for layer in ("heightmap", "tile_height"):
        w.select_layer(layer)
        settle(qtbot, w)
        cells = RENDERER.cells(w.state, layer, {})
        assert (cells[river] == np.array(TGP_RIVER, np.uint8)).all(), layer
        assert not (cells[~river] == np.array(TGP_RIVER, np.uint8)).all(axis=-1).any()
        legend = dict(w.current_picture().legend.entries)
        assert legend["river or lake water"] == TGP_RIVER
