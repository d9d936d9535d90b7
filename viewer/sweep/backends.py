"""Where batches run: in this process (one job), a local process pool
(``--jobs N``) or a Dask distributed cluster (``--scheduler ADDRESS``).

A backend is a context manager (``with backend:`` starts the pool or
connects the client; ``workers`` is known from then on) whose
``run(jobs, cancel)`` yields :class:`~.cases.BatchResult` as batches finish,
in any order.  At most a few batches per worker are in flight, so memory
stays bounded whatever the number of cases.  When ``cancel`` is set the
running batches stop between cases and what they did is still yielded;
batches not started are dropped.
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import os
import signal
import threading
from collections.abc import Iterable, Iterator
from typing import Any

from .cases import BatchJob, BatchResult, run_batch

__all__ = ["Backend", "InProcess", "LocalPool", "DaskCluster", "BackendError", "default_jobs"]

IN_FLIGHT_PER_WORKER = 2
POLL_SECONDS = 0.1
CONNECT_SECONDS = 10.0


class BackendError(RuntimeError):
    """The backend could not start or lost its workers; the message says why."""


def default_jobs() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class Backend:
    workers: int = 1
    description: str = ""

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *exc: Any) -> None:
        pass

    def run(self, jobs: Iterable[BatchJob], cancel: threading.Event) -> Iterator[BatchResult]:
        raise NotImplementedError


class InProcess(Backend):
    """Batches run one after another in this process (``--jobs 1``)."""

    description = "this process"

    def run(self, jobs: Iterable[BatchJob], cancel: threading.Event) -> Iterator[BatchResult]:
        for job in jobs:
            if cancel.is_set():
                return
            yield run_batch(job, cancel.is_set)


# -- local process pool -------------------------------------------------------

_STOP: Any = None


def _init_worker(stop: Any) -> None:
    global _STOP
    _STOP = stop
    # Ctrl+C reaches the whole process group: the parent decides what to keep.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _pool_batch(job: BatchJob) -> BatchResult:
    return run_batch(job, _STOP.is_set)


class LocalPool(Backend):
    """A pool of ``jobs`` worker processes on this machine (spawned, so it is
    safe from a GUI's background thread too)."""

    def __init__(self, jobs: int | None = None):
        self.workers = max(1, jobs or default_jobs())
        self.description = f"local pool of {self.workers} processes"
        self._pool: cf.ProcessPoolExecutor | None = None

    def __enter__(self) -> LocalPool:
        ctx = multiprocessing.get_context("spawn")
        self._stop = ctx.Event()
        self._pool = cf.ProcessPoolExecutor(self.workers, mp_context=ctx,
                                            initializer=_init_worker, initargs=(self._stop,))
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._pool is not None:
            self._stop.set()
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def run(self, jobs: Iterable[BatchJob], cancel: threading.Event) -> Iterator[BatchResult]:
        assert self._pool is not None, "use the backend in a with block"
        pool = self._pool
        todo = iter(jobs)
        inflight: set[cf.Future] = set()
        window = IN_FLIGHT_PER_WORKER * self.workers + 1

        def fill() -> None:
            while len(inflight) < window:
                job = next(todo, None)
                if job is None:
                    return
                inflight.add(pool.submit(_pool_batch, job))

        try:
            fill()
            while inflight and not cancel.is_set():
                done, _ = cf.wait(inflight, timeout=POLL_SECONDS,
                                  return_when=cf.FIRST_COMPLETED)
                for fut in sorted(done, key=lambda f: f.result().start):
                    inflight.discard(fut)
                    yield fut.result()
                if not cancel.is_set():
                    fill()
            if inflight:  # cancelled: keep what the running batches did
                self._stop.set()
                for fut in inflight:
                    fut.cancel()
                for fut in list(inflight):
                    if not fut.cancelled():
                        yield fut.result()
                inflight.clear()
        except cf.process.BrokenProcessPool as exc:
            raise BackendError(f"a worker process died ({exc})") from None
        finally:
            if inflight:  # the consumer stopped early
                self._stop.set()
                for fut in inflight:
                    fut.cancel()


# -- Dask distributed ---------------------------------------------------------

class DaskCluster(Backend):
    """Batches as tasks of a Dask distributed cluster, through its client API.

    Give the scheduler's ``address`` (e.g. ``tcp://127.0.0.1:8786``) or a
    connected ``client``.  Workers must be able to import this package.
    """

    def __init__(self, address: str | None = None, client: Any = None,
                 connect_timeout: float | None = None):
        if (address is None) == (client is None):
            raise ValueError("give a scheduler address or a client")
        self.address = address
        self.client = client
        self.connect_timeout = CONNECT_SECONDS if connect_timeout is None else connect_timeout
        self._own_client = client is None
        self.description = f"Dask scheduler {address}" if address else "Dask client"

    def __enter__(self) -> DaskCluster:
        if self._own_client:
            from distributed import Client

            try:
                self.client = Client(self.address, timeout=self.connect_timeout)
            except (OSError, TimeoutError, ValueError) as exc:
                raise BackendError(f"cannot reach the Dask scheduler at {self.address}: "
                                   f"{exc}") from None
        threads = sum(self.client.nthreads().values())
        if threads == 0:
            self.client.wait_for_workers(1, timeout=self.connect_timeout)
            threads = sum(self.client.nthreads().values())
        self.workers = max(1, threads)
        self.description = f"Dask scheduler {self.client.scheduler.address} " \
                           f"({self.workers} worker threads)"
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._own_client and self.client is not None:
            self.client.close()
            self.client = None

    def run(self, jobs: Iterable[BatchJob], cancel: threading.Event) -> Iterator[BatchResult]:
        from distributed import wait

        client = self.client
        todo = iter(jobs)
        inflight: set = set()
        window = IN_FLIGHT_PER_WORKER * self.workers + 1

        def fill() -> None:
            while len(inflight) < window:
                job = next(todo, None)
                if job is None:
                    return
                inflight.add(client.submit(run_batch, job, pure=False))

        try:
            fill()
            while inflight and not cancel.is_set():
                try:
                    done, _ = wait(list(inflight), timeout=POLL_SECONDS,
                                   return_when="FIRST_COMPLETED")
                except TimeoutError:
                    continue
                results = []
                for fut in done:
                    inflight.discard(fut)
                    try:
                        results.append(fut.result())
                    except Exception as exc:
                        raise BackendError(f"a Dask worker could not run a batch "
                                           f"({type(exc).__name__}: {exc}); the workers must "
                                           "be able to import this package") from None
                    fut.release()
                yield from sorted(results, key=lambda r: r.start)
                if not cancel.is_set():
                    fill()
        finally:
            if inflight:
                client.cancel(list(inflight))
                inflight.clear()
