"""A curve editor for "curve" parameters: control points ``(x, y)`` joined by
straight lines, drawn in a small pyqtgraph plot.

Drag a point to move it (it stays between its neighbours and inside the
plot's range); double-click the plot to add a point there; right-click a
point to remove it (two at least remain).  The text field below shows the
points as ``X:Y, ...`` and takes typed ones.  With ``mirror`` (the latitude
weights) the curve is drawn mirrored on the left of 0 as well, dashed: the
south uses the same weights.

``changed`` fires when a drag ends, a point is added or removed, or the text
is edited; during a drag only the drawing follows.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator, Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QLineEdit, QVBoxLayout, QWidget

from . import turns

MIN_GAP = 0.5
"""Least distance along x between neighbouring points."""
PLOT_HEIGHT = 150
PICK_PIXELS = 10


def curve_text(points: Sequence[tuple[float, float]]) -> str:
    return ", ".join(f"{x:g}:{y:g}" for x, y in points)


def parse_points(text: str) -> list[tuple[float, float]]:
    pts = []
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        a, sep, b = part.partition(":")
        if not sep:
            raise ValueError(f"{part.strip()!r} is not X:Y")
        pts.append((float(a), float(b)))
    return pts


class _Points(pg.GraphItem):
    """The draggable control points (a GraphItem, as in pyqtgraph's
    "custom graph item" example)."""

    def __init__(self, editor: CurveEditor):
        super().__init__()
        # (weakly: no cycle of the editor and its plot's item, which Python's
        # collector would delete in the middle of a paint of the editor)
        self._editor = weakref.ref(editor)
        self.dragged: int | None = None
        self.offset = QPointF(0, 0)

    @property
    def editor(self) -> CurveEditor:
        return self._editor()

    def mouseDragEvent(self, ev) -> None:  # noqa: N802 - pyqtgraph's name
        if ev.button() != Qt.MouseButton.LeftButton:
            ev.ignore()
            return
        if ev.isStart():
            i = self.editor.point_near(ev.buttonDownPos())
            if i is None:
                ev.ignore()
                return
            self.dragged = i
            x, y = self.editor.points[i]
            self.offset = QPointF(x, y) - ev.buttonDownPos()
        elif self.dragged is None:
            ev.ignore()
            return
        p = ev.pos() + self.offset
        self.editor.move_point(self.dragged, p.x(), p.y(), announce=False)
        if ev.isFinish():
            self.dragged = None
            self.editor.changed.emit()
        ev.accept()

    def mouseClickEvent(self, ev) -> None:  # noqa: N802 - pyqtgraph's name
        if ev.button() == Qt.MouseButton.RightButton:
            i = self.editor.point_near(ev.pos())
            if i is not None:
                self.editor.remove_point(i)
                ev.accept()
                return
        ev.ignore()


def _measure(axis: pg.AxisItem) -> None:
    """``axis`` sized for its tick labels (as its first paint does)."""
    image = QImage(1, 1, QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    try:
        axis.generateDrawSpecs(painter)
    finally:
        painter.end()


class _Plot(pg.GraphicsView):
    """A view box with its left and bottom axes, laid out as pyqtgraph's
    PlotWidget lays out a PlotItem's, without the PlotItem: it makes its
    options menu (a form of some forty widgets) and the view box its own,
    5-7 ms of the GUI thread for menus this editor never shows."""

    def __init__(self, grid: pg.GraphicsLayout, view: pg.ViewBox,
                 axes: dict[str, pg.AxisItem], parent: QWidget):
        super().__init__(parent)
        self.grid, self.view, self.axes = grid, view, axes
        grid.layout.setContentsMargins(1, 1, 1, 1)
        grid.layout.setSpacing(0)
        grid.addItem(axes["left"], row=0, col=0)
        grid.addItem(view, row=0, col=1)
        grid.addItem(axes["bottom"], row=1, col=1)
        grid.layout.setRowStretchFactor(0, 100)
        grid.layout.setColumnStretchFactor(1, 100)
        for axis in axes.values():
            axis.linkToView(view)
        self.setCentralItem(grid)

    def getViewBox(self) -> pg.ViewBox:  # noqa: N802 - PlotWidget's name
        return self.view

    def getAxis(self, side: str) -> pg.AxisItem | None:  # noqa: N802 - PlotWidget's name
        """The axis on ``side`` ("left", "bottom"; None for the others: not made)."""
        return self.axes.get(side)

    def addItem(self, item) -> None:  # noqa: N802 - PlotWidget's name
        self.view.addItem(item)


class CurveEditor(QWidget):
    changed = Signal()

    def __init__(self, points: Sequence[tuple[float, float]],
                 x_range: tuple[float, float] = (0.0, 1.0),
                 y_range: tuple[float, float] = (0.0, 1.0), mirror: bool = False,
                 x_label: str = "", y_label: str = "", parent: QWidget | None = None,
                 whole: bool = True):
        """``whole`` off: only the text field and a stand-in of the plot's
        size are made; the plot in :meth:`pieces` (a few ms each, one a
        turn of the event loop), or all at once when the editor is first
        shown or :meth:`finish_building` is called."""
        super().__init__(parent)
        self.x_range = (float(x_range[0]), float(x_range[1]))
        self.y_range = (float(y_range[0]), float(y_range[1]))
        self.mirror = mirror
        self.points: list[tuple[float, float]] = [(float(x), float(y)) for x, y in points]
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        self._stand_in = QWidget()
        self._stand_in.setFixedHeight(PLOT_HEIGHT)
        self.plot: _Plot | None = None
        self.graph: _Points | None = None
        self.text = QLineEdit()
        self.text.setToolTip("control points X:Y, ...; drag them in the plot, double-click "
                             "to add one, right-click one to remove it")
        self.text.editingFinished.connect(self._text_edited)
        lay.addWidget(self._stand_in)
        lay.addWidget(self.text)
        self._steps = self._build_plot(x_label, y_label)
        self._redraw()
        if whole:
            self.finish_building()

    @property
    def whole(self) -> bool:
        """The plot is made (see :meth:`pieces`)."""
        return self.graph is not None

    def pieces(self) -> Iterator[None]:
        """The plot's parts not made yet, one a step (each 1-2 ms: the whole
        plot is 4-5 ms, a pyqtgraph PlotWidget with its menus was 8-15)."""
        return self._steps

    def finish_building(self) -> None:
        for _ in self._steps:
            pass

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        self.finish_building()          # (shown before its pieces were made)
        if self.plot.isHidden():        # its first paint in a turn of its own
            turns.later(self._show_plot)
        super().showEvent(event)

    def _show_plot(self) -> None:
        """The plot shown, a turn after the editor: its first paint (5-9 ms)
        not in the pass that lays out and paints the panel placed."""
        if self.isVisible():
            self.plot.show()

    def _build_plot(self, x_label: str, y_label: str) -> Iterator[None]:
        # (each item's parent the grid, and the grid the scene's: Qt deletes
        # them with the plot, not Python's collector after it)
        grid = pg.GraphicsLayout()
        view = pg.ViewBox(parent=grid, enableMenu=False, enableMouse=False)
        axes = {side: pg.AxisItem(side, parent=grid) for side in ("left", "bottom")}
        yield
        self.plot = plot = _Plot(grid, view, axes, self)
        plot.setFixedHeight(PLOT_HEIGHT)
        x0 = -self.x_range[1] if self.mirror else self.x_range[0]
        pad_y = 0.05 * (self.y_range[1] - self.y_range[0])
        view.setXRange(x0, self.x_range[1], padding=0.02)
        view.setYRange(self.y_range[0] - pad_y, self.y_range[1] + pad_y, padding=0)
        for axis in axes.values():
            axis.setGrid(int(0.25 * 255))
        if x_label:
            axes["bottom"].setLabel(x_label)
        if y_label:
            axes["left"].setLabel(y_label)
        yield
        self.mirror_line = pg.PlotDataItem(pen=pg.mkPen((160, 160, 160), width=1,
                                                        style=Qt.PenStyle.DashLine))
        plot.addItem(self.mirror_line)
        graph = _Points(self)
        plot.addItem(graph)
        plot.scene().sigMouseClicked.connect(self._scene_clicked)
        # hidden until a turn after the editor is first shown, its room kept
        keep = plot.sizePolicy()
        keep.setRetainSizeWhenHidden(True)
        plot.setSizePolicy(keep)
        plot.hide()
        self.layout().replaceWidget(self._stand_in, plot)
        self._stand_in.deleteLater()
        self._stand_in = None
        self.graph = graph
        self._redraw()
        yield       # (a step of its own: not with the panel's next row)
        # the axes' tick labels measured, one a step: their room is settled
        # before the first paint (painted first at the room they have before,
        # they take more, and the plot is laid out and painted again)
        for axis in axes.values():
            _measure(axis)
            yield

    # -- values ----------------------------------------------------------------
    def value(self) -> tuple[tuple[float, float], ...]:
        return tuple(self.points)

    def set_points(self, points: Sequence[Sequence[float]] | str,
                   announce: bool = False) -> None:
        if isinstance(points, str):
            points = parse_points(points)
        self.points = [(float(p[0]), float(p[1])) for p in points]
        self._redraw()
        if announce:
            self.changed.emit()

    def move_point(self, i: int, x: float, y: float, announce: bool = True) -> None:
        """Move point ``i`` to ``(x, y)``, kept between its neighbours (x) and
        inside the ranges."""
        lo = self.points[i - 1][0] + MIN_GAP if i > 0 else self.x_range[0]
        hi = self.points[i + 1][0] - MIN_GAP if i + 1 < len(self.points) else self.x_range[1]
        x = float(min(max(x, lo), hi))
        y = float(min(max(y, self.y_range[0]), self.y_range[1]))
        self.points[i] = (round(x, 2), round(y, 3))
        self._redraw()
        if announce:
            self.changed.emit()

    def add_point(self, x: float, y: float) -> int | None:
        """A new point at ``(x, y)`` (in range, not on top of another)."""
        x = float(min(max(x, self.x_range[0]), self.x_range[1]))
        y = float(min(max(y, self.y_range[0]), self.y_range[1]))
        xs = [p[0] for p in self.points]
        if any(abs(x - v) < MIN_GAP for v in xs):
            return None
        i = int(np.searchsorted(xs, x))
        self.points.insert(i, (round(x, 2), round(y, 3)))
        self._redraw()
        self.changed.emit()
        return i

    def remove_point(self, i: int) -> None:
        if len(self.points) > 2:
            del self.points[i]
            self._redraw()
            self.changed.emit()

    # -- picking -----------------------------------------------------------------
    def point_near(self, pos: QPointF) -> int | None:
        """The point within :data:`PICK_PIXELS` of ``pos`` (plot coordinates)."""
        vb = self.plot.getViewBox()
        px, py = vb.viewPixelSize()
        best, best_d = None, PICK_PIXELS ** 2
        for i, (x, y) in enumerate(self.points):
            d = ((x - pos.x()) / max(px, 1e-12)) ** 2 + ((y - pos.y()) / max(py, 1e-12)) ** 2
            if d <= best_d:
                best, best_d = i, d
        return best

    def _scene_clicked(self, ev) -> None:
        if ev.double() and ev.button() == Qt.MouseButton.LeftButton:
            p = self.plot.getViewBox().mapSceneToView(ev.scenePos())
            if p.x() >= self.x_range[0]:
                self.add_point(p.x(), p.y())

    # -- drawing -------------------------------------------------------------------
    def _redraw(self) -> None:
        self.text.setText(curve_text(self.points))
        self.text.setStyleSheet("")
        if self.graph is None:          # (the plot not made yet: it draws them when made)
            return
        pts = np.array(self.points, float).reshape(-1, 2)
        n = len(pts)
        adj = np.array([[k, k + 1] for k in range(n - 1)], int).reshape(-1, 2)
        self.graph.setData(pos=pts, adj=adj, size=11, symbol="o", pxMode=True,
                           symbolBrush=pg.mkBrush(255, 200, 60), symbolPen=pg.mkPen("k"),
                           pen=pg.mkPen((255, 200, 60), width=2))
        if self.mirror and n:
            self.mirror_line.setData(-pts[::-1, 0], pts[::-1, 1])

    def _text_edited(self) -> None:
        try:
            pts = parse_points(self.text.text())
        except ValueError:
            self.text.setStyleSheet("color: #d33;")
            return
        if pts and [tuple(p) for p in pts] != self.points:
            # the generator's validation judges them (its message shows below)
            self.points = pts
            self._redraw()
            self.changed.emit()
