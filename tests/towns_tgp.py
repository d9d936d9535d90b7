"""A TerraGenesis map with the towns of an openttd-firstframe case for the
tests of what a user sees of towns (picture, legend, markers, inspector,
Towns table): a real 15.2 map with the case's ``towns`` stage tile bytes as
the layers ``tile_type``, ``tile_height``, ``m1`` ... ``m8`` (the reference's
encoding) and its towns as ``detail.towns`` (the manifest's dicts).  (A
module of its own, like refdata.)"""

from __future__ import annotations

import dataclasses

import firstframe as ff
import numpy as np

from viewer.engine.protocol import LayerInfo
from viewer.engine.tgp.game.tiles import BYTES

BYTE_LAYERS = {b: ("tile_type" if b == "type" else "tile_height" if b == "height" else b)
               for b in BYTES}


def with_towns(result, case_id: str):
    """``result`` (a 15.2 map of the case's size) carrying the case's towns."""
    grids = ff.grids(case_id, "towns")
    layers = dict(result.layers)
    info = dict(result.layer_info)
    for b, name in BYTE_LAYERS.items():
        if name == "tile_height":
            continue
        layers[name] = np.asarray(grids[b])
        info[name] = LayerInfo(name, f"the game's {b} byte", "scalar", debug=True)
    towns = [dict(t) for t in ff.stage_record(case_id, "towns")["towns"]]
    detail = result.detail
    object.__setattr__(detail, "towns", towns)
    return dataclasses.replace(result, layers=layers, layer_info=info, detail=detail, trace=None)
