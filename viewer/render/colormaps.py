"""Colours for layers: every value of a layer to an RGBA colour, plus the
legend that explains them.

A layer is coloured by its :class:`~viewer.engine.protocol.LayerInfo` kind
(categorical ids get distinct colours, scalars a lookup table, masks two
colours), and the layers whose meaning we know get their own scheme:
islands distinct per island on a sea blue, elevation as terrain, each
resource its own ramp, and the debug layers' special values (xzone -1/-2,
closest's tie 255, distance's unreached 65535) in colours that no ordinary
value takes.

The lookup tables are hand-made from a few control points, so this module
needs neither matplotlib nor pyqtgraph (which would pull in Qt).
"""

from __future__ import annotations

import colorsys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import numpy as np

from ..engine.protocol import LayerInfo

RGBA = tuple[int, int, int, int]

SEA: RGBA = (32, 74, 135, 255)
DEEP_SEA: RGBA = (12, 30, 72, 255)
SHALLOW_SEA: RGBA = (84, 142, 204, 255)
BACKGROUND: RGBA = (40, 40, 44, 255)
NO_ZONE: RGBA = (24, 24, 28, 255)
SEVERAL: RGBA = (255, 255, 255, 255)
TIE: RGBA = (255, 255, 255, 255)
UNREACHED: RGBA = (255, 0, 200, 255)
MASK_ON: RGBA = (250, 200, 60, 255)
MASK_OFF: RGBA = (46, 52, 64, 255)
MOUNTAIN: RGBA = (236, 236, 240, 255)
WILDERNESS: RGBA = (92, 150, 64, 255)

HIGHMIN = 98  # fairland: elevation of a mountain
LANDMIN = 1   # fairland: lowest land elevation


# -- building blocks ---------------------------------------------------------

def lut_from_stops(stops: list[tuple[float, tuple[int, int, int]]], n: int = 256) -> np.ndarray:
    """An ``(n, 4)`` uint8 lookup table interpolating ``(position 0..1, rgb)``."""
    pos = np.array([p for p, _ in stops], float)
    rgb = np.array([c for _, c in stops], float)
    t = np.linspace(0.0, 1.0, n)
    out = np.empty((n, 4), np.uint8)
    for ch in range(3):
        out[:, ch] = np.round(np.interp(t, pos, rgb[:, ch]))
    out[:, 3] = 255
    return out


LUTS: dict[str, np.ndarray] = {
    # perceptually ordered dark-to-light ramps (viridis- and magma-like)
    "viridis": lut_from_stops([(0.0, (68, 1, 84)), (0.25, (59, 82, 139)), (0.5, (33, 145, 140)),
                               (0.75, (94, 201, 98)), (1.0, (253, 231, 37))]),
    "magma": lut_from_stops([(0.0, (0, 0, 4)), (0.25, (81, 18, 124)), (0.5, (183, 55, 121)),
                             (0.75, (252, 137, 97)), (1.0, (252, 253, 191))]),
    "iron": lut_from_stops([(0.0, (30, 26, 28)), (0.5, (128, 52, 30)), (1.0, (235, 120, 60))]),
    "gold": lut_from_stops([(0.0, (30, 28, 20)), (0.5, (140, 110, 20)), (1.0, (255, 215, 40))]),
    "fertility": lut_from_stops([(0.0, (34, 28, 20)), (0.5, (70, 120, 40)),
                                 (1.0, (150, 230, 90))]),
    "oil": lut_from_stops([(0.0, (32, 30, 36)), (0.5, (90, 60, 130)), (1.0, (210, 150, 255))]),
    "uranium": lut_from_stops([(0.0, (22, 30, 24)), (0.5, (60, 140, 60)),
                               (1.0, (200, 255, 60))]),
}


