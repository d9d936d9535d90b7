"""Every case of the TGP reference corpus (OpenTTD's tgp.cpp r13671 compiled
unchanged), reproduced bit for bit.

* Each case of ``manifest.json``: stages A (noise), B (normalised
  heightmap), C (tile heights) and D (tile classes) by sha256, the stored
  arrays element by element, and the recorded statistics (water level,
  Random() calls and the Randomizer's state afterwards, histograms).
* Each ``genA_*`` file: the noise heightmap alone.
* Each substage case: the heightmap after every normalisation step, read
  from the trace.

The 1024x1024 cases are marked ``slow`` (about 10 s together).
"""

from __future__ import annotations

import hashlib
import json
import re

import numpy as np
import pytest
from refdata import reference_dir, require_reference

from viewer.engine.tgp.generator import TGP


def _manifest() -> dict | None:
    path = reference_dir() / "tgp" / "manifest.json"
    return json.loads(path.read_text()) if path.is_file() else None


MANIFEST = _manifest()
SKIP = pytest.mark.skip(reason=f"TGP reference not found at {reference_dir() / 'tgp'}")


def _params(cases):
    if MANIFEST is None:
        return [pytest.param(None, marks=SKIP)]
    out = []
    for c in cases:
        marks = [pytest.mark.slow] if c["map_size_x"] * c["map_size_y"] > 512 * 512 else []
        out.append(pytest.param(c, id=c["id"], marks=marks))
    return out


def sha(a: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(a).tobytes()).hexdigest()


def values_of(case) -> dict:
    return {"openttd": "r13671", "size": (case["map_size_x"], case["map_size_y"]),
            "smoothness": case["smoothness"], "terrain": case["terrain_type"],
            "sea_level": case["sea_level"], "landscape": case["landscape"],
            "rng_skip": case["rng_calls_before_tgp"]}


def stages(result) -> dict[str, np.ndarray]:
    return {"A": result.detail.noise_corners, "B": result.detail.heightmap_corners,
            "C": result.layers["tile_height"], "D": result.layers["tile_class"]}


DTYPES = {"A": np.int16, "B": np.int16, "C": np.uint8, "D": np.uint8}


@pytest.mark.parametrize("case", _params(MANIFEST["cases"] if MANIFEST else []))
def test_case(case):
    ref = require_reference("tgp")
    result = TGP.generate(values_of(case), seed=case["seed"])
    got = stages(result)
    sx, sy = case["map_size_x"], case["map_size_y"]
    for stage, arr in got.items():
        corners = stage in "AB"
        assert arr.dtype == DTYPES[stage]
        assert arr.shape == ((sy + 1, sx + 1) if corners else (sy, sx))
    assert {k: sha(a) for k, a in got.items()} == case["sha256"]
    if case["file"]:
        with np.load(ref / case["file"]) as stored:
            for stage in case["arrays"]:
                np.testing.assert_array_equal(got[stage], stored[stage], err_msg=stage)
    if case.get("stage_a_file") and case["file"]:
        with np.load(ref / case["stage_a_file"]) as stored:
            np.testing.assert_array_equal(got["A"], stored["A"])
    st = case["stats"]
    a, b = got["A"].astype(np.int64), got["B"].astype(np.int64)
    assert (a.min(), a.max(), a.sum()) == (st["A_min"], st["A_max"], st["A_sum"])
    assert (b.min(), b.max(), b.sum()) == (st["B_min"], st["B_max"], st["B_sum"])
    d = result.detail
    assert d.water_level == st["water_level_fixed"]
    assert d.desired_water_tiles == st["desired_water_tiles"]
    assert d.random_calls == st["random_calls"]
    assert list(d.rng_state_after) == st["rng_state_after"]
    assert d.bad_slope_events == st["bad_slope_events"]
    assert np.bincount(got["C"].ravel(), minlength=16).tolist() == st["tile_height_counts"]
    assert list(d.tile_class_counts) == st["tile_class_counts"]


def _stage_a_files():
    folder = reference_dir() / "tgp"
    if not folder.is_dir():
        return [pytest.param(None, marks=SKIP)]
    return [pytest.param(p.name, id=p.stem) for p in sorted(folder.glob("genA_*.npz"))]


GEN_A = re.compile(r"genA_(\d+)x(\d+)_sm(\d)_seed(\d+)(?:_skip(\d+))?\.npz$")


@pytest.mark.parametrize("name", _stage_a_files())
def test_stage_a_file(name):
    ref = require_reference("tgp")
    sx, sy, sm, seed, skip = GEN_A.match(name).groups()
    values = {"openttd": "r13671", "size": (int(sx), int(sy)), "smoothness": int(sm),
              "rng_skip": int(skip or 0)}
    result = TGP.generate(values, seed=int(seed))
    with np.load(ref / name) as stored:
        np.testing.assert_array_equal(result.detail.noise_corners, stored["A"])


@pytest.mark.parametrize("case", _params(MANIFEST["substage_cases"] if MANIFEST else []))
def test_substages(case):
    ref = require_reference("tgp")
    result = TGP.generate(values_of(case), seed=case["seed"], trace=True)
    trace = result.trace
    first = trace.pipe.n_rounds  # step after which the noise is complete
    with np.load(ref / case["file"]) as stored:
        for i, name in enumerate(case["stages"]):
            got = trace.heightmap_at(first + i)
            assert sha(got) == case["sha256"][name], name
            np.testing.assert_array_equal(got, stored[name], err_msg=name)
    np.testing.assert_array_equal(trace.heightmap_at(trace.n_steps),
                                  result.detail.heightmap_corners)
