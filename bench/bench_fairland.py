"""Benchmark: fairland in-process against the C fairland's whole-process time.

Run: ``python bench/bench_fairland.py [--repeat N]``.  Each figure is the
median of N runs of the engine (JIT warm, interpreter start excluded), next
to the median of the C program measured on this kind of machine (2 cores),
from the issue that set the targets.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from viewer.cli import fairland_values  # noqa: E402
from viewer.engine.fairland.generator import FAIRLAND  # noqa: E402

CASES = [
    # world, fairland arguments, C fairland median (ms), target (ms or ratio)
    ((64, 32), "-R 1 5 30", 3.9, ("abs", 10.0)),
    ((128, 64), "-R 1 20 60 40 30 10 20", 11.7, None),
    ((256, 128), "-R 1 40 100 80 50 10 20", 44.6, ("ratio", 1.5)),
    ((512, 256), "-R 1 80 150 160 75 10 20", 238.0, ("ratio", 1.5)),
]


def values_of(world, argv: str):
    words = argv.split()
    seed = int(words[1])
    return FAIRLAND.validate(fairland_values(words[2:], world, False)), seed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=21)
    args = ap.parse_args()
    t0 = time.perf_counter()
    FAIRLAND.generate(values_of((64, 32), "-R 1 5 30")[0], seed=1)
    print(f"first call (JIT compile or cache load): {time.perf_counter() - t0:.2f} s")
    print(f"{'world':>8} {'arguments':<28} {'engine ms':>10} {'C ms':>8} {'ratio':>6}  target")
    ok = True
    for world, argv, c_ms, target in CASES:
        values, seed = values_of(world, argv)
        FAIRLAND.generate(values, seed=seed)
        times = []
        for _ in range(args.repeat):
            t = time.perf_counter()
            FAIRLAND.generate(values, seed=seed)
            times.append((time.perf_counter() - t) * 1000)
        med = statistics.median(times)
        ratio = med / c_ms
        verdict = ""
        if target:
            kind, limit = target
            good = med < limit if kind == "abs" else ratio <= limit
            ok &= good
            verdict = (f"< {limit:g} ms" if kind == "abs" else f"<= {limit:g}x") + (
                " ok" if good else " MISSED")
        print(f"{world[0]:>4}x{world[1]:<4} {argv:<28} {med:>10.1f} {c_ms:>8.1f} "
              f"{ratio:>6.2f}  {verdict}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
