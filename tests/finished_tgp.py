"""A finished OpenTTD 15.2 TerraGenesis map for the tests of what a user
sees of it (window, legend, inspector, ports, metrics), made from a real 15.2
map by adding known rivers, a lake, wetland trees, zones and snow, in the
layers' documented encodings (see viewer.engine.tgp.generator):
``tile_class`` 0 clear, 1 sea, 2 shore, 3 void, 4 river, 5 trees;
``tropic`` 0 normal, 1 desert, 2 rainforest; ``ground`` and ``density`` as
the tgp-rivers reference; ``snow`` 0 none, else snow density + 1;
``river_id`` int32.  (A module of its own, like refdata.)"""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import numpy as np

from viewer.engine.protocol import LayerInfo

RIVER_TILES = ((10, 5), (11, 5), (12, 5), (13, 5), (14, 5), (14, 6), (14, 7))
LAKE_TILES = tuple((x, y) for x in range(20, 24) for y in range(20, 23))
WETLAND_TILES = ((24, 20), (24, 21))
DESERT_TILES = tuple((x, y) for x in range(40, 48) for y in range(30, 34))
RAINFOREST_TILES = tuple((x, y) for x in range(50, 54) for y in range(30, 34))
SNOW_TILES = {(30, 40): 0, (31, 40): 1, (32, 40): 2, (33, 40): 3}   # tile: snow density


def finished(result):
    """``result`` (a 15.2 map of at least 64x48) with the known features."""
    layers = dict(result.layers)
    tc = np.asarray(layers["tile_class"]).copy()
    sy, sx = tc.shape
    tropic = np.zeros((sy, sx), np.uint8)
    ground = np.full((sy, sx), 0xFF, np.uint8)
    density = np.zeros((sy, sx), np.uint8)
    snow = np.zeros((sy, sx), np.uint8)
    rid = np.zeros((sy, sx), np.int32)
    rocks = np.asarray(layers["rocks"]).copy()
    clear = tc == 0
    ground[clear] = np.where(rocks[clear] != 0, 2, 0)
    density[clear] = 3
    for x, y in RIVER_TILES:
        tc[y, x], rid[y, x] = 4, 1
    for x, y in LAKE_TILES:
        tc[y, x], rid[y, x] = 4, 2
    for x, y in WETLAND_TILES:
        tc[y, x], rid[y, x] = 5, 2
        ground[y, x], density[y, x] = 0x40 | 0, 2
    for (x, y), d in SNOW_TILES.items():
        tc[y, x] = 0
        ground[y, x], density[y, x], snow[y, x] = 0x80 | 0, d, d + 1
    for x, y in DESERT_TILES:
        tropic[y, x] = 1
        if tc[y, x] == 0:
            ground[y, x], density[y, x] = 5, 3
    for x, y in RAINFOREST_TILES:
        tropic[y, x] = 2
    water = (tc != 0) & (tc != 5)
    ground[water] = 0xFF
    density[water] = 0
    rocks[tc != 0] = 0
    rocks[ground == 0x80] = 0
    layers.update(tile_class=tc, tropic=tropic, ground=ground, density=density, snow=snow,
                  river_id=rid, rocks=rocks)
    info = dict(result.layer_info)
    info.update(
        tropic=LayerInfo("tropic", "tropic zone: 0 normal, 1 desert, 2 rainforest",
                         "categorical"),
        ground=LayerInfo("ground", "ground (reference encoding)", "categorical"),
        density=LayerInfo("density", "ground density 0..3", "scalar", 0, 3),
        snow=LayerInfo("snow", "snow: 0 none, else density + 1", "scalar", 0, 4),
        river_id=LayerInfo("river_id", "river id, 0 none", "categorical"))
    attempts = (SimpleNamespace(index=0, made=True, river=1, end="sea"),
                SimpleNamespace(index=1, made=True, river=2, end="lake"),
                SimpleNamespace(index=2, made=False, river=0, end=""))
    extra = {"river_attempts": attempts, "rivers_made": 2}
    fields = {f.name for f in dataclasses.fields(result.detail)}
    known = {k: v for k, v in extra.items() if k in fields}
    detail = dataclasses.replace(result.detail, **known)
    for k, v in extra.items():   # a detail from before the rivers: set them anyway
        if k not in fields:
            object.__setattr__(detail, k, v)
    # (no trace: its steps are those of the map it was made from)
    params = {**result.params, "stop_after": "rivers"}    # (a finished map's)
    return dataclasses.replace(result, layers=layers, layer_info=info, detail=detail, trace=None,
                               params=params)
