"""A finished OpenTTD 15.2 map in the window: the zones, desert
ground and snow drawn and in the legend, every finished layer selectable,
river and lake water apart from the sea, the inspector's zone, ground,
density, water class and river rows, and the timeline's steps past the water
pass shown with their layers."""

from __future__ import annotations

import numpy as np
from finished_tgp import LAKE_TILES, RIVER_TILES, WETLAND_TILES, finished

from viewer.engine.tgp.layers import LANDSCAPE_LAYERS
from viewer.render.tgp import (
    TGP_DESERT,
    TGP_RAINFOREST,
    TGP_RIVER,
    TGP_TREES,
    TGP_WATER,
)
from viewer.ui.compare import metric_text

WAIT = 120_000


def settle(qtbot, window, cond=lambda: True):
    qtbot.waitUntil(lambda: window.result is not None and not window.busy() and cond(),
                    timeout=WAIT)


def _tgp(qtbot, window, size="128x64", **values):
    values = {"stop_after": "rivers", **values}     # the terrain, as GenerateLandscape leaves it
    box = window.generator_box
    box.setCurrentIndex(box.findData("tgp"))
    settle(qtbot, window, lambda: window.result.generator == "tgp")
    window.workbench.set_values({"size": size, **values})
    window.request_generation()
    width = int(size.split("x")[0])
    settle(qtbot, window, lambda: window.result.grid.width == width
           and all(window.result.params[k] == v for k, v in values.items()))
    if window.options["hill_shading"]:          # the plain colours
        window.toggle_action("hill_shading").trigger()
        settle(qtbot, window)
    return window


def _pixel(w, x, y):
    img = w.shown_image()
    s = w.map_view.scale
    return tuple(int(c) for c in img[y * s + s // 2, x * s + s // 2][:3])


def _entries(w):
    return {name: tuple(colour) for name, colour in w.legend.legend.entries}


def test_a_tropic_map_shows_its_zones_and_desert(qtbot, window):
    w = _tgp(qtbot, window, landscape="tropic")
    r = w.result
    names = [w.layer_list.item(i).data(0x0100) for i in range(w.layer_list.count())]
    assert set(LANDSCAPE_LAYERS) <= set(names)
    w.select_layer("tile_class")
    settle(qtbot, w)
    tc, ground, tropic = (r.layers[n] for n in ("tile_class", "ground", "tropic"))
    desert = np.argwhere((tc == 0) & ((ground & 0x7F) == 5))
    assert len(desert), "a tropic map of the defaults has desert ground"
    y, x = desert[len(desert) // 2]
    assert _pixel(w, x, y) == TGP_DESERT[:3]
    assert _entries(w)["clear, desert"] == TGP_DESERT
    rain = np.argwhere((tc == 0) & (tropic == 2) & (ground == 0) & (r.layers["rocks"] == 0))
    y, x = rain[0]
    assert _pixel(w, x, y) == TGP_RAINFOREST[:3]
    assert _entries(w)["clear, rainforest zone"] == TGP_RAINFOREST
    w.select_layer("tropic")
    settle(qtbot, w)
    assert _entries(w)["desert"] == TGP_DESERT and _pixel(w, x, y) == TGP_RAINFOREST[:3]
    rows = w.inspect(int(x), int(y))
    assert rows["zone"] == "rainforest" and rows["ground"] == "grass (0x00)"
    assert rows["water class"] == "- (not water)" and rows["river id"] == "none"
    assert rows["density"] == str(int(r.layers["density"][y, x]))
    for name in LANDSCAPE_LAYERS:
        w.select_layer(name)
        settle(qtbot, w)
        assert w.legend.legend is not None and w.legend.legend.title, name
        assert w.shown_image().shape[:2] == (64 * w.map_view.scale, 128 * w.map_view.scale)


def test_rivers_lakes_and_wetland_trees_are_drawn_apart_from_the_sea(qtbot, window):
    w = _tgp(qtbot, window)
    shown = finished(w.result)
    w.show_result(shown)
    w.select_layer("tile_class")
    settle(qtbot, w)
    for x, y in RIVER_TILES + LAKE_TILES:
        assert _pixel(w, x, y) == TGP_RIVER[:3]
    for x, y in WETLAND_TILES:
        assert _pixel(w, x, y) == TGP_TREES[:3]
    sy, sx = np.argwhere(shown.layers["tile_class"] == 1)[0]
    assert _pixel(w, sx, sy) == TGP_WATER[:3]
    entries = _entries(w)
    assert entries["river or lake water"] == TGP_RIVER != entries["water (sea)"]
    assert entries["trees (wetland)"] == TGP_TREES
    rows = w.inspect(*LAKE_TILES[0])
    assert rows["water class"] == "river (a river or lake)"
    assert rows["river id"] == "2 (well 2, ends in a lake)"
    assert rows["class"] == "river (4)"
    rows = w.inspect(*RIVER_TILES[0])
    assert rows["river id"] == "1 (well 1, ends in the sea)"
    rows = w.inspect(int(sx), int(sy))
    assert rows["water class"] == "sea" and rows["river id"] == "none"
    w.select_layer("river_id")
    settle(qtbot, w)
    entries = _entries(w)
    assert _pixel(w, *RIVER_TILES[0]) == entries["river 1"][:3]
    assert _pixel(w, *LAKE_TILES[0]) == entries["river 2"][:3]


def test_the_timeline_shows_the_steps_past_the_water_pass(qtbot, window):
    w = _tgp(qtbot, window, landscape="tropic", size="64x64")
    trace = w.result.trace
    assert trace is not None
    water = trace.pipe.water_step
    assert trace.n_steps > water, "steps after the water pass"
    w.select_layer("tile_class")
    for step in range(water, trace.n_steps + 1):
        w.timeline.set_step(step)
        settle(qtbot, w, lambda s=step: w.state.step == s)
        text = trace.describe(step)
        assert text
        for name in ("tile_class",) + LANDSCAPE_LAYERS:
            w.select_layer(name)
            assert w.shown_image().shape[:2] == (64 * w.map_view.scale,) * 2, (step, name)
            if step > water or name == "tile_class":
                assert w.legend.legend is not None, (step, name)
            else:    # the zones, ground and snow come later: the picture says so
                assert w.map_view.notice.isVisible(), (step, name)
        if step > water:
            assert set(LANDSCAPE_LAYERS) <= w.state.meaningful
            assert "zone" in w.inspect(10, 10)
    assert w.state.final


def test_compare_shows_the_rivers_zones_and_snow_of_both(qtbot, window):
    w = _tgp(qtbot, window, size="128x128")
    w.menu_actions()["Pin as A"].trigger()
    a = w.result
    w.workbench.set_values({"landscape": "arctic"})
    w.request_generation()
    settle(qtbot, w, lambda: w.result.params["landscape"] == "arctic")
    b = w.result
    cmp = w.compare
    rows = {cmp.table.verticalHeaderItem(i).text(): i for i in range(cmp.table.rowCount())}
    ma, mb = w.generator.metrics(a), w.generator.metrics(b)
    for name in ("river_tiles", "rivers_made", "lakes", "desert_share", "rainforest_share",
                 "snow_tiles"):
        scale = max(abs(ma[name]), abs(mb[name]))
        assert cmp.table.item(rows[name], 0).text() == metric_text(ma[name], scale)
        assert cmp.table.item(rows[name], 1).text() == metric_text(mb[name], scale)
    assert ma["river_tiles"] > 0 and mb["snow_tiles"] > 0 == ma["snow_tiles"]
