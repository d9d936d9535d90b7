"""Port placement in the workbench window: the map with its overlays, the
inspector's rows, the source part of the parameter panel, a port's local
terrain and the ports exports.

:class:`PortsMixin` is part of :class:`~viewer.ui.main_window.MainWindow`;
it keeps what is the Ports generator's own out of the generic window.

- The picture (:func:`viewer.render.ports.ports_image`): any layer, on the
  terrain where a layer has no value, with the lakes and coast, the grid
  squares, the candidates (by desirability; grey when their latitude weight
  is 0), the routes to open sea and the ports as discs sized by population
  in their class's colour.  View > Ports overlays switches the grid,
  candidates and routes.
- Clicking a port (or the cell under it) opens its local terrain in a
  dialog: its cell and the eight neighbours at local resolution, the route
  to open sea, the ship's corner and the buildings.
- The panel greys out the settings of the source not chosen; choosing a
  PNG with Browse switches the source to png.
"""

from __future__ import annotations

import html
from pathlib import Path

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPixmap
from PySide6.QtWidgets import QDialog, QLabel, QScrollArea, QVBoxLayout, QWidget

from ..engine.ports.local import port_view
from ..engine.protocol import Result
from ..formats.ports import write_ports_csv, write_ports_json
from ..render.colormaps import (
    PORT_CANDIDATE_OFF,
    PORT_COAST,
    PORT_LAKE,
    PORT_ROUTE,
    legend_for,
    port_class_entries,
)
from ..render.ports import OVERLAYS, local_picture, port_radius, ports_image
from .inspector import NOT_MEANINGFUL

NAME = "ports"
CELL_CLASS_WORDS = ("land", "coast", "sea", "lake", "coast by a lake (no port)")
LOCAL_VIEW_PIXELS = 600
"""About how wide the local terrain view is drawn."""
OVERLAY_TITLES = {"grid": "&Grid squares", "candidates": "&Candidates",
                  "routes": "&Routes to open sea"}


def _qimage(rgba: np.ndarray) -> QImage:
    a = np.ascontiguousarray(rgba, np.uint8)
    h, w = a.shape[:2]
    return QImage(a.data, w, h, w * 4, QImage.Format.Format_RGBA8888).copy()


