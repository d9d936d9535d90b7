"""The whole world, always reachable: Fit shows the whole map in every
window shape (and in both compare panes), zooming out stops a little beyond
it, a torus repeats without an edge wherever the view goes, and hovering
anywhere reads the sector there."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QPointF

from viewer.render.hexraster import sector_at
from viewer.ui.map_view import ZOOM_OUT
from window_waits import settle

WAIT = 60_000
BACKGROUND = (20, 20, 24)


def shows_whole_map(view) -> bool:
    (x0, x1), (y0, y1) = view.vb.viewRange()
    w, h = view.period
    eps = 1e-6 * max(w, h)
    return x0 <= eps and x1 >= w - eps and y0 <= eps and y1 >= h - eps


def centred(view) -> bool:
    (x0, x1), (y0, y1) = view.vb.viewRange()
    w, h = view.period
    return (x0 + x1) / 2 == pytest.approx(w / 2) and (y0 + y1) / 2 == pytest.approx(h / 2)


def background_share(view) -> float:
    """The share of the view's pixels left in the background colour."""
    img = view.grab().toImage()
    ptr = img.constBits()
    a = np.frombuffer(ptr, np.uint8).reshape(img.height(), img.bytesPerLine())
    a = a[:, :img.width() * 4].reshape(img.height(), img.width(), 4)
    bgr = a[..., :3][..., ::-1]                 # ARGB32 little endian: B G R A
    return float(np.all(bgr == np.array(BACKGROUND, np.uint8), axis=-1).mean())


@pytest.mark.parametrize("size", [(1280, 820), (1024, 700), (1920, 1080), (700, 1000),
                                  (1900, 420)])
def test_fit_shows_the_whole_world_centred_in_every_window_shape(qtbot, window, size):
    window.resize(*size)
    qtbot.wait(50)
    window.map_view.zoom_by(0.3)              # the user zoomed in, then asks to fit
    window.menu_actions()["Fit map"].trigger()
    view = window.map_view
    assert shows_whole_map(view) and centred(view)
    # the world repeats around the period: nothing on screen is empty
    assert background_share(view) < 0.001


def test_fit_with_the_sweep_dock_open(qtbot, window):
    window.resize(1600, 1000)
    window.sweep.dock.toggleViewAction().trigger()
    qtbot.waitUntil(window.sweep.dock.isVisible)
    qtbot.wait(100)
    window.menu_actions()["Fit map"].trigger()
    assert shows_whole_map(window.map_view) and centred(window.map_view)


def test_zooming_out_stops_a_little_beyond_the_whole_map(qtbot, window):
    view = window.map_view
    for _ in range(30):
        view.zoom_by(1.5)
    (x0, x1), _ = view.vb.viewRange()
    per = (x1 - x0) / view.vb.size().width()
    assert shows_whole_map(view)
    assert per == pytest.approx(view.fit_per_pixel() * ZOOM_OUT, rel=1e-6)
    for _ in range(60):                       # and zooming in stops too
        view.zoom_by(0.5)
    (x0, x1), _ = view.vb.viewRange()
    assert (x1 - x0) > 0 and view.screen_zoom() * view.scale <= 161


