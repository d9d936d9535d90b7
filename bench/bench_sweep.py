"""Benchmark: a fairland sweep on the default world (64x32, ``-R seed 5
30``; 2,000 seeds by default, issue 20's bar) with the local process pool
and with a cold real Dask cluster, printing cases per second per backend.

Run: ``python bench/bench_sweep.py [--seeds N] [--jobs N] [--repeat N]``.
Each time is the whole sweep as ``python -m viewer sweep`` runs it (cases,
reordering, the CSV table), the pool's including starting its worker
processes.  The cluster is real processes (``dask scheduler``, and
``--jobs`` ``dask worker`` processes started afresh for every run, each
with an empty numba cache of its own, as on fresh machines); its workers
are connected before the clock starts (as a running cluster's are) but
have run nothing: the sweep's time includes preparing them.  With
``--repeat N`` the two backends run N times, alternately, and the best
time of each counts (other programs on a shared machine only ever slow a
run down).  Targets: the local pool under 30 s for 10,000 seeds on a
2-core machine (issue 10); the cold cluster within 1.3x the local pool's
time plus 5 s, with the same table (issue 20).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "packaging"))

from real_cluster import Cluster, checkout_env  # noqa: E402

from viewer.sweep import (  # noqa: E402
    DaskCluster,
    LocalPool,
    Reorder,
    TableWriter,
    build_spec,
    default_jobs,
    run_sweep,
)

POOL_TARGET_S = 30.0
DASK_RATIO_TARGET = 1.3
DASK_EXTRA_S = 5.0


def timed_sweep(spec, backend, out: Path) -> float:
    t0 = time.perf_counter()
    order = Reorder()
    with TableWriter.for_spec(out, spec) as table:
        for batch in run_sweep(spec, backend):
            table.write(order.add(batch))
        table.write(order.rest())
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=2_000)
    ap.add_argument("--jobs", type=int, default=default_jobs())
    ap.add_argument("--repeat", type=int, default=3, help="runs of each backend (best counts)")
    args = ap.parse_args()
    spec = build_spec("fairland", {}, f"1..{args.seeds}")
    n = spec.n_cases
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        pool_times, dask_times = [], []
        cluster = Cluster(tmp, n_workers=0)
        try:
            for i in range(args.repeat):
                pool_times.append(timed_sweep(spec, LocalPool(args.jobs), tmp / "pool.csv"))
                cluster.env = checkout_env(NUMBA_CACHE_DIR=str(tmp / f"numba-{i}"))
                cluster.workers = [cluster.start_worker(k) for k in range(args.jobs)]
                cluster.wait_for_workers(args.jobs)
                dask_times.append(timed_sweep(spec, DaskCluster(cluster.address),
                                              tmp / "dask.csv"))
                cluster.stop_workers()
                print(f"  run {i + 1}: pool {pool_times[-1]:.2f} s, cold cluster "
                      f"{dask_times[-1]:.2f} s (load average {os.getloadavg()[0]:.1f})")
        finally:
            cluster.stop()
        t_pool, t_dask = min(pool_times), min(dask_times)
        print(f"local pool, {args.jobs} processes, {n} cases: {t_pool:6.2f} s  "
              f"{n / t_pool:8.0f} cases/s   (target < {POOL_TARGET_S:.0f} s for 10,000: "
              f"{'met' if t_pool * 10_000 / n < POOL_TARGET_S else 'MISSED'})")
        bar = DASK_RATIO_TARGET * t_pool + DASK_EXTRA_S
        print(f"cold Dask cluster, {args.jobs} worker processes, {n} cases: {t_dask:6.2f} s  "
              f"{n / t_dask:8.0f} cases/s   ({t_dask / t_pool:.2f}x the local pool; target "
              f"<= {DASK_RATIO_TARGET}x + {DASK_EXTRA_S:.0f} s = {bar:.1f} s: "
              f"{'met' if t_dask <= bar else 'MISSED'})")
        same = (tmp / "pool.csv").read_bytes() == (tmp / "dask.csv").read_bytes()
        print(f"tables identical: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
