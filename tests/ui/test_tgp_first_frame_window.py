"""A TerraGenesis map made to the game's first frame in the window: the
industries painted in their small-map colours (a legend entry per type on
the map, a toggle taking them away), lighthouses and transmitters as
markers, the inspector's industry and tree rows, the Industries tab
centring the map on its row, and the status line's "first frame"."""

from __future__ import annotations

import firstframe as ff
import numpy as np
import pytest

from viewer.engine.tgp import game_settings
from viewer.engine.tgp.generator import TGP
from viewer.engine.tgp.openttd15.industries.specs import INDUSTRY_SPECS
from viewer.engine.tgp.openttd15.overview import industry_display_name
from viewer.render.tgp_first_frame import PALETTE

WAIT = 120_000
CASE = "ff-04"


def settle(qtbot, w, cond=lambda: True):
    qtbot.waitUntil(lambda: w.result is not None and not w.busy() and cond(), timeout=WAIT)


def test_the_first_frame_is_drawn_listed_and_inspected(qtbot, window):
    if CASE not in ff.case_ids():
        pytest.skip("the openttd-firstframe reference is absent")
    c = ff.case(CASE)
    values = dict(game_settings.to_values(c["settings"]), stop_after="world")
    result = TGP.generate(values, seed=c["seed"])
    w = window
    box = w.generator_box
    box.setCurrentIndex(box.findData("tgp"))
    settle(qtbot, w, lambda: w.result.generator == "tgp")
    if w.options["hill_shading"]:
        w.toggle_action("hill_shading").trigger()
        settle(qtbot, w)
    w.show_result(result)
    w.select_layer("tile_class")
    settle(qtbot, w, lambda: w.result is result)
    industries = ff.stage_record(CASE, "world")["industries"]
    grids = ff.grids(CASE, "world")
    ys, xs = np.nonzero((grids["type"] >> 4) == 8)
    y, x = int(ys[0]), int(xs[0])
    kind = next(i["type"] for i in industries if i["index"] == int(grids["m2"][y, x]))
    colour = PALETTE[INDUSTRY_SPECS[kind].map_colour]
    img, s = w.shown_image(), w.map_view.scale
    assert tuple(int(v) for v in img[y * s + s // 2, x * s + s // 2][:3]) == colour
    rows = w.inspect(x, y)
    assert rows["industry"].startswith(industry_display_name(kind))
    assert rows["industry's town"]
    ty, tx = (int(v[0]) for v in np.nonzero((grids["type"] >> 4) == 4))
    assert "tree" in w.inspect(tx, ty)["trees"]
    # the Industries tab: one row per industry; a row centres the map on it
    table = w.gen_view.industries_table
    w.gen_view.industries_dock.raise_()          # (its tab chosen: the rows go in)
    qtbot.waitUntil(table.filled, timeout=10_000)
    assert table.rowCount() == len(industries)
    # at the dock's width every column reads: type and location whole, the town in what is left
    w.gen_view.industries_dock.raise_()
    qtbot.waitUntil(lambda: table.isVisible() and all(
        0 <= table.columnViewportPosition(c)
        and table.columnViewportPosition(c) + table.columnWidth(c) <= table.viewport().width()
        for c in range(3)) and all(table.columnWidth(c) >= table.sizeHintForColumn(c)
                                   for c in (0, 2)), timeout=5000)
    table.selectRow(1)
    loc = table.cell(1, 2)
    ix, iy = (int(v) for v in loc.split(","))
    (x0, x1), (y0, y1) = w.map_view.vb.viewRange()
    assert abs((x0 + x1) / 2 - (ix + 0.5) * s) < 1 and abs((y0 + y1) / 2 - (iy + 0.5) * s) < 1
    assert "the first frame of the game" in w.gen_view.describe(result)
    # the Industries toggle takes them away
    w.toggle_action("industries").trigger()
    settle(qtbot, w)
    img = w.shown_image()
    assert tuple(int(v) for v in img[y * s + s // 2, x * s + s // 2][:3]) != colour
