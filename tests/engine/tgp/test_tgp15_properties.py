"""OpenTTD 15.2 TerraGenesis by its properties, for any setting the game
offers (the reference cases are in test_tgp_modern_reference.py): the
game's tables and rules, the map's invariants after FixSlopes and the water
pass, the settings each version has, and what sweeps, presets and bundles
make of the version."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from viewer.engine.params import ParamError
from viewer.engine.tgp.openttd15 import kernel as MK
from viewer.engine.tgp.generator import TGP
from viewer.engine.tgp.kernel import CLEAR, SHORE, VOID, WATER
from viewer.engine.tgp.layers import FINISHED_LAYERS, LAYER_NAMES, MODERN_LAYERS
from viewer.engine.tgp.metrics import METRICS
from viewer.engine.tgp.openttd15.pipeline import (
    ModernPipeline,
    amplitude,
    effective_height_limit,
    tgp_max_height,
    water_percent,
)

SIDES = st.sampled_from([64, 128, 256])
SETTINGS = st.fixed_dictionaries({
    "openttd": st.just("15.2"),
    "size": st.tuples(SIDES, SIDES),
    "landscape": st.sampled_from(["temperate", "arctic", "tropic", "toyland"]),
    "terrain": st.integers(0, 5),
    "custom_terrain": st.integers(1, 255),
    "smoothness": st.integers(0, 3),
    "variety": st.integers(0, 5),
    "sea_level": st.integers(0, 4),
    "custom_sea_level": st.integers(1, 90),
    "water_borders": st.integers(0, 16),
    "freeform_edges": st.booleans(),
    "height_limit": st.one_of(st.just(0), st.integers(15, 255)),
    "stop_after": st.just("water"),   # (the finished map: test_tgp_rivers_reference.py)
})
SEEDS = st.integers(0, 2**32 - 1)
FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- the game's tables and rules ------------------------------------------------

def test_max_height_table_and_custom_terrain():
    # very flat ... alpinist at 64 and at 4096 (log2 sizes 6 and 12), in levels
    assert [tgp_max_height(t, 30, 6, 0) >> 4 for t in range(5)] == [3, 5, 8, 10, 12]
    assert [tgp_max_height(t, 30, 12, 0) >> 4 for t in range(5)] == [7, 31, 61, 73, 87]
    assert tgp_max_height(4, 30, 12, 40) == 40 * 16            # an explicit limit clamps
    assert tgp_max_height(5, 100, 6, 40) == 101 * 16 - 1       # custom ignores it
    assert tgp_max_height(5, 255, 6, 0) == 4095


def test_auto_height_limit():
    assert effective_height_limit(1, 30, 8, 0) == 30           # max(30, 8 + 15)
    assert effective_height_limit(4, 30, 12, 0) == 102         # 87 + 15
    assert effective_height_limit(5, 255, 8, 0) == 255         # capped at 255
    assert effective_height_limit(2, 30, 8, 77) == 77          # a value is kept


def test_amplitudes_and_extrapolation():
    # table index f - 3; below the table only when the map is high enough
    assert amplitude(3, 1, 128) == 24000 and amplitude(9, 3, 128) == 320
    assert amplitude(2, 3, 8 * 16) == 0                          # 8 levels: too low
    assert amplitude(2, 3, 87 * 16) == int(1.8 * 48000)          # alpinist at 4096
    assert amplitude(0, 3, 87 * 16) == 0                         # needs 2048 fixed point
    assert amplitude(1, 0, 4095) == int(3.3 * int(3.3 * 16000))     # custom 255: R 1024
    assert amplitude(0, 0, 4095) == 0           # R 2048 would need twice that: never


def test_water_percent():
    assert [water_percent(s, 50) for s in range(4)] == [70, 170, 270, 420]
    assert water_percent(4, 90) == 90 * 1024 // 100


def test_noise_schedule_starts_at_half_the_shorter_side():
    pipe = ModernPipeline(TGP.validate({"openttd": "15.2", "size": (64, 256)}), 1)
    assert [m for m, _a, _f in pipe.rounds] == [32, 16, 8, 4, 2, 1]
    pipe = ModernPipeline(TGP.validate({"openttd": "15.2", "size": (1024, 1024)}), 1)
    assert pipe.rounds[0][0] == 64      # the extrapolated rounds are 0 here and skipped


# -- the map's invariants --------------------------------------------------------

@FEW
@given(SETTINGS, SEEDS)
def test_invariants(values, seed):
    r = TGP.generate(values, seed=seed)
    sx, sy = values["size"]
    assert set(r.layers) == set(MODERN_LAYERS)
    for name in MODERN_LAYERS:
        assert r.layers[name].shape == (sy, sx), name
    pipe = ModernPipeline(TGP.validate(values), seed)
    hm = r.detail.heightmap_corners
    assert hm.shape == (sy + 1, sx + 1)
    assert 0 <= hm.min() and hm.max() < max(pipe.h_max_new, 16)
    th, tc, rocks = r.layers["tile_height"], r.layers["tile_class"], r.layers["rocks"]
    assert th.max() <= r.detail.tgp_max_height
    # void: the last row and column, and with freeform edges the first ones
    void = np.zeros((sy, sx), bool)
    void[-1, :] = void[:, -1] = True
    if values["freeform_edges"]:
        void[0, :] = void[:, 0] = True
    assert np.array_equal(tc == VOID, void)
    # FixSlopes left no step it would fix again
    again = th.copy()
    assert MK.fix_slopes(again, np.zeros_like(th), sx, sy, values["freeform_edges"], 255,
                         np.zeros(3, np.int64)) == 0
    # sea is flat at level 0; shore has its lowest corner at 0; rocks only on clear land
    nx = np.minimum(np.arange(sx) + 1, sx - 1)
    ny = np.minimum(np.arange(sy) + 1, sy - 1)
    corners = np.stack([th, th[:, nx], th[ny, :], th[ny][:, nx]])
    assert (corners.max(0)[tc == WATER] == 0).all()
    assert (corners.min(0)[tc == SHORE] == 0).all()
    assert not rocks[tc != CLEAR].any()
    # borders: freeform off means all four; a fixed setting is used as it is
    if not values["freeform_edges"]:
        assert r.detail.water_borders == 15
    elif values["water_borders"] != 16:
        assert r.detail.water_borders == values["water_borders"]
    assert r.detail.rocks == int(rocks.sum())


@FEW
@given(SETTINGS, SEEDS)
def test_same_settings_and_seed_same_map(values, seed):
    a = TGP.generate(values, seed=seed)
    b = TGP.generate(dict(values), seed=seed, trace=True)
    for name in MODERN_LAYERS:
        np.testing.assert_array_equal(a.layers[name], b.layers[name])
    assert a.detail.random_calls == b.detail.random_calls


def test_sea_level_does_not_change_the_noise():
    base = {"openttd": "15.2", "size": (128, 64), "terrain": 3}
    a = TGP.generate({**base, "sea_level": 0}, seed=9)
    b = TGP.generate({**base, "sea_level": 4, "custom_sea_level": 60}, seed=9)
    np.testing.assert_array_equal(a.detail.noise_corners, b.detail.noise_corners)
    assert (b.layers["tile_class"] == WATER).sum() > (a.layers["tile_class"] == WATER).sum()


def test_water_borders_count_only_with_freeform_edges():
    base = {"openttd": "15.2", "size": (64, 64), "freeform_edges": False, "stop_after": "water"}
    a = TGP.generate({**base, "water_borders": 0}, seed=3)
    b = TGP.generate({**base, "water_borders": 16}, seed=3)
    np.testing.assert_array_equal(a.layers["tile_height"], b.layers["tile_height"])
    assert a.detail.random_calls == b.detail.random_calls   # no draw for the borders
    c = TGP.generate({**base, "freeform_edges": True, "water_borders": 16}, seed=3)
    assert c.detail.random_calls == a.detail.random_calls + 1


def test_the_custom_values_count_only_under_custom():
    base = {"openttd": "15.2", "size": (64, 64), "terrain": 2, "sea_level": 1}
    a = TGP.generate({**base, "custom_terrain": 200, "custom_sea_level": 80}, seed=4)
    b = TGP.generate(base, seed=4)
    np.testing.assert_array_equal(a.layers["tile_height"], b.layers["tile_height"])


# -- the timeline --------------------------------------------------------------------

def test_timeline_of_every_phase():
    v = {"openttd": "15.2", "size": (128, 64), "terrain": 4, "variety": 2, "smoothness": 3,
         "stop_after": "rivers"}
    r = TGP.generate(v, seed=21, trace=True)
    tr = r.trace
    phases = [name for name, _ in tr.phases()]
    assert phases == ["noise", "water level", "coast lines", "smooth slopes", "smooth coasts",
                      "smooth slopes again", "sine transform", "variety distribution",
                      "tile transfer", "FixSlopes", "water", "rivers", "tile loop"]
    last = tr.state_at(tr.n_steps)
    for name in FINISHED_LAYERS:
        np.testing.assert_array_equal(last[name], r.layers[name], err_msg=name)
    # FixSlopes: tile heights only lowered, rocks appear; the water pass makes the classes
    fix = dict(tr.phases())["FixSlopes"]
    at_fix, before = tr.state_at(fix), tr.state_at(fix - 1)
    assert (at_fix["change"] <= 0).all() and (at_fix["change"] < 0).any()
    assert not before["rocks"].any() and at_fix["rocks"].any()
    assert {"rocks", "change", "tile_height"} <= tr.meaningful_at(fix)
    assert (before["tile_class"] != WATER).all()
    assert "variety" in tr.describe(dict(tr.phases())["variety distribution"])
    # the rivers: one step per well, each telling what it made; the water pass's map before
    rivers = dict(tr.phases())["rivers"]
    wells = r.detail.river_wells
    assert tr.n_steps == rivers + wells + 1 and wells == len(r.detail.river_attempts) == 2
    for i, attempt in enumerate(r.detail.river_attempts):
        assert tr.describe(rivers + i).endswith(attempt.text)
    water = tr.state_at(rivers - 1)
    assert not (water["tile_class"] >= 4).any() and not water["river_id"].any()
    made = tr.state_at(rivers + wells - 1)["river_id"]
    assert set(np.unique(made)) == set(range(r.detail.rivers_made + 1))
    assert {"tile_class", "river_id", "tropic"} <= tr.meaningful_at(rivers)


# -- the two versions ----------------------------------------------------------------

def test_settings_without_the_version_are_15_2s():
    """Values that name no version are today's, whatever settings they hold;
    only a stored file (a preset or bundle written before the version
    existed) is r13671's, with r13671's defaults."""
    for values in ({"size": (64, 64)}, {"size": (64, 64), "rng_skip": 0}):
        v = TGP.validate(values)
        assert v["openttd"] == "15.2" and (v["terrain"], v["sea_level"]) == (1, 0)
    new = TGP.generate({"size": (64, 64), "stop_after": "water"}, seed=5)
    explicit = TGP.generate({"openttd": "15.2", "size": (64, 64), "stop_after": "water"},
                            seed=5)
    np.testing.assert_array_equal(new.layers["tile_height"], explicit.layers["tile_height"])
    for stored in ({"size": "64x64"}, {"size": "64x64", "variety": 1}):
        old = TGP.complete_stored(stored)
        assert old["openttd"] == "r13671" and (old["terrain"], old["sea_level"]) == (2, 1)
        assert TGP.validate(old)["openttd"] == "r13671"
    # a stored 15.2 file that names no stop_after was written while the
    # default was the terrain: it keeps meaning that map, not the first frame
    assert TGP.complete_stored({"openttd": "15.2"}) == {"openttd": "15.2",
                                                       "stop_after": "rivers"}
    assert TGP.complete_stored({"openttd": "15.2", "stop_after": "towns"})["stop_after"] == \
        "towns"
    assert TGP.validate({"openttd": "15.2"})["stop_after"] == "world"
    r13671 = TGP.generate({"openttd": "r13671", "size": (64, 64)}, seed=5)
    assert set(r13671.layers) == set(LAYER_NAMES)


@pytest.mark.parametrize("values,param,text", [
    ({"openttd": "r13671", "terrain": 4}, "terrain",
     "Terrain type must be 0..3 (very flat..mountainous) with OpenTTD version r13671, not 4 "
     "(alpinist is 15.2 only)"),
    ({"openttd": "r13671", "sea_level": "custom"}, "sea_level", "not 4 (custom is 15.2 only)"),
    ({"openttd": "15.2", "terrain": 6}, "terrain", "at most 5"),
    ({"openttd": "15.2", "custom_sea_level": 91}, "custom_sea_level", "at most 90"),
    ({"openttd": "15.2", "water_borders": 17}, "water_borders", "at most 16"),
    ({"openttd": "15.2", "custom_terrain": 0}, "custom_terrain", "at least 1"),
    ({"openttd": "16.0"}, "openttd", "15.2, r13671"),
])
def test_bad_settings_refused(values, param, text):
    with pytest.raises(ParamError) as exc:
        TGP.validate(values)
    assert exc.value.param == param and text in str(exc.value)


def test_named_levels_of_15_2():
    v = TGP.validate({"openttd": 15.2, "terrain": "alpinist", "sea_level": "custom",
                      "variety": "very high"})
    assert (v["openttd"], v["terrain"], v["sea_level"], v["variety"]) == ("15.2", 4, 4, 5)


def test_a_sweep_varies_the_version():
    from viewer.sweep import InProcess, build_spec, collect

    spec = build_spec("tgp", {"size": "64x64"}, "1,2", [("openttd", ["15.2", "r13671"])])
    assert spec.varied == (("openttd", ("15.2", "r13671")),)
    rows = collect(spec, InProcess())
    cols = spec.columns
    by = {(row[cols.index("seed")], row[cols.index("openttd")]): row for row in rows}
    assert len(by) == 4 and all(row[cols.index("ok")] for row in rows)
    for seed in (1, 2):
        for version in ("15.2", "r13671"):
            r = TGP.generate({"size": (64, 64), "openttd": version}, seed=seed)
            got = by[(seed, version)][cols.index("water_share")]
            assert got == pytest.approx(METRICS(r)["water_share"])
    assert by[(1, "15.2")] != by[(1, "r13671")]


def test_presets_record_the_version(tmp_path):
    from viewer.formats.presets import Preset, load_preset, parse_preset, save_preset

    old = parse_preset('generator = "tgp"\n[params]\nsize = "64x64"\nterrain = 3\n')
    assert old.params["openttd"] == "r13671" and old.params["sea_level"] == 1
    r = TGP.generate({"openttd": "15.2", "size": (64, 64), "terrain": 4}, seed=8)
    path = tmp_path / "p.toml"
    save_preset(path, Preset("tgp", r.params, r.seed))
    assert 'openttd = "15.2"' in path.read_text()
    again = load_preset(path)
    assert again.params == r.params


def test_bundles_record_the_version(tmp_path):
    from viewer.formats.bundle import read_bundle, write_bundle

    r = TGP.generate({"openttd": "15.2", "size": (64, 64)}, seed=8)
    write_bundle(tmp_path / "m.npz", r)
    layers, meta = read_bundle(tmp_path / "m.npz")
    assert meta["params"]["openttd"] == "15.2" and "rocks" in layers
    assert json.loads((tmp_path / "m.json").read_text())["params"]["variety"] == 0


def test_stored_files_without_a_version_are_r13671s_new_values_are_15_2s(tmp_path):
    """Decided by what the file is: a preset or bundle that names no version
    was written before the version existed, whatever settings it holds."""
    from viewer import registry
    from viewer.engine.ports.generator import PORTS
    from viewer.formats.bundle import open_bundle, write_bundle
    from viewer.formats.presets import parse_preset
    from viewer.formats.replay import prepare
    from viewer.sweep import build_spec

    held = parse_preset('generator = "tgp"\n[params]\nsize = "64x64"\nvariety = 2\n')
    assert held.params["openttd"] == "r13671"
    r = TGP.generate({"openttd": "r13671", "size": (64, 64)}, seed=6)
    write_bundle(tmp_path / "m.npz", r)
    meta = json.loads((tmp_path / "m.json").read_text())
    del meta["params"]["openttd"]
    (tmp_path / "m.json").write_text(json.dumps(meta))
    _gen, values, _seed = prepare(open_bundle(tmp_path / "m.npz"))
    assert values["openttd"] == "r13671" and values == r.params
    # the ports: stored without the TGP version, r13671; new values, 15.2
    ports = registry.declaration("ports")
    assert ports.complete_stored({"tgp_size": "64x64"})["tgp_openttd"] == "r13671"
    assert ports.complete_stored({"source": "png"}) == {"source": "png"}
    assert PORTS.validate({"tgp_size": (64, 64)})["tgp_openttd"] == "15.2"
    assert build_spec("tgp", {"size": "64x64"}, "1").combos[0]["openttd"] == "15.2"


@pytest.mark.parametrize("size", [(256, 128), (64, 256)])
def test_ports_run_on_15_2_maps_of_any_shape(size):
    from viewer.engine.ports.generator import PORTS
    from viewer.engine.ports.sources import finished_corners, tgp_heightmap

    values = {"openttd": "15.2", "size": size, "terrain": 4}
    hm = tgp_heightmap(values, 3)
    # the terrain (GenerateLandscape's map): the game's corner heights
    made = TGP.generate({**values, "stop_after": "rivers"}, seed=3)
    expect, inland = finished_corners(made.layers["tile_height"], made.layers["tile_class"])
    np.testing.assert_array_equal(hm.corners, expect)
    np.testing.assert_array_equal(hm.inland, inland)
    assert "OpenTTD 15.2" in hm.description
    r = PORTS.generate({"tgp_openttd": "15.2", "tgp_size": size, "tgp_terrain": 4,
                        "n_ports": 6}, seed=3)
    assert (r.grid.width, r.grid.height) == size
    assert len(r.detail.ports) == 6
