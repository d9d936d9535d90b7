"""Any window size (issue 28 part 6): at 800x600 and at a portrait 600x1000
the docks become tabs (beside the panel, or below the map) so the map keeps
most of the space, the panel scrolls, and a wide window gets the usual
layout back."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

WAIT = 60_000


def settle(qtbot, w, pred=lambda: True):
    qtbot.waitUntil(lambda: w.result is not None and not w.busy() and pred(), timeout=WAIT)


@pytest.mark.parametrize("generator", ["fairland", "tgp", "numberlink"])
@pytest.mark.parametrize("size", [(800, 600), (600, 1000)])
def test_the_map_keeps_most_of_a_small_window(qtbot, window, generator, size):
    w = window
    if generator != w.generator.name:
        w.set_generator(generator)
        settle(qtbot, w, lambda: w.result.generator == generator)
    w.resize(*size)             # (a hand dragging the edge passes the sizes between)
    qtbot.waitUntil(lambda: w.compact.current != "wide", timeout=5000)
    qtbot.wait(20)
    w.resize(*size)
    qtbot.wait(50)
    w.resize(*size)
    qtbot.wait(50)
    assert (w.width(), w.height()) == size                 # the window takes the size
    mv = w.map_view
    assert mv.width() >= 0.5 * size[0] and mv.height() >= 0.4 * size[1] - 40
    area = w.param_area                                     # the panel scrolls
    assert area.verticalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    if area.widget().minimumSizeHint().height() > area.viewport().height():
        assert area.verticalScrollBar().isVisible()       # what does not fit scrolls
    # every panel is still there, as a tab
    assert w.tabifiedDockWidgets(w.param_dock)
    w.resize(1400, 900)
    qtbot.waitUntil(lambda: w.compact.current == "wide", timeout=5000)
    qtbot.wait(50)
    assert w.dockWidgetArea(w.layer_dock) == Qt.DockWidgetArea.RightDockWidgetArea
    assert w.dockWidgetArea(w.param_dock) == Qt.DockWidgetArea.LeftDockWidgetArea
