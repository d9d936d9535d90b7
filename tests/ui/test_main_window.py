"""The workbench window: live regeneration, errors, timeline, inspector."""

from __future__ import annotations

import time

import numpy as np
import pytest
from PySide6.QtCore import QPointF

from viewer.engine.fairland.generator import FAIRLAND
from viewer.engine.inspect import NOT_MEANINGFUL
from viewer.engine.protocol import CancelToken
from viewer.render import render_layer
from viewer.render.hexraster import hex_center, image_size, rasterize
from viewer.render.picture import display_scale
from viewer.ui.main_window import MainWindow
from viewer.ui.run_status import COMPILING
from viewer.workbench.events import RunFinished

WAIT = 30_000


def expected_image(values, seed, layer="own", outline=True):
    """What the window must show for these parameters, computed independently."""
    r = FAIRLAND.generate(values, seed=seed)
    w, h = r.grid.width, r.grid.height
    scale = display_scale(w)
    cells = render_layer(r.layers, r.layer_info[layer], layer, "fairland")
    edge = (15, 15, 18, 255) if outline and scale >= 10 else None
    return rasterize(cells, w, h, scale, outline=edge)


def slider(window, name):
    return window.param_panel.widgets[name].editor


def settle(qtbot, window):
    qtbot.waitUntil(lambda: not window.busy(), timeout=WAIT)


def test_first_map_is_shown(window):
    r = window.result
    assert r.params == FAIRLAND.validate({})
    assert np.array_equal(window.shown_image(), expected_image({}, r.seed))
    assert sorted(window.map_view.letters()) == ["a", "b", "c", "d", "e"]
    assert "ms" in window.time_label.text()


def test_moving_a_slider_regenerates_and_the_pixels_change(qtbot, window):
    before = window.shown_image().copy()
    slider(window, "sp").setValue(80)
    qtbot.waitUntil(lambda: window.result.params["sp"] == 80, timeout=WAIT)
    settle(qtbot, window)
    after = window.shown_image()
    assert not np.array_equal(before, after)
    assert np.array_equal(after, expected_image({"sp": 80}, window.result.seed))


def test_a_hundred_rapid_changes_end_on_the_final_map(qtbot, window):
    sc, sp = slider(window, "sc"), slider(window, "sp")
    made = []                                   # the maps that came out
    window.workbench.events.connect(RunFinished, lambda e: made.append(e.result))
    for k in range(100):
        sc.setValue(20 + k % 17)
        sp.setValue(k % 90)
    settle(qtbot, window)
    final = {"sc": 20 + 99 % 17, "sp": 99 % 90}
    assert window.result.params == FAIRLAND.validate(final)
    assert np.array_equal(window.shown_image(), expected_image(final, window.result.seed))
    assert not window.workbench.busy()           # nothing runs, nothing waits
    assert 1 <= len(made) < 20 and made[-1] is window.result   # most were superseded


def test_a_bad_parameter_shows_its_message_and_keeps_the_old_map(qtbot, window):
    good = window.result
    image = window.shown_image().copy()
    slider(window, "ni").setValue(7)                # not a multiple of 5 continents
    assert "multiple of the number of continents" in window.param_panel.widgets["ni"].error.text()
    assert window.param_panel.widgets["ni"].error.isVisibleTo(window)
    assert "multiple" in window.message.text()
    settle(qtbot, window)
    assert window.result is good
    assert np.array_equal(window.shown_image(), image)
    slider(window, "ni").setValue(10)               # fixed: the message goes away
    qtbot.waitUntil(lambda: window.result.params["ni"] == 10, timeout=WAIT)
    assert window.param_panel.error_text() == ""


def test_a_bad_world_size_is_refused_beside_the_field(qtbot, window):
    good = window.result
    world = window.param_panel.widgets["world"]
    world.editor.setCurrentText("63x32")
    world.changed.emit()                            # as when editing finishes
    assert "must be even" in world.error.text()
    world.editor.setCurrentText("huge")
    world.changed.emit()
    assert "WxH" in world.error.text()
    settle(qtbot, window)
    assert window.result is good
    world.editor.setCurrentText("96x48")
    world.changed.emit()
    qtbot.waitUntil(lambda: window.result.grid.width == 96, timeout=WAIT)
    settle(qtbot, window)
    assert world.error.text() == ""
    assert window.shown_image().shape[:2] == image_size(96, 48, display_scale(96))


