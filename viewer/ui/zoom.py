"""A zoomed-in hex map gets a finer picture of what the view shows (up to
:data:`MAX_HEX_SCALE` pixels per hex), so hexes stay sharp.

Once the zoom or pan settles, the part of the endless torus on screen (and
a margin around it) is drawn at the scale the screen needs, and turned
into a QImage, on a worker thread (:func:`viewer.render.picture.hex_window`);
the GUI thread only swaps it in.  Meanwhile the view shows the coarser
picture, enlarged.  A new picture (another step, layer or map) drops the
finer one and asks for it again."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRectF, QTimer

from ..engine.protocol import CancelToken, HexTorus, MapState
from ..render.hexraster import row_height
from ..render.picture import hex_window
from .map_view import MapView
from .screen_image import shrink, to_qimage
from .worker import LatestWins

MAX_HEX_SCALE = 48
MAX_DETAIL_PIXELS = 6_000_000
"""The finer picture holds at most this many pixels (about 3 full-HD screens)."""
MARGIN = 0.25
"""Drawn beyond the view on each side, as a share of its size (pans stay sharp)."""
SETTLE_MS = 120

Source = Callable[[], "tuple[MapState, str, dict[str, Any]] | None"]


def zoomed_scale(base: int, screen_zoom: float) -> int | None:
    """Pixels per hex for the finer picture when each picture pixel covers
    ``screen_zoom`` screen pixels; None when the picture will do."""
    wanted = int(round(min(base * screen_zoom, MAX_HEX_SCALE)))
    if wanted < base * 1.3:
        return None
    return wanted


def detail_window(view_rect: tuple[float, float, float, float], base: int, scale: int,
                  margin: float = MARGIN) -> tuple[tuple[int, int, int, int], QRectF]:
    """For the view rectangle ``(x0, y0, x1, y1)`` (picture pixels at
    ``base``), the pixel window at ``scale`` to draw and where it goes in
    the view."""
    x0, y0, x1, y1 = view_rect
    fx, fy = scale / base, row_height(scale) / row_height(base)
    for m in (margin, 0.0):
        mx, my = (x1 - x0) * m, (y1 - y0) * m
        px0, py0 = math.floor((x0 - mx) * fx), math.floor((y0 - my) * fy)
        pw, ph = math.ceil((x1 + mx) * fx) - px0, math.ceil((y1 + my) * fy) - py0
        if pw * ph <= MAX_DETAIL_PIXELS:
            break
    return (px0, py0, max(1, pw), max(1, ph)), QRectF(px0 / fx, py0 / fy, pw / fx, ph / fy)


def _options_key(options: dict[str, Any]) -> tuple:
    plain = (bool, int, float, str, type(None))
    return tuple(sorted(((k, v if isinstance(v, plain) else id(v)) for k, v in options.items()),
                        key=str))


class DetailKeeper(QObject):
    """Keeps ``view`` sharp when zoomed in; ``source()`` says what it shows
    (state, layer, picture options), or None."""

    def __init__(self, view: MapView, source: Source, parent: QObject | None = None):
        super().__init__(parent)
        self.view = view
        self.source = source
        self.worker = LatestWins("zoom", self)
        self.worker.finished.connect(self._drawn)
        self.shrinker = LatestWins("shrink", self)
        self.shrinker.finished.connect(self._shrunk)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SETTLE_MS)
        self._timer.timeout.connect(self.update)
        self._shown: tuple | None = None          # what the finer picture shows
        self._asked: tuple | None = None
        view.vb.sigRangeChanged.connect(lambda *_: self._timer.start())
        view.contentChanged.connect(self._content_changed)

    def _content_changed(self) -> None:
        self._shown = self._asked = None
        self._timer.start(0)

    def update(self) -> None:
        """Ask for a finer picture of the view now, when it needs one."""
        mv = self.view
        if mv.rgba is not None:
            self._shrink()
        src = self.source()
        if src is None or not mv.hexes or mv.rgba is None:
            return
        state, layer, options = src
        g = state.result.grid
        if not isinstance(g, HexTorus) or mv.world != (g.width, g.height):
            return
        base = int(mv.scale)
        scale = zoomed_scale(base, mv.screen_zoom())
        if scale is None:
            if mv.detail_scale is not None:
                mv.clear_detail()
                self._shown = None
            return
        (x0, x1), (y0, y1) = mv.vb.viewRange()
        if self._shown is not None:
            key, rect = self._shown
            if key[:2] == (id(state), scale) and rect.contains(QRectF(x0, y0, x1 - x0, y1 - y0)):
                return
        window, rect = detail_window((x0, y0, x1, y1), base, scale)
        key = (id(state), scale, layer, _options_key(options), window)
        if self._asked is not None and self._asked[0] == key:
            return
        self._asked = (key, rect)

        options = dict(options)

        def job(token: CancelToken, state=state, layer=layer, options=options):
            rgba = hex_window(state, layer, options, scale, window)
            token.check()
            return key, rect, (to_qimage(rgba) if rgba is not None else None)

        self.worker.submit(job)

    def _shrink(self) -> None:
        """Zoomed out: the picture averaged down to the screen, on the worker."""
        item = self.view.image
        size = item.needs_shrunk()
        if size is None:
            return
        source = item.qimage
        self.shrinker.submit(lambda _token: (source, size, shrink(source, size)))

    def _shrunk(self, _job_id: int, value, _seconds: float) -> None:
        source, size, qimage = value
        self.view.image.set_shrunk(qimage, source, size)

    def _drawn(self, _job_id: int, value, _seconds: float) -> None:
        key, rect, qimage = value
        src = self.source()
        if qimage is None or src is None or self._asked is None or self._asked[0] != key:
            return
        if id(src[0]) != key[0] or self.view.rgba is None:
            return
        self.view.set_detail(qimage, rect, key[1])
        self._shown = (key, rect)

    def busy(self) -> bool:
        """A finer picture being drawn (the averaged-down one is not waited for)."""
        return not self.worker.is_idle()

    def settled(self) -> bool:
        """Nothing left to draw for the view as it is now."""
        return not self._timer.isActive() and self.worker.is_idle() and self.shrinker.is_idle()

    def shutdown(self) -> None:
        self._timer.stop()
        self.worker.shutdown()
        self.shrinker.shutdown()
