"""The letters a zoom shows (viewer.ui.letter_thinning): no two kept boxes
of a crowd overlap each other or a few label's letter, a lone letter is
always kept, a label with few letters keeps them all, and far apart every
letter is kept."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from viewer.ui.letter_thinning import thin_spots, thinning_cell


@settings(max_examples=60)
@given(st.integers(0, 400), st.integers(0, 2**32 - 1), st.sampled_from([0.5, 3.0, 16.0, 64.0]),
       st.integers(1, 4))
def test_no_two_kept_boxes_overlap_and_each_dropped_box_is_near_a_better_one(n, seed, cell,
                                                                           kinds):
    rng = np.random.default_rng(seed)
    xs, ys = rng.uniform(-100, 400, n), rng.uniform(0, 300, n)
    codes = rng.integers(0, kinds, n)
    kept = thin_spots(xs, ys, codes, cell, few=0)       # (every label a crowd)
    assert list(kept) == sorted(set(kept.tolist())) and all(0 <= k < n for k in kept)
    kx, ky = xs[kept], ys[kept]
    near = (np.abs(kx[:, None] - kx[None, :]) < cell) & (np.abs(ky[:, None] - ky[None, :]) < cell)
    np.fill_diagonal(near, False)
    assert not near.any()
    if n:
        assert len(kept) > 0
    # a spot with no other within two cells either way is kept
    dx = np.abs(xs[:, None] - xs[None, :])
    dy = np.abs(ys[:, None] - ys[None, :])
    alone = ~((dx < 2 * cell) & (dy < 2 * cell) & ~np.eye(n, dtype=bool)).any(axis=1)
    assert set(np.flatnonzero(alone).tolist()) <= set(kept.tolist())


def test_a_few_labels_letters_all_show_and_a_crowds_letter_over_one_does_not():
    xs = np.array([10.0, 11.0, 12.0, 10.5, 300.0, 301.0, 200.0, 201.0])
    ys = np.array([10.0, 10.0, 11.0, 12.0, 50.0, 50.5, 90.0, 90.0])
    codes = np.array([0, 0, 1, 0, 0, 0, 1, 1])      # label 1: three letters, label 0: five
    assert thin_spots(xs, ys, codes, 8.0, few=3).tolist() == [2, 4, 6, 7]
    assert thin_spots(xs, ys, codes, 8.0, few=5).tolist() == list(range(8))
    assert thin_spots(xs, ys, codes, 8.0, few=0).tolist() == [0, 4, 6]


def test_far_apart_or_no_cell_every_spot_is_kept():
    g = np.arange(0, 200, 20.0)
    xs, ys = np.meshgrid(g, g)
    xs, ys = xs.ravel(), ys.ravel()
    codes = np.zeros(len(xs), int)
    assert thin_spots(xs, ys, codes, 16.0).tolist() == list(range(len(xs)))
    assert thin_spots(xs, ys, codes, 0.0).tolist() == list(range(len(xs)))
    assert thin_spots(np.zeros(0), np.zeros(0), np.zeros(0, int), 4.0).tolist() == []


def test_the_cell_is_the_boxes_size_in_powers_of_two():
    assert thinning_cell(3.0) == 4.0 and thinning_cell(4.0) == 4.0 and thinning_cell(0.3) == 0.5
    assert thinning_cell(0.0) == 0.0 and thinning_cell(float("nan")) == 0.0
