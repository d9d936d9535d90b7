"""A sweep on a real Dask cluster: a ``dask scheduler`` and two ``dask
worker`` processes started (and stopped) here, as the README starts them.
The workers are prepared once, and say so; the table is the local pool's,
byte for byte; a worker killed mid-sweep has its batches run again on the
other and the table is still complete and in order."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("distributed")

from real_cluster import Cluster, checkout_env  # noqa: E402


@pytest.fixture
def cluster(tmp_path):
    c = Cluster(tmp_path)
    try:
        yield c
    finally:
        c.stop()


def _sweep(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "viewer", "sweep", "fairland", *args],
                          cwd=cwd, env=checkout_env(), capture_output=True, text=True,
                          timeout=600)


def test_a_sweep_on_a_cluster_prepares_each_worker_once_and_makes_the_pools_table(
        cluster, tmp_path):
    dask = _sweep(["--seeds", "1..400", "--scheduler", cluster.address, "--out", "dask.csv"],
                  tmp_path)
    assert dask.returncode == 0, dask.stderr
    assert "sweep: preparing 2 Dask workers for fairland" in dask.stderr
    ready = [line for line in dask.stderr.splitlines() if "Dask workers ready" in line]
    assert len(ready) == 1 and "(nothing compiled;" in ready[0], dask.stderr
    pool = _sweep(["--seeds", "1..400", "--jobs", "2", "--out", "pool.csv"], tmp_path)
    assert pool.returncode == 0, pool.stderr
    assert (tmp_path / "dask.csv").read_bytes() == (tmp_path / "pool.csv").read_bytes()


def test_a_worker_killed_mid_sweep_has_its_batches_run_again(cluster):
    from viewer.engine.fairland.generator import compiled_kernels
    from viewer.sweep import DaskCluster, InProcess, Reorder, build_spec, collect, run_sweep

    spec = build_spec("fairland", {}, "1..1200")
    with compiled_kernels():
        expected = collect(spec, InProcess())
    order, rows, killed = Reorder(), [], None
    backend = DaskCluster(cluster.address)
    for batch in run_sweep(spec, backend, batch_size=40):
        rows.extend(order.add(batch))
        if killed is None:
            busy = {a for a, keys in backend.client.processing().items() if keys}
            pids = backend.client.run(os.getpid)
            victim = next(p for p in cluster.workers if p.pid in
                          {pids[a] for a in busy if a in pids})
            victim.kill()              # SIGKILL: the worker dies with batches in hand
            victim.wait()
            killed = victim
    rows.extend(order.rest())
    assert killed is not None and killed.poll() is not None
    assert [r[0] for r in rows] == list(range(1, 1201))
    assert rows == expected
