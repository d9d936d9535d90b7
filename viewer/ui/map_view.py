"""The map view: a rasterised layer in a pyqtgraph ViewBox, with zoom, pan
that wraps around the torus, capital letters and hover reporting.

The picture is one period of the map (:class:`PeriodImage`).  A hex torus
is painted repeated as often as the view needs, so the world continues
without an edge in every direction; whenever the view's centre leaves the
first period the view is moved back by a whole period, which shows exactly
the same picture, so a drag can go on forever.  A plain (square) map is
painted once and its centre stays on screen.

Fit (:meth:`MapView.fit`) shows the whole map, centred, letterboxed to the
view's shape; zooming out stops a little beyond that (:data:`ZOOM_OUT`),
zooming in at :data:`MAX_SCREEN_PER_CELL` screen pixels per cell.  A
zoomed-in hex map gets a finer picture of what it shows on top
(:meth:`MapView.set_detail`, drawn by :mod:`.zoom` on a worker).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem

from ..engine.protocol import Marker
from ..render.hexraster import hex_center, sector_at
from .letter_thinning import thin_spots, thinning_cell
from .name_labels import NameLabels, PlacedNames, cells_of, place_names, split_names
from .screen_image import to_qimage
from .turns import forget, later

ZOOM_OUT = 1.25
"""Zooming out stops when the whole map takes 1 / ZOOM_OUT of the view."""

FIT_MARGIN_CELLS = 1.5
"""Fitting a torus shows this many hexes of its repeat around one period."""

MAX_SCREEN_PER_CELL = 160
"""Zooming in stops when a cell is this many screen pixels wide."""

MESSAGE_MIN_WIDTH = 120
"""Screen pixels a message over the map wraps to at the least."""
LETTER_PX = (10, 24)
"""The least and the most screen pixels a marker's letter is high: between
them it grows with the zoom (LETTER_PER_CELL cells high)."""
LETTER_PER_CELL = 1.2
BOX_PER_LETTER = 19 / 13
DEFAULT_BOX_PX = 19
"""A letter's box before the view sizes it (a letter 13 pixels high)."""


def letter_px(cell_px: float) -> int:
    """A letter's height on screen when a cell is ``cell_px`` pixels wide."""
    lo, hi = LETTER_PX
    return int(round(min(hi, max(lo, LETTER_PER_CELL * cell_px))))


LETTER_FONT = QFont()
LETTER_FONT.setBold(True)
LETTER_FONT.setPointSize(10)


@functools.cache
def _capital_height() -> float:
    ref = QPainterPath()
    ref.addText(0, 0, LETTER_FONT, "M")
    return ref.boundingRect().height()


_SYMBOLS: dict[str, QPainterPath] = {}
LETTERS_PER_TURN = 500
"""Letters (spots) set in one turn of the event loop (pyqtgraph takes 2-4 us
a spot in each of the pair's two items: a 4096² first frame's ~6,000
lighthouses and transmitters held the GUI thread 30-60 ms at once)."""
LETTERS_PER_ITEM = 3 * LETTERS_PER_TURN
"""Letters in one pair of scatter items, added a turn's worth at a time
(each item costs every paint about 0.2 ms besides its spots: a pair per
500 letters took a 4096² first frame's paints 5-6 ms; adding to an item
costs about 1 us per spot it holds already)."""
NEW_SYMBOLS_PER_TURN = 12
"""Letters made at most this many a turn of the event loop (about 50 us
each, and as much again for the scatter item's picture of it): a world's
40 new capitals made at once held the GUI thread 5-8 ms, beside the new map."""


def _letter_symbol(text: str) -> QPainterPath:
    """``text`` as a scatter symbol: a path centred on 0 about 1 unit high
    (made once per text: the scatter item keeps its picture by the path)."""
    symbol = _SYMBOLS.get(text)
    if symbol is not None:
        return symbol
    path = QPainterPath()
    path.addText(0, 0, LETTER_FONT, text)
    box = path.boundingRect()
    # one scale for every label (the height of a capital letter), so that a
    # small letter is not blown up to the size of a tall one
    size = max(_capital_height(), box.width(), 1e-6)
    tr = QTransform()
    tr.scale(1 / size, 1 / size)
    tr.translate(-box.center().x(), -box.center().y())
    if len(_SYMBOLS) >= 4096:
        _SYMBOLS.clear()
    symbol = _SYMBOLS[text] = tr.map(path)
    return symbol


