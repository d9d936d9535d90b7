"""Names over the map (a town's name at its centre): whole words on a dark
box, drawn at one size on screen whatever the zoom (one item paints them
all, those whose place is on screen only, each moved inside the view where
it would run over its edge: a town at the map's edge is read whole), so
they stay legible zoomed out and in, unlike the marker letters, which are
fitted into a square.  :func:`split_names` takes the markers that are names out of a
picture's markers; :class:`NameLabels` shows them on a map view, and
:func:`centre_on` moves a view to a cell (the Towns table's rows)."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsItem

from ..engine.protocol import Marker
from .turns import later

NAME_KINDS = ("town",)
"""Marker kinds shown as names (not as letters)."""
NAME_FONT = QFont()
NAME_FONT.setBold(True)
NAME_FONT.setPointSize(9)
NAME_Z = 11
PAD = 3
BOX = QColor(0, 0, 0, 160)
INK = QColor(255, 255, 255)
PIECE_SECONDS = 0.002
"""Names are placed and drawn about this long a turn of the event loop."""
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


class _Placing:
    """The names being placed and drawn for one view (``key``: its
    transform and screen), a piece at a time: the names on screen in order,
    the cells taken so far, and the picture of those placed (screen pixels,
    transparent elsewhere)."""

    def __init__(self, item: _NamesItem, key: tuple, to_screen, screen: QRectF,
                 ratio: float, hints) -> None:
        self.key, self.screen, self.hints, self.ratio = key, screen, hints, ratio
        self.to_screen = QTransform(to_screen)
        self.h = item._metrics.height() + 2 * PAD
        self.todo: list | None = None   # (made at the first piece: not in the paint that asks)
        self.next = 0
        self.image: QImage | None = None
        self.drawn: list[tuple[str, QRectF]] = []
        self.used = QRectF()            # round the names drawn (screen pixels)

    def _start(self, item: _NamesItem) -> list:
        """The names on screen in order, their cells, and a clear picture."""
        screen, t, xy = self.screen, self.to_screen, item.xy
        px = t.m11() * xy[:, 0] + t.m21() * xy[:, 1] + t.dx()
        py = t.m12() * xy[:, 0] + t.m22() * xy[:, 1] + t.dy()
        on = np.flatnonzero((px >= screen.left()) & (px <= screen.right())
                            & (py >= screen.top()) & (py <= screen.bottom()))
        self.grid = CellGrid(screen.left(), screen.top(), screen.right(), screen.bottom(),
                             self.h)
        xs, ys = px[on], py[on]
        self.todo = list(zip(on.tolist(), self.grid.indices(xs, ys), xs.tolist(), ys.tolist()))
        size = screen.size().toSize()
        self.image = QImage(max(1, math.ceil(size.width() * self.ratio)),
                            max(1, math.ceil(size.height() * self.ratio)),
                            QImage.Format.Format_ARGB32_Premultiplied)
        self.image.setDevicePixelRatio(self.ratio)
        self.image.fill(0)
        return self.todo

    def done(self) -> bool:
        return self.todo is not None and self.next >= len(self.todo)

    def run(self, item: _NamesItem, seconds: float | None = None) -> None:
        """Place and draw the next names: all of them, or for about
        ``seconds`` (each box centred on its place, moved inside the screen
        as far as it can, its place staying inside it: a place whose cell
        an earlier name took has no name, known at one look, before its
        width is measured)."""
        if self.todo is None:
            self._start(item)
            if seconds is not None:     # (in turns: the start is a piece of its own)
                return
        todo = self.todo
        grid, taken, h = self.grid, self.grid.taken, self.h
        left, top = self.screen.left(), self.screen.top()
        right, bottom = self.screen.right(), self.screen.bottom()
        end = None if seconds is None else time.perf_counter() + seconds
        p = None
        k0 = self.next
        while self.next < len(todo):
            n = self.next
            self.next += 1
            i, k, x, y = todo[n]
            if not taken[k]:
                label = item.labels[i]
                w = item._width(label)
                bx = max(min(x - w / 2, right - w), left)
                by = max(min(y - h / 2, bottom - h), top)
                if grid.take(bx, by, bx + w, by + h):
                    if p is None:
                        p = QPainter(self.image)
                        p.setRenderHints(self.hints)         # (the view's, as if drawn on it)
                        p.translate(-left, -top)
                        p.setFont(NAME_FONT)
                    box = QRectF(bx, by, w, h)
                    p.setPen(Qt.PenStyle.NoPen)
                    p.setBrush(BOX)
                    p.drawRoundedRect(box, 2, 2)
                    p.setPen(INK)
                    p.drawText(box, Qt.AlignmentFlag.AlignCenter, label)
                    self.used = self.used.united(box)
                    self.drawn.append((label, box))
            if end is not None and (n - k0) % 16 == 15 and time.perf_counter() > end:
                break
        if p is not None:
            p.end()


class _NamesItem(QGraphicsItem):
    """Every name in one item: each drawn in screen pixels at the screen
    point of its place (only those on screen, and none over a name drawn
    before it: the first names win), so hundreds of towns cost one item,
    not hundreds of text items.

    The names are drawn once per view (transform and screen) into a
    picture, which every paint of that view puts on screen as it is (a
    step of the timeline, the letters' turns, a new layer repaint the map
    with the same names where they are).  New names are placed and drawn
    a piece a turn of the event loop (:data:`PIECE_SECONDS` each), after the
    paint that shows the new map: a 4096² first frame's ~6,000 towns took
    8-18 ms a paint.  So are the names of a view that moved (a zoom, a pan,
    the view resized), the last view's picture moved with the map meanwhile."""

    def __init__(self) -> None:
        super().__init__()
        self.labels: list[str] = []
        self.xy = np.zeros((0, 2))          # each name's place (view coordinates)
        self.rect = QRectF()
        self._metrics = QFontMetrics(NAME_FONT)
        self._widths: dict[str, int] = {}
        self._version = 0                   # of the names set
        self._shown: _Placing | None = None     # the names drawn whole for a view
        self._placing: _Placing | None = None   # new names being placed, a piece a turn

    @property
    def drawn(self) -> list[tuple[str, QRectF]]:
        """The names drawn (and their boxes on screen) for the last view painted."""
        placing = self._placing if self._placing is not None else self._shown
        return list(placing.drawn) if placing is not None else []

    def set_names(self, placed: PlacedNames) -> None:
        self.prepareGeometryChange()
        self.labels, self.xy, self.rect = placed.labels, placed.xy, QRectF(*placed.rect)
        self._version += 1
        self._shown = self._placing = None
        self._update_view()

    def _width(self, label: str) -> int:
        w = self._widths.get(label)
        if w is None:
            w = self._widths[label] = self._metrics.horizontalAdvance(label) + 2 * PAD
        return w

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        return self.rect

    def finish(self) -> None:
        """The names being placed a piece a turn, placed now (for tests)."""
        placing = self._placing
        if placing is not None:
            placing.run(self)
            self._placed(placing)

    def _placed(self, placing: _Placing) -> None:
        self._shown, self._placing = placing, None
        self._update_view()

    def _update_view(self) -> None:
        """Repaint all the view box shows: a name's box reaches past the
        places' rect (this item's bounding rect, all an update of it
        repaints), moved inside the view at its edges; on screen, those
        parts kept the last picture's pixels (names cut at their first or
        last letters after a generator switch, or an old name left)."""
        clipper = self._clipper()
        (clipper if clipper is not None else self).update()

    def _next_piece(self) -> None:
        placing = self._placing
        if placing is None:
            return
        placing.run(self, PIECE_SECONDS)
        if placing.done():
            self._placed(placing)           # (on screen at once: one repaint)
        else:
            later(self._next_piece)

    def paint(self, painter: QPainter, _option, widget=None) -> None:
        if not self.labels:
            return
        t = painter.worldTransform()
        screen = QRectF(painter.viewport()) if widget is None else QRectF(widget.rect())
        clipper = self._clipper()       # (the view box clips its items: a name is kept inside)
        if clipper is not None:         # (its whole rect: a paint's clip may be a part redrawn)
            box = self.mapRectFromItem(clipper, clipper.boundingRect())
            screen = QRectF(screen.intersected(t.mapRect(box)).toAlignedRect())
        ratio = painter.device().devicePixelRatioF()
        key = (self._version, t.m11(), t.m12(), t.m21(), t.m22(), t.dx(), t.dy(),
               screen.getRect(), ratio)
        shown = self._shown
        if shown is not None and shown.key == key:
            self._put(painter, shown, None)
            return
        placing = self._placing
        if placing is None or placing.key != key:   # placed in the turns to come
            self._placing = _Placing(self, key, t, screen, ratio, painter.renderHints())
            later(self._next_piece)
        if shown is not None:       # the last view's names moved with the map till then
            self._put(painter, shown, t)

    def _clipper(self) -> QGraphicsItem | None:
        """The nearest item above this one that clips its children (the view box)."""
        item = self.parentItem()
        while item is not None and not (item.flags()
                                        & QGraphicsItem.GraphicsItemFlag.ItemClipsChildrenToShape):
            item = item.parentItem()
        return item

    @staticmethod
    def _put(painter: QPainter, shown: _Placing, to_screen: QTransform | None) -> None:
        """Put ``shown``'s picture on screen (``to_screen``: the view's
        transform now, when it moved since the names were placed)."""
        if shown.used.isEmpty():
            return
        painter.save()
        painter.resetTransform()
        if to_screen is not None:
            inverse, ok = shown.to_screen.inverted()
            if not ok:
                painter.restore()
                return
            painter.setTransform(inverse * to_screen)
        screen, ratio = shown.screen, shown.image.devicePixelRatio()
        r = shown.used.toAlignedRect()
        source = QRectF(r.x() - screen.left(), r.y() - screen.top(), r.width(), r.height())
        painter.drawImage(QRectF(r), shown.image, QRectF(source.topLeft() * ratio,
                                                         source.size() * ratio))
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
        """The names the last paint drew, with their boxes on screen (for
        tests: those still to place are placed first)."""
        self.item.finish()
        return self.item.drawn


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
