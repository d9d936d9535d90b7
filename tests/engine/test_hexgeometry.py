"""Empire's hex torus geometry and random numbers, as fairland uses them."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from viewer.engine.fairland import kernel as K
from viewer.engine.protocol import HexTorus

WORLDS = [(64, 32), (32, 16), (100, 60), (8, 4), (128, 64)]


def sectors(wx, wy):
    return [(x, y) for y in range(wy) for x in range(y % 2, wx, 2)]


@st.composite
def world_and_points(draw):
    wx, wy = draw(st.sampled_from(WORLDS))
    pts = []
    for _ in range(3):
        y = draw(st.integers(0, wy - 1))
        x = 2 * draw(st.integers(0, wx // 2 - 1)) + y % 2
        pts.append((x, y))
    return wx, wy, pts


@given(world_and_points())
def test_mapdist_is_a_metric_on_the_torus(case):
    wx, wy, (a, b, c) = case
    d = lambda p, q: K.mapdist(wx, wy, p[0], p[1], q[0], q[1])
    assert d(a, a) == 0
    assert d(a, b) == d(b, a)
    assert d(a, c) <= d(a, b) + d(b, c)
    if a != b:
        assert d(a, b) > 0


@given(world_and_points(), st.integers(-3, 3), st.integers(-3, 3))
def test_mapdist_wraps_around_the_torus(case, kx, ky):
    wx, wy, (a, b, _) = case
    assert K.mapdist(wx, wy, *a, *b) == K.mapdist(wx, wy, a[0] + kx * wx, a[1] + ky * wy, *b)


def test_mapdist_examples():
    # neighbours are 1 apart, two steps right is 1, across the seam too
    assert K.mapdist(64, 32, 0, 0, 2, 0) == 1
    assert K.mapdist(64, 32, 0, 0, 1, 1) == 1
    assert K.mapdist(64, 32, 0, 0, 62, 0) == 1
    assert K.mapdist(64, 32, 0, 0, 63, 31) == 1
    assert K.mapdist(64, 32, 0, 0, 10, 0) == 5
    assert K.mapdist(64, 32, 0, 0, 4, 4) == 4
    # fairland's limit for DI and ID
    for (wx, wy), dmax in {(64, 32): 24, (32, 16): 12, (80, 40): 30, (100, 60): 40,
                           (128, 64): 48, (256, 128): 96}.items():
        assert K.mapdist(wx, wy, 0, 0, wx // 2, wy // 2) == dmax


@pytest.mark.parametrize("wx,wy", [(64, 32), (32, 16)])
def test_neighbour_table_matches_directions(wx, wy):
    nbr = K.neighbours(wx, wy)
    for off, (x, y) in enumerate(sectors(wx, wy)):
        assert K.xyoff(wx, x, y) == off
        for d in range(1, 7):
            nx, ny = (x + K.DX[d]) % wx, (y + K.DY[d]) % wy
            assert (nx + ny) % 2 == 0
            assert nbr[off, d] == K.xyoff(wx, nx, ny)
            assert K.mapdist(wx, wy, x, y, nx, ny) == 1
            back = d - 3 if d >= 4 else d + 3
            assert nbr[nbr[off, d], back] == off


@pytest.mark.parametrize("dist", [0, 1, 2, 3, 5])
def test_exclusive_zone_is_the_hexagon_of_radius_dist(dist):
    wx, wy = 64, 32
    conf = np.zeros(K.CONF_LEN, np.int64)
    conf[K.C_WX], conf[K.C_WY] = wx, wy
    xzone = np.full(wx * wy // 2, -1, np.int16)
    K.xzone_around_sector(conf, xzone, 7, 10, 6, dist, K.new_check())
    inside = {(x, y) for x, y in sectors(wx, wy) if K.mapdist(wx, wy, x, y, 10, 6) <= dist}
    marked = {sectors(wx, wy)[off] for off in np.flatnonzero(xzone == 7)}
    assert marked == inside
    assert len(inside) == 1 + 3 * dist * (dist + 1)


def test_overlapping_zones_are_marked_minus_two():
    conf = np.zeros(K.CONF_LEN, np.int64)
    conf[K.C_WX], conf[K.C_WY] = 64, 32
    xzone = np.full(64 * 32 // 2, -1, np.int16)
    K.xzone_around_sector(conf, xzone, 1, 10, 6, 2, K.new_check())
    K.xzone_around_sector(conf, xzone, 2, 16, 6, 2, K.new_check())
    assert xzone[K.xyoff(64, 13, 5)] == -2      # 2 from both
    assert xzone[K.xyoff(64, 8, 6)] == 1
    assert xzone[K.xyoff(64, 18, 6)] == 2


def test_hextorus_layer_layout():
    g = HexTorus(64, 32)
    assert g.shape == (32, 32)
    assert g.xy_of(3, 5) == (11, 3)
    assert g.index_of(11, 3) == (3, 5)
    assert g.index_of(-1, -1) == (31, 31)


# -- random numbers ----------------------------------------------------------

def test_mt19937_matches_init_genrand():
    rng = K.rng_seed(1)
    assert [K.genrand_int32(rng) for _ in range(5)] == [
        1791095845, 4282876139, 3093770124, 4005303368, 491263]
    for seed in (0, 5489, 4294967295):
        rng = K.rng_seed(seed)
        legacy = np.random.RandomState(seed)
        want = legacy.randint(0, 2**32, size=700, dtype=np.uint64)
        got = [K.genrand_int32(rng) for _ in range(700)]
        assert got == [int(v) for v in want]


@given(st.integers(1, 2**31 - 1), st.integers(0, 2**32 - 1))
def test_roll0_is_in_range(n, seed):
    rng = K.rng_seed(seed)
    for _ in range(20):
        assert 0 <= K.roll0(rng, n) < n


def test_roll0_draw_counts():
    # n = 1 still draws once; a power of two draws exactly once per call
    a, b = K.rng_seed(9), K.rng_seed(9)
    assert K.roll0(a, 1) == 0
    K.genrand_int32(b)
    assert a[624] == b[624]
    a = K.rng_seed(9)
    first = K.genrand_int32(K.rng_seed(9))
    assert K.roll0(a, 64) == first & 63


def test_roll0_of_zero_returns_first_draw_with_bit_31_as_negative_int():
    rng, ref = K.rng_seed(1), K.rng_seed(1)
    draws = []
    while not draws or draws[-1] < 2**31:
        draws.append(K.genrand_int32(ref))
    assert K.roll0(rng, 0) == draws[-1] - 2**32 < 0
    assert rng[624] == ref[624]
