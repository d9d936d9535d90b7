"""Benchmark: Number Link solving and unique-puzzle generation.

Run: ``python bench/bench_numberlink.py [--repeat N]``.

1. Each public puzzle of ``../shared/reference/numberlink/puzzles`` (or
   ``$MAPGEN_REFERENCE/numberlink/puzzles``) solved under fill-no-touch,
   deciding uniqueness (up to two solutions); median of N runs each.
   Targets: median under 0.1 s over the puzzles up to 15x15, every puzzle
   under 5 s.
2. A unique 10x10 puzzle generated (fill-no-touch), median over N seeds.
   Target: under 1 s.
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


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
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
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
