"""The window's parts: in the centre the banner, the map and its legend
(A's pane beside them while comparing); the docks: Parameters (the
generator chooser above the panel) on the left, Layers and Inspector on the
right, the Timeline below, and the docks a generator's view adds and takes
away.  Each builder returns what it made; the window keeps it."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFrame,
    QListWidget,
    QMainWindow,
    QMenu,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from .banner import Banner
from .inspector import Inspector
from .legend import LegendWidget
from .map_view import MapView
from .timeline import TimelineDock
from .wheel_focus import wheel_needs_focus

PANEL_WIDTH = 320
SIDE_WIDTH = 300
SIDE_MIN_WIDTH = 160
"""The inspector's least width: with Parameters beside it, the wide layout
fits an 800 pixel window (before the docks become tabs, :mod:`.compact`)."""
HOLDER_MARGIN = 4
LEFT, RIGHT = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea


def _dock(w: QMainWindow, title: str, name: str, area, widget: QWidget) -> QDockWidget:
    dock = QDockWidget(title, w)
    dock.setObjectName(name)
    dock.setWidget(widget)
    w.addDockWidget(area, dock)
    return dock


@dataclass
class Centre:
    banner: Banner
    map_view: MapView
    legend: LegendWidget


def build_centre(w: QMainWindow, beside: QWidget) -> Centre:
    """The map (B) with the banner above and the legend below; ``beside``
    (A's pane, see :mod:`.compare`) to its left."""
    body = QWidget()
    lay = QVBoxLayout(body)
    lay.setContentsMargins(0, 0, 0, 0)
    lay.setSpacing(0)
    centre = Centre(Banner(), MapView(), LegendWidget())
    lay.addWidget(centre.banner)
    lay.addWidget(centre.map_view, 1)
    lay.addWidget(centre.legend)
    split = QSplitter(Qt.Orientation.Horizontal)
    split.addWidget(beside)
    split.addWidget(body)
    w.setCentralWidget(split)
    return centre


@dataclass
class Docks:
    generator_box: QComboBox
    param_area: QScrollArea
    param_dock: QDockWidget
    layer_list: QListWidget
    layer_dock: QDockWidget
    inspector: Inspector
    inspector_dock: QDockWidget
    timeline: TimelineDock


def build_docks(w: QMainWindow, generators: dict[str, str]) -> Docks:
    """The docks; ``generators``: the chooser's titles by name."""
    holder = QWidget()
    hl = QVBoxLayout(holder)
    hl.setContentsMargins(HOLDER_MARGIN, HOLDER_MARGIN, HOLDER_MARGIN, HOLDER_MARGIN)
    box = wheel_needs_focus(QComboBox())
    for name, title in generators.items():
        box.addItem(title, name)
    box.setToolTip("the map generator")
    hl.addWidget(box)
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    hl.addWidget(area, 1)
    holder.setMinimumWidth(PANEL_WIDTH - 20)
    param_dock = _dock(w, "Parameters", "parameters", LEFT, holder)
    layer_list = QListWidget()
    layer_dock = _dock(w, "Layers", "layers", RIGHT, layer_list)
    inspector = Inspector()
    inspector.setMinimumWidth(SIDE_MIN_WIDTH)
    inspector_dock = _dock(w, "Inspector", "inspector", RIGHT, inspector)
    timeline = TimelineDock(w)
    w.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, timeline)
    w.resizeDocks([param_dock, layer_dock], [PANEL_WIDTH, SIDE_WIDTH],
                  Qt.Orientation.Horizontal)
    w.resizeDocks([layer_dock, inspector_dock], [230, 420], Qt.Orientation.Vertical)
    return Docks(box, area, param_dock, layer_list, layer_dock, inspector, inspector_dock,
                 timeline)


def add_view_dock(w: QMainWindow, menu: QMenu, dock: QDockWidget,
                  tab_with: QDockWidget | None = None, area=RIGHT,
                  below: QDockWidget | None = None) -> None:
    """Add ``dock`` (tabbed with ``tab_with`` or split below ``below``),
    listed in ``menu`` (View > Panels)."""
    w.addDockWidget(area, dock)
    if tab_with is not None:
        w.tabifyDockWidget(tab_with, dock)
    elif below is not None:
        w.splitDockWidget(below, dock, Qt.Orientation.Vertical)
    menu.addAction(dock.toggleViewAction())


def remove_view_dock(w: QMainWindow, menu: QMenu, dock: QDockWidget) -> None:
    from .compact import REMOVED

    menu.removeAction(dock.toggleViewAction())
    dock.setProperty(REMOVED, True)        # never moved again (see .compact)
    w.removeDockWidget(dock)
    dock.deleteLater()


def fit_param_dock(w: QMainWindow, docks: Docks, needed_width: int) -> None:
    """The Parameters dock as wide as the panel needs (``needed_width``)
    for its sliders to keep a usable length (at least PANEL_WIDTH)."""
    area = docks.param_area
    bar = area.verticalScrollBar().sizeHint().width()
    need = needed_width + bar + 2 * area.frameWidth() + 2 * HOLDER_MARGIN + 4
    dock = docks.param_dock
    dock.widget().setMinimumWidth(max(PANEL_WIDTH - 20, need))
    if dock.width() < need:
        w.resizeDocks([dock], [max(PANEL_WIDTH, need)], Qt.Orientation.Horizontal)


class _Room(QScrollArea):
    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        fit = getattr(self.widget(), "fit_room", None)
        if fit is not None:
            fit(self.viewport().width(), self.viewport().height())


def scrolling(widget: QWidget) -> QScrollArea:
    """``widget`` in a frameless scroll area that gives it all its room
    (and tells it the room it has: its ``fit_room(width, height)``)."""
    area = _Room()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(widget)
    return area
