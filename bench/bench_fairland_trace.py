"""Benchmark: rebuilding every layer of a fairland world at any trace step.

Run: ``python bench/bench_fairland_trace.py``.  Target (issue 2): the state
of every layer at any step of a 256x128 world in under 50 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from viewer.cli.fairland import fairland_values  # noqa: E402
from viewer.engine.fairland.generator import FAIRLAND  # noqa: E402

TARGET_MS = 50.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=200, help="random steps to rebuild")
    args = ap.parse_args()
    ok = True
    for world, argv in (((256, 128), "40 100 80 50 10 20"), ((512, 256), "80 150 160 75 10 20")):
        values = FAIRLAND.validate(fairland_values(argv.split(), world, False))
        t = time.perf_counter()
        r = FAIRLAND.generate(values, seed=1, trace=True)
        gen = time.perf_counter() - t
        tr = r.trace
        t = time.perf_counter()
        tr.state_at(0)
        first = time.perf_counter() - t
        times = []
        for step in np.random.default_rng(1).integers(0, tr.n_steps + 1, args.repeat):
            t = time.perf_counter()
            tr.state_at(int(step))
            times.append((time.perf_counter() - t) * 1000)
        worst = max(times)
        good = world != (256, 128) or worst < TARGET_MS
        ok &= good
        print(f"{world[0]}x{world[1]}: {tr.n_steps} steps; generate+trace {gen * 1000:.1f} ms; "
              f"checkpoints (first request) {first * 1000:.1f} ms; state at a step: "
              f"median {statistics.median(times):.2f} ms, max {worst:.2f} ms"
              + (f"  (target < {TARGET_MS:g} ms: {'ok' if good else 'MISSED'})"
                 if world == (256, 128) else ""))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