def test_every_capital_is_whole_on_screen_at_every_step(qtbot, window):
    """At fit, whatever step: each capital's letter has a copy well inside
    the view (none is lost at a seam, as "a" at 63,1 was)."""
    w = window
    trace = w.result.trace
    view = w.map_view
    steps = [0, 1, 2, 3, 4, 5, trace.n_steps // 3, trace.n_steps]
    for step in steps:
        w.timeline.set_step(step)
        settle(qtbot, w, lambda s=step: w.state.step == s)
        qtbot.wait(5)
        (x0, x1), (y0, y1) = view.vb.viewRange()
        pad = view.scale
        labels = {m.label for m in w.state.markers}
        inside = {lab for lab, x, y in view.letter_positions()
                  if x0 + pad <= x <= x1 - pad and y0 + pad <= y <= y1 - pad}
        assert labels <= inside, (step, labels - inside)


def test_panning_anywhere_leaves_no_edge_and_hover_reads_modulo_the_world(qtbot, window):
    view = window.map_view
    window.resize(1400, 800)
    qtbot.wait(50)
    view.zoom_by(0.7)
    w, h = view.period
    rng = np.random.default_rng(5)
    vp = view.viewport()
    for _ in range(12):
        view.pan_by(float(rng.uniform(-2.5, 2.5) * w), float(rng.uniform(-2.5, 2.5) * h))
        qtbot.wait(5)
        assert background_share(view) < 0.001
        for _ in range(5):
            pos = QPoint(int(rng.integers(2, vp.width() - 2)),
                         int(rng.integers(2, vp.height() - 2)))
            scene = view.mapToScene(pos)
            p = view.vb.mapSceneToView(scene)
            want = sector_at(p.x(), p.y(), 64, 32, view.scale)
            seen = []
            view.hovered.connect(seen.append)
            qtbot.mouseMove(vp, pos)
            view.scene().sigMouseMoved.emit(QPointF(scene))
            view.hovered.disconnect(seen.append)
            assert view.sector_at_scene(QPointF(scene)) == want
            rows = window.inspect(*want)
            assert rows["sector"] == f"{want[0]},{want[1]}"


def test_every_copy_of_every_capital_in_the_view_has_its_letter_wherever_one_pans(
        qtbot, window):
    """The letters are placed on the torus copies the view touches and half a
    period around them, placed anew when a pan or a zoom goes beyond."""
    view = window.map_view
    w, h = view.period
    rng = np.random.default_rng(11)
    for zoom in (0.5, 2.0, 1.6):
        view.zoom_by(zoom)
        for _ in range(6):
            view.pan_by(float(rng.uniform(-1.7, 1.7) * w), float(rng.uniform(-1.7, 1.7) * h))
            qtbot.wait(5)
            (x0, x1), (y0, y1) = view.vb.viewRange()
            placed = view.letter_positions()
            where = {(lab, round(x, 3), round(y, 3)) for lab, x, y in placed}
            firsts = {}
            for lab, x, y in placed:       # each letter's spot in the first period
                firsts[lab] = (x - np.floor(x / w) * w, y - np.floor(y / h) * h)
            assert set(firsts) == set(view.letters()) and firsts
            for lab, (fx, fy) in firsts.items():
                for tx in range(int(np.floor(x0 / w)) - 1, int(np.floor(x1 / w)) + 2):
                    for ty in range(int(np.floor(y0 / h)) - 1, int(np.floor(y1 / h)) + 2):
                        x, y = fx + tx * w, fy + ty * h
                        if x0 <= x <= x1 and y0 <= y <= y1:
                            assert (lab, round(x, 3), round(y, 3)) in where, (lab, x, y)


def test_outline_of_one_period(qtbot, window):
    act = window.menu_actions()["Outline one period"]
    view = window.map_view
    assert act.isCheckable() and not view.outline.isVisible()
    act.trigger()
    assert view.outline.isVisible()
    r = view.outline.rect()
    assert (r.width(), r.height()) == view.period
    act.trigger()
    assert not view.outline.isVisible()


@pytest.mark.parametrize("name", ["fairland", "tgp", "numberlink"])
def test_fit_shows_the_whole_map_in_both_compare_panes(qtbot, window, name):
    w = window
    if w.generator.name != name:
        w.set_generator(name)
    settle(qtbot, w, lambda: w.result.generator == name)
    w.resize(1280, 820)
    w.menu_actions()["Pin as A"].trigger()
    w.request_generation(force=True)
    w.param_panel.seed_row.set_seed(7 if name != "numberlink" else "seven", announce=True)
    settle(qtbot, w, lambda: w.result is not w.compare.a)
    qtbot.wait(50)
    w.map_view.zoom_by(0.4)
    w.map_view.pan_by(5, 3)
    w.menu_actions()["Fit map"].trigger()
    qtbot.wait(20)
    for view in (w.map_view, w.compare.map_view):
        assert shows_whole_map(view) and centred(view)
