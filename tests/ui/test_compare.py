"""A/B compare for two generators through the generic
window: pin A, change a parameter, B appears beside A with linked zoom, pan
and timeline step, a difference layer and the metrics of both."""

from __future__ import annotations

import numpy as np
import pytest

from viewer.render.colormaps import VALUE_RANGE
from viewer.render.difference import CHANGED, UNCHANGED, difference
from viewer.render.picture import final_state, picture
from viewer.ui.compare import metric_text, params_changed
from window_waits import settle

WAIT = 60_000


def has_colour(img, rgb) -> bool:
    return bool(np.all(img[..., :3] == np.array(rgb[:3], np.uint8), axis=-1).any())


def _same_view(va, vb):
    """The same centre (on the torus: modulo a period) at the same scale."""
    (ax0, ax1), (ay0, ay1) = va.vb.viewRange()
    (bx0, bx1), (by0, by1) = vb.vb.viewRange()
    assert (ax1 - ax0) / va.vb.size().width() == pytest.approx((bx1 - bx0) / vb.vb.size().width())
    pw, ph = vb.period
    assert ((ax0 + ax1) / 2 - (bx0 + bx1) / 2) % pw == pytest.approx(0, abs=1e-6) or \
        ((ax0 + ax1) / 2 - (bx0 + bx1) / 2) % pw == pytest.approx(pw, abs=1e-6)
    assert ((ay0 + ay1) / 2 - (by0 + by1) / 2) % ph == pytest.approx(0, abs=1e-6) or \
        ((ay0 + ay1) / 2 - (by0 + by1) / 2) % ph == pytest.approx(ph, abs=1e-6)


