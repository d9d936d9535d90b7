"""Pictures of a port placement: any layer with its overlays (the window's,
every export's and ``ports --png``'s, through :class:`PortsRenderer` and
:func:`viewer.render.picture.picture`: :func:`ports_image`); and a port's
local terrain (:func:`local_picture`).  No Qt."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from ..engine.ports.classes import CELL_CLASS_NAMES, CLASS_NAMES
from ..engine.protocol import LayerInfo
from ..engine.tgp.units import HEIGHT_UNIT
from .colormaps import (
    BACKGROUND,
    LUTS,
    RGBA,
    UNREACHED,
    Legend,
    ids_to_colors,
    lut_take,
    own_range,
    scalar_to_colors,
)
from .hexraster import rasterize_square
from .picture import Renderer, Toggle
from .tgp import TERRAIN_LUT, TOP_LEVEL

# -- Port placement --------------------------------------------------------------
#
# Heights are relative to the sea level in the source's units (16 to a level
# for a TerraGenesis map and an 8-bit PNG, 4096 for a 16-bit PNG); they are
# drawn with TerraGenesis' terrain map, sea level at the top of its level 0.
# Layers with a "no value" (-1) draw those cells in a dark grey so that the
# values stand out; the window's picture puts the terrain there instead.

PORT_LAND: RGBA = (98, 150, 68, 255)
PORT_COAST: RGBA = (236, 214, 150, 255)
PORT_SEA: RGBA = (38, 92, 156, 255)
PORT_LAKE: RGBA = (40, 170, 170, 255)
PORT_LAKE_COAST: RGBA = (150, 196, 160, 255)
PORT_NONE: RGBA = (52, 54, 60, 255)
PORT_ROUTE: RGBA = (255, 214, 40, 255)
PORT_GRID: RGBA = (255, 255, 255, 255)
PORT_CANDIDATE_OFF: RGBA = (150, 150, 150, 255)
PORT_CLASS_NAMES = CLASS_NAMES
PORT_CLASS_COLORS: tuple[RGBA, ...] = ((235, 235, 235, 255), (255, 236, 120, 255),
                                       (255, 166, 50, 255), (236, 70, 50, 255),
                                       (190, 40, 190, 255))
PORT_CELL_CLASS_NAMES = CELL_CLASS_NAMES
PORT_CELL_CLASS_COLORS: tuple[RGBA, ...] = (PORT_LAND, PORT_COAST, PORT_SEA, PORT_LAKE,
                                            PORT_LAKE_COAST)


def port_height_fixed(values: np.ndarray, unit: float = HEIGHT_UNIT) -> np.ndarray:
    """Heights relative to the sea level as TerraGenesis fixed point (sea
    level at 16), rounded into 0..255."""
    v = np.asarray(values, np.float32) * np.float32(HEIGHT_UNIT / float(unit))
    v += np.float32(HEIGHT_UNIT)
    np.nan_to_num(v, copy=False, nan=-1.0)
    return np.clip(np.floor(v), 0, len(TERRAIN_LUT) - 1).astype(np.intp)


def color_port_height(values: np.ndarray, unit: float = HEIGHT_UNIT) -> np.ndarray:
    """Terrain colours of heights relative to the sea level (NaN: off the map)."""
    v = np.asarray(values)
    out = lut_take(TERRAIN_LUT, port_height_fixed(v, unit))
    if np.issubdtype(v.dtype, np.floating):
        out[np.isnan(v)] = BACKGROUND
    return out


def color_cell_class(values: np.ndarray) -> np.ndarray:
    pal = np.array(PORT_CELL_CLASS_COLORS + (UNREACHED,) * (256 - len(PORT_CELL_CLASS_COLORS)),
                   np.uint8)
    return lut_take(pal, np.asarray(values).astype(np.uint8, copy=False))


def _port_ids(values: np.ndarray) -> np.ndarray:
    return ids_to_colors(values, {-1: PORT_NONE})


def port_scalar_range(values: np.ndarray) -> tuple[float, float]:
    """Range of the values >= 0 of a ports scalar layer (-1: no value)."""
    v = np.asarray(values)
    ok = v[v >= 0]
    if not ok.size:
        return 0.0, 1.0
    lo, hi = own_range(float(ok.min()), float(ok.max()))
    return lo, max(hi, lo + 1e-9)


def color_port_scalar(values: np.ndarray) -> np.ndarray:
    """Viridis over the values' own range; -1 (no value) dark grey."""
    v = np.asarray(values)
    lo, hi = port_scalar_range(v)
    out = scalar_to_colors(v, LUTS["viridis"], lo, hi)
    out[v < 0] = PORT_NONE
    return out