@dataclass(frozen=True, eq=False)
class Letters:
    """The markers drawn as letters, sorted out for the GUI thread (by
    :func:`letters_of`, on a picture's thread): a 4096² first frame's 4,500
    letters read marker by marker there held it 5-10 ms a new step."""

    markers: list[Marker]
    key: tuple
    """what tells two lists of letters apart (compared in C, not marker by marker)"""
    cells: np.ndarray
    """each marker's cell, (x, y) a row (floats)"""
    labels: list[str]
    """each label once, in the order they first come"""
    codes: np.ndarray
    """each marker's label, its index in :attr:`labels`"""

    def __len__(self) -> int:
        return len(self.markers)


def letters_of(markers: Sequence[Marker]) -> Letters:
    markers = list(markers)
    kinds = tuple(m.kind for m in markers)
    names = tuple(m.label for m in markers)
    cells = cells_of(markers)
    index: dict[str, int] = {}
    codes = np.fromiter((index.setdefault(label, len(index)) for label in names), np.intp,
                        len(names))
    return Letters(markers, (kinds, names, cells.tobytes()), cells, list(index), codes)


NO_LETTERS = letters_of(())


@dataclass(frozen=True)
class Marks:
    """A picture's markers as a view shows them: the ``letters`` and the
    ``names`` placed (whole words, on a square map)."""

    letters: Letters
    names: PlacedNames


def screen_marks(markers: Sequence[Marker], scale: int, hexes: bool) -> Marks:
    """``markers`` sorted out for a map view (no Qt object made: a picture's
    job does it on its thread, beside the QImage)."""
    letters, names = split_names(markers)
    return Marks(letters_of(letters), place_names(names if not hexes else (), scale))


class PeriodImage(pg.GraphicsObject):
    """A picture painted on ``rect`` (view coordinates), or with ``repeat``
    painted on every copy of ``rect`` the view shows (a torus)."""

    REACH = 1000     # periods each way the item claims (its bounding rect)

    def __init__(self):
        super().__init__()
        self.qimage: QImage | None = None
        self._shrunk: tuple | None = None       # ((w, h), the picture averaged to that size)
        self.rect = QRectF()
        self.repeat = False
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)

    def set_image(self, qimage: QImage | None, rect: QRectF, repeat: bool = False,
                  shrunk: tuple | None = None) -> None:
        """``shrunk``: ``((w, h), qimage averaged to w x h)`` made beforehand
        (on a worker, see :func:`.screen_image.shrink`) for the zoom it will be shown at."""
        self.prepareGeometryChange()
        self.qimage, self.rect, self.repeat = qimage, QRectF(rect), repeat
        self._shrunk = shrunk

    def needs_shrunk(self) -> tuple[int, int] | None:
        """The size to average the picture down to for this zoom, when it
        is shown shrunk and that one is not there yet."""
        size = self.screen_size()
        if self.qimage is None or size is None or not 0 < size[0] < self.qimage.width():
            return None
        return None if self._shrunk is not None and self._shrunk[0] == size else size

    def set_shrunk(self, qimage: QImage, source: QImage, size: tuple[int, int]) -> None:
        if source is self.qimage:
            self._shrunk = (size, qimage)
            self.update()

    def screen_size(self) -> tuple[int, int] | None:
        """The picture's size in screen pixels at the current zoom."""
        vb = self.getViewBox()
        if vb is None or self.rect.isEmpty():
            return None
        px = vb.viewPixelSize()
        if px[0] <= 0 or px[1] <= 0:
            return None
        return round(self.rect.width() / px[0]), round(self.rect.height() / px[1])
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        r = self.rect
        if not self.repeat or r.isEmpty():
            return QRectF(r)
        k = self.REACH
        return r.adjusted(-k * r.width(), -k * r.height(), k * r.width(), k * r.height())

    def paint(self, p: QPainter, option, widget=None) -> None:
        img, r = self.qimage, self.rect
        if img is None or r.isEmpty():
            return
        t = p.transform()
        if t.isRotating() or t.m11() <= 0 or t.m22() <= 0:
            p.drawImage(r, img)             # (never in the map view: no flip, no rotation)
            return
        # one period is painted on exactly dw x dh whole screen pixels, at a
        # whole pixel: a picture stretched or squeezed by a pixel would
        # repeat or drop one row and column of it (nearest pixels), across
        # the middle (issue 28, 7.10)
        dw, dh = round(t.m11() * r.width()), round(t.m22() * r.height())
        if dw < 1 or dh < 1:
            return
        # shrunk: averaged down to the screen's pixels once per zoom (every
        # thin line stays visible), until it comes the quick nearest pixels;
        # enlarged: sharp pixels
        if 0 < dw < img.width() and 0 < dh <= img.height() * 1.01 \
                and self._shrunk is not None and self._shrunk[0] == (dw, dh):
            img = self._shrunk[1]
        corner = t.map(r.topLeft())
        x0, y0 = round(corner.x()), round(corner.y())
        tiles = [(0, 0)]
        if self.repeat:
            tiles = self._tiles(option)
        p.save()
        p.resetTransform()                  # screen pixels
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        # the copies of a torus side by side, dw and dh apart: no seam, no overlap
        for tx, ty in tiles:
            p.drawImage(QRect(x0 + tx * dw, y0 + ty * dh, dw, dh), img)
        p.restore()

    def _tiles(self, option) -> list[tuple[int, int]]:
        """The copies of the period (tile offsets) that the shown part
        touches, one more each way (a copy is within half a screen pixel
        per period of where the view places it)."""
        r = self.rect
        shown = option.exposedRect
        vr = self.viewRect()
        if vr is not None:
            shown = shown.intersected(vr) if not shown.isEmpty() else vr
        w, h = r.width(), r.height()
        tx0 = math.floor((shown.left() - r.left()) / w) - 1
        tx1 = math.floor((shown.right() - r.left()) / w) + 1
        ty0 = math.floor((shown.top() - r.top()) / h) - 1
        ty1 = math.floor((shown.bottom() - r.top()) / h) + 1
        if (tx1 - tx0 + 1) * (ty1 - ty0 + 1) > 4096:
            return []
        return [(tx, ty) for ty in range(ty0, ty1 + 1) for tx in range(tx0, tx1 + 1)]


