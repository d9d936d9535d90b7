"""Port placement in the window: the source part of the parameter panel
(the settings of the source not chosen greyed out; a PNG chosen with Browse
switches the source to png), clicking a port to open its local terrain (its
cell and the eight neighbours at local resolution, the route to open sea,
the ship's corner and the buildings), and the selected port ringed.

The picture itself (any layer on the terrain, lakes and coast, grid squares,
candidates, routes, ports sized by population) is
:class:`viewer.render.ports.PortsRenderer`'s; its overlays are View toggles.
"""

from __future__ import annotations

import html
from typing import Any

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPixmap
from PySide6.QtWidgets import QDialog, QLabel, QScrollArea, QVBoxLayout, QWidget

from ...engine.ports.local import port_view
from ...engine.protocol import Result
from ...render.ports import local_picture, port_radius, shown_ports
from .base import GeneratorView

LOCAL_VIEW_PIXELS = 600
"""About how wide the local terrain view is drawn."""


def _qimage(rgba: np.ndarray) -> QImage:
    a = np.ascontiguousarray(rgba, np.uint8)
    h, w = a.shape[:2]
    return QImage(a.data, w, h, w * 4, QImage.Format.Format_RGBA8888).copy()


class PortView(QDialog):
    """A port's local terrain (see :func:`viewer.render.ports.local_picture`)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Port")
        self.setModal(False)
        lay = QVBoxLayout(self)
        self.info = QLabel()
        self.info.setTextFormat(Qt.TextFormat.RichText)
        self.info.setWordWrap(True)
        lay.addWidget(self.info)
        self.picture = QLabel()
        area = QScrollArea()
        area.setWidget(self.picture)
        area.setWidgetResizable(True)
        self.picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(area, 1)
        key = QLabel("<span style='color:#ff3c3c'>&#9679;</span> port &nbsp; "
                     "&#9670; ship (a corner below sea level) &nbsp; "
                     "<span style='color:#ffd628'>&#9472;&#9472;</span> route to open sea "
                     "&nbsp; <span style='color:#96281e'>&#9632;</span> buildings &nbsp; "
                     "black lines: cell borders")
        key.setTextFormat(Qt.TextFormat.RichText)
        key.setWordWrap(True)
        lay.addWidget(key)
        self.image: np.ndarray | None = None
        self.port: int | None = None
        self.result: Result | None = None
        self.resize(LOCAL_VIEW_PIXELS + 60, LOCAL_VIEW_PIXELS + 150)

    def show_port(self, result: Result, i: int) -> None:
        d = result.detail
        pl = d.placement
        p = pl.ports[i]
        rec = d.ports[i]
        ls = d.local
        view = port_view(pl.rel, p.row, p.col, int(result.seed), ls)
        side = view.shape[0]
        scale = max(1, LOCAL_VIEW_PIXELS // side)
        town = d.buildings[i] if d.buildings is not None else None
        self.image = local_picture(view, ls.n, p.row, p.col, d.height_unit,
                                   route=p.route, ship=p.ship, buildings=town, scale=scale)
        self.picture.setPixmap(QPixmap.fromImage(_qimage(self.image)))
        self.port, self.result = i, result
        inside = sum(1 for r, c in np.asarray(p.route)
                     if p.row - 1 <= r <= p.row + 2 and p.col - 1 <= c <= p.col + 2)
        more = max(0, len(p.route) - inside)
        self.setWindowTitle(f"Port {rec['id']}: {rec['class']} of {rec['population']:,}")
        self.info.setText(
            f"<b>Port {rec['id']}</b>, a {html.escape(rec['class'])} of "
            f"{rec['population']:,} people ({rec.get('buildings', 0)} buildings) on cell "
            f"({p.col}, {p.row}), latitude {rec['latitude']:.1f}&deg;, desirability "
            f"{rec['desirability']}, weight {rec['weight']:.3f}.<br>"
            f"Local terrain: {ls.n}x{ls.n} points per cell, roughness {ls.roughness:g}.  "
            f"The ship starts at corner ({p.ship[1]}, {p.ship[0]}); its route follows "
            f"{rec['route_length']} cell edge(s) of sea to open water"
            + (f", {more} corner(s) of it beyond this view." if more else "."))


class PortsView(GeneratorView):
    """The selected port is the Workbench's picture option ``selected_port``."""

    def build(self) -> None:
        self.port_view: PortView | None = None
        self.shell.map_view.scene().sigMouseClicked.connect(self._map_clicked)

    @property
    def selected_port(self) -> int | None:
        return self.workbench.options.get("selected_port")

    def _select(self, i: int | None) -> None:
        if self.selected_port != i:
            self.workbench.set_option("selected_port", i)

    def close(self) -> None:
        self._select(None)
        self.shell.map_view.scene().sigMouseClicked.disconnect(self._map_clicked)
        if self.port_view is not None:
            self.port_view.close()
            self.port_view.deleteLater()
            self.port_view = None
        super().close()

    def result_changed(self, result: Result | None, prepared: Any = None) -> None:
        """A new map: the open local view follows it (or closes)."""
        pv = self.port_view
        if pv is None or not pv.isVisible():
            self._select(None)
            return
        if result is not None and pv.port is not None and pv.port < len(result.detail.ports):
            pv.show_port(result, pv.port)
            self._select(pv.port)
        else:
            self._select(None)
            pv.hide()

    def port_at(self, mx: float, my: float) -> int | None:
        """The port drawn at map position ``(mx, my)`` (in cells), if any:
        the nearest whose disc (or cell) holds the point."""
        state = self.workbench.state
        if state is None:
            return None
        r = state.result
        scale = float(self.shell.map_view.scale) or 1.0
        best, best_d = None, None
        for i in shown_ports(state):
            rec = r.detail.ports[i]
            dx, dy = mx - rec["position"][0], my - rec["position"][1]
            d = (dx * dx + dy * dy) ** 0.5
            reach = max(0.75, port_radius(rec["population"], scale) / scale)
            if d <= reach and (best_d is None or d < best_d):
                best, best_d = i, d
        return best

    def _map_clicked(self, ev) -> None:
        if ev.button() != Qt.MouseButton.LeftButton:
            return
        view = self.shell.map_view
        if view.world is None or not view.vb.sceneBoundingRect().contains(ev.scenePos()):
            return
        p = view.vb.mapSceneToView(ev.scenePos())
        i = self.port_at(p.x() / view.scale, p.y() / view.scale)
        if i is not None:
            self.open_port_view(i)

    def open_port_view(self, i: int) -> PortView:
        """Show port ``i``'s local terrain (0-based, drawing order)."""
        r = self.workbench.result
        if r is None or not 0 <= i < len(r.detail.ports):
            raise ValueError(f"no port {i + 1} on this map")
        if self.port_view is None:
            self.port_view = PortView(self.shell.widget)
        self.port_view.show_port(r, i)
        self.port_view.show()
        self.port_view.raise_()
        self._select(i)                 # redrawn with the port ringed
        rec = r.detail.ports[i]
        self.shell.status(f"port {rec['id']}: {rec['class']} of {rec['population']:,}, "
                           f"route of {rec['route_length']} edges to open sea")
        return self.port_view
