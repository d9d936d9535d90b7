"""The window's docks rearranged for its size, so the map keeps most of
the space in any window (800x600, a portrait 600x1000):

* wide (at least 1100 pixels): Parameters on the left, Layers and
  Inspector on the right, as the window opens;
* medium (700..1100): Layers and Inspector become tabs beside Parameters
  on the left, so the map takes the rest of the width;
* narrow (under 700, a portrait window): Parameters, Layers and Inspector
  are tabs below the map (the panel scrolls), the map on top.

Only a change of class rearranges (a resize within one leaves the docks
where the user put them); each dock can still be moved, closed (View >
Panels) or floated.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow

WIDE, MEDIUM, NARROW = "wide", "medium", "narrow"
MEDIUM_BELOW = 1100
NARROW_BELOW = 700
LEFT = Qt.DockWidgetArea.LeftDockWidgetArea
RIGHT = Qt.DockWidgetArea.RightDockWidgetArea
BOTTOM = Qt.DockWidgetArea.BottomDockWidgetArea


def size_class(width: int) -> str:
    return WIDE if width >= MEDIUM_BELOW else MEDIUM if width >= NARROW_BELOW else NARROW


class CompactLayout(QObject):
    def __init__(self, window: QMainWindow, params: QDockWidget, layers: QDockWidget,
                 inspector: QDockWidget, timeline: QDockWidget):
        super().__init__(window)
        self.w = window
        self.params, self.layers, self.inspector, self.timeline = \
            params, layers, inspector, timeline
        self.current = WIDE
        self._pending = False
        self._moved: list[QDockWidget] = []     # other docks taken from the right
        window.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if obj is self.w and event.type() == QEvent.Type.Resize and not self._pending:
            self._pending = True          # after the resize, not inside its handling
            QTimer.singleShot(0, self._settle)
        return False

    def _settle(self) -> None:
        self._pending = False
        self.apply(size_class(self.w.width()))

    def apply(self, cls: str) -> None:
        if cls == self.current:
            return
        self.current = cls
        w = self.w
        if any(d.isFloating() for d in (self.params, self.layers, self.inspector)):
            return                              # the user's own arrangement
        if cls == WIDE:
            w.addDockWidget(LEFT, self.params)
            w.addDockWidget(RIGHT, self.layers)
            w.addDockWidget(RIGHT, self.inspector)
            w.splitDockWidget(self.layers, self.inspector, Qt.Orientation.Vertical)
            for d in self._moved:               # a view's docks (Fairness) back as tabs
                if d is not None and not d.isFloating():
                    w.addDockWidget(RIGHT, d)
                    w.tabifyDockWidget(self.inspector, d)
            self._moved = []
        else:
            area = LEFT if cls == MEDIUM else BOTTOM
            others = [d for d in w.findChildren(QDockWidget)
                      if d not in (self.params, self.layers, self.inspector, self.timeline)
                      and not d.isFloating() and d.isVisible()
                      and (w.dockWidgetArea(d) == RIGHT or d in self._moved)]
            self._moved = list({id(d): d for d in self._moved + others}.values())
            for d in (self.params, self.layers, self.inspector, *others):
                w.addDockWidget(area, d, Qt.Orientation.Vertical)
            for d in (self.layers, self.inspector, *others):
                w.tabifyDockWidget(self.params, d)
            if cls == NARROW:
                w.resizeDocks([self.params], [max(200, w.height() * 2 // 5)],
                              Qt.Orientation.Vertical)
        self.params.raise_()
