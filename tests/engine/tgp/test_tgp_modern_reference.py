"""Every case of the OpenTTD 15.2 TGP reference (``tgp-modern``: the
release's tgp.cpp compiled unchanged, with FixSlopes and the water pass),
reproduced bit for bit through the generator: the noise heightmap, the
normalised heightmap, tile heights, tile classes and rocks (by sha256, and
element by element where the array is stored), the Random() calls phase by
phase, the Randomizer's state after, and the derived settings.

The 1024x1024 and 4096x4096 cases are marked ``slow``.
"""

from __future__ import annotations

import hashlib
import json

import numpy as np
import pytest
from refdata import reference_dir, require_reference

from viewer.engine.tgp.generator import TGP
from viewer.engine.tgp.kernel import CLEAR, SHORE, VOID, WATER

LANDSCAPES = ("temperate", "arctic", "tropic", "toyland")
# the reference's classes: 0 void, 1 clear, 2 sea, 3 shore
TO_REFERENCE = np.zeros(4, np.uint8)
TO_REFERENCE[[VOID, CLEAR, WATER, SHORE]] = [0, 1, 2, 3]


def _manifest() -> dict | None:
    path = reference_dir() / "tgp-modern" / "manifest.json"
    return json.loads(path.read_text()) if path.is_file() else None


MANIFEST = _manifest()
SKIP = pytest.mark.skip(reason=f"OpenTTD 15.2 TGP reference not found at "
                               f"{reference_dir() / 'tgp-modern'}")


def _params():
    if MANIFEST is None:
        return [pytest.param(None, marks=SKIP)]
    out = []
    for c in MANIFEST["cases"]:
        s = c["settings"]
        marks = [pytest.mark.slow] if s["size_x"] * s["size_y"] > 512 * 512 else []
        out.append(pytest.param(c, id=c["id"], marks=marks))
    return out


def values_of(s: dict) -> dict:
    """The generator's values for the reference's settings (settings_type.h names),
    stopped where the reference stops: after the water pass."""
    return {"openttd": "15.2", "size": (s["size_x"], s["size_y"]),
            "landscape": LANDSCAPES[s["landscape"]], "terrain": s["terrain_type"],
            "custom_terrain": s["custom_terrain_type"], "smoothness": s["tgen_smoothness"],
            "variety": s["variety"], "sea_level": s["quantity_sea_lakes"],
            "custom_sea_level": s["custom_sea_level"], "water_borders": s["water_borders"],
            "freeform_edges": s["freeform_edges"], "height_limit": s["map_height_limit"],
            "stop_after": "water"}


def sha(a: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(a).tobytes()).hexdigest()


def arrays_of(result) -> dict[str, np.ndarray]:
    return {"heightmap_noise": result.detail.noise_corners,
            "heightmap_normalised": result.detail.heightmap_corners,
            "tile_height": result.layers["tile_height"],
            "tile_class": TO_REFERENCE[result.layers["tile_class"]],
            "rocks": result.layers["rocks"]}


@pytest.mark.parametrize("case", _params())
def test_case(case):
    ref = require_reference("tgp-modern")
    s = case["settings"]
    result = TGP.generate(values_of(s), seed=s["generation_seed"])
    got = arrays_of(result)
    for name, spec in case["arrays"].items():
        arr = got[name]
        assert arr.dtype == np.dtype(spec["dtype"]), name
        assert list(arr.shape) == spec["shape"], name
        assert sha(arr) == spec["sha256"], name
        if spec["file"]:
            np.testing.assert_array_equal(arr, np.load(ref / spec["file"]), err_msg=name)
    calls = case["rng_calls"]
    assert result.detail.random_calls == calls["total"]
    assert list(result.detail.rng_state_after) == calls["state_after"]
    derived = case["derived"]
    assert result.detail.height_limit == derived["effective_map_height_limit"]
    assert result.detail.tgp_max_height == derived["tgp_max_height"]
    assert result.detail.water_borders == derived["effective_water_borders"]
    stats = case["stats"]["tile_class_counts"]
    tc = got["tile_class"]
    assert [int((tc == k).sum()) for k in range(4)] == \
        [stats["void"], stats["clear"], stats["sea"], stats["shore"]]
    assert result.detail.rocks == stats["rocks"]


@pytest.mark.parametrize("case", [c for c in _params()
                                  if c.values[0] is None or c.values[0]["settings"]
                                  ["size_x"] * c.values[0]["settings"]["size_y"] <= 256 * 256])
def test_random_calls_phase_by_phase(case):
    """Run step by step on the trace's pipeline and count the Random() calls
    of each phase as the reference does."""
    require_reference("tgp-modern")
    s = case["settings"]
    result = TGP.generate(values_of(s), seed=s["generation_seed"], trace=True)
    pipe = result.trace.pipe
    st = pipe.initial(fill=False)
    flag = np.zeros(4, np.int64)
    by_kind: dict[str, int] = {}
    before = int(st.rng[2])
    for i, step in enumerate(pipe.steps):
        n = int(st.rng[2])
        pipe.run(i, st, flag)
        by_kind[step.kind] = by_kind.get(step.kind, 0) + int(st.rng[2]) - n
    calls = case["rng_calls"]
    assert before == calls["before_tgp"] == 1
    assert by_kind.get("round", 0) == calls["height_map_generate"]
    assert by_kind.get("normalise", 0) == calls["height_map_normalize"]
    assert by_kind.get("tiles", 0) == calls["tile_transfer"]
    assert by_kind.get("fix", 0) == calls["fix_slopes"]
    assert by_kind.get("water", 0) == calls["convert_water"]
