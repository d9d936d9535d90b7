"""TerraGenesis metrics of a finished OpenTTD 15.2 map: river tiles, rivers
made, lakes, desert and rainforest shares and snow tiles count what the
layers and the rivers' record hold; an r13671 map has none of them (NaN)."""

from __future__ import annotations

import math

import numpy as np
from finished_tgp import (
    DESERT_TILES,
    LAKE_TILES,
    RAINFOREST_TILES,
    RIVER_TILES,
    SNOW_TILES,
    finished,
)

from viewer.engine.tgp.generator import TGP
from viewer.engine.tgp.metrics import FINISHED_15_2, METRICS, NAMES


def test_a_real_finished_map_counts_its_rivers_zones_and_snow():
    for land in ("temperate", "arctic", "tropic"):
        r = TGP.generate({"openttd": "15.2", "size": (128, 128), "landscape": land}, seed=5)
        m = METRICS(r)
        tc = r.layers["tile_class"]
        assert m["river_tiles"] == np.count_nonzero(tc == 4) > 0
        assert m["rivers_made"] == r.detail.rivers_made > 0
        assert m["lakes"] == sum(a.made and a.end == "lake" for a in r.detail.river_attempts)
        assert m["snow_tiles"] == np.count_nonzero((r.layers["snow"] > 0) & (tc == 0))
        assert (m["snow_tiles"] > 0) == (land == "arctic")
        assert m["desert_share"] == np.count_nonzero(r.layers["tropic"] == 1) / 128 ** 2
        assert (m["desert_share"] > 0) == (m["rainforest_share"] > 0) == (land == "tropic")


def test_finished_map_figures_count_the_features():
    base = TGP.generate({"openttd": "15.2", "size": (64, 64), "stop_after": "water"}, seed=3)
    assert all(math.isnan(METRICS(base)[n]) for n in FINISHED_15_2)   # not made yet
    m = METRICS(finished(base))
    assert tuple(m)[:len(NAMES)] == NAMES
    assert tuple(m) == METRICS.names_for({})
    assert m["river_tiles"] == len(RIVER_TILES) + len(LAKE_TILES)
    assert m["rivers_made"] == 2 and m["lakes"] == 1
    assert m["desert_share"] == len(DESERT_TILES) / 64 ** 2
    assert m["rainforest_share"] == len(RAINFOREST_TILES) / 64 ** 2
    assert m["snow_tiles"] == len(SNOW_TILES)


def test_an_r13671_map_has_no_rivers_zones_or_snow():
    m = METRICS(TGP.generate({"openttd": "r13671", "size": (64, 64)}, seed=3))
    assert all(math.isnan(m[n]) for n in FINISHED_15_2)
    assert not math.isnan(m["water_share"])


def test_a_first_frame_counts_its_towns_and_industries():
    r = TGP.generate({"openttd": "15.2", "size": (64, 64), "stop_after": "industries"}, seed=3)
    m = METRICS(r)
    assert m["towns"] == len(r.detail.towns) > 0
    assert m["cities"] == sum(t.larger_town for t in r.detail.towns)
    assert m["population"] == sum(t.population for t in r.detail.towns) > 0
    assert m["industries"] == len(r.detail.industries) > 0
    # a map that stops before a stage has no figure of it (an empty cell), not 0
    before = METRICS(TGP.generate({"openttd": "15.2", "size": (64, 64), "stop_after": "rivers"},
                                  seed=3))
    assert all(math.isnan(before[k]) for k in ("towns", "cities", "population", "industries"))
    towns_only = METRICS(TGP.generate({"openttd": "15.2", "size": (64, 64),
                                       "stop_after": "towns"}, seed=3))
    assert towns_only["towns"] == m["towns"] and math.isnan(towns_only["industries"])
