"""Benchmark: OpenTTD 15.2's CreateRivers (viewer.engine.tgp.openttd15.rivers) alone.

Run: ``python bench/bench_tgp_rivers.py [--repeat N] [--sizes 256,1024,4096]``.

For each size, the 15.2 defaults (temperate, moderate rivers, seed 42) are
generated once through the water pass; then the median of N runs of all
wells and finish_water on a copy of that Landscape (JIT warm), in CPU time
of this process (the machine is shared: wall time doubles when a neighbour
is busy).  The C++ figures are issue 26's for the whole pipeline with
moderate rivers (22, 409, 11,600 ms) minus issue 17's through the water
pass (3.8, 54, 888 ms): what the C++ spends on the climate passes,
CreateRivers and its 256 tile-loop runs, rivers being most of it.  The
whole pipeline's target (at most 0.6x the C++) is bench_tgp.py's.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from viewer.engine.tgp.generator import TGP  # noqa: E402
from viewer.engine.tgp.openttd15.landscape import from_water_pass  # noqa: E402
from viewer.engine.tgp.openttd15.rivers.create import CreateRivers, RiverSettings  # noqa: E402

CPP_AFTER_WATER_MS = {256: 22 - 3.8, 1024: 409 - 54, 4096: 11600 - 888}


def landscape_of(size: int):
    result = TGP.generate({"openttd": "15.2", "size": (size, size), "stop_after": "water"},
                          seed=42)
    d = result.detail
    land = from_water_pass(result.layers["tile_height"], result.layers["tile_class"],
                           result.layers["rocks"],
                           np.array([*d.rng_state_after, d.random_calls], np.int64))
    return land, d.height_limit


def run(land, limit) -> tuple[float, CreateRivers]:
    t0 = time.process_time()
    rivers = CreateRivers(land, RiverSettings(amount=2, min_length=16, route_random=5,
                                              tree_placer=2, landscape=0, freeform=True,
                                              height_limit=limit))
    for i in range(rivers.n_wells):
        rivers.attempt(i)
    rivers.finish_water()
    return time.process_time() - t0, rivers


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--sizes", default="256,1024,4096")
    args = ap.parse_args()
    warm, limit = landscape_of(64)
    run(warm.copy(), limit)
    for size in (int(s) for s in args.sizes.split(",")):
        land, limit = landscape_of(size)
        times = []
        for _ in range(args.repeat):
            t, rivers = run(land.copy(), limit)
            times.append(t)
        ms = 1e3 * statistics.median(times)
        cpp = CPP_AFTER_WATER_MS[size] if size in CPP_AFTER_WATER_MS else None
        ratio = f"{ms / cpp:.2f}x the C++ after the water pass" if cpp else ""
        print(f"{size}x{size}: CreateRivers {ms:8.1f} ms  {ratio}  "
              f"({rivers.n_wells} wells, {rivers.made} rivers)")


if __name__ == "__main__":
    main()
