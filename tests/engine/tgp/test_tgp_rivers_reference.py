"""OpenTTD 15.2's whole GenerateLandscape (``tgp-rivers``: the release's
code through CreateRivers), reproduced bit for bit through the generator:
the six arrays of every public case (by sha256 and element by element), the
Randomizer's state after, the Random() calls phase by phase and the derived
values (snow line, desert line, river wells).  The 1024x1024 case is
marked ``slow``.

Also: ``stop_after="water"`` gives the ``tgp-modern`` map byte for byte,
and properties of any finished map (river tiles are water, desert only in
the sub-tropic, snow only in the arctic, the Random() calls add up).
"""

from __future__ import annotations

import hashlib
import io
import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from refdata import reference_dir, require_reference

from viewer.cli.tgp import npz_bytes
from viewer.engine.tgp.generator import TGP
from viewer.engine.tgp.openttd15.landscape import reference_arrays
from viewer.engine.tgp.layers import FINISHED_LAYERS, MODERN_LAYERS

LANDSCAPES = ("temperate", "arctic", "tropic", "toyland")
ARRAYS = ("tile_height", "tile_class", "rocks", "tropic", "ground", "density")


def _manifest(name: str) -> dict | None:
    path = reference_dir() / name / "manifest.json"
    return json.loads(path.read_text()) if path.is_file() else None


RIVERS = _manifest("tgp-rivers")
MODERN = _manifest("tgp-modern")


def _cases(manifest: dict | None, name: str, largest: int | None = None):
    if manifest is None:
        return [pytest.param(None, marks=pytest.mark.skip(
            reason=f"reference {name} not found at {reference_dir() / name}"))]
    out = []
    for c in manifest["cases"]:
        s = c["settings"]
        tiles = s["size_x"] * s["size_y"]
        if largest is not None and tiles > largest:
            continue
        marks = [pytest.mark.slow] if tiles > 512 * 512 else []
        out.append(pytest.param(c, id=c["id"], marks=marks))
    return out


def values_of(s: dict) -> dict:
    """The generator's values for the reference's settings (the game's names)."""
    out = {"openttd": "15.2", "size": (s["size_x"], s["size_y"]),
           "landscape": LANDSCAPES[s["landscape"]], "terrain": s["terrain_type"],
           "custom_terrain": s["custom_terrain_type"], "smoothness": s["tgen_smoothness"],
           "variety": s["variety"], "sea_level": s["quantity_sea_lakes"],
           "custom_sea_level": s["custom_sea_level"], "water_borders": s["water_borders"],
           "freeform_edges": s["freeform_edges"], "height_limit": s["map_height_limit"]}
    if "amount_of_rivers" in s:
        out.update(rivers=s["amount_of_rivers"], min_river_length=s["min_river_length"],
                   river_route_random=s["river_route_random"],
                   snow_coverage=s["snow_coverage"], desert_coverage=s["desert_coverage"],
                   tree_placer="improved", stop_after="rivers")
    return out


def sha(a: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(a).tobytes()).hexdigest()


@pytest.mark.parametrize("case", _cases(RIVERS, "tgp-rivers"))
def test_case(case):
    ref = require_reference("tgp-rivers")
    s = case["settings"]
    result = TGP.generate(values_of(s), seed=s["generation_seed"])
    d = result.detail
    got = reference_arrays(d.landscape)
    wrong = {}
    for name in ARRAYS:
        spec = case["arrays"][name]
        want = np.load(ref / spec["file"])
        arr = got[name]
        assert arr.dtype == want.dtype and arr.shape == want.shape, name
        if not np.array_equal(arr, want):
            wrong[name] = int((arr != want).sum())
        else:
            assert sha(arr) == spec["sha256"], name
    assert wrong == {}, f"tiles that differ, by array: {wrong}"
    calls = case["rng_calls"]
    assert list(d.rng_state_after) == calls["state_after"]
    for phase in ("before_tgp", "height_map_generate", "height_map_normalize",
                  "tile_transfer", "fix_slopes", "convert_water", "climate", "rivers_built",
                  "river_tile_loop", "total"):
        assert d.rng_calls[phase] == calls[phase], phase
    assert d.random_calls == calls["total"]
    derived = case["derived"]
    assert (d.snow_line_height if d.snow_line_height is not None else -1) == \
        derived["snow_line_height"]
    assert (d.desert_line if d.desert_line is not None else -1) == derived["desert_tropic_line"]
    assert d.river_wells == derived["river_wells"] == len(d.river_attempts)
    # the layers say the same as the Landscape
    for name in ("tile_height", "rocks", "tropic", "ground", "density"):
        np.testing.assert_array_equal(result.layers[name], got[name], err_msg=name)
    # --npz: the reference's arrays (tile classes in the project's numbering) and state
    with np.load(io.BytesIO(npz_bytes(result))) as z:
        assert sorted(z.files) == sorted(ARRAYS + ("rng_state", "noise", "heightmap"))
        assert z["rng_state"].dtype == np.uint32
        assert z["rng_state"].tolist() == calls["state_after"]
        for name in ARRAYS:
            want = got[name] if name != "tile_class" else result.layers["tile_class"]
            np.testing.assert_array_equal(z[name], want, err_msg=name)
    stats = case["stats"]
    tc = result.layers["tile_class"]
    assert int((tc == 4).sum()) == stats["tile_class_counts"]["river"]
    assert int((tc == 5).sum()) == stats["tile_class_counts"]["trees"]
    assert int((result.layers["snow"] > 0)[tc == 0].sum()) == stats["snow_tiles"]