PORTS_COLORS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "height": color_port_height,
    "cell_class": color_cell_class,
    "lakes": _port_ids,
    "ports": _port_ids,
    "route": _port_ids,
    "desirability": color_port_scalar,
    "candidates": color_port_scalar,
    "weight": color_port_scalar,
}

PORT_OVERLAY_KEYS: list[tuple[str, RGBA]] = [
    ("coast", PORT_COAST), ("lake", PORT_LAKE), ("route to open sea", PORT_ROUTE),
    ("candidate of weight 0", PORT_CANDIDATE_OFF),
]


def port_class_entries() -> list[tuple[str, RGBA]]:
    return [(f"port: {n}", c) for n, c in zip(PORT_CLASS_NAMES, PORT_CLASS_COLORS)]


CANDIDATE_KEY = "candidate (colour: desirability, size: weight)"


def ports_legend(name: str, values: np.ndarray, info: LayerInfo | None) -> Legend | None:
    """The legend of a port placement layer, with the overlays' keys and the
    ports' classes (the window trims the keys to what it draws).  Ports are
    numbered from 1, as the inspector, the local view, JSON and CSV number
    them (the layers hold 0-based indices)."""
    if name in ("ports", "route"):
        v = np.asarray(values)
        ids = np.unique(v[v >= 0])
        colours = _port_ids(ids) if ids.size else np.empty((0, 4), np.uint8)
        title = {"ports": "the cell of each port", "route": "each port's route to open sea"}
        return Legend(title[name], [("none", PORT_NONE)] + [
            (f"port {int(i) + 1}", tuple(int(c) for c in colours[k]))
            for k, i in enumerate(ids)])
    keys = list(PORT_OVERLAY_KEYS) + port_class_entries()
    if name == "height":
        return Legend("height in levels above sea level (sea level = 0); ports sized by "
                      "population", keys, TERRAIN_LUT, -1, TOP_LEVEL - 1)
    if name == "cell_class":
        return Legend("cell class", list(zip(PORT_CELL_CLASS_NAMES, PORT_CELL_CLASS_COLORS))
                      + keys[2:])
    if name in ("desirability", "candidates", "weight"):
        lo, hi = port_scalar_range(values)
        title = {"desirability": "desirability: land cells within the radius",
                 "candidates": "candidates by desirability",
                 "weight": "latitude weight of each candidate"}[name]
        return Legend(title, [("-1 none", PORT_NONE)] + keys[2:], LUTS["viridis"], lo, hi)
    return None


# -- the workbench's picture ------------------------------------------------------
#
# The window draws one layer of a port placement (at a timeline step) with
# overlays: on the terrain the lakes and the coast, then the grid squares,
# the candidates (coloured by desirability; once weighted, sized by their
# latitude weight and grey when it is 0), the
# routes to open sea, and the ports as discs sized by population in their
# class's colour.

OVERLAYS = ("grid", "candidates", "routes")
"""Overlays the window can switch off (the ports are always drawn)."""
NO_VALUE_LAYERS = ("lakes", "desirability", "candidates", "weight", "ports", "route")
"""Layers whose -1 cells show the dimmed terrain instead of a flat grey."""


def _blend(rgb: np.ndarray, mask: np.ndarray, colour, amount: float) -> None:
    if mask.any():
        c = np.asarray(colour[:3], np.float32)
        rgb[mask] = rgb[mask] * (1.0 - amount) + c * amount


