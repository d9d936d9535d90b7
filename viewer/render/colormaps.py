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

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
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



# -- one colour scale for two pictures ------------------------------------------

VALUE_RANGE = "value_range"
"""A picture option: ``(layer, lo, hi)``, the values ``layer``'s colour bar
spans where it would otherwise span the layer's own values (while comparing,
A and B are drawn on the range covering both, so that one value is one
colour in both panes; the legend keeps its own range in ``Legend.own``)."""
_FORCED: ContextVar[tuple[float, float] | None] = ContextVar("forced_range", default=None)


@contextmanager
def forced_range(value_range, layer: str | None) -> Iterator[None]:
    """While drawing ``layer``: ranges taken from the values are those of
    ``value_range`` (a :data:`VALUE_RANGE` option) when it is about
    ``layer`` (otherwise, or None: their own), see :func:`own_range`."""
    forced = None
    if value_range is not None and value_range[0] == layer:
        forced = (float(value_range[1]), float(value_range[2]))
    token = _FORCED.set(forced)
    try:
        yield
    finally:
        _FORCED.reset(token)


def own_range(lo: float, hi: float) -> tuple[float, float]:
    """``(lo, hi)``, a range found in a layer's values, or the one forced
    by :func:`forced_range` while a picture is drawn."""
    forced = _FORCED.get()
    return forced if forced is not None else (lo, hi)


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


def _glasbey() -> np.ndarray:
    """colorcet's glasbey palette without black and white (minimum chroma 20):
    256 colours chosen to be told apart, on dark and on light ground."""
    import colorcet

    rgb = np.asarray(colorcet.glasbey_bw_minc_20, np.float64)     # (256, 3) in 0..1
    out = np.full((len(rgb), 4), 255, np.uint8)
    out[:, :3] = np.round(rgb * 255)
    return out


GLASBEY = _glasbey()


def distinct_colors(n: int, seed_offset: int = 0) -> np.ndarray:
    """``n`` colours that are easy to tell apart (colorcet's glasbey); colour
    ``i`` does not depend on ``n``, so an island keeps its colour as more
    islands appear.  Past 256 the palette repeats, darkened."""
    i = np.arange(seed_offset, seed_offset + n)
    out = GLASBEY[i % len(GLASBEY)].copy()
    dim = (i // len(GLASBEY)) % 3
    out[:, :3] = (out[:, :3].astype(np.int32) * (4 - dim[:, None]) // 4).astype(np.uint8)
    return out


def ids_to_colors(ids: np.ndarray, special: Mapping[int, RGBA] | None = None) -> np.ndarray:
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


def scalar_to_colors(values: np.ndarray, lut: np.ndarray, vmin: float, vmax: float) -> np.ndarray:
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
    own: tuple[float, float] | None = None
    """The bar's range as the layer's values alone give it, where a
    :data:`VALUE_RANGE` made the bar span another (None: vmin..vmax)."""

    def own_range(self) -> tuple[float, float] | None:
        """The colour bar's range from the layer's own values (None: no bar)."""
        if self.lut is None:
            return None
        return self.own if self.own is not None else (self.vmin, self.vmax)


def color_mask(mask: np.ndarray) -> np.ndarray:
    m = np.asarray(mask).astype(bool)
    out = np.empty(m.shape + (4,), np.uint8)
    out[...] = MASK_OFF
    out[m] = MASK_ON
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
        return ids_to_colors(v, special)
    lo, hi = scalar_range(v, info)
    out = scalar_to_colors(v, LUTS["viridis"], lo, hi)
    for k in info.labels:
        out[v == k] = UNREACHED
    return out


def scalar_range(values: np.ndarray, info: LayerInfo) -> tuple[float, float]:
    v = np.asarray(values)
    ordinary = v[~np.isin(v, list(info.labels))] if info.labels else v.ravel()
    lo = info.vmin if info.vmin is not None else (float(ordinary.min()) if ordinary.size else 0.0)
    hi = info.vmax if info.vmax is not None else (float(ordinary.max()) if ordinary.size else 1.0)
    if info.vmin is None or info.vmax is None:
        lo, hi = own_range(lo, hi)
    return float(lo), float(max(hi, lo + 1e-9))


def colorize(values: np.ndarray, info: LayerInfo | None, name: str) -> np.ndarray:
    """RGBA (shape ``values.shape + (4,)``, uint8) for one layer from its
    LayerInfo alone (a generator's renderer has its own schemes)."""
    return color_by_kind(values, info or infer_info(name, values))


def id_entries(values: np.ndarray, exclude: tuple[int, ...] = (), most: int = 24,
               names: Callable[[int], str] = str) -> list[tuple[str, RGBA]]:
    """Legend swatches for the ids >= 0 present in ``values`` (the first
    ``most``; a last row says how many more)."""
    v = np.asarray(values)
    present = [int(i) for i in np.unique(v) if int(i) >= 0 and int(i) not in exclude]
    pal = distinct_colors(max(present) + 1) if present else np.zeros((0, 4), np.uint8)
    rows = [(names(i), tuple(int(c) for c in pal[i])) for i in present[:most]]
    if len(present) > most:
        rows.append((f"... {len(present) - most} more", BACKGROUND))
    return rows


def generic_legend(name: str, values: np.ndarray, info: LayerInfo | None) -> Legend:
    """The legend of a layer coloured by :func:`colorize`."""
    v = np.asarray(values)
    info = info or infer_info(name, v)
    title = info.description or name
    if info.kind == "mask":
        return Legend(title, [("no", MASK_OFF), ("yes", MASK_ON)])
    if info.kind == "categorical":
        special = [(f"{k} {lab}", BACKGROUND) for k, lab in info.labels.items()]
        return Legend(title, special + id_entries(v, exclude=tuple(info.labels)))
    lo, hi = scalar_range(v, info)
    special = [(f"{k} {lab}", UNREACHED) for k, lab in info.labels.items()]
    return Legend(title, special, LUTS["viridis"], lo, hi)


DIVERGING_LUT = lut_from_stops([(0.0, (33, 84, 160)), (0.25, (110, 160, 210)),
                                (0.5, (236, 236, 236)), (0.75, (232, 140, 100)),
                                (1.0, (170, 24, 40))])
"""Blue (lowered) - light grey (unchanged) - red (raised)."""


def lut_take(lut: np.ndarray, index: np.ndarray) -> np.ndarray:
    """``lut[index]`` for an ``(n, 4)`` uint8 table, gathering whole pixels
    as 32-bit words (several times faster than numpy's row gather)."""
    words = np.ascontiguousarray(lut, np.uint8).view(np.uint32).ravel()
    idx = np.asarray(index)
    if idx.dtype.itemsize >= np.dtype(np.intp).itemsize or idx.size <= _TAKE_CHUNK:
        return words.take(idx).view(np.uint8).reshape(idx.shape + (4,))
    # numpy's take converts small integer indexes slowly: convert them a chunk at a time
    flat = idx.reshape(-1)
    out = np.empty(flat.size, np.uint32)
    for s in range(0, flat.size, _TAKE_CHUNK):
        words.take(flat[s:s + _TAKE_CHUNK].astype(np.intp), out=out[s:s + _TAKE_CHUNK])
    return out.view(np.uint8).reshape(idx.shape + (4,))


_TAKE_CHUNK = 1 << 18
