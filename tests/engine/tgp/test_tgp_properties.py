"""What TGP of OpenTTD r13671 promises for any map, beyond the reference
cases: the same settings and seed give the same map; every allowed size works; the
heightmap, tile heights and classes keep their ranges and borders; the
water target follows the original's int32 arithmetic; bad settings are
refused with a message a user can act on."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from viewer.engine.params import ParamError
from viewer.engine.protocol import Cancelled, CancelToken, Generator, SquareGrid
from viewer.engine.tgp import kernel as K
from viewer.engine.tgp.r13671 import kernel as RK
from viewer.engine.tgp.generator import TGP
from viewer.engine.tgp.layers import LAYER_NAMES
from viewer.engine.tgp.r13671.pipeline import MAX_HEIGHT, WATER_PERCENT

SIDES = st.sampled_from([64, 128, 256])
SEEDS = st.integers(0, 2**32 - 1)
SETTINGS = st.fixed_dictionaries({
    "openttd": st.just("r13671"),
    "size": st.tuples(SIDES, SIDES),
    "smoothness": st.integers(0, 3),
    "terrain": st.integers(0, 3),
    "sea_level": st.integers(0, 3),
    "landscape": st.sampled_from(["temperate", "arctic", "tropic", "toyland"]),
    "rng_skip": st.integers(0, 3),
})


def expected_random_calls(sx: int, sy: int) -> int:
    """ALGORITHM.md section 4: two calls per mesh point, all rounds; round 0
    only where its amplitude is not 0 (maps whose shorter side is 64)."""
    size_min = min(sx, sy)
    log = size_min.bit_length() - 1
    calls = 2 * (sx // size_min + 1) * (sy // size_min + 1) if log == 6 else 0
    for r in range(1, log + 1):
        step = size_min >> r
        calls += 2 * (sx // step + 1) * (sy // step + 1)
    return calls


def test_is_a_generator():
    assert isinstance(TGP, Generator)
    assert TGP.name == "tgp"
    names = [p.name for p in TGP.params]
    assert names == ["size", "openttd", "landscape", "terrain", "custom_terrain", "variety",
                     "smoothness", "sea_level", "custom_sea_level", "freeform_edges",
                     "water_borders", "height_limit", "rivers", "min_river_length",
                     "river_route_random", "tree_placer", "extra_tree_placement",
                     "snow_coverage", "desert_coverage", "number_towns", "custom_town_number",
                     "town_layout", "larger_towns", "initial_city_size", "starting_year",
                     "construction_cost", "town_name", "industry_density",
                     "custom_industry_number", "stop_after", "rng_skip"]


@given(SETTINGS, SEEDS)
def test_same_settings_and_seed_same_map(values, seed):
    a = TGP.generate(values, seed=seed)
    b = TGP.generate(dict(values), seed=seed)
    for name in LAYER_NAMES:
        np.testing.assert_array_equal(a.layers[name], b.layers[name])
    np.testing.assert_array_equal(a.detail.heightmap_corners, b.detail.heightmap_corners)


@given(SETTINGS, SEEDS)
def test_invariants(values, seed):
    r = TGP.generate(values, seed=seed)
    sx, sy = values["size"]
    assert r.grid == SquareGrid(sx, sy)
    assert set(r.layers) == set(r.layer_info) == set(LAYER_NAMES)
    for name in LAYER_NAMES:
        assert r.layers[name].shape == (sy, sx), name
    hmax = MAX_HEIGHT[values["terrain"]] * 16
    b = r.detail.heightmap_corners
    assert b.shape == (sy + 1, sx + 1)
    assert 0 <= b.min() and b.max() < hmax
    th, tc = r.layers["tile_height"], r.layers["tile_class"]
    assert th.max() <= MAX_HEIGHT[values["terrain"]] - 1
    # tile height = north corner level inside, 0 on the border TGP leaves alone
    np.testing.assert_array_equal(th[2:sy - 2, 2:sx - 2], b[2:sy - 2, 2:sx - 2] >> 4)
    assert not th[:2].any() and not th[:, :2].any()
    assert not th[sy - 2:].any() and not th[:, sx - 2:].any()
    # void line on the high side, one tile of sea inside it and on the low side
    assert (tc[sy - 1] == K.VOID).all() and (tc[:, sx - 1] == K.VOID).all()
    for line in (tc[0, :sx - 1], tc[:sy - 1, 0], tc[sy - 2, :sx - 1], tc[:sy - 1, sx - 2]):
        assert (line == K.WATER).all()
    # sea and shore only at level 0 (the lowest corner of the tile is 0)
    low = np.minimum(np.minimum(th[:-1, :-1], th[:-1, 1:]), np.minimum(th[1:, :-1], th[1:, 1:]))
    assert (low[tc[:-1, :-1] != K.CLEAR] == 0).all()
    np.testing.assert_array_equal(r.layers["water"], tc == K.WATER)
    assert r.detail.random_calls == expected_random_calls(sx, sy)
    assert sum(r.detail.tile_class_counts) == sx * sy


@pytest.mark.parametrize("size", [(64, 4096), (4096, 64), (2048, 128), (128, 2048),
                                  (512, 512), (2048, 2048)])
def test_other_sizes_work(size):
    r = TGP.generate({"openttd": "r13671", "size": size, "smoothness": 3, "terrain": 3,
                      "sea_level": 3}, seed=7)
    sx, sy = size
    assert r.layers["tile_class"].shape == (sy, sx)
    assert r.detail.random_calls == expected_random_calls(sx, sy)
    assert r.layers["tile_height"].max() <= 14


def test_water_target_wraps_like_the_original():
    """desired = (int)(percent * tiles) >> 10: on 4096x4096 at sea levels 2
    and 3 the product passes 2^31 and wraps negative."""
    for level, percent in enumerate(WATER_PERCENT):
        product = percent * 4096 * 4096
        wrapped = (product + 2**31) % 2**32 - 2**31
        assert (wrapped >> 10 < 0) == (level >= 2)
    hm = np.arange(65 * 65, dtype=np.int16).reshape(65, 65) % 300
    wl, desired = RK.adjust_water_level(hm.copy(), 4096, 4096, 250, 192)
    assert desired == ((250 * 4096 * 4096 + 2**31) % 2**32 - 2**31) >> 10 < 0
    assert wl == 0  # the lowest height: the loop stops at once
    wl, desired = RK.adjust_water_level(hm.copy(), 64, 64, 250, 192)
    assert desired == 250 * 64 * 64 >> 10 and wl > 0


@pytest.mark.slow
def test_4096_high_sea_level_gets_little_water():
    low = TGP.generate({"openttd": "r13671", "size": (4096, 4096), "sea_level": 1}, seed=3)
    high = TGP.generate({"openttd": "r13671", "size": (4096, 4096), "sea_level": 3}, seed=3)
    assert high.detail.desired_water_tiles < 0
    assert high.detail.water_level == int(high.detail.noise_corners.min())
    share = lambda r: r.detail.tile_class_counts[K.WATER] / 4096**2
    assert share(high) < share(low)


def test_water_share_grows_with_sea_level():
    """Over the reference seeds the sea share follows the setting's target
    (20, 80, 250, 400 of 1024 tiles plus the coast ring)."""
    shares = []
    for level in range(4):
        total = 0.0
        for seed in (1, 42, 12345):
            r = TGP.generate({"openttd": "r13671", "size": (256, 256), "sea_level": level},
                             seed=seed)
            total += r.detail.tile_class_counts[K.WATER] / 256**2
        shares.append(total / 3)
    assert shares == sorted(shares)
    assert shares[3] > WATER_PERCENT[3] / 1024 * 0.8


def test_rng_skip_shifts_the_random_numbers():
    a = TGP.generate({"openttd": "r13671", "size": (64, 64), "rng_skip": 0}, seed=5)
    b = TGP.generate({"openttd": "r13671", "size": (64, 64), "rng_skip": 1}, seed=5)
    assert not np.array_equal(a.detail.noise_corners, b.detail.noise_corners)


def test_toyland_is_temperate():
    a = TGP.generate({"openttd": "r13671", "size": (64, 64), "landscape": "toyland"}, seed=9)
    b = TGP.generate({"openttd": "r13671", "size": (64, 64), "landscape": "temperate"}, seed=9)
    np.testing.assert_array_equal(a.detail.heightmap_corners, b.detail.heightmap_corners)


def test_names_accepted_for_levels():
    v = TGP.validate({"openttd": "r13671", "smoothness": "very rough", "terrain": "flat",
                      "sea_level": "high", "landscape": 2, "size": "128x64"})
    assert (v["smoothness"], v["terrain"], v["sea_level"], v["landscape"], v["size"]) == \
        (3, 1, 3, "tropic", (128, 64))


BAD = [
    ({"size": (100, 64)}, "size", "power of two"),
    ({"size": (64, 96)}, "size", "power of two"),
    ({"size": (32, 64)}, "size", "between 64 and 4096"),
    ({"size": (8192, 64)}, "size", "between 64 and 4096"),
    ({"size": "64 by 64"}, "size", "WxH"),
    ({"smoothness": 4}, "smoothness", "at most 3"),
    ({"terrain": -1}, "terrain", "at least 0"),
    ({"sea_level": 7}, "sea_level", "must be 0..3 (very low..high) with OpenTTD version r13671"),
    ({"landscape": "moon"}, "landscape", "temperate, arctic, tropic, toyland"),
    ({"rng_skip": -1}, "rng_skip", "at least 0"),
    ({"smoothness": 1.5}, "smoothness", "whole number"),
    ({"colour": 1}, "colour", "unknown parameter"),
]


@pytest.mark.parametrize("values,param,text", BAD)
def test_bad_settings_refused(values, param, text):
    with pytest.raises(ParamError) as exc:
        TGP.validate({"openttd": "r13671", **values})
    assert exc.value.param == param
    assert text in str(exc.value)


@pytest.mark.parametrize("seed", [-1, 2**32, "abc", 1.5])
def test_bad_seed_refused(seed):
    with pytest.raises(ParamError) as exc:
        TGP.generate({"openttd": "r13671", "size": (64, 64)}, seed=seed)
    assert exc.value.param == "seed"


@pytest.mark.parametrize("seed", [0, 2**31, 2**32 - 1, "4000000000"])
def test_full_32_bit_seeds(seed):
    r = TGP.generate({"openttd": "r13671", "size": (64, 64)}, seed=seed)
    assert r.seed == int(seed)


def test_cancel_before_start():
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        TGP.generate({"openttd": "r13671", "size": (256, 256)}, seed=1, cancel=token)


def test_cancel_during_run_and_progress():
    token = CancelToken()
    seen = []

    def progress(phase, fraction):
        seen.append((phase, fraction))
        if phase == "smooth slopes":
            token.cancel()

    with pytest.raises(Cancelled):
        TGP.generate({"openttd": "r13671", "size": (256, 256)}, seed=1, cancel=token,
                     progress=progress)
    assert seen[0] == ("noise", 0.0)
    assert seen[-1][0] == "smooth slopes"
    assert token.progress()[0] == "smooth slopes"