# -- stop_after="water" is the tgp-modern map ----------------------------------------

@pytest.mark.parametrize("case", _cases(MODERN, "tgp-modern", largest=256 * 256))
def test_stop_after_water_is_the_modern_map(case):
    require_reference("tgp-modern")
    s = case["settings"]
    values = dict(values_of(s), stop_after="water", rivers=3, snow_coverage=90)
    result = TGP.generate(values, seed=s["generation_seed"])
    assert set(result.layers) == set(MODERN_LAYERS)
    to_ref = np.array([1, 2, 3, 0], np.uint8)
    got = {"heightmap_noise": result.detail.noise_corners,
           "heightmap_normalised": result.detail.heightmap_corners,
           "tile_height": result.layers["tile_height"],
           "tile_class": to_ref[result.layers["tile_class"]],
           "rocks": result.layers["rocks"]}
    for name, spec in case["arrays"].items():
        assert sha(got[name]) == spec["sha256"], name
    assert list(result.detail.rng_state_after) == case["rng_calls"]["state_after"]
    assert result.detail.landscape is None and result.detail.river_attempts == ()
    with np.load(io.BytesIO(npz_bytes(result))) as z:
        assert sorted(z.files) == ["heightmap", "noise", "rocks", "tile_class", "tile_height"]


# -- properties of any finished map --------------------------------------------------

SIDES = st.sampled_from([64, 128])
SETTINGS = st.fixed_dictionaries({
    "openttd": st.just("15.2"),
    "size": st.tuples(SIDES, SIDES),
    "landscape": st.sampled_from(LANDSCAPES),
    "terrain": st.integers(0, 5),
    "custom_terrain": st.integers(1, 40),
    "smoothness": st.integers(0, 3),
    "variety": st.integers(0, 5),
    "sea_level": st.integers(0, 4),
    "custom_sea_level": st.integers(1, 90),
    "water_borders": st.integers(0, 16),
    "freeform_edges": st.booleans(),
    "rivers": st.integers(0, 3),
    "min_river_length": st.integers(2, 40),
    "river_route_random": st.integers(1, 255),
    "tree_placer": st.sampled_from(["none", "original", "improved"]),
    "snow_coverage": st.sampled_from(range(0, 101, 10)),
    "desert_coverage": st.sampled_from(range(0, 101, 10)),
    "stop_after": st.sampled_from(["climate", "rivers"]),
})
SEEDS = st.integers(0, 2**32 - 1)
FEW = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FEW
@given(SETTINGS, SEEDS)
def test_finished_map_properties(values, seed):
    r = TGP.generate(values, seed=seed)
    d = r.detail
    land = d.landscape
    assert set(r.layers) == set(FINISHED_LAYERS)
    tc, ground, density = r.layers["tile_class"], r.layers["ground"], r.layers["density"]
    # river tiles are plain water: no ground, no density, a river id when rivers made them
    river = tc == 4
    assert (ground[river] == 0xFF).all() and (density[river] == 0).all()
    assert (r.layers["river_id"][river] > 0).all()
    if values["stop_after"] == "climate" or values["rivers"] == 0:
        assert not river.any() and not (tc == 5).any() and (r.layers["river_id"] == 0).all()
        assert d.river_wells == 0 and d.river_attempts == ()
    # desert and rainforest only in the sub-tropic, snow only in the arctic
    tropic = r.layers["tropic"]
    if values["landscape"] != "tropic":
        assert (tropic == 0).all() and d.desert_line is None
        assert not ((ground == 5) & (tc == 0)).any()
    else:
        assert d.desert_line is not None
        assert (tropic[tc == 3] == 0).all()             # void tiles keep their zone
        if values["stop_after"] == "climate":           # desert ground: desert zone
            assert (tropic[(tc == 0) & (ground == 5)] == 1).all()
    if values["landscape"] != "arctic":
        assert (r.layers["snow"] == 0).all() and d.snow_line_height is None
    else:
        assert d.snow_line_height >= 2
    if values["landscape"] != "arctic" or values["stop_after"] == "climate" or \
            values["rivers"] == 0:
        assert not (ground[tc == 0] & 0x80).any()       # no tile loop in the arctic: no snow
    # the Random() calls add up, and only the rivers and the tile loop's trees draw
    calls = d.rng_calls
    phases = [k for k in calls if k != "total"]
    assert sum(calls[k] for k in phases) == calls["total"] == d.random_calls == int(land.rng[2])
    assert calls["climate"] == 0
    if not (tc == 5).any():
        assert calls["river_tile_loop"] == 0
    assert list(d.rng_state_after) == [int(land.rng[0]), int(land.rng[1])]


@FEW
@given(SETTINGS, SEEDS)
def test_climate_is_the_start_of_the_finished_map(values, seed):
    """With rivers off, stopping after the climate or after the rivers
    gives one map, save the 256 tile loops (which only run with rivers)."""
    v = dict(values, rivers=0, stop_after="climate")
    a = TGP.generate(v, seed=seed)
    b = TGP.generate(dict(v, stop_after="rivers"), seed=seed)
    for name in FINISHED_LAYERS:
        np.testing.assert_array_equal(a.layers[name], b.layers[name], err_msg=name)
    assert a.detail.rng_state_after == b.detail.rng_state_after