def port_radius(population: int, scale: float) -> float:
    """Radius in pixels of a port's disc: grows with the logarithm of the
    population (a hamlet of 100 about half of a metropolis of 100,000's third)."""
    base = max(5.0, float(scale))
    f = 0.45 + 0.3 * math.log10(max(int(population), 1) / 100.0)
    return base * min(max(f, 0.4), 2.2)


ROUTE_EDGE_FROM = 3
"""Routes at least this many pixels wide get a dark edge (thinner ones
would look black)."""


def ports_image(layers: Mapping[str, np.ndarray], name: str, info: LayerInfo | None,
                scale: int, ports: Sequence[Mapping[str, Any]], shown_ports: Iterable[int],
                routes: Mapping[int, np.ndarray] | None = None, unit: float = 16.0,
                grid: int = 0, overlays: Iterable[str] = OVERLAYS,
                meaningful: frozenset[str] | None = None, cell: int = 1,
                selected: int | None = None, hill_shading: bool = False) -> np.ndarray:
    """Layer ``name`` of a port placement as RGBA at ``scale`` pixels per
    shown cell, with the overlays.

    With ``cell`` > 1 every ``cell``-th cell is shown (a large map), the
    overlays still come from the whole ``layers``.  ``ports`` are the records
    of ``result.detail.ports``, ``shown_ports`` the indices of the ports
    drawn so far, ``routes`` the routes to draw by port index (corners
    ``(row, col)``), ``grid`` the grid square's side in cells (0: none),
    ``selected`` a port ringed, ``hill_shading`` lights the terrain (heights
    in units of ``unit`` to a level)."""
    from PIL import Image, ImageDraw

    overlays = set(overlays)

    def ok(n: str) -> bool:
        return n in layers and (meaningful is None or n in meaningful)

    px = float(scale) / float(cell)            # pixels per map cell
    shown = layers if cell == 1 else {n: np.asarray(a)[::cell, ::cell] for n, a in layers.items()}
    rgb = _cell_colours(shown, name, info, unit, cell, hill_shading, overlays, ok)
    rgba = np.empty(rgb.shape[:2] + (4,), np.uint8)
    rgba[..., :3] = np.clip(rgb + 0.5, 0, 255).astype(np.uint8)
    rgba[..., 3] = 255
    img = np.array(rasterize_square(rgba, int(scale)))
    if "grid" in overlays and grid > 0:
        _draw_grid(img, grid * px)
    pil = Image.fromarray(img, "RGBA")
    draw = ImageDraw.Draw(pil)
    if "candidates" in overlays and ok("candidates"):
        _draw_candidates(draw, layers, px, ok("weight"))
    if "routes" in overlays and routes:
        _draw_routes(draw, routes, px)
    _draw_ports(draw, ports, shown_ports, px, selected)
    return np.ascontiguousarray(np.asarray(pil))


def _cell_colours(layers: Mapping[str, np.ndarray], name: str, info: LayerInfo | None,
                  unit: float, cell: int, hill_shading: bool, overlays: set[str],
                  ok) -> np.ndarray:
    """One float RGB colour per shown cell: layer ``name`` over the terrain
    (lakes, coast and routes blended in where they mean something)."""
    from .colormaps import colorize

    height = np.asarray(layers["height"])
    terrain_rgba = color_port_height(height, unit)
    if hill_shading:
        from .relief import hillshade, shade

        terrain_rgba = shade(terrain_rgba, hillshade(height / np.float32(unit), cell=cell))
    terrain = terrain_rgba[..., :3].astype(np.float32)
    if name == "height":
        rgb = terrain
    else:
        values = np.asarray(layers[name])
        fn = PORTS_COLORS.get(name)
        rgba = fn(values) if fn is not None else colorize(values, info, name)
        rgb = rgba[..., :3].astype(np.float32)
        if name in NO_VALUE_LAYERS:
            none = values < 0
            dim = terrain * 0.45 + 20.0
            rgb[none] = dim[none]
    if name in ("height",) + NO_VALUE_LAYERS:
        if ok("lakes") and name != "lakes":
            _blend(rgb, np.asarray(layers["lakes"]) >= 0, PORT_LAKE, 0.75)
        if ok("coast") and name == "height":
            _blend(rgb, np.asarray(layers["coast"]) != 0, PORT_COAST, 0.55)
    if "routes" in overlays and ok("route") and name != "route":
        _blend(rgb, np.asarray(layers["route"]) >= 0, PORT_ROUTE, 0.3)
    return rgb


