"""The window's parts: in the centre the banner, the map and its legend;
the docks: Parameters (the generator chooser above the panel)
on the left, Layers and Inspector on the right, the Timeline below, and the
docks a generator's view adds and takes away."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QListWidget,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from .. import registry
from .banner import Banner
from .compare import CompareView
from .inspector import Inspector
from .legend import LegendWidget
from .map_view import MapView
from .timeline import TimelineDock

if TYPE_CHECKING:
    from .main_window import MainWindow

PANEL_WIDTH = 320
SIDE_WIDTH = 300
LEFT, RIGHT = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea


def _dock(w: MainWindow, title: str, name: str, area, widget: QWidget) -> QDockWidget:
    dock = QDockWidget(title, w)
    dock.setObjectName(name)
    dock.setWidget(widget)
    w.addDockWidget(area, dock)
    return dock


def build_centre(w: MainWindow) -> None:
    """The map (B) with the banner above and the legend below; A beside it
    while a map is pinned (see :mod:`.compare`)."""
    body = QWidget()
    lay = QVBoxLayout(body)
    lay.setContentsMargins(0, 0, 0, 0)
    lay.setSpacing(0)
    w.banner, w.map_view, w.legend = Banner(), MapView(), LegendWidget()
    lay.addWidget(w.banner)
    lay.addWidget(w.map_view, 1)
    lay.addWidget(w.legend)
    split = QSplitter(Qt.Orientation.Horizontal)
    w.compare = CompareView(w)
    split.addWidget(w.compare)
    split.addWidget(body)
    w.setCentralWidget(split)


def build_docks(w: MainWindow) -> None:
    holder = QWidget()
    hl = QVBoxLayout(holder)
    w.generator_box = QComboBox()
    for name, title in registry.titles().items():
        w.generator_box.addItem(title, name)
    w.generator_box.setToolTip("the map generator")
    hl.addWidget(w.generator_box)
    w.param_area = QScrollArea()
    w.param_area.setWidgetResizable(True)
    w.param_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    hl.addWidget(w.param_area, 1)
    holder.setMinimumWidth(PANEL_WIDTH - 20)
    w.param_dock = _dock(w, "Parameters", "parameters", LEFT, holder)
    w.layer_list = QListWidget()
    w.layer_dock = _dock(w, "Layers", "layers", RIGHT, w.layer_list)
    w.inspector = Inspector()
    w.inspector.setMinimumWidth(SIDE_WIDTH - 20)
    w.inspector_dock = _dock(w, "Inspector", "inspector", RIGHT, w.inspector)
    w.timeline = TimelineDock(w)
    w.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, w.timeline)
    w.resizeDocks([w.param_dock, w.layer_dock], [PANEL_WIDTH, SIDE_WIDTH],
                  Qt.Orientation.Horizontal)
    w.resizeDocks([w.layer_dock, w.inspector_dock], [230, 420], Qt.Orientation.Vertical)


def add_view_dock(w: MainWindow, dock: QDockWidget, tab_with: QDockWidget | None = None,
                  area=RIGHT) -> None:
    w.addDockWidget(area, dock)
    if tab_with is not None:
        w.tabifyDockWidget(tab_with, dock)
    w.docks_menu.addAction(dock.toggleViewAction())


def remove_view_dock(w: MainWindow, dock: QDockWidget) -> None:
    w.docks_menu.removeAction(dock.toggleViewAction())
    w.removeDockWidget(dock)
    dock.deleteLater()


def fit_param_dock(w: MainWindow) -> None:
    """The Parameters dock as wide as the panel needs for its sliders to
    keep a usable length (at least PANEL_WIDTH)."""
    bar = w.param_area.verticalScrollBar().sizeHint().width()
    need = w.param_panel.needed_width() + bar + 30
    w.param_dock.widget().setMinimumWidth(max(PANEL_WIDTH - 20, need))
    if w.param_dock.width() < need:
        w.resizeDocks([w.param_dock], [max(PANEL_WIDTH, need)], Qt.Orientation.Horizontal)
