"""Benchmark: Number Link generation (faithful and fast), solving and unique puzzles.

Run: ``python bench/bench_numberlink.py [--repeat N] [--only faithful,fast,solve]``.

Times are in-process with the numba kernels compiled first (JIT warm).

F. The faithful generator (path.c call for call) on 30x30 and 40x40, seeds
   ``12345`` and ``hello``, beside path.c's own time on this kind of machine
   (gcc -O2, whole process, issue 12).  Target: at most 1.5x path.c.
Q. The fast mode: 64x64 (target 5 s) and 100x100 (target 30 s), a unique
   30x30 puzzle under fill-no-touch (target 10 s), and quality figures of
   fast and faithful grids side by side (pairs, lengths, boring paths).
1. Each public puzzle of ``../shared/reference/numberlink/puzzles`` (or
   ``$MAPGEN_REFERENCE/numberlink/puzzles``) solved under fill-no-touch,
   deciding uniqueness (up to two solutions); median of N runs each.
   Targets: median under 0.1 s over the puzzles up to 15x15, every puzzle
   under 5 s.
2. A unique 10x10 puzzle generated (fill-no-touch), median over N seeds.
   Target: under 1 s.

Uniqueness of the public puzzles under ``fill`` and ``free`` (issue 12's
25x25 in 5 s / 36x36 in 30 s) is measured by ``bench_numberlink_unique.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from viewer.engine.numberlink.generator import NUMBERLINK  # noqa: E402
from viewer.engine.numberlink.solver import solve  # noqa: E402
from viewer.formats.numberlink import read_puzzle  # noqa: E402


def puzzles_dir() -> Path:
    env = os.environ.get("MAPGEN_REFERENCE")
    base = Path(env) if env else ROOT.parent / "shared" / "reference"
    return base / "numberlink" / "puzzles"


PATH_C_SECONDS = {((30, 30), "12345"): 0.008, ((30, 30), "hello"): 0.024,
                  ((40, 40), "12345"): 1.87, ((40, 40), "hello"): 0.75}
"""path.c (bounds fixed, gcc -O2), whole process, from issue 12."""


def bench_faithful(repeat: int) -> bool:
    from viewer.engine.numberlink.gridgen import gridgen
    from viewer.engine.numberlink.rng import RandomState

    gridgen(10, 8, RandomState("warm"))
    ok = True
    print(f"{'faithful grid':<16} {'seed':<6} {'median s':>9} {'path.c s':>9} {'ratio':>6} "
          f"{'restarts':>8}")
    for (size, seed), c_time in PATH_C_SECONDS.items():
        times = []
        for _ in range(repeat if size[0] <= 30 else max(1, repeat // 2)):
            t = time.perf_counter()
            g = gridgen(*size, RandomState(seed))
            times.append(time.perf_counter() - t)
        med = statistics.median(times)
        ratio = med / c_time
        ok &= ratio <= 1.5
        print(f"{size[0]}x{size[1]:<13} {seed:<6} {med:>9.4f} {c_time:>9.3f} {ratio:>6.2f} "
              f"{g.restarts:>8}")
    print(f"faithful within 1.5x of path.c everywhere: {'yes' if ok else 'NO'}")
    return ok


def _quality_row(label: str, grids) -> str:
    from viewer.engine.numberlink.generator import grid_paths
    from viewer.engine.numberlink.quality import quality

    qs = [quality(grid_paths(g)) for g in grids]
    lengths = [n for q in qs for n in q.lengths]
    pairs = [q.npaths for q in qs]
    boring = sum(len(q.boring) for q in qs)
    straight = sum(len(q.straight) for q in qs)
    return (f"{label:<22} {statistics.mean(pairs):>6.1f} {min(lengths):>4} "
            f"{statistics.median(lengths):>6.1f} {statistics.mean(lengths):>6.1f} "
            f"{max(lengths):>5} {100 * boring / sum(pairs):>7.1f}% "
            f"{100 * straight / sum(pairs):>7.1f}%")


def bench_fast(repeat: int) -> bool:
    from viewer.engine.numberlink.fastgen import fast_grid
    from viewer.engine.numberlink.gridgen import gridgen
    from viewer.engine.numberlink.rng import RandomState

    fast_grid(8, 8, "warm")
    ok = True
    for size, target in (((64, 64), 5.0), ((100, 100), 30.0)):
        times = []
        for k in range(repeat):
            t = time.perf_counter()
            fast_grid(*size, f"bench{k}")
            times.append(time.perf_counter() - t)
        ok &= max(times) <= target
        print(f"fast {size[0]}x{size[1]}: median {statistics.median(times):.3f} s, max "
              f"{max(times):.3f} s over {repeat} seeds (target {target:g} s)")
    times = []
    for k in range(repeat):
        t = time.perf_counter()
        NUMBERLINK.generate({"size": (30, 30), "mode": "fast", "unique": True}, seed=f"u{k}")
        times.append(time.perf_counter() - t)
    ok &= max(times) <= 10.0
    print(f"fast unique 30x30 (fill-no-touch): median {statistics.median(times):.2f} s, max "
          f"{max(times):.2f} s over {repeat} seeds (target 10 s)")
    print(f"\n{'quality':<22} {'pairs':>6} {'min':>4} {'median':>6} {'mean':>6} {'max':>5} "
          f"{'boring':>8} {'straight':>8}")
    for size in ((10, 10), (20, 20), (30, 30), (40, 40)):
        k = 8 if size[0] <= 30 else 3
        rs = RandomState("quality")
        faithful = [gridgen(*size, rs) for _ in range(k)]
        fast = [fast_grid(*size, "quality", i) for i in range(k)]
        print(_quality_row(f"{size[0]}x{size[1]} faithful ({k})", faithful))
        print(_quality_row(f"{size[0]}x{size[1]} fast ({k})", fast))
    for size in ((64, 64), (100, 100)):
        print(_quality_row(f"{size[0]}x{size[1]} fast (3)",
                           [fast_grid(*size, "quality", i) for i in range(3)]))
    print(f"fast mode within its targets: {'yes' if ok else 'NO'}")
    return ok


def bench_solve(args) -> bool:
    ok = True
    folder = puzzles_dir()
    small = []
    if (folder / "manifest.json").is_file():
        manifest = json.loads((folder / "manifest.json").read_text())
        print(f"{'puzzle':<28} {'size':>7} {'median s':>9}  status")
        for entry in sorted(manifest["puzzles"], key=lambda e: e["width"] * e["height"]):
            puzzle = read_puzzle(folder / entry["puzzle"])
            times, status = [], ""
            for _ in range(args.repeat):
                t = time.perf_counter()
                status = solve(puzzle, "fill-no-touch", 2).status
                times.append(time.perf_counter() - t)
            med = statistics.median(times)
            if entry["width"] <= 15 and entry["height"] <= 15:
                small.append(med)
            ok &= max(times) < 5.0
            print(f"{entry['id']:<28} {entry['width']:>3}x{entry['height']:<3} {med:>9.3f}  "
                  f"{status}")
        small_med = statistics.median(small)
        ok &= small_med < 0.1
        print(f"median over puzzles up to 15x15: {small_med:.3f} s (target < 0.1 s); "
              f"every puzzle under 5 s: {'yes' if ok else 'NO'}")
    else:
        print(f"public puzzles not found at {folder}: solve benchmark skipped")
    times = []
    for seed in range(args.repeat * 2):
        values = {"size": (10, 10), "unique": True, "rule": "fill-no-touch"}
        t = time.perf_counter()
        NUMBERLINK.generate(values, seed=f"bench{seed}")
        times.append(time.perf_counter() - t)
    gen_med = statistics.median(times)
    ok &= gen_med < 1.0
    print(f"unique 10x10 puzzle: median {gen_med:.3f} s over {len(times)} seeds, "
          f"max {max(times):.3f} s (target median < 1 s)")
    return ok


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--only", default="faithful,fast,solve",
                    help="comma-separated sections: faithful, fast, solve")
    args = ap.parse_args()
    sections = {s.strip() for s in args.only.split(",")}
    ok = True
    if "faithful" in sections:
        ok &= bench_faithful(args.repeat)
        print()
    if "fast" in sections:
        ok &= bench_fast(args.repeat)
        print()
    if "solve" in sections:
        ok &= bench_solve(args)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
