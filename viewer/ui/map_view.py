"""The map view: a rasterised layer in a pyqtgraph ViewBox, with zoom, pan
that wraps around the torus, capital letters and hover reporting.

The image holds 2 x 2 periods of the torus.  Zooming out is limited to one
period, and whenever the view's corner leaves the first period it is moved
back by a whole period, which shows exactly the same picture: so a drag
can go on forever in any direction.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QTimer, Signal
from PySide6.QtGui import QFont, QPainterPath, QTransform

from ..engine.protocol import Marker
from ..render.hexraster import hex_center, sector_at

TILES = 2
LETTER_FONT = QFont()
LETTER_FONT.setBold(True)
LETTER_FONT.setPointSize(10)


@functools.lru_cache(maxsize=256)
def _letter_symbol(text: str) -> QPainterPath:
    """``text`` as a scatter symbol: a path centred on 0 about 1 unit high."""
    path = QPainterPath()
    path.addText(0, 0, LETTER_FONT, text)
    box = path.boundingRect()
    # one scale for every label (the height of a capital letter), so that a
    # small letter is not blown up to the size of a tall one
    ref = QPainterPath()
    ref.addText(0, 0, LETTER_FONT, "M")
    size = max(ref.boundingRect().height(), box.width(), 1e-6)
    tr = QTransform()
    tr.scale(1 / size, 1 / size)
    tr.translate(-box.center().x(), -box.center().y())
    return tr.map(path)


class MapView(pg.GraphicsLayoutWidget):
    """Shows one RGBA hex image; ``hovered`` carries the sector ``(x, y)``
    under the mouse, or None when it leaves the map."""

    hovered = Signal(object)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setBackground((20, 20, 24))
        self.vb: pg.ViewBox = self.addViewBox(lockAspect=True, invertY=True,
                                              enableMenu=False)
        self.vb.disableAutoRange()          # the view is ours: fit() and the torus wrap
        self.image = pg.ImageItem(axisOrder="row-major")
        self.vb.addItem(self.image)
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
        # every marker letter (in every torus copy) is a spot of one scatter item
        # (two scatter items for all markers: a dark box, and the letter on it)
        self._boxes = pg.ScatterPlotItem(pxMode=True, size=19, symbol="s", pen=None,
                                         brush=pg.mkBrush(0, 0, 0, 150))
        self._letters = pg.ScatterPlotItem(pxMode=True, size=13, pen=None,
                                           brush=pg.mkBrush(255, 255, 255))
        for z, item in ((9, self._boxes), (10, self._letters)):
            item.setZValue(z)
            self.vb.addItem(item, ignoreBounds=True)
        self._labels: list[str] = []
        self._pending_letters: list[Marker] | None = None
        self.world: tuple[int, int] | None = None
        self.scale = 1
        self.hexes = True
        self.period = (1, 1)        # image (width, height) of one torus period
        self.rgba: np.ndarray | None = None
        self._wrapping = False
        self.user_moved = False             # until the user zooms or pans, keep it fitted
        self.vb.sigRangeChanged.connect(self._wrap_range)
        self.vb.sigRangeChangedManually.connect(self._moved_by_user)
        self.vb.sigResized.connect(self._refit)
        self.scene().sigMouseMoved.connect(self._mouse_moved)
        self._last_hover: tuple[int, int] | None = None

    # -- content ---------------------------------------------------------------
    def show_map(self, rgba: np.ndarray, world: tuple[int, int], scale: int,
                 markers: Sequence[Marker] = (), hexes: bool = True) -> None:
        """Show ``rgba`` (one period, from ``viewer.render``) of a world of
        ``world`` = (W, H) cells drawn at ``scale`` pixels per cell: a hex
        torus (which wraps) or, with ``hexes=False``, a plain square grid."""
        first = self.world is None
        # the same map drawn finer or coarser (zoom): keep the view on it
        rescaled = ((world, hexes) == (self.world, self.hexes) and scale != self.scale
                    and self.user_moved)
        zoom_factor = scale / self.scale if rescaled else 1.0
        changed = (world, scale, hexes) != (self.world, self.scale, self.hexes)
        old_range = self.vb.viewRange()
        self.rgba = rgba
        self.world, self.scale, self.hexes = world, scale, hexes
        h, w = rgba.shape[:2]
        self.period = (w, h)
        if hexes:
            tiled = np.empty((TILES * h, TILES * w) + rgba.shape[2:], rgba.dtype)
            for ty in range(TILES):
                for tx in range(TILES):
                    tiled[ty * h:(ty + 1) * h, tx * w:(tx + 1) * w] = rgba
        else:
            tiled = rgba
        self.image.setImage(tiled, autoLevels=False)
        self.set_waiting(None)
        if hexes:
            self.vb.setLimits(maxXRange=w, maxYRange=h)
        else:
            self.vb.setLimits(maxXRange=None, maxYRange=None)
        # the letters in the next turn of the event loop: a new map's picture
        # and its many labels do not stall the window in one go
        self._pending_letters = list(markers)
        QTimer.singleShot(1, self._flush_letters)
        self.notice.setPos(w / 2, h / 2)
        if rescaled:
            (x0, x1), (y0, y1) = old_range
            f = zoom_factor
            self.vb.setRange(xRange=(x0 * f, x1 * f), yRange=(y0 * f, y1 * f), padding=0)
        elif first or changed or not self.user_moved:
            self.fit()

    def set_waiting(self, text: str | None) -> None:
        """Grey the picture with ``text`` over it until the next map comes
        (None: show it as it is)."""
        self.image.setOpacity(0.35 if text else 1.0)
        self.waiting.setText(text or "")
        self.waiting.setVisible(bool(text))
        self._center_notice()

    def is_waiting(self) -> bool:
        return self.waiting.isVisible()

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
        """Show one whole period, its top-left corner at the top-left."""
        w, h = self.period
        self.vb.setRange(xRange=(0, w), yRange=(0, h), padding=0)
        self.vb.disableAutoRange()
        self.user_moved = False             # fitted: new maps stay fitted until a zoom or pan

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._refit()

    def _refit(self, *_args) -> None:
        # also when the view box itself has its new size (after the widget's
        # resize, as the layout settles): a fitted map stays fitted
        if getattr(self, "rgba", None) is not None and not self.user_moved:
            self.fit()

    def _moved_by_user(self, *_args) -> None:
        self.user_moved = True

    def _place_letters(self, markers: Sequence[Marker]) -> None:
        w, h = self.period
        tiles = TILES if self.hexes else 1
        xs, ys, symbols = [], [], []
        for m in markers:
            if self.hexes:
                cx, cy = hex_center(m.x, m.y, self.scale)
                # a capital is two sectors wide (x and x+2): centre between them
                if m.kind == "capital":
                    cx += self.scale / 2
            else:
                cx, cy = (m.x + 0.5) * self.scale, (m.y + 0.5) * self.scale
            for ty in range(tiles):
                for tx in range(tiles):
                    xs.append(cx + tx * w)
                    ys.append(cy + ty * h)
                    symbols.append(_letter_symbol(m.label))
        self._labels = [m.label for m in markers]
        self._boxes.setData(x=xs, y=ys)
        self._letters.setData(x=xs, y=ys, symbol=symbols)

    def _flush_letters(self) -> None:
        markers, self._pending_letters = self._pending_letters, None
        if markers is not None:
            self._place_letters(markers)

    def letters(self) -> list[str]:
        """The labels shown (once each, for tests)."""
        self._flush_letters()
        return list(self._labels)

    # -- torus wrap --------------------------------------------------------------
    def _wrap_range(self, *_args) -> None:
        if self._wrapping or self.rgba is None or not self.hexes:
            return
        (x0, x1), (y0, y1) = self.vb.viewRange()
        w, h = self.period
        dx = -np.floor(x0 / w) * w
        dy = -np.floor(y0 / h) * h
        if dx or dy:
            self._wrapping = True
            try:
                self.vb.setRange(xRange=(x0 + dx, x1 + dx), yRange=(y0 + dy, y1 + dy),
                                 padding=0, update=True)
            finally:
                self._wrapping = False
        self._center_notice()

    def _center_notice(self) -> None:
        (x0, x1), (y0, y1) = self.vb.viewRange()
        self.notice.setPos((x0 + x1) / 2, (y0 + y1) / 2)
        self.waiting.setPos((x0 + x1) / 2, (y0 + y1) * 0.42)

    def pan_by(self, dx: float, dy: float) -> None:
        """Pan by ``(dx, dy)`` image pixels (as a mouse drag would)."""
        self.vb.translateBy(x=dx, y=dy)
        self.vb.sigRangeChangedManually.emit([True, True])

    # -- hover -------------------------------------------------------------------
    def sector_at_scene(self, pos: QPointF) -> tuple[int, int] | None:
        if self.world is None or not self.vb.sceneBoundingRect().contains(pos):
            return None
        p = self.vb.mapSceneToView(pos)
        if not self.hexes:
            x, y = int(p.x() // self.scale), int(p.y() // self.scale)
            inside = 0 <= x < self.world[0] and 0 <= y < self.world[1]
            return (x, y) if inside else None
        return sector_at(p.x(), p.y(), self.world[0], self.world[1], self.scale)

    def _mouse_moved(self, pos: QPointF) -> None:
        sector = self.sector_at_scene(pos)
        if sector != self._last_hover:
            self._last_hover = sector
            self.hovered.emit(sector)
