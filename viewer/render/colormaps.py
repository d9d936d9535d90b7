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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from ..engine.ports.classes import CELL_CLASS_NAMES, CLASS_NAMES
from ..engine.protocol import LayerInfo
from ..engine.tgp.units import HEIGHT_UNIT, INVALID_HEIGHT, TILE_CLASS_NAMES

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


# -- OpenTTD TerraGenesis (tgp) ------------------------------------------------
#
# Heights are fixed point, 16 units to a height level (OpenTTD's 0..15).  One
# terrain map serves every height layer, so a level has the same colour on the
# heightmap, the tile heights and any step of the timeline: level 0 (sea
# level) in sea blues, then lowland green, yellow-green, tan, brown, rock grey
# and snow white at level 15.

TOP_LEVEL = 16            # the terrain map spans levels 0 .. 16 (fixed point 0 .. 255)

TGP_CLEAR: RGBA = (98, 150, 68, 255)
TGP_WATER: RGBA = SEA
TGP_SHORE: RGBA = (222, 202, 146, 255)
TGP_VOID: RGBA = (0, 0, 0, 255)
TGP_CLASS_COLORS: tuple[RGBA, ...] = (TGP_CLEAR, TGP_WATER, TGP_SHORE, TGP_VOID)
TGP_CLASS_NAMES = tuple("water (sea)" if n == "water" else n for n in TILE_CLASS_NAMES)
NOT_GENERATED: RGBA = BACKGROUND

_LAND_STOPS = [(0.0, (66, 128, 62)), (0.2, (122, 168, 76)), (0.42, (196, 184, 108)),
               (0.62, (164, 118, 72)), (0.8, (130, 112, 100)), (0.92, (200, 198, 196)),
               (1.0, (255, 255, 255))]


def _terrain_lut() -> np.ndarray:
    """Colour of every fixed-point height 0..255 (levels 0..16)."""
    sea = lut_from_stops([(0.0, (38, 92, 156)), (1.0, (92, 150, 200))], HEIGHT_UNIT)
    land = lut_from_stops(_LAND_STOPS, HEIGHT_UNIT * (TOP_LEVEL - 1))
    return np.concatenate([sea, land])


TERRAIN_LUT = _terrain_lut()
"""``TERRAIN_LUT[h]`` is the colour of fixed-point height ``h`` (0..255)."""
LAND_LUT = lut_from_stops(_LAND_STOPS)
"""The land part of the terrain map, for the raw noise (whose range is its own)."""
DIVERGING_LUT = lut_from_stops([(0.0, (33, 84, 160)), (0.25, (110, 160, 210)),
                                (0.5, (236, 236, 236)), (0.75, (232, 140, 100)),
                                (1.0, (170, 24, 40))])
"""Blue (lowered) - light grey (unchanged) - red (raised)."""


def lut_take(lut: np.ndarray, index: np.ndarray) -> np.ndarray:
    """``lut[index]`` for an ``(n, 4)`` uint8 table, gathering whole pixels
    as 32-bit words (several times faster than numpy's row gather)."""
    words = np.ascontiguousarray(lut, np.uint8).view(np.uint32).ravel()
    idx = np.asarray(index)
    return words.take(idx).view(np.uint8).reshape(idx.shape + (4,))


def color_fixed_height(heights: np.ndarray) -> np.ndarray:
    """Terrain colours of fixed-point heights (16 = one level)."""
    h = np.clip(np.asarray(heights), 0, len(TERRAIN_LUT) - 1)
    return lut_take(TERRAIN_LUT, h)


