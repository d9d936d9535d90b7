"""Switching to TGP adds its Towns and Industries docks a turn after the
switch (their layout and first paint in a pass of the event loop of their
own), tabbed with the Inspector, which stays in front; a switch away before
then adds none."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDockWidget

from viewer.ui.views.tgp import TgpView


def tgp_docks(w) -> list[str]:
    return sorted(d.objectName() for d in w.findChildren(QDockWidget)
                  if d.objectName().startswith("tgp_") and w.dockWidgetArea(d).value != 0
                  and not d.isHidden())


def switch_to_tgp(w) -> None:
    """The switch and its handler (a posted event), no timer's turn yet."""
    w.set_generator("tgp", generate=False)
    QCoreApplication.sendPostedEvents()
    assert isinstance(w.gen_view, TgpView)


def settle(qtbot, w, name):
    qtbot.waitUntil(lambda: w.result is not None and w.result.generator == name
                    and not w.busy(), timeout=60_000)


def test_the_towns_and_industries_docks_come_a_turn_after_the_switch(qtbot, window):
    w = window
    switch_to_tgp(w)
    assert tgp_docks(w) == []               # not in the switch's own pass
    assert w.busy()                         # (until they are in)
    w.request_generation()
    settle(qtbot, w, "tgp")
    assert tgp_docks(w) == ["tgp_industries", "tgp_towns"]
    tabbed = {d.objectName() for d in w.tabifiedDockWidgets(w.inspector_dock)}
    assert {"tgp_towns", "tgp_industries"} <= tabbed
    assert not w.inspector_dock.visibleRegion().isEmpty()   # still the tab in front
    menu = [a.text() for a in w.docks_menu.actions()]
    assert "Towns" in menu and "Industries" in menu


def test_a_switch_away_before_the_docks_are_in_adds_none(qtbot, window):
    w = window
    switch_to_tgp(w)
    w.set_generator("fairland")
    settle(qtbot, w, "fairland")
    qtbot.wait(50)
    assert tgp_docks(w) == []
    menu = [a.text() for a in w.docks_menu.actions()]
    assert "Towns" not in menu and "Industries" not in menu


def test_a_window_that_starts_on_tgp_puts_its_docks_where_they_were_left(qtbot, window):
    """Made before the window shows (its saved arrangement restored then),
    the docks are there at once: the Towns dock left on the left side, and
    closed Industries, come back so."""
    from PySide6.QtCore import Qt

    from viewer.ui.main_window import MainWindow

    w = window
    w.set_generator("tgp")
    settle(qtbot, w, "tgp")
    towns = w.findChild(QDockWidget, "tgp_towns")
    w.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, towns)
    w.findChild(QDockWidget, "tgp_industries").close()
    w.close()                                   # (the arrangement saved)
    again = MainWindow()
    qtbot.addWidget(again)
    try:
        towns = again.findChild(QDockWidget, "tgp_towns")
        assert towns is not None                # (before the window shows)
        again.show()
        settle(qtbot, again, "tgp")
        assert again.dockWidgetArea(towns) == Qt.DockWidgetArea.LeftDockWidgetArea
        assert again.findChild(QDockWidget, "tgp_industries").isHidden()
    finally:
        again.shutdown()


def test_the_tables_are_made_with_their_docks_not_in_the_switch(qtbot, window):
    """The Towns and Industries tables are made in the docks' turn (1.7 ms
    out of the switch's pass), showing the map shown by then."""
    from viewer.ui.views.tgp_towns import TownsTable

    w = window
    w.workbench.set_values({"size": (128, 128), "stop_after": "world"}, of="tgp")
    w.set_generator("tgp")
    settle(qtbot, w, "tgp")
    shown = w.result
    names = sorted(w.gen_view.towns_table.names())
    assert names                                # (a map with towns)
    w.set_generator("fairland")
    settle(qtbot, w, "fairland")
    qtbot.waitUntil(lambda: w.findChildren(TownsTable) == [])     # (the old ones deleted)
    switch_to_tgp(w)
    assert w.findChildren(TownsTable) == []     # none made in the switch's pass
    w.show_result(shown)                        # a map shown before the docks are in
    qtbot.waitUntil(lambda: not w.busy(), timeout=60_000)
    tables = w.findChildren(TownsTable)
    assert sorted(type(t).__name__ for t in tables) == ["IndustriesTable", "TownsTable"]
    assert sorted(w.gen_view.towns_table.names()) == names
    industries = shown.detail.world.industries
    assert w.gen_view.industries_table.rowCount() == sum(i is not None for i in industries) > 0
