"""A switch to a generator whose panel needs a wider Parameters dock: the
dock is widened a turn before the panel takes its place, so the new panel
is laid out once, at the dock's new width (not at the old width and again
at the new in one pass of the event loop), and the window's new layout
comes in a pass of its own, before the panel's."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from window_waits import settle

from viewer.ui import kept_panels

SMALL_TGP = {"size": (64, 64), "stop_after": "rivers"}


class Resizes(QObject):
    def __init__(self, widget):
        super().__init__()
        self.widths: list[int] = []
        widget.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Resize:
            self.widths.append(event.size().width())
        return False


def test_a_panel_wider_than_the_dock_is_laid_out_once_at_the_docks_new_width(
        qtbot, window, monkeypatch):
    w = window
    if w.workbench.generator.name != "fairland":
        w.set_generator("fairland")
        settle(qtbot, w, lambda: w.result.generator == "fairland")
    qtbot.waitUntil(lambda: not w._panels.building(), timeout=30_000)
    tgp = w._panels.kept("tgp")
    dock = w.param_dock
    assert dock.widget().minimumWidth() < tgp.needed_width()   # (the dock is to grow)
    width_before = dock.width()
    resizes = Resizes(tgp)
    # the dock's width when the panel takes its place
    seen = []
    swap = kept_panels.KeptPanels._swap
    monkeypatch.setattr(kept_panels.KeptPanels, "_swap",
                        lambda self: (seen.append(dock.width()), swap(self)))
    w.workbench.set_values(SMALL_TGP, of="tgp")
    w.set_generator("tgp")
    settle(qtbot, w, lambda: w.result.generator == "tgp")
    qtbot.waitUntil(lambda: not w._panels.swapping())
    assert w.param_panel is tgp and tgp.isVisible()
    assert dock.width() > width_before
    # the window was laid out anew (the dock wider) before the panel was placed
    assert seen == [dock.width()]
    assert len(resizes.widths) == 1, resizes.widths
    viewport = w.param_area.viewport()
    assert resizes.widths[0] == tgp.width() == viewport.width()


def test_a_switch_between_the_docks_fitting_and_the_swap_places_only_the_last_panel_fitted(
        qtbot, window):
    from viewer.ui import turns

    w = window
    qtbot.waitUntil(lambda: not w._panels.building(), timeout=30_000)
    kept, dock = w._panels, w.param_dock
    stack = w.param_area.widget()
    placed = []         # (panel, the dock content's least width then)
    stack.currentChanged.connect(
        lambda _i: placed.append((stack.currentWidget(), dock.widget().minimumWidth())))
    w.workbench.set_values(SMALL_TGP, of="tgp")
    w.set_generator("tgp", generate=False)
    qtbot.waitUntil(lambda: turns.pending(kept._swap))     # the dock fitted to tgp's panel
    w.set_generator("numberlink", generate=False)      # (a narrower panel than tgp's)
    numberlink = w.param_panel
    qtbot.waitUntil(lambda: not kept.swapping() and not turns.pending(kept._swap))
    assert [p for p, _ in placed] == [numberlink]
    assert placed[0][1] == dock.widget().minimumWidth()     # fitted to it before
