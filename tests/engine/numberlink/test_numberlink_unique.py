"""Uniqueness under ``fill`` and ``free`` on the big public puzzles.

The manifest leaves these undecided ("unknown": its checker stopped after
150-300 s).  The solver decides them; a "several" answer comes with two
different solutions, each checked here against the rules, which is proof
enough.  The slowest cases live in ``bench/bench_numberlink_unique.py``.
"""

from __future__ import annotations

import json

import pytest
from refdata import reference_dir

from viewer.engine.numberlink.puzzle import RULE_KEYS, check_solution
from viewer.engine.numberlink.solver import solve
from viewer.formats.numberlink import read_puzzle

# (puzzle, rule, answer): answers found by this solver, each "several" with
# two checked solutions as its certificate.
BIG = [
    ("janko-25x25-059", "fill", "several"),
    ("janko-25x25-059", "free", "several"),
    pytest.param("ahle-36x36", "fill", "several", marks=pytest.mark.slow),
]


def _entry(pid: str) -> dict:
    folder = reference_dir() / "numberlink" / "puzzles"
    manifest = folder / "manifest.json"
    if not manifest.is_file():
        pytest.skip(f"numberlink puzzles not found at {folder} (set MAPGEN_REFERENCE)")
    for entry in json.loads(manifest.read_text())["puzzles"]:
        if entry["id"] == pid:
            return entry
    pytest.skip(f"{pid} is not in the manifest")


@pytest.mark.parametrize("pid,rule,answer", BIG)
def test_big_puzzle_is_decided_with_a_certificate(pid, rule, answer):
    entry = _entry(pid)
    puzzle = read_puzzle(reference_dir() / "numberlink" / "puzzles" / entry["puzzle"])
    result = solve(puzzle, rule, 2, time_limit=120)
    known = entry["unique"][RULE_KEYS[rule]]
    if isinstance(known, bool):
        assert result.status == ("unique" if known else "several")
    assert result.status == answer
    for sol in result.solutions:
        assert check_solution(puzzle, sol, rule) == []
    if answer == "several":
        first, second = result.solutions
        assert not first.same_routes(second)
        # The first is the fill-no-touch solution (a solution under every rule).
        assert check_solution(puzzle, first, "fill-no-touch") == []
