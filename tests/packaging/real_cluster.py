"""A real local Dask cluster: a ``dask scheduler`` process and worker
processes (``dask worker --no-nanny``, one each, so that one can be killed),
started and stopped by their user (a test, ``bench/bench_sweep.py``)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 60


def checkout_env(**extra: str) -> dict:
    """The environment of processes that import this checkout."""
    env = dict(os.environ, **extra)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


class Cluster:
    """Scheduler and worker processes; ``address``, ``workers`` (Popen)."""

    def __init__(self, tmp: Path, n_workers: int = 2, env: dict | None = None,
                 python: str = sys.executable):
        self.tmp, self.env, self.python = tmp, env or checkout_env(), python
        self.file = tmp / "scheduler.json"
        self.procs: list[subprocess.Popen] = []
        self.logs = []
        try:
            self._start(["scheduler", "--scheduler-file", str(self.file), "--host",
                         "127.0.0.1", "--port", "0", "--no-dashboard"], "scheduler")
            deadline = time.monotonic() + START_SECONDS
            while not self.file.is_file() or not self.file.read_text().strip():
                self._alive()
                if time.monotonic() > deadline:
                    raise RuntimeError("the scheduler did not start")
                time.sleep(0.1)
            self.address = json.loads(self.file.read_text())["address"]
            self.workers = [self.start_worker(i) for i in range(n_workers)]
            if n_workers:
                self.wait_for_workers(n_workers)
        except BaseException:
            self.stop()
            raise

    def start_worker(self, i: int) -> subprocess.Popen:
        return self._start(["worker", self.address, "--nthreads", "1", "--no-nanny",
                            "--no-dashboard", "--name", f"w{i}"], f"worker{i}")

    def wait_for_workers(self, n: int) -> None:
        from distributed import Client

        with Client(self.address, timeout=START_SECONDS) as client:
            client.wait_for_workers(n, timeout=START_SECONDS)

    def stop_workers(self) -> None:
        self._stop(self.workers)
        self.workers = []

    def _start(self, args: list[str], name: str) -> subprocess.Popen:
        log = open(self.tmp / f"{name}.log", "ab")
        self.logs.append(log)
        proc = subprocess.Popen([self.python, "-m", "dask", *args], cwd=self.tmp,
                                env=self.env, stdout=log, stderr=subprocess.STDOUT)
        self.procs.append(proc)
        return proc

    def _alive(self) -> None:
        for p in self.procs:
            if p.poll() is not None:
                raise RuntimeError(f"a cluster process ended: {p.args}")

    @staticmethod
    def _stop(procs) -> None:
        for p in reversed(procs):
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for p in procs:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()

    def stop(self) -> None:
        self._stop(self.procs)
        for log in self.logs:
            log.close()