class _LinkGuard:
    """Shared by linked views: set while one follows the other, so that the
    move it makes is not followed back."""

    busy = False


class MapView(pg.GraphicsLayoutWidget):
    """Shows one RGBA map picture; ``hovered`` carries the cell ``(x, y)``
    under the mouse (on a torus: anywhere on screen), or None off a plain
    map.  ``contentChanged`` fires when a new picture is shown."""

    hovered = Signal(object)
    contentChanged = Signal()  # noqa: N815 - Qt's spelling on the Qt surface

    _leader: MapView | None = None      # the view this one follows (link_view)
    _guard = _LinkGuard()               # replaced by a shared one when linked

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setBackground((20, 20, 24))
        self.ci.setContentsMargins(0, 0, 0, 0)      # the map reaches the widget's edges
        self.ci.setSpacing(0)
        self.vb: pg.ViewBox = self.addViewBox(lockAspect=True, invertY=True,
                                              enableMenu=False)
        self.vb.disableAutoRange()          # the view is ours: fit() and the torus wrap
        self.image = PeriodImage()
        self.vb.addItem(self.image, ignoreBounds=True)
        self.detail = PeriodImage()         # a finer picture of what a zoom shows
        self.detail.setZValue(1)
        self.vb.addItem(self.detail, ignoreBounds=True)
        self.detail_scale: int | None = None
        self.outline = QGraphicsRectItem()
        pen = QPen(QColor(255, 255, 255, 190))
        pen.setCosmetic(True)
        pen.setWidthF(1.5)
        pen.setStyle(Qt.PenStyle.DashLine)
        self.outline.setPen(pen)
        self.outline.setZValue(8)
        self.outline.hide()
        self.vb.addItem(self.outline, ignoreBounds=True)
        self.show_outline = False
        self.notice = pg.TextItem("", color=(240, 240, 240), fill=(0, 0, 0, 170),
                                  anchor=(0.5, 0.5))
        self.notice.setZValue(20)
        self.notice.hide()
        self.vb.addItem(self.notice, ignoreBounds=True)
        self.waiting = pg.TextItem("", color=(255, 255, 255), fill=(30, 60, 110, 200),
                                   anchor=(0.5, 0.5))
        self.waiting.setZValue(21)
        self.waiting.hide()
        self.vb.addItem(self.waiting, ignoreBounds=True)
        # every marker letter (in every torus copy) is a spot of a scatter item
        # (two scatter items for LETTERS_PER_ITEM letters: a dark box, and the
        # letter on it; the first pair, and more for thousands of letters)
        self._letter_items: list[tuple[pg.ScatterPlotItem, pg.ScatterPlotItem]] = []
        self._boxes, self._letters = self._letter_pair(0)
        self._spots: tuple | None = None        # (xs, ys, symbols) of the letters placed
        self._spot_codes = np.zeros(0, np.intp)    # each spot's label (Letters.codes)
        self._items_due: list[int] = []         # the pairs whose letters are still to set
        self._markers: Letters = NO_LETTERS     # the letters placed
        self.name_labels = NameLabels(self.vb)     # names (towns) in whole words
        self._letter_tiles: tuple[int, int, int, int] | None = None
        self._pending_letters: Letters | None = None
        self._letter_px: int | None = None      # the letters' size for this zoom
        self._applied_px: int | None = None     # the size they have
        self._resize_due: list[tuple[pg.ScatterPlotItem, int]] = []  # items to resize
        self.world: tuple[int, int] | None = None
        self.scale = 1
        self.hexes = True
        self.period = (1, 1)        # image (width, height) of one period
        self.rgba: np.ndarray | None = None
        self._wrapping = False
        self.user_moved = False             # until the user zooms or pans, keep it fitted
        self.vb.sigRangeChanged.connect(self._range_changed)
        self.vb.sigRangeChangedManually.connect(self._moved_by_user)
        self.vb.sigResized.connect(self._refit)
        self.scene().sigMouseMoved.connect(self._mouse_moved)
        self._last_hover: tuple[int, int] | None = None

    # -- content ---------------------------------------------------------------
    def show_map(self, rgba: np.ndarray, world: tuple[int, int], scale: int,
                 markers: Sequence[Marker] = (), hexes: bool = True,
                 qimage: QImage | None = None, shrunk: tuple | None = None,
                 marks: Marks | None = None) -> None:
        """Show ``rgba`` (one period, from ``viewer.render``) of a world of
        ``world`` = (W, H) cells drawn at ``scale`` pixels per cell: a hex
        torus (which wraps) or, with ``hexes=False``, a plain square grid.
        ``qimage``: the same pixels already converted (on a worker), and
        ``shrunk`` averaged down for the zoom (see :meth:`PeriodImage.set_image`);
        ``marks``: the markers sorted out there too (:func:`screen_marks`)."""
        first = self.world is None
        h, w = rgba.shape[:2]
        changed = (world, scale, hexes, (w, h)) != (self.world, self.scale, self.hexes,
                                                    self.period)
        self.rgba = rgba
        self.world, self.scale, self.hexes = world, scale, hexes
        self.period = (w, h)
        self.image.set_image(qimage if qimage is not None else to_qimage(rgba),
                             QRectF(0, 0, w, h), repeat=hexes, shrunk=shrunk)
        self.clear_detail()
        self.outline.setRect(QRectF(0, 0, w, h))
        self.outline.setVisible(self.show_outline and hexes)
        self.set_waiting(None)
        if marks is None:
            marks = screen_marks(markers, scale, hexes)
        self.name_labels.show(marks.names, scale)
        # the letters in the next turn of the event loop: a new map's picture
        # and its many labels do not stall the window in one go
        self._pending_letters = marks.letters
        later(self._flush_letters)
        self.notice.setPos(w / 2, h / 2)
        if first or changed or not self.user_moved:
            self.fit()
        else:
            self._constrain()
        self.contentChanged.emit()

    def set_detail(self, qimage: QImage, rect: QRectF, scale: int) -> None:
        """Paint ``qimage`` (a finer picture at ``scale`` pixels per cell) on
        ``rect`` of the view, over the picture."""
        self.detail.set_image(qimage, rect)
        self.detail.setOpacity(self.image.opacity())
        self.detail_scale = scale

    def clear_detail(self) -> None:
        self.detail.set_image(None, QRectF())
        self.detail_scale = None

    def set_outline(self, on: bool) -> None:
        """Outline one period of a torus (the one around the view's centre)."""
        self.show_outline = bool(on)
        self.outline.setVisible(self.show_outline and self.hexes and self.rgba is not None)

    _waiting_due: str | None = None

    def set_waiting(self, text: str | None) -> None:
        """Grey the picture with ``text`` over it until the next map comes
        (None: show it as it is)."""
        self._waiting_due = None
        for item in (self.image, self.detail):
            item.setOpacity(0.35 if text else 1.0)
        self.waiting.setText(text or "")
        self.waiting.setVisible(bool(text))
        self._center_notice()

    def set_waiting_later(self, text: str) -> None:
        """:meth:`set_waiting` in a later turn of the event loop (unless
        told otherwise meanwhile): the picture greyed and painted in a pass
        of its own (1.5-4 ms), not in a switch's."""
        self._waiting_due = text
        later(self._grey_now)

    def _grey_now(self) -> None:
        if self._waiting_due is not None:
            self.set_waiting(self._waiting_due)

    def is_waiting(self) -> bool:
        """The picture is greyed, or is to be in a turn."""
        return self.waiting.isVisible() or self._waiting_due is not None

    def screen_zoom(self) -> float:
        """Screen pixels per image pixel at the current zoom."""
        px = self.vb.viewPixelSize()[0]
        return 1.0 / px if px > 0 else 1.0

    def set_notice(self, text: str | None) -> None:
        """A message over the map (e.g. a layer without meaning at a step)."""
        self.notice.setText(text or "")
        self.notice.setVisible(bool(text))
        self._center_notice()

    def fit(self) -> None:
        """Show the whole map, centred, letterboxed to the view's shape (a
        torus with a sector or two of its repeat around it, so that what
        straddles a seam is seen whole on one side)."""
        w, h = self.period
        m = FIT_MARGIN_CELLS * self.scale if self.hexes else 0
        # fitted (before the move, which linked views follow): new maps stay
        # fitted until a zoom or pan
        self.user_moved = False
        self.vb.setRange(xRange=(-m, w + m), yRange=(-m, h + m), padding=0)
        self.vb.disableAutoRange()

    def fit_per_pixel(self) -> float:
        """Image pixels per screen pixel at which the whole map just fits."""
        size = self.vb.size()
        w, h = self.period
        if size.width() < 1 or size.height() < 1:
            return 0.0
        m = 2 * FIT_MARGIN_CELLS * self.scale if self.hexes else 0
        return max((w + m) / size.width(), (h + m) / size.height())

    def close(self) -> None:
        """Close the view for good: pyqtgraph's ``close`` deletes its items
        (the map, the view box, the letters), so the pieces of work still
        due for them are dropped."""
        forget(self)
        self._pending_letters = None
        self._items_due.clear()
        self._resize_due.clear()
        super().close()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if not self.closed:     # pyqtgraph's close() resizes once more, its items deleted
            self._refit()

    def _refit(self, *_args) -> None:
        # also when the view box itself has its new size (after the widget's
        # resize, as the layout settles): a fitted map stays fitted
        if self._leader is not None:        # a linked view shows what its leader shows
            self.follow(self._leader)
            return
        if getattr(self, "rgba", None) is None:
            return
        if not self.user_moved:
            self.fit()
        else:
            self._constrain()

    def _moved_by_user(self, *_args) -> None:
        self.user_moved = True

    # -- linked views --------------------------------------------------------------
    def link_view(self, leader: MapView) -> None:
        """Link this view's zoom and pan to ``leader``'s: whenever the
        leader moves (or this view resizes) this one shows the same centre at
        the same scale, and when the user zooms or pans this one the leader
        follows it.  A linked view never fits itself to its pane on its own
        (it shows what the leader shows); while either is hidden nothing
        follows.  (pyqtgraph's own links fight the locked aspect.)"""
        guard = _LinkGuard()
        self._leader, self._guard, leader._guard = leader, guard, guard
        leader.vb.sigRangeChanged.connect(lambda *_: self.follow(leader))
        leader.vb.sigRangeChangedManually.connect(lambda *_: self.follow(leader))
        self.vb.sigRangeChangedManually.connect(lambda *_: leader.follow(self))

    def follow(self, src: MapView) -> None:
        """Show what ``src`` shows: the whole map when it is fitted, else
        its centre at its scale."""
        guard = self._guard
        if guard.busy or not self.isVisible() or not src.isVisible():
            return
        guard.busy = True
        try:
            if not src.user_moved:          # fitted: each view shows the whole map
                self.fit()
                return
            (x0, x1), (y0, y1) = src.vb.viewRange()
            ss, ds = src.vb.size(), self.vb.size()
            if ss.width() < 1 or ds.width() < 1:
                return
            per_px = (x1 - x0) / ss.width()
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            hw, hh = ds.width() * per_px / 2, ds.height() * per_px / 2
            self.vb.setRange(xRange=(cx - hw, cx + hw), yRange=(cy - hh, cy + hh), padding=0)
            self.user_moved = src.user_moved
        finally:
            guard.busy = False

    def fit_linked(self) -> None:
        """Fit this view without moving the views linked to it."""
        guard = self._guard
        guard.busy = True
        try:
            self.fit()
        finally:
            guard.busy = False

    # -- letters -------------------------------------------------------------------
    def _needed_tiles(self) -> tuple[int, int, int, int]:
        if not self.hexes:
            return (0, 0, 0, 0)
        (x0, x1), (y0, y1) = self.vb.viewRange()
        w, h = self.period
        # the copies the view touches, and half a period more each way (so a
        # pan places them anew only after half a period; a whole period each
        # way made 25 copies of every letter on a fitted map, not 9)
        return (math.floor(x0 / w - 0.5), math.floor(x1 / w + 0.5),
                math.floor(y0 / h - 0.5), math.floor(y1 / h + 0.5))

    def _thin_cell(self) -> float:
        """The cell (view units) the letters are thinned on at this zoom
        (:mod:`.letter_thinning`): their boxes' size, in steps."""
        px = self._letter_px
        box_px = round(px * BOX_PER_LETTER) if px is not None else DEFAULT_BOX_PX
        per_px = self.vb.viewPixelSize()[0]
        return thinning_cell(box_px * per_px)

    def _letter_pair(self, k: int) -> tuple[pg.ScatterPlotItem, pg.ScatterPlotItem]:
        """The ``k``-th pair of scatter items of the letters (made when first needed)."""
        while len(self._letter_items) <= k:
            boxes = pg.ScatterPlotItem(pxMode=True, size=DEFAULT_BOX_PX, symbol="s", pen=None,
                                       brush=pg.mkBrush(0, 0, 0, 150))
            letters = pg.ScatterPlotItem(pxMode=True, size=13, pen=None,
                                         brush=pg.mkBrush(255, 255, 255))
            for z, item in ((9, boxes), (10, letters)):
                item.setZValue(z)
                self.vb.addItem(item, ignoreBounds=True)
            px = getattr(self, "_applied_px", None)
            if px is not None:
                letters.setSize(px)
                boxes.setSize(round(px * BOX_PER_LETTER))
            self._letter_items.append((boxes, letters))
        return self._letter_items[k]

    def _place_letters(self, letters: Letters, at_once: bool = False) -> None:
        """Place ``letters``: up to LETTERS_PER_TURN now, more
        LETTERS_PER_TURN a turn of the event loop from the next on
        (``at_once``: all now)."""
        w, h = self.period
        tx0, tx1, ty0, ty1 = self._letter_tiles = self._needed_tiles()
        cell = self._thin_cell()
        self._letters_for = (self.scale, self.period, self.hexes, cell)
        again = letters.key == self._markers.key    # (the same letters, placed anew)
        self._markers = letters
        markers = letters.markers
        scale = self.scale
        if self.hexes:
            centres = [hex_center(m.x, m.y, scale) for m in markers]
            # a capital is two sectors wide (x and x+2): centre between them
            cxy = np.array([(cx + (scale / 2 if m.kind == "capital" else 0), cy)
                            for m, (cx, cy) in zip(markers, centres)], float).reshape(-1, 2)
        else:
            cxy = (letters.cells + 0.5) * scale
        # each marker's copies (one per torus copy shown), marker by marker
        tx, ty = np.meshgrid(np.arange(tx0, tx1 + 1), np.arange(ty0, ty1 + 1))
        xs = (cxy[:, :1] + tx.ravel()[None, :] * w).ravel()
        ys = (cxy[:, 1:] + ty.ravel()[None, :] * h).ravel()
        copies = tx.size
        shapes = np.empty(len(letters.labels), object)    # (a label's path, once)
        for i, label in enumerate(letters.labels):
            shapes[i] = _letter_symbol(label)
        codes = np.repeat(letters.codes, copies)
        keep = thin_spots(xs, ys, codes, cell)      # (none over another at this zoom)
        if len(keep) < len(xs):
            xs, ys, codes = xs[keep], ys[keep], codes[keep]
        symbols = shapes[codes]
        self._spots = (xs, ys, symbols)
        self._spot_codes = codes
        pieces = max(1, -(-len(xs) // LETTERS_PER_TURN))
        pairs = -(-pieces // (LETTERS_PER_ITEM // LETTERS_PER_TURN))
        # a last map's letters: not beside this one's; the same letters placed
        # anew (a zoom, a pan) stay until their pair is set again
        for pair in self._letter_items[pairs if again else 1 if pieces == 1 else 0:]:
            for item in pair:
                item.hide()
        self._items_due = list(range(pieces))
        if at_once:
            self._set_all_letters()
        elif pieces == 1:
            self._set_letters(0)
        else:                           # (thousands: none in the turn that places them)
            later(self._next_letters)

    def _set_letters(self, k: int) -> None:
        """Put the ``k``-th LETTERS_PER_TURN of the spots in their pair of
        scatter items (the first of a pair's replaces what it held; the
        pieces come in order)."""
        self._items_due.remove(k)
        xs, ys, symbols = self._spots
        part = slice(k * LETTERS_PER_TURN, (k + 1) * LETTERS_PER_TURN)
        per_item = LETTERS_PER_ITEM // LETTERS_PER_TURN
        boxes, letters = self._letter_pair(k // per_item)
        px = self._applied_px = self._letter_px
        # (at their size: set afterwards, each spot would be drawn twice)
        sizes = {} if px is None else {"size": px}
        box_sizes = {} if px is None else {"size": round(px * BOX_PER_LETTER)}
        if k % per_item == 0:
            boxes.setData(x=xs[part], y=ys[part], **box_sizes)
            letters.setData(x=xs[part], y=ys[part], symbol=symbols[part], **sizes)
        else:
            boxes.addPoints(x=xs[part], y=ys[part], **box_sizes)
            letters.addPoints(x=xs[part], y=ys[part], symbol=symbols[part], **sizes)
        boxes.show()
        letters.show()

    def _next_letters(self) -> None:
        if self._items_due:
            self._set_letters(self._items_due[0])
        if self._items_due:
            later(self._next_letters)

    def _set_all_letters(self) -> None:
        while self._items_due:
            self._set_letters(self._items_due[0])

    def _letters_cover_view(self) -> None:
        have = self._letter_tiles
        if have is None or not self._markers or self._pending_letters is not None:
            return
        need = self._needed_tiles()
        if need[0] < have[0] or need[1] > have[1] or need[2] < have[2] or need[3] > have[3]:
            self._place_letters(self._markers)

    def _flush_letters(self, at_once: bool = False) -> None:
        markers, self._pending_letters = self._pending_letters, None
        if markers is None:
            if at_once:
                self._set_all_letters()
            return
        if not at_once:
            new = [label for label in markers.labels if label not in _SYMBOLS]
            if len(new) > NEW_SYMBOLS_PER_TURN:     # some now, the rest next turn
                for label in new[:NEW_SYMBOLS_PER_TURN]:
                    _letter_symbol(label)
                self._pending_letters = markers
                later(self._flush_letters)
                return
        if self._letter_tiles == self._needed_tiles() and markers.key == self._markers.key \
                and getattr(self, "_letters_for", None) == (self.scale, self.period, self.hexes,
                                                            self._thin_cell()):
            self._apply_letter_size()
            return                      # the same letters where they are (a step of the timeline)
        self._place_letters(markers, at_once)

    def letters(self) -> list[str]:
        """The labels shown (once each, for tests)."""
        self._flush_letters(at_once=True)
        return [m.label for m in self._markers.markers]

    def letter_positions(self) -> list[tuple[str, float, float]]:
        """Every letter drawn (each torus copy), in view coordinates."""
        self._flush_letters(at_once=True)
        data = [d for _boxes, letters in self._letter_items if letters.isVisible()
                for d in letters.data]
        labels = self._markers.labels
        return [(labels[c], float(d["x"]), float(d["y"]))
                for c, d in zip(self._spot_codes.tolist(), data)]

    # -- zoom limits and the torus wrap ----------------------------------------------
    def _range_changed(self, *_args) -> None:
        if self._wrapping or self.rgba is None:
            return
        self._constrain()
        self._center_notice()
        self._letters_cover_view()
        self._size_letters()

    def _size_letters(self) -> None:
        """Letters that grow with the zoom (within LETTER_PX); set only when
        their size changes by a pixel."""
        width = self.vb.size().width()
        (x0, x1), _ = self.vb.viewRange()
        if width < 1 or x1 <= x0:
            return
        px = letter_px(max(self.scale, 1) * width / (x1 - x0))
        self._letter_px = px
        if self._pending_letters is None:   # (else a new map's letters, placed at it soon)
            placed = getattr(self, "_letters_for", None)
            if self._markers.markers and placed is not None and placed[3] != self._thin_cell():
                self._place_letters(self._markers)      # (another step of the zoom: picked again)
            self._apply_letter_size()

    def _apply_letter_size(self) -> None:
        """The letters at :attr:`_letter_px`: the first pair's now, each other
        item's in a turn of its own (pyqtgraph looks every spot up again at a
        new size, 2-4 us each: a 4096² first frame's 4,500 letters and their
        boxes held the GUI thread 12 ms in one go)."""
        px = self._letter_px
        if px is not None and px != self._applied_px:
            self._applied_px = px
            box_px = round(px * BOX_PER_LETTER)
            self._resize_due = [(item, size) for pair in self._letter_items
                                for item, size in zip(pair, (box_px, px))
                                if item.isVisible()]    # (a hidden one: sized when set)
            for _ in range(2):              # (the first pair now)
                self._next_resize(go_on=False)
            if self._resize_due:
                later(self._next_resize)

    def _next_resize(self, go_on: bool = True) -> None:
        if self._resize_due:
            item, size = self._resize_due.pop(0)
            item.setSize(size)
        if self._resize_due and go_on:
            later(self._next_resize)

    def _constrain(self) -> None:
        """Zoom between the limits; the centre in the first period (a torus)
        or on the map (a plain map)."""
        if self._wrapping or self.rgba is None:
            return
        size = self.vb.size()
        if size.width() < 1 or size.height() < 1:
            return
        (x0, x1), (y0, y1) = self.vb.viewRange()
        w, h = self.period
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        per = (x1 - x0) / size.width()
        most = self.fit_per_pixel() * ZOOM_OUT
        least = max(self.scale, 1) / MAX_SCREEN_PER_CELL
        new_per = min(max(per, least), most) if most > least else most
        if self.hexes:
            cx, cy = cx - math.floor(cx / w) * w, cy - math.floor(cy / h) * h
        else:
            cx, cy = min(max(cx, 0.0), w), min(max(cy, 0.0), h)
        moved = abs(cx - (x0 + x1) / 2) > 1e-9 or abs(cy - (y0 + y1) / 2) > 1e-9
        if not moved and abs(new_per - per) <= 1e-9 * max(per, 1e-12):
            return
        hw, hh = size.width() * new_per / 2, size.height() * new_per / 2
        self._wrapping = True
        try:
            self.vb.setRange(xRange=(cx - hw, cx + hw), yRange=(cy - hh, cy + hh),
                             padding=0, update=True)
        finally:
            self._wrapping = False
        self._letters_cover_view()

    def _center_notice(self) -> None:
        """The messages over the map where the view is, whatever its zoom
        and pan (they keep their size on screen: they are words to the
        user, not labels of the map), wrapped at words to the view's width
        rather than cut by it."""
        (x0, x1), (y0, y1) = self.vb.viewRange()
        self.notice.setPos((x0 + x1) / 2, (y0 + y1) / 2)
        self.waiting.setPos((x0 + x1) / 2, y0 + (y1 - y0) * 0.42)
        room = max(MESSAGE_MIN_WIDTH, self.vb.boundingRect().width() * 0.9)
        for item in (self.notice, self.waiting):
            if item.isVisible():
                text = item.textItem
                text.setTextWidth(-1)                   # its own width, when it fits
                if text.boundingRect().width() > room:
                    item.setTextWidth(room)
                else:
                    item.updateTextPos()

    def pan_by(self, dx: float, dy: float) -> None:
        """Pan by ``(dx, dy)`` image pixels (as a mouse drag would)."""
        self.vb.translateBy(x=dx, y=dy)
        self.vb.sigRangeChangedManually.emit([True, True])

    def zoom_by(self, factor: float, center: QPointF | None = None) -> None:
        """Zoom by ``factor`` (> 1 zooms out, as the wheel would)."""
        self.vb.scaleBy((factor, factor), center=center)
        self.vb.sigRangeChangedManually.emit([True, True])

    # -- hover -------------------------------------------------------------------
    def sector_at_scene(self, pos: QPointF) -> tuple[int, int] | None:
        if self.world is None or not self.vb.sceneBoundingRect().contains(pos):
            return None
        p = self.vb.mapSceneToView(pos)
        if not self.hexes:
            x, y = math.floor(p.x() / self.scale), math.floor(p.y() / self.scale)
            inside = 0 <= x < self.world[0] and 0 <= y < self.world[1]
            return (x, y) if inside else None
        return sector_at(p.x(), p.y(), self.world[0], self.world[1], self.scale)

    def _mouse_moved(self, pos: QPointF) -> None:
        sector = self.sector_at_scene(pos)
        if sector != self._last_hover:
            self._last_hover = sector
            self.hovered.emit(sector)