def color_tile_height(levels: np.ndarray) -> np.ndarray:
    """Terrain colours of whole height levels 0..15 (the middle of each band)."""
    lv = np.minimum(np.asarray(levels).astype(np.int16), TOP_LEVEL - 1)
    np.maximum(lv, 0, out=lv)
    return lut_take(TERRAIN_LUT, lv * HEIGHT_UNIT + HEIGHT_UNIT // 2)




def mesh_step(noise: np.ndarray) -> int:
    """The mesh step of a noise layer in the middle of its rounds: the
    generated corners are exactly those at multiples of the step (1 once
    every corner is generated; 0 before the first round)."""
    v = np.asarray(noise)
    valid = int(np.count_nonzero(v != INVALID_HEIGHT))
    if valid == v.size:
        return 1
    if valid == 0:
        return 0
    s = 2
    while s <= 2 * max(v.shape):
        grid = v[::s, ::s]
        if grid.size == valid and bool((grid != INVALID_HEIGHT).all()):
            return s
        s *= 2
    return 1


def fill_mesh(values: np.ndarray, step: int) -> np.ndarray:
    """``values`` with every cell showing the mesh point at or above-left of
    it (blocks of ``step`` x ``step``): how a coarse noise round is drawn."""
    v = np.asarray(values)
    if step <= 1:
        return v
    grid = v[::step, ::step]
    return np.repeat(np.repeat(grid, step, axis=0), step, axis=1)[:v.shape[0], :v.shape[1]]


def tgp_display_layers(layers: Mapping[str, np.ndarray]) -> Mapping[str, np.ndarray]:
    """The layers of a TerraGenesis state as drawn: during the noise rounds
    the raw noise and the change are drawn as blocks of the current mesh
    (the corners between mesh points are not generated yet)."""
    if "noise" not in layers:
        return layers
    step = mesh_step(layers["noise"])
    if step <= 1:
        return layers
    out = dict(layers)
    for name in ("noise", "change"):
        if name in out:
            out[name] = fill_mesh(out[name], step)
    return out


def noise_range(noise: np.ndarray) -> tuple[float, float]:
    """Fixed-point range of the generated corners of a raw noise layer."""
    v = np.asarray(noise)
    ok = v[v != INVALID_HEIGHT]
    if not ok.size:
        return 0.0, 1.0
    lo, hi = float(ok.min()), float(ok.max())
    return lo, max(hi, lo + 1.0)


def color_noise(noise: np.ndarray) -> np.ndarray:
    """The raw noise on the land colours over its own range; corners not
    generated yet in the background colour."""
    v = np.asarray(noise)
    lo, hi = noise_range(v)
    out = _scalar_to_colors(v, LAND_LUT, lo, hi)
    out[v == INVALID_HEIGHT] = NOT_GENERATED
    return out


def change_range(change: np.ndarray) -> float:
    """Half-width of the symmetric range of a ``change`` layer (at least 1)."""
    v = np.asarray(change)
    if not v.size:
        return 1.0
    return float(max(1, abs(int(v.min())), abs(int(v.max()))))


def color_change(change: np.ndarray) -> np.ndarray:
    """A diverging map centred on 0: lowered blue, unchanged grey, raised red."""
    m = change_range(change)
    return _scalar_to_colors(change, DIVERGING_LUT, -m, m)


def color_tile_class(tc: np.ndarray) -> np.ndarray:
    """Sea blue, shore sand, clear green, void black (any other value magenta)."""
    pal = np.array(TGP_CLASS_COLORS + (UNREACHED,) * (256 - len(TGP_CLASS_COLORS)), np.uint8)
    return lut_take(pal, np.asarray(tc).astype(np.uint8, copy=False))


def color_water(water: np.ndarray) -> np.ndarray:
    m = np.asarray(water).astype(bool)
    out = np.empty(m.shape + (4,), np.uint8)
    out[...] = MASK_OFF
    out[m] = TGP_WATER
    return out


TGP_COLORS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "noise": color_noise,
    "heightmap": color_fixed_height,
    "tile_height": color_tile_height,
    "tile_class": color_tile_class,
    "water": color_water,
    "change": color_change,
}

# -- Number Link --------------------------------------------------------------
#
# Each path has one colour everywhere: its line, its end discs, the light tint
# of its squares and its swatch in the legend.  The debug layers name paths
# too (a pushed path, the path a rebuild region belongs to), so they share it.

NL_EMPTY: RGBA = (255, 255, 255, 255)
NL_END: RGBA = (255, 140, 0, 255)           # the end being extended
NL_TARGET: RGBA = (220, 0, 120, 255)        # the square it tries
NL_GHOST: RGBA = (30, 30, 34, 255)          # a pushed path's old route
NL_REGION: RGBA = (70, 80, 120, 255)        # hatching of a rebuild region
NL_DIFF: RGBA = (230, 20, 60, 255)          # a square where a second solution differs


def path_palette(n: int) -> np.ndarray:
    """``n`` RGB colours that are easy to tell apart (uint8, shape ``(n, 3)``);
    path ``k`` (1-based) has colour ``k - 1``, whatever ``n`` is."""
    return distinct_colors(n)[:, :3].copy()


