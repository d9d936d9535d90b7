"""Where batches run: in this process (one job), a local process pool
(``--jobs N``) or a Dask distributed cluster (``--scheduler ADDRESS``).

A backend is a context manager (``with backend:`` starts the pool or
connects the client; ``workers`` is known from then on) whose
``run(jobs, cancel)`` yields :class:`~.cases.BatchResult` as batches finish,
in any order.  At most a few batches per worker are in flight, and no batch
starts more than :data:`AHEAD_BATCHES` batches after the oldest unfinished
one, so the rows waiting to be put back in case order (and so memory) stay
bounded whatever the number of cases and however slow one batch is.  When
``cancel`` is set the running batches stop between cases and what they did
is still yielded; batches not started are dropped.
"""

from __future__ import annotations

import concurrent.futures as cf
import dataclasses
import itertools
import multiprocessing
import os
import signal
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from .. import runtime
from .cases import BatchJob, BatchResult, batch_kernels, run_batch

__all__ = ["Backend", "InProcess", "LocalPool", "DaskCluster", "BackendError", "default_jobs"]

IN_FLIGHT_PER_WORKER = 2
AHEAD_BATCHES = 32
POLL_SECONDS = 0.1
CONNECT_SECONDS = 10.0
STOP_POLL_SECONDS = 0.25
STOP_WAIT_SECONDS = 10.0


class BackendError(RuntimeError):
    """The backend could not start or lost its workers; the message says why."""


def default_jobs() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class _Feeder:
    """Hands out the next jobs while few are in flight and none would start
    too far ahead of the oldest one still running."""

    def __init__(self, jobs: Iterable[BatchJob], workers: int):
        self.todo = iter(jobs)
        self.window = IN_FLIGHT_PER_WORKER * workers + 1
        self.ahead = max(AHEAD_BATCHES, 2 * self.window)
        self.head: BatchJob | None = None

    def take(self, running_starts: Iterable[int]) -> list[BatchJob]:
        starts = list(running_starts)
        out: list[BatchJob] = []
        while len(starts) < self.window:
            if self.head is None:
                self.head = next(self.todo, None)
                if self.head is None:
                    break
            job = self.head
            size = max(1, job.stop - job.start)
            if starts and job.start - min(starts) > self.ahead * size:
                break
            out.append(job)
            starts.append(job.start)
            self.head = None
        return out


def say(text: str) -> None:
    """One line of a sweep's progress on standard error (above tqdm's bar
    when there is one)."""
    tqdm = sys.modules.get("tqdm")
    if tqdm is not None:
        tqdm.tqdm.write(text, file=sys.stderr)
    else:
        sys.stderr.write(text + "\n")
        sys.stderr.flush()


class Backend:
    workers: int = 1
    description: str = ""
    notify: Callable[[str], None] = staticmethod(say)
    """Where a backend says what it does besides running batches (preparing
    its workers); set it to show those lines elsewhere."""

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


def _init_worker(stop: Any, nice: int) -> None:
    global _STOP
    _STOP = stop
    runtime.configure_worker(nice)      # below the window that started the pool
    # Ctrl+C reaches the whole process group: the parent decides what to keep.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _pool_batch(job: BatchJob) -> BatchResult:
    with batch_kernels(job):
        return run_batch(job, _STOP.is_set)


