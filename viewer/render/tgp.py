"""How an OpenTTD TerraGenesis map looks: one terrain map for every height
layer (so a level has one colour on the heightmap, the tile heights and any
step), the raw noise on the land colours over its own range (drawn as blocks
of the current mesh during the noise rounds), the change a step made on a
diverging map, tile classes by name; hill shading and contour lines on
demand.  Large maps are shown decimated on screen.  OpenTTD 15.2 maps may
rise above level 16: their terrain map is stretched to their highest level,
and their rocks are drawn grey on the tile classes and as a layer of their
own.  A finished 15.2 map (climate, rivers and tile loops done) shows on its
tile classes river and lake water apart from the sea, wetland trees, desert
ground, snow by its density and the rainforest zone, each in the legend, and
has the layers ``tropic``, ``ground``, ``density``, ``snow`` and
``river_id`` (the first four draw water as water, not as the land value
the game gives it).  No Qt."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

import numpy as np

from ..engine.protocol import LayerInfo, MapState
from ..engine.tgp.units import HEIGHT_UNIT, INVALID_HEIGHT, TILE_CLASS_NAMES
from . import tgp_first_frame, tgp_towns
from .colormaps import (
    BACKGROUND,
    DIVERGING_LUT,
    MASK_OFF,
    RGBA,
    SEA,
    UNREACHED,
    Legend,
    colorize,
    generic_legend,
    id_entries,
    ids_to_colors,
    lut_from_stops,
    lut_take,
    own_range,
    scalar_to_colors,
)
from .hexraster import rasterize_square
from .picture import Renderer, Toggle
from .relief import square_picture

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
TGP_ROCKS: RGBA = (128, 124, 118, 255)
# a finished OpenTTD 15.2 map (after the climate, the rivers and the tile loops)
TGP_RIVER: RGBA = (86, 178, 226, 255)      # river and lake water (class River): not the sea
TGP_TREES: RGBA = (26, 84, 40, 255)        # wetland trees
TGP_DESERT: RGBA = (214, 162, 78, 255)     # desert ground / the desert zone
TGP_RAINFOREST: RGBA = (44, 122, 58, 255)  # the rainforest zone (clear tiles there)
TGP_SNOW: tuple[RGBA, ...] = ((178, 190, 202, 255), (204, 214, 224, 255),
                              (228, 234, 240, 255), (252, 252, 255, 255))
"""Snow of density 0, 1, 2, 3 (the ``snow`` layer's 1..4)."""
TGP_WETLAND: RGBA = (112, 132, 72, 255)  # rough ground: the game's wetlands at river ends
TGP_SNOW_LINE: RGBA = (196, 214, 236, 255)
"""Clear land at or above the snow line an arctic map's climate step found,
before the tile loop lays the snow."""
TGP_CLASS_COLORS: tuple[RGBA, ...] = (TGP_CLEAR, TGP_WATER, TGP_SHORE, TGP_VOID, TGP_RIVER,
                                      TGP_TREES)
TGP_CLASS_NAMES = tuple("water (sea)" if n == "water" else n for n in TILE_CLASS_NAMES) + (
    "river or lake water", tgp_first_frame.TREE_CLASS_NAME)
"""Tile classes 0..5: clear, sea, shore, void, river (lakes too), trees."""
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


@lru_cache(maxsize=8)
def terrain_lut(top: int = TOP_LEVEL) -> np.ndarray:
    """The terrain map over levels 0..``top`` (``TERRAIN_LUT`` for 16 and less)."""
    if top <= TOP_LEVEL:
        return TERRAIN_LUT
    sea = lut_from_stops([(0.0, (38, 92, 156)), (1.0, (92, 150, 200))], HEIGHT_UNIT)
    return np.concatenate([sea, lut_from_stops(_LAND_STOPS, HEIGHT_UNIT * (top - 1))])


def top_level(info: LayerInfo | None) -> int:
    """The top of the terrain map for a map whose heightmap layer is ``info``:
    16 levels, or the map's highest level where it is higher (OpenTTD 15.2)."""
    vmax = None if info is None else info.vmax
    top = TOP_LEVEL if vmax is None else max(TOP_LEVEL, -(-int(vmax) // HEIGHT_UNIT))
    return max(TOP_LEVEL, int(own_range(0, top)[1]))       # (A on B's top when comparing)


def color_fixed_height(heights: np.ndarray, top: int = TOP_LEVEL) -> np.ndarray:
    """Terrain colours of fixed-point heights (16 = one level)."""
    lut = terrain_lut(top)
    h = np.clip(np.asarray(heights), 0, len(lut) - 1)
    return lut_take(lut, h)


@lru_cache(maxsize=8)
def level_lut(top: int = TOP_LEVEL) -> np.ndarray:
    """The colour bar of whole levels 0..``top - 1``: from the colour of
    level 0 to that of level ``top - 1`` (each level drawn in the middle of
    its band, as :func:`color_tile_height` draws it), so that a bar titled
    0..30 ends at 30 in level 30's colour."""
    lut = terrain_lut(top)
    at = np.linspace(HEIGHT_UNIT // 2, (top - 1) * HEIGHT_UNIT + HEIGHT_UNIT // 2, 256)
    out = lut[np.round(at).astype(np.intp)]
    out.flags.writeable = False
    return out


def color_tile_height(levels: np.ndarray, top: int = TOP_LEVEL) -> np.ndarray:
    """Terrain colours of whole height levels (the middle of each band)."""
    lv = np.minimum(np.asarray(levels).astype(np.int16), top - 1)
    np.maximum(lv, 0, out=lv)
    return lut_take(terrain_lut(top), lv * HEIGHT_UNIT + HEIGHT_UNIT // 2)




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
    grid = v[::step, ::step]                    # (in pieces: np.repeat holds Python's lock)
    return rasterize_square(np.ascontiguousarray(grid), step)[:v.shape[0], :v.shape[1]]


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
    lo, hi = own_range(float(ok.min()), float(ok.max()))
    return lo, max(hi, lo + 1.0)


def color_noise(noise: np.ndarray) -> np.ndarray:
    """The raw noise on the land colours over its own range; corners not
    generated yet in the background colour."""
    v = np.asarray(noise)
    lo, hi = noise_range(v)
    out = scalar_to_colors(v, LAND_LUT, lo, hi)
    out[v == INVALID_HEIGHT] = NOT_GENERATED
    return out


def change_range(change: np.ndarray) -> float:
    """Half-width of the symmetric range of a ``change`` layer (at least 1)."""
    v = np.asarray(change)
    if not v.size:
        return 1.0
    lo, hi = own_range(float(v.min()), float(v.max()))
    return float(max(1, abs(int(lo)), abs(int(hi))))


def color_change(change: np.ndarray) -> np.ndarray:
    """A diverging map centred on 0: lowered blue, unchanged grey, raised red."""
    m = change_range(change)
    return scalar_to_colors(change, DIVERGING_LUT, -m, m)


def color_tile_class(tc: np.ndarray) -> np.ndarray:
    """Sea blue, shore sand, clear green, void black, river and lake water
    light blue, wetland trees dark green (any other value magenta)."""
    return lut_take(_CLASS_PAL, np.asarray(tc).astype(np.uint8, copy=False))


def ground_cover_index(layers: Mapping[str, np.ndarray]) -> np.ndarray:
    """Each tile's entry of :data:`_COVER_PAL`: its tile class, or on clear
    land what covers it (the rainforest zone, rocks, a wetland's rough
    ground, desert ground, snow by its density, later ones winning), as
    uint8."""
    tc = np.asarray(layers["tile_class"])
    idx = tc.astype(np.uint8, copy=True)
    np.putmask(idx, tc >= _COVER_RAINFOREST, 255)   # no such class: magenta, as any unknown
    clear = tc == 0
    if "tropic" in layers:
        np.putmask(idx, clear & (np.asarray(layers["tropic"]) == 2), _COVER_RAINFOREST)
    if "rocks" in layers:
        np.putmask(idx, clear & (np.asarray(layers["rocks"]) != 0), _COVER_ROCKS)
    if "ground" in layers:
        g = np.asarray(layers["ground"])
        np.putmask(idx, clear & ((g & 0x7F) == ROUGH_GROUND), _COVER_WETLAND)
        np.putmask(idx, clear & ((g & 0x7F) == DESERT_GROUND), _COVER_DESERT)
    if "snow" in layers:
        snow = np.asarray(layers["snow"]).astype(np.uint8, copy=False)
        np.putmask(idx, clear & (snow != 0), snow + np.uint8(_COVER_SNOW - 1))
    return idx


# ground as the tgp-rivers reference writes it: clear tiles 0 grass, 1 rough,
# 2 rocks, 3 fields, 5 desert, + 0x80 with snow; tree tiles 0x40 + tree ground
# (0 grass, 1 rough, 2 snow or desert, 3 shore, 4 rough with snow); 0xFF others
GROUND_NAMES: dict[int, str] = {
    0: "grass", 1: "rough", 2: "rocks", 3: "fields", 5: "desert",
    0x80: "grass, snow", 0x81: "rough, snow", 0x82: "rocks, snow", 0x83: "fields, snow",
    0x85: "desert, snow",
    0x40: "trees on grass", 0x41: "trees on rough", 0x42: "trees on snow or desert",
    0x43: "trees on shore", 0x44: "trees on rough with snow",
    0xFF: "not clear land or trees"}
GROUND_COLORS: dict[int, RGBA] = {
    0: TGP_CLEAR, 1: (132, 140, 82, 255), 2: TGP_ROCKS, 3: (176, 160, 70, 255),
    5: TGP_DESERT, 0x80: TGP_SNOW[2], 0x81: TGP_SNOW[1], 0x82: TGP_SNOW[0],
    0x83: TGP_SNOW[1], 0x85: TGP_SNOW[1],
    0x40: TGP_TREES, 0x41: (70, 92, 44, 255), 0x42: (150, 160, 150, 255),
    0x43: (96, 120, 72, 255), 0x44: (120, 132, 120, 255), 0xFF: MASK_OFF}
DENSITY_COLORS: tuple[RGBA, ...] = ((170, 196, 120, 255), (120, 168, 84, 255),
                                    (76, 134, 60, 255), (40, 96, 44, 255))
"""Ground density 0..3 of clear land and trees, light to dark green."""
TROPIC_NAMES = ("normal", "desert", "rainforest")
TROPIC_COLORS: tuple[RGBA, ...] = (MASK_OFF, TGP_DESERT, TGP_RAINFOREST)
DESERT_GROUND = 5
ROUGH_GROUND = 1
"""Rough clear ground: what the game's wetlands make around their pools."""


def _palette(colours: Mapping[int, RGBA] | tuple[RGBA, ...]) -> np.ndarray:
    pal = np.empty((256, 4), np.uint8)
    pal[...] = UNREACHED
    items = colours.items() if isinstance(colours, Mapping) else enumerate(colours)
    for k, c in items:
        pal[k] = c
    return pal


_CLASS_PAL = _palette(TGP_CLASS_COLORS)
_GROUND_PAL = _palette(GROUND_COLORS)
_TROPIC_PAL = _palette(TROPIC_COLORS)
_SNOW_PAL = _palette((MASK_OFF,) + TGP_SNOW)
_DENSITY_PAL = _palette(DENSITY_COLORS)
_RIVER_CLASS = 4
_WATER_CLASSES = {1: TGP_WATER, _RIVER_CLASS: TGP_RIVER}
"""The tile classes that are water: sea, and river or lake water."""
_WATER_APART = ("tropic", "snow", "density", "ground")
"""Layers with a value for every tile that would draw water as land (tropic
zone "normal", no snow, density 0): their water is drawn as water."""
# the tile classes' picture: classes 0..5, then what covers clear land
_COVER_RAINFOREST, _COVER_ROCKS, _COVER_DESERT, _COVER_SNOW, _COVER_WETLAND = 6, 7, 8, 9, 13
_COVER_PAL = _palette(TGP_CLASS_COLORS + (TGP_RAINFOREST, TGP_ROCKS, TGP_DESERT) + TGP_SNOW
                      + (TGP_WETLAND,))


def color_ground(ground: np.ndarray) -> np.ndarray:
    """Each ground code in its colour (see :data:`GROUND_NAMES`)."""
    return lut_take(_GROUND_PAL, np.asarray(ground).astype(np.uint8, copy=False))


def color_tropic(tropic: np.ndarray) -> np.ndarray:
    """Normal zone dark, desert sand, rainforest green."""
    return lut_take(_TROPIC_PAL, np.asarray(tropic).astype(np.uint8, copy=False))


def color_snow(snow: np.ndarray) -> np.ndarray:
    """No snow dark; snow of density 0..3 from grey-blue to white."""
    return lut_take(_SNOW_PAL, np.asarray(snow).astype(np.uint8, copy=False))


def color_density(density: np.ndarray) -> np.ndarray:
    """Ground density 0..3, light to dark green (any other value magenta)."""
    return lut_take(_DENSITY_PAL, np.asarray(density).astype(np.uint8, copy=False))


def paint_water(out: np.ndarray, layers: Mapping[str, np.ndarray]) -> np.ndarray:
    """Sea and river or lake water drawn in their tile classes' colours
    over ``out`` (the colours of a layer that gives water a land value)."""
    if "tile_class" not in layers:
        return out
    tc = np.asarray(layers["tile_class"])
    for k, colour in _WATER_CLASSES.items():
        mask = tc == k
        if mask.any():
            out[mask] = colour
    return out


def water_mask(layers: Mapping[str, np.ndarray]) -> np.ndarray:
    """Where the map is sea, river or lake water."""
    return np.isin(np.asarray(layers["tile_class"]), tuple(_WATER_CLASSES))


def paint_rivers(out: np.ndarray, layers: Mapping[str, np.ndarray]) -> np.ndarray:
    """River and lake water (tile class 4, OpenTTD 15.2) drawn over ``out``,
    the colours of a height layer, where the map has them."""
    if "river_id" not in layers or "tile_class" not in layers:
        return out
    river = np.asarray(layers["tile_class"]) == _RIVER_CLASS
    if river.any():
        out[river] = TGP_RIVER
    return out


def river_entries(layers: Mapping[str, np.ndarray] | None) -> list[tuple[str, RGBA]]:
    """The legend row of the river water :func:`paint_rivers` draws."""
    if layers is None or "river_id" not in layers or "tile_class" not in layers:
        return []
    if not (np.asarray(layers["tile_class"]) == _RIVER_CLASS).any():
        return []
    return [(TGP_CLASS_NAMES[_RIVER_CLASS], TGP_RIVER)]


def water_entries(layers: Mapping[str, np.ndarray] | None) -> list[tuple[str, RGBA]]:
    """The legend rows of the water :func:`paint_water` draws on this map."""
    if layers is None or "tile_class" not in layers:
        return []
    present = _present(np.asarray(layers["tile_class"]))
    return [(TGP_CLASS_NAMES[k], c) for k, c in _WATER_CLASSES.items() if k in present]


def color_river_id(ids: np.ndarray) -> np.ndarray:
    """Each river in its own colour, no river dark."""
    return ids_to_colors(np.asarray(ids), {0: MASK_OFF})


def _mask_colors(mask: np.ndarray, colour: RGBA) -> np.ndarray:
    m = np.asarray(mask).astype(bool)
    out = np.empty(m.shape + (4,), np.uint8)
    out[...] = MASK_OFF
    out[m] = colour
    return out


def color_rocks(rocks: np.ndarray) -> np.ndarray:
    return _mask_colors(rocks, TGP_ROCKS)


def color_water(water: np.ndarray) -> np.ndarray:
    return _mask_colors(water, TGP_WATER)


TGP_COLORS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "noise": color_noise,
    "heightmap": color_fixed_height,
    "tile_height": color_tile_height,
    "tile_class": color_tile_class,
    "water": color_water,
    "rocks": color_rocks,
    "change": color_change,
    "ground": color_ground,
    "tropic": color_tropic,
    "snow": color_snow,
    "density": color_density,
    "river_id": color_river_id,
}


PRESENT_CHUNK = 1 << 20
"""Cells a layer's values are looked for in at a time (:func:`_present`)."""


def _present(values: np.ndarray) -> set[int]:
    """The values a layer holds, looked for a million cells at a time: the
    picture's thread does this at every step of a 4096² timeline, and
    ``np.unique`` of the whole layer sorted 16 M cells, most of 100 ms,
    with Python's lock held part of it while the GUI thread waited for it."""
    flat = np.asarray(values).ravel()
    if flat.dtype.kind in "ui" and flat.dtype.itemsize == 1:     # (a layer's classes)
        codes = flat.view(np.uint8)
        seen = np.zeros(256, bool)
        for i in range(0, codes.size, PRESENT_CHUNK):
            seen |= np.bincount(codes[i:i + PRESENT_CHUNK], minlength=256) > 0
        found = np.flatnonzero(seen)
        return set((found.astype(np.uint8).view(flat.dtype)).tolist())
    out: set[int] = set()
    for i in range(0, flat.size, PRESENT_CHUNK):
        out.update(int(v) for v in np.unique(flat[i:i + PRESENT_CHUNK]))
    return out


def tile_class_entries(layers: Mapping[str, np.ndarray],
                       snow_line: int | None = None) -> list[tuple[str, RGBA]]:
    """The tile classes' legend: the four of the water pass always, and
    what else this map has (rocks, desert, snow by density, the rainforest
    zone, river and lake water, wetland trees; the snow line found)."""
    tc = np.asarray(layers["tile_class"])
    classes = _present(tc)
    clear = tc == 0
    rows = [(TGP_CLASS_NAMES[0], TGP_CLEAR)]
    if snow_line is not None:
        rows.append((f"clear, at or above the snow line (height {snow_line}; snow comes "
                     "with the tile loop)", TGP_SNOW_LINE))
    if "tropic" in layers and (clear & (np.asarray(layers["tropic"]) == 2)).any():
        rows.append(("clear, rainforest zone", TGP_RAINFOREST))
    if "rocks" in layers:
        rows.append(("clear, rocks", TGP_ROCKS))
    if "ground" in layers and (clear & ((np.asarray(layers["ground"]) & 0x7F)
                                        == DESERT_GROUND)).any():
        rows.append(("clear, desert", TGP_DESERT))
    if "ground" in layers and (clear & ((np.asarray(layers["ground"]) & 0x7F)
                                        == ROUGH_GROUND)).any():
        # (past GenerateLandscape GenerateClearTile's rough patches too)
        rows.append(("clear, rough land (wetlands' and others)" if "tile_type" in layers
                     else "wetland (rough ground by pools and trees)", TGP_WETLAND))
    if "snow" in layers:
        for level in sorted(_present(np.asarray(layers["snow"])[clear]) - {0}):
            rows.append((f"snow, density {level - 1}", TGP_SNOW[level - 1]))
    rows += [(TGP_CLASS_NAMES[k], TGP_CLASS_COLORS[k]) for k in (1, 2)]
    rows += [(TGP_CLASS_NAMES[k], TGP_CLASS_COLORS[k]) for k in (4, 5) if k in classes]
    rows.append((TGP_CLASS_NAMES[3], TGP_VOID))
    return rows


def finished_legend(name: str, values: np.ndarray,
                    layers: Mapping[str, np.ndarray] | None = None) -> Legend | None:
    """The legends of a finished 15.2 map's own layers (None for others);
    ``layers``: the map's, whose water those layers draw as water."""
    if name not in ("tropic", "snow", "density", "ground", "river_id"):
        return None
    water = water_entries(layers) if name != "river_id" else []
    if name == "tropic":
        return Legend("tropic zone", list(zip(TROPIC_NAMES, TROPIC_COLORS)) + water)
    if name == "snow":
        return Legend("snow by density (clear land and trees on snow)", [("no snow", MASK_OFF)] + [
            (f"snow, density {k}", TGP_SNOW[k]) for k in range(4)] + water)
    if name == "density":
        return Legend("ground density of clear land and trees",
                      [(f"density {k}", DENSITY_COLORS[k]) for k in range(4)] + water)
    if name == "ground":
        shown = np.asarray(values)[~water_mask(layers)] if water else values
        rows = [(GROUND_NAMES.get(k, f"{k:#x}"), GROUND_COLORS.get(k, UNREACHED))
                for k in sorted(_present(shown))]
        return Legend("ground (clear land and trees)", rows + water)
    if name == "river_id":
        return Legend("river (the order CreateRivers made them)", [("no river", MASK_OFF)]
                      + id_entries(values, exclude=(0,), names=lambda i: f"river {i}"))
    return None


def tgp_legend(name: str, values: np.ndarray, info: LayerInfo | None,
               top: int = TOP_LEVEL, rocks: bool = False,
               layers: Mapping[str, np.ndarray] | None = None,
               snow_line: int | None = None) -> Legend | None:
    """The legend of a TerraGenesis layer (heights in levels), or None for an
    unknown name.  ``top``: the terrain map's top level; ``rocks``: the map
    has rocks (OpenTTD 15.2); ``layers``: the map's layers (the tile classes'
    legend lists what covers its land)."""
    finished = finished_legend(name, values, layers)
    if finished is not None:
        return finished
    if name == "tile_class" and layers is not None:
        return Legend("tile class", tile_class_entries(layers, snow_line))
    if name == "heightmap":
        return Legend("height in levels (fixed point / 16); level 0 is sea level",
                      river_entries(layers), terrain_lut(top), 0, top)
    if name == "tile_height":
        return Legend(f"tile height in levels 0..{top - 1}", river_entries(layers),
                      level_lut(top), 0, top - 1)
    if name == "rocks":
        return Legend("rocks (FixSlopes)", [("no rocks", MASK_OFF), ("rocks", TGP_ROCKS)])
    if name == "noise":
        lo, hi = noise_range(values)
        pending = bool((np.asarray(values) == INVALID_HEIGHT).any())
        return Legend("raw noise height in levels (fixed point / 16), own range"
                      + ("; drawn as blocks of the current mesh" if pending else ""),
                      [("not generated yet", NOT_GENERATED)] if pending else [], LAND_LUT,
                      lo / HEIGHT_UNIT, hi / HEIGHT_UNIT)
    if name == "tile_class":
        entries = list(zip(TGP_CLASS_NAMES, TGP_CLASS_COLORS))
        if rocks:
            entries.insert(1, ("clear, rocks", TGP_ROCKS))
        return Legend("tile class", entries)
    if name == "water":
        return Legend("water mask", [("land or shore", MASK_OFF), ("sea", TGP_WATER)])
    if name == "change":
        m = change_range(values)
        return Legend("what this step changed, fixed point (16 = one level): "
                      "blue lowered, red raised", [], DIVERGING_LUT, -m, m)
    return None



def snow_line_mask(layers: Mapping[str, np.ndarray], snow_line: int | None) -> np.ndarray | None:
    """The clear tiles at or above ``snow_line`` (None: none to show)."""
    if snow_line is None or "tile_height" not in layers or "tile_class" not in layers:
        return None
    return (np.asarray(layers["tile_class"]) == 0) & \
        (np.asarray(layers["tile_height"]) >= snow_line)


def tgp_colours(layers: Mapping[str, np.ndarray], name: str,
                top: int = TOP_LEVEL, snow_line: int | None = None) -> np.ndarray:
    """The colours of layer ``name``; on the tile classes, what covers clear
    land (see :func:`ground_cover_index`) and, with ``snow_line``, the clear
    land at or above it."""
    fn = TGP_COLORS.get(name)
    if fn is None:
        return colorize(layers[name], None, name)
    if name in ("heightmap", "tile_height"):
        return paint_rivers(fn(np.asarray(layers[name]), top), layers)
    if name == "tile_class":
        out = lut_take(_COVER_PAL, ground_cover_index(layers))
        above = snow_line_mask(layers, snow_line)
        if above is not None:
            out[above] = TGP_SNOW_LINE
        return out
    if name in _WATER_APART:
        return paint_water(fn(np.asarray(layers[name])), layers)
    return fn(np.asarray(layers[name]))


# layers whose relief is that of another layer (the classes on the heightmap)
_RELIEF_FROM = {"tile_class": "heightmap", "water": "heightmap", "tropic": "heightmap",
               "snow": "heightmap", "ground": "heightmap", "river_id": "heightmap",
               "density": "heightmap"}
_FIXED_POINT = ("heightmap", "noise")
_LEVELS = ("tile_height",)


def relief_levels(layers: Mapping[str, np.ndarray], name: str,
                  meaningful: frozenset[str] | None = None
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None] | None:
    """``(heights in levels as float32, whole levels as int16, valid mask or
    None when all are)`` that layer ``name`` of a TerraGenesis map is drawn in
    relief with, or None when it has none (the renderer's
    :data:`~viewer.render.relief.Relief`)."""
    src = _RELIEF_FROM.get(name, name)
    if src not in layers or (meaningful is not None and src not in meaningful):
        return None
    arr = np.asarray(layers[src])
    if src in _FIXED_POINT:
        lv = arr.astype(np.float32)
        lv *= np.float32(1.0 / HEIGHT_UNIT)
        whole = np.floor_divide(arr, HEIGHT_UNIT).astype(np.int16, copy=False)
        invalid = arr == INVALID_HEIGHT
        if invalid.any():
            lv[invalid] = np.nan
            return lv, whole, ~invalid
        return lv, whole, None
    if src in _LEVELS:
        return arr.astype(np.float32), arr.astype(np.int16), None
    return None


def _top(state: MapState) -> int:
    return top_level(state.result.layer_info.get("heightmap"))


def shown_snow_line(state: MapState) -> int | None:
    """The snow line an arctic map's climate step found, while the state
    shown has it but no snow yet (the steps before the tile loop): then
    the tile classes show the land at or above it."""
    line = getattr(state.result.detail, "snow_line_height", None)
    layers = state.layers
    if line is None or "snow" not in layers:
        return None
    if state.meaningful is not None and "snow" not in state.meaningful:
        return None             # (the water pass: no climate yet)
    return None if np.asarray(layers["snow"]).any() else int(line)


class TGPRenderer(Renderer):
    toggles = (Toggle("hill_shading", "&Hill shading", True, "Ctrl+H",
                      "light the heights from the north-west"),
               Toggle("contours", "&Contour lines", False, "Ctrl+K",
                      "a line at every whole height level (every fifth darker)"),
               tgp_towns.TOWNS_TOGGLE) + tgp_first_frame.TOGGLES
    default_layer = "heightmap"
    finished_layer = "tile_class"
    """What a finished OpenTTD 15.2 map shows first: its tile classes with
    rivers, lakes, snow, desert and rocks (not the normalised heightmap)."""

    def drawn_layer(self, state: MapState, layer: str) -> str:
        if layer not in state.layers and "river_id" in state.layers \
                and self.finished_layer in state.layers:
            return self.finished_layer
        return super().drawn_layer(state, layer)

    def cells(self, state: MapState, layer: str, options: Mapping[str, Any]) -> np.ndarray:
        return tgp_colours(tgp_display_layers(state.layers), layer, _top(state),
                           shown_snow_line(state))

    def draw(self, state: MapState, layer: str, options: Mapping[str, Any],
             scale: int, stride: int = 1) -> np.ndarray:
        layers = tgp_display_layers(state.layers)
        if stride > 1:
            layers = {n: a[::stride, ::stride] for n, a in layers.items()}
        top, line = _top(state), shown_snow_line(state)
        img = square_picture(layers, state.result.layer_info.get(layer), layer, scale,
                             lambda ls, name: tgp_colours(ls, name, top, line),
                             hill_shading=bool(options.get("hill_shading")),
                             contours=bool(options.get("contours")),
                             meaningful=state.meaningful, cell=stride,
                             relief=relief_levels)
        img = tgp_first_frame.draw_first_frame(img, state, options, scale, stride)
        return tgp_towns.draw_towns(img, state, options, scale, stride)

    def markers(self, state: MapState, options: Mapping[str, Any]) -> list:
        return (list(state.markers) + tgp_towns.state_town_markers(state, options)
                + tgp_first_frame.object_markers(state, options))

    def legend(self, state: MapState, layer: str, options: Mapping[str, Any]) -> Legend | None:
        values = np.asarray(state.layers[layer])
        info = state.result.layer_info.get(layer)
        key = tgp_legend(layer, values, info, _top(state), "rocks" in state.layers,
                         state.layers, shown_snow_line(state)) or \
            generic_legend(layer, values, info)
        key = tgp_first_frame.with_first_frame_entries(key, state, options)
        return tgp_towns.with_town_entries(key, state, options)


RENDERER = TGPRenderer()
