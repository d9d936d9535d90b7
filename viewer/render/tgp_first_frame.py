"""Industries, lighthouses and transmitters, and trees over a TerraGenesis
map (OpenTTD 15.2 past GenerateIndustries), drawn as the towns are
(:mod:`.tgp_towns`): an industry tile in its type's colour on the game's
small map (``IndustrySpec::map_colour``, the game's palette), trees by kind
and density (more trees on a tile, a darker green), lighthouses and
transmitters as lettered markers (L, T).  Each kind has its toggle; the
legend gets an entry per industry type on the map.  No Qt.

Read from the tile-byte layers (``tile_type``, ``m2``, ``m3``, ``m5``) and
the stage's World (``result.detail.world``: the industries' types, the
objects)."""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter, itemgetter
from typing import Any

import numpy as np

from ..engine.protocol import Marker
from .colormaps import RGBA, Legend
from .hexraster import rasterize_square
from .picture import Toggle

MP_TREES, MP_INDUSTRY, MP_OBJECT = 4, 8, 10
OBJECT_TRANSMITTER, OBJECT_LIGHTHOUSE = 0, 1

PALETTE: dict[int, tuple[int, int, int]] = {
    1: (16, 16, 16), 10: (168, 168, 168), 15: (252, 252, 252), 37: (184, 160, 120),
    39: (244, 220, 176), 48: (236, 156, 164), 55: (116, 88, 28), 86: (104, 148, 28),
    152: (128, 196, 252), 174: (168, 136, 224), 184: (252, 0, 0), 191: (252, 252, 0),
    194: (252, 156, 0), 208: (124, 200, 76),
}
"""The game's DOS palette (``table/palettes.h``) at the indices the original
industries' small-map colours use."""

TREE_KINDS: tuple[tuple[str, int, int, tuple[int, int, int]], ...] = (
    # (name, first tree type, last + 1, full-density colour)
    ("temperate trees", 0x00, 0x0C, (44, 96, 28)),
    ("sub-arctic trees", 0x0C, 0x14, (36, 80, 64)),
    ("rainforest trees", 0x14, 0x1B, (16, 88, 40)),
    ("cactuses", 0x1B, 0x1C, (120, 140, 40)),
    ("sub-tropical trees", 0x1C, 0x20, (72, 112, 24)),
    ("toyland trees", 0x20, 0x29, (168, 60, 140)),
)
"""The tree kinds (``TreeType`` ranges) and their colour with four trees on
a tile; fewer trees mix it with the ground's light green."""
WETLAND_TREES: tuple[str, tuple[int, int, int]] = ("wetland trees (by pools at river ends)",
                                                   (20, 112, 108))
"""The trees GenerateLandscape's wetlands planted (``World.wetland_trees``),
of whatever kind: drawn and named apart from GenerateTrees' trees."""
SPARSE: tuple[int, int, int] = (150, 190, 110)

INDUSTRIES_TOGGLE = Toggle("industries", "&Industries", True, None,
                           "industries in the game's small-map colours, one per type")
TREES_TOGGLE = Toggle("trees", "T&rees", True, None,
                      "trees by kind, darker where a tile holds more of them")
OBJECTS_TOGGLE = Toggle("objects", "&Lighthouses and transmitters", True, None,
                        "lighthouses (L) and transmitters (T)")
TOGGLES = (INDUSTRIES_TOGGLE, TREES_TOGGLE, OBJECTS_TOGGLE)


def _on(options: Mapping[str, Any], toggle: Toggle) -> bool:
    return bool(options.get(toggle.key, toggle.default))


def _world(state) -> Any:
    return getattr(state.result.detail, "world", None)


def has_first_frame(layers: Mapping[str, np.ndarray]) -> bool:
    return all(n in layers for n in ("tile_type", "m2", "m3", "m5"))


def industry_types_by_index(world: Any) -> np.ndarray:
    """Industry type by pool index (255 where none)."""
    inds = [i for i in (world.industries if world is not None else ()) if i is not None]
    index, kind = _field_array(inds, "index"), _field_array(inds, "type")
    out = np.full(int(index.max(initial=-1)) + 2, 255, np.uint8)
    out[index] = kind
    return out


