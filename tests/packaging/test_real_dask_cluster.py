"""A sweep on a real Dask cluster: a ``dask scheduler`` and two ``dask
worker`` processes started (and stopped) here, as the README starts them.
The workers are prepared once, and say so; the table is the local pool's,
byte for byte; a worker killed mid-sweep has its batches run again on the
other and the table is still complete and in order."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 60


def _env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


class Cluster:
    """Scheduler and worker processes, each started by this test."""

    def __init__(self, tmp: Path, n_workers: int = 2):
        self.tmp = tmp
        self.file = tmp / "scheduler.json"
        self.procs: list[subprocess.Popen] = []
        self.logs = []
        self._start(["scheduler", "--scheduler-file", str(self.file), "--host", "127.0.0.1",
                     "--port", "0", "--no-dashboard"], "scheduler")
        deadline = time.monotonic() + START_SECONDS
        while not self.file.is_file() or not self.file.read_text().strip():
            self._alive()
            if time.monotonic() > deadline:
                raise RuntimeError("the scheduler did not start")
            time.sleep(0.1)
        self.address = json.loads(self.file.read_text())["address"]
        self.workers = [self._start(["worker", self.address, "--nthreads", "1", "--no-nanny",
                                     "--no-dashboard", "--name", f"w{i}"], f"worker{i}")
                        for i in range(n_workers)]
        from distributed import Client

        with Client(self.address, timeout=START_SECONDS) as client:
            client.wait_for_workers(n_workers, timeout=START_SECONDS)

    def _start(self, args: list[str], name: str) -> subprocess.Popen:
        log = open(self.tmp / f"{name}.log", "wb")
        self.logs.append(log)
        proc = subprocess.Popen([sys.executable, "-m", "dask", *args], cwd=self.tmp,
                                env=_env(), stdout=log, stderr=subprocess.STDOUT)
        self.procs.append(proc)
        return proc

    def _alive(self) -> None:
        for p in self.procs:
            if p.poll() is not None:
                raise RuntimeError(f"a cluster process ended: {p.args}")

    def stop(self) -> None:
        for p in reversed(self.procs):
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for p in self.procs:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        for log in self.logs:
            log.close()


@pytest.fixture
def cluster(tmp_path):
    c = Cluster(tmp_path)
    try:
        yield c
    finally:
        c.stop()


def _sweep(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "viewer", "sweep", "fairland", *args],
                          cwd=cwd, env=_env(), capture_output=True, text=True, timeout=600)


def test_a_sweep_on_a_cluster_prepares_each_worker_once_and_makes_the_pools_table(
        cluster, tmp_path):
    dask = _sweep(["--seeds", "1..400", "--scheduler", cluster.address, "--out", "dask.csv"],
                  tmp_path)
    assert dask.returncode == 0, dask.stderr
    assert "sweep: preparing 2 Dask workers for fairland" in dask.stderr
    ready = [line for line in dask.stderr.splitlines() if "Dask workers ready" in line]
    assert len(ready) == 1 and "compiled module" in ready[0], dask.stderr
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
