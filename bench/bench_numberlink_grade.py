"""Benchmark: grading Number Link puzzles and graded generation (issue 27).

Run: ``python bench/bench_numberlink_grade.py [--count N] [--sizes 10x10,20x20]
[--grades easy,normal,hard,extreme] [--mode faithful|fast] [--bridges K]``.

Printed:

* grading: N puzzles of 15x15 (path.c's grids of seed ``bench-grade``), each
  graded from its clues; the median and the worst time against the bar of
  1 s ("well under a second"), with the grades seen;
* graded generation: for each size and grade, N unique puzzles of that
  grade (seeds ``bench-0``, ``bench-1``, ...), the median and worst time
  and the median tries, against the bars 2 s (10x10) and 20 s (20x20);
  each puzzle made is checked unique by the SAT solver (outside the time).

Ratios under 1 meet the bar.  The machine is shared: run it twice.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from viewer.engine.numberlink.generator import NUMBERLINK, grid_puzzle  # noqa: E402
from viewer.engine.numberlink.grade import GRADES, grade  # noqa: E402
from viewer.engine.numberlink.gridgen import gridgen  # noqa: E402
from viewer.engine.numberlink.rng import RandomState  # noqa: E402
from viewer.engine.numberlink.solver import solve  # noqa: E402

GRADE_BAR_S = 1.0
GENERATE_BAR_S = {"10x10": 2.0, "20x20": 20.0}


def bench_grading(count: int) -> None:
    rs = RandomState("bench-grade")
    puzzles = [grid_puzzle(gridgen(15, 15, rs)) for _ in range(count)]
    grade(puzzles[0])                    # compile the kernels outside the figures
    times, seen = [], {}
    for p in puzzles:
        t0 = time.perf_counter()
        g = grade(p)
        times.append(time.perf_counter() - t0)
        seen[g.grade] = seen.get(g.grade, 0) + 1
    med, worst = statistics.median(times), max(times)
    print(f"grade 15x15 x{count}: median {med:.3f} s (ratio {med / GRADE_BAR_S:.2f} of "
          f"{GRADE_BAR_S:g} s), worst {worst:.3f} s; grades {seen}")


def bench_generation(size: str, difficulty: str, count: int, mode: str,
                     bridges: int = 0) -> None:
    times, tries = [], []
    for i in range(count):
        t0 = time.perf_counter()
        r = NUMBERLINK.generate({"size": size, "difficulty": difficulty, "mode": mode,
                                 "max_tries": 5000, "bridges": bridges}, seed=f"bench-{i}")
        times.append(time.perf_counter() - t0)
        tries.append(r.detail.tries)
        assert r.detail.grade == difficulty
        assert solve(r.detail.puzzle).status == "unique", "not unique by the SAT solver"
    bar = GENERATE_BAR_S.get(size)
    med = statistics.median(times)
    ratio = f" (ratio {med / bar:.2f} of {bar:g} s)" if bar else ""
    what = f"{size} {bridges} bridges" if bridges else size
    print(f"generate {what} {difficulty:8s} x{count}: median {med:.2f} s{ratio}, worst "
          f"{max(times):.2f} s, median tries {statistics.median(tries):g}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=7)
    ap.add_argument("--sizes", default="10x10,20x20")
    ap.add_argument("--grades", default=",".join(GRADES))
    ap.add_argument("--mode", default="faithful")
    ap.add_argument("--skip-grading", action="store_true")
    ap.add_argument("--bridges", type=int, default=0, help="bridges in each puzzle made")
    args = ap.parse_args(argv)
    if not args.skip_grading:
        bench_grading(args.count)
    for size in args.sizes.split(","):
        for difficulty in args.grades.split(","):
            bench_generation(size, difficulty, args.count, args.mode, args.bridges)
    return 0


if __name__ == "__main__":
    sys.exit(main())