def test_a_world_too_small_for_the_land_says_so_and_keeps_the_old_map(qtbot, window):
    good = window.result
    image = window.shown_image().copy()
    slider(window, "sc").setValue(200)
    qtbot.waitUntil(lambda: "not large enough" in window.message.text(), timeout=WAIT)
    assert "world not large enough for this much land" in window.param_panel.error_text()
    assert window.result is good
    assert np.array_equal(window.shown_image(), image)


def test_the_timeline_reaches_every_phase_with_the_engine_state(qtbot, window):
    trace = window.result.trace
    assert window.timeline.n_steps == trace.n_steps and window.timeline.at_end()
    names = [name for name, _ in trace.phases()]
    assert names[0].startswith("drift") and names[-1] == "resources"
    for name, first in trace.phases():
        window.timeline.set_step(first)
        qtbot.waitUntil(lambda f=first: window.state.meaningful == trace.meaningful_at(f),
                        timeout=WAIT)
        settle(qtbot, window)
        state = trace.state_at(first)
        assert name in window.timeline.caption.text()
        for layer in trace.meaningful_at(first):
            assert np.array_equal(window.state.layers[layer], state[layer]), (name, layer)
        assert [m.label for m in window.state.markers] == \
            [m.label for m in trace.markers_at(first)]
    window.timeline.last()
    settle(qtbot, window)
    assert window.state.layers is window.result.layers


def test_a_layer_without_meaning_at_a_step_says_so(qtbot, window):
    window.select_layer("xzone")
    assert window.layer_name == "xzone"
    trace = window.result.trace
    step = trace.phases()[0][1]                     # start of drift: no zones yet
    assert "xzone" not in trace.meaningful_at(step)
    window.timeline.set_step(step)
    qtbot.waitUntil(lambda: window.state.meaningful == trace.meaningful_at(step), timeout=WAIT)
    assert window.map_view.notice.isVisible()
    assert "not meaningful" in window.map_view.notice.toPlainText()
    rows = window.inspect(3, 1)
    assert rows["xzone"] == NOT_MEANINGFUL and rows["own"] != NOT_MEANINGFUL


def test_timeline_buttons_and_play(qtbot, window):
    tl = window.timeline
    tl.first()
    assert tl.step == 0
    tl.next()
    tl.next()
    assert tl.step == 2
    tl.prev()
    assert tl.step == 1
    tl.next_phase()
    assert tl.step == tl.phases()[0][1]
    tl.toggle_play()
    qtbot.waitUntil(lambda: tl.step > tl.phases()[0][1] + 5, timeout=WAIT)
    tl.pause()
    tl.last()
    assert tl.at_end()


