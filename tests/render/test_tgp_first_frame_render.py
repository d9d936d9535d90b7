"""A first-frame map's picture: an industry tile in its type's small-map
colour, a legend entry per industry type on the map and per tree kind, an
L or T marker at each lighthouse and transmitter, each kind's toggle
taking it away."""

from __future__ import annotations

import numpy as np

from viewer.engine.protocol import MapState
from viewer.engine.tgp.generator import TGP
from viewer.engine.tgp.openttd15.industries.specs import INDUSTRY_SPECS
from viewer.engine.tgp.openttd15.overview import industry_display_name
from viewer.render.tgp import RENDERER
from viewer.render.tgp_first_frame import OBJECTS_TOGGLE, PALETTE


def _state():
    r = TGP.generate({"openttd": "15.2", "size": (128, 128), "stop_after": "world"}, seed=7)
    return r, MapState(result=r, layers=r.layers, markers=(), meaningful=None, step=None)


def test_industries_objects_and_trees_are_drawn_and_keyed():
    r, st = _state()
    opts = {t.key: t.default for t in RENDERER.toggles}
    kind = r.layers["tile_type"] >> 4
    world = r.detail.world
    by_index = {i.index: i.type for i in world.industries}
    img = RENDERER.draw(st, "tile_class", opts, 1)
    ys, xs = np.nonzero(kind == 8)
    for y, x in list(zip(ys, xs))[:20]:
        t = by_index[int(r.layers["m2"][y, x])]
        assert tuple(int(c) for c in img[y, x][:3]) == PALETTE[INDUSTRY_SPECS[t].map_colour]
    names = [e[0] for e in RENDERER.legend(st, "tile_class", opts).entries]
    for t in {i.type for i in world.industries}:
        assert industry_display_name(t) in names
    assert "temperate trees" in names
    marks = [m for m in RENDERER.markers(st, opts) if m.kind in ("lighthouse", "transmitter")]
    assert len(marks) == len(world.objects) > 0
    assert {m.label for m in marks} <= {"L", "T"}
    off = dict(opts, **{OBJECTS_TOGGLE.key: False, "industries": False})
    assert not [m for m in RENDERER.markers(st, off) if m.kind in ("lighthouse", "transmitter")]
    bare = RENDERER.draw(st, "tile_class", off, 1)
    y, x = int(ys[0]), int(xs[0])
    assert tuple(int(c) for c in bare[y, x][:3]) != tuple(int(c) for c in img[y, x][:3])


def test_wetland_trees_and_planted_trees_are_drawn_and_named_apart():
    from viewer.render.tgp_first_frame import SPARSE, TREES_TOGGLE, WETLAND_TREES

    # (256², many rivers: seed 5 ends some in wetlands with trees)
    r = TGP.generate(TGP.validate({"openttd": "15.2", "size": (256, 256), "rivers": 3,
                                   "stop_after": "trees"}), seed=5)
    st = MapState(result=r, layers=r.layers, markers=(), meaningful=None, step=None)
    kind = r.layers["tile_type"] >> 4
    flat = kind.reshape(-1)
    wetland = [int(t) for t in r.detail.world.wetland_trees if flat[t] == 4]
    assert wetland and (kind == 4).sum() > len(wetland)
    opts = {t.key: t.default for t in RENDERER.toggles}
    names = [e[0] for e in RENDERER.legend(st, "tile_class", opts).entries]
    assert WETLAND_TREES[0] in names and "temperate trees" in names
    assert "trees (wetland)" not in names                  # (each kind has its name)
    assert len(names) == len(set(names))
    img = RENDERER.draw(st, "tile_class", opts, 1)
    for t in wetland[:10]:                  # the wetlands' colour, by the tile's tree count
        y, x = divmod(t, kind.shape[1])
        mix = (((int(r.layers["m5"][y, x]) >> 6) & 3) + 1) / 4
        want = np.asarray(SPARSE) * (1 - mix) + np.asarray(WETLAND_TREES[1]) * mix
        assert np.abs(img[y, x][:3].astype(int) - want.astype(np.uint8)).max() <= 1
    # the trees not painted: one class, not called the wetlands'
    bare = dict(opts, **{TREES_TOGGLE.key: False})
    names = [e[0] for e in RENDERER.legend(st, "tile_class", bare).entries]
    assert "trees (every kind)" in names and "trees (wetland)" not in names
    # before GenerateTrees the wetlands' trees are all the trees: named so
    early = TGP.generate(TGP.validate({"openttd": "15.2", "size": (256, 256), "rivers": 3,
                                       "stop_after": "objects"}), seed=5)
    st = MapState(result=early, layers=early.layers, markers=(), meaningful=None, step=None)
    names = [e[0] for e in RENDERER.legend(st, "tile_class", opts).entries]
    assert WETLAND_TREES[0] in names and "temperate trees" not in names
    names = [e[0] for e in RENDERER.legend(st, "tile_class", bare).entries]
    assert "trees (wetland)" in names
