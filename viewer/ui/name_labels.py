"""Names over the map (a town's name at its centre): whole words on a dark
box, drawn at one size on screen whatever the zoom (one item paints them
all, those whose place is on screen only, each moved inside the view where
it would run over its edge: a town at the map's edge is read whole), so
they stay legible zoomed out and in, unlike the marker letters, which are
fitted into a square.  :func:`split_names` takes the markers that are names out of a
picture's markers; :class:`NameLabels` shows them on a map view, and
:func:`centre_on` moves a view to a cell (the Towns table's rows)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter
from PySide6.QtWidgets import QGraphicsItem

from ..engine.protocol import Marker

NAME_KINDS = ("town",)
"""Marker kinds shown as names (not as letters)."""
NAME_FONT = QFont()
NAME_FONT.setBold(True)
NAME_FONT.setPointSize(9)
NAME_Z = 11
PAD = 3
BOX = QColor(0, 0, 0, 160)
INK = QColor(255, 255, 255)
CENTRED_CELLS = 40
"""Centring a fitted map zooms in to about this many cells across."""


@dataclass(frozen=True)
class PlacedNames:
    """Names placed on a square map drawn at ``scale`` pixels per cell (made
    with the map's picture, on its job's thread: thousands of towns took the
    GUI thread tens of ms): ``labels``, ``xy`` their places (the cell
    centres, view coordinates, one row each), ``rect`` (x, y, w, h) round
    them all, and ``key``, equal for the same names in the same places."""

    labels: list[str]
    xy: np.ndarray
    rect: tuple[float, float, float, float]
    key: tuple


NO_NAMES = PlacedNames([], np.zeros((0, 2)), (0.0, 0.0, 0.0, 0.0), ())


def cells_of(markers: Sequence[Marker]) -> np.ndarray:
    """The markers' cells, (x, y) a row (floats; thousands at once)."""
    return np.fromiter((v for m in markers for v in (m.x, m.y)), float,
                       2 * len(markers)).reshape(-1, 2)


def place_names(names: Sequence[Marker], scale: float) -> PlacedNames:
    """``names`` (markers) placed at their cells' centres."""
    if not names:
        return NO_NAMES
    labels = [m.label for m in names]
    cells = cells_of(names)
    xy = (cells + 0.5) * scale
    (x0, y0), (x1, y1) = xy.min(axis=0), xy.max(axis=0)
    rect = (float(x0 - scale), float(y0 - scale), float(x1 - x0 + 2 * scale),
            float(y1 - y0 + 2 * scale))
    return PlacedNames(labels, xy, rect, (tuple(labels), cells.tobytes(), scale))


def split_names(markers: Sequence[Marker]) -> tuple[list[Marker], list[Marker]]:
    """(the markers drawn as letters, the markers drawn as names)."""
    letters = [m for m in markers if m.kind not in NAME_KINDS]
    names = [m for m in markers if m.kind in NAME_KINDS]
    return letters, names


def apart(boxes: Sequence[QRectF], cell: float) -> list[bool]:
    """Which of ``boxes`` (screen rectangles, in order of precedence) are
    shown: each that covers no grid cell of ``cell`` pixels an earlier
    shown one covers."""
    return apart_edges([(b.left(), b.top(), b.right(), b.bottom()) for b in boxes], cell)


def apart_edges(edges: Sequence[tuple[float, float, float, float]], cell: float) -> list[bool]:
    """:func:`apart` of boxes given by their (left, top, right, bottom), the
    cells taken kept in one grid (thousands of names in a few ms)."""
    if not len(edges):
        return []
    e = np.asarray(edges, float).reshape(-1, 4)
    grid = CellGrid(e[:, 0].min(), e[:, 1].min(), e[:, 2].max(), e[:, 3].max(), cell)
    return [grid.take(*box) for box in e.tolist()]