def port_index(marker) -> int:
    """A port marker's port number (0-based): its label is "id class"."""
    return int(str(marker.label).split()[0]) - 1


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
        pl = result.extra["placement"]
        p = pl.ports[i]
        rec = result.extra["ports"][i]
        ls = result.extra["local"]
        view = port_view(pl.rel, p.row, p.col, int(result.seed), ls)
        side = view.shape[0]
        scale = max(1, LOCAL_VIEW_PIXELS // side)
        town = result.extra.get("buildings", [None] * (i + 1))[i]
        self.image = local_picture(view, ls.n, p.row, p.col, result.extra["height_unit"],
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


class PortsMixin:
    """The Ports generator's part of the main window (see the module docstring)."""

    # -- set up ------------------------------------------------------------------------
    def _init_ports(self) -> None:
        self.port_overlays: set[str] = set(OVERLAYS)
        self.port_view: PortView | None = None
        self.selected_port: int | None = None

    def _build_ports_file_actions(self, menu) -> None:
        self.ports_actions = [
            self._action(menu, "Export ports &JSON...", self._ask_export_ports_json, None,
                         "the ports (cell, position, latitude, population, class, "
                         "desirability, ship, route) and the parameters, as the ports "
                         "command line writes them"),
            self._action(menu, "Export ports CS&V...", self._ask_export_ports_csv, None,
                         "one row per port, after the command that reproduces them"),
        ]

    def _build_ports_view_actions(self, menu) -> None:
        sub = menu.addMenu("&Ports overlays")
        self.port_overlay_actions = {}
        for key in OVERLAYS:
            act = self._action(sub, OVERLAY_TITLES[key],
                               lambda on, k=key: self.set_port_overlay(k, on))
            act.setCheckable(True)
            act.setChecked(key in self.port_overlays)
            self.port_overlay_actions[key] = act
            self.ports_actions.append(act)
        self.map_view.scene().sigMouseClicked.connect(self._map_clicked)

    def set_port_overlay(self, key: str, on: bool) -> None:
        if on:
            self.port_overlays.add(key)
        else:
            self.port_overlays.discard(key)
        act = self.port_overlay_actions.get(key)
        if act is not None and act.isChecked() != bool(on):
            act.setChecked(bool(on))
        self.render_view()

    def _setup_ports_panel(self, panel) -> None:
        """Grey out the other source's settings; a PNG chosen with Browse
        switches the source to png."""
        source = panel.widgets.get("source")
        path = panel.widgets.get("png_path")
        if source is None:
            return

        def follow(*_args) -> None:
            png = source.value() == "png"
            for name, w in panel.widgets.items():
                if name.startswith("tgp_"):
                    w.setEnabled(not png)
                elif name.startswith("png_") and name != "png_path":
                    w.setEnabled(png)

        source.editor.currentTextChanged.connect(follow)
        if path is not None:
            def chosen() -> None:
                if path.value().strip() and source.value() != "png":
                    source.set_value("png")
                    follow()
                panel.changed.emit()

            # a path chosen or typed switches to the png source before regenerating
            path.changed.disconnect(panel.changed)
            path.changed.connect(chosen)
        panel.after_set_values.append(follow)
        follow()

    # -- drawing -----------------------------------------------------------------------------
    def _is_ports(self) -> bool:
        return self.result is not None and self.result.generator == NAME

    def _shown_ports(self) -> list[int]:
        return [port_index(m) for m in self.view_markers if m.kind == "port"]

    def _ports_with_routes(self) -> list[int]:
        """The ports whose local terrain (and route) the step has reached."""
        r = self.result
        n = len(r.extra["ports"])
        trace = r.trace
        step = self.view_step
        if trace is None or step is None or step >= trace.n_steps:
            return list(range(n))
        k = sum(1 for ph, _, _ in trace.events[:step] if ph == "local terrain")
        return list(range(min(k, n)))

    def ports_picture(self, scale: int | None = None) -> tuple[np.ndarray, float]:
        """The picture of what is shown and its pixels per map cell."""
        from .main_window import square_scale, square_stride

        r = self.result
        layers = self.view_layers or r.layers
        w, h = r.grid.width, r.grid.height
        name = self.layer_name if self.layer_name in layers else "height"
        k = 1 if scale is not None else square_stride(w, h)
        pix = scale if scale is not None else square_scale(-(-w // k), -(-h // k))
        pl = r.extra["placement"]
        routes = ({i: pl.ports[i].route for i in self._ports_with_routes()}
                  if self.layer_is_meaningful("route") else {})
        img = ports_image(layers, name, r.layer_info.get(name), pix, r.extra["ports"],
                          self._shown_ports(), routes, r.extra["height_unit"], r.params["grid"],
                          self.port_overlays, self.meaningful, k, self.selected_port,
                          hill_shading=self.hill_shading)
        return img, pix / k

    def _render_ports(self) -> None:
        r = self.result
        layers = self.view_layers
        name = self.layer_name if self.layer_name in layers else "height"
        w, h = r.grid.width, r.grid.height
        if not self.layer_is_meaningful(name):
            name = "height"                       # the terrain, with what is decided
            self.map_view.set_notice(f"{self.layer_name}: not meaningful at this step "
                                     "(showing the height)")
        else:
            self.map_view.set_notice(None)
        keep = self.layer_name
        self.layer_name = name
        try:
            img, scale = self.ports_picture()
        finally:
            self.layer_name = keep
        self.legend.set_legend(self._ports_legend(name, layers))
        # the ports are in the picture: no letters over it
        self.map_view.show_map(img, (w, h), scale, [], hexes=False)
        self._update_inspector()

    def _ports_legend(self, name: str, layers: dict[str, np.ndarray]):
        r = self.result
        legend = legend_for(name, layers[name], r.layer_info.get(name), NAME)
        drawn = set()
        ok = self.layer_is_meaningful
        if ok("coast") and name == "height":
            drawn.add(PORT_COAST)
        if ok("lakes") and name != "lakes" and r.extra["placement"].lake_ids.size:
            drawn.add(PORT_LAKE)
        if ok("route") and "routes" in self.port_overlays:
            drawn.add(PORT_ROUTE)
        if ok("weight") and "candidates" in self.port_overlays:
            wt = layers["weight"]
            if ((wt <= 0) & (layers["candidates"] >= 0)).any():
                drawn.add(PORT_CANDIDATE_OFF)
        classes = {r.extra["ports"][i]["class"] for i in self._shown_ports()
                   if i < len(r.extra["ports"])}
        keys = {c for _, c in port_class_entries()} | {PORT_COAST, PORT_LAKE, PORT_ROUTE,
                                                       PORT_CANDIDATE_OFF}
        entries = []
        for text, c in legend.entries:
            if text.startswith("port: "):
                if text[6:] in classes:
                    entries.append((text, c))
            elif c not in keys or c in drawn or name == "cell_class":
                entries.append((text, c))
        legend.entries = entries
        return legend

    # -- inspector -------------------------------------------------------------------------
    def _ports_rows(self, x: int, y: int) -> list[tuple[str, str]]:
        r = self.result
        layers = self.view_layers
        pl = r.extra["placement"]

        def ok(n: str) -> bool:
            return n in layers and self.layer_is_meaningful(n)

        unit = float(r.extra["height_unit"])
        sea = float(r.extra["sea_level"])
        c = r.extra["corners"]
        rows = [("cell", f"column {x}, row {y}")]
        corners = [c[y, x], c[y, x + 1], c[y + 1, x], c[y + 1, x + 1]]
        rows.append(("corners NW NE SW SE", " ".join(f"{float(v):g}" for v in corners)))
        rows.append(("above sea level (levels)",
                     " ".join(f"{(float(v) - sea) / unit:+.2f}" for v in corners)))
        rows.append(("sea level", f"{sea:g} ({unit:g} to a level)"))
        if ok("cell_class"):
            k = int(layers["cell_class"][y, x])
            rows.append(("class", CELL_CLASS_WORDS[k] if 0 <= k < len(CELL_CLASS_WORDS)
                         else str(k)))
        else:
            rows.append(("class", NOT_MEANINGFUL))
        if ok("lakes"):
            lake = int(layers["lakes"][y, x])
            if lake >= 0:
                comp = int(pl.lake_ids[lake])
                rows.append(("lake", f"{lake + 1} of {pl.lake_ids.size} "
                             f"({int(pl.sizes[comp])} corners)"))
        rows.append(("latitude", f"{float(r.layers['latitude'][y, x]):.2f}°"))
        g = int(r.params["grid"])
        rows.append(("grid square", f"{int(r.layers['grid_square'][y, x])} "
                     f"(cells {x // g * g}..{min(x // g * g + g, r.grid.width) - 1}, "
                     f"{y // g * g}..{min(y // g * g + g, r.grid.height) - 1})"))
        if ok("desirability"):
            d = int(layers["desirability"][y, x])
            rows.append(("desirability", f"{d} land cells within {r.params['radius']:g}"
                         if d >= 0 else "- (no port may be here)"))
            cand = int(layers["candidates"][y, x]) if ok("candidates") else -1
            if cand >= 0:
                text = "yes: the most desirable coast cell of its square"
                if ok("weight"):
                    text += f", weight {float(layers['weight'][y, x]):.3f}"
                rows.append(("candidate", text))
            else:
                rows.append(("candidate", "no"))
        else:
            rows.append(("desirability", NOT_MEANINGFUL))
        if ok("ports"):
            i = int(layers["ports"][y, x])
            if i >= 0:
                rec = r.extra["ports"][i]
                rows += [("port", f"{rec['id']}: {rec['class']}"),
                         ("population", f"{rec['population']:,}"),
                         ("buildings", str(rec.get("buildings", 0))),
                         ("ship corner", f"{rec['ship_corner'][0]}, {rec['ship_corner'][1]}"),
                         ("route", f"{rec['route_length']} edges to open sea")]
            else:
                rows.append(("port", "none"))
        if ok("route"):
            i = int(layers["route"][y, x])
            if i >= 0:
                rows.append(("on the route of", f"port {i + 1}"))
        return rows

    # -- a port's local terrain ------------------------------------------------------------
    def port_at(self, mx: float, my: float) -> int | None:
        """The port drawn at map position ``(mx, my)`` (in cells), if any:
        the nearest whose disc (or cell) holds the point."""
        if not self._is_ports():
            return None
        r = self.result
        scale = float(self.map_view.scale) or 1.0
        best, best_d = None, None
        for i in self._shown_ports():
            rec = r.extra["ports"][i]
            dx, dy = mx - rec["position"][0], my - rec["position"][1]
            d = (dx * dx + dy * dy) ** 0.5
            reach = max(0.75, port_radius(rec["population"], scale) / scale)
            if d <= reach and (best_d is None or d < best_d):
                best, best_d = i, d
        return best

    def _map_clicked(self, ev) -> None:
        if not self._is_ports() or ev.button() != Qt.MouseButton.LeftButton:
            return
        view = self.map_view
        if view.world is None or not view.vb.sceneBoundingRect().contains(ev.scenePos()):
            return
        p = view.vb.mapSceneToView(ev.scenePos())
        i = self.port_at(p.x() / view.scale, p.y() / view.scale)
        if i is not None:
            self.open_port_view(i)

    def open_port_view(self, i: int) -> PortView:
        """Show port ``i``'s local terrain (0-based, drawing order)."""
        r = self.result
        if not self._is_ports() or not 0 <= i < len(r.extra["ports"]):
            raise ValueError(f"no port {i + 1} on this map")
        if self.port_view is None:
            self.port_view = PortView(self)
        self.port_view.show_port(r, i)
        self.port_view.show()
        self.port_view.raise_()
        self.selected_port = i
        self.render_view()
        rec = r.extra["ports"][i]
        self.status(f"port {rec['id']}: {rec['class']} of {rec['population']:,}, "
                    f"route of {rec['route_length']} edges to open sea")
        return self.port_view

    def _ports_generated(self, result: Result) -> None:
        """A new map: the open local view follows it (or closes)."""
        self.selected_port = None
        pv = self.port_view
        if pv is None or not pv.isVisible():
            return
        if result.generator == NAME and pv.port is not None \
                and pv.port < len(result.extra["ports"]):
            pv.show_port(result, pv.port)
            self.selected_port = pv.port
        else:
            pv.hide()

    # -- exports ----------------------------------------------------------------------------
    def _ports_result(self) -> Result:
        r = self._need_result()
        if r.generator != NAME:
            raise ValueError("only a port placement has ports to export")
        return r

    def export_ports_json(self, path: str | Path) -> None:
        write_ports_json(path, self._ports_result())
        self.status(f"ports written to {path}")

    def export_ports_csv(self, path: str | Path) -> None:
        write_ports_csv(path, self._ports_result())
        self.status(f"ports written to {path}")

    def _ask_export_ports_json(self) -> None:
        path = self._ask_path("Export ports", "ports.json", "JSON (*.json)")
        if path:
            self._guarded("Export ports", lambda: self.export_ports_json(path))

    def _ask_export_ports_csv(self) -> None:
        path = self._ask_path("Export ports", "ports.csv", "CSV (*.csv)")
        if path:
            self._guarded("Export ports", lambda: self.export_ports_csv(path))

    def ports_export_image(self, scale: int) -> np.ndarray:
        img, _ = self.ports_picture(scale)
        return img
