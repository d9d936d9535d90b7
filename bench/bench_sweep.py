"""Benchmark: a 10,000-seed fairland sweep on the default world (64x32,
``-R seed 5 30``), with the local process pool and with Dask distributed on
a local cluster of 2 workers, printing cases per second per backend.

Run: ``python bench/bench_sweep.py [--seeds N] [--jobs N]``.  Each time is
the whole sweep as ``python -m viewer sweep`` runs it (cases, reordering,
the CSV table), the pool's including starting its worker processes; the
Dask cluster is started before the clock (as a running ``dask scheduler``
would be) but its workers are cold.  With ``--repeat N`` the two backends
run N times, alternately, and the best time of each counts (other programs
on a shared machine only ever slow a run down).  Targets (issue 10): the local pool
under 30 s on a 2-core machine, Dask within 1.3x of the local pool.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from viewer.sweep import (  # noqa: E402
    DaskCluster,
    InProcess,
    LocalPool,
    Reorder,
    TableWriter,
    build_spec,
    default_jobs,
    run_sweep,
)

POOL_TARGET_S = 30.0
DASK_RATIO_TARGET = 1.3


def timed_sweep(spec, backend, out: Path) -> float:
    t0 = time.perf_counter()
    order = Reorder()
    with TableWriter.for_spec(out, spec) as table:
        for batch in run_sweep(spec, backend):
            table.write(order.add(batch))
        table.write(order.rest())
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seeds", type=int, default=10_000)
    ap.add_argument("--jobs", type=int, default=default_jobs())
    ap.add_argument("--repeat", type=int, default=3, help="runs of each backend (best counts)")
    args = ap.parse_args()
    spec = build_spec("fairland", {}, f"1..{args.seeds}")
    n = spec.n_cases
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        one = build_spec("fairland", {}, "1..200")
        t1 = timed_sweep(one, InProcess(), tmp / "warm.csv")   # JIT cache warm here
        print(f"in this process (1 job, 200 cases):     {200 / t1:8.0f} cases/s")

        from distributed import Client, LocalCluster

        pool_times, dask_times = [], []
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            for i in range(args.repeat):
                pool_times.append(timed_sweep(spec, LocalPool(args.jobs), tmp / "pool.csv"))
                client.restart()   # cold workers each time, as the pool's
                dask_times.append(timed_sweep(spec, DaskCluster(client=client),
                                              tmp / "dask.csv"))
                print(f"  run {i + 1}: pool {pool_times[-1]:.2f} s, dask {dask_times[-1]:.2f} s "
                      f"(load average {os.getloadavg()[0]:.1f})")
        t_pool, t_dask = min(pool_times), min(dask_times)
        print(f"local pool, {args.jobs} processes, {n} cases: {t_pool:6.2f} s  "
              f"{n / t_pool:8.0f} cases/s   (target < {POOL_TARGET_S:.0f} s for 10,000: "
              f"{'met' if t_pool * 10_000 / n < POOL_TARGET_S else 'MISSED'})")
        ratio = t_dask / t_pool
        print(f"Dask LocalCluster, 2 workers, {n} cases: {t_dask:6.2f} s  "
              f"{n / t_dask:8.0f} cases/s   ({ratio:.2f}x the local pool; target <= "
              f"{DASK_RATIO_TARGET}x: {'met' if ratio <= DASK_RATIO_TARGET else 'MISSED'})")
        same = (tmp / "pool.csv").read_bytes() == (tmp / "dask.csv").read_bytes()
        print(f"tables identical: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
