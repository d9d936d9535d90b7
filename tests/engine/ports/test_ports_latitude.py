"""The latitude weighting shows in the statistics of many runs.

On a map of identical islands spread evenly over all latitudes every grid
square has one candidate, so a single port drawn by weight lands in a
latitude band with probability (band's weight) / (total weight).  Over
N = 3000 seeds each band's share must lie within 4.5 standard deviations of
a binomial of that probability (a false alarm about once in 10^5 runs)."""

from __future__ import annotations

import math

import numpy as np

from viewer.engine.ports.placement import Settings, curve_weight, place

BANDS = ((0, 15), (15, 45), (45, 70), (70, 90))
N_RUNS = 3000
SIGMAS = 4.5


def island_map(h: int = 96, w: int = 48, every: int = 6) -> np.ndarray:
    rel = np.full((h + 1, w + 1), -8.0)
    for y in range(2, h - 2, every):
        for x in range(2, w - 2, every):
            rel[y:y + 3, x:x + 3] = 8.0
    return rel


def band_of(lat: float) -> int:
    a = abs(lat)
    return next(i for i, (lo, hi) in enumerate(BANDS) if lo <= a < hi or (hi == 90 and a == 90))


def _shares(curve, runs=N_RUNS):
    rel = island_map()
    s = Settings(grid=6, n_ports=1, curve=curve, min_distance=0)
    first = place(rel, s, 0, routes=False)
    w = curve_weight(curve, first.cand_latitude)
    expected = np.zeros(len(BANDS))
    for lat, wt in zip(first.cand_latitude, w):
        expected[band_of(lat)] += wt
    expected /= expected.sum()
    counts = np.zeros(len(BANDS))
    for seed in range(runs):
        pl = place(rel, s, seed, routes=False)
        counts[band_of(pl.ports[0].latitude)] += 1
    return counts / runs, expected


def test_default_curve_shows_in_the_draws():
    got, want = _shares(((0.0, 0.5), (30.0, 1.0), (90.0, 0.0)))
    for g, p in zip(got, want):
        assert abs(g - p) <= SIGMAS * math.sqrt(p * (1 - p) / N_RUNS) + 1e-9, (got, want)
    # the mid latitudes beat the equator band per degree, as the curve says
    assert got[1] / 30 > got[0] / 15


def test_zero_weight_latitudes_never_get_a_port():
    got, want = _shares(((0.0, 1.0), (40.0, 1.0), (40.5, 0.0), (90.0, 0.0)), runs=600)
    assert got[2] == got[3] == 0.0
    assert got[0] > 0 and got[1] > 0
