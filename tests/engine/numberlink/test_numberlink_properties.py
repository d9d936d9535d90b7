"""Properties of generated grids, promised by GENERATOR.md section 7."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from viewer.engine.numberlink.generator import NUMBERLINK, grid_paths, grid_puzzle
from viewer.engine.numberlink.gridgen import gridgen
from viewer.engine.numberlink.puzzle import check_solution, solution_from_paths
from viewer.engine.numberlink.quality import quality
from viewer.engine.numberlink.rng import RandomState
from viewer.engine.numberlink.solver import solve
from viewer.engine.params import ParamError

sizes = st.tuples(st.integers(3, 9), st.integers(3, 9)).filter(lambda s: s[0] * s[1] >= 12)
seeds = st.text(min_size=0, max_size=12)


@settings(max_examples=40)
@given(sizes, seeds, st.sampled_from([0, 0, 30, 100]))
def test_generated_grid_is_covered_by_simple_paths_that_never_touch_themselves(size, seed,
                                                                               share):
    w, h = size
    g = gridgen(w, h, RandomState(seed), extend_share=share)
    paths = grid_paths(g)
    puzzle = grid_puzzle(g)
    assert (paths > 0).all()
    assert sorted(g.perm) == list(range(1, len(g.perm) + 1))
    sol = solution_from_paths(paths)
    # Every path is an induced chain joining its two ends: checked by the
    # fill-no-touch rule with links read from the labels.
    assert check_solution(puzzle, sol, "fill-no-touch") == []
    assert min(quality(paths).lengths) >= 3


@settings(max_examples=15)
@given(sizes, seeds)
def test_same_seed_same_grid(size, seed):
    w, h = size
    a = gridgen(w, h, RandomState(seed))
    b = gridgen(w, h, RandomState(seed))
    assert a.solution == b.solution and a.puzzle == b.puzzle


@settings(max_examples=15)
@given(sizes, seeds)
def test_solver_finds_a_solution_to_every_generated_puzzle(size, seed):
    w, h = size
    g = gridgen(w, h, RandomState(seed))
    result = solve(grid_puzzle(g), "fill-no-touch", 2)
    assert result.status in ("unique", "several")
    for sol in result.solutions:
        assert check_solution(grid_puzzle(g), sol, "fill-no-touch") == []


@pytest.mark.parametrize("rule", ["fill-no-touch", "free"])
def test_unique_mode_gives_a_unique_puzzle(rule):
    r = NUMBERLINK.generate({"size": "7x7", "unique": True, "rule": rule}, seed="unique")
    puzzle = r.detail.puzzle
    assert solve(puzzle, rule, 2).status == "unique"
    assert r.detail.uniqueness == "unique"
    assert np.array_equal(r.layers["paths"][puzzle.cells > 0], puzzle.cells[puzzle.cells > 0])


def test_unique_mode_respects_the_boring_filter():
    r = NUMBERLINK.generate({"size": "6x6", "unique": True, "max_boring": 0}, seed="b")
    assert r.detail.quality["boring"] == 0


def test_quality_counts_a_bottom_row_path_as_boring():
    paths = np.array([[1, 1, 1, 2],
                      [3, 3, 1, 2],
                      [3, 1, 1, 2],
                      [4, 4, 4, 4]])
    q = quality(paths)
    assert q.npaths == 4 and q.lengths == [6, 3, 3, 4]
    assert q.boring == [2, 4] and q.boring_share == 0.5
    assert q.histogram == {3: 2, 4: 1, 6: 1}


def test_result_layers_and_markers():
    r = NUMBERLINK.generate({"size": "10x8"}, seed="12345")
    assert r.grid.shape == (8, 10)
    assert set(r.layers) == set(r.layer_info)
    assert all(a.shape == (8, 10) for a in r.layers.values())
    labels = r.detail.puzzle.labels
    assert sorted(m.label for m in r.markers) == sorted(labels * 2)
    for m in r.markers:
        assert r.layers["puzzle"][m.y, m.x] == labels.index(m.label) + 1


@pytest.mark.parametrize("values,param", [({"size": "3x3"}, "size"), ({"size": "2x9"}, "size"),
                                          ({"size": "129x10"}, "size"),
                                              ({"mode": "quick"}, "mode"),
                                          ({"rule": "loose"}, "rule"),
                                          ({"extend_share": 101}, "extend_share"),
                                          ({"colour": 1}, "colour")])
def test_bad_parameters_are_refused(values, param):
    with pytest.raises(ParamError) as info:
        NUMBERLINK.validate(values)
    assert info.value.param == param


def test_grid_number_follows_the_seed_stream():
    from viewer.engine.numberlink.generator import generate_grids

    third = generate_grids(10, 8, "12345", 3)[2]
    r = NUMBERLINK.generate({"grid_number": 3}, seed="12345")
    assert r.layers["paths"].ravel().tolist() == third.solution
