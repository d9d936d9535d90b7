"""Hostile Number Link puzzles and limits: odd puzzles solved, headers and time
limits checked, files beyond the solver's limits refused unread, counts
bounded; one clear line each."""

from __future__ import annotations

import math
import time

import numpy as np
import pytest
from hostile import cli, one_line


@pytest.mark.parametrize("text,rule,expect", [
    ("1 2\n1\n1\n", "fill-no-touch", "1 2\n1\n1\nsolutions: 1\n"),
    ("1 2\n1\n1\n", "free", "1 2\n1\n1\nsolutions: 1\n"),
    ("1 3\n1\n.\n1\n", "fill", "1 3\n1\n1\n1\nsolutions: 1\n"),
    ("1 1\n.\n", "free", "1 1\n.\nsolutions: 1\n"),
    ("1 1\n.\n", "fill", "solutions: 0\n"),
    ("2 1\n² ²\n", "fill", "2 1\n² ²\nsolutions: 1\n"),
])
def test_odd_puzzles_are_solved(tmp_path, text, rule, expect):
    (tmp_path / "p.txt").write_text(text)
    run = cli(["numberlink", "solve", "p.txt", "--rule", rule], tmp_path)
    assert (run.status, run.out) == (0, expect)


def test_unicode_digit_header_is_refused(tmp_path):
    (tmp_path / "p.txt").write_text("² 1\n1\n")
    run = cli(["numberlink", "solve", "p.txt"], tmp_path)
    assert run.status == 1 and "p.txt: line 1: expected the size 'W H'" in one_line(run)


def test_huge_time_limit_is_no_limit(tmp_path):
    (tmp_path / "p.txt").write_text("1 2\n1\n1\n")
    run = cli(["numberlink", "solve", "p.txt", "--time-limit", "1e10"], tmp_path)
    assert run.status == 0 and run.err == "" and run.out.endswith("solutions: 1\n")


@pytest.mark.parametrize("value", ["inf", "nan", "-1", "1e400", "x"])
def test_bad_time_limit_is_refused(tmp_path, value):
    (tmp_path / "p.txt").write_text("3 3\n1 . 2\n. . .\n1 . 2\n")
    run = cli(["numberlink", "solve", "p.txt", "--time-limit", value], tmp_path)
    assert run.status == 1 and "--time-limit" in one_line(run)


def test_solver_api_takes_inf_as_no_limit():
    from viewer.engine.numberlink.puzzle import Puzzle
    from viewer.engine.numberlink.solver import solve

    p = Puzzle(np.array([[1], [1]]), ("1",))
    assert solve(p, time_limit=math.inf).status == "unique"
    with pytest.raises(ValueError, match="time limit"):
        solve(p, time_limit=math.nan)


def test_huge_puzzle_file_is_refused_unread(tmp_path):
    side = 2236
    row = " ".join(["."] * side) + "\n"
    (tmp_path / "big.txt").write_text(f"{side} {side}\n" + row * side)
    t0 = time.perf_counter()
    run = cli(["numberlink", "solve", "big.txt"], tmp_path)
    assert time.perf_counter() - t0 < 5
    assert run.status == 1 and "big.txt: too large for a puzzle file" in one_line(run)


def test_puzzle_beyond_the_solvers_limit_is_refused(tmp_path):
    row = " ".join(["."] * 200) + "\n"
    (tmp_path / "wide.txt").write_text("200 130\n" + row * 130)
    run = cli(["numberlink", "solve", "wide.txt"], tmp_path)
    assert run.status == 1 and "at most 128x128" in one_line(run)


# Other findings ------------------------------------------------------------------------


def test_count_is_bounded(tmp_path):
    run = cli(["numberlink", "generate", "--count", "10001"], tmp_path)
    assert run.status == 1 and "--count: must be at most 10000, not 10001" in run.err


def test_count_times_squares_bounded(tmp_path):
    run = cli(["numberlink", "generate", "--size", "128x128", "--count", "1025"], tmp_path)
    assert run.status == 1 and "at most 16777216" in one_line(run)
