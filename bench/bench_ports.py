"""Benchmark: port placement.

Run: ``python bench/bench_ports.py [--repeat N] [--seed N]``.

1. Candidate search and selection on a 1024² TerraGenesis map (hilly,
   medium sea level; the map itself is made once and not timed): lakes,
   coast cells, desirability, one candidate per grid square, latitude
   weights and the weighted draws with a minimum distance (default port
   settings).  Target: under 100 ms.  The routes to open sea (one BFS over
   the open sea, then a walk per port) are timed beside it.
2. Local terrain for one port: its cell and its eight neighbours at 33x33
   points each, stitched (a 97x97 view).  Target: under 20 ms.

Each figure is the median of N runs with the JIT warm.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from viewer.engine.ports.generator import PORTS  # noqa: E402
from viewer.engine.ports.local import port_view  # noqa: E402
from viewer.engine.ports.placement import add_routes, place  # noqa: E402

SELECTION_TARGET_MS = 100.0
LOCAL_TARGET_MS = 20.0


def median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    v = PORTS.validate({"tgp_size": (1024, 1024)})
    hm = PORTS.heightmap(v, args.seed)
    rel = hm.relative()
    s = PORTS.settings(v)
    ls = PORTS.local_settings(v, hm.unit)
    pl = place(rel, s, args.seed)  # warm the JIT
    port = pl.ports[0]
    port_view(rel, port.row, port.col, args.seed, ls)

    sel = median_ms(lambda: place(rel, s, args.seed, routes=False), args.repeat)
    pl = place(rel, s, args.seed, routes=False)
    parts = {k: round(t * 1000, 2) for k, t in pl.timings.items()}
    routes = median_ms(lambda: add_routes(pl), args.repeat)
    local = median_ms(lambda: port_view(rel, port.row, port.col, args.seed, ls),
                      max(args.repeat, 51))

    ok1 = sel < SELECTION_TARGET_MS
    ok2 = local < LOCAL_TARGET_MS
    print(f"map: {hm.description}; {len(pl.ports)} ports of {s.n_ports}, "
          f"{pl.cand_rows.size} candidates, {int((pl.cell_class == 1).sum())} coast cells")
    print(f"candidate search and selection, 1024x1024: {sel:8.2f} ms   target < "
          f"{SELECTION_TARGET_MS:.0f} ms  {'ok' if ok1 else 'MISSED'}")
    print(f"  (last run by phase, ms: {parts})")
    print(f"routes to open sea for {len(pl.ports)} ports:   {routes:8.2f} ms   (not in the target)")
    print(f"local terrain, one port, 3x3 cells at {ls.n}x{ls.n}: {local:8.3f} ms   target < "
          f"{LOCAL_TARGET_MS:.0f} ms  {'ok' if ok2 else 'MISSED'}")
    return 0 if ok1 and ok2 else 1


if __name__ == "__main__":
    sys.exit(main())
