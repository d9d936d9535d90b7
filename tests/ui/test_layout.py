"""Docks that leave room for the map: the timeline
compact, the sweep dock with a readable table and plots at 1280x820,
panels that wrap their text, and the layout restored as it was left."""

from __future__ import annotations

from PySide6.QtCore import Qt

from window_waits import reopened, settle

WAIT = 60_000


def test_the_timeline_is_compact_and_the_map_tall_at_1024x700(qtbot, window):
    window.resize(1024, 700)
    qtbot.wait(100)
    assert window.timeline.height() <= 100
    assert window.map_view.height() >= 430


def test_the_sweep_dock_leaves_a_map_and_shows_a_table_and_plots(qtbot, window):
    w = window
    w.resize(1280, 820)
    w.sweep.dock.toggleViewAction().trigger()
    qtbot.waitUntil(w.sweep.dock.isVisible)
    qtbot.wait(100)
    panel = w.sweep.panel
    assert w.map_view.height() >= 300
    assert w.timeline.height() <= 100
    rows = panel.table.viewport().height() // panel.table.verticalHeader().defaultSectionSize()
    assert rows >= 8
    assert panel.plots.height() >= 200 and panel.plots.width() >= 300
    # the dock can be made taller or shorter
    h = w.sweep.dock.height()
    w.resizeDocks([w.sweep.dock], [h + 80], Qt.Orientation.Vertical)
    qtbot.wait(50)
    assert w.sweep.dock.height() > h


def test_the_inspector_wraps_instead_of_scrolling_sideways(qtbot, window):
    w = window
    w.resize(1024, 700)
    w.select_layer("xzone")
    w.timeline.set_step(1)
    settle(qtbot, w, lambda: w.state.step == 1)
    w.inspect(10, 10)
    qtbot.wait(20)
    ins = w.inspector
    assert "not meaningful" in " ".join(ins.as_dict().values())
    assert ins.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    assert ins.widget().width() <= ins.viewport().width()
    assert ins.label.wordWrap()


def test_the_fairness_spread_stays_in_sight(qtbot, window):
    w = window
    w.gen_view.fairness_dock.raise_()
    qtbot.waitUntil(w.gen_view.fairness_panel.isVisible)
    panel = w.gen_view.fairness_panel
    table = panel.table
    data = panel.data
    from viewer.ui.views.fairland_fairness import SPREAD_ROW
    assert table.verticalHeaderItem(SPREAD_ROW).text() == "spread"
    assert table.rowViewportPosition(SPREAD_ROW) == 0     # first, whatever follows
    for k, col in enumerate(data.columns):
        assert table.item(SPREAD_ROW, k).text() == str(data.spread[col])
        assert f"spread {data.spread[col]}" in table.horizontalHeaderItem(k).toolTip()


def test_the_layout_comes_back_as_it_was_left(qtbot, window, private_settings):
    w = window
    w.resize(1100, 760)
    w.layer_dock.hide()
    w.sweep.dock.show()
    qtbot.wait(50)
    size = (w.width(), w.height())
    with reopened(qtbot, w) as again:
        assert (again.width(), again.height()) == size
        assert not again.layer_dock.isVisible()
        assert again.sweep.dock.isVisible()
        assert again.timeline.isVisible() and again.inspector_dock.isVisible()
