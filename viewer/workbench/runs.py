"""Where the workbench's runs happen, newest request first, without Qt.

A :class:`Runner` takes ``submit(fn, done)``: ``fn(token)`` computes (a map,
the state at a step) and ``done(outcome)`` is told how it ended.  Newest
wins: a new request cancels the running job's token and replaces the job
that was waiting, so at most one job runs and one waits, and only the newest
request's outcome is reported as such (``outcome.newest``).  A runner made
with ``finish_running`` lets the running job end instead and reports its
outcome (not the newest): mapgen4's policy, so a slow map still moves under
a dragged slider; ``cancel()`` stops everything either way.

:class:`InlineRunner` runs each job at once in the caller's thread (tests,
scripts, the command line).  :class:`ThreadRunner` runs jobs on one
background thread and hands each outcome to ``post(callback)``, which a
front end sets to "call this on my thread" (the Qt window passes a queued
call); without ``post`` the callback runs on the worker thread.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..engine.protocol import Cancelled, CancelToken
from ..runtime import background_thread

JobFn = Callable[[CancelToken], Any]

@dataclass
class Outcome:
    """How job ``id`` ended: its ``value``, or the ``error`` it raised
    (a :class:`Cancelled` when it was cancelled); ``newest`` is False when a
    later request came in meanwhile."""

    id: int
    value: Any = None
    error: BaseException | None = None
    seconds: float = 0.0
    newest: bool = True

    @property
    def cancelled(self) -> bool:
        return isinstance(self.error, Cancelled)


Done = Callable[[Outcome], None]


class Runner(Protocol):
    def submit(self, fn: JobFn, done: Done) -> int: ...

    def cancel(self) -> None: ...

    def idle(self) -> bool: ...

    def progress(self) -> tuple[str, float] | None:
        """The running job's (phase, fraction done), None when none runs."""
        ...

    def shutdown(self) -> None: ...


def _run(job_id: int, fn: JobFn, token: CancelToken) -> Outcome:
    t0 = time.perf_counter()
    try:
        token.check()
        return Outcome(job_id, fn(token), None, time.perf_counter() - t0)
    except BaseException as exc:  # noqa: BLE001 - errors travel back as values
        return Outcome(job_id, None, exc, time.perf_counter() - t0)


class InlineRunner:
    """Runs every job at once, in the caller's thread."""

    def __init__(self) -> None:
        self._next = 0
        self._token: CancelToken | None = None

    def submit(self, fn: JobFn, done: Done) -> int:
        self._next += 1
        job_id = self._next
        self._token = CancelToken()
        outcome = _run(job_id, fn, self._token)
        self._token = None
        outcome.newest = job_id == self._next
        done(outcome)
        return job_id

    def cancel(self) -> None:
        if self._token is not None:
            self._token.cancel()

    def idle(self) -> bool:
        return self._token is None

    def progress(self) -> tuple[str, float] | None:
        return self._token.progress() if self._token is not None else None

    def shutdown(self) -> None:
        self.cancel()


@dataclass
class _Job:
    id: int
    fn: JobFn
    done: Done
    token: CancelToken = field(default_factory=CancelToken)


class ThreadRunner:
    """One background thread; see the module docstring."""

    def __init__(self, name: str = "workbench", post: Callable[[Callable[[], None]], None]
                 | None = None, finish_running: bool = False):
        self.finish_running = finish_running
        self._post = post or (lambda callback: callback())
        self._lock = threading.Condition()
        self._next = 0
        self._running: _Job | None = None
        self._waiting: _Job | None = None
        self._stop = False
        self._thread = background_thread(self._loop, name)

    def submit(self, fn: JobFn, done: Done) -> int:
        with self._lock:
            self._next += 1
            job = _Job(self._next, fn, done)
            if self._running is not None and not self.finish_running:
                self._running.token.cancel()
            dropped, self._waiting = self._waiting, job
            self._lock.notify()
        self._dropped(dropped)
        return job.id

    def cancel(self) -> None:
        with self._lock:
            dropped, self._waiting = self._waiting, None
            if self._running is not None:
                self._running.token.cancel()
        self._dropped(dropped)

    def _dropped(self, job: _Job | None) -> None:
        """A job that never ran ends cancelled, so its caller always hears."""
        if job is not None:
            outcome = Outcome(job.id, None, Cancelled(), 0.0, job.id == self._next)
            self._post(lambda: job.done(outcome))

    def idle(self) -> bool:
        with self._lock:
            return self._running is None and self._waiting is None

    def progress(self) -> tuple[str, float] | None:
        with self._lock:
            job = self._running
        return job.token.progress() if job is not None else None

    def wait_idle(self, timeout: float = 60.0) -> bool:
        """Block until nothing runs or waits (for scripts and tests)."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while self._running is not None or self._waiting is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._lock.wait(left)
        return True

    def shutdown(self, timeout: float = 10.0) -> None:
        with self._lock:
            self._stop = True
            self._waiting = None
            if self._running is not None:
                self._running.token.cancel()
            self._lock.notify_all()
        self._thread.join(timeout)

    def _loop(self) -> None:
        while True:
            with self._lock:
                while self._waiting is None and not self._stop:
                    self._lock.wait()
                if self._stop:
                    return
                job, self._waiting = self._waiting, None
                self._running = job
            outcome = _run(job.id, job.fn, job.token)
            with self._lock:
                outcome.newest = job.id == self._next
            self._post(lambda job=job, outcome=outcome: job.done(outcome))
            with self._lock:
                self._running = None
                self._lock.notify_all()
