"""The Number Link solver's cost is bounded before it starts: the largest
shapes answered in time and memory, a puzzle that cannot fit refused at once."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import numpy as np
import pytest
from hostile import cli, only_line, REPO

from viewer.formats.numberlink import format_puzzle

sys.path.insert(0, str(REPO / "bench"))
sys.path.insert(0, str(REPO / "tests" / "contract"))


def test_the_two_128x128_shapes_are_answered_within_10_s_and_2_gb(tmp_path):
    from bench_solver_limits import adjacent_pairs, random_pairs

    code = ("import resource, runpy, sys\n"
            "sys.argv = ['viewer'] + sys.argv[1:]\n"
            "try:\n    runpy.run_module('viewer', run_name='__main__')\n"
            "finally:\n    sys.stderr.write('peak %d\\n' % resource.getrusage("
            "resource.RUSAGE_SELF).ru_maxrss)\n")
    for name, make in (("random", random_pairs), ("adjacent", adjacent_pairs)):
        path = tmp_path / f"{name}.txt"
        path.write_text(format_puzzle(make()))
        assert path.stat().st_size < 4 * 2**20
        for rule in ("fill-no-touch", "free"):
            t0 = time.perf_counter()
            p = subprocess.run([sys.executable, "-c", code, "numberlink", "solve", str(path),
                                "--rule", rule, "--time-limit", "5"], capture_output=True,
                               text=True, timeout=60, cwd=tmp_path,
                               env={**os.environ, "PYTHONPATH": str(REPO)})
            seconds = time.perf_counter() - t0
            err = p.stderr.splitlines()
            peak_mib = int(err.pop().split()[1]) / 1024
            assert seconds < 10 and peak_mib < 2048, (name, rule, seconds, peak_mib)
            assert p.returncode in (0, 1) and len(err) <= 1, (name, rule, p.stderr)
            assert "internal error" not in p.stderr and "memory" not in p.stderr


def test_a_puzzle_that_cannot_fit_the_time_limit_is_refused_at_once(tmp_path):
    from bench_solver_limits import random_pairs

    (tmp_path / "big.txt").write_text(format_puzzle(random_pairs()))
    t0 = time.perf_counter()
    run = cli(["numberlink", "solve", "big.txt", "--time-limit", "1"], tmp_path)
    assert time.perf_counter() - t0 < 3
    assert run.status == 1
    line = only_line(run)
    assert line.startswith("numberlink: big.txt: building the encoding of a 128x128 puzzle "
                           "of 600 paths takes about ")
    assert "more than the time limit of 1 s; try a time limit of at least" in line


def test_the_time_limit_covers_building_the_encoding(monkeypatch):
    from bench_solver_limits import random_pairs

    from viewer.engine.numberlink import sat_encoding, solver

    monkeypatch.setattr(sat_encoding, "CLAUSES_PER_SECOND", 10**12)   # the estimate lets it start
    t0 = time.perf_counter()
    r = solver.solve(random_pairs(), "fill", 2, time_limit=0.3)
    assert time.perf_counter() - t0 < 2.5
    assert r.status == "unknown" and r.timed_out


def test_a_puzzle_over_the_memory_budget_is_refused_with_what_to_try(monkeypatch):
    from bench_solver_limits import adjacent_pairs

    from viewer.engine.numberlink import solver

    monkeypatch.setattr(solver, "MEMORY_MAX", 64 * 2**20)
    t0 = time.perf_counter()
    with pytest.raises(solver.SolverLimitError) as err:
        solver.solve(adjacent_pairs(), "fill-no-touch")
    assert time.perf_counter() - t0 < 0.5
    msg = str(err.value)
    assert "\n" not in msg and "more than the solver's 64 MiB" in msg and "try a smaller" in msg


def test_the_estimate_bounds_the_encoding_built():
    from bench_solver_limits import adjacent_pairs, random_pairs

    from viewer.engine.numberlink.solver import Encoding, estimate

    for p in (random_pairs(200), adjacent_pairs()):
        for rule, canonical in (("fill-no-touch", False), ("fill", False), ("free", True)):
            enc = Encoding(p, rule, canonical=canonical)
            size = estimate(p.width, p.height, p.npaths, rule, canonical=canonical)
            assert enc.nclauses <= size.clauses <= 1.3 * enc.nclauses, (rule, enc.nclauses)
            assert len(enc.literals) <= 1.3 * size.literals
            assert enc.literals.dtype == np.int32     # the compact store, no lists