def test_timeline_keyboard_shortcuts(qtbot, window):
    from PySide6.QtCore import Qt
    window.activateWindow()
    tl = window.timeline
    tl.first()
    qtbot.keyClick(window, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
    assert tl.step == 1
    qtbot.keyClick(window, Qt.Key.Key_Down, Qt.KeyboardModifier.ControlModifier)
    assert tl.step == tl.phases()[0][1]
    qtbot.keyClick(window, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    assert tl.at_end()


def test_inspector_shows_absolute_and_relative_coordinates(window):
    r = window.result
    w, h = r.grid.width, r.grid.height
    x, y = w - 3, h - 1                             # x+y even: a sector
    rows = window.inspect(x, y)
    assert rows["sector"] == f"{x},{y}"
    assert rows["relative (xdump)"] == f"{x - w},{y - h}"
    assert rows["elevation"].split()[0] == str(r.layers["elevation"][y, x // 2])
    rows = window.inspect(4, 2)
    assert rows["relative (xdump)"] == "4,2"
    for name in ("own", "elevation", "sector_type", "iron", "gold", "fertility", "oil",
                 "uranium", "coastal", "xzone", "closest", "distance"):
        assert name in rows


def test_hovering_the_map_reports_the_sector(qtbot, window):
    view = window.map_view
    seen = []
    view.hovered.connect(seen.append)
    px, py = hex_center(9, 5, view.scale)
    (x0, _), (y0, _) = view.vb.viewRange()
    w, h = view.period
    px += np.ceil((x0 - px) / w) * w            # the copy of the hex that is on screen
    py += np.ceil((y0 - py) / h) * h
    view.scene().sigMouseMoved.emit(view.vb.mapViewToScene(QPointF(px + 1, py + 1)))
    assert seen[-1] == (9, 5)
    assert window.inspector.as_dict()["sector"] == "9,5"


def test_dragging_wraps_around_the_torus(qtbot, window):
    view = window.map_view
    w, h = view.period
    (x0, x1), (y0, y1) = view.vb.viewRange()
    for _ in range(7):
        view.pan_by(-w * 0.3, h * 0.4)
    (a0, a1), (b0, b1) = view.vb.viewRange()
    # the same size of view, its centre moved back into the first period
    assert a1 - a0 == pytest.approx(x1 - x0) and b1 - b0 == pytest.approx(y1 - y0)
    assert 0 <= (a0 + a1) / 2 < w and 0 <= (b0 + b1) / 2 < h


def test_slow_runs_show_progress_and_can_be_cancelled(qtbot, window, monkeypatch):
    """A run longer than half a second shows its phase and a cancel button;
    cancelling keeps the last good map."""
    good = window.result

    def slow_generate(values, *, seed, trace=False, cancel: CancelToken, progress=None):
        cancel.phase_names = ("drift", "grow continents")
        end = time.perf_counter() + 20
        while time.perf_counter() < end:
            cancel.check()
            time.sleep(0.005)
        raise AssertionError("not cancelled")

    # the generator shown, its engine slowed down
    monkeypatch.setattr(window.generator.engine, "generate", slow_generate)
    assert window.request_generation(force=True) is not None
    qtbot.waitUntil(lambda: window.progress.isVisible(), timeout=WAIT)
    assert window.cancel_button.isVisible()
    qtbot.waitUntil(lambda: "drift" in window.message.text(), timeout=WAIT)
    window.cancel_button.click()
    qtbot.waitUntil(lambda: not window.busy(), timeout=WAIT)
    assert "cancelled" in window.message.text()
    assert window.result is good
    qtbot.waitUntil(lambda: not window.progress.isVisible(), timeout=WAIT)


def test_first_slow_run_says_the_engine_is_being_prepared(qtbot, monkeypatch):
    """Before any run has finished, a slow run is the numba compile."""
    w = MainWindow(generate=False)
    qtbot.addWidget(w)
    w.show()
    try:
        real = w.generator.engine.generate

        def slow_generate(values, *, seed, trace=False, cancel=None, progress=None):
            time.sleep(0.8)
            return real(values, seed=seed, trace=trace, cancel=cancel)

        monkeypatch.setattr(w.generator.engine, "generate", slow_generate)
        w.request_generation()
        qtbot.waitUntil(lambda: w.progress.isVisible(), timeout=WAIT)
        assert w.message.text() == COMPILING
        qtbot.waitUntil(lambda: w.result is not None, timeout=WAIT)
    finally:
        w.shutdown()


def test_fairness_panel_has_a_row_per_continent_and_the_spread(qtbot, window):
    window.gen_view.fairness_dock.raise_()
    qtbot.waitUntil(window.gen_view.fairness_panel.isVisible)
    data = window.gen_view.fairness_panel.data
    r = window.result
    assert len(data.rows) == r.params["nc"]
    assert sum(row["land"] for row in data.rows) == int((r.layers["own"] >= 0).sum())
    assert all(row["continent sectors"] == r.params["sc"] for row in data.rows)
    assert all(row["nearest capital"] >= r.params["di"] for row in data.rows)
    assert data.spread["land"] == (max(row["land"] for row in data.rows)
                                   - min(row["land"] for row in data.rows))
    panel = window.gen_view.fairness_panel
    table = panel.table
    assert table.rowCount() == r.params["nc"] + 1         # the continents and the spread
    land = list(data.columns).index("land")
    assert [table.item(panel.continent_row(c), land).text() for c in range(r.params["nc"])] \
        == [str(row["land"]) for row in data.rows]


def test_window_remembers_parameters_and_seed(qtbot, window, private_settings):
    slider(window, "pm").setValue(12)
    window.param_panel.seed_row.set_seed(4242, announce=True)
    qtbot.waitUntil(lambda: window.result.seed == 4242, timeout=WAIT)
    window.select_layer("elevation")
    window.close()
    again = MainWindow(generate=False)
    qtbot.addWidget(again)
    try:
        assert again.param_panel.values()["pm"] == 12
        assert again.param_panel.seed() == 4242
        assert again.layer_name == "elevation"
    finally:
        again.shutdown()
    assert private_settings.exists()


def test_screenshot_of_the_main_window(qtbot, window, tmp_path):
    window.resize(1280, 820)
    window.inspect(10, 4)
    qtbot.wait(50)
    path = tmp_path / "main.png"
    assert window.grab().save(str(path))
    from viewer.formats.png import read_png
    img = read_png(path)
    assert img.shape[0] >= 600 and img.shape[1] >= 1000
    assert len(np.unique(img.reshape(-1, 4), axis=0)) > 50     # not a blank window


def test_zooming_in_draws_the_hexes_finer_and_keeps_the_view(qtbot, window):
    from viewer.render.hexraster import sector_at

    mv = window.map_view
    base = mv.scale
    mv.zoom_by(0.2)                           # as the wheel would
    (x0, x1), (y0, y1) = mv.vb.viewRange()
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    before = sector_at(cx, cy, 64, 32, base)
    qtbot.waitUntil(lambda: mv.detail_scale is not None, timeout=5000)
    fine = mv.detail_scale
    assert fine > base
    assert mv.vb.viewRange() == [[x0, x1], [y0, y1]]           # the view stays
    # the finer picture covers the view and shows, in its middle, the sector
    # that was there (drawn by the picture pipeline at the finer scale)
    rect = mv.detail.rect
    assert rect.contains(QPointF(x0, y0)) and rect.contains(QPointF(x1, y1))
    img = mv.detail.qimage
    fx, fy = img.width() / rect.width(), img.height() / rect.height()
    px, py = int((cx - rect.left()) * fx), int((cy - rect.top()) * fy)
    whole = window.current_picture().rgba
    from viewer.render.picture import picture

    options = window.workbench.picture_options()
    fine_pic = picture(window.state, window.layer_name, options, fine).rgba
    gx, gy = int(round(cx * fx)), int(round(cy * fy))
    want = fine_pic[gy % fine_pic.shape[0], gx % fine_pic.shape[1]]
    got = img.pixelColor(px, py)
    assert (got.red(), got.green(), got.blue()) == tuple(int(v) for v in want[:3])
    assert sector_at(gx, gy, 64, 32, fine) == before
    assert whole.shape[1] == 32 * base        # the picture of one period stays coarse
    # a new world starts fitted again, at its own scale, without the finer picture
    window.workbench.set_value("world", (128, 64))
    window.request_generation()
    qtbot.waitUntil(lambda: window.result.grid.width == 128 and not window.busy(), timeout=WAIT)
    assert mv.world == (128, 64) and mv.detail_scale is None and not mv.user_moved
    qtbot.wait(400)                           # past the zoom debounce: still fitted
    from viewer.render.picture import display_scale

    assert mv.detail_scale is None and mv.scale == display_scale(128)


def test_the_window_shows_the_workbench_whoever_changes_it(qtbot, window):
    """A script (or any part) that changes the Workbench is shown: the step
    on the timeline, the values and seed in the panel, the map."""
    wb = window.workbench
    wb.set_step(5)
    qtbot.waitUntil(lambda: window.state.step == 5 and not window.busy(), timeout=WAIT)
    assert window.timeline.step == 5 and window.timeline.caption.text().startswith("step 5 /")
    wb.set_values({"sp": 40})
    wb.set_seed(77)
    assert window.param_panel.values()["sp"] == 40 and window.param_panel.seed() == 77
    wb.request()
    qtbot.waitUntil(lambda: window.result.seed == 77 and not window.busy(), timeout=WAIT)
    assert window.result.params["sp"] == 40
    assert np.array_equal(window.shown_image(), expected_image({"sp": 40}, 77))


def test_the_first_map_of_each_generator_leaves_the_heap_frozen(qtbot, window, monkeypatch):
    """What a generator's first map loaded (its kernels, numba's objects) is
    left out of the cyclic collector before its bigger maps: a full
    collection during a 4096² TGP run held the GIL, and so the GUI, 20-30 ms."""
    import gc
    import threading

    from viewer.ui import main_window
    from window_waits import settle

    w = window
    settle(qtbot, w)
    # no warm-up thread (which freezes too, when it is done): the first
    # map's done, no other begins
    qtbot.waitUntil(lambda: not any(t.name.startswith("warm up")
                                    for t in threading.enumerate()), timeout=120_000)
    from viewer import registry

    monkeypatch.setattr(main_window, "_WARMED_UP", set(registry.names()))
    # (as in a new process: no generator's first map shown yet)
    from viewer import runtime
    monkeypatch.setattr(runtime, "_role", runtime.WINDOW)      # (as app.main configures it)
    monkeypatch.setattr(runtime, "_frozen_after", {w.generator.name})
    w.request_generation(force=True)            # a window that has made maps already
    settle(qtbot, w, lambda: w.runs_done >= 2)
    other = "tgp" if w.generator.name != "tgp" else "fairland"
    before = gc.get_freeze_count()
    garbage = [[] for _ in range(1000)]         # made since: to be frozen with the map
    for a, b in zip(garbage, garbage[1:]):
        a.append(b)
    w.set_generator(other)
    settle(qtbot, w, lambda: w.result.generator == other)
    assert gc.get_freeze_count() >= before + 1000
