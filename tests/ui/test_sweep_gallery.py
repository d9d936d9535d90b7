"""The seed gallery opened from a sweep ("Open as gallery"
in the Sweep dock): the sweep's maps as thumbnails, in the table's order,
with the chosen metric under each, made on the gallery's worker; a click
opens that map (its seed and values)."""

from __future__ import annotations

import threading

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from window_waits import settle

WAIT = 120_000


def test_open_a_sweep_as_a_gallery_and_click_a_map(qtbot, window, monkeypatch):
    import viewer.ui.gallery as gallery

    threads = set()
    make = gallery.make_thumb
    monkeypatch.setattr(gallery, "make_thumb", lambda *a: (
        threads.add(threading.get_ident()), make(*a))[1])
    w = window
    w.menu_actions()["Sweep: Empire fairland"].trigger()
    panel = w.sweep.panel
    assert not panel.gallery_button.isEnabled()          # nothing swept yet
    panel.set_seeds("40..45")
    panel.set_vary("pm", "0,20")
    panel.jobs.setValue(1)
    with qtbot.waitSignal(panel.finished, timeout=WAIT):
        assert panel.run()
    n = panel.model.rowCount()
    assert n == 12 and panel.gallery_button.isEnabled()
    # sorted by a metric, that metric in the histogram: the gallery's order and words
    metric = "spread_coastal"
    col = panel.model.columns.index(metric)
    panel.table.sortByColumn(col, Qt.SortOrder.DescendingOrder)
    panel.plots.hist_metric.setCurrentText(metric)
    rows = [(panel.spec.case(panel.model.case_at(r)),
             panel.model.data(panel.model.index(r, col), Qt.ItemDataRole.UserRole))
            for r in range(n)]
    shown_seed = w.result.seed
    qtbot.mouseClick(panel.gallery_button, Qt.MouseButton.LeftButton)
    g = w.gallery
    assert g.isVisible() and g.grid.count() == n
    settle(qtbot, w, lambda: len(g.thumbs) == n)
    assert w.result.seed == shown_seed                   # showing them opens none
    assert threads and threading.get_ident() not in threads   # made on the worker
    for i, ((seed, values), value) in enumerate(rows):
        item = g.grid.item(i)
        assert not item.icon().isNull()
        text = item.text()
        assert text.startswith(f"seed {seed}\n") and f"{metric} {value:g}" in text, text
        assert text.count(metric) == 1, text
        assert g._cases[i].values == dict(values)
    # the metric the gallery computes with each thumbnail is the sweep's
    for i, ((_seed, _values), value) in enumerate(rows):
        assert g.thumbs[i].metrics[metric] == value
    # click the third: that map opens, seed and values
    (seed, values), _value = rows[2]
    rect = g.grid.visualItemRect(g.grid.item(2))
    QTest.mouseClick(g.grid.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    settle(qtbot, w, lambda: w.result.seed == seed)
    assert w.result.params["pm"] == values["pm"]
    assert w.workbench.undo_text() == f"Open gallery seed {seed}"
    # and the next one with the keyboard
    (seed, values), _value = rows[3]
    QTest.keyClick(g.grid, Qt.Key.Key_Right)
    settle(qtbot, w, lambda: w.result.seed == seed and w.result.params["pm"] == values["pm"])