def _draw_grid(img: np.ndarray, step: float) -> None:
    """The grid squares' lines every ``step`` pixels (none when too dense)."""
    if step < 4:
        return
    hi, wi = img.shape[:2]
    g = np.asarray(PORT_GRID[:3], np.float32)
    for x in np.arange(step, wi, step):
        col = img[:, int(round(x)) - 1, :3].astype(np.float32)
        img[:, int(round(x)) - 1, :3] = (col * 0.6 + g * 0.4).astype(np.uint8)
    for y in np.arange(step, hi, step):
        row = img[int(round(y)) - 1, :, :3].astype(np.float32)
        img[int(round(y)) - 1, :, :3] = (row * 0.6 + g * 0.4).astype(np.uint8)


def _draw_candidates(draw, layers: Mapping[str, np.ndarray], px: float, weighted: bool) -> None:
    """A square per candidate cell in its desirability's colour, sized by
    its weight once weighted (a weight of 0 greyed)."""
    cand = np.asarray(layers["candidates"])
    rr, cc = np.nonzero(cand >= 0)
    if not rr.size:
        return
    cols = color_port_scalar(cand[rr, cc])
    weight = np.asarray(layers["weight"]) if weighted else None
    top = float(weight[rr, cc].max()) if weight is not None else 0.0
    r0 = max(1.5, min(px * 0.45, 6.0))
    for k in range(rr.size):
        cx, cy = (cc[k] + 0.5) * px, (rr[k] + 0.5) * px
        fill = tuple(int(v) for v in cols[k][:3])
        r = r0
        if weight is not None:
            wk = float(weight[rr[k], cc[k]])
            r = r0 * (0.45 + 0.75 * wk / top) if top > 0 else r0 * 0.45
            if wk <= 0:
                fill = PORT_CANDIDATE_OFF[:3]
        draw.rectangle((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=(0, 0, 0))


def _draw_routes(draw, routes: Mapping[int, np.ndarray], px: float) -> None:
    """Each port's route to open sea, with a dark edge only where the line
    is wide enough to stay yellow inside."""
    width = max(2, int(round(px * 0.18)))
    edge = width >= ROUTE_EDGE_FROM
    for i in sorted(routes):
        if len(routes[i]) > 1:
            pts = [(float(c) * px, float(r) * px) for r, c in np.asarray(routes[i])]
            if edge:
                draw.line(pts, fill=(20, 20, 20), width=width + 2)
            draw.line(pts, fill=PORT_ROUTE[:3], width=width)


def _draw_ports(draw, ports: Sequence[Mapping[str, Any]], shown: Iterable[int], px: float,
                selected: int | None) -> None:
    """Each port shown as a disc sized by its population in its class's
    colour; the selected one ringed."""
    for i in shown:
        if not 0 <= i < len(ports):
            continue
        rec = ports[i]
        cx, cy = rec["position"][0] * px, rec["position"][1] * px
        r = port_radius(rec["population"], px)
        k = PORT_CLASS_NAMES.index(rec["class"]) if rec["class"] in PORT_CLASS_NAMES else 0
        if i == selected:
            draw.ellipse((cx - r - 4, cy - r - 4, cx + r + 4, cy + r + 4), outline=(255, 255, 255),
                         width=2)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=PORT_CLASS_COLORS[k][:3],
                     outline=(0, 0, 0), width=max(1, int(r * 0.2)))