def _context() -> Any:
    """A fork server where there is one (workers forked from a clean process
    that has imported the engines once, and kept for later pools), else spawn;
    never a plain fork of this process, which may be a GUI with threads."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["numpy", "viewer.sweep.cases", "numba"])
        return ctx
    return multiprocessing.get_context("spawn")


class LocalPool(Backend):
    """A pool of ``jobs`` worker processes on this machine (from a fork server
    or spawned, so it is safe from a GUI's background thread too)."""

    def __init__(self, jobs: int | None = None):
        self.workers = max(1, jobs or default_jobs())
        self.description = f"local pool of {self.workers} processes"
        self._pool: cf.ProcessPoolExecutor | None = None

    def __enter__(self) -> LocalPool:
        ctx = _context()
        self._stop = ctx.Event()
        self._pool = cf.ProcessPoolExecutor(self.workers, mp_context=ctx,
                                            initializer=_init_worker,
                                            initargs=(self._stop, runtime.worker_nice()))
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._pool is not None:
            self._stop.set()
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def run(self, jobs: Iterable[BatchJob], cancel: threading.Event) -> Iterator[BatchResult]:
        assert self._pool is not None, "use the backend in a with block"
        pool = self._pool
        feeder = _Feeder(jobs, self.workers)
        inflight: dict[cf.Future, int] = {}

        def fill() -> None:
            for job in feeder.take(inflight.values()):
                inflight[pool.submit(_pool_batch, job)] = job.start

        try:
            fill()
            while inflight and not cancel.is_set():
                done, _ = cf.wait(inflight, timeout=POLL_SECONDS,
                                  return_when=cf.FIRST_COMPLETED)
                for fut in sorted(done, key=inflight.__getitem__):
                    del inflight[fut]
                    yield fut.result()
                if not cancel.is_set():
                    fill()
            if inflight:  # cancelled: keep what the running batches did
                self._stop.set()
                for fut in inflight:
                    fut.cancel()
                for fut in sorted(inflight, key=inflight.__getitem__):
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
        from distributed import Event, wait

        client = self.client
        stop_name = f"viewer-sweep-stop-{uuid.uuid4().hex}"
        jobs = iter(jobs)
        first = next(jobs, None)
        if first is None:
            return
        self.prepare(first)
        feeder = _Feeder(itertools.chain([first], jobs), self.workers)
        inflight: dict[Any, int] = {}

        def fill() -> None:
            for job in feeder.take(inflight.values()):
                inflight[client.submit(_dask_batch, job, stop_name, pure=False)] = job.start

        def results(done) -> list[BatchResult]:
            out = []
            for fut in done:
                del inflight[fut]
                try:
                    out.append(fut.result())
                except Exception as exc:
                    raise BackendError(f"a Dask worker could not run a batch "
                                       f"({type(exc).__name__}: {exc}); the workers must "
                                       "be able to import this package") from None
                fut.release()
            return sorted(out, key=lambda r: r.start)

        try:
            fill()
            while inflight and not cancel.is_set():
                try:
                    done, _ = wait(list(inflight), timeout=POLL_SECONDS,
                                   return_when="FIRST_COMPLETED")
                except TimeoutError:
                    continue
                yield from results(done)
                if not cancel.is_set():
                    fill()
            if inflight:  # cancelled: running batches stop between cases
                Event(stop_name, client=client).set()
                try:
                    wait(list(inflight), timeout=STOP_WAIT_SECONDS)
                except TimeoutError:
                    pass
                yield from results([f for f in inflight if f.status == "finished"])
        finally:
            if inflight:
                client.cancel(list(inflight))
                inflight.clear()

    def prepare(self, job: BatchJob) -> None:
        """Have every worker (and every one that joins later) import the
        generator and run the sweep's first case once, with the kernels of
        its batches (a worker plugin, :class:`.dask_worker.PrepareWorker`),
        saying so in the progress."""
        from .dask_worker import PrepareWorker, report

        one = dataclasses.replace(job, stop=job.start + 1)
        name = job.spec.generator
        n = len(self.client.nthreads())
        self.notify(f"sweep: preparing {n} Dask worker{'s' * (n != 1)} for {name}...")
        t0 = time.perf_counter()
        try:
            self.client.register_plugin(PrepareWorker(one))
            reports = self.client.run(report, name)
        except Exception as exc:
            raise BackendError(f"the Dask workers could not prepare a {name} sweep "
                               f"({type(exc).__name__}: {exc}); the workers must be able "
                               "to import this package") from None
        kinds = sorted({r["compiled"] for r in reports.values() if r})
        slowest = max((r["seconds"] for r in reports.values() if r), default=0.0)
        self.notify(f"sweep: {len(reports)} Dask worker{'s' * (len(reports) != 1)} ready "
                    f"in {time.perf_counter() - t0:.1f} s ({', '.join(kinds) or 'nothing run'}; "
                    f"slowest worker {slowest:.1f} s)")


def _dask_batch(job: BatchJob, stop_name: str) -> BatchResult:
    """A batch on a Dask worker, looking at the sweep's stop event now and
    then (each look is a round trip to the scheduler)."""
    from distributed import Event

    stop = Event(stop_name)
    seen = {"at": 0.0, "set": False}

    def cancelled() -> bool:
        now = time.monotonic()
        if now - seen["at"] >= STOP_POLL_SECONDS:
            seen["at"], seen["set"] = now, stop.is_set()
        return seen["set"]

    with batch_kernels(job):
        return run_batch(job, cancelled)
