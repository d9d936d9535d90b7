"""The fast mode keeps path.c's kind of grid: every square on a path, each
path an induced chain (never alongside itself), ends at least 3 apart; and it
is reproducible from the seed."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from viewer.engine.numberlink.fastgen import fast_grid
from viewer.engine.numberlink.generator import NUMBERLINK, grid_paths, grid_puzzle
from viewer.engine.numberlink.puzzle import check_solution, solution_from_paths
from viewer.engine.protocol import Cancelled

sizes = st.tuples(st.integers(4, 40), st.integers(4, 40))


@settings(max_examples=80, deadline=None)
@given(sizes, st.text(max_size=10), st.integers(0, 5), st.sampled_from([0, 1, 30, 100]),
       st.booleans())
def test_fast_grids_are_full_induced_chains_with_ends_apart(size, seed, index, shake, lay):
    w, h = size
    g = fast_grid(w, h, seed, index, shake=shake, lay_paths=lay)
    paths = grid_paths(g)
    puzzle = grid_puzzle(g)
    assert (paths > 0).all()
    assert sorted(set(paths.ravel().tolist())) == list(range(1, len(g.perm) + 1))
    assert check_solution(puzzle, solution_from_paths(paths), "fill-no-touch") == []
    for a, b in puzzle.endpoints():
        assert abs(a % w - b % w) + abs(a // w - b // w) >= 3


@settings(max_examples=20, deadline=None)
@given(sizes, st.text(max_size=10))
def test_fast_grids_follow_the_seed(size, seed):
    w, h = size
    assert fast_grid(w, h, seed, 0) == fast_grid(w, h, seed, 0)
    assert fast_grid(w, h, seed, 0).solution != fast_grid(w, h, seed, 1).solution


def test_big_fast_grid_and_its_paths_are_long_enough():
    g = fast_grid(100, 100, "book")
    lengths = np.bincount(np.array(g.solution))[1:]
    assert lengths.min() >= 4 and lengths.sum() == 10_000
    assert np.median(lengths) >= 5


def test_more_shake_rounds_give_fewer_longer_paths():
    pairs = [sum(len(fast_grid(30, 30, "s", i, shake=k).perm) for i in range(4))
             for k in (0, 30, 120)]
    assert pairs[0] > pairs[1] > pairs[2]


def test_a_cancelled_fast_run_stops():
    flag = np.array([1, 0, 0, 0], np.int64)
    with pytest.raises(Cancelled):
        fast_grid(64, 64, "x", flag=flag)


def test_the_generator_offers_the_fast_mode_and_reports_progress():
    seen = []
    r = NUMBERLINK.generate({"size": "64x64", "mode": "fast", "grid_number": 2}, seed="s",
                            trace=True, progress=lambda text, f: seen.append((text, f)))
    assert r.detail.mode == "fast" and r.trace is None
    assert (r.layers["paths"] > 0).all()
    assert seen[-1][0].startswith("generate: grids filled 2")
    assert [f for _, f in seen] == sorted(f for _, f in seen) and seen[-1][1] == 1.0
    again = NUMBERLINK.generate({"size": "64x64", "mode": "fast", "grid_number": 2}, seed="s")
    assert np.array_equal(again.layers["paths"], r.layers["paths"])
    first = NUMBERLINK.generate({"size": "64x64", "mode": "fast"}, seed="s")
    assert not np.array_equal(first.layers["paths"], r.layers["paths"])


def test_fast_unique_puzzle_is_unique():
    from viewer.engine.numberlink.solver import solve

    r = NUMBERLINK.generate({"size": "12x12", "mode": "fast", "unique": True}, seed="u")
    assert solve(r.detail.puzzle, "fill-no-touch", 2).status == "unique"


def test_unique_search_reports_its_tries():
    seen = []
    NUMBERLINK.generate({"size": "9x9", "mode": "fast", "unique": True}, seed="t",
                        progress=lambda text, f: seen.append(text))
    assert any(t.startswith("check uniqueness: grid 1 of at most 200") for t in seen)
    assert any(t.startswith("generate: grids filled 1") for t in seen)