# -- a port's local terrain ---------------------------------------------------------

def local_picture(view: np.ndarray, n: int, row: int, col: int, unit: float,
                  route: np.ndarray | None = None, ship: tuple[int, int] | None = None,
                  buildings: np.ndarray | None = None, scale: int = 6) -> np.ndarray:
    """The port's cell and its eight neighbours at local resolution
    (``view`` from :func:`viewer.engine.ports.local.port_view`, ``n`` points
    per cell side) as RGBA at ``scale`` pixels per point: terrain, the cell
    borders, the route to open sea (map corners ``(row, col)``; the part
    inside the view), the ship's corner, the buildings (map ``(x, y)``) and
    the port at the centre."""
    from PIL import Image, ImageDraw

    from .relief import hillshade, shade

    step = n - 1
    rgba = color_port_height(view, unit)
    # the land lit from the north-west, gently (the sea stays flat)
    lit = shade(rgba, hillshade(view / float(unit), cell=16.0 / step), strength=0.5)
    land = np.nan_to_num(view, nan=-1.0) >= 0
    rgba = np.ascontiguousarray(np.where(land[..., None], lit, rgba))
    img = np.array(rasterize_square(rgba, int(scale)))
    pil = Image.fromarray(img, "RGBA")
    draw = ImageDraw.Draw(pil)
    s = float(scale)
    r0, c0 = row - 1, col - 1

    def at(map_r: float, map_c: float) -> tuple[float, float]:
        """Pixel of a map position (rows and columns in cells)."""
        return ((map_c - c0) * step + 0.5) * s, ((map_r - r0) * step + 0.5) * s

    side = 3 * step * s + s
    for k in range(4):                            # cell borders
        v = (k * step + 0.5) * s
        draw.line([(v, 0), (v, side)], fill=(0, 0, 0, 255), width=1)
        draw.line([(0, v), (side, v)], fill=(0, 0, 0, 255), width=1)
    if route is not None and len(route) > 1:
        pts = [at(float(r), float(c)) for r, c in np.asarray(route)]
        draw.line(pts, fill=(20, 20, 20), width=max(3, int(s * 0.9)) + 2)
        draw.line(pts, fill=PORT_ROUTE[:3], width=max(3, int(s * 0.9)))
    if buildings is not None and len(buildings):
        b = max(2.0, s * 0.7)
        for x, y in np.asarray(buildings):
            px, py = at(float(y), float(x))
            draw.rectangle((px - b, py - b, px + b, py + b), fill=(150, 40, 30),
                           outline=(30, 10, 10))
    if ship is not None:
        px, py = at(float(ship[0]), float(ship[1]))
        r = max(4.0, s * 1.6)
        draw.polygon([(px, py - r), (px + r, py), (px, py + r), (px - r, py)],
                     fill=(255, 255, 255), outline=(0, 0, 0))
    px, py = at(row + 0.5, col + 0.5)
    r = max(5.0, s * 2.0)
    draw.ellipse((px - r, py - r, px + r, py + r), fill=(255, 60, 60), outline=(0, 0, 0),
                 width=2)
    return np.ascontiguousarray(np.asarray(pil))


# -- the workbench's renderer ------------------------------------------------------

def port_index(marker) -> int:
    """A port marker's port number (0-based): its label is "id class"."""
    return int(str(marker.label).split()[0]) - 1


def shown_ports(state) -> list[int]:
    """The ports placed by the state's step (0-based)."""
    return [port_index(m) for m in state.markers if m.kind == "port"]


def ports_with_routes(state) -> list[int]:
    """The ports whose local terrain (and route) the step has reached."""
    n = len(state.result.detail.ports)
    trace = state.result.trace
    if trace is None or state.final:
        return list(range(n))
    k = sum(1 for ph, _, _ in trace.events[:state.step] if ph == "local terrain")
    return list(range(min(k, n)))