def distinct_colors(n: int, seed_offset: int = 0) -> np.ndarray:
    """``n`` well separated colours (golden-ratio hues, alternating lightness);
    colour ``i`` does not depend on ``n``, so an island keeps its colour as
    more islands appear."""
    i = np.arange(seed_offset, seed_offset + n)
    out = np.empty((n, 4), np.uint8)
    for k, j in enumerate(i):
        h = (0.11 + 0.6180339887 * j) % 1.0
        s = (0.55, 0.75, 0.45)[j % 3]
        v = (0.92, 0.75, 0.85)[(j // 3) % 3]
        r, g, b = colorsys.hsv_to_rgb(h, s, v)
        out[k] = (round(r * 255), round(g * 255), round(b * 255), 255)
    return out


def _ids_to_colors(ids: np.ndarray, special: Mapping[int, RGBA] | None = None) -> np.ndarray:
    """Distinct colours for ids >= 0, ``special`` colours for listed values,
    BACKGROUND for any other negative value."""
    ids = np.asarray(ids).astype(np.int64)
    out = np.empty(ids.shape + (4,), np.uint8)
    out[...] = BACKGROUND
    valid = ids >= 0
    if valid.any():
        top = int(ids[valid].max())
        pal = distinct_colors(top + 1)
        out[valid] = pal[ids[valid]]
    for value, rgba in (special or {}).items():
        out[ids == value] = rgba
    return out


def _scalar_to_colors(values: np.ndarray, lut: np.ndarray, vmin: float, vmax: float) -> np.ndarray:
    v = np.asarray(values, float)
    span = vmax - vmin if vmax > vmin else 1.0
    t = np.clip((v - vmin) / span, 0.0, 1.0)
    return lut[np.round(t * (len(lut) - 1)).astype(np.intp)]


# -- legends -------------------------------------------------------------------

@dataclass
class Legend:
    """What a layer's colours mean: named swatches and/or a colour bar."""

    title: str
    entries: list[tuple[str, RGBA]] = field(default_factory=list)
    lut: np.ndarray | None = None
    vmin: float = 0.0
    vmax: float = 1.0


# -- per-layer schemes ----------------------------------------------------------

def _elevation_lut() -> np.ndarray:
    """Colour of every elevation -127..127 (index = elevation + 127)."""
    sea = lut_from_stops([(0.0, DEEP_SEA[:3]), (1.0, SHALLOW_SEA[:3])], 127)  # -127..-1
    land = lut_from_stops([(0.0, (70, 150, 70)), (0.35, (150, 180, 80)), (0.7, (170, 130, 70)),
                           (1.0, (120, 90, 60))], HIGHMIN - 0)                 # 0..97
    peak = lut_from_stops([(0.0, (215, 215, 220)), (1.0, (255, 255, 255))], 127 - HIGHMIN + 1)
    return np.concatenate([sea, land, peak])


ELEVATION_LUT = _elevation_lut()


def color_elevation(elev: np.ndarray) -> np.ndarray:
    e = np.clip(np.asarray(elev).astype(np.int64), -127, 127)
    return ELEVATION_LUT[e + 127]


def color_own(own: np.ndarray) -> np.ndarray:
    return _ids_to_colors(own, {-1: SEA})


def color_xzone(xzone: np.ndarray) -> np.ndarray:
    return _ids_to_colors(xzone, {-1: NO_ZONE, -2: SEVERAL})


def color_closest(closest: np.ndarray) -> np.ndarray:
    c = np.asarray(closest).astype(np.int64)
    return _ids_to_colors(np.where(c == 255, -3, c), {-3: TIE})


def color_capitals(capitals: np.ndarray) -> np.ndarray:
    return _ids_to_colors(capitals, {-1: BACKGROUND})


def color_sector_type(st: np.ndarray) -> np.ndarray:
    st = np.asarray(st)
    out = np.empty(st.shape + (4,), np.uint8)
    out[...] = BACKGROUND
    out[st == 0] = SEA
    out[st == 4] = WILDERNESS
    out[st == 1] = MOUNTAIN
    return out


def distance_range(distance: np.ndarray, unreached: int = 65535) -> tuple[float, float]:
    reached = np.asarray(distance)[np.asarray(distance) != unreached]
    top = float(reached.max()) if reached.size else 1.0
    return 0.0, max(top, 1.0)


def color_distance(distance: np.ndarray) -> np.ndarray:
    d = np.asarray(distance)
    vmin, vmax = distance_range(d)
    out = _scalar_to_colors(d, LUTS["magma"], vmin, vmax)
    out[d == 65535] = UNREACHED
    return out


def color_mask(mask: np.ndarray) -> np.ndarray:
    m = np.asarray(mask).astype(bool)
    out = np.empty(m.shape + (4,), np.uint8)
    out[...] = MASK_OFF
    out[m] = MASK_ON
    return out


def _resource(name: str) -> Callable[[np.ndarray], np.ndarray]:
    def color(values: np.ndarray) -> np.ndarray:
        return _scalar_to_colors(values, LUTS[name], 0, 100)
    color.__name__ = f"color_{name}"
    return color


RESOURCE_NAMES = ("iron", "gold", "fertility", "oil", "uranium")

LAYER_COLORS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "own": color_own,
    "elevation": color_elevation,
    "sector_type": color_sector_type,
    "capitals": color_capitals,
    "coastal": color_mask,
    "xzone": color_xzone,
    "closest": color_closest,
    "distance": color_distance,
    **{name: _resource(name) for name in RESOURCE_NAMES},
}
"""Layers with a scheme of their own, by name (fairland's names)."""


def sea_tint(rgba: np.ndarray, sea: np.ndarray, amount: float = 0.45) -> np.ndarray:
    """``rgba`` with the ``sea`` cells mixed toward sea blue, so a resource map
    still shows the coasts."""
    out = rgba.copy()
    blue = np.array(SEA, float)
    out[sea] = np.round(rgba[sea] * (1 - amount) + blue * amount).astype(np.uint8)
    return out


def infer_info(name: str, values: np.ndarray) -> LayerInfo:
    """A LayerInfo for a layer that came without one."""
    v = np.asarray(values)
    if v.dtype == bool:
        return LayerInfo(name, name, "mask", 0, 1)
    if np.issubdtype(v.dtype, np.integer) and v.size and int(v.max()) - int(v.min()) < 64:
        return LayerInfo(name, name, "categorical")
    lo, hi = (float(v.min()), float(v.max())) if v.size else (0.0, 1.0)
    return LayerInfo(name, name, "scalar", lo, hi)


def color_by_kind(values: np.ndarray, info: LayerInfo) -> np.ndarray:
    """Colours from the LayerInfo alone (no per-layer scheme)."""
    v = np.asarray(values)
    if info.kind == "mask":
        return color_mask(v)
    if info.kind == "categorical":
        special = {int(k): BACKGROUND for k in info.labels}
        return _ids_to_colors(v, special)
    lo, hi = scalar_range(v, info)
    out = _scalar_to_colors(v, LUTS["viridis"], lo, hi)
    for k in info.labels:
        out[v == k] = UNREACHED
    return out


def scalar_range(values: np.ndarray, info: LayerInfo) -> tuple[float, float]:
    v = np.asarray(values)
    ordinary = v[~np.isin(v, list(info.labels))] if info.labels else v.ravel()
    lo = info.vmin if info.vmin is not None else (float(ordinary.min()) if ordinary.size else 0.0)
    hi = info.vmax if info.vmax is not None else (float(ordinary.max()) if ordinary.size else 1.0)
    return float(lo), float(max(hi, lo + 1e-9))


def colorize(values: np.ndarray, info: LayerInfo | None, name: str) -> np.ndarray:
    """RGBA (shape ``values.shape + (4,)``, uint8) for one layer."""
    if name in LAYER_COLORS:
        return LAYER_COLORS[name](values)
    return color_by_kind(values, info or infer_info(name, values))


def legend_for(name: str, values: np.ndarray, info: LayerInfo | None) -> Legend:
    """The legend of one layer as data: swatches for categories and special
    values, a colour bar (lut, vmin, vmax) for quantities."""
    v = np.asarray(values)
    info = info or infer_info(name, v)
    title = info.description or name

    def ids(exclude: tuple[int, ...] = ()) -> list[tuple[str, RGBA]]:
        present = sorted(int(i) for i in np.unique(v) if int(i) >= 0 and int(i) not in exclude)
        pal = distinct_colors(max(present) + 1) if present else np.zeros((0, 4), np.uint8)
        shown = present[:24]
        rows = [(str(i), tuple(int(c) for c in pal[i])) for i in shown]
        if len(present) > len(shown):
            rows.append((f"... {len(present) - len(shown)} more", BACKGROUND))
        return rows

    if name == "own":
        return Legend(title, [("sea", SEA)] + ids())
    if name == "xzone":
        return Legend(title, [("-1 no zone", NO_ZONE), ("-2 several zones", SEVERAL)] + ids())
    if name == "closest":
        return Legend(title, [("255 tie", TIE)] + ids(exclude=(255,)))
    if name == "capitals":
        return Legend(title, [("-1 none", BACKGROUND)] + ids())
    if name == "sector_type":
        return Legend(title, [("sea", SEA), ("wilderness", WILDERNESS), ("mountain", MOUNTAIN)])
    if name == "coastal" or info.kind == "mask":
        return Legend(title, [("no", MASK_OFF), ("yes", MASK_ON)])
    if name == "elevation":
        return Legend(title, [("mountain (>= 98)", MOUNTAIN)], ELEVATION_LUT, -127, 127)
    if name == "distance":
        lo, hi = distance_range(v)
        return Legend(title, [("65535 unreached", UNREACHED)], LUTS["magma"], lo, hi)
    if name in RESOURCE_NAMES:
        return Legend(title, [("sea (tinted blue)", SEA)], LUTS[name], 0, 100)
    if info.kind == "categorical":
        special = [(f"{k} {lab}", BACKGROUND) for k, lab in info.labels.items()]
        return Legend(title, special + ids(exclude=tuple(info.labels)))
    lo, hi = scalar_range(v, info)
    special = [(f"{k} {lab}", UNREACHED) for k, lab in info.labels.items()]
    return Legend(title, special, LUTS["viridis"], lo, hi)
