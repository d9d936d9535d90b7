"""Benchmark: the solver's bounds on hostile puzzles (issue 22, deliverable 1).

Run: ``python bench/bench_solver_limits.py [--time-limit S] [--rules fill-no-touch,fill,free]``.

Two 128x128 puzzles that once took 18-55 s and 4-10 GB before running out
of memory: 600 label pairs at random squares (35 KB of text), and 8,192
pairs of side-by-side ends (every square an end).  Each is solved through
``numberlink solve FILE --time-limit S`` in a fresh process (so the peak
memory is the command's own); printed: shape, rule, the encoding's
estimated size, seconds, peak resident memory, and the command's answer
(its last line on standard error, or the solution count).  The bar: 10 s
and 2 GB each, one line.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from viewer.engine.numberlink.puzzle import RULES, Puzzle  # noqa: E402
from viewer.engine.numberlink.solver import estimate  # noqa: E402
from viewer.formats.numberlink import format_puzzle  # noqa: E402

SIDE = 128


def random_pairs(pairs: int = 600, seed: int = 22) -> Puzzle:
    """``pairs`` labels, each at two random squares of a 128x128 grid."""
    rng = np.random.default_rng(seed)
    cells = np.zeros(SIDE * SIDE, np.int32)
    where = rng.choice(SIDE * SIDE, 2 * pairs, replace=False)
    cells[where] = np.repeat(np.arange(1, pairs + 1), 2)
    return Puzzle(cells.reshape(SIDE, SIDE), tuple(str(k) for k in range(1, pairs + 1)))


def adjacent_pairs() -> Puzzle:
    """Every square an end: squares (2j, 2j+1) of each row make one pair."""
    k = np.arange(SIDE * SIDE // 2, dtype=np.int32) + 1
    cells = np.repeat(k, 2).reshape(SIDE, SIDE)
    return Puzzle(cells, tuple(str(v) for v in k))


SHAPES = {"600 random pairs": random_pairs, "8192 adjacent pairs": adjacent_pairs}


def run(path: Path, rule: str, time_limit: float) -> tuple[float, float, int, str]:
    """(seconds, peak MiB, exit status, answer) of one ``numberlink solve``."""
    code = ("import resource, runpy, sys\n"
            "sys.argv = ['viewer', 'numberlink', 'solve'] + sys.argv[1:]\n"
            "try:\n    runpy.run_module('viewer', run_name='__main__')\n"
            "finally:\n"
            "    sys.stderr.write('peak %d\\n' % resource.getrusage("
            "resource.RUSAGE_SELF).ru_maxrss)\n")
    t0 = time.perf_counter()
    p = subprocess.run([sys.executable, "-c", code, str(path), "--rule", rule,
                        "--time-limit", str(time_limit)], capture_output=True, text=True,
                       cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    seconds = time.perf_counter() - t0
    err = [line for line in p.stderr.splitlines() if line]
    peak = int(err.pop().split()[1]) / 1024 if err and err[-1].startswith("peak ") else 0.0
    out = [line for line in p.stdout.splitlines() if line.startswith("solutions:")]
    answer = " | ".join(err) or (out[-1] if out else "?")
    return seconds, peak, p.returncode, answer


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--time-limit", type=float, default=5.0)
    ap.add_argument("--rules", default=",".join(RULES))
    args = ap.parse_args()
    rules = [r for r in args.rules.split(",") if r]
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        print(f"{'shape':22} {'rule':14} {'clauses':>10} {'est MiB':>8} {'s':>6} "
              f"{'peak MiB':>9}  answer")
        for name, make in SHAPES.items():
            puzzle = make()
            path = Path(tmp) / (name.replace(" ", "-") + ".txt")
            path.write_text(format_puzzle(puzzle))
            for rule in rules:
                size = estimate(SIDE, SIDE, puzzle.npaths, rule, canonical=rule == "free")
                seconds, peak, status, answer = run(path, rule, args.time_limit)
                good = seconds <= 10 and peak <= 2048 and "\n" not in answer and status in (0, 1)
                ok &= good
                print(f"{name:22} {rule:14} {size.clauses:10,} {size.bytes / 2**20:8.0f} "
                      f"{seconds:6.2f} {peak:9.0f}  [{status}] {answer}"
                      + ("" if good else "  <- over the bar"))
    print("every answer within 10 s and 2 GB, in one line:", "yes" if ok else "NO")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
