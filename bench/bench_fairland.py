"""Benchmark: fairland in-process against the C fairland's compute time.

Run: ``python bench/bench_fairland.py [--repeat N]``.

Each engine figure is the median of N runs of ``FAIRLAND.generate`` (kernels
warm, interpreter start excluded): the numba kernels the window runs, and
the ahead-of-time compiled ones the command line runs (when built).  Both
the wall time and the CPU time of the run are measured; on a quiet machine
they agree, on a shared one (other processes on the cores) the wall time
grows and the CPU time does not, so the verdict uses the CPU time (a run is
single-threaded) and the wall-time ratio is printed beside it.  They
are compared with the C fairland's *compute* time, measured on this kind of
machine (2 cores) as its whole-process time minus that of a trivial run
(issue 11): that is the like-for-like figure, and the ratio printed is
engine / C compute.  The C whole-process times are shown beside them,
labelled, for reference only (they include the C program's start-up, which
our in-process figure does not).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from viewer.cli.fairland import fairland_values  # noqa: E402
from viewer.engine.fairland import aot  # noqa: E402
from viewer.engine.fairland.generator import FAIRLAND, compiled_kernels  # noqa: E402

CASES = [
    # world, fairland arguments, C compute (ms; None: not measured),
    # C whole process (ms), target (ms, or ratio to C compute)
    ((64, 32), "-R 1 5 30", 1.40, 3.9, ("abs", 10.0)),
    ((128, 64), "-R 1 20 60 40 30 10 20", None, 11.7, None),
    ((256, 128), "-R 1 40 100 80 50 10 20", 40.4, 44.6, ("ratio", 1.0)),
    ((512, 256), "-R 1 80 150 160 75 10 20", 208.0, 238.0, ("ratio", 1.0)),
]


def values_of(world, argv: str):
    words = argv.split()
    seed = int(words[1])
    return FAIRLAND.validate(fairland_values(words[2:], world, False)), seed


def median_ms(values, seed, repeat: int) -> tuple[float, float]:
    """Median (wall ms, CPU ms) of ``repeat`` runs."""
    FAIRLAND.generate(values, seed=seed)
    wall, cpu = [], []
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        FAIRLAND.generate(values, seed=seed)
        cpu.append((time.process_time() - c) * 1000)
        wall.append((time.perf_counter() - t) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=21)
    args = ap.parse_args()
    t0 = time.perf_counter()
    FAIRLAND.generate(values_of((64, 32), "-R 1 5 30")[0], seed=1)
    print(f"first call (JIT compile or cache load): {time.perf_counter() - t0:.2f} s")
    compiled = aot.load() is not None
    if not compiled:
        print("(the command line's compiled kernels are not built: "
              "python -m viewer.engine.fairland.aot)")
    print(f"load average {os.getloadavg()[0]:.2f}; engine figures: median wall ms / CPU ms")
    print(f"{'world':>8} {'arguments':<26} {'numba':>11} {'cli':>11} {'C compute':>9} "
          f"{'ratio CPU':>9} {'wall':>5}  {'target':<14} {'C whole-process ms':>18}")
    ok = True
    for world, argv, c_ms, c_whole, target in CASES:
        values, seed = values_of(world, argv)
        wall, cpu = median_ms(values, seed, args.repeat)
        cli = ""
        if compiled:
            with compiled_kernels():
                cli = "{:5.1f}/{:<5.1f}".format(*median_ms(values, seed, args.repeat))
        ratio = cpu / c_ms if c_ms else None
        wall_ratio = f"{wall / c_ms:.2f}" if c_ms else "-"
        verdict = ""
        if target:
            kind, limit = target
            good = cpu < limit if kind == "abs" else ratio <= limit
            ok &= good
            verdict = (f"< {limit:g} ms" if kind == "abs" else f"<= {limit:g}x") + (
                " ok" if good else " MISSED")
        numba = f"{wall:5.1f}/{cpu:<5.1f}"
        print(f"{world[0]:>4}x{world[1]:<4} {argv:<26} {numba:>11} {cli:>11} "
              f"{c_ms if c_ms else '-':>9} {f'{ratio:.2f}' if ratio else '-':>9} "
              f"{wall_ratio:>5}  {verdict:<14} {c_whole:>18.1f}")
    print("ratio = numba CPU ms / C compute ms (wall: numba wall ms / C compute ms); "
          "the C whole-process column includes the C program's start-up")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