def color_paths(values: np.ndarray) -> np.ndarray:
    """Path numbers to their colours; 0 (no path) white."""
    v = np.asarray(values).astype(np.int64)
    top = int(v.max()) if v.size else 0
    pal = np.empty((top + 1, 4), np.uint8)
    pal[0] = NL_EMPTY
    pal[1:, :3] = path_palette(top)
    pal[1:, 3] = 255
    return pal[np.clip(v, 0, top)]


def color_attempt(values: np.ndarray) -> np.ndarray:
    pal = np.array([NL_EMPTY, NL_END, NL_TARGET], np.uint8)
    return pal[np.clip(np.asarray(values).astype(np.int64), 0, 2)]


NUMBERLINK_COLORS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "paths": color_paths,
    "puzzle": color_paths,
    "pushed": color_paths,
    "rebuild_region": color_paths,
    "attempt": color_attempt,
}

NL_OVERLAY_KEYS: list[tuple[str, RGBA]] = [
    ("end extended", NL_END), ("square tried", NL_TARGET),
    ("pushed path's old route", NL_GHOST),
    ("rebuild region", NL_REGION),
    ("second solution differs", NL_DIFF),
]


def numberlink_legend(name: str, values: np.ndarray, info: LayerInfo | None,
                      labels: Sequence[str] | None = None) -> Legend | None:
    """Path colours for the path layers, named by ``labels`` (path ``k`` is
    ``labels[k - 1]``; default its number), with the overlays' colours."""
    if name not in NUMBERLINK_COLORS:
        return None
    v = np.asarray(values)
    present = sorted(int(i) for i in np.unique(v) if int(i) > 0)
    pal = color_paths(np.array(present or [0]))

    def text(k: int) -> str:
        return labels[k - 1] if labels is not None and 0 < k <= len(labels) else str(k)

    most = 60
    entries = [(text(k), tuple(int(c) for c in pal[i])) for i, k in enumerate(present[:most])]
    if len(present) > most:
        entries.append((f"... {len(present) - most} more", NL_EMPTY))
    if name == "attempt":
        entries = []
    title = (info.description if info is not None else name)
    return Legend(title, entries + list(NL_OVERLAY_KEYS))


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
    return _ids_to_colors(values, {-1: PORT_NONE})


def port_scalar_range(values: np.ndarray) -> tuple[float, float]:
    """Range of the values >= 0 of a ports scalar layer (-1: no value)."""
    v = np.asarray(values)
    ok = v[v >= 0]
    if not ok.size:
        return 0.0, 1.0
    lo, hi = float(ok.min()), float(ok.max())
    return lo, max(hi, lo + 1e-9)


def color_port_scalar(values: np.ndarray) -> np.ndarray:
    """Viridis over the values' own range; -1 (no value) dark grey."""
    v = np.asarray(values)
    lo, hi = port_scalar_range(v)
    out = _scalar_to_colors(v, LUTS["viridis"], lo, hi)
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


def ports_legend(name: str, values: np.ndarray, info: LayerInfo | None) -> Legend | None:
    """The legend of a port placement layer, with the overlays' keys and the
    ports' classes (the window trims the keys to what it draws)."""
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


def tgp_legend(name: str, values: np.ndarray, info: LayerInfo | None) -> Legend | None:
    """The legend of a TerraGenesis layer (heights in levels), or None for an
    unknown name."""
    if name == "heightmap":
        return Legend("height in levels (fixed point / 16); level 0 is sea level",
                      [], TERRAIN_LUT, 0, TOP_LEVEL)
    if name == "tile_height":
        return Legend("tile height in levels 0..15", [], TERRAIN_LUT, 0, TOP_LEVEL)
    if name == "noise":
        lo, hi = noise_range(values)
        pending = bool((np.asarray(values) == INVALID_HEIGHT).any())
        return Legend("raw noise height in levels (fixed point / 16), own range"
                      + ("; drawn as blocks of the current mesh" if pending else ""),
                      [("not generated yet", NOT_GENERATED)] if pending else [], LAND_LUT,
                      lo / HEIGHT_UNIT, hi / HEIGHT_UNIT)
    if name == "tile_class":
        return Legend("tile class", list(zip(TGP_CLASS_NAMES, TGP_CLASS_COLORS)))
    if name == "water":
        return Legend("water mask", [("land or shore", MASK_OFF), ("sea", TGP_WATER)])
    if name == "change":
        m = change_range(values)
        return Legend("what this step changed, fixed point (16 = one level): "
                      "blue lowered, red raised", [], DIVERGING_LUT, -m, m)
    return None