CASES = {
    # generator: (parameter to change, new value, a scalar layer, a categorical layer)
    "fairland": ("sp", 40, "elevation", "own"),
    "tgp": ("terrain", 3, "heightmap", "tile_class"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_pin_a_then_b_side_by_side(qtbot, window, name):
    w = window
    param, value, scalar, categorical = CASES[name]
    if w.generator.name != name:
        w.set_generator(name)
    settle(qtbot, w, lambda: w.result.generator == name)
    assert not w.compare.isVisible()
    w.menu_actions()["Pin as A"].trigger()
    a = w.result
    cmp = w.compare
    assert cmp.isVisible() and cmp.a is a
    # B: another value of one parameter
    w.param_panel.widgets[param].editor.setValue(value)
    settle(qtbot, w, lambda: w.result.params[param] == value)
    b = w.result
    assert b is not a and cmp.a is a
    p = w.generator.param(param)                 # named as the panel names them
    assert f"{p.label} {p.said(a.params[param])} -> {p.said(value)}" in cmp.title.text()
    # A is drawn as the picture pipeline draws it, at B's scale
    w.select_layer(categorical)
    settle(qtbot, w)
    expected = picture(final_state(a), categorical, w.workbench.picture_options(), w.map_view.scale)
    assert np.array_equal(cmp.map_view.rgba, expected.rgba)
    # linked zoom and pan
    w.map_view.vb.scaleBy((0.5, 0.5))
    w.map_view.pan_by(13, 7)
    qtbot.wait(50)
    _same_view(cmp.map_view, w.map_view)
    cmp.map_view.pan_by(-5, 9)                 # and the other way round
    qtbot.wait(50)
    _same_view(cmp.map_view, w.map_view)
    # the difference of a categorical layer: which cells changed
    cmp.mode.setCurrentIndex(1)
    settle(qtbot, w)
    d = difference(final_state(a), final_state(b), categorical)
    assert d.count == int(np.count_nonzero(a.layers[categorical] != b.layers[categorical]))
    assert 0 < d.count < d.changed.size
    img = cmp.map_view.rgba
    assert has_colour(img, CHANGED) and has_colour(img, UNCHANGED)
    assert f"({d.count} of {d.changed.size})" in cmp.legend.title_text()
    # ... and of a numeric one: by how much (B - A on a colour bar)
    w.select_layer(scalar)
    settle(qtbot, w)
    d = cmp.difference
    assert d is not None and d.delta is not None and d.layer == scalar
    delta = b.layers[scalar].astype(float) - a.layers[scalar].astype(float)
    assert np.array_equal(d.delta, delta)
    assert cmp.legend.legend.lut is not None
    assert cmp.legend.legend.vmax == pytest.approx(np.abs(delta).max())
    # the metrics of A and B, and their difference
    gen = w.generator
    ma, mb = gen.metrics(a), gen.metrics(b)
    rows = {cmp.table.verticalHeaderItem(i).text(): i for i in range(cmp.table.rowCount())}
    assert set(rows) == set(ma)
    for k, i in rows.items():
        scale = max(abs(ma[k]), abs(mb[k]))
        assert cmp.table.item(i, 0).text() == metric_text(ma[k], scale)
        assert cmp.table.item(i, 1).text() == metric_text(mb[k], scale)
        assert "e-" not in cmp.table.item(i, 2).text()
    # linked timeline step: A at the same step
    cmp.mode.setCurrentIndex(0)
    step = min(a.trace.n_steps, b.trace.n_steps) // 2
    w.timeline.set_step(step)
    settle(qtbot, w, lambda: w.state.step == step)
    qtbot.waitUntil(lambda: cmp.state is not None and cmp.state.step == step, timeout=WAIT)
    assert np.array_equal(cmp.state.layers[categorical],
                          a.trace.state_at(step)[categorical])
    # unpin; another generator unpins too
    w.menu_actions()["Unpin A"].trigger()
    assert not cmp.isVisible() and cmp.a is None


def test_switching_generator_ends_the_comparison(qtbot, window):
    w = window
    w.menu_actions()["Pin as A"].trigger()
    assert w.compare.pinned
    w.set_generator("tgp")
    settle(qtbot, w, lambda: w.result.generator == "tgp")
    assert not w.compare.pinned and not w.compare.isVisible()


def test_the_panes_share_one_colour_scale(qtbot, window):
    """A and B are drawn on one colour scale, the range covering both maps'
    own values: one value, one colour in both panes, and neither pane's
    values pressed against the ends of the bar; unpinned, B has its own
    scale again, and a file always has its own."""
    w = window
    w.set_generator("tgp")
    settle(qtbot, w, lambda: w.result.generator == "tgp")
    w.set_option("hill_shading", False)           # colour by height alone
    w.workbench.set_values({"terrain": 3})      # mountainous: higher, another top level
    w.request_generation()
    settle(qtbot, w, lambda: w.result.params["terrain"] == 3)
    w.select_layer("heightmap")
    w.menu_actions()["Pin as A"].trigger()
    a = w.result
    w.workbench.set_values({"terrain": 0})      # very flat: B lower than A
    w.request_generation()
    settle(qtbot, w, lambda: w.result.params["terrain"] == 0)
    b = w.result
    cmp = w.compare
    settle(qtbot, w, lambda: cmp.state is not None and cmp.state.result is a
           and w.workbench.shared_range is not None)
    settle(qtbot, w)
    plain = w.workbench.picture_options()
    assert VALUE_RANGE not in plain and VALUE_RANGE in w.workbench.screen_options()
    own_a = picture(final_state(a), "heightmap", plain, w.map_view.scale).legend
    own_b = picture(final_state(b), "heightmap", plain, w.map_view.scale).legend
    assert (own_a.vmin, own_a.vmax) != (own_b.vmin, own_b.vmax)     # a case that counts
    lo, hi = min(own_a.vmin, own_b.vmin), max(own_a.vmax, own_b.vmax)
    assert (lo, hi) != (own_b.vmin, own_b.vmax)       # B's own scale would have cut A's
    la, lb = cmp.legend.legend, w.legend.legend
    assert (la.vmin, la.vmax) == (lb.vmin, lb.vmax) == (lo, hi)
    assert np.array_equal(la.lut, lb.lut)
    assert w.legend.vmax.text() == f"{hi:g}"          # the bar as the user reads it
    # a file of B has B's own scale
    assert (w.workbench.picture(export=True).legend.vmax) == own_b.vmax
    # the same height is the same colour on screen in A's pane and in B's
    ha, hb = np.asarray(a.layers["heightmap"]), np.asarray(b.layers["heightmap"])
    s = int(w.map_view.scale)
    img_a, img_b = cmp.map_view.rgba, w.map_view.rgba
    assert img_a.shape == img_b.shape == (ha.shape[0] * s, ha.shape[1] * s, 4)
    common = np.intersect1d(np.unique(ha), np.unique(hb))
    assert common.size >= 5
    for v in common[:: max(1, common.size // 12)]:
        ya, xa = np.argwhere(ha == v)[0]
        yb, xb = np.argwhere(hb == v)[0]
        assert tuple(img_a[ya * s, xa * s]) == tuple(img_b[yb * s, xb * s]), v
    # unpinned: B on its own scale again
    w.menu_actions()["Unpin A"].trigger()
    settle(qtbot, w)
    assert (w.legend.legend.vmin, w.legend.legend.vmax) == (own_b.vmin, own_b.vmax)


def test_metric_numbers_are_rounded_to_what_they_mean():
    assert metric_text(1.52587890625e-05, 0.5, signed=True) == "0.0000"
    assert metric_text(0.0123, 0.5, signed=True) == "+0.0123"
    assert metric_text(0.49998474, 0.5) == "0.5000"
    assert metric_text(65536.0, 65536.0) == "65,536"
    assert metric_text(-12.0, 40.0, signed=True) == "-12"
    assert metric_text(3.14159, 3.2) == "3.142"
    assert metric_text(float("nan"), 1.0) == "n/a"


def test_b_differs_in_names_settings_and_values_as_the_panel_does():
    from viewer import registry
    from viewer.engine.protocol import Result, SquareGrid

    decl = registry.declaration("tgp")
    a = Result("tgp", SquareGrid(4, 4), {}, {}, params={"rivers": 1, "landscape": "arctic"},
               seed=1)
    b = Result("tgp", SquareGrid(4, 4), {}, {}, params={"rivers": 3, "landscape": "tropic"},
               seed=1)
    text = params_changed(a, b, decl)
    assert "Rivers few -> lots" in text and "Climate Sub-arctic -> Sub-tropical" in text