class CellGrid:
    """The grid cells of ``cell`` pixels that shown boxes cover, over
    (x0, y0)-(x1, y1): one byte a cell, row by row (a look at a cell is an
    index, a box's row a search in C: thousands of names a paint)."""

    def __init__(self, x0: float, y0: float, x1: float, y1: float, cell: float) -> None:
        self.cell = cell
        self.i0, self.j0 = int(x0 // cell), int(y0 // cell)
        self.width = int(x1 // cell) + 2 - self.i0
        self.height = int(y1 // cell) + 2 - self.j0
        self.taken = bytearray(self.width * self.height)

    def index(self, x: float, y: float) -> int:
        """The cell of point (x, y), as an index of ``taken``."""
        c = self.cell
        return (int(y // c) - self.j0) * self.width + int(x // c) - self.i0

    def indices(self, xs: np.ndarray, ys: np.ndarray) -> list[int]:
        """:meth:`index` of many points at once."""
        c = self.cell
        j = np.floor_divide(ys, c).astype(np.int64) - self.j0
        i = np.floor_divide(xs, c).astype(np.int64) - self.i0
        return (j * self.width + i).tolist()

    def take(self, left: float, top: float, right: float, bottom: float) -> bool:
        """Whether the box covers no cell taken; if so its cells are taken."""
        if self.taken[self.index((left + right) / 2, (top + bottom) / 2)]:
            return False        # (one look: most boxes of a crowded map end here)
        c, w, taken = self.cell, self.width, self.taken
        a = max(int(left // c) - self.i0, 0)
        b = min(int(right // c) + 1 - self.i0, w)
        rows = range(max(int(top // c) - self.j0, 0), min(int(bottom // c) + 1 - self.j0,
                                                          self.height))
        if any(taken.find(1, j * w + a, j * w + b) >= 0 for j in rows):
            return False
        full = b"\x01" * (b - a)
        for j in rows:
            taken[j * w + a:j * w + b] = full
        return True


class _NamesItem(QGraphicsItem):
    """Every name in one item: each drawn in screen pixels at the screen
    point of its place (only those on screen, and none over a name drawn
    before it: the first names win), so hundreds of towns cost one item,
    not hundreds of text items."""

    def __init__(self) -> None:
        super().__init__()
        self.labels: list[str] = []
        self.xy = np.zeros((0, 2))          # each name's place (view coordinates)
        self.rect = QRectF()
        self._metrics = QFontMetrics(NAME_FONT)
        self._widths: dict[str, int] = {}
        self.drawn: list[tuple[str, QRectF]] = []   # the last paint's names and boxes

    def set_names(self, placed: PlacedNames) -> None:
        self.prepareGeometryChange()
        self.labels, self.xy, self.rect = placed.labels, placed.xy, QRectF(*placed.rect)
        self.update()

    def _width(self, label: str) -> int:
        w = self._widths.get(label)
        if w is None:
            w = self._widths[label] = self._metrics.horizontalAdvance(label) + 2 * PAD
        return w

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        return self.rect

    def paint(self, painter: QPainter, _option, widget=None) -> None:
        if not self.labels:
            return
        to_screen = painter.worldTransform()
        screen = QRectF(painter.viewport()) if widget is None else QRectF(widget.rect())
        fm = self._metrics
        h = fm.height() + 2 * PAD
        painter.save()
        painter.resetTransform()
        painter.setFont(NAME_FONT)
        painter.setPen(Qt.PenStyle.NoPen)
        t, xy = to_screen, self.xy        # (every place at once: thousands of towns)
        px = t.m11() * xy[:, 0] + t.m21() * xy[:, 1] + t.dx()
        py = t.m12() * xy[:, 0] + t.m22() * xy[:, 1] + t.dy()
        on = np.flatnonzero((px >= screen.left()) & (px <= screen.right())
                            & (py >= screen.top()) & (py <= screen.bottom()))
        # each box centred on its place, moved inside the screen as far as it
        # can (its place stays inside it: a place whose cell an earlier name
        # took has no name, known at one look, before its width is measured)
        left, top = screen.left(), screen.top()
        right, bottom = screen.right(), screen.bottom()
        grid = CellGrid(left, top, right, bottom, h)
        taken, xs, ys = grid.taken, px[on], py[on]
        self.drawn = []
        for i, k, x, y in zip(on.tolist(), grid.indices(xs, ys), xs.tolist(), ys.tolist()):
            if taken[k]:
                continue
            label = self.labels[i]
            w = self._width(label)
            bx = max(min(x - w / 2, right - w), left)
            by = max(min(y - h / 2, bottom - h), top)
            if not grid.take(bx, by, bx + w, by + h):
                continue
            box = QRectF(bx, by, w, h)
            self.drawn.append((label, box))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(BOX)
            painter.drawRoundedRect(box, 2, 2)
            painter.setPen(INK)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, label)
        painter.restore()


class NameLabels:
    """The names shown over ``vb`` (a pyqtgraph ViewBox), placed at the cell
    centres of a square map drawn at ``scale`` pixels per cell."""

    def __init__(self, vb: pg.ViewBox) -> None:
        self.vb = vb
        self.item = _NamesItem()
        self.item.setZValue(NAME_Z)
        vb.addItem(self.item, ignoreBounds=True)
        self._shown: tuple = ()

    def show(self, names: Sequence[Marker] | PlacedNames, scale: float) -> None:
        """Show ``names`` (markers, or placed already: :func:`place_names`)."""
        placed = names if isinstance(names, PlacedNames) else place_names(names, scale)
        if placed.key == self._shown:
            return
        self._shown = placed.key
        self.item.set_names(placed)

    def clear(self) -> None:
        self._shown = ()
        self.item.set_names(NO_NAMES)

    def names(self) -> list[tuple[str, float, float]]:
        """Every name shown with its place in view coordinates (for tests)."""
        return [(label, x, y) for label, (x, y) in zip(self.item.labels,
                                                      self.item.xy.tolist())]

    def drawn(self) -> list[tuple[str, QRectF]]:
        """The names the last paint drew, with their boxes on screen (for tests)."""
        return list(self.item.drawn)


def centre_on(view, x: int, y: int) -> None:
    """Show cell (x, y) of ``view``'s square map in the middle of it, at
    the zoom it has (a fitted map is zoomed in first)."""
    vb = view.vb
    (x0, x1), (y0, y1) = vb.viewRange()
    scale = view.scale
    hw, hh = (x1 - x0) / 2, (y1 - y0) / 2
    if not view.user_moved and view.world is not None:
        across = min(CENTRED_CELLS, max(view.world)) * scale
        f = across / max(2 * hw, 1e-9)
        if f < 1:
            hw, hh = hw * f, hh * f
    cx, cy = (x + 0.5) * scale, (y + 0.5) * scale
    view.user_moved = True
    vb.setRange(xRange=(cx - hw, cx + hw), yRange=(cy - hh, cy + hh), padding=0)
