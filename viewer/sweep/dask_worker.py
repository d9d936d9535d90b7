"""The preparation each Dask worker gets once per sweep's generator (a
worker plugin); the batches are :func:`.backends._dask_batch`.

Before the first batch, :class:`PrepareWorker` is registered with the
cluster: every worker (and every worker that joins or is restarted later)
imports the generator and runs the sweep's first case with the kernels its
batches use (its declared ``batch_kernels``, e.g. an ahead-of-time compiled
module, as in the local pool's processes; else the numba kernels, compiled
there once per machine when its cache is cold), so that no batch waits for a compile, and
a worker that cannot import this package fails there, with a message,
before any batch is sent.  Each worker keeps how long that took and what
numba compiled, which :func:`report` hands back for the sweep's progress
line.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from distributed import WorkerPlugin

from .. import jit_cache, runtime
from .cases import BatchJob, batch_kernels, run_batch

_prepared: dict[str, dict[str, Any]] = {}   # this worker process: generator -> report


def prepare(job: BatchJob) -> dict[str, Any]:
    """Import the generator and run ``job`` (one case) as the batches will,
    once per generator in this process; returns what was done and how long
    it took."""
    runtime.configure_worker()       # (a Dask worker: numba's cache folder)
    name = job.spec.generator
    if name in _prepared:
        return {**_prepared[name], "again": True}
    t0, before = time.perf_counter(), jit_cache.compiles()
    with batch_kernels(job):
        run_batch(job)
    compiled = jit_cache.compiles() - before
    _prepared[name] = {"seconds": time.perf_counter() - t0,
                       "compiled": f"{compiled} numba kernels compiled" if compiled
                       else "nothing compiled"}
    return _prepared[name]


def report(generator: str) -> dict[str, Any] | None:
    """This worker's preparation for ``generator`` (run with ``client.run``)."""
    return _prepared.get(generator)


class PrepareWorker(WorkerPlugin):
    """Prepares a worker for a sweep's generator (see the module docstring)."""

    def __init__(self, job: BatchJob):
        self.job = job
        self.name = f"mapgen-viewer-prepare-{job.spec.generator}"

    async def setup(self, worker: Any) -> None:
        # off the worker's event loop: a cold numba cache compiles for a while
        await asyncio.get_running_loop().run_in_executor(None, prepare, self.job)
