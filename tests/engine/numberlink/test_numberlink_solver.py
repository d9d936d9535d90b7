"""The solver: every published puzzle, the three rules, exhaustive agreement."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from refdata import reference_dir

from viewer.engine.numberlink import solver
from viewer.engine.numberlink.generator import grid_puzzle
from viewer.engine.numberlink.gridgen import gridgen
from viewer.engine.numberlink.puzzle import RULE_KEYS, RULES, Puzzle, Solution, check_solution
from viewer.engine.numberlink.rng import RandomState
from viewer.engine.numberlink.solver import solve
from viewer.formats.numberlink import read_puzzle, read_solution

# Decisions that take the solver several seconds each (whole-grid proofs that
# no second solution exists); marked slow so that ``-m "not slow"`` leaves
# them out.
# the published puzzles that take seconds (kept out of the fast lane)
SLOW = {("janko-24x14-104", "fill"), ("janko-24x14-104", "free"), ("ahle-36x36", "fill-no-touch"),
        ("janko-17x17-103", "fill"), ("janko-25x25-059", "fill-no-touch")}


def _manifest_cases():
    folder = reference_dir() / "numberlink" / "puzzles"
    manifest = folder / "manifest.json"
    if not manifest.is_file():
        return [pytest.param(None, None, marks=pytest.mark.skip(
            reason=f"numberlink puzzles not found at {folder} (set MAPGEN_REFERENCE)"))]
    cases = []
    for entry in json.loads(manifest.read_text())["puzzles"]:
        for rule in RULES:
            expected = entry["unique"][RULE_KEYS[rule]]
            if not isinstance(expected, bool):
                continue      # "unknown" in the manifest: nothing to assert
            marks = []
            if (entry["id"], rule) in SLOW:
                marks.append(pytest.mark.slow)
            cases.append(pytest.param(entry, rule, id=f"{entry['id']}-{rule}", marks=marks))
    return cases


@pytest.mark.parametrize("entry,rule", _manifest_cases())
def test_published_puzzle_solved_with_the_manifests_uniqueness(entry, rule):
    folder = reference_dir() / "numberlink" / "puzzles"
    puzzle = read_puzzle(folder / entry["puzzle"])
    result = solve(puzzle, rule, 2)
    expected_unique = entry["unique"][RULE_KEYS[rule]]
    assert result.status == ("unique" if expected_unique else "several")
    for sol in result.solutions:
        assert check_solution(puzzle, sol, rule) == []
    if rule == "fill-no-touch":
        published = read_solution(folder / entry["solution"], puzzle)
        assert np.array_equal(result.solutions[0].paths, published.paths)
        assert check_solution(puzzle, published, rule) == []
    if len(result.solutions) == 2:
        assert not result.solutions[0].same_routes(result.solutions[1])


def test_unsolvable_puzzle_is_reported_as_none():
    # The two paths must cross.
    cells = np.array([[0, 1, 0],
                      [2, 0, 2],
                      [0, 1, 0]])
    for rule in RULES:
        result = solve(Puzzle.numbered(cells), rule)
        assert result.status == "none" and result.solutions == []


def test_a_ring_never_counts_as_part_of_a_solution():
    # Side-by-side ends must be linked directly under fill-no-touch; the rest
    # of the 4x4 could then only be covered by rings.
    cells = np.zeros((4, 4), int)
    cells[0, 0], cells[0, 1] = 1, 1
    assert solve(Puzzle.numbered(cells), "fill-no-touch").status == "none"
    assert solve(Puzzle.numbered(cells), "free").status == "several"
    cells = np.zeros((2, 4), int)
    cells[0, 0], cells[0, 1] = 1, 1
    cells[0, 2], cells[0, 3] = 2, 2
    assert solve(Puzzle.numbered(cells), "fill").status == "unique"   # two hugging U shapes
    assert solve(Puzzle.numbered(cells), "fill-no-touch").status == "none"


def test_free_allows_empty_squares_and_fill_no_touch_forbids_touching():
    cells = np.array([[1, 0, 0, 1]])
    assert solve(Puzzle.numbered(cells), "free").status == "unique"
    # A 2x3 U: under fill the path may hug itself, under fill-no-touch it may not.
    cells = np.array([[1, 0, 0],
                      [1, 0, 0]])
    assert solve(Puzzle.numbered(cells), "fill").status == "unique"
    assert solve(Puzzle.numbered(cells), "fill-no-touch").status == "none"


# -- exhaustive search on small grids --------------------------------------------------

def brute_force(puzzle: Puzzle, rule: str, cap: int = 3) -> list[Solution]:
    h, w = puzzle.cells.shape
    n = w * h
    ends = puzzle.endpoints()
    is_end = puzzle.cells.ravel() > 0
    nbrs = [[j for j in (i - 1 if i % w else -1, i - w, i + 1 if i % w < w - 1 else -1,
                         i + w) if 0 <= j < n] for i in range(n)]
    owner = [0] * n
    found: list[Solution] = []
    routes: list[list[int]] = []

    def finish():
        paths = np.array(owner, np.int32).reshape(h, w)
        right = np.zeros((h, w - 1), bool)
        down = np.zeros((h - 1, w), bool)
        for route in routes:
            for a, b in zip(route, route[1:]):
                a, b = min(a, b), max(a, b)
                if b == a + 1:
                    right[a // w, a % w] = True
                else:
                    down[a // w, a % w] = True
        sol = Solution(paths, right, down)
        if len(found) < cap and not check_solution(puzzle, sol, rule):
            found.append(sol)

    def extend(k: int, route: list[int]) -> None:
        if len(found) >= cap:
            return
        cur = route[-1]
        target = ends[k][1]
        for nb in nbrs[cur]:
            if nb == target:
                route.append(nb)
                owner[nb] = k + 1
                routes.append(list(route))
                lay(k + 1)
                routes.pop()
                route.pop()
            elif not is_end[nb] and owner[nb] == 0:
                owner[nb] = k + 1
                route.append(nb)
                extend(k, route)
                route.pop()
                owner[nb] = 0

    def lay(k: int) -> None:
        if k == len(ends):
            finish()
            return
        a = ends[k][0]
        owner[a] = k + 1
        extend(k, [a])

    for k, (a, b) in enumerate(ends):
        owner[a] = owner[b] = k + 1
    lay(0)
    return found


@st.composite
def small_puzzles(draw, wmax=4, hmax=4):
    w = draw(st.integers(2, wmax))
    h = draw(st.integers(2, hmax))
    k = draw(st.integers(1, min(3, w * h // 2)))
    squares = draw(st.permutations(range(w * h)))[:2 * k]
    cells = np.zeros(w * h, np.int32)
    for i, sq in enumerate(squares):
        cells[sq] = i // 2 + 1
    return Puzzle.numbered(cells.reshape(h, w))


@settings(max_examples=60)
@given(small_puzzles(), st.sampled_from(RULES))
def test_solution_count_agrees_with_exhaustive_search(puzzle, rule):
    expected = brute_force(puzzle, rule, cap=3)
    result = solve(puzzle, rule, 3)
    assert result.count == len(expected)
    assert result.status == {0: "none", 1: "unique"}.get(len(expected), "several")
    for sol in result.solutions:
        assert check_solution(puzzle, sol, rule) == []
    if len(expected) < 3:
        # Every solution found, so the two lists hold the same routes.
        for sol in result.solutions:
            assert any(sol.same_routes(e) for e in expected)


@st.composite
def generated_puzzles(draw):
    """Full-grid puzzles from the generator (they have a fill-no-touch
    solution, which is where the uniqueness search under fill and free starts),
    or random ones."""
    if draw(st.booleans()):
        return draw(small_puzzles(5, 4))
    w, h = draw(st.tuples(st.integers(3, 5), st.integers(3, 5)).filter(lambda s: s[0] * s[1] >= 12))
    return grid_puzzle(gridgen(w, h, RandomState(draw(st.text(max_size=6)))))


@settings(max_examples=80)
@given(generated_puzzles(), st.sampled_from(RULES))
def test_uniqueness_agrees_with_exhaustive_search_through_windows(puzzle, rule):
    # Deciding uniqueness (two solutions at most) takes other paths than
    # counting: windows around the fill-no-touch solution, and under free the
    # no-touch restriction.  Windows this small make them matter on small grids.
    expected = brute_force(puzzle, rule, cap=2)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(solver, "WINDOWS", ((2, 2, 1), (3, 3, 2), (0, 2, 1), (2, 0, 1)))
        result = solve(puzzle, rule, 2)
    assert result.status == {0: "none", 1: "unique"}.get(len(expected), "several")
    for sol in result.solutions:
        assert check_solution(puzzle, sol, rule) == []
    if len(result.solutions) == 2:
        assert not result.solutions[0].same_routes(result.solutions[1])