def _field_array(records: list, name: str) -> np.ndarray:
    """Field ``name`` of each record (dicts or objects) as an array, read
    without a Python loop (a 4096² map has 14,080 industries)."""
    get = itemgetter(name) if records and isinstance(records[0], dict) else attrgetter(name)
    return np.fromiter(map(get, records), np.intp, len(records))


def _f(rec: Any, name: str) -> Any:
    return rec[name] if isinstance(rec, dict) else getattr(rec, name)


def industry_colours() -> np.ndarray:
    """RGBA per industry type (its small-map colour)."""
    from ..engine.tgp.openttd15.industries.specs import INDUSTRY_SPECS

    out = np.zeros((256, 4), np.uint8)
    for s in INDUSTRY_SPECS:
        out[s.type] = PALETTE.get(s.map_colour, (212, 0, 212)) + (255,)
    return out


def tile_industry_types(layers: Mapping[str, np.ndarray], world: Any, stride: int = 1
                        ) -> np.ndarray:
    """Each tile's industry type (255: no industry)."""
    kind = np.asarray(layers["tile_type"])[::stride, ::stride] >> 4
    m2 = np.asarray(layers["m2"])[::stride, ::stride].astype(np.intp)
    types = industry_types_by_index(world)
    out = np.full(kind.shape, 255, np.uint8)
    ind = (kind == MP_INDUSTRY) & (m2 < len(types) - 1)
    out[ind] = types[m2[ind]]
    return out


def industry_types_on_map(layers: Mapping[str, np.ndarray], world: Any) -> np.ndarray:
    """The industry types with a tile on the map, ascending (the unique
    values of :func:`tile_industry_types` but 255, from the industry tiles
    only: sorting a 4096² map's every tile held Python's lock)."""
    kind = np.asarray(layers["tile_type"]).reshape(-1) >> 4
    index = np.asarray(layers["m2"]).reshape(-1)[np.flatnonzero(kind == MP_INDUSTRY)]
    types = industry_types_by_index(world)
    present = np.unique(types[index[index < len(types) - 1].astype(np.intp)])
    return present[present != 255]


def wetland_tree_mask(layers: Mapping[str, np.ndarray], world: Any, stride: int = 1
                      ) -> np.ndarray:
    """The tiles whose trees the wetlands planted (still trees now)."""
    kind = np.asarray(layers["tile_type"]) >> 4
    out = np.zeros(kind.shape, bool)
    noted = getattr(world, "wetland_trees", None)
    if noted is not None and len(noted):
        flat = out.reshape(-1)
        flat[np.asarray(noted, np.intp)] = True
        out &= kind == MP_TREES
    return out[::stride, ::stride]


