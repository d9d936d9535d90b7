"""The window's docks arranged for its size, so that the map keeps most of
the space in any window (800x600, a portrait 600x1000):

* wide (at least 1100 pixels): Parameters on the left, Layers and
  Inspector (and a view's docks, as tabs of it) on the right, as built;
* medium (700..1100): Layers, Inspector and a view's docks become tabs
  beside Parameters on the left (the timeline stays the window's width,
  its slider long enough to scrub);
* narrow (under 700, a portrait window): Parameters, Layers, Inspector
  and a view's docks are tabs below the map, the map on top.

Only a change of class rearranges (within one the docks stay where the
user put them); every dock can still be moved, closed (View > Panels) or
floated, and a floated one is left where it is.

Rearranging is what crashed Qt's dock layout once, under the random
user, so it is done carefully: only on the GUI thread, in a turn of the
event loop of its own after the resize (never inside a resize or while a
mouse button is held: a dock or the window's edge being dragged), on the
docks as they are at that moment (none is kept from one turn to the
next), never on a dock that has been taken out of the window (one a view
removed, waiting for deleteLater) and without ``splitDockWidget`` (which
misbehaves on tabbed docks).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow

WIDE, MEDIUM, NARROW = "wide", "medium", "narrow"
MEDIUM_BELOW = 1100
NARROW_BELOW = 700
NARROW_DOCKS = 0.36
"""The share of a narrow window's height the tabs below the map take."""
RETRY_MS = 150
REMOVED = "removed_from_window"
"""The property a dock taken out of the window carries (see docks.remove_view_dock)."""

LEFT = Qt.DockWidgetArea.LeftDockWidgetArea
RIGHT = Qt.DockWidgetArea.RightDockWidgetArea
BOTTOM = Qt.DockWidgetArea.BottomDockWidgetArea
NOWHERE = Qt.DockWidgetArea.NoDockWidgetArea


def size_class(width: int, height: int = 0) -> str:
    if width < NARROW_BELOW and height > width:
        return NARROW
    return WIDE if width >= MEDIUM_BELOW else MEDIUM


def placed(w: QMainWindow, dock: QDockWidget | None) -> bool:
    """``dock`` is alive, docked in ``w`` (not floating) and not on its way out."""
    from shiboken6 import isValid

    return (dock is not None and isValid(dock) and not dock.property(REMOVED)
            and not dock.isFloating() and w.dockWidgetArea(dock) != NOWHERE)


class CompactLayout(QObject):
    """Follows ``window``'s size; ``params``, ``layers`` and ``inspector``
    are the docks it moves, with the view docks tabbed with the inspector
    (``view_docks()`` lists them when asked); the timeline and the bottom
    docks (sweep, gallery) stay where they are."""

    def __init__(self, window: QMainWindow, params: QDockWidget, layers: QDockWidget,
                 inspector: QDockWidget, view_docks, current: str = WIDE):
        super().__init__(window)
        self.w = window
        self.params, self.layers, self.inspector = params, layers, inspector
        self.view_docks = view_docks
        self.current = current
        self.rearranged = 0          # how many times the docks were moved
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._settle)
        window.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if obj is self.w and event.type() == QEvent.Type.Resize:
            self._timer.start(0)       # after the resize, not inside its handling
        return False

    def _settle(self) -> None:
        if QApplication.mouseButtons() != Qt.MouseButton.NoButton:
            self._timer.start(RETRY_MS)         # an edge or a dock is being dragged
            return
        self.apply(size_class(self.w.width(), self.w.height()))

    def prepare(self, width: int, height: int) -> None:
        """Before the window is resized to ``width`` x ``height`` by a
        call (not by a hand on its edge): the docks for that size first, so
        that the larger class's minimum does not keep the window wider."""
        self.apply(size_class(width, height))
        lay = self.w.layout()
        if lay is not None:
            lay.activate()              # the new minimum size, now

    def stop(self) -> None:
        self._timer.stop()
        self.w.removeEventFilter(self)

    def _core(self) -> list[QDockWidget]:
        return [d for d in (self.params, self.layers, self.inspector) if placed(self.w, d)]

    def _views(self) -> list[QDockWidget]:
        return [d for d in self.view_docks() if placed(self.w, d)]

    def apply(self, cls: str) -> None:
        """Arrange the docks for size class ``cls`` (nothing when they are already)."""
        if cls == self.current:
            return
        self.current = cls
        w = self.w
        core, views = self._core(), self._views()
        if self.params not in core:
            return                      # Parameters floated: the user's own arrangement
        self.rearranged += 1
        if cls == WIDE:
            w.addDockWidget(LEFT, self.params)
            right = [d for d in (self.layers, self.inspector) if d in core]
            for d in right:
                w.addDockWidget(RIGHT, d, Qt.Orientation.Vertical)
            base = self.inspector if self.inspector in core else None
            for d in views:
                w.addDockWidget(RIGHT, d, Qt.Orientation.Vertical)
                if base is not None:
                    w.tabifyDockWidget(base, d)
            if base is not None:
                base.raise_()
            w.resizeDocks(right[:1], [max(120, w.height() // 3)], Qt.Orientation.Vertical)
        else:
            area = LEFT if cls == MEDIUM else BOTTOM
            for d in core + views:
                w.addDockWidget(area, d, Qt.Orientation.Vertical)
            for d in core + views:
                if d is not self.params:
                    w.tabifyDockWidget(self.params, d)
            if cls == NARROW:
                w.resizeDocks([self.params], [max(200, int(w.height() * NARROW_DOCKS))],
                              Qt.Orientation.Vertical)
            else:                       # as narrow as the panel allows: the map has the rest
                w.resizeDocks([self.params], [self.params.minimumSizeHint().width()],
                              Qt.Orientation.Horizontal)
        self.params.raise_()
