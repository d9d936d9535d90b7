"""OpenTTD 15.2 TerraGenesis in the window: 15.2 is the default,
the settings a version lacks are disabled with a tooltip saying so, rocks,
shore and void are drawn and in the legend, the inspector gives a tile's
corners and the step that set them, the status line says what the map is,
r13671's overflow is announced, and A/B compares the two versions."""

from __future__ import annotations

import numpy as np

from viewer.engine.tgp.generator import TGP
from viewer.engine.tgp.layers import MODERN_LAYERS
from viewer.render.tgp import TGP_ROCKS, TGP_SHORE, TGP_VOID

WAIT = 60_000


def settle(qtbot, window, cond=lambda: True):
    qtbot.waitUntil(lambda: window.result is not None and not window.busy() and cond(),
                    timeout=WAIT)


def _tgp(qtbot, window, **values):
    box = window.generator_box
    box.setCurrentIndex(box.findData("tgp"))
    settle(qtbot, window, lambda: window.result.generator == "tgp")
    window.workbench.set_values({"size": "128x64", **values})
    window.request_generation()
    settle(qtbot, window, lambda: window.result.grid.width == 128
           and all(window.result.params[k] == v for k, v in values.items()))
    return window


def test_15_2_is_the_default_with_its_settings(qtbot, window):
    w = _tgp(qtbot, window, terrain=4, variety=3)
    r = w.result
    assert r.params["openttd"] == "15.2" and r.detail.version == "15.2"
    names = [w.layer_list.item(i).data(0x0100) for i in range(w.layer_list.count())]
    assert set(MODERN_LAYERS) <= set(names)
    panel = w.param_panel
    assert panel.widgets["openttd"].value() == "15.2"
    assert panel.widgets["terrain"].value_label() == "alpinist"
    assert panel.widgets["variety"].value_label() == "medium"
    # r13671's Random() skip is off under 15.2, and says why
    skip = panel.widgets["rng_skip"]
    assert not skip.isEnabled() and "15.2 has no such setting" in skip.toolTip()
    assert panel.widgets["variety"].isEnabled()
    again = TGP.generate(r.params, seed=r.seed)
    for name in MODERN_LAYERS:
        np.testing.assert_array_equal(r.layers[name], again.layers[name], err_msg=name)
    # the default is the game's first frame, counted on the status line
    assert r.params["stop_after"] == "world"
    text = w.run_status.message.text()
    assert "the first frame of the game" in text
    assert f"{len(r.detail.towns)} towns" in text and " industries" in text
    w.workbench.set_values({"stop_after": "rivers"})
    w.request_generation()
    settle(qtbot, w, lambda: w.result.params["stop_after"] == "rivers")
    assert ("OpenTTD 15.2: the terrain as GenerateLandscape leaves it, before towns, industries "
            "and trees") in w.run_status.message.text()
    w.workbench.set_values({"stop_after": "water"})
    w.request_generation()
    settle(qtbot, w, lambda: w.result.params["stop_after"] == "water")
    assert "after the water pass" in w.run_status.message.text()
    assert "rivers" in w.run_status.message.text()


def test_switching_version_disables_what_it_lacks(qtbot, window):
    w = _tgp(qtbot, window)
    panel = w.param_panel
    panel.widgets["openttd"].set_value("r13671")
    panel.widgets["openttd"].changed.emit()
    for name in ("variety", "custom_terrain", "custom_sea_level", "water_borders",
                 "freeform_edges", "height_limit"):
        assert not panel.widgets[name].isEnabled(), name
        assert "r13671 has no such setting" in panel.widgets[name].toolTip(), name
    assert panel.widgets["rng_skip"].isEnabled()
    settle(qtbot, w, lambda: w.result.params["openttd"] == "r13671")
    assert "rocks" not in w.result.layers
    panel.set_values({"openttd": "15.2"})
    assert panel.widgets["variety"].isEnabled() and not panel.widgets["rng_skip"].isEnabled()


def test_void_shore_and_rocks_drawn_and_in_the_legend(qtbot, window):
    w = _tgp(qtbot, window, terrain=4, smoothness=3)
    r = w.result
    assert r.layers["rocks"].any()
    w.select_layer("tile_class")
    settle(qtbot, w)
    entries = dict((name, tuple(colour)) for name, colour in w.legend.legend.entries)
    assert entries["void"] == TGP_VOID and entries["shore"] == TGP_SHORE
    assert entries["clear, rocks"] == TGP_ROCKS
    if w.options["hill_shading"]:                 # the plain colours
        w.toggle_action("hill_shading").trigger()
        settle(qtbot, w)
    img = w.shown_image()
    s = w.map_view.scale
    y, x = np.argwhere(r.layers["rocks"] == 1)[0]
    assert tuple(img[y * s + s // 2, x * s + s // 2][:3]) == TGP_ROCKS[:3]
    assert tuple(img[s // 2, s // 2][:3]) == TGP_VOID[:3]      # freeform: row 0 is void
    w.select_layer("rocks")
    settle(qtbot, w)
    assert "rocks" in w.legend.legend.title


def test_the_inspector_gives_corners_and_the_step_that_set_them(qtbot, window):
    w = _tgp(qtbot, window, terrain=4, smoothness=3)
    r = w.result
    before = r.detail.tile_height_before_fix()
    th = r.layers["tile_height"]
    y, x = np.argwhere((before != th)[:-1, :-1])[0]
    rows = w.inspect(int(x), int(y))
    assert rows["tile height"] == str(int(th[y, x]))
    assert rows[f"corner N (tile {x},{y})"] == \
        f"{int(th[y, x])} (FixSlopes, from {int(before[y, x])})"
    assert rows[f"corner S (tile {x + 1},{y + 1})"].split(" ")[0] == str(int(th[y + 1, x + 1]))
    assert rows["rocks"] in ("yes", "no")
    flat = np.argwhere((before == th)[:-1, :-1] & (np.roll(before == th, -1, 1)[:-1, :-1]))[0]
    rows = w.inspect(int(flat[1]), int(flat[0]))
    assert rows[f"corner N (tile {flat[1]},{flat[0]})"].endswith("(tile transfer)")


def test_r13671s_overflow_is_announced(qtbot, window):
    w = _tgp(qtbot, window)
    r = TGP.generate({"openttd": "r13671", "size": (2048, 4096), "sea_level": 3}, seed=1)
    assert r.detail.warnings
    w.show_result(r)
    assert "overflows" in w.banner.text() and "64 bits" in w.banner.text()
    ok = TGP.generate({"openttd": "15.2", "size": (64, 64)}, seed=1)
    w.show_result(ok)
    assert w.banner.text() == ""


def test_a_b_compares_the_two_versions(qtbot, window):
    w = _tgp(qtbot, window)
    w.menu_actions()["Pin as A"].trigger()
    a = w.result
    cmp = w.compare
    assert cmp.a is a and a.params["openttd"] == "15.2"
    w.workbench.set_value("openttd", "r13671")
    w.param_panel.widgets["openttd"].changed.emit()
    settle(qtbot, w, lambda: w.result.params["openttd"] == "r13671")
    b = w.result
    assert "OpenTTD version 15.2 -> r13671" in cmp.title.text()
    w.select_layer("tile_height")
    cmp.mode.setCurrentIndex(1)                   # the difference B - A
    settle(qtbot, w)
    d = cmp.difference
    assert d is not None and d.delta is not None
    np.testing.assert_array_equal(d.delta, b.layers["tile_height"].astype(float)
                                  - a.layers["tile_height"].astype(float))