def tree_colours(layers: Mapping[str, np.ndarray], stride: int = 1,
                 wetland: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The tree tiles and their RGBA (kind's colour mixed by count 1..4;
    ``wetland``: the wetlands' trees, in their own colour)."""
    kind = np.asarray(layers["tile_type"])[::stride, ::stride] >> 4
    m3 = np.asarray(layers["m3"])[::stride, ::stride]
    m5 = np.asarray(layers["m5"])[::stride, ::stride]
    trees = kind == MP_TREES
    count = ((m5 >> 6) & 3).astype(np.float32) + 1
    mix = (count / 4.0)[..., None]
    full = np.zeros(kind.shape + (3,), np.float32)
    for _name, lo, hi, rgb in TREE_KINDS:
        full[(m3 >= lo) & (m3 < hi)] = rgb
    if wetland is not None:
        full[wetland] = WETLAND_TREES[1]
    rgb = np.asarray(SPARSE, np.float32) * (1 - mix) + full * mix
    out = np.zeros(kind.shape + (4,), np.uint8)
    out[..., :3] = np.clip(rgb, 0, 255).astype(np.uint8)
    out[..., 3] = 255
    return trees, out


def draw_first_frame(img: np.ndarray, state, options: Mapping[str, Any], scale: int,
                     stride: int = 1) -> np.ndarray:
    """``img`` with the trees and industries of ``state`` painted over it
    (a copy; ``img`` itself when there is nothing to paint)."""
    layers = state.layers
    if not has_first_frame(layers):
        return img
    paint_trees, paint_inds = _on(options, TREES_TOGGLE), _on(options, INDUSTRIES_TOGGLE)
    if not (paint_trees or paint_inds):
        return img
    img = np.array(img, copy=True)
    if paint_trees:
        where, colours = tree_colours(layers, stride,
                                      wetland_tree_mask(layers, _world(state), stride))
        if where.any():
            mask = rasterize_square(np.ascontiguousarray(where), scale)
            img[mask] = rasterize_square(colours, scale)[mask]
    if paint_inds:
        types = tile_industry_types(layers, _world(state), stride)
        where = types != 255
        if where.any():
            mask = rasterize_square(np.ascontiguousarray(where), scale)
            img[mask] = rasterize_square(industry_colours()[types], scale)[mask]
    return img


def object_markers(state, options: Mapping[str, Any]) -> list[Marker]:
    """An L at each lighthouse, a T at each transmitter (on the map shown)."""
    layers = state.layers
    world = _world(state)
    if not _on(options, OBJECTS_TOGGLE) or world is None or not has_first_frame(layers):
        return []
    kind = np.asarray(layers["tile_type"]) >> 4
    size_x = kind.shape[1]
    flat = kind.reshape(-1)
    out = []
    for o in world.objects or ():
        if o is None:
            continue
        t = int(_f(o, "tile"))
        if t >= flat.size or flat[t] != MP_OBJECT:
            continue
        if int(_f(o, "type")) == OBJECT_LIGHTHOUSE:
            out.append(Marker("lighthouse", "L", t % size_x, t // size_x))
        elif int(_f(o, "type")) == OBJECT_TRANSMITTER:
            out.append(Marker("transmitter", "T", t % size_x, t // size_x))
    return out


TREE_CLASS_NAME = "trees (wetland)"
"""The tile classes' name of tree tiles (:data:`.tgp.TGP_CLASS_NAMES`), right
while the wetlands' trees are the only ones."""


def with_first_frame_entries(legend: Legend | None, state, options: Mapping[str, Any]
                             ) -> Legend | None:
    """``legend`` with a swatch per industry type on the map, per tree kind
    of GenerateTrees' trees and for the wetlands' trees, these painted over
    the tile classes' "trees (wetland)" (which goes; with the trees not
    painted, it says "trees (every kind)" once GenerateTrees planted)."""
    layers = state.layers
    if legend is None or not has_first_frame(layers):
        return legend
    entries: list[tuple[str, RGBA]] = []
    if _on(options, INDUSTRIES_TOGGLE):
        from ..engine.tgp.openttd15.overview import industry_display_name

        present = industry_types_on_map(layers, _world(state))
        colours = industry_colours()
        for t in present:
            if t != 255:
                entries.append((industry_display_name(int(t)),
                                tuple(int(c) for c in colours[t])))
    rows = list(legend.entries)
    kind = np.asarray(layers["tile_type"]) >> 4
    trees = kind == MP_TREES
    wetland = wetland_tree_mask(layers, _world(state))
    if _on(options, TREES_TOGGLE):
        m3 = np.asarray(layers["m3"])[trees & ~wetland]
        for name, lo, hi, rgb in TREE_KINDS:
            if ((m3 >= lo) & (m3 < hi)).any():
                entries.append((name, rgb + (255,)))
        if wetland.any():
            entries.append((WETLAND_TREES[0], WETLAND_TREES[1] + (255,)))
        rows = [r for r in rows if r[0] != TREE_CLASS_NAME]      # (painted over, by kind)
    elif (trees & ~wetland).any():
        rows = [("trees (every kind)" if r[0] == TREE_CLASS_NAME else r[0], r[1]) for r in rows]
    if not entries and rows == list(legend.entries):
        return legend
    return Legend(legend.title, rows + entries, legend.lut, legend.vmin, legend.vmax,
                  legend.own)