def png_height_legend(legend: Legend, sea_level: float, unit: float) -> Legend:
    """``legend`` of the height layer of a map on a PNG heightmap with its
    bar over the PNG's greys (0..255, or 0..65535 for 16 bits), in the
    colours each grey gets: sea below the PNG's sea level, land from it
    (issue 28, 7.14: not the default sea level's split)."""
    top = 255 if unit <= HEIGHT_UNIT else 65535
    greys = np.linspace(0.0, top, len(TERRAIN_LUT))
    lut = color_port_height(greys - sea_level, unit)
    return Legend(f"PNG grey 0..{top}, sea below grey {sea_level:g}; ports sized by population",
                  legend.entries, lut, 0, top)


def _ports_legend(state, name: str, overlays: set[str]):
    from .colormaps import generic_legend

    r = state.result
    layers = state.layers
    legend = (ports_legend(name, layers[name], r.layer_info.get(name))
              or generic_legend(name, layers[name], r.layer_info.get(name)))
    if name == "height" and r.params.get("source") == "png":
        legend = png_height_legend(legend, float(r.detail.sea_level), float(r.detail.height_unit))
    drawn = set()
    ok = state.ok
    if ok("coast") and name == "height":
        drawn.add(PORT_COAST)
    if ok("lakes") and name != "lakes" and r.detail.placement.lake_ids.size:
        drawn.add(PORT_LAKE)
    if ok("route") and "routes" in overlays:
        drawn.add(PORT_ROUTE)
    if ok("weight") and "candidates" in overlays:
        wt = layers["weight"]
        if ((wt <= 0) & (layers["candidates"] >= 0)).any():
            drawn.add(PORT_CANDIDATE_OFF)
    candidate = None
    if ok("candidates") and "candidates" in overlays and name not in ("ports", "route"):
        cand = np.asarray(layers["candidates"])
        if (cand >= 0).any():
            lo, hi = port_scalar_range(cand)
            mid = color_port_scalar(np.array([lo, (lo + hi) / 2, hi]))[1]
            candidate = (CANDIDATE_KEY, tuple(int(c) for c in mid))
    classes = {r.detail.ports[i]["class"] for i in shown_ports(state)
               if i < len(r.detail.ports)}
    keys = {c for _, c in port_class_entries()} | {PORT_COAST, PORT_LAKE, PORT_ROUTE,
                                                   PORT_CANDIDATE_OFF}
    entries = []
    for text, c in legend.entries:
        if text.startswith("port: "):
            if text[6:] in classes:
                entries.append((text, c))
        elif c not in keys or c in drawn or name == "cell_class":
            entries.append((text, c))
    if candidate is not None:
        entries.append(candidate)
    legend.entries = entries
    return legend


class PortsRenderer(Renderer):
    """Any layer on the terrain, with lakes, coast, grid squares,
    candidates, routes and the ports drawn in (no letters over them)."""

    toggles = (Toggle("hill_shading", "&Hill shading", True, "Ctrl+H",
                      "light the heights from the north-west"),
               Toggle("grid", "Ports: &grid squares", True),
               Toggle("candidates", "Ports: &candidates", True),
               Toggle("routes", "Ports: &routes to open sea", True))
    default_layer = "height"
    fallback_layer = "height"
    letters = False

    def overlays(self, options) -> set[str]:
        return {k for k in OVERLAYS if options.get(k, True)}

    def draw(self, state, layer, options, scale, stride=1):
        r = state.result
        routes = ({i: r.detail.placement.ports[i].route for i in ports_with_routes(state)}
                  if state.ok("route") else {})
        return ports_image(state.layers, layer, r.layer_info.get(layer), scale,
                           r.detail.ports, shown_ports(state), routes,
                           r.detail.height_unit, r.params["grid"], self.overlays(options),
                           state.meaningful, stride, options.get("selected_port"),
                           hill_shading=bool(options.get("hill_shading")))

    def legend(self, state, layer, options):
        return _ports_legend(state, layer, self.overlays(options))


RENDERER = PortsRenderer()
