"""A zoomed-in hex map is redrawn at a finer scale once the zoom settles
(up to :data:`MAX_HEX_SCALE` pixels per hex and :data:`MAX_HEX_IMAGE` per
period), so hexes stay sharp; a new world starts fitted."""

from __future__ import annotations

from PySide6.QtCore import QTimer

from ..engine.protocol import HexTorus, MapState
from ..render.picture import display_scale

MAX_HEX_IMAGE = 1600
MAX_HEX_SCALE = 48


def zoomed_scale(width: int, current: int, screen_zoom: float) -> int | None:
    """Pixels per hex to redraw a hex map with, now that each image pixel
    covers ``screen_zoom`` screen pixels; None when ``current`` will do."""
    base = display_scale(width)
    cap = max(base, min(MAX_HEX_SCALE, MAX_HEX_IMAGE // (width // 2 + 1)))
    wanted = int(round(min(max(current * screen_zoom, base), cap)))
    if wanted == current or 1 / 1.4 < wanted / current < 1.4:
        return None
    return wanted


class ZoomKeeper:
    def __init__(self, window):
        self.window = window
        self.scale: int | None = None
        self.world: tuple[int, int] | None = None
        self._timer = QTimer(window)
        self._timer.setSingleShot(True)
        self._timer.setInterval(150)
        self._timer.timeout.connect(self._settled)
        window.map_view.vb.sigRangeChanged.connect(lambda *_: self._timer.start())

    def scale_for(self, state: MapState) -> int | None:
        """The pixels per hex to draw ``state`` at (None: the default)."""
        g = state.result.grid
        if not isinstance(g, HexTorus) or (g.width, g.height) != self.world:
            self.scale = None
            self.world = (g.width, g.height) if isinstance(g, HexTorus) else None
        return self.scale

    def _settled(self) -> None:
        w = self.window
        mv = w.map_view
        state = w.state
        if state is None or not mv.user_moved or not isinstance(state.result.grid, HexTorus):
            return
        g = state.result.grid
        if mv.world != (g.width, g.height):
            return
        wanted = zoomed_scale(g.width, int(mv.scale), mv.screen_zoom())
        if wanted is not None:
            self.scale = wanted
            w.render_view()
