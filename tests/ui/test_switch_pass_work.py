"""What a switch of generator leaves out of its own pass of the event loop:
the Fairness dock is made a turn later (as TGP's tables are,
test_tgp_docks_a_turn_later.py), and Number Link's solver thread only when a
solve is asked for (a switch away waited for an idle thread)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent
from window_waits import Events, layout_requests, settle

from viewer.ui.views.fairland_fairness import FairnessPanel


def switch(qtbot, w, name: str) -> None:
    w.set_generator(name)
    settle(qtbot, w, lambda: w.result.generator == name)


def test_the_fairness_dock_comes_a_turn_after_the_switch_with_its_table(qtbot, window):
    w = window
    switch(qtbot, w, "numberlink")
    qtbot.waitUntil(lambda: w.findChildren(FairnessPanel) == [])    # (the old one deleted)
    w.set_generator("fairland")
    QCoreApplication.sendPostedEvents()         # the switch's own pass, no turn yet
    assert w.findChildren(FairnessPanel) == []
    assert w.busy()
    settle(qtbot, w, lambda: w.result.generator == "fairland")
    panel = w.gen_view.fairness_panel
    assert w.findChildren(FairnessPanel) == [panel]
    assert w.gen_view.fairness_dock in w.tabifiedDockWidgets(w.inspector_dock)
    assert not w.inspector_dock.visibleRegion().isEmpty()     # still the tab in front
    w.gen_view.fairness_dock.raise_()
    qtbot.waitUntil(lambda: panel.isVisible() and panel.table.rowCount() > 0)
    assert panel.table.rowCount() == w.result.params["nc"] + 1


def test_a_switch_to_number_link_and_away_starts_no_solver_thread(qtbot, window, monkeypatch):
    from viewer.ui.worker import LatestWins

    made = []                                   # the workers made, by name
    make = LatestWins.__init__

    def counted(self, name="worker", *args, **kwargs):
        made.append(name)
        make(self, name, *args, **kwargs)
    monkeypatch.setattr(LatestWins, "__init__", counted)
    w = window
    switch(qtbot, w, "numberlink")
    switch(qtbot, w, "fairland")
    switch(qtbot, w, "numberlink")
    assert "solve" not in made
    with qtbot.waitSignal(w.gen_view.solve_worker.finished, timeout=60_000):
        assert w.gen_view.check_uniqueness() is not None      # asked for: made then
    assert made.count("solve") == 1


def test_a_switch_between_built_panels_without_docks_lays_out_no_timeline(qtbot, window):
    """Ports and Number Link add no docks: a switch between them changes the
    panel (a turn later), the layers, the menus, the greyed map and the
    timeline (no map: no steps, no phases), none of which asks the timeline
    dock or the status bar for a new layout (the timeline's caption, its
    phase box fitted to its phases and its step box to its range did: the
    whole window laid out again)."""
    w = window
    for name in ("ports", "numberlink", "ports", "numberlink"):    # (each shown, fitted)
        switch(qtbot, w, name)
    qtbot.waitUntil(lambda: not w._panels.building(), timeout=30_000)
    qtbot.wait(50)
    requests = layout_requests(w.timeline, w.timeline.widget(), w.statusBar())
    w.set_generator("ports", generate=False)
    qtbot.waitUntil(lambda: not w.busy() and w.map_view.waiting.isVisible())
    qtbot.wait(50)
    assert requests.seen == {}


def test_the_old_map_is_greyed_a_turn_after_the_switch_not_in_its_pass(qtbot, window):
    """The switch's pass does not repaint the map (the greyed picture, 1.5-4
    ms, is painted in a pass of its own); a turn later it is greyed under
    "generating ...", until the new map comes."""
    w = window
    view = w.map_view
    qtbot.wait(50)
    paints = Events(QEvent.Type.Paint, view.viewport())
    w.set_generator("ports", generate=False)
    QCoreApplication.sendPostedEvents()         # the switch's own pass
    assert paints.seen == {}
    assert view.is_waiting()                    # (said: greyed a turn later)
    qtbot.waitUntil(lambda: view.waiting.isVisible() and bool(paints.seen))
    assert view.waiting.toPlainText() == f"generating {w.generator.title}..."
    assert view.image.opacity() < 1
    w.request_generation()
    settle(qtbot, w, lambda: w.result.generator == "ports")
    assert not view.is_waiting() and view.image.opacity() == 1
