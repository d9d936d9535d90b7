"""Any window size (issue 28 part 6), as a user with a small screen: at
800x600 the docks become tabs beside the panel, at a portrait 600x1000
tabs below the map, so the map keeps most of the space; the panel scrolls
to every setting; a wide window gets the usual layout back."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt

from viewer.ui.compact import MEDIUM, NARROW, WIDE

WAIT = 60_000
SIZES = {(800, 600): MEDIUM, (600, 1000): NARROW}


def settle(qtbot, w, pred=lambda: True):
    qtbot.waitUntil(lambda: w.result is not None and not w.busy() and pred(), timeout=WAIT)


def resize(qtbot, w, size, cls):
    w.resize(*size)
    qtbot.waitUntil(lambda: w.compact.current == cls, timeout=5000)
    qtbot.wait(50)


def area(widget) -> int:
    return widget.width() * widget.height()


def seen_in(scroll, widget) -> bool:
    """``widget`` is wholly inside ``scroll``'s viewport (or as much of it as fits)."""
    vp = scroll.viewport()
    top_left = widget.mapTo(vp, widget.rect().topLeft())
    r = QRect(top_left, widget.size())
    inside = vp.rect().intersected(r)
    return inside.height() >= min(r.height(), vp.height()) and inside.width() > 0


@pytest.mark.parametrize("generator", ["fairland", "tgp", "numberlink", "ports"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_map_keeps_most_of_a_small_window(qtbot, window, generator, size):
    w = window
    if generator != w.generator.name:
        w.set_generator(generator)
        settle(qtbot, w, lambda: w.result.generator == generator)
    resize(qtbot, w, size, SIZES[size])
    assert (w.width(), w.height()) == size              # nothing keeps the window wider
    mv = w.map_view
    assert area(mv) >= 0.5 * area(w.centralWidget())
    assert area(mv) >= 0.35 * area(w)
    if SIZES[size] == MEDIUM:
        assert mv.width() >= 0.5 * size[0]
    else:
        assert mv.width() >= 0.9 * size[0] and mv.height() >= 0.4 * size[1]
    # every panel is still there, one click away, as a tab of Parameters
    tabs = w.tabifiedDockWidgets(w.param_dock)
    assert w.layer_dock in tabs and w.inspector_dock in tabs
    for dock in w.gen_view.docks:
        assert dock in tabs
    # the panel scrolls to every setting
    w.param_dock.raise_()
    qtbot.wait(20)
    scroll = w.param_area
    assert scroll.verticalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    panel = scroll.widget()
    if panel.minimumSizeHint().height() > scroll.viewport().height():
        assert scroll.verticalScrollBar().isVisible()
    for name, pw in w.param_panel.widgets.items():
        if not pw.editor.isVisibleTo(panel):
            continue
        scroll.ensureWidgetVisible(pw.editor)
        qtbot.wait(1)
        assert seen_in(scroll, pw.editor), name
        assert pw.editor.width() >= 40, name
    # back to a wide window: the usual layout
    w.resize(1400, 900)
    qtbot.waitUntil(lambda: w.compact.current == WIDE, timeout=5000)
    qtbot.wait(50)
    assert w.dockWidgetArea(w.layer_dock) == Qt.DockWidgetArea.RightDockWidgetArea
    assert w.dockWidgetArea(w.inspector_dock) == Qt.DockWidgetArea.RightDockWidgetArea
    assert w.dockWidgetArea(w.param_dock) == Qt.DockWidgetArea.LeftDockWidgetArea
    assert w.layer_dock not in w.tabifiedDockWidgets(w.param_dock)
    for dock in w.gen_view.docks:
        assert w.dockWidgetArea(dock) == Qt.DockWidgetArea.RightDockWidgetArea


def test_a_generator_chosen_in_a_small_window_brings_its_tabs_there(qtbot, window):
    w = window
    resize(qtbot, w, (800, 600), MEDIUM)
    w.set_generator("tgp")
    settle(qtbot, w, lambda: w.result.generator == "tgp")
    w.set_generator("fairland")
    settle(qtbot, w, lambda: w.result.generator == "fairland")
    fairness = w.gen_view.fairness_dock
    assert fairness in w.tabifiedDockWidgets(w.param_dock)
    assert w.map_view.width() >= 0.5 * 800
    # back and forth between sizes while docks come and go: no crash, all placed
    for size, cls in [((600, 1000), NARROW), ((1400, 900), WIDE), ((800, 600), MEDIUM)]:
        w.set_generator("numberlink")
        resize(qtbot, w, size, cls)
        w.set_generator("fairland")
        settle(qtbot, w, lambda: w.result.generator == "fairland")
    assert w.gen_view.fairness_dock in w.tabifiedDockWidgets(w.param_dock)


def test_a_floated_panel_is_left_where_the_user_put_it(qtbot, window):
    w = window
    w.param_dock.setFloating(True)
    qtbot.wait(20)
    geo = w.param_dock.geometry()
    resize(qtbot, w, (800, 600), MEDIUM)
    assert w.param_dock.isFloating() and w.param_dock.geometry() == geo


def test_the_small_layout_comes_back_as_it_was_left(qtbot, window, private_settings):
    from viewer.ui.main_window import MainWindow

    w = window
    resize(qtbot, w, (800, 600), MEDIUM)
    w.close()
    again = MainWindow()
    qtbot.addWidget(again)
    again.show()
    try:
        settle(qtbot, again)
        qtbot.wait(50)
        assert (again.width(), again.height()) == (800, 600)
        assert again.compact.current == MEDIUM
        assert again.layer_dock in again.tabifiedDockWidgets(again.param_dock)
        again.resize(1400, 900)
        qtbot.waitUntil(lambda: again.compact.current == WIDE, timeout=5000)
        assert again.dockWidgetArea(again.layer_dock) == Qt.DockWidgetArea.RightDockWidgetArea
    finally:
        again.shutdown()
